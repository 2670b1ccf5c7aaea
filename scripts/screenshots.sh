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
demo=/tmp/ledgerdesk-demo
for program in "$ctl" "$console"; do
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
rm -rf "$demo"
