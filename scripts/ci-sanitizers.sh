#!/usr/bin/env bash
# The sanitizer and fuzzing pass of CI (run by .ci/run after the ordinary tests):
#   1. clang, AddressSanitizer + UndefinedBehaviorSanitizer: the libraries, ledgerctl and every test
#      that does not need the console; then each libFuzzer target for FUZZ_SECONDS.
#   2. ThreadSanitizer: the libraries and the concurrency tests.
# Any sanitizer report aborts the program under test, so the test (and this script) fails.
# Usage: scripts/ci-sanitizers.sh [asan|tsan|fuzz|all]   (FUZZ_SECONDS=30 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
jobs=$(nproc)
fuzz_seconds=${FUZZ_SECONDS:-30}
here=$(pwd)

export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$here/scripts/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$here/scripts/sanitizers/tsan.supp"
export QT_QPA_PLATFORM=offscreen

configure() { # dir sanitizers extra...
  local dir=$1 sanitize=$2
  shift 2
  # Line tables are all a sanitizer's report needs of the debug information (full -g made these
  # builds a third slower).
  [ -f "$dir/build.ninja" ] || CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
    -DLEDGER_BUILD_CONSOLE=OFF -DLEDGER_SANITIZE="$sanitize" "$@" >/dev/null
}

asan() {
  echo "== ASan + UBSan: build"
  configure build-asan address,undefined -DLEDGER_FUZZ=ON
  cmake --build build-asan -j "$jobs"
  echo "== ASan + UBSan: tests"
  # The exhaustive interleavings are bounded here (each schedule is slower under ASan). The crash
  # sweeps run in the ordinary pass only: each of their rows starts five ledgerctl processes on the
  # code paths the other tests run here in-process, and they were nearly half of this pass's time.
  # So do the kill soaks (bank_*, pg_failover, ledgerd_kill_soak, lake_kill_soak): they take a client that dies
  # by a signal for one they killed and retry it, so a sanitizer's abort would pass unseen there —
  # under a sanitizer they only repeat the ordinary pass; and the source checks (format, layers),
  # which run no code of ours. The protocol's suites rerun against dynalite (label dynamo-rerun)
  # are left out too: the same code as here, serialised by one Node process; the DynamoDB store's
  # own tests (tst_dynamostore, tst_dynamoconfig, tst_awssigv4) run.
  LEDGER_INTERLEAVING_BOUND=2 ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE dynamo-rerun \
    -E '^(tst_crashsweep|bank_|pg_failover$|ledgerd_kill_soak$|lake_kill_soak$|format$|layers)'
}

fuzz() {
  configure build-asan address,undefined -DLEDGER_FUZZ=ON
  cmake --build build-asan -j "$jobs" --target fuzz_money fuzz_duration fuzz_arguments fuzz_storefile fuzz_apidecode fuzz_httpframing ledgerctl
  local work=build-asan/fuzz
  rm -rf "$work/storefile-seed"
  mkdir -p "$work/storefile-seed" "$work/crashes"
  # Real stores as seeds for the store-file fuzzer: an empty one and one with a few documents.
  build-asan/src/cli/ledgerctl --store "$work/storefile-seed/empty.db" init >/dev/null
  build-asan/src/cli/ledgerctl --store "$work/storefile-seed/demo.db" demo --accounts 3 --transfers 4 --stuck 1 >/dev/null 2>&1 \
    || { echo "fuzz: could not make the seed store with ledgerctl demo" >&2; exit 1; }
  rm -f "$work"/storefile-seed/*-wal "$work"/storefile-seed/*-shm
  local target
  for target in money duration arguments storefile apidecode httpframing; do
    local corpus="$work/corpus-$target"
    mkdir -p "$corpus"
    if [ "$target" = storefile ]; then
      cp "$work"/storefile-seed/*.db "$corpus/"
    else
      cp tests/fuzz/corpus/$target/* "$corpus/"
    fi
    # Crashers found before are regression inputs: they must all pass first.
    if [ -d "tests/fuzz/regressions/$target" ]; then
      "build-asan/tests/fuzz/fuzz_$target" tests/fuzz/regressions/$target/* >"$work/regressions_$target.log" 2>&1 \
        || { tail -60 "$work/regressions_$target.log"; echo "fuzz_$target: a regression input crashes again" >&2; exit 1; }
      echo "fuzz_$target: regression inputs: $(ls tests/fuzz/regressions/$target | wc -l) passed"
    fi
  done
  # A fuzzer runs on one core: two at a time (the light ones as a third: the request decoder beside money
  # and duration, the HTTP framer beside the arguments and store file).
  fuzz_one() {
    "build-asan/tests/fuzz/fuzz_$1" -max_total_time="$fuzz_seconds" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$work/crashes/$1-" -print_final_stats=1 "$work/corpus-$1" 2>"$work/fuzz_$1.log"
  }
  local failed=0
  for pair in "money duration apidecode" "arguments storefile httpframing"; do
    local pids=() names=()
    for target in $pair; do
      echo "== fuzz_$target for ${fuzz_seconds}s"
      fuzz_one "$target" &
      pids+=($!)
      names+=("$target")
    done
    for i in "${!pids[@]}"; do
      target=${names[$i]}
      if wait "${pids[$i]}"; then
        echo "fuzz_$target: $(grep -E "stat::number_of_executed_units" "$work/fuzz_$target.log" | tail -1)"
      else
        tail -60 "$work/fuzz_$target.log"
        echo "fuzz_$target found a crash: $work/crashes" >&2
        failed=1
      fi
    done
  done
  [ "$failed" = 0 ] || exit 1
}

tsan() {
  echo "== TSan: build"
  configure build-tsan thread
  local tests=(tst_hazards tst_recovery tst_recoverysweeper tst_recoveryloop tst_interleavings tst_coordinator tst_batchrepair tst_groupcommit sanitizer_canary)
  cmake --build build-tsan -j "$jobs" --target "${tests[@]}"
  local pattern
  pattern="$(IFS='|'; echo "${tests[*]}")"
  echo "== TSan: concurrency tests"
  LEDGER_INTERLEAVING_BOUND=2 LEDGER_INTERLEAVING_SAMPLES=100 \
    ctest --test-dir build-tsan --output-on-failure -j "$jobs" -LE dynamo-rerun -R "^(${pattern})"
}

case "$what" in
  asan) asan ;;
  fuzz) fuzz ;;
  tsan) tsan ;;
  all) asan; fuzz; tsan ;;
  *) echo "usage: $0 [asan|tsan|fuzz|all]" >&2; exit 2 ;;
esac
