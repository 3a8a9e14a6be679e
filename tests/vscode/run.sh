#!/usr/bin/env bash
# The VS Code end-to-end test: installs the platform .vsix that scripts/dist builds (the
# extension with hexcells and hexcells-view inside) into a fresh code-server (VS Code
# served to a browser) whose PATH has no hexcells, and drives it with Debian's Chromium
# through playwright-core (e2e.js) against the project's own levels in levels/.
#
# Usage: tests/vscode/run.sh [VSIX]
#   The .vsix defaults to $HEXCELLS_VSIX, else run.sh builds it with
#   `scripts/dist --bin-dir ${CARGO_TARGET_DIR:-target}/debug` (build the binaries first:
#   `cargo build -p hexcells-server -p hexcells-viewer`).
# Environment:
#   HEXCELLS_VSCODE_CACHE  where npm tools live between runs (default ~/.cache/hexcells-vscode-e2e)
#   HEXCELLS_VSCODE_OUT    screenshots and logs (default ${CARGO_TARGET_DIR:-target}/vscode-e2e)
#   UPDATE_SCREENSHOT=1    also copy the screenshot to docs/images/vscode.png
# Needs (Debian): chromium ripgrep libkrb5-dev g++ make python3, and Node 20 with npm;
# xvfb and xdotool for the viewer check (without them it is reported skipped, in the file
# $HEXCELLS_SKIPPED_LOG names when set, as scripts/test does).
# Prints `N passed, M failed, K skipped` last; exits 0 only when no check failed (2: cannot run).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
CACHE=${HEXCELLS_VSCODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hexcells-vscode-e2e}
OUT=${HEXCELLS_VSCODE_OUT:-$TARGET/vscode-e2e}
CODE_SERVER_RG=1.15.11   # @vscode/ripgrep version pinned by code-server 4.100.3's shrinkwrap
T0=$(date +%s%N)
lap() { echo "[$(( ($(date +%s%N) - T0) / 1000000 ))ms] $*"; }
die() { echo "vscode e2e: $*" >&2; echo "0 passed, 1 failed"; exit 2; }

# 1. What must already be on the machine.
VSIX=${1:-${HEXCELLS_VSIX:-}}
if [ -n "$VSIX" ]; then
  [ -f "$VSIX" ] || die "no .vsix at $VSIX"
  VSIX=$(realpath "$VSIX")
else
  for bin in hexcells hexcells-view; do
    [ -x "$TARGET/debug/$bin" ] || die "no $TARGET/debug/$bin to package; build it with \`cargo build -p hexcells-server -p hexcells-viewer\` or pass a .vsix"
  done
fi
for tool in chromium rg node npm g++ make python3; do
  command -v "$tool" >/dev/null || die "\`$tool\` is missing; on Debian: apt-get install chromium ripgrep libkrb5-dev g++ make python3 nodejs npm"
done
[ -e /usr/include/gssapi/gssapi.h ] || [ -e /usr/include/krb5.h ] \
  || die "the kerberos headers are missing (code-server builds a kerberos module); on Debian: apt-get install libkrb5-dev"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" = 20 ] || echo "vscode e2e: warning: code-server 4.100.3 wants Node 20, this is Node $node_major"

# 2. npm tools, cached by the hash of their lock file (a run with a warm cache installs nothing).
#    Each install runs as root: code-server's postinstall wants npm_config_unsafe_perm, node-pty's
#    runs `npx node-gyp` (npm_config_yes), and @vscode/ripgrep would download rg from the internet
#    unless its cache in $TMPDIR already holds Debian's rg.
mkdir -p "$CACHE" "$OUT"
exec 9>"$CACHE/.lock"
flock 9
npm_install() { # npm_install NAME DIR_WITH_PACKAGE_JSON_AND_LOCK
  local dest=$CACHE/$1 src=$2 stamp
  stamp="$(sha256sum "$src/package-lock.json" | cut -c1-64) node-$(node -v)"
  if [ -d "$dest/node_modules" ] && [ "$(cat "$dest/.stamp" 2>/dev/null)" = "$stamp" ]; then
    return
  fi
  echo "vscode e2e: installing npm packages of $src into $dest"
  rm -rf "$dest" && mkdir -p "$dest/tmp/vscode-ripgrep-cache-$CODE_SERVER_RG"
  tar czf "$dest/tmp/vscode-ripgrep-cache-$CODE_SERVER_RG/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" \
    -C "$(dirname "$(command -v rg)")" rg
  cp "$src/package.json" "$src/package-lock.json" "$dest/"
  (cd "$dest" && TMPDIR="$dest/tmp" npm_config_yes=true npm_config_unsafe_perm=true \
    npm ci --no-audit --no-fund --loglevel=error >"$dest/npm-ci.log" 2>&1) \
    || { tail -30 "$dest/npm-ci.log" >&2; die "npm ci failed in $dest (log: $dest/npm-ci.log)"; }
  echo "$stamp" >"$dest/.stamp"
}
npm_install tools "$HERE"
flock -u 9
lap "npm tools ready"
export PATH="$CACHE/tools/node_modules/.bin:$PATH" NODE_PATH="$CACHE/tools/node_modules"

# 3. A fresh code-server home, all of it in one temporary folder.
RUN=$(mktemp -d "${TMPDIR:-/tmp}/hexcells-vscode-e2e.XXXXXX")
CS=""
XVFB=""
cleanup() {
  if [ -d "$RUN/user-data/logs" ]; then   # VS Code's logs, the Hexcells output channel among them
    rm -rf "$OUT/logs" && cp -r "$RUN/user-data/logs" "$OUT/logs" 2>/dev/null || true
  fi
  for scope in User Machine; do   # the settings as the run left them
    if [ -f "$RUN/user-data/$scope/settings.json" ]; then cp "$RUN/user-data/$scope/settings.json" "$OUT/settings-$scope.json"; fi
  done
  if [ -n "$CS" ]; then
    kill -- "-$CS" 2>/dev/null || true   # the whole group: a plain kill leaves the file watcher behind
    wait "$CS" 2>/dev/null || true
  fi
  if [ -n "$XVFB" ]; then   # the viewer, if still open, goes with its display
    kill "$XVFB" 2>/dev/null || true
    wait "$XVFB" 2>/dev/null || true
  fi
  rm -rf "$RUN"
}
trap cleanup EXIT
export XDG_CONFIG_HOME=$RUN/xdg-config XDG_DATA_HOME=$RUN/xdg-data XDG_CACHE_HOME=$RUN/xdg-cache
CS_ARGS=(--config "$RUN/code-server.yaml" --user-data-dir "$RUN/user-data" --extensions-dir "$RUN/extensions")

# 4. The platform .vsix (built by scripts/dist from the debug binaries unless given), installed.
if [ -z "$VSIX" ]; then
  "$ROOT/scripts/dist" --bin-dir "$TARGET/debug" --out "$RUN/dist" >"$OUT/dist.log" 2>&1 \
    || { cat "$OUT/dist.log" >&2; die "scripts/dist could not build the .vsix"; }
  VSIX=$(ls "$RUN"/dist/hexcells-*.vsix)
  lap "scripts/dist built $(basename "$VSIX")"
fi
code-server "${CS_ARGS[@]}" --install-extension "$VSIX" >"$OUT/install-extension.log" 2>&1 \
  || { cat "$OUT/install-extension.log" >&2; die "code-server could not install the extension"; }
lap "$(basename "$VSIX") ($(du -k "$VSIX" | cut -f1) KiB) installed"

# VS Code runs with a PATH that has no hexcells and no hexcells-view: what runs is the
# extension's own (the folders holding them are left out).
CLEAN_PATH=""
IFS=: read -ra path_dirs <<<"$PATH"
for dir in "${path_dirs[@]}"; do
  if [ -n "$dir" ] && [ ! -e "$dir/hexcells" ] && [ ! -e "$dir/hexcells-view" ]; then
    CLEAN_PATH=${CLEAN_PATH:+$CLEAN_PATH:}$dir
  fi
done
if PATH=$CLEAN_PATH command -v hexcells hexcells-view >/dev/null 2>&1; then
  die "hexcells is still on the PATH given to VS Code: $CLEAN_PATH"
fi

# 5. The workspace: a copy of our levels, so quick fixes never touch the checkout.
mkdir -p "$RUN/workspace" "$RUN/user-data/User"
cp "$HERE"/levels/*.hexcells "$RUN/workspace/"

# 6. A private X display for the viewer that the server starts (hexcells.openViewer): Xvfb
#    picks a free display number itself (-displayfd), so parallel runs and the cargo tests'
#    displays never collide. Only code-server (and so the server and the viewer) gets it;
#    without Xvfb, xdotool or the viewer binary, e2e.js reports the viewer check skipped.
VIEWER_DISPLAY="" VIEWER_SKIP=""
if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null; then
  VIEWER_SKIP="Xvfb or xdotool not found (Debian: xvfb xdotool)"
else
  Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>"$RUN/xvfb-display" \
    >"$OUT/xvfb.log" 2>&1 &
  XVFB=$!
  deadline=$(( $(date +%s) + 30 ))
  until [ -s "$RUN/xvfb-display" ] && DISPLAY=":$(tr -dc 0-9 <"$RUN/xvfb-display")" xdotool getdisplaygeometry >/dev/null 2>&1; do
    kill -0 "$XVFB" 2>/dev/null || die "Xvfb stopped on start (log: $OUT/xvfb.log)"
    [ "$(date +%s)" -lt "$deadline" ] || die "Xvfb did not start within 30 s (log: $OUT/xvfb.log)"
    sleep 0.1
  done
  VIEWER_DISPLAY=":$(tr -dc 0-9 <"$RUN/xvfb-display")"
  lap "Xvfb up on display $VIEWER_DISPLAY"
fi

# 7. Start code-server on loopback with the server path pointing at nothing (e2e.js checks the
#    error first, then writes the real path into the settings and reloads).
PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
HEXCELLS_MISSING_BIN="$RUN/no-such-dir/hexcells"
# A server that crashes on start, and counts how often it was started.
HEXCELLS_CRASHING_BIN="$RUN/crashing/hexcells"
mkdir -p "$RUN/crashing"
printf '#!/bin/sh\necho started >>"%s"\necho "hexcells: simulated crash" >&2\nexit 3\n' "$RUN/crashing/starts" \
  >"$HEXCELLS_CRASHING_BIN"
chmod +x "$HEXCELLS_CRASHING_BIN"
node "$HERE/e2e.js" --write-settings "$RUN/user-data" "$HEXCELLS_MISSING_BIN"
# start_code_server DISPLAY: code-server on $PORT with that X display ("" = none at all:
# DISPLAY and WAYLAND_DISPLAY unset), up when /healthz says 200: a refused connection or
# another status (code-server still starting) is asked again, up to 60 s.
start_code_server() {
  local display=$1
  if [ -n "$display" ]; then
    PATH=$CLEAN_PATH DISPLAY=$display setsid code-server "${CS_ARGS[@]}" --bind-addr "127.0.0.1:$PORT" --auth none \
      --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
      >>"$OUT/code-server.log" 2>&1 &
  else
    env -u DISPLAY -u WAYLAND_DISPLAY PATH="$CLEAN_PATH" setsid code-server "${CS_ARGS[@]}" --bind-addr "127.0.0.1:$PORT" \
      --auth none --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
      >>"$OUT/code-server.log" 2>&1 &
  fi
  CS=$!
  node -e '
    const deadline = Date.now() + 60000;
    let last = "no answer";
    const again = () => Date.now() > deadline
      ? (console.error(`/healthz: ${last}`), process.exit(1))
      : setTimeout(poll, 100);
    const poll = () => require("http").get(process.argv[1], (r) => {
        r.resume();
        if (r.statusCode === 200) process.exit(0);
        last = `status ${r.statusCode}`;
        again();
      })
      .on("error", (e) => { last = e.code || String(e); again(); });
    poll();' "http://127.0.0.1:$PORT/healthz" || { cat "$OUT/code-server.log" >&2; die "code-server did not start within 60 s"; }
  lap "code-server up on port $PORT (display: ${display:-none})"
}
: >"$OUT/code-server.log"
start_code_server "$VIEWER_DISPLAY"

# 8. The checks, in the browser; e2e.js prints the timings and a closing `N passed, M failed, K skipped`.
export PORT WORKSPACE="$RUN/workspace" USER_DATA="$RUN/user-data" EXTENSIONS="$RUN/extensions" \
  HEXCELLS_MISSING_BIN HEXCELLS_CRASHING_BIN OUT ROOT T0_MS=$(( T0 / 1000000 )) \
  VIEWER_DISPLAY VIEWER_SKIP
set +e
node "$HERE/e2e.js" | tee "$RUN/part-main.log"
set -e

# 9. The preview panel, in a code-server started again with no display at all (the settings
#    of the run before: the server the extension carries): the page needs none. The run before
#    leaves two documents unsaved (the solution steps, an untitled document, and
#    fixable.hexcells after its quick fix), which VS Code backs up (hot exit) and would open
#    again in this window, a moment after it loads, in whichever group is active then (a
#    dirty "Untitled-1" among the preview's editors): the part starts with no backups.
kill -- "-$CS" 2>/dev/null || true
wait "$CS" 2>/dev/null || true
CS=""
rm -rf "$RUN/user-data/User/Backups"
start_code_server ""
set +e
E2E_PART=preview node "$HERE/e2e.js" | tee "$RUN/part-preview.log"
set -e

# The sum of both parts, last.
node -e '
  const fs = require("fs");
  const sum = [0, 0, 0];
  for (const file of process.argv.slice(1)) {
    const lines = fs.readFileSync(file, "utf8").trim().split("\n");
    const m = /^(\d+) passed, (\d+) failed, (\d+) skipped$/.exec(lines[lines.length - 1] || "");
    if (!m) { sum[1] += 1; console.log(`${file}: no closing count`); continue; }
    for (let i = 0; i < 3; i++) sum[i] += Number(m[i + 1]);
  }
  console.log(`${sum[0]} passed, ${sum[1]} failed, ${sum[2]} skipped`);
  process.exit(sum[1] === 0 ? 0 : 1);' "$RUN/part-main.log" "$RUN/part-preview.log"
