#!/usr/bin/env bash
# A throwaway dynalite (DynamoDB's API on LevelDB, from npm: tools/dynalite) for tests:
#   scripts/dynalite.sh start DIR [--port N] [--disk]
#                              start it on 127.0.0.1 (port N, default a free one), in memory, or
#                              with --disk on its data folder DIR/data; prints its endpoint
#                              (http://127.0.0.1:PORT), also kept in DIR/endpoint for the tests.
#                              Tables become active at once.
#   scripts/dynalite.sh restart DIR
#                              kill it (as a crash would) and start it again with the same settings
#                              (on disk: its tables and items survive)
#   scripts/dynalite.sh stop DIR   stop it and remove DIR
# dynalite is a test double: it checks no signature and no permission, and no performance figure
# of DynamoDB comes from it (docs/dynamodb.md).
set -euo pipefail

usage="usage: dynalite.sh start DIR [--port N] [--disk] | restart DIR | stop DIR"
cmd=${1:?$usage}
dir=${2:?$usage}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/tools/dynalite/node_modules/.bin/dynalite"

stop_server() {
  if [ -f "$dir/pid" ]; then
    kill -9 "$(cat "$dir/pid")" 2>/dev/null || true
    rm -f "$dir/pid"
  fi
}

launch() {
  local port=$1 disk=$2
  local args=(--host 127.0.0.1 --port "$port" --createTableMs 0 --deleteTableMs 0 --updateTableMs 0)
  [ "$disk" = yes ] && args+=(--path "$dir/data")
  nohup node "$bin" "${args[@]}" >>"$dir/log" 2>&1 &
  echo $! >"$dir/pid"
  # Ready once it answers (an unsigned request is refused, which is an answer); a minute only
  # bounds a hang (node starts in a second on an idle machine, far slower on a busy one).
  for _ in $(seq 1 600); do
    if curl -s -o /dev/null -X POST "http://127.0.0.1:$port/" 2>/dev/null; then
      echo "http://127.0.0.1:$port" | tee "$dir/endpoint"
      return 0
    fi
    kill -0 "$(cat "$dir/pid")" 2>/dev/null || { echo "dynalite: it exited: $(tail -5 "$dir/log")" >&2; return 1; }
    sleep 0.1
  done
  echo "dynalite: no answer on port $port after 60 s: $(tail -5 "$dir/log")" >&2
  return 1
}

case "$cmd" in
  start)
    port=0
    disk=no
    while [ $# -gt 0 ]; do
      case "$1" in
        --port) port=${2:?$usage}; shift 2 ;;
        --disk) disk=yes; shift ;;
        *) echo "dynalite: unknown option $1 ($usage)" >&2; exit 2 ;;
      esac
    done
    [ -x "$bin" ] || { echo "dynalite: not installed (scripts/install-deps.sh installs it into tools/dynalite)" >&2; exit 1; }
    command -v node >/dev/null || { echo "dynalite: node not found (scripts/install-deps.sh)" >&2; exit 1; }
    stop_server
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$port" = 0 ]; then
      port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    fi
    echo "$port $disk" >"$dir/settings"
    launch "$port" "$disk"
    ;;
  restart)
    read -r port disk <"$dir/settings"
    stop_server
    launch "$port" "$disk"
    ;;
  stop)
    stop_server
    rm -rf "$dir"
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
