#!/usr/bin/env bash
# A throwaway s3rver (a fake S3 on the file system, from npm: tools/lake) for tests:
#   scripts/s3rver.sh start DIR [--port N]
#                              start it on 127.0.0.1 (port N, default a free one) with its objects
#                              in DIR/data and the bucket "lake" made; prints its endpoint
#                              (http://127.0.0.1:PORT), also kept in DIR/endpoint for the tests.
#   scripts/s3rver.sh restart DIR
#                              kill it (as a crash would) and start it again with the same settings
#                              (its buckets and objects survive)
#   scripts/s3rver.sh stop DIR   stop it and remove DIR
# s3rver is a test double: it checks the access key id (S3RVER) but no signature (tst_awssigv4
# checks ours against AWS's published examples), and ignores If-None-Match on writes. It is started
# through tools/lake/s3rver-atomic.cjs, which gives it S3's whole-or-nothing writes (s3rver alone
# keeps the torn part of a PUT whose client was killed: tests/lake/s3rver-whole-writes.py).
set -euo pipefail

usage="usage: s3rver.sh start DIR [--port N] | restart DIR | stop DIR"
cmd=${1:?$usage}
dir=${2:?$usage}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/tools/lake/s3rver-atomic.cjs" # s3rver with whole-or-nothing writes, as S3
bin_s3rver="$root/tools/lake/node_modules/s3rver/bin/s3rver.js"

stop_server() {
  if [ -f "$dir/pid" ]; then
    kill -9 "$(cat "$dir/pid")" 2>/dev/null || true
    rm -f "$dir/pid"
  fi
}

launch() {
  local port=$1
  mkdir -p "$dir/data"
  # OpenSSL 3's legacy provider: s3rver makes ListObjectsV2's continuation tokens with DES, which
  # Node 17 and later leave out without it (every listing past one page would fail).
  nohup node --openssl-legacy-provider "$bin" -d "$dir/data" -a 127.0.0.1 -p "$port" --configure-bucket lake --silent >>"$dir/log" 2>&1 &
  echo $! >"$dir/pid"
  # Ready once it answers (an unsigned request is answered too); a minute only bounds a hang
  # (node starts in a second on an idle machine, far slower on a busy one).
  for _ in $(seq 1 600); do
    if curl -s -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null; then
      echo "http://127.0.0.1:$port" | tee "$dir/endpoint"
      return 0
    fi
    kill -0 "$(cat "$dir/pid")" 2>/dev/null || { echo "s3rver: it exited: $(tail -5 "$dir/log")" >&2; return 1; }
    sleep 0.1
  done
  echo "s3rver: no answer on port $port after 60 s: $(tail -5 "$dir/log")" >&2
  return 1
}

case "$cmd" in
  start)
    port=0
    while [ $# -gt 0 ]; do
      case "$1" in
        --port) port=${2:?$usage}; shift 2 ;;
        *) echo "s3rver: unknown option $1 ($usage)" >&2; exit 2 ;;
      esac
    done
    [ -f "$bin_s3rver" ] || { echo "s3rver: not installed (scripts/install-deps.sh installs it into tools/lake)" >&2; exit 1; }
    command -v node >/dev/null || { echo "s3rver: node not found (scripts/install-deps.sh)" >&2; exit 1; }
    stop_server
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$port" = 0 ]; then
      port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    fi
    echo "$port" >"$dir/settings"
    launch "$port"
    ;;
  restart)
    read -r port <"$dir/settings"
    stop_server
    launch "$port"
    ;;
  stop)
    stop_server
    rm -rf "$dir"
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
