#!/usr/bin/env bash
# test_stats_cli.sh — `stats` from the command line: known answers, CSV layout, verdicts and exit
# codes, Holm over several pairs (R's p.adjust), reproducibility, and every input/usage error.
source tests/lib.sh
S=build/tools/stats
F=tests/fixtures/stats
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The known answers below are of the sample level (every rep as independent): scipy's and R's
# arithmetic. The design levels (rounds, sessions) are tested in test_design.c and further down.
# run OUT ERR ARGS... : runs stats at level sample, keeps stdout/stderr, sets $rc
run() { local o=$1 e=$2 c=$3; shift 3; "$S" "$c" --level sample "$@" >"$o" 2>"$e"; rc=$?; }
# col FILE ROW NAME : the value of column NAME in data row ROW (1-based) of a CSV file
col() { awk -F, -v r="$2" -v n="$3" 'NR==1{for(i=1;i<=NF;i++) if($i==n) c=i} NR==r+1{print $c}' "$1"; }
# near GOT WANT RTOL
near() { awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN{d=g-w; if(d<0)d=-d; a=w<0?-w:w; exit !(d<=t*a)}'; }

printf '19\n22\n16\n29\n24\n' >"$T/x.txt"
printf '20\n11\n17\n12\n' >"$T/y.txt"
printf '1\n2\n3\n4\n' >"$T/a.txt"
printf '1\n2\n3\n4\n5\n' >"$T/b.txt"

# --- known answers of the issue through the CLI --------------------------------------------------
run "$T/o" "$T/e" compare "$T/x.txt" "$T/y.txt"
check_eq "known: U" "$(col "$T/o" 1 U)" 17
check "known: exact p" near "$(col "$T/o" 1 p_value)" 0.1111111111111111 1e-9
check_eq "known: p_method exact" "$(col "$T/o" 1 p_method)" exact
check "known: delta 0.7" near "$(col "$T/o" 1 cliffs_delta)" 0.7 1e-9
check_eq "4 samples: AMBIGUOUS" "$(col "$T/o" 1 verdict)" AMBIGUOUS
check_eq "4 samples: exit 3" "$rc" 3
check_grep "4 samples: message names the files and counts" "y.txt: all: 5 and 4 samples \(need 5 each\): AMBIGUOUS" "$T/e"
run "$T/o" "$T/e" compare --method asymptotic "$T/x.txt" "$T/y.txt"
check "known: asymptotic p with continuity" near "$(col "$T/o" 1 p_value)" 0.11134688653314041 1e-9
run "$T/o" "$T/e" compare --method asymptotic --no-continuity "$T/x.txt" "$T/y.txt"
check "known: asymptotic p without continuity" near "$(col "$T/o" 1 p_value)" 0.0864107329737 1e-9
run "$T/o" "$T/e" compare "$T/a.txt" "$T/b.txt"
check_eq "known ties: U" "$(col "$T/o" 1 U)" 8
check "known ties: p" near "$(col "$T/o" 1 p_value)" 0.7086240584439 1e-9
check "known ties: delta -0.2" near "$(col "$T/o" 1 cliffs_delta)" -0.2 1e-9
printf '10\n10\n20\n20\n20\n30\n30\n30\n40\n50\n' >"$T/t.txt"
printf '10\n20\n30\n40\n40\n50\n' >"$T/c.txt"
run "$T/o" "$T/e" compare --delta-ci unbiased-t "$T/t.txt" "$T/c.txt"
check "known effsize: delta CI low" near "$(col "$T/o" 1 delta_lo)" -0.7265846 1e-6
check "known effsize: delta CI high" near "$(col "$T/o" 1 delta_hi)" 0.3890062 1e-6
check_eq "known effsize: magnitude" "$(col "$T/o" 1 delta_magnitude)" small

# --shape: that shape only; a shape the pair does not both hold is an error
"$S" compare --shape B2_H8_S512_D64_C0 "$F/raw_base.csv" "$F/raw_base.csv" >"$T/o" 2>"$T/e"
check_eq "--shape: one row" "$(tail -n +2 "$T/o" | wc -l)" 1
check_eq "--shape: of that shape" "$(col "$T/o" 1 shape)" B2_H8_S512_D64_C0
"$S" compare --shape B9_H9_S9_D64_C0 "$F/raw_base.csv" "$F/raw_base.csv" >"$T/o" 2>"$T/e"; rc=$?
check_eq "--shape: a shape not in the files: exit 2" "$rc" 2
check_grep "... saying so" "do not both hold shape B9_H9_S9_D64_C0" "$T/e"
"$S" compare --shape 'a b' "$F/raw_base.csv" "$F/raw_base.csv" >"$T/o" 2>"$T/e"; rc=$?
check_eq "--shape: not a shape name: exit 2" "$rc" 2

# --- clocks (tools/stats/clocks.h) --------------------------------------------------------------
# One session, 4 rounds of 3 reps; target 2000 MHz, so a sample below 1500 is throttled: one rep of
# the candidate's round 4 (1400 MHz). Hand calculation: round medians 10 (base) and 8, 8.2, 7.8, 9
# (cand); at full clock rounds 1-3 remain: speedup exp(mean(log(10/8), log(10/8.2), log(10/7.8)))
# = 1.2502605, 95% CI with t(0.975, 2) = 4.302652729749464 (scipy.stats.t.ppf): [1.1749598, 1.3303871].
"$S" compare "$F/clock_base.csv" "$F/clock_cand.csv" >"$T/o" 2>"$T/e"
check_eq "clocks: base median" "$(col "$T/o" 1 clock_base_mhz)" 1980
check_eq "clocks: cand median" "$(col "$T/o" 1 clock_cand_mhz)" 1950
check_eq "clocks: base throttled 0%" "$(col "$T/o" 1 throttled_base_pct)" 0
check "clocks: cand throttled 1 of 12" near "$(col "$T/o" 1 throttled_cand_pct)" 8.333333333 1e-9
check_eq "clocks: full-clock rounds" "$(col "$T/o" 1 full_clock_rounds)" 3
check "clocks: full-clock speedup" near "$(col "$T/o" 1 full_clock_speedup)" 1.2502605252 1e-9
check "clocks: full-clock lo" near "$(col "$T/o" 1 full_clock_lo)" 1.1749598138 1e-9
check "clocks: full-clock hi" near "$(col "$T/o" 1 full_clock_hi)" 1.3303871014 1e-9
check "clocks: the verdict's speedup keeps every round" near "$(col "$T/o" 1 n_rounds)" 4 0
# a file that names no target clock (nor a maximum): its clocks' median, no floor, so the
# throttled share and the full-clock speedup are empty fields, never nan
"$S" compare "$F/raw_base.csv" "$F/raw_base.csv" >"$T/o" 2>"$T/e"
check_eq "clocks: no target: median still given" "$(col "$T/o" 1 clock_cand_mhz)" 1980
check_eq "clocks: no target: empty fields" "$(col "$T/o" 1 full_clock_speedup)$(col "$T/o" 1 throttled_cand_pct)" ""

# --- layout --------------------------------------------------------------------------------------
check_eq "compare header" "$(head -1 "$T/o")" \
  "shape,n_base,n_cand,median_base,median_cand,speedup,speedup_lo,speedup_hi,U,p_value,p_method,cliffs_delta,delta_lo,delta_hi,delta_magnitude,median_ci_overlap,verdict,base,cand,seed,resamples,ci_method,alpha,correction,level,pairing,n_sessions,n_rounds,df,sd_rep_pct,sd_round_pct,sd_session_pct,speedup_lo90,speedup_hi90,mde_pct,delta,delta_source,n_gpus,sd_gpu_pct,scope,family,plan,clock_base_mhz,clock_cand_mhz,throttled_base_pct,throttled_cand_pct,full_clock_rounds,full_clock_speedup,full_clock_lo,full_clock_hi,metric"
run "$T/o" "$T/e" summary "$F/raw_base.csv" "$F/mid_a.txt"
check_eq "summary header" "$(head -1 "$T/o")" \
  "file,variant,shape,n,median,ci_lo,ci_hi,mean,sd,min,max,q1,q3,iqr,mad,mild_outliers,severe_outliers,rel_ci_halfwidth,seed,resamples,level,n_sessions,n_rounds,df,sd_rep_pct,sd_round_pct,sd_session_pct,n_gpus,sd_gpu_pct,scope,metric"
check_eq "summary: one row per file and shape" "$(cut -d, -f2,3 "$T/o" | tail -n +2 | tr '\n' ' ')" \
  "base,B2_H8_S512_D64_C0 base,B1_H4_S128_K256_D128_C1 base,B4_H4_S64_D64_C0 mid_a,all "
check_eq "summary: a shape with 1 sample exits 3" "$rc" 3
check_grep "summary: too few samples named" "B4_H4_S64_D64_C0: only 1 samples \(need 5\): inconclusive" "$T/e"
check_eq "summary: seed and resamples written" "$(col "$T/o" 4 seed),$(col "$T/o" 4 resamples)" "42,9999"
check "summary: median of mid_a (numpy)" near "$(col "$T/o" 4 median)" \
  "$(awk '$1=="mid_a"{print $3}' $F/summary.txt)" 1e-9
run "$T/o" "$T/e" summary --seed 7 --resamples 500 --ci percentile --alpha 0.1 "$F/mid_a.txt"
check_eq "summary of enough samples exits 0" "$rc" 0
check_eq "summary: --seed/--resamples written" "$(col "$T/o" 1 seed),$(col "$T/o" 1 resamples)" "7,500"

# --- verdicts and exit codes on raw files -------------------------------------------------------
run "$T/o" "$T/e" compare "$F/raw_base.csv" "$F/raw_cand.csv"
check_eq "raw: rows for shapes in both files only" "$(cut -d, -f1 "$T/o" | tail -n +2 | tr '\n' ' ')" \
  "B2_H8_S512_D64_C0 B1_H4_S128_K256_D128_C1 "
check_grep "raw: shape only in base is reported" "shape B4_H4_S64_D64_C0 is not in .*raw_cand.csv: skipped" "$T/e"
check_grep "raw: shape only in cand is reported" "shape B8_H1_S64_D64_C0 is not in .*raw_base.csv: skipped" "$T/e"
check_eq "raw: 2x faster is FAST" "$(col "$T/o" 1 verdict)" FAST
check_eq "raw: variants from metadata" "$(col "$T/o" 1 base),$(col "$T/o" 1 cand)" "base,cand"
check_eq "raw: medians' CIs do not overlap" "$(col "$T/o" 1 median_ci_overlap)" no
check_eq "raw: FAST beside AMBIGUOUS exits 3" "$rc" 3
run "$T/o" "$T/e" compare "$F/raw_cand.csv" "$F/raw_base.csv"
check_eq "raw: 2x slower is SLOW" "$(col "$T/o" 1 verdict)" SLOW
check_eq "raw: SLOW exits 1" "$rc" 1
run "$T/o" "$T/e" compare "$F/big_a.txt" "$F/big_a.txt"
check_eq "same data: SAME" "$(col "$T/o" 1 verdict)" SAME
check_eq "same data: exit 0" "$rc" 0
check_eq "same data: overlap yes" "$(col "$T/o" 1 median_ci_overlap)" yes
run "$T/o" "$T/e" compare "$F/big_a.txt" "$F/big_b.txt"
check_eq "big: FAST exits 0" "$(col "$T/o" 1 verdict):$rc" "FAST:0"
run "$T/o" "$T/e" compare --threshold 0.5 "$F/big_a.txt" "$F/big_b.txt"
check_eq "big with a 50% band: SAME" "$(col "$T/o" 1 verdict)" SAME
run "$T/o" "$T/e" compare --alternative less "$F/big_a.txt" "$F/big_b.txt"
check "one-sided p (scipy, less)" near "$(col "$T/o" 1 p_value)" \
  "$(awk '$1=="big_a" && $2=="big_b" && $3=="less" && $4=="auto"{print $7}' $F/mwu.txt)" 1e-8
check_eq "one-sided less: not FAST" "$(col "$T/o" 1 verdict)" AMBIGUOUS

# --- several pairs and Holm (R's p.adjust) -------------------------------------------------------
run "$T/o" "$T/e" compare --holm "$F/ties_a.txt" "$F/ties_b.txt" "$F/sk_a.txt" "$F/sk_b.txt" \
  "$F/mid_a.txt" "$F/mid_b.txt"
mapfile -t want < <(grep -v '^#' $F/cli_holm.txt)
for i in 1 2 3; do
  check "holm row $i = R p.adjust" near "$(col "$T/o" $i p_value)" "${want[$((i - 1))]}" 1e-8
done
check_eq "holm: correction column" "$(col "$T/o" 3 correction)" holm
check_eq "holm: rows of all pairs" "$(cut -d, -f18,19 "$T/o" | tail -n +2 | tr '\n' ' ')" \
  "ties_a,ties_b sk_a,sk_b mid_a,mid_b "

# --- reproducibility ------------------------------------------------------------------------------
"$S" compare --level sample --seed 5 "$F/sk_a.txt" "$F/sk_b.txt" >"$T/r1" 2>/dev/null
"$S" compare --level sample --seed 5 "$F/sk_a.txt" "$F/sk_b.txt" >"$T/r2" 2>/dev/null
"$S" compare --level sample --seed 6 "$F/sk_a.txt" "$F/sk_b.txt" >"$T/r3" 2>/dev/null
check "same seed: byte-identical compare" cmp -s "$T/r1" "$T/r2"
check "another seed: another interval" test "$(cut -d, -f7 "$T/r1")" != "$(cut -d, -f7 "$T/r3")"
"$S" summary --level sample --seed 5 "$F/sk_a.txt" "$F/ties_a.txt" >"$T/r1"
"$S" summary --level sample --seed 5 "$F/sk_a.txt" "$F/ties_a.txt" >"$T/r2"
check "same seed: byte-identical summary" cmp -s "$T/r1" "$T/r2"
check_eq "seed written into compare" "$(col "$T/r3" 1 seed)" 6
"$S" compare --level sample "$F/sk_a.txt" "$F/sk_b.txt" >"$T/r1" 2>/dev/null
"$S" compare --level sample "$F/mid_a.txt" "$F/mid_b.txt" "$F/sk_a.txt" "$F/sk_b.txt" >"$T/r2" 2>/dev/null
check_eq "a row does not depend on the other pairs of the run" "$(sed -n 2p "$T/r1")" "$(sed -n 3p "$T/r2")"
"$S" summary --level sample "$F/sk_a.txt" >"$T/r1"
"$S" summary --level sample "$F/mid_a.txt" "$F/sk_a.txt" >"$T/r2"
check_eq "a summary row does not depend on the other files" "$(sed -n 2p "$T/r1")" "$(sed -n 3p "$T/r2")"

# --- input errors: exit 2 with stats: FILE:LINE: what ------------------------------------------
err_case() {  # err_case what expected-stderr-regex file-content
  printf "$3" >"$T/bad.txt"
  run "$T/o" "$T/e" compare "$T/bad.txt" "$F/mid_a.txt"
  if [ "$rc" = 2 ] && grep -Eq -- "^stats: $T/bad.txt:$2" "$T/e"; then ok "$1"
  else not_ok "$1: rc=$rc stderr=$(cat "$T/e")"; fi
}
err_case "non-numeric" "2: 'abc' is not a number" '1\nabc\n'
err_case "NaN" "3: 'nan' is not a finite number" '1\n2\nnan\n'
err_case "infinite" "1: 'inf' is not a finite number" 'inf\n'
err_case "negative" "2: '-1.5' is negative" '1\n-1.5\n'
err_case "empty file" "1: no samples" ''
err_case "empty field" "2: empty sample" 'shape,time_us\nB1_H1_S1_D1_C0,\n'
err_case "missing time_us" "1: missing 'time_us' column" 'shape,rep\nB1_H1_S1_D1_C0,1\n'
err_case "bad shape" "2: 'B1_X' is not a shape name" 'shape,time_us\nB1_X,1\n'
err_case "ragged row" "3: expected 2 fields, found 1" 'shape,time_us\nB1_H1_S1_D1_C0,1\nB1_H1_S1_D1_C0\n'
run "$T/o" "$T/e" summary "$T/nonexistent.txt"
check_eq "missing file: exit 2" "$rc" 2
check_grep "missing file: message" "^stats: $T/nonexistent.txt: cannot open" "$T/e"

usage_case() {  # usage_case what regex args...
  local what=$1 re=$2; shift 2
  run "$T/o" "$T/e" "$@"
  if [ "$rc" = 2 ] && grep -Eq -- "$re" "$T/e"; then ok "usage: $what"
  else not_ok "usage: $what: rc=$rc stderr=$(cat "$T/e")"; fi
}
usage_case "no command" "^usage: stats summary"
usage_case "unknown command" "^stats: 'frobnicate' is not a command" frobnicate
usage_case "summary without files" "summary needs at least one file" summary
usage_case "compare with an odd count" "compare needs pairs of files" compare "$T/x.txt"
usage_case "unknown option" "^stats: '--bogus' is not an option" compare --bogus "$T/x.txt" "$T/y.txt"
usage_case "bad alpha" "^stats: --alpha: '1.5' is not between 0 and 1" compare --alpha 1.5 a b
usage_case "non-numeric alpha" "^stats: --alpha: 'x' is not a number" compare --alpha=x a b
usage_case "bad resamples" "^stats: --resamples: '-3' is not a non-negative integer" compare --resamples -3 a b
usage_case "too few resamples" "^stats: --resamples: '1' is less than 2" compare --resamples 1 a b
usage_case "bad seed" "^stats: --seed: '4x' is not a non-negative integer" summary --seed 4x a
usage_case "bad ci" "^stats: --ci: 'student' is not one of bca percentile" summary --ci student a
usage_case "bad method" "^stats: --method: 'perm' is not one of" compare --method perm a b
usage_case "bad alternative" "^stats: --alternative: 'up' is not one of" compare --alternative up a b
usage_case "bad delta-ci" "^stats: --delta-ci: 'x' is not one of" compare --delta-ci x a b
usage_case "negative threshold" "^stats: --threshold: '-0.1' is negative" compare --threshold -0.1 a b
usage_case "missing value" "^stats: --seed: missing value" compare a b --seed
usage_case "flag with a value" "^stats: --holm: '1' is not expected" compare --holm=1 a b
usage_case "compare-only option on summary" "^stats: '--holm' is an option of compare only" summary --holm a
usage_case "no shape in common" "have no shape in common" compare "$F/raw_base.csv" "$F/mid_a.txt"
usage_case "exact too costly" "exact p-value too costly" compare --method exact "$F/big_a.txt" "$F/big_b.txt"
# --- the levels of the design: rounds and sessions as units (answers of scipy, see
# tests/oracles/make_design_fixtures.py) --------------------------------------------------------
want() { awk -v k="$1" '$1 == k { print $2 }' "$F/design_expect.txt"; }
dsg() { "$S" "$@" >"$T/o" 2>"$T/e"; rc=$?; }
DB=$F/design_base.csv DC=$F/design_cand.csv
dsg compare "$DB" "$DC"
check_eq "design: auto level with 3 sessions is session" "$(col "$T/o" 1 level)" session
check_eq "design: same rounds pair" "$(col "$T/o" 1 pairing),$(col "$T/o" 1 p_method)" "paired,t-paired"
check_eq "design: 3 sessions, 12 rounds, 2 df" "$(col "$T/o" 1 n_sessions),$(col "$T/o" 1 n_rounds),$(col "$T/o" 1 df)" "3,12,2"
for k in speedup:session_speedup speedup_lo:session_lo speedup_hi:session_hi p_value:session_p \
         speedup_lo90:session_lo90 speedup_hi90:session_hi90 median_base:session_median_base; do
  check "design: level session $k (scipy ttest_rel on session means)" near "$(col "$T/o" 1 ${k%%:*})" "$(want ${k#*:})" 1e-8
done
check_eq "design: FAST (CI above 1, estimate above 1 + delta)" "$(col "$T/o" 1 verdict)" FAST
check_eq "design: delta named with its source" "$(col "$T/o" 1 delta),$(col "$T/o" 1 delta_source)" "0.03,default"
dsg compare --level round "$DB" "$DC"
for k in speedup:round_speedup speedup_lo:round_lo speedup_hi:round_hi p_value:round_p; do
  check "design: level round $k (scipy ttest_rel on round medians)" near "$(col "$T/o" 1 ${k%%:*})" "$(want ${k#*:})" 1e-8
done
dsg compare --session h0-20261122T000000Z "$DB" "$DC"
check_eq "design: one session is level round" "$(col "$T/o" 1 level),$(col "$T/o" 1 n_rounds)" "round,4"
for k in speedup:one_speedup speedup_lo:one_lo speedup_hi:one_hi; do
  check "design: --session $k" near "$(col "$T/o" 1 ${k%%:*})" "$(want ${k#*:})" 1e-8
done
dsg compare "$DB" "$F/design_fresh.csv"
check_eq "design: a fresh session against published ones is unpaired" "$(col "$T/o" 1 pairing),$(col "$T/o" 1 level)" "unpaired,session"
for k in speedup:fresh_speedup speedup_lo:fresh_lo speedup_hi:fresh_hi p_value:fresh_p; do
  check "design: fresh session $k (prediction interval, by hand with scipy's t)" near "$(col "$T/o" 1 ${k%%:*})" "$(want ${k#*:})" 1e-8
done
# --common-sessions: a baseline file that also pools a session of another machine (h9, from
# design_fresh.csv) is compared on the three sessions it shares with the candidate, paired:
# exactly the scipy answers of the plain paired comparison above; without the option unpaired
{ cat "$DB"; grep -v '^#\|^shape' "$F/design_fresh.csv"; } >"$T/base4.csv"
dsg compare "$T/base4.csv" "$DC"
check_eq "common sessions: without the option, 4 against 3 sessions are unpaired" "$(col "$T/o" 1 pairing),$(col "$T/o" 1 n_base)" "unpaired,80"
dsg compare --common-sessions "$T/base4.csv" "$DC"
check_eq "common sessions: the 3 shared sessions pair" "$(col "$T/o" 1 pairing),$(col "$T/o" 1 n_sessions),$(col "$T/o" 1 n_base)" "paired,3,60"
for k in speedup:session_speedup speedup_lo:session_lo speedup_hi:session_hi p_value:session_p; do
  check "common sessions: $k as the paired comparison (scipy ttest_rel)" near "$(col "$T/o" 1 ${k%%:*})" "$(want ${k#*:})" 1e-8
done
# one shared session (h9) is too few to pair at level session: the option leaves both sides whole
dsg compare --common-sessions "$T/base4.csv" "$F/design_fresh.csv"
check_eq "common sessions: one shared session leaves the sides whole" "$(col "$T/o" 1 pairing),$(col "$T/o" 1 n_base),$(col "$T/o" 1 n_cand)" "unpaired,80,20"
usage_case "common sessions on summary" "^stats: '--common-sessions' is an option of compare only" summary --common-sessions a
dsg summary "$DB"
check "design: summary median CI at level session (low)" near "$(col "$T/o" 1 ci_lo)" "$(want summary_lo)" 1e-8
check "design: summary median CI at level session (high)" near "$(col "$T/o" 1 ci_hi)" "$(want summary_hi)" 1e-8
check_eq "design: summary exit 0" "$rc" 0
# fewer than 3 rounds a side: AMBIGUOUS with a message, exit 3
awk -F, '/^#/ || $4 == "round" || $4 <= 2' "$DB" | grep -v 'h1-\|h2-' >"$T/two.csv"
awk -F, '/^#/ || $4 == "round" || $4 <= 2' "$DC" | grep -v 'h1-\|h2-' >"$T/two_c.csv"
dsg compare "$T/two.csv" "$T/two_c.csv"
check_eq "design: 2 rounds a side is AMBIGUOUS" "$(col "$T/o" 1 verdict),$rc" "AMBIGUOUS,3"
check_grep "design: the message says why" "2 and 2 rounds.*fewer than 3 rounds a side: AMBIGUOUS" "$T/e"
dsg compare "$F/mid_a.txt" "$F/mid_b.txt"
check_eq "design: a plain file is one round: AMBIGUOUS" "$(col "$T/o" 1 verdict),$(col "$T/o" 1 n_rounds)" "AMBIGUOUS,1"
# delta from an A/A calibration: the minimum detectable effect of the row's design
printf '# cudadent42 calibration v1\npair,shape,n_sessions,n_rounds,sd_rep_pct,sd_round_pct,sd_session_pct\na:b,X,3,60,0.5,1,2\na:b,Y,3,60,0.4,0.5,nan\n' >"$T/cal.csv"
dsg compare --calibration "$T/cal.csv" "$DB" "$DC"
# by hand: sqrt(0.02^2/3 + 0.01^2/12) = 0.01190238; (t_.975,2 + t_.8,2) = 5.363313
# -> exp(5.363313 * 0.01190238) - 1 = 0.0659178
check "design: delta from the calibration (hand calculation)" near "$(col "$T/o" 1 delta)" 0.0659178 1e-5
check_eq "design: delta_source names the calibration" "$(col "$T/o" 1 delta_source)" "$T/cal.csv"
dsg compare --calibration "$T/cal.csv" --delta 0.05 "$DB" "$DC"
check_eq "design: --delta overrides the calibration" "$(col "$T/o" 1 delta),$(col "$T/o" 1 delta_source)" "0.05,fixed"
printf 'pair,shape,n_sessions,sd_round_pct,sd_session_pct\na:b,X,3,-1,2\n' >"$T/badcal.csv"
dsg compare --calibration "$T/badcal.csv" "$DB" "$DC"
check_eq "design: a bad calibration is an input error" "$rc" 2
check_grep "design: ... named by file and line" "badcal.csv:2: " "$T/e"
# --- sessions nested in GPUs (answers of numpy and scipy, tests/oracles/make_nested_fixtures.py):
# 4 GPUs of 1, 2, 2 and 3 sessions, and a fresh session on a fifth GPU
nw() { awk -v k="$1" '$1 == k { print $2 }' "$F/nested_expect.txt"; }
NB=$F/nested_base.csv NC=$F/nested_cand.csv NFB=$F/nested_fresh_base.csv NFC=$F/nested_fresh_cand.csv
dsg compare "$NB" "$NC"
check_eq "nested: sessions repeating on 4 GPUs: level gpu, 4 GPUs, 8 sessions, not conditional" \
  "$(col "$T/o" 1 level),$(col "$T/o" 1 n_gpus),$(col "$T/o" 1 n_sessions),$(col "$T/o" 1 scope)" "gpu,4,8,any-gpu"
for k in speedup:gpu_speedup speedup_lo:gpu_lo speedup_hi:gpu_hi p_value:gpu_p df:gpu_df; do
  check "nested: level gpu $k (t on the GPU means)" near "$(col "$T/o" 1 ${k%%:*})" "$(nw ${k#*:})" 1e-8
done
dsg compare --level session "$NB" "$NC"
for k in speedup_lo:cond_lo speedup_hi:cond_hi df:cond_df; do
  check "nested: level session, conditional on the GPUs: $k (pooled within-GPU spread)" near "$(col "$T/o" 1 ${k%%:*})" "$(nw ${k#*:})" 1e-8
done
check_eq "nested: level session says it is conditional" "$(col "$T/o" 1 scope)" measured-gpus
# two GPUs only: level session, conditional on them
grep -v 'GPU-0002\|GPU-0003\|,h3-\|,h4-\|,h5-\|,h6-\|,h7-' "$NB" >"$T/nb2.csv"
grep -v 'GPU-0002\|GPU-0003\|,h3-\|,h4-\|,h5-\|,h6-\|,h7-' "$NC" >"$T/nc2.csv"
dsg compare "$T/nb2.csv" "$T/nc2.csv"
check_eq "nested: 2 GPUs (1 and 2 sessions): level session, conditional" \
  "$(col "$T/o" 1 level),$(col "$T/o" 1 n_gpus),$(col "$T/o" 1 scope)" "session,2,measured-gpus"
dsg reproduce "$NB" "$NFB"
for k in shift:time_shift pi_lo:time_lo pi_hi:time_hi df:time_df slow_mde_pct:time_mde_pct; do
  check "reproduce: a variant's time, $k (prediction for a new GPU)" near "$(col "$T/o" 1 ${k%%:*})" "$(nw ${k#*:})" 1e-8
done
dsg reproduce --ratio "$NB" "$NC" "$NFB" "$NFC"
for k in shift:ratio_shift pi_lo:ratio_lo pi_hi:ratio_hi df:ratio_df; do
  check "reproduce: a speedup, $k (prediction for a new GPU)" near "$(col "$T/o" 1 ${k%%:*})" "$(nw ${k#*:})" 1e-8
done
# the interval (+-9%) is wider than delta 3%, the fresh shift (0.994) inside both: a plausible
# member, SAME on that ground alone, and the drop it reads SLOW with 80% power is said (scipy's
# t quantiles, tests/oracles/make_nested_fixtures.py)
check_eq "reproduce: a member of the published design within delta: SAME (member), exit 0" \
  "$(col "$T/o" 1 verdict),$(col "$T/o" 1 same_by),$rc" "SAME,member,0"
check "reproduce: ... the drop it reads SLOW with 80% power (slow_mde_pct)" near "$(col "$T/o" 1 slow_mde_pct)" "$(nw ratio_mde_pct)" 1e-6
check "reproduce: no NaN in the row" bash -c "! tail -n +2 $T/o | grep -q nan"
# 5% slower: still inside the interval, beyond delta: AMBIGUOUS, and what would resolve it
awk -F, 'BEGIN { OFS = "," } /^#|^shape/ { print; next } { $3 = sprintf("%.4f", $3 * 1.05); print }' "$NFC" >"$T/slow5.csv"
dsg reproduce --ratio "$NB" "$NC" "$NFB" "$T/slow5.csv"
check_eq "reproduce: 5% slower, inside a +-9% interval: AMBIGUOUS, exit 3" "$(col "$T/o" 1 verdict),[$(col "$T/o" 1 same_by)],$rc" "AMBIGUOUS,[],3"
check_grep "reproduce: ... says what would resolve it" "AMBIGUOUS: the fresh value is [0-9.]+% from the published one, beyond delta = 3.00%.*fresh sessions on more GPUs" "$T/e"
grep -v 'h[2467]-' "$NB" >"$T/nb1.csv"; grep -v 'h[2467]-' "$NC" >"$T/nc1.csv"
dsg reproduce --ratio "$T/nb1.csv" "$T/nc1.csv" "$NFB" "$NFC"
check_eq "reproduce: one session a GPU: 4 GPUs, the spread within GPUs an empty field, never NaN" \
  "$(col "$T/o" 1 n_gpus),$(col "$T/o" 1 n_sessions),[$(col "$T/o" 1 sd_within_pct)],$(grep -c nan "$T/o")" "4,4,[],0"
dsg reproduce --ratio --delta 0.10 "$NB" "$NC" "$NFB" "$NFC"
check_eq "reproduce: identical code inside delta 10%: SAME (member and equivalent), exit 0" "$(col "$T/o" 1 verdict),$(col "$T/o" 1 same_by),$rc" "SAME,member+equivalent,0"
awk -F, 'BEGIN { OFS = "," } /^#|^shape/ { print; next } { $3 = sprintf("%.4f", $3 * 1.15); print }' "$NFC" >"$T/slow.csv"
dsg reproduce --ratio "$NB" "$NC" "$NFB" "$T/slow.csv"
check_eq "reproduce: a candidate 15% slower in the fresh session is SLOW, exit 1" "$(col "$T/o" 1 verdict),$rc" "SLOW,1"
dsg reproduce "$NB" "$NB"
check_grep "reproduce: a fresh session on a published GPU is named" "not a new GPU" "$T/o"
dsg reproduce --ratio "$NB" "$NC" "$NFB"
check_eq "reproduce --ratio needs fours" "$rc" 2
check_grep "... with a message" "reproduce needs pairs PUB FRESH \(--ratio: fours\)" "$T/e"
# a declared plan: only its sessions count; more than it declares is said
awk '/^# session\.h[1-4]-/ { $0 = $0 " plan=c1/2x2x4" } { print }' "$NB" >"$T/pb.csv"
awk '/^# session\.h[1-4]-/ { $0 = $0 " plan=c1/2x2x4" } { print }' "$NC" >"$T/pc.csv"
dsg compare --plan c1/2x2x4 "$T/pb.csv" "$T/pc.csv"
check_eq "plan: only the plan's sessions (2 GPUs, 4 sessions), within it" \
  "$(col "$T/o" 1 n_gpus),$(col "$T/o" 1 n_sessions),$(col "$T/o" 1 plan)" "2,4,c1/2x2x4"
sed 's/plan=c1\/2x2x4/plan=c1\/2x1x4/' "$T/pb.csv" >"$T/pb1.csv"; sed 's/plan=c1\/2x2x4/plan=c1\/2x1x4/' "$T/pc.csv" >"$T/pc1.csv"
dsg compare --plan c1/2x1x4 "$T/pb1.csv" "$T/pc1.csv"
check_eq "plan: a plan of 1 session a GPU is exceeded (each GPU holds 2 of it)" "$(col "$T/o" 1 plan)" "c1/2x1x4+beyond"
check_grep "... and said" "sessions were added beyond the plan" "$T/e"
dsg reproduce --plan nope/1x1x1 "$NB" "$NFB"
for k in shift:time_shift pi_lo:time_lo pi_hi:time_hi; do
  check "reproduce --plan: a published file without the plan's sessions is judged by all of them: $k" near "$(col "$T/o" 1 ${k%%:*})" "$(nw ${k#*:})" 1e-8
done
check_grep "... and says so" "no session of plan nope/1x1x1 published here" "$T/o"
dsg compare --plan "c1 x" "$T/pb.csv" "$T/pc.csv"
check_eq "plan: a malformed plan is a usage error" "$rc" 2
# malformed levels in a sample file
sed 's/,1,h0-20261122T000000Z,/,0,h0-20261122T000000Z,/' "$DB" >"$T/r0.csv"
dsg summary "$T/r0.csv"
check_eq "design: round 0 is refused" "$rc" 2
check_grep "design: ... with file:line" "r0.csv:[0-9]*: round '0' is not a positive integer" "$T/e"
sed '7s/,h0-20261122T000000Z,/,h 0,/' "$DB" >"$T/sb.csv"
dsg summary "$T/sb.csv"
check_grep "design: a session name with a space is refused" "sb.csv:7: session 'h 0' is not" "$T/e"
sed 's/^shape,rep,time_us,round,session,position$/shape,rep,time_us,round,round,position/' "$DB" >"$T/dup.csv"
dsg summary "$T/dup.csv"
check_grep "design: a column named twice is refused" "dup.csv:5: column 'round' named twice" "$T/e"
usage_case "--level takes a level" "--level: 'rep' is not one of" summary --level rep "$DB"
usage_case "--session takes a name" "is not a session name" summary --session 'a b' "$DB"
# the A/A calibration: identical files are a null pair
dsg aa --draws 50 --rounds 3 "$DB" "$DB"
check_grep "aa: a calibration file" '^# cudadent42 calibration v1$' "$T/o"
grep -v '^#' "$T/o" >"$T/o2"; cp "$T/o2" "$T/o"
check_eq "aa: identical data is never FAST or SLOW" "$(col "$T/o" 1 fp_within),$(col "$T/o" 1 fp_across)" "0,0"
check_eq "aa: exit 0 when no rate is shown above alpha and no A/A CI excludes 1" "$rc" 0
check_eq "aa: independent splits: one block of 3 of each session's 4 rounds, each session held out once" \
  "$(col "$T/o" 1 draws_within),$(col "$T/o" 1 draws_across)" "3,3"
# by hand: the upper end of 0 in 3 at 95% is 1 - 0.025^(1/3) = 0.7075982 (R: binom.test(0, 3)$conf.int)
check "aa: Clopper-Pearson upper end of 0 in 3 independent blocks" near "$(col "$T/o" 1 fp_within_hi)" 0.7075982 1e-6
check_eq "aa: the held-out comparisons share sessions: no binomial interval" "[$(col "$T/o" 1 fp_across_lo)][$(col "$T/o" 1 fp_across_hi)]" "[][]"
check_eq "aa: the A/A CI on all the data does not exclude 1" "$(col "$T/o" 1 ci_excludes_1)" "no"
dsg aa --draws 40 --rounds 3 "$DB" "$DC"
grep -v '^#' "$T/o" >"$T/o2"; cp "$T/o2" "$T/o"
check_eq "aa: a real difference shows as false positives, exit 1" "$rc,$(col "$T/o" 1 fp_within)" "1,1"
check_eq "aa: ... and its CI on all the data excludes 1" "$(col "$T/o" 1 ci_excludes_1)" "yes"
# one false positive in 5 blocks, the CI holding 1 (aa-own's H200 sessions at B2_H8_S2048, the
# row that made the rule): a point rate of 0.2 > alpha is not a rate shown above alpha. Bounds
# from scipy: beta.ppf(0.025, 1, 5) = 1 - 0.975^(1/5) and beta.ppf(0.975, 2, 4)
AA5=tests/fixtures/stats/aa-one-in-five
dsg aa --seed 42 --draws 200 --rounds 10 "$AA5/a.csv" "$AA5/b.csv"
grep -v '^#' "$T/o" >"$T/o2"; cp "$T/o2" "$T/o"
check_eq "aa, 1 of 5 blocks: the fixture holds one false positive in 5 independent blocks" "$(col "$T/o" 1 draws_within),$(col "$T/o" 1 fp_within)" "5,0.2"
check "aa, 1 of 5 blocks: Clopper-Pearson lower end (scipy)" near "$(col "$T/o" 1 fp_within_lo)" 0.0050507633794680575 1e-8
check "aa, 1 of 5 blocks: Clopper-Pearson upper end (scipy)" near "$(col "$T/o" 1 fp_within_hi)" 0.7164179361180895 1e-8
check_eq "aa, 1 of 5 blocks: the interval holds alpha and the A/A CI holds 1: exit 0" "$rc,$(col "$T/o" 1 ci_excludes_1)" "0,no"

# --- --metric: the call time (time_us) or the kernel time (kernel_us) of the same files ------------
# tests/fixtures/samples/kernel/: hand-written, one session of 3 rounds; the level-round median is
# exp of the mean log round median, so round medians 2, 4, 8 give 4 and 1, 2, 4 give 2 (by hand);
# the 95% CI is exp(mean log -+ t(0.975, 2) sd/sqrt(3)), t(0.975, 2) = 4.302652729749462 (scipy)
K=tests/fixtures/samples/kernel
dsg summary "$K/lib.csv" "$K/ours.csv" "$K/old.csv"
check_eq "metric call (default): every shape, time_us medians (by hand)" \
  "$(tail -n +2 "$T/o" | cut -d, -f2,3,5 | tr '\n' ' ')" \
  "lib,B2_H8_S512_D64_C0,4 lib,B2_H8_S1024_D64_C0,20 ours,B2_H8_S512_D64_C0,2 ours,B2_H8_S1024_D64_C0,16 old,B2_H8_S512_D64_C0,4 "
check_eq "metric call: the metric column" "$(col "$T/o" 1 metric),$rc" "call,0"
dsg summary --metric kernel "$K/lib.csv" "$K/ours.csv" "$K/old.csv"
check_eq "metric kernel: kernel_us medians, shapes without kernel time have no row (by hand)" \
  "$(tail -n +2 "$T/o" | cut -d, -f2,3,5,31 | tr '\n' ' ')" "lib,B2_H8_S512_D64_C0,2,kernel ours,B2_H8_S512_D64_C0,1.6,kernel "
check "metric kernel: CI low of the library's median, exp(ln 2 - t sd/sqrt 3), sd = ln 2" \
  near "$(col "$T/o" 1 ci_lo)" "$(awk 'BEGIN { printf "%.12g", exp(log(2) - 4.302652729749462 * log(2) / sqrt(3)) }')" 1e-9
check_eq "metric kernel: files without it are no error" "$rc" 0
check_grep "metric kernel: an empty kernel_us row said" "lib.csv: shape B2_H8_S1024_D64_C0 has no kernel time \(rows without kernel_us\): no row" "$T/e"
check_grep "metric kernel: a file without the column said" "old.csv: shape B2_H8_S512_D64_C0 has no kernel time \(no column kernel_us\): no row" "$T/e"
dsg compare --metric call "$K/lib.csv" "$K/ours.csv"
check_eq "compare, call: lib/ours paired by round: 4/2 and 20/16 (by hand)" \
  "$(tail -n +2 "$T/o" | cut -d, -f1,4,5,6 | tr '\n' ' ')" "B2_H8_S512_D64_C0,4,2,2 B2_H8_S1024_D64_C0,20,16,1.25 "
dsg compare --metric kernel "$K/lib.csv" "$K/ours.csv" "$K/old.csv" "$K/ours.csv"
check_eq "compare, kernel: 2/1.6 at the one shape both measured (by hand)" \
  "$(tail -n +2 "$T/o" | cut -d, -f1,4,5,6,18,19 | tr '\n' ' ')" "B2_H8_S512_D64_C0,2,1.6,1.25,lib,ours "
# log ratios by round ln(1/0.8), 0, ln(4/2.56): mean ln 1.25, sd ln 1.25
check "compare, kernel: CI high, exp(ln 1.25 + t sd/sqrt 3) (by hand, t from scipy)" \
  near "$(col "$T/o" 1 speedup_hi)" "$(awk 'BEGIN { printf "%.12g", exp(log(1.25) + 4.302652729749462 * log(1.25) / sqrt(3)) }')" 1e-9
check_eq "compare, kernel: the metric column; a pair without kernel time is no error" "$(col "$T/o" 1 metric),$rc" "kernel,3"
check_grep "compare, kernel: the pair without kernel time skipped, said" "old.csv vs .*ours.csv: no shape with kernel time on both sides: skipped" "$T/e"
check_grep "compare, kernel: a shape without kernel time skipped, said" "lib.csv: shape B2_H8_S1024_D64_C0 has no kernel time \(rows without kernel_us\): skipped" "$T/e"
check_eq "compare, kernel: each skip said once" "$(grep -c 'old.csv: shape B2_H8_S512_D64_C0 has no kernel time' "$T/e")" 1
usage_case "--metric names call or kernel" "^stats: --metric: 'python' is not one of call kernel" summary --metric python "$K/lib.csv"
printf 'shape,time_us,kernel_us\nB2_H8_S512_D64_C0,2,1\nB2_H8_S512_D64_C0,2,1..5\n' >"$T/kbad.csv"
usage_case "a kernel_us not a number: file:line" "kbad.csv:3: kernel_us '1..5' is not a number" compare --metric kernel "$T/kbad.csv" "$K/ours.csv"

# reproducers of crashes: values whose statistics would overflow are refused by the reader
printf '1\n2\n1e200\n' >"$T/big.txt"
usage_case "a sample of 1e200 us is refused" "big.txt:3: '1e200' is outside \[1e-9, 1e15\] us" summary "$T/big.txt"
printf '1e-300\n2\n3\n4\n5\n' >"$T/tiny.txt"
usage_case "a sample of 1e-300 us is refused" "tiny.txt:1: '1e-300' is outside" compare "$T/b.txt" "$T/tiny.txt"
printf '0x1p3\n2\n3\n' >"$T/hex.txt"
usage_case "a hex float is refused" "hex.txt:1: '0x1p3' is not a decimal number" summary "$T/hex.txt"

run "$T/o" "$T/e" --help
check_eq "--help exits 0" "$rc" 0
check_grep "--help prints usage" "^usage: stats summary" "$T/o"
# --- verdicts: the closing summary of a run (columns by name, in any order) ----------------------
mkdir -p "$T/run/g1" "$T/run/g2" "$T/run/none"
printf 'verdict,base,cand,shape,speedup,speedup_lo,speedup_hi\nFAST,base,v1,s1,1.5,1.25,1.75\nSAME,base,v2,s1,1,0.9995,1.0005\nFAST,base,v2,s2,2,2,2\n' \
  >"$T/run/g1/compare.csv"
printf 'cand,base,shape,speedup,speedup_lo,speedup_hi,verdict\n' >"$T/run/g2/compare.csv"
"$S" verdicts "$T/run" >"$T/o" 2>"$T/e"; rc=$?
check_eq "verdicts: exit 0" "$rc" 0
check_eq "verdicts: a line per row, counts in order of first appearance" "$(cat "$T/o")" "verdicts: $T/run/g1/compare.csv
  v1             vs base           s1                       1.500x [ 1.250,  1.750]  FAST
  v2             vs base           s1                       1.000x [ 1.000,  1.000]  SAME
  v2             vs base           s2                       2.000x [ 2.000,  2.000]  FAST
  totals: FAST 2 SAME 1
verdicts: $T/run/g2/compare.csv
  totals:"
mkdir -p "$T/run0/g1" "$T/run1/g1"
: >"$T/run0/g1/compare.csv"
"$S" verdicts "$T/run0" >"$T/o" 2>"$T/e"; rc=$?
check_eq "verdicts: an empty compare.csv (no pairs) is a table of no rows, exit 0" "$rc:$(cat "$T/o")" "0:verdicts: $T/run0/g1/compare.csv
  totals:"
printf 'cand,base,shape,speedup,speedup_lo,speedup_hi,verdict\nv1,base,s1,1.5,1.25\n' >"$T/run1/g1/compare.csv"
"$S" verdicts "$T/run1" >"$T/o" 2>"$T/e"; rc=$?
check_eq "verdicts: a row of the wrong width: exit 2" "$rc" 2
check_grep "... FILE:LINE named" "^stats: $T/run1/g1/compare.csv:2: 5 fields, header has 7\$" "$T/e"
"$S" verdicts "$T/run/none" >"$T/o" 2>"$T/e"; rc=$?
check_eq "verdicts: no compare.csv is said, exit 0" "$rc:$(cat "$T/o")" "0:verdicts: no compare.csv under $T/run/none"
run "$T/o" "$T/e" verdicts
check_eq "verdicts without a directory: exit 2" "$rc" 2
check_grep "verdicts without a directory: says so" "^stats: verdicts needs one directory" "$T/e"
# --- aa-check: stats aa of each GPU directory into its calibration file ---------------------------
mkdir -p "$T/aa/g1" "$T/aa/g2" "$T/aaout"
for v in a b; do sed "s/^# variant: base\$/# variant: $v/; 1a # process: own" "$F/design_base.csv" >"$T/aa/g1/$v.csv"; done
"$S" aa-check --draws 30 --rounds 3 --out "$T/aaout" --git-rev r1 --pairs "a:b x:y" "$T/aa/" >"$T/o" 2>"$T/e"; rc=$?
check_eq "aa-check: identical pair: exit 0" "$rc" 0
c=$T/aaout/aa/g1/calibration.csv
check_eq "aa-check: the header stats aa writes, its lines after the first" \
  "$(sed -n 1,5p "$c" | tr '\n' '|')" "# cudadent42 calibration v1|# git_rev: r1|# command: make aa-check (stats aa --seed 42 --draws 30 --rounds 3)|# process: own|# samples: a.csv b.csv (their sessions in their # session.<id> headers)|"
"$S" aa --draws 30 --rounds 3 "$T/aa/g1/a.csv" "$T/aa/g1/b.csv" >"$T/aa.csv" 2>/dev/null
check_eq "aa-check: ... the rest as stats aa writes it" "$(sed 2,5d "$c")" "$(cat "$T/aa.csv")"
check "aa-check: a GPU directory without a pair gets none" test ! -e "$T/aaout/aa/g2"
check "aa-check: nothing published without --publish" test ! -e "$T/aa/g1/calibration.csv"
check_grep "aa-check: the table shown, columns aligned" '^pair  shape ' "$T/o"
# --plan: only the sessions of the plan (h0's here, h1 and h2 of another); a GPU directory with none
# of them (retired data) is left alone. The oracle: the same files cut to h0's rows, without --plan
mkdir -p "$T/aap/old" "$T/aap/new" "$T/aah0/g"
for v in a b; do
  cp "$T/aa/g1/$v.csv" "$T/aap/old/$v.csv"
  sed "1a # session.h0-20261122T000000Z: plan=p1/3x1x3\n# session.h1-20261122T010000Z: plan=p0/3x1x3\n# session.h2-20261122T020000Z: plan=p0/3x1x3" \
    "$T/aa/g1/$v.csv" >"$T/aap/new/$v.csv"
  grep -v ',h[12]-20261122T0[12]0000Z,' "$T/aa/g1/$v.csv" >"$T/aah0/g/$v.csv"
done
"$S" aa-check --draws 30 --rounds 3 --out "$T/aapout" --git-rev r1 --plan p1/3x1x3 "$T/aap" >"$T/o" 2>"$T/e"; rc=$?
check_eq "aa-check --plan: exit 0" "$rc" 0
check_grep "aa-check --plan: a GPU without the plan's sessions is said" "^stats: $T/aap/old: no session of plan p1/3x1x3: not calibrated\$" "$T/e"
check "aa-check --plan: ... and not calibrated" test ! -e "$T/aapout/aap/old/calibration.csv"
check_eq "aa-check --plan: the command and the samples name the plan" \
  "$(sed -n '3p;5p' "$T/aapout/aap/new/calibration.csv" | tr '\n' '|')" \
  "# command: make aa-check (stats aa --seed 42 --draws 30 --rounds 3 --plan p1/3x1x3)|# samples: a.csv b.csv (their sessions in their # session.<id> headers of plan p1/3x1x3)|"
"$S" aa-check --draws 30 --rounds 3 --out "$T/aah0out" "$T/aah0" >/dev/null 2>&1
check_eq "aa-check --plan: the plan's session alone, as a file of its rows alone gives" \
  "$(sed 1,5d "$T/aapout/aap/new/calibration.csv")" "$(sed 1,5d "$T/aah0out/aah0/g/calibration.csv")"
check "aa-check --plan: ... one session" bash -c "sed 1,8d '$T/aapout/aap/new/calibration.csv' | cut -d, -f3 | grep -qx 1"
"$S" aa-check --draws 30 --rounds 3 --out "$T/aaout" --publish "$T/aa" >"$T/o" 2>"$T/e"; rc=$?
check_eq "aa-check --publish: exit 0, the same file beside the data" "$rc:$(sed 2d "$T/aa/g1/calibration.csv" | cmp - <(sed 2d "$c") && echo same)" "0:same"
check_grep "aa-check --publish: ... said" "^published $T/aa/g1/calibration.csv\$" "$T/o"
check_grep "aa-check without --git-rev: unknown" '^# git_rev: unknown$' "$T/aa/g1/calibration.csv"
rm "$T/aa/g1/b.csv"
"$S" aa-check --out "$T/aaout" "$T/aa" >"$T/o" 2>"$T/e"; rc=$?
check_eq "aa-check: one file of a pair missing: exit 2" "$rc" 2
check_grep "aa-check: ... named" "^stats: $T/aa/g1/b.csv: missing \(the other file of its pair is here; make measure EXP=aa on a GPU host\)" "$T/e"
"$S" aa-check --out "$T/aaout" "$T/aa/g2" "$T/none" >"$T/o" 2>"$T/e"; rc=$?
check_eq "aa-check: no pair anywhere: exit 2" "$rc" 2
check_grep "aa-check: ... said" "^stats: no A/A data under $T/aa/g2 $T/none " "$T/e"
"$S" aa-check --pairs ab "$T/aa" >"$T/o" 2>"$T/e"; rc=$?
check_eq "aa-check: a pair without a colon: exit 2, named" "$rc:$(cat "$T/e")" "2:stats: aa-check: pair 'ab' is not A:B"
"$S" aa-check --out >"$T/o" 2>"$T/e"; rc=$?
check_eq "aa-check: an option without its value: exit 2" "$rc:$(cat "$T/e")" "2:stats: --out: missing value"
# --- bench: its usage errors (the benchmark itself is run by hand: it times, it does not test) ----
run "$T/o" "$T/e" bench --repeat 0
check_eq "bench --repeat 0: exit 2, named" "$rc:$(cat "$T/e")" "2:stats: usage: stats bench [--repeat N]"
"$S" bench --repeat 0 >"$T/o" 2>"$T/e"; rc=$?
check_eq "bench --repeat 0: not a count" "$rc:$(cat "$T/e")" "2:stats: --repeat '0' is not a count from 1 to 1000"
"$S" bench --repeat 2x >"$T/o" 2>"$T/e"; rc=$?
check_eq "bench --repeat 2x: not a count" "$rc:$(cat "$T/e")" "2:stats: --repeat '2x' is not a count from 1 to 1000"
done_testing
