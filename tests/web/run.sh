#!/usr/bin/env bash
# The pages of `hexcells-view` in a real browser: Debian's Chromium, headless, driven by
# playwright-core, with no DISPLAY: the page of `--serve` against the debug binary on
# 127.0.0.1 (page.js), and the published page of `--html` the debug binary writes, from
# file:// and from a static server on 127.0.0.1 (html.js; the shared corpus's levels when
# the corpus is there, found through tests/corpus). Build the binary first (cargo test builds it):
# `cargo build -p hexcells-viewer --bin hexcells-view`.
# Environment:
#   HEXCELLS_WEB_CACHE  where the npm package lives between runs (default ~/.cache/hexcells-web-e2e)
# Needs (Debian): chromium, and Node 20 with npm.
#   HEXCELLS_CORPUS     the shared corpus, when not at ../shared/corpus (read by tests/corpus,
#                       whose corpus_dir example tells the browser tests where it is)
# Prints each script's checks, then `N passed, M failed` over both last; exits 0 only when
# every check passed (2: cannot run).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
CACHE=${HEXCELLS_WEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hexcells-web-e2e}
die() { echo "web e2e: $*" >&2; echo "0 passed, 1 failed"; exit 2; }

BIN=$TARGET/debug/hexcells-view
[ -x "$BIN" ] || die "no $BIN; build it with \`cargo build -p hexcells-viewer --bin hexcells-view\`"
for tool in chromium node npm; do
  command -v "$tool" >/dev/null || die "\`$tool\` is missing; on Debian: apt-get install chromium nodejs npm"
done

# playwright-core, cached by the hash of the lock file (a warm cache installs nothing). It
# downloads no browser: page.js launches Debian's.
mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9
stamp="$(sha256sum "$HERE/package-lock.json" | cut -c1-64) node-$(node -v)"
if [ ! -d "$CACHE/node_modules" ] || [ "$(cat "$CACHE/.stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "web e2e: installing playwright-core into $CACHE"
  rm -rf "$CACHE/node_modules"
  cp "$HERE/package.json" "$HERE/package-lock.json" "$CACHE/"
  (cd "$CACHE" && npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed in $CACHE"
  echo "$stamp" >"$CACHE/.stamp"
fi
flock -u 9

# The shared corpus, found as every test finds it (tests/corpus); empty when absent.
CORPUS_DIR=$(cd "$ROOT" && cargo run --quiet -p hexcells-corpus --example corpus_dir 2>/dev/null) || CORPUS_DIR=""

passed=0 failed=0
log=$(mktemp "${TMPDIR:-/tmp}/hexcells-web.XXXXXX")
trap 'rm -f "$log"' EXIT
for script in page.js html.js; do
  echo "web e2e: $script"
  env -u DISPLAY -u WAYLAND_DISPLAY NODE_PATH="$CACHE/node_modules" node "$HERE/$script" "$BIN" "$CORPUS_DIR" | tee "$log" || true
  out=$(tail -n 1 "$log")
  if [[ $out =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1])) failed=$((failed + BASH_REMATCH[2]))
  else
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
