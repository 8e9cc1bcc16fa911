#!/usr/bin/env bash
# The whole check: provisioning as up.sh does, then typecheck, lint, build, unit and e2e tests
# (on a throwaway database and Redis prefix per run, dropped afterwards).
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

step "Services"
load_local_env
ensure_postgres
ensure_redis

step "Dependencies"
ensure_dependencies
ensure_chromium

step "Typecheck"
npm run -s typecheck

step "Lint"
npm run -s lint

step "Build"
build

step "Unit and e2e tests"
export TEST_DATABASE_BASE_URL="$DATABASE_URL"
status=0
npx jest --config test/jest.config.js --ci --json --outputFile="$LOCAL/jest-results.json" "$@" || status=$?
# One plain closing line that any CI reads: "N passed, N failed".
node -e '
  const r = require(process.argv[1]);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests + r.numRuntimeErrorTestSuites} failed`);
' "$LOCAL/jest-results.json" || true
exit $status
