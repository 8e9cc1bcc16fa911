#!/usr/bin/env bash
# The quick start as a newcomer runs it: ./scripts/up.sh, then the call it suggests and a lookup
# of that call; stops the apps afterwards. CI runs it after the tests.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
trap './scripts/down.sh --quiet' EXIT
./scripts/up.sh > "$LOCAL/up.log" 2>&1 || { cat "$LOCAL/up.log"; die "up.sh failed"; }
step "Smoke: the printed curl starts a call, and the call can be looked up"
# The exact command up.sh printed, run as printed.
curl_cmd=$(sed -n '/^Start a call:/,/^$/p' "$LOCAL/up.log" | sed '1d' | sed 's/\\$//' | tr -d '\n')
[ -n "$curl_cmd" ] || die "up.sh printed no curl"
started=$(bash -c "$curl_cmd")
echo "    $started"
call_id=$(node -pe 'const b = JSON.parse(process.argv[1]); if (b.status !== "ringing") throw new Error("not ringing"); b.callId' "$started")
key=$(cat "$LOCAL/demo-api-key")
looked_up=$(curl -sf "http://127.0.0.1:${PORT:-3000}/api/core/voice/call/$call_id" -H "Authorization: Bearer $key")
node -e 'const c = JSON.parse(process.argv[1]); if (c.callId !== process.argv[2]) throw new Error("wrong call"); console.log(`    GET /voice/call/${c.callId} → ${c.status}`)' "$looked_up" "$call_id"
echo "    smoke ok: the quick start works"
