#!/usr/bin/env bash
# The kill soak (tests/soak/soak.cpp): ledgerctl clients under SIGKILL and injected crashes on one
# store, then recovery and the checks. CI runs it for SOAK_SECONDS (60); run longer by hand:
#   SOAK_SECONDS=900 tests/soak/run-soak.sh        (extra arguments go to ledger_soak, e.g. --seed N)
# It builds what it runs first (ledger_soak and ledgerctl, in $BUILD, default build/).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
echo "$(basename "$0"): first building ledger_soak and ledgerctl in $build/ (cmake --build)" >&2
cmake --build "$build" --target ledger_soak ledgerctl >/dev/null
exec "$build/tests/ledger_soak" --ledgerctl "$build/src/cli/ledgerctl" --seconds "${SOAK_SECONDS:-60}" "$@"
