// Jest transformer for the ES-module-only packages (Nest 12): CommonJS out, import.meta mapped
// to the file's own URL. Used only under Jest; the built apps load them natively (require(esm)).

/** ESM files may declare their own `const require = createRequire(...)`; CommonJS owns that name. */
const renameLocalRequire = () => ({
  visitor: {
    Program(path) {
      if (path.scope.hasOwnBinding('require')) path.scope.rename('require', '_esmRequire');
    },
  },
});

module.exports = require('babel-jest').createTransformer({
  babelrc: false,
  configFile: false,
  plugins: [
    renameLocalRequire,
    'babel-plugin-transform-import-meta',
    '@babel/plugin-transform-dynamic-import',
    '@babel/plugin-transform-modules-commonjs',
  ],
});
