#!/usr/bin/env bash
# The data lake's kill soak (tests/lake/lake-soak.py) on PostgreSQL and on DynamoDB's API (a
# dynalite), ledgerd's lake on a throwaway s3rver: syncs and ledgerd SIGKILLed and crashed at the
# lake's own crash points while transfers run and crash; at the end each lake holds every finished
# transaction once. CI runs it for LAKE_SOAK_SECONDS (30) on each; longer by hand:
#   LAKE_SOAK_SECONDS=600 tests/lake/run-lake-soak.sh --seed 20261129
# It builds what it runs first (ledgerd and ledgerctl, in $BUILD, default build/).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
echo "$(basename "$0"): first building ledgerd and ledgerctl in $build/ (cmake --build)" >&2
cmake --build "$build" --target ledgerd ledgerctl >/dev/null
s3=$(mktemp -d /tmp/ledger-lake-s3.XXXXXX)
cluster=$(mktemp -d /tmp/ledger-lake-pg.XXXXXX)
dynamo=$(mktemp -d /tmp/ledger-lake-dynamo.XXXXXX)
trap 'scripts/s3rver.sh stop "$s3"; scripts/pg-cluster.sh stop "$cluster"; scripts/dynalite.sh stop "$dynamo"' EXIT
scripts/s3rver.sh start "$s3" >/dev/null
export AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER AWS_REGION=us-east-1 # s3rver's key; dynalite takes any
soak() {
  python3 tests/lake/lake-soak.py --ledgerd "$build/src/ledgerd/ledgerd" --ledgerctl "$build/src/cli/ledgerctl" \
    --seconds "${LAKE_SOAK_SECONDS:-30}" --s3-dir "$s3" "$@"
}
base=$(scripts/pg-cluster.sh start "$cluster")
echo "lake-soak: PostgreSQL"
soak --store "${base/\/postgres\?//lakesoak?}" "$@"
endpoint=$(scripts/dynalite.sh start "$dynamo")
echo "lake-soak: DynamoDB (dynalite)"
soak --store "dynamodb://us-east-1/lakesoak?endpoint=$endpoint&max_attempts=40" "$@"
