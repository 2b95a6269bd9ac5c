#!/usr/bin/env bash
# test_reproduce.sh — tools/pipeline/reproduce.sh without a GPU, on synthetic published/fresh sample files
# with sessions: a fresh session of identical code is never SLOW (SAME when the published sessions
# agree closely, AMBIGUOUS with what it would take when they spread more than delta allows); a
# fresh session 10% slower is SLOW (exit 1); files timed by different methods (graph_calls) are
# refused (exit 2) before any comparison.
. tests/lib.sh
t=$(mktemp -d); exp=tst-repro-$$
trap 'rm -rf "$t" "build/$exp"' EXIT
stats=build/tools/stats
[ -x $stats ] || { not_ok "build/tools/stats missing (make tools)"; done_testing; }
# samples FILE GRAPH_CALLS SCALE "SESSION:OFFSET ...": per session 5 rounds x 12 reps of a fixed
# pattern around 10 us, times SCALE and (1 + OFFSET)
samples() {
  mkdir -p "$(dirname "$1")"
  awk -v g="$2" -v s="$3" -v sess="$4" 'BEGIN {
    print "# cudadent42 samples v1"; print "# variant: v"
    if (g != "") print "# graph_calls: " g
    print "shape,rep,time_us,sm_clock_mhz,round,session,position"
    n = split(sess, ss, " ")
    for (k = 1; k <= n; k++) { split(ss[k], p, ":")
      for (r = 1; r <= 5; r++) for (i = 0; i < 12; i++)
        printf "B1_H1_S128_D64_C0,%d,%.4f,1980,%d,%s,1\n", (r - 1) * 12 + i,
          s * (1 + p[2]) * (10 + 0.01 * ((i * 7 + r * 3) % 11) + 0.02 * ((r * 5) % 3)), r, p[1] } }' >"$1"
}
run() { out=$(STATS=$stats tools/pipeline/reproduce.sh "$exp" "$t/fresh" "$t/pub" 2>&1); rc=$?; }

samples "$t/pub/$exp/gpu/v.csv" 20 1 "s1:0 s2:0.002 s3:-0.002"
samples "$t/fresh/$exp/gpu/v.csv" 20 1 "s9:0.001"
run
check_eq "a plausible new session (published sessions within 0.2%): exit 0" "$rc" 0
check_grep "... SAME at level session" "SAME \(session, 1 sessions, delta 3.00%\)" <(echo "$out")
check_grep "... the summary counts it" "1 SAME, 0 FAST, 0 AMBIGUOUS, 0 SLOW of 1 rows: reproduced" <(echo "$out")

samples "$t/pub/$exp/gpu/v.csv" 20 1 "s1:0 s2:0.02 s3:-0.02"
samples "$t/fresh/$exp/gpu/v.csv" 20 1 "s9:0.01"
run
check_eq "published sessions 2% apart: the design cannot resolve 3%: exit 3" "$rc" 3
check_grep "... AMBIGUOUS, not SLOW" "AMBIGUOUS \(session" <(echo "$out")
check_grep "... and says what it would take" "sessions \(now 1\) would resolve it" <(echo "$out")

samples "$t/pub/$exp/gpu/v.csv" 20 1 "s1:0 s2:0.002 s3:-0.002"
samples "$t/fresh/$exp/gpu/v.csv" 20 1.10 "s9:0"
run
check_eq "fresh 10% slower: exit 1" "$rc" 1
check_grep "fresh 10% slower: SLOW" "ratio +0\.909 .*SLOW" <(echo "$out")
check_grep "fresh 10% slower: the summary says regression" "0 SAME, 0 FAST, 0 AMBIGUOUS, 1 SLOW of 1 rows: REGRESSION" <(echo "$out")

samples "$t/pub/$exp/gpu/v.csv" 20 1 "s1:0"
samples "$t/fresh/$exp/gpu/v.csv" 20 1 "s9:0.05"
run
check_grep "one published session: level round, said in the row" "(FAST|SLOW|SAME|AMBIGUOUS) \(round, 1 sessions" <(echo "$out")

samples "$t/fresh/$exp/gpu/v.csv" 20 1 "s9:0"
samples "$t/pub/$exp/gpu/v.csv" "" 1 "s1:0"
rm -f "build/$exp/reproduce.csv"
run
check_eq "published without graph_calls (plain launches) vs graph fresh: exit 2" "$rc" 2
check_grep "the refusal names both methods" "published with graph_calls 0, fresh with 20" <(echo "$out")
check "no table written for mixed methods" test ! -f "build/$exp/reproduce.csv"
done_testing
