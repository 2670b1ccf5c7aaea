#!/usr/bin/env bash
# The pictures of README.md and docs/console.md (docs/screenshots/), made by the console itself:
# a demo store with a claimed stuck transfer, opened offscreen in the light and the dark palette
# and in Simplified Chinese (that needs a CJK font: fonts-wqy-microhei).
#   scripts/screenshots.sh [BUILD]        (make screenshots; BUILD defaults to build/)
# The status bar shows the store's path, so the store is made at a path that says nothing about
# this machine or checkout: /tmp/ledgerdesk-demo/demo.db. Two runs at once would share it, so a
# run waits for the one before (flock).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=$PWD/docs/screenshots
ctl=$PWD/$build/src/cli/ledgerctl
console=$PWD/$build/src/app/ledgerdesk
ledgerd=$PWD/$build/src/ledgerd/ledgerd
demo=/tmp/ledgerdesk-demo
for program in "$ctl" "$console" "$ledgerd"; do
  [ -x "$program" ] || { echo "screenshots: $program is not built (make build)" >&2; exit 2; }
done
exec 9>/tmp/ledgerdesk-demo.lock
flock 9
rm -rf "$demo" && mkdir -p "$demo" "$out"
store=$demo/demo.db
"$ctl" --store "$store" demo --transfers 400 --stuck 12
# Another operator is on one of the stuck transfers (the tour pictures a claimed one).
tx=$("$ctl" --store "$store" list --state canceling --stuck-for 0s --csv | sed -n 2p | cut -d, -f1)
"$ctl" --store "$store" --operator mei claim "$tx" --note "checking with the bank"
"$ctl" --store "$store" --operator sam note "$tx" "the customer will top up by noon"
# The offscreen platform's screen is 800×800 unless told, and the console fits its first window
# to the screen: a 1600×1000 screen of its own leaves it at its 1320×820.
cat > "$demo/screen.json" <<'JSON'
{"screens": [{"name": "tour", "x": 0, "y": 0, "width": 1600, "height": 1000, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}
JSON
# Settings of their own: the tour's palette and layout never become the user's.
shoot() { # DIR, then the console's environment and options
  local dir=$1
  shift
  mkdir -p "$dir"
  env XDG_CONFIG_HOME="$demo/config" QT_QPA_PLATFORM="offscreen:configfile=$demo/screen.json" "$@" --store "$store" --screenshots "$dir"
}
shoot "$out" LEDGERDESK_LANGUAGE=en "$console" --palette light
shoot "$demo/dark" LEDGERDESK_LANGUAGE=en "$console" --palette dark
cp "$demo/dark/main-window.png" "$out/main-window-dark.png"
cp "$demo/dark/dashboard.png" "$out/dashboard-dark.png"
shoot "$demo/zh_CN" LEDGERDESK_LANGUAGE=zh_CN "$console" --palette light
cp "$demo/zh_CN/main-window.png" "$out/main-window-zh_CN.png"
# A team's console: signed in to a ledgerd on the demo store as ann (operator), who claimed one.
"$ledgerd" token add ann operator --tokens "$demo/tokens" | tail -1 > "$demo/ann.token"
chmod 600 "$demo/ann.token"
"$ledgerd" --store "$store" --listen 127.0.0.1:0 --tokens "$demo/tokens" --recover-every off 2> "$demo/ledgerd.log" > "$demo/ledgerd.out" &
ledgerd_pid=$!
trap 'kill $ledgerd_pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q '^listening on ' "$demo/ledgerd.out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$demo/ledgerd.out")
[ -n "$url" ] || { cat "$demo/ledgerd.log" >&2; exit 1; }
pending=$("$ctl" --store "$store" list --state pending --stuck-for 0s --csv | sed -n 2p | cut -d, -f1)
"$ctl" --server "$url" --token-file "$demo/ann.token" claim "$pending" --note "on the phone with the bank" > /dev/null
mkdir -p "$demo/team"
env XDG_CONFIG_HOME="$demo/config" QT_QPA_PLATFORM="offscreen:configfile=$demo/screen.json" LEDGERDESK_LANGUAGE=en \
  "$console" --palette light --server "$url" --token-file "$demo/ann.token" --screenshots "$demo/team"
cp "$demo/team/main-window.png" "$out/console-signed-in.png"
kill $ledgerd_pid
wait $ledgerd_pid 2>/dev/null || true
rm -rf "$demo"
