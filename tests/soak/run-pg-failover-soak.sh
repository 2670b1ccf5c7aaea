#!/usr/bin/env bash
# The kill soak across a PostgreSQL failover: a primary and a synchronous streaming standby
# (scripts/pg-cluster.sh start + standby: a commit is acknowledged only once both have it), the
# store addressed as libpq's failover pair
#   postgresql://ledger@/soak?host=A,B&port=PA,PB&target_session_attrs=read-write
# and, half-way through, the primary stopped at once (as a crash would) and the standby promoted
# while ledgerctl clients run, are SIGKILLed and crash. Every client carries on against the new
# primary within its reconnect window, writes whose outcome the failover hid are resolved by
# their write tokens, and at the end recovery and every check run on the new primary: audit clean,
# nothing acknowledged lost, nothing created or applied twice.
#   SOAK_SECONDS=300 tests/soak/run-pg-failover-soak.sh     (extra arguments go to ledger_soak)
# SOAK_NO_BUILD=1: the programs are built already (ctest runs it so, as pg_failover).
# It builds what it runs first (ledger_soak and ledgerctl, in $BUILD, default build/).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
if [[ -z "${SOAK_NO_BUILD:-}" ]]; then
    echo "$(basename "$0"): first building ledger_soak and ledgerctl in $build/ (cmake --build)" >&2
    cmake --build "$build" --target ledger_soak ledgerctl >/dev/null
fi
work=$(mktemp -d /tmp/ledger-pg-failover.XXXXXX)
chmod 755 "$work" # the servers run as the postgres user when we are root
trap 'scripts/pg-cluster.sh stop "$work/primary"; scripts/pg-cluster.sh stop "$work/standby"; rm -rf "$work"' EXIT
port=${SOAK_PORT:-5461}
primary=$(scripts/pg-cluster.sh start "$work/primary" --port "$port")
standby=$(scripts/pg-cluster.sh standby "$work/standby" "$work/primary" --port $((port + 1)))
# Each server by its socket's folder, as its URI says (host=DIR&port=N).
socket_of() { local h=${1#*host=}; echo "${h%%&*}"; }
store="postgresql://ledger@/soak?host=$(socket_of "$primary"),$(socket_of "$standby")&port=$port,$((port + 1))&target_session_attrs=read-write"
echo "pg-failover-soak: primary and synchronous standby in $work, store $store"
"$build/tests/ledger_soak" --ledgerctl "$build/src/cli/ledgerctl" --seconds "${SOAK_SECONDS:-45}" --store "$store" \
  --restart-command "scripts/pg-cluster.sh failover $work/primary $work/standby" --restarts 1 "$@"
