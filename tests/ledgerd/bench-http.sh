#!/usr/bin/env bash
# ledgerd's throughput beside the same coordinator in-process, in one run on one store kind:
# `ledgerctl bench transfers --threads 16` (in-process), then wrk posting transfers to ledgerd
# over 16 keep-alive connections (16 worker threads), on a fresh store of 1,000 accounts.
#   tests/ledgerd/bench-http.sh [sqlite|postgresql URI] [seconds]     (docs/performance.md, "ledgerd over HTTP")
# It builds ledgerd and ledgerctl in $BUILD (default build/) first.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
kind=${1:-sqlite}
seconds=${2:-15}
echo "bench-http: first building ledgerd and ledgerctl in $build/ (cmake --build)" >&2
cmake --build "$build" --target ledgerd ledgerctl >/dev/null
work=$(mktemp -d /tmp/ledgerd-bench.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
ctl="$build/src/cli/ledgerctl"
if [[ $kind == sqlite ]]; then store="$work/ledger.db"; else store=$kind; fi
echo "== in-process: ledgerctl bench transfers --threads 16 (its own scratch store beside)"
"$ctl" --store "$store" bench transfers --threads 16 --count 20000 --accounts 1000 --runs 3 --json 2>/dev/null \
  | python3 -c '
import json, sys
o = json.load(sys.stdin); l = o["latencyMs"]
print("in-process: %.0f transfers/s, p50 %.2f ms, p99 %.2f ms (%s)" % (o["transfersPerSecond"], l["p50"], l["p99"], o["durability"]))'
"$ctl" --store "$store" init >/dev/null
for i in $(seq 0 999); do echo "a$i"; done | xargs -P 4 -I{} "$ctl" --store "$store" account create {} --opening 1000000 >/dev/null
"$build/src/ledgerd/ledgerd" --store "$store" --listen 127.0.0.1:0 --threads 16 ${LEDGERD_WRITE_THREADS:+--write-threads "$LEDGERD_WRITE_THREADS"} >"$work/url" 2>"$work/err" &
for _ in $(seq 100); do [[ -s $work/url ]] && break; sleep 0.1; done
url=$(sed 's/listening on //' "$work/url")
echo "== HTTP: wrk -t2 -c16 -d${seconds}s POST /v1/transfers"
wrk -t2 -c16 -d"${seconds}s" --latency -s tests/ledgerd/transfer.lua "$url" | tee "$work/wrk" | grep -E "Requests/sec|50%|99%|Non-2xx|Socket errors" || true
curl -s "$url/metrics" | grep -E '^ledgerd_requests_total\{route="/v1/transfers"' || true
"$ctl" --store "$store" audit | tail -1
