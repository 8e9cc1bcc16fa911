#!/usr/bin/env node
// `prisma generate` never runs the schema engine, but the CLI insists that its binary exists and
// would try to download it (no internet here). Point it at any existing file instead.
const { execFileSync } = require('node:child_process');
const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
execFileSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate'], {
  stdio: 'inherit',
  env,
});
