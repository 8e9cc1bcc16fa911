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
ensure_espeak

step "Typecheck"
npm run -s typecheck

step "Lint"
npm run -s lint

step "Build"
build

export TEST_DATABASE_BASE_URL="$DATABASE_URL"
status=0
rm -f "$LOCAL"/jest-*.json

# Suites wait on databases, queues and timers more than on the CPU: three at a time on two cores.
# The one suite that measures delivery latency in wall-clock time runs alone, after them.
TIMED='webhook-delivery\.e2e-spec'

step "Unit and e2e tests (three suites at a time)"
npx jest --config test/jest.config.js --ci --selectProjects unit e2e --maxWorkers=3 \
  --testPathIgnorePatterns "$TIMED" --json --outputFile="$LOCAL/jest-main.json" "$@" || status=$?

step "The latency suite, alone"
npx jest --config test/jest.config.js --ci --selectProjects e2e --testPathPatterns "$TIMED" \
  --json --outputFile="$LOCAL/jest-timed.json" || status=$?

step "On a Redis Cluster (three masters of the run's own): calls, webhook delivery, rate limits, the SDK"
TEST_REDIS_CLUSTER=1 npx jest --config test/jest.config.js --ci --selectProjects e2e \
  --testPathPatterns '(call-engine|webhook-delivery|rate-limit|sdk)\.e2e-spec' \
  --json --outputFile="$LOCAL/jest-cluster.json" || status=$?

step "Fault-injection suite (npm run test:faults; two scenarios at a time, each on its own PostgreSQL and Redis)"
npm run -s test:faults -- --ci --maxWorkers=2 --json --outputFile="$LOCAL/jest-faults.json" || status=$?

# One plain closing line that any CI reads: "N passed, N failed".
node -e '
  let passed = 0, failed = 0;
  for (const f of process.argv.slice(1)) {
    try { const r = require(f); passed += r.numPassedTests; failed += r.numFailedTests + r.numRuntimeErrorTestSuites; } catch { failed += 1; }
  }
  console.log(`tests: ${passed} passed, ${failed} failed`);
' "$LOCAL/jest-main.json" "$LOCAL/jest-timed.json" "$LOCAL/jest-cluster.json" "$LOCAL/jest-faults.json" || true
exit $status
