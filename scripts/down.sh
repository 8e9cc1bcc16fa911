#!/usr/bin/env bash
# Stops the apps that ./scripts/up.sh started (PostgreSQL and Redis are left running).
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
quiet=${1:-}
for pidfile in "$ROOT"/.local/pids/*.pid; do
  [ -e "$pidfile" ] || continue
  pid=$(cat "$pidfile"); app=$(basename "$pidfile" .pid)
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    [ "$quiet" = --quiet ] || echo "stopped $app ($pid)"
  fi
  rm -f "$pidfile"
done
