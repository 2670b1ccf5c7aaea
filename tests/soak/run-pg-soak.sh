#!/usr/bin/env bash
# The kill soak against PostgreSQL, with the server itself restarted (immediate stop: to the
# clients, as if it crashed) twice while ledgerctl clients run, are SIGKILLed and crash: every
# client that was mid-write reconnects and resolves its write by reading the document again; at
# the end recovery and every check (audit clean, nothing lost, created or applied twice).
#   SOAK_SECONDS=300 tests/soak/run-pg-soak.sh     (extra arguments go to ledger_soak)
# It builds what it runs first (ledger_soak and ledgerctl, in $BUILD, default build/).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
echo "$(basename "$0"): first building ledger_soak and ledgerctl in $build/ (cmake --build)" >&2
cmake --build "$build" --target ledger_soak ledgerctl >/dev/null
cluster=$(mktemp -d /tmp/ledger-pg-soak.XXXXXX)
trap 'scripts/pg-cluster.sh stop "$cluster"' EXIT
base=$(scripts/pg-cluster.sh start "$cluster")
store=${base/\/postgres\?//soak?}
echo "pg-soak: cluster in $cluster, store $store"
"$build/tests/ledger_soak" --ledgerctl "$build/src/cli/ledgerctl" --seconds "${SOAK_SECONDS:-45}" --store "$store" \
  --restart-command "scripts/pg-cluster.sh restart $cluster" --restarts "${SOAK_RESTARTS:-2}" "$@"
