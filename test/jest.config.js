// Two projects: unit specs beside the code, e2e suites under test/e2e against real PostgreSQL and
// Redis (a throwaway database per run, made by test/support/global-setup.ts).
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const common = {
  rootDir: root,
  testEnvironment: 'node',
  // Nest 12 ships as ES modules; Node 20 loads them through require(esm), but Jest's module
  // runtime cannot, so Jest compiles those packages to CommonJS (cached after the first run); so
  // too content-disposition 2, which @fastify/static loads.
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(root, 'test/tsconfig.jest.json') }],
    '^.+\\.m?js$': path.join(root, 'test/babel-esm-to-cjs.js'),
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|@fastify/static/node_modules/content-disposition|content-disposition)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'json'],
  setupFiles: ['reflect-metadata'],
  moduleNameMapper: {
    // the SDK's ES-module sources name their siblings ./x.js (what Node needs); Jest finds ./x.ts
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src',
    // the example receiver imports the SDK by its package name; here that is its source
    '^@voicecalls/sdk$': '<rootDir>/libs/sdk/src',
    '^@app/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
};

module.exports = {
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/libs/**/*.spec.ts',
        '<rootDir>/apps/**/*.spec.ts',
        '<rootDir>/examples/**/*.spec.js',
        '<rootDir>/test/unit/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/openapi-after-each.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      // Fault injection on PostgreSQL and Redis instances each scenario starts itself.
      ...common,
      displayName: 'faults',
      testMatch: ['<rootDir>/test/faults/**/*.faults-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
