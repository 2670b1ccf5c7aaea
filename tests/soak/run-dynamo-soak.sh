#!/usr/bin/env bash
# The kill soak against DynamoDB's API (a dynalite on its data folder), with the server itself
# killed and started again twice while ledgerctl clients run, are SIGKILLed and crash: every call
# that found no server is sent again until it answers, and a write whose answer was lost is
# resolved by its item's token; at the end recovery and every check (audit clean, nothing lost,
# created or applied twice).
#   SOAK_SECONDS=300 tests/soak/run-dynamo-soak.sh     (extra arguments go to ledger_soak)
# It builds what it runs first (ledger_soak and ledgerctl, in $BUILD, default build/).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
if [[ -z "${SOAK_NO_BUILD:-}" ]]; then
  echo "$(basename "$0"): first building ledger_soak and ledgerctl in $build/ (cmake --build)" >&2
  cmake --build "$build" --target ledger_soak ledgerctl >/dev/null
fi
server=$(mktemp -d /tmp/ledger-dynamo-soak.XXXXXX)
trap 'scripts/dynalite.sh stop "$server"' EXIT
endpoint=$(scripts/dynalite.sh start "$server" --disk)
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test # dynalite checks no signature
store="dynamodb://us-east-1/soak?endpoint=$endpoint&max_attempts=40"
echo "dynamo-soak: dynalite in $server, store $store"
"$build/tests/ledger_soak" --ledgerctl "$build/src/cli/ledgerctl" --seconds "${SOAK_SECONDS:-45}" --store "$store" \
  --restart-command "scripts/dynalite.sh restart $server" --restarts "${SOAK_RESTARTS:-2}" "$@"
