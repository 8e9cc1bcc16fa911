# Shared by up.sh and test.sh: provisioning of PostgreSQL, Redis, dependencies and the Prisma client.
# Uses running services; on a fresh Debian machine installs and starts them.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCAL="$ROOT/.local"
mkdir -p "$LOCAL"

# Each step says how long the one before it took.
step() {
  local now; now=$(date +%s)
  [ -n "${STEP_STARTED:-}" ] && printf '    (%s s)\n' "$((now - STEP_STARTED))"
  STEP_STARTED=$now
  printf '\n\033[1m==> %s\033[0m\n' "$*"
}
note() { printf '    %s\n' "$*"; }
die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Local configuration made once: the encryption key for secrets at rest, kept in .local/env.
load_local_env() {
  if [ ! -f "$LOCAL/env" ]; then
    umask 077
    printf 'ENCRYPTION_KEY=%s\n' "$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))')" > "$LOCAL/env"
  fi
  set -a
  # shellcheck disable=SC1091
  . "$LOCAL/env"
  set +a
  export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/voice}"
  export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
}

is_local_url() { case "$1" in *@127.0.0.1*|*@localhost*|*//127.0.0.1*|*//localhost*) return 0;; *) return 1;; esac; }

apt_install() {
  command -v apt-get >/dev/null || die "$* missing and apt-get unavailable: install it yourself"
  [ "$(id -u)" = 0 ] || die "$* missing: run as root so it can be installed, or install it yourself"
  note "installing $* from Debian packages"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }

ensure_postgres() {
  if ! is_local_url "$DATABASE_URL"; then note "PostgreSQL: using $DATABASE_URL as configured"; return; fi
  if command -v pg_isready >/dev/null && pg_up; then note "PostgreSQL: running on 127.0.0.1:5432"; return; fi
  if ! command -v pg_ctlcluster >/dev/null; then
    apt_install postgresql
    local hba; hba=$(ls /etc/postgresql/*/main/pg_hba.conf | head -1)
    # Local development trusts loopback connections as the postgres user (as this project's machines do).
    sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
  fi
  note "PostgreSQL: starting"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
  for _ in $(seq 1 30); do pg_up && return; sleep 1; done
  die "PostgreSQL did not come up on 127.0.0.1:5432"
}

redis_up() { node -e '
  const net = require("net"); const u = new URL(process.env.REDIS_URL);
  const s = net.connect(+(u.port || 6379), u.hostname, () => s.write("PING\r\n"));
  s.on("data", d => process.exit(String(d).includes("PONG") || String(d).includes("NOAUTH") ? 0 : 1));
  s.on("error", () => process.exit(1)); setTimeout(() => process.exit(1), 1000);' 2>/dev/null; }

ensure_redis() {
  if ! is_local_url "$REDIS_URL"; then note "Redis: using $REDIS_URL as configured"; return; fi
  if redis_up; then note "Redis: running on 127.0.0.1:6379"; return; fi
  command -v redis-server >/dev/null || apt_install redis-server
  note "Redis: starting (no persistence: PostgreSQL is the source of truth)"
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir "${REDIS_DIR:-/var/lib/redis}" --logfile "${REDIS_LOG:-/var/log/redis/ci.log}"
  for _ in $(seq 1 30); do redis_up && return; sleep 0.5; done
  die "Redis did not come up on 127.0.0.1:6379"
}

# Headless Chromium for the test that renders /docs (Debian's package; no browser download).
ensure_chromium() {
  if command -v chromium >/dev/null; then note "Chromium: $(command -v chromium)"; return; fi
  apt_install chromium
}

# espeak-ng speaks the turns of recordings (without it they carry a tone signal); the tests use it.
ensure_espeak() {
  if command -v espeak-ng >/dev/null; then note "espeak-ng: $(command -v espeak-ng)"; return; fi
  apt_install espeak-ng
}

# Real SIP peers and the assistant's voice and ears on real calls (Debian packages): sipp and baresip
# stand in for the carrier and the callee in the tests, flite speaks, pocketsphinx recognises.
ensure_sip_peers() {
  local missing=()
  command -v sipp >/dev/null || missing+=(sip-tester)
  command -v baresip >/dev/null || missing+=(baresip-core)
  command -v kamailio >/dev/null || missing+=(kamailio) # the SIP front door of sip-kamailio e2e
  command -v flite >/dev/null || missing+=(flite)
  command -v pocketsphinx_continuous >/dev/null || missing+=(pocketsphinx pocketsphinx-en-us)
  /usr/bin/python3 -c 'import pocketsphinx.pocketsphinx' 2>/dev/null || missing+=(python3-pocketsphinx)
  if [ ${#missing[@]} -eq 0 ]; then note "sipp, baresip, kamailio, flite, pocketsphinx (resident): installed"; return; fi
  apt_install --no-install-recommends "${missing[@]}"
}

ensure_dependencies() {
  cd "$ROOT"
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    # npm install (not npm ci) honours package-lock.json; this npm writes lock files without other
    # platforms' optional packages, which npm ci then refuses as "out of sync".
    note "npm install (from package-lock.json)"
    npm install --no-audit --no-fund --loglevel=error
  else
    note "dependencies up to date"
  fi
  note "generating the Prisma client"
  npm run -s prisma:generate >/dev/null
}

# What the sources are now: the commit and any uncommitted change (dist/ and .local/ are ignored).
source_stamp() { printf '%s %s' "$(git rev-parse HEAD 2>/dev/null)" "$(git status --porcelain 2>/dev/null | sha256sum)"; }

build() {
  cd "$ROOT"
  if [ -f dist/.source-stamp ] && [ "$(cat dist/.source-stamp)" = "$(source_stamp)" ]; then
    note "dist/ is already built from these sources"
    return
  fi
  note "compiling the apps (one tsc pass for all of apps/ and libs/)"
  npm run -s build
  source_stamp > dist/.source-stamp
}
