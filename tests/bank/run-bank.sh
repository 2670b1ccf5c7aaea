#!/usr/bin/env bash
# The bank checker of `ledgerctl balances` (Jepsen's bank workload): the kill soak's writers
# (2- and 3-to-5-account transfers, cancels, compensations, SIGKILLs, crashes injected after any
# write, recovery) run for a bounded time while reader processes run `ledgerctl balances --json`
# again and again; every read must sum to zero with no account but @world below zero. Raw reads
# (`ledgerctl accounts --json`) beside them count how often the documents alone are off.
#   tests/bank/run-bank.sh LAYOUT      LAYOUT: file | shards | pg | pgservers | dynamo
#   BANK_SECONDS=60 BANK_READERS=2 BANK_NO_BUILD=1 (extra arguments go to ledger_soak)
# file: one SQLite file; shards: three shard files; pg: one PostgreSQL database; pgservers:
# three shard databases on two PostgreSQL servers; dynamo: tables on a dynalite (DynamoDB's API).
# It builds what it runs first (ledger_soak and ledgerctl, in $BUILD, default build/).
set -euo pipefail
layout=${1:?usage: run-bank.sh file|shards|pg|pgservers|dynamo}
shift
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
if [[ -z "${BANK_NO_BUILD:-}" ]]; then
    echo "$(basename "$0"): first building ledger_soak and ledgerctl in $build/ (cmake --build)" >&2
    cmake --build "$build" --target ledger_soak ledgerctl >/dev/null
fi
work=$(mktemp -d /tmp/ledger-bank.XXXXXX)
chmod 755 "$work" # the servers run as postgres when we are root
clusters=()
cleanup() {
  for c in "${clusters[@]}"; do scripts/pg-cluster.sh stop "$c" || true; done
  [[ -d "$work/dynalite" ]] && scripts/dynalite.sh stop "$work/dynalite" || true
  rm -rf "$work"
}
trap cleanup EXIT
args=(--ledgerctl "$build/src/cli/ledgerctl" --seconds "${BANK_SECONDS:-30}" --clients 3 --accounts 6
      --readers "${BANK_READERS:-2}" --keep "$work/store")
server() { # starts a cluster in $1 and prints its base location (database "postgres")
  mkdir -p "$1"
  scripts/pg-cluster.sh start "$1"
}
case $layout in
  file) ;;
  shards) args+=(--init-arg --shards --init-arg 3 --store "$work/store/bank.json") ;;
  pg)
    clusters+=("$work/pg")
    base=$(server "$work/pg")
    args+=(--store "${base/\/postgres\?//bank?}") ;;
  pgservers)
    clusters+=("$work/pga" "$work/pgb")
    a=$(server "$work/pga")
    b=$(server "$work/pgb")
    servers="${a/\/postgres\?//bank0?} ${b/\/postgres\?//bank1?} ${a/\/postgres\?//bank2?}"
    args+=(--init-arg --shards --init-arg 3 --init-arg --servers --init-arg "$servers" --store "$work/store/bank.json") ;;
  dynamo)
    endpoint=$(scripts/dynalite.sh start "$work/dynalite")
    export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test # dynalite checks no signature
    args+=(--store "dynamodb://us-east-1/bank?endpoint=$endpoint") ;;
  *) echo "run-bank.sh: no layout '$layout' (file, shards, pg, pgservers, dynamo)" >&2; exit 2 ;;
esac
mkdir -p "$work/store"
echo "bank: layout $layout"
"$build/tests/ledger_soak" "${args[@]}" "$@"
