#!/usr/bin/env bash
# The kill soak against PostgreSQL, with the server itself restarted (immediate stop: to the
# clients, as if it crashed) twice while ledgerctl clients run, are SIGKILLed and crash: every
# client that was mid-write reconnects and resolves its write by reading the document again; at
# the end recovery and every check (audit clean, nothing lost, created or applied twice).
#   SOAK_SECONDS=300 tests/soak/run-pg-soak.sh     (extra arguments go to ledger_soak)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
cmake --build "$build" --target ledger_soak ledgerctl >/dev/null
cluster=$(mktemp -d /tmp/ledger-pg-soak.XXXXXX)
trap 'scripts/pg-cluster.sh stop "$cluster"' EXIT
base=$(scripts/pg-cluster.sh start "$cluster")
store=${base/\/postgres\?//soak?}
echo "pg-soak: cluster in $cluster, store $store"
"$build/tests/ledger_soak" --ledgerctl "$build/src/cli/ledgerctl" --seconds "${SOAK_SECONDS:-45}" --store "$store" \
  --restart-command "scripts/pg-cluster.sh restart $cluster" --restarts "${SOAK_RESTARTS:-2}" "$@"
