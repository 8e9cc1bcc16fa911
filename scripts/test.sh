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
ensure_sip_peers

step "Typecheck and lint (side by side: each is one process on one core)"
npm run -s typecheck > "$LOCAL/typecheck.log" 2>&1 & typecheck=$!
npm run -s lint > "$LOCAL/lint.log" 2>&1 & lint=$!
checks=0
wait $typecheck || { cat "$LOCAL/typecheck.log"; checks=1; }
wait $lint || { cat "$LOCAL/lint.log"; checks=1; }
[ $checks -eq 0 ] || die "typecheck or lint failed"

step "Build"
build

export TEST_DATABASE_BASE_URL="$DATABASE_URL"
status=0
rm -f "$LOCAL"/jest-*.json

# Suites wait on databases, queues and timers more than on the CPU: three at a time on two cores.
# The suites that measure wall-clock latency, drive a browser or count deliveries exactly (a receiver that
# misses the tests' 500 ms delivery timeout under load gets a retry) run after them, in two lanes side by
# side: the real calls one suite at a time, the web call from a browser among them (pocketsphinx takes the
# cores the SIP suites time on, so recognition never runs beside another call suite: beside sip-recognition
# the web call's answer went unrecognised for 30 s on a slow machine), the browser and delivery suites in the
# other. Alone,
# the call suites keep a quarter to two fifths of the two cores busy and the console suite about half
# (2026-12-02); at load 7, in the main phase, the engine stalled for seconds: gaps in the assistant's
# audio, an answer recognised too late.
CALLS='(sip-voice|sip-recognition|sip-calls|web-call)\.e2e-spec'
BROWSER='(webhook-delivery|console|sdk)\.e2e-spec'
TIMED="($CALLS|$BROWSER)"

# Jest exits once its results are written, whatever is left in its process: a fresh-clone CI run
# (2026-11-29) waited 17 minutes after the timed suites had all passed, on one Timeout that no live
# timer object held (a leaked reference count). The apps under test are child processes the suites kill.
JEST=(npx jest --config test/jest.config.js --ci --forceExit)

step "Unit and e2e tests (three suites at a time)"
"${JEST[@]}" --selectProjects unit e2e --maxWorkers=3 \
  --testPathIgnorePatterns "$TIMED" --json --outputFile="$LOCAL/jest-main.json" "$@" || status=$?

# The cluster run (calls, webhook delivery, rate limits and the SDK on a three-master Redis Cluster of the
# run's own) holds webhook-delivery's latency test: it runs before the benchmarks start (beside them, on a
# slow day's machine, a healthy endpoint's delivery took 2.09 s against its 2 s bound), after the browser
# suites in their lane, while the last call suite runs in the other. Run alone after both lanes instead, on
# 2026-12-02's slower machine, it failed three timing bounds once; beside the last call suite it had passed
# five runs in six (once 2.07 s).
step "Two lanes side by side: the real-call suites | the browser and delivery suites, then the Redis Cluster run"
"${JEST[@]}" --selectProjects e2e --testPathPatterns "$CALLS" --maxWorkers=1 \
  --json --outputFile="$LOCAL/jest-calls.json" > "$LOCAL/jest-calls.log" 2>&1 & calls=$!
"${JEST[@]}" --selectProjects e2e --testPathPatterns "$BROWSER" --maxWorkers=1 \
  --json --outputFile="$LOCAL/jest-browser.json" > "$LOCAL/jest-browser.log" 2>&1 || status=$?
TEST_REDIS_CLUSTER=1 "${JEST[@]}" --selectProjects e2e \
  --testPathPatterns '(call-engine|webhook-delivery|rate-limit|sdk)\.e2e-spec' \
  --json --outputFile="$LOCAL/jest-cluster.json" > "$LOCAL/jest-cluster.log" 2>&1 || status=$?
wait $calls || status=$?
cat "$LOCAL/jest-calls.log" "$LOCAL/jest-browser.log" "$LOCAL/jest-cluster.log"

step "Every benchmark for about a second (npm run bench -- --smoke), beside the fault suite"
npm run -s bench -- --smoke > "$LOCAL/bench-smoke.log" 2>&1 & smoke=$!

step "Fault-injection suite (npm run test:faults; one scenario at a time, each on its own PostgreSQL and Redis)"
npm run -s test:faults -- --ci --forceExit --runInBand --json --outputFile="$LOCAL/jest-faults.json" || status=$?

smoke_status=0
wait $smoke || smoke_status=$?
if [ $smoke_status -ne 0 ]; then tail -40 "$LOCAL/bench-smoke.log"; echo "bench smoke: failed"; status=1
else grep '^smoke:' "$LOCAL/bench-smoke.log"; fi

# One plain closing line that any CI reads: "N passed, N failed", after the name of each failure (a CI that
# shows only the head and tail of a long log still shows which tests failed).
SMOKE_STATUS=$smoke_status node -e '
  const path = require("path");
  // a failed benchmark smoke run counts as one failure
  let passed = 0, failed = process.env.SMOKE_STATUS === "0" ? 0 : 1;
  for (const f of process.argv.slice(1)) {
    let r;
    try { r = require(f); } catch { console.log(`failed: no results in ${f}`); failed += 1; continue; }
    passed += r.numPassedTests;
    failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
    for (const suite of r.testResults) {
      const file = path.relative(process.cwd(), suite.name);
      if (suite.testExecError) console.log(`failed: ${file}: ${suite.testExecError.message}`);
      const failures = suite.assertionResults.filter((t) => t.status === "failed");
      for (const t of failures) console.log(`failed: ${file} › ${t.fullName}`);
    }
  }
  console.log(`tests: ${passed} passed, ${failed} failed`);
' "$LOCAL/jest-main.json" "$LOCAL/jest-calls.json" "$LOCAL/jest-browser.json" "$LOCAL/jest-cluster.json" \
  "$LOCAL/jest-faults.json" || true
exit $status
