import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Boundaries between the processes (apps/) and the domains (libs/), enforced here rather than by
// review. test/unit/boundaries.spec.ts shows each rule rejecting a deliberate violation.
const internals = {
  group: [
    '@app/*/*',
    '!@app/calls/lifecycle',
    '!@app/calls/vocabulary',
    '!@app/platform/http',
    '@app/*/*/*',
    '**/src/**',
  ],
  message: 'Import a domain through its public entry (@app/<domain>), never its files or another app.',
};
const callStatusWriter = {
  group: ['@app/calls/lifecycle'],
  message: "Only the call-engine changes a call's status: @app/calls/lifecycle is for apps/call-engine alone.",
};
const prismaClient = {
  group: ['**/generated/**', '@prisma/client', '@prisma/client/*'],
  message: 'Reach the Prisma client and its types through @app/db.',
};
// Domains form layers (a lower one never imports a higher one): calls sit below assistants and
// campaigns, which place calls; a cycle between two domains is refused.
const lowerThanAssistants = {
  group: ['@app/assistants', '@app/campaigns'],
  message: 'libs/calls sits below libs/assistants and libs/campaigns: they import it, never the other way.',
};
const nodeGlobals = {
  require: 'readonly',
  module: 'writable',
  __dirname: 'readonly',
  process: 'readonly',
  console: 'readonly',
  Buffer: 'readonly',
  fetch: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  URL: 'readonly',
  setImmediate: 'readonly',
};
const boundaries = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      'libs/db/src/generated/**',
      'libs/sdk/src/api-types.generated.ts',
      'coverage/**',
      '.local/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': 'off',
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // Prettier wraps code at 120; this catches what it cannot wrap (long strings and comments).
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
      // One logging style: structured objects with `msg`, never a message built into a string.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(log|warn|error|debug|verbose|fatal)$/]' +
            '[callee.object.name=/[Ll]ogger$/] > TemplateLiteral',
          message: 'Log a structured object, e.g. logger.warn({ callId, err, msg: "..." }), not a template string.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(log|warn|error|debug|verbose|fatal)$/]' +
            '[callee.object.property.name=/[Ll]ogger$/] > TemplateLiteral',
          message:
            'Log a structured object, e.g. this.logger.warn({ callId, err, msg: "..." }), not a template string.',
        },
      ],
    },
  },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: ['apps/call-engine/**', 'libs/db/**', 'libs/sdk/**'],
    rules: boundaries(internals, callStatusWriter, prismaClient),
  },
  { files: ['apps/call-engine/**/*.ts'], rules: boundaries(internals, prismaClient) },
  { files: ['libs/calls/**/*.ts'], rules: boundaries(internals, callStatusWriter, prismaClient, lowerThanAssistants) },
  {
    // The SDK is published on its own: Node's built-ins and its own files only.
    files: ['libs/sdk/src/**/*.ts'],
    rules: boundaries({
      regex: '^(?!node:|\\.)',
      message: 'The SDK has no dependencies: import node: built-ins only.',
    }),
  },
  { files: ['libs/db/**/*.ts'], rules: boundaries(internals, callStatusWriter) },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: nodeGlobals,
    },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    files: ['**/*.spec.js'],
    languageOptions: {
      globals: {
        describe: 'readonly',
        it: 'readonly',
        expect: 'readonly',
        beforeEach: 'readonly',
        afterEach: 'readonly',
        beforeAll: 'readonly',
        afterAll: 'readonly',
      },
    },
  },
);
