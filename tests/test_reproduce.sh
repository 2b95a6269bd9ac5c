#!/usr/bin/env bash
# test_reproduce.sh — tools/reproduce.sh without a GPU, on synthetic published/fresh sample files:
# identical samples are SAME (exit 0); fresh samples 10% slower with no overlap are SLOW (exit 1);
# files timed by different methods (graph_calls) are refused (exit 2) before any comparison.
. tests/lib.sh
t=$(mktemp -d); exp=tst-repro-$$
trap 'rm -rf "$t" "build/$exp"' EXIT
stats=build/tools/stats
[ -x $stats ] || { not_ok "build/tools/stats missing (make tools)"; done_testing; }
# samples FILE GRAPH_CALLS SCALE: 5 rounds x 12 reps of a fixed pattern around 10 us, times SCALE
samples() {
  mkdir -p "$(dirname "$1")"
  awk -v g="$2" -v s="$3" 'BEGIN {
    print "# cudadent42 samples v1"; print "# variant: v"
    if (g != "") print "# graph_calls: " g
    print "shape,rep,time_us,sm_clock_mhz,round"
    for (r = 1; r <= 5; r++) for (i = 0; i < 12; i++)
      printf "B1_H1_S128_D64_C0,%d,%.4f,1980,%d\n", (r - 1) * 12 + i, s * (10 + 0.01 * ((i * 7 + r * 3) % 11)), r }' >"$1"
}
run() { out=$(STATS=$stats tools/reproduce.sh "$exp" "$t/fresh" "$t/pub" 2>&1); rc=$?; }

samples "$t/pub/$exp/gpu/v.csv" 20 1
samples "$t/fresh/$exp/gpu/v.csv" 20 1
run
check_eq "identical samples: exit 0" "$rc" 0
check_grep "identical samples: SAME" "ratio +1\.000 .*SAME" <(echo "$out")
check_grep "identical samples: the summary counts them" "1 SAME, 0 FAST, 0 AMBIGUOUS, 0 SLOW of 1 rows: reproduced" <(echo "$out")

samples "$t/fresh/$exp/gpu/v.csv" 20 1.10
run
check_eq "fresh 10% slower: exit 1" "$rc" 1
check_grep "fresh 10% slower: SLOW" "ratio +0\.909 .*SLOW" <(echo "$out")
check_grep "fresh 10% slower: the summary says regression" "0 SAME, 0 FAST, 0 AMBIGUOUS, 1 SLOW of 1 rows: REGRESSION" <(echo "$out")

samples "$t/fresh/$exp/gpu/v.csv" 20 1
samples "$t/pub/$exp/gpu/v.csv" "" 1
rm -f "build/$exp/reproduce.csv"
run
check_eq "published without graph_calls (plain launches) vs graph fresh: exit 2" "$rc" 2
check_grep "the refusal names both methods" "published with graph_calls 0, fresh with 20" <(echo "$out")
check "no table written for mixed methods" test ! -f "build/$exp/reproduce.csv"
done_testing
