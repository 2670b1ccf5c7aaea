#!/usr/bin/env bash
# The kill soak over HTTP (tests/ledgerd/http-soak.py): clients that retry each keyed transfer
# until answered while ledgerd is SIGKILLed, crashed after writes and restarted; then recovery and
# the checks. CI runs it for HTTP_SOAK_SECONDS (30); longer by hand:
#   HTTP_SOAK_SECONDS=600 tests/ledgerd/run-http-soak.sh --seed 20261126
# It builds what it runs first (ledgerd and ledgerctl, in $BUILD, default build/).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
echo "$(basename "$0"): first building ledgerd and ledgerctl in $build/ (cmake --build)" >&2
cmake --build "$build" --target ledgerd ledgerctl >/dev/null
exec python3 tests/ledgerd/http-soak.py --ledgerd "$build/src/ledgerd/ledgerd" --ledgerctl "$build/src/cli/ledgerctl" \
  --seconds "${HTTP_SOAK_SECONDS:-30}" "$@"
