// Jest transformer for the ES-module-only packages (Nest 12): CommonJS out, import.meta mapped
// to the file's own URL. Used only under Jest; the built apps load them natively (require(esm)).
module.exports = require('babel-jest').createTransformer({
  babelrc: false,
  configFile: false,
  plugins: ['babel-plugin-transform-import-meta', '@babel/plugin-transform-dynamic-import', '@babel/plugin-transform-modules-commonjs'],
});
