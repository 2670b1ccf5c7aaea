#!/usr/bin/env bash
# Which HTTP server library ledgerd is built on, measured (docs/DESIGN.md §9 has the result):
# the three maintained ones Debian 12 packages, each serving the same small JSON POST, side by
# side in one run: wrk over 16 and 256 keep-alive connections, then 200 clients that send half a
# request head and stall (slowloris) while one ordinary request is timed.
#   tools/http-choice/measure.sh            (needs qt6-httpserver-dev libcivetweb-dev libcpp-httplib-dev wrk curl)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d /tmp/http-choice.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$out"' EXIT
qt=/usr/include/x86_64-linux-gnu/qt6
flags=(-std=c++17 -O2 -fPIC -I$qt -I$qt/QtCore)
g++ "${flags[@]}" -I$qt/QtHttpServer -I$qt/QtNetwork -I$qt/QtConcurrent -I$qt/QtWebSockets "$here/qt_server.cpp" -o "$out/qt" \
    -lQt6HttpServer -lQt6Network -lQt6WebSockets -lQt6Core
g++ "${flags[@]}" "$here/civet_server.cpp" -o "$out/civetweb" -lcivetweb -lQt6Core
g++ "${flags[@]}" "$here/httplib_server.cpp" -o "$out/httplib" -lcpp-httplib -lQt6Core -lpthread

stall() { # $1 port, $2 count: connections that send half a request head and wait
    python3 - "$1" "$2" <<'PY' &
import socket, sys, time
socks = []
for _ in range(int(sys.argv[2])):
    s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
    s.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\n")
    socks.append(s)
time.sleep(30)
PY
    sleep 2
}

printf '%-10s %12s %10s %12s %10s %22s\n' server "req/s c16" "p99 c16" "req/s c256" "p99 c256" "one request, 200 stall"
for kind in qt civetweb httplib; do
    port=$((18000 + RANDOM % 1000))
    "$out/$kind" "$port" 32 >/dev/null &
    pid=$!
    sleep 0.5
    r16=$(wrk -t2 -c16 -d5s --latency -s "$here/post.lua" "http://127.0.0.1:$port/echo")
    r256=$(wrk -t2 -c256 -d5s --latency -s "$here/post.lua" "http://127.0.0.1:$port/echo" 2>&1 || true)
    stall "$port" 200
    one=$(curl -s -o /dev/null -m 12 -w '%{time_total}s %{http_code}' -X POST -d '{}' "http://127.0.0.1:$port/echo" || echo "timeout")
    printf '%-10s %12s %10s %12s %10s %22s\n' "$kind" \
        "$(awk '/Requests\/sec/ {print $2}' <<<"$r16")" "$(awk '$1=="99%" {print $2}' <<<"$r16")" \
        "$(awk '/Requests\/sec/ {print $2}' <<<"$r256")" "$(awk '$1=="99%" {print $2}' <<<"$r256")" "$one"
    kill %1 %2 2>/dev/null || true; kill $pid 2>/dev/null || true
    wait 2>/dev/null || true
done
