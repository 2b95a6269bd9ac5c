#!/usr/bin/env bash
# test_reproduce.sh — `stats reproduce-exp` (make reproduce's judge) without a GPU, on synthetic
# published/fresh sample files whose sessions are nested in GPUs (as `make measure` records them): a fresh session of
# identical code on a new GPU reads SAME for the claim (its speedup over the base in its own
# rounds) and exits 0; a candidate 15% slower in the fresh session is SLOW (exit 1); published
# GPUs that disagree more than delta allows give AMBIGUOUS with what would resolve it (exit 3),
# never a NaN; no claim to judge is exit 3 with a message; files timed by different methods
# (graph_calls, or the session's pause settle_ms) are refused (exit 2) before any comparison.
. tests/lib.sh
t=$(mktemp -d); exp=tst-repro-$$
trap 'rm -rf "$t" "build/$exp"' EXIT
stats=build/tools/stats
[ -x $stats ] || { not_ok "build/tools/stats missing (make tools)"; done_testing; }
# samples FILE GRAPH_CALLS SCALE "SESSION@GPU:OFFSET ...": per session 5 rounds x 12 reps of a fixed
# pattern around 10 us, times SCALE and (1 + OFFSET); each session's GPU on its header line
samples() {
  mkdir -p "$(dirname "$1")"
  awk -v g="$2" -v s="$3" -v sess="$4" -v v="$(basename "$1" .csv)" 'BEGIN {
    print "# cudadent42 samples v1"; print "# variant: " v
    if (g != "") print "# graph_calls: " g
    n = split(sess, ss, " ")
    for (k = 1; k <= n; k++) { split(ss[k], p, "[@:]"); id[k] = p[1]; off[k] = p[3]
      print "# session." p[1] ": date=2026-11-27T00:00:00Z host=h gpu_uuid=GPU-" p[2] " rounds=5" }
    print "shape,rep,time_us,sm_clock_mhz,round,session,position"
    for (k = 1; k <= n; k++)
      for (r = 1; r <= 5; r++) for (i = 0; i < 12; i++)
        printf "B1_H1_S128_D64_C0,%d,%.4f,1980,%d,%s,1\n", (r - 1) * 12 + i,
          s * (1 + off[k]) * (10 + 0.01 * ((i * 7 + r * 3) % 11) + 0.02 * ((r * 5) % 3)), r, id[k] }' >"$1"
}
run() { out=$($stats reproduce-exp --claims "${claims-cand:base}" "$exp" "$t/fresh" "$t/pub" 2>&1); rc=$?; }
# published: base and cand in the same sessions, 4 GPUs x 2 sessions; the GPUs shift both alike
# (an offset a ratio cancels) and cand by its own 0.3% at most
pubs="s1@a:0 s2@a:0.001 s3@b:0.02 s4@b:0.021 s5@c:-0.01 s6@c:-0.011 s7@d:0.005 s8@d:0.004"
pubc="s1@a:0.002 s2@a:0.003 s3@b:0.019 s4@b:0.02 s5@c:-0.009 s6@c:-0.01 s7@d:0.008 s8@d:0.007"
samples "$t/pub/$exp/gpu/base.csv" 20 1 "$pubs"
samples "$t/pub/$exp/gpu/cand.csv" 20 0.8 "$pubc"
samples "$t/fresh/$exp/gpu/base.csv" 20 1 "s9@e:0.03"
samples "$t/fresh/$exp/gpu/cand.csv" 20 0.8 "s9@e:0.031"
# the tables measure publishes beside the samples (the gate table, the numerics table) are no
# sample files: known by their first line, not by their names
for d in pub fresh; do
  printf 'variant,verdict,reason,detail\nbase,pass,,\ncand,pass,,\n' >"$t/$d/$exp/gpu/gates.csv"
  printf '# cudadent42 numerics v1\n# git_rev: abc\n' >"$t/$d/$exp/gpu/numerics.csv"
done
run
check_eq "identical code on a new GPU: the claim reproduces, exit 0" "$rc" 0
check_eq "... the gate and numerics tables not taken for samples" "$(echo "$out" | grep -c 'numerics.csv\|gates.csv')" 0
rm -f "$t"/{pub,fresh}/"$exp"/gpu/{gates,numerics}.csv
check_grep "... SAME, with the design's GPUs and sessions" "cand vs base +B1_H1_S128_D64_C0 .*SAME \(4 GPUs, 8 sessions, delta 3.00%\)" <(echo "$out")
check_grep "... the claims counted" "claims: 1 SAME, 0 FAST, 0 AMBIGUOUS, 0 SLOW of 1 rows: reproduced" <(echo "$out")
check_grep "... each variant's own time reported too" "times \(each variant's own; not in the exit code\): .* of 2 rows" <(echo "$out")
check "... both tables written" test -s "build/$exp/reproduce-claims.csv" -a -s "build/$exp/reproduce-times.csv"
check "... no NaN in them" bash -c "! grep -q nan build/$exp/reproduce-claims.csv"

samples "$t/fresh/$exp/gpu/cand.csv" 20 0.92 "s9@e:0.031"
run
check_eq "a candidate 15% slower in the fresh session: exit 1" "$rc" 1
check_grep "... SLOW" "cand vs base .*shift +0\.8[67][0-9] .*SLOW" <(echo "$out")
check_grep "... the summary says regression" "claims: 0 SAME, 0 FAST, 0 AMBIGUOUS, 1 SLOW of 1 rows: REGRESSION" <(echo "$out")

# GPUs that favour cand by up to 4%: a new GPU's ratio is not predictable within 3%. Identical
# code is a plausible member within delta: SAME, on that ground (the interval is wider than delta)
samples "$t/pub/$exp/gpu/cand.csv" 20 0.8 "s1@a:0.04 s2@a:0.041 s3@b:0.0 s4@b:0.001 s5@c:-0.05 s6@c:-0.049 s7@d:0.02 s8@d:0.021"
samples "$t/fresh/$exp/gpu/cand.csv" 20 0.8 "s9@e:0.031"
run
check_eq "published GPUs 4% apart in the ratio, identical code: exit 0" "$rc" 0
check_grep "... SAME as a member of the design, saying what it could not rule out" "cand vs base .*SAME \(4 GPUs, 8 sessions, delta 3.00%; member of the design: a drop of [0-9.]+% reads SLOW with 80% power, a smaller one may not\)" <(echo "$out")
check "... on that ground alone (same_by member)" grep -q ',SAME,.*,member,' "build/$exp/reproduce-claims.csv"
# the candidate 5% slower on the new GPU: inside the wide interval, beyond delta: AMBIGUOUS
samples "$t/fresh/$exp/gpu/cand.csv" 20 0.8 "s9@e:0.081"
run
check_eq "published GPUs 4% apart, a 5% slower fresh candidate: AMBIGUOUS, exit 3" "$rc" 3
check_grep "... says what would resolve it" "AMBIGUOUS: .*(published GPUs \(now 4\)|no design of up to 64 GPUs|fresh sessions on more GPUs)" <(echo "$out")

claims="" run
check_eq "no claim to judge: exit 3" "$rc" 3
check_grep "... with a message" "no claim of $exp has published and fresh files" <(echo "$out")

samples "$t/pub/$exp/gpu/base.csv" "" 1 "s1@a:0"
rm -f "build/$exp/reproduce-times.csv"
run
check_eq "published without graph_calls (plain launches) vs graph fresh: exit 2" "$rc" 2
check_grep "the refusal names both methods" "published with graph_calls 0, fresh with 20" <(echo "$out")
check "no table written for mixed methods" test ! -f "build/$exp/reproduce-times.csv"
# the session's pause: published without one (no settle_ms: 0), fresh with 300 ms
samples "$t/pub/$exp/gpu/base.csv" 20 1 "$pubs"
run
check_eq "the same methods again: compared, not refused (exit 3: the 5% slower candidate above, AMBIGUOUS)" "$rc" 3
sed -i '2a # settle_ms: 300' "$t/fresh/$exp/gpu/base.csv"
rm -f "build/$exp/reproduce-times.csv"
run
check_eq "published without the pause (settle_ms 0) vs fresh with 300 ms: exit 2" "$rc" 2
check_grep "... the refusal names both and the setting that matches" "published with settle_ms 0, fresh with 300: .*SETTLE_MS=0 reproduces" <(echo "$out")
sed -i 's/^# settle_ms: 300$/# settle_ms: 0/' "$t/fresh/$exp/gpu/base.csv"
run
check_eq "... 0 written (fresh) and none (published) alike: compared again (exit 3)" "$rc" 3
done_testing
