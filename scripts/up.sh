#!/usr/bin/env bash
# Quick start: provisions PostgreSQL and Redis, installs, migrates, seeds a demo workspace and
# starts the three apps in the background (logs and pids in .local/). Safe to run again.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

step "1/6 Services"
load_local_env
ensure_postgres
ensure_redis

step "2/6 Dependencies"
ensure_dependencies

step "3/6 Build"
build

step "4/6 Database"
npm run -s migrate

step "5/6 Demo workspace"
DEMO=$(npm run -s cli -- seed-demo --key-file "$LOCAL/demo-api-key")
API_KEY=$(node -pe 'JSON.parse(process.argv[1]).apiKey' "$DEMO")
AGENT_ID=$(node -pe 'JSON.parse(process.argv[1]).agentId' "$DEMO")
OWNER_EMAIL=$(node -pe 'JSON.parse(process.argv[1]).owner.email' "$DEMO")
OWNER_PASSWORD=$(node -pe 'JSON.parse(process.argv[1]).owner.password' "$DEMO")
note "workspace 'demo' with assistant $AGENT_ID; owner key in .local/demo-api-key"

step "6/6 Apps"
"$ROOT/scripts/down.sh" --quiet
mkdir -p "$LOCAL/logs" "$LOCAL/pids"
export RECORDINGS_DIR="${RECORDINGS_DIR:-$LOCAL/recordings}"
# Local development is plain HTTP: the session cookie cannot be Secure here.
export SESSION_COOKIE_SECURE="${SESSION_COOKIE_SECURE:-false}"
if [ -z "${METRICS_TOKEN:-}" ]; then
  METRICS_TOKEN=$(node -e 'process.stdout.write(require("crypto").randomBytes(16).toString("hex"))')
  printf 'METRICS_TOKEN=%s\n' "$METRICS_TOKEN" >> "$LOCAL/env"
fi
export METRICS_TOKEN
PORT="${PORT:-3000}"; ENGINE_PORT="${ENGINE_PORT:-3001}"; DISPATCHER_PORT="${DISPATCHER_PORT:-3002}"
export PORT ENGINE_PORT DISPATCHER_PORT
for app in api-gateway call-engine webhook-dispatcher; do
  nohup node "dist/apps/$app/src/main.js" >"$LOCAL/logs/$app.log" 2>&1 &
  echo $! >"$LOCAL/pids/$app.pid"
  note "$app started (pid $!, log .local/logs/$app.log)"
done
for target in "api-gateway $PORT" "call-engine $ENGINE_PORT" "webhook-dispatcher $DISPATCHER_PORT"; do
  set -- $target
  for i in $(seq 1 60); do
    if node -e 'fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "http://127.0.0.1:$2/health/ready"; then
      note "$1 ready on port $2"; break
    fi
    kill -0 "$(cat "$LOCAL/pids/$1.pid")" 2>/dev/null || die "$1 exited; see .local/logs/$1.log"
    [ "$i" = 60 ] && die "$1 not ready after 30 s; see .local/logs/$1.log"
    sleep 0.5
  done
done

BASE="http://127.0.0.1:$PORT"
cat <<MSG

The service is up.
  Base URL:  $BASE
  API key:   $API_KEY   (owner of workspace 'demo'; also in .local/demo-api-key)

Start a call:
  curl -s -X POST $BASE/api/core/voice/agent/call \\
    -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" \\
    -d '{"agentId":"$AGENT_ID","to":"+14155552671","metadata":{"orderId":"A-1"}}'

What to try next:
  - API docs (Swagger UI):  $BASE/docs   (OpenAPI at $BASE/openapi.json)
  - Follow the call:        curl -s $BASE/api/core/voice/call/<callId> -H "Authorization: Bearer $API_KEY"
  - Catch up on events:     curl -s "$BASE/api/core/event/list" -H "Authorization: Bearer $API_KEY"
  - The walk-through in README.md: assistant → webhook → call → events → transcript → recording
  - Operator CLI:           npm run -s cli -- --help
  - Sign in as the demo owner: $OWNER_EMAIL / $OWNER_PASSWORD (kept in .local/demo-owner)
      curl -s -c .local/cookies -X POST $BASE/api/core/auth/login -H "Content-Type: application/json" \\
        -d '{"email":"$OWNER_EMAIL","password":"$OWNER_PASSWORD"}'
  - Bull Board:             $BASE/admin/queues (signed in as an admin or owner)
  - Metrics:                curl -s $BASE/metrics -H "Authorization: Bearer \$METRICS_TOKEN" (token in .local/env;
                            engine :$ENGINE_PORT/metrics, dispatcher :$DISPATCHER_PORT/metrics)
Stop everything with ./scripts/down.sh.
MSG
