#!/usr/bin/env bash
# test_search.sh — `search` (propose, record, best, replay, results), `session search` (the real
# search loop and its confirmation as a measure session, with stand-ins for make, gates, nvcc and
# bench: no GPU), its resume and cache,
# `make search-confirm`, `make search REPLAY=1` and the appendix's search section (report_gen), on the SYNTHETIC landscape
# of tests/fixtures/search (known best: m128_n64_w4_s3_z1, by construction in landscape.awk).
source tests/lib.sh
set -u
S=build/tools/search
fx=tests/fixtures/search
exp=search-fixture
xroot=$fx/experiments
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" build/$exp build/plots/$exp' EXIT
if grep -q 'mk/search.mk' Makefile; then MK=(make --no-print-directory); else MK=(make --no-print-directory -f Makefile -f mk/search.mk); fi
shape=B2_H8_S512_D64_C0

# the fixture: the space expanded by make (as for any experiment), the landscape by awk
"${MK[@]}" -s EXP=$exp EXP_ROOT=$xroot build/tools/search build/tools/report_gen build/tools/stats build/tools/session \
  build/tools/samples build/tools/gatetab build/tools/numtab >/dev/null 2>&1
vd=build/$exp/variants
check "the fixture space expands to 120 configurations" test "$(ls $vd | wc -l)" -eq 120
mkdir -p "$tmp/data"
awk -v out="$tmp/data" -f $fx/landscape.awk $(ls $vd | sed 's/\.flags$//')
best=m128_n64_w4_s3_z1

# --- replay
$S replay --dir $vd --data "$tmp/data" --shape $shape --out "$tmp/st.csv" --curves "$tmp/cur.dat" 2>"$tmp/err"
check_eq "replay exits 0" $? 0
check_eq "strategies.csv header" "$(head -n 1 "$tmp/st.csv")" "strategy,shape,median_evals,q1_evals,q3_evals,seeds"
check_eq "one row per strategy, 50 seeds" "$(cut -d, -f1,2,6 "$tmp/st.csv" | tail -n +2 | tr '\n' ' ')" \
  "lhs+tpe,$shape,50 random,$shape,50 lhs,$shape,50 "
check_grep "replay finds the constructed best" "best $best 2.9938 us" "$tmp/err"
check_grep "the configuration without samples or gate row is reported" "1 of 120 configurations have neither" "$tmp/err"
tpe=$(awk -F, '$1 == "lhs+tpe" { print $3 }' "$tmp/st.csv"); rnd=$(awk -F, '$1 == "random" { print $3 }' "$tmp/st.csv")
check "lhs+tpe needs fewer evaluations than random search (median, $tpe < $rnd)" awk -v a="$tpe" -v b="$rnd" 'BEGIN { exit !(a < b) }'
check "quartiles bracket the median" awk -F, 'NR > 1 && !($4 <= $3 && $3 <= $5) { bad = 1 } END { exit bad }' "$tmp/st.csv"
check_eq "curves: 100 trials" "$(grep -cv '^#' "$tmp/cur.dat" | tr -d ' ')" 102
check "curves: the median ratio never increases and ends at 1" awk '!/^#/ && NF { for (k = 2; k <= NF; k += 3) {
    if ($k != "NaN" && (k in last) && $k > last[k] + 1e-9) bad = 1; last[k] = $k } }
  END { for (k in last) if (last[k] != 1) bad = 1; exit bad }' "$tmp/cur.dat"
$S replay --dir $vd --data "$tmp/data" --shape $shape --out "$tmp/st2.csv" --curves "$tmp/cur2.dat" 2>/dev/null
check "replay is deterministic per seed" cmp -s "$tmp/cur.dat" "$tmp/cur2.dat"
$S replay --dir $vd --data "$tmp/data" --shape $shape --seed 99 --out "$tmp/st3.csv" --curves "$tmp/cur3.dat" 2>/dev/null
check "another first seed gives other runs" bash -c "! cmp -s $tmp/cur.dat $tmp/cur3.dat"
$S replay --dir $vd --data "$tmp/data" --shape B1_H1_S128_D64_C0 --out "$tmp/x.csv" 2>"$tmp/err"
check_eq "replay: a shape without samples exits 2" $? 2
check_grep "... and says so" "no configuration of the space has samples at B1_H1_S128_D64_C0" "$tmp/err"
$S replay --dir $vd --shape $shape --out "$tmp/x.csv" 2>"$tmp/err"
check_eq "replay: --data is required" $? 2
check_grep "... named" "replay: --data is required" "$tmp/err"

# --- the command line
key=(--kernel-hash k1 --gpu synthetic-gpu --nvcc 13.0.48 --shape $shape)
log=$tmp/trials.csv
$S propose "${key[@]}" --dir $vd --log "$log" --batch 8 >"$tmp/p1"
check_eq "propose: 8 names from an empty log" "$(sort -u "$tmp/p1" | wc -l | tr -d ' ')" 8
check "propose: every name is a configuration" bash -c "cd $vd && ls \$(sed 's/\$/.flags/' $tmp/p1)"
for v in $(cat "$tmp/p1"); do
  if [ -f "$tmp/data/$v.csv" ]; then $S record "${key[@]}" --dir $vd --log "$log" --variant $v --samples "$tmp/data/$v.csv"
  else $S record "${key[@]}" --dir $vd --log "$log" --variant $v --gated runtime_error; fi
done
check_eq "record: 8 rows after the two header lines" "$(wc -l <"$log" | tr -d ' ')" 10
$S propose "${key[@]}" --dir $vd --log "$log" --batch 8 >"$tmp/p2"
check_eq "propose: nothing already tried" "$(sort "$tmp/p1" "$tmp/p2" | uniq -d | wc -l | tr -d ' ')" 0
check_eq "propose: --max-trials reached, nothing" "$($S propose "${key[@]}" --dir $vd --log "$log" --max-trials 8 | wc -l | tr -d ' ')" 0
$S propose --kernel-hash k2 --gpu synthetic-gpu --nvcc 13.0.48 --shape $shape --dir $vd --log "$log" --batch 8 >"$tmp/p3"
check "another kernel hash: the log does not answer it (the first design again)" cmp -s "$tmp/p1" "$tmp/p3"
read -r bv bm bn bok bgated < <($S best "${key[@]}" --dir $vd --log "$log")
want=$(for v in $(cat "$tmp/p1"); do [ -f "$tmp/data/$v.csv" ] && awk -F, -v v=$v '!/^#/ && NR > 5 { x[++n] = $3 } END { print x[3], v }' "$tmp/data/$v.csv"; done | sort -g | head -n 1)
check_eq "best: the lowest median among the recorded (awk on the fixture)" "$bm $bv" "$want"
check_eq "best: trial counts" "$bn $((bok + bgated))" "8 8"
$S best --kernel-hash zz --gpu synthetic-gpu --nvcc 13.0.48 --shape $shape --dir $vd --log "$log" 2>/dev/null
check_eq "best: nothing measured for a key exits 1" $? 1
err() { "$@" >/dev/null 2>"$tmp/err"; echo $?; }
check_eq "unknown command" "$(err $S frobnicate)" 2
check_eq "unknown option" "$(err $S propose "${key[@]}" --dir $vd --log "$log" --bogus 1)" 2
check_eq "bad --gamma" "$(err $S propose "${key[@]}" --dir $vd --log "$log" --gamma 1.5)" 2
check_grep "... message" "--gamma: '1.5' is not a number" "$tmp/err"
check_eq "bad --batch" "$(err $S propose "${key[@]}" --dir $vd --log "$log" --batch 0)" 2
check_eq "bad --strategy" "$(err $S propose "${key[@]}" --dir $vd --log "$log" --strategy tpe)" 2
check_eq "missing key part" "$(err $S propose --gpu g --nvcc n --shape $shape --dir $vd --log "$log")" 2
check_grep "... named" "kernel-hash is required" "$tmp/err"
check_eq "record: unknown variant" "$(err $S record "${key[@]}" --dir $vd --log "$log" --variant nope --gated numerics)" 2
check_eq "record: both --samples and --gated" "$(err $S record "${key[@]}" --dir $vd --log "$log" --variant $best --gated x --samples y)" 2
check_eq "record: samples without the shape" "$(err $S record --kernel-hash k1 --gpu g --nvcc n --shape B1_H1_S1_D64_C0 --dir $vd --log "$log" --variant $best --samples "$tmp/data/$best.csv")" 2
check_grep "... message" "no samples of shape B1_H1_S1_D64_C0" "$tmp/err"
check_eq "record: a reason that cannot be a field" "$(err $S record "${key[@]}" --dir $vd --log "$log" --variant $best --gated 'a b')" 2
n0=$(wc -l <"$log")
check_eq "record: a reason that is no gate's" "$(err $S record "${key[@]}" --dir $vd --log "$log" --variant $best --gated slow)" 2
check_grep "... message" "record: --gated 'slow' is not a gate reason" "$tmp/err"
check_eq "... nothing appended" "$(wc -l <"$log")" "$n0"
printf 'x\n' >"$tmp/bad.csv"
check_eq "a file that is not a trial log" "$(err $S best "${key[@]}" --dir $vd --log "$tmp/bad.csv")" 2
check_grep "... file:line" "bad.csv:1: not a trial log" "$tmp/err"

# --- the search loop (`session search`, tools/session/run_search.h) with stand-ins
export FAKE_CALLS=$tmp/calls FAKE_DATA=$tmp/data FAKE_VARIANTS=$vd FAKE_BIN=$PWD/$fx/bin FAKE_NUMERICS=m64_n128_w2_s2_z1
mkdir -p "$tmp/locks"
# (the environment make passes; the confirmation session reads PROBLEM and CODE_SRC as measure does)
search_env=(B=build PROBLEM=attention CODE_SRC="kernels/harness kernels/attention" NVCC=$fx/bin/nvcc MAKE_CMD=$fx/bin/make
  GATES=$fx/bin/gates SHAPE=$shape SEED=42 VARIANT_DIR=$vd RESULTS_DIR="$tmp/res" BATCH=8 INIT=20 SEARCH_REPS=5 CONFIRM_REPS=5
  BASELINE=m64_n64_w4_s2_z1 GPU_LOCK_DIR="$tmp/locks")
run_search() { # run_search LOG MAX_TRIALS [VAR=value ...]
  env "${search_env[@]}" SEARCH_LOG="$1" MAX_TRIALS="$2" "${@:3}" build/tools/session search $exp
}
: >"$FAKE_CALLS"
run_search "$tmp/a.csv" 30 2>"$tmp/s.err"
check_eq "session search: exits 0" $? 0
check_eq "session search: 30 trials in the log" "$(tail -n +3 "$tmp/a.csv" | wc -l | tr -d ' ')" 30
check_eq "session search: no configuration twice" "$(tail -n +3 "$tmp/a.csv" | cut -d, -f5 | sort | uniq -d | wc -l | tr -d ' ')" 0
check "session search: the key holds the kernel hash, GPU slug and nvcc version" \
  awk -F, 'NR > 2 && !(length($1) == 16 && $1 ~ /^[0-9a-f]+$/ && $2 == "synthetic-gpu" && $3 == "13.0.48") { bad = 1 } END { exit bad }' "$tmp/a.csv"
check_eq "session search: the kernel hash is that of the code id make measure writes (session code-id) and GRAPH_CALLS" \
  "$(sed -n 2p "$tmp/res/key.txt")" \
  "$(printf '%s graph_calls=20\n' "$("${SESSION_BIN:-build/tools/session}" code-id kernels kernels/harness kernels/attention)" | sha256sum | cut -c1-16)"
check_eq "session search: without CODE_SRC it refuses (exit 2)" "$(run_search "$tmp/nocode.csv" 1 CODE_SRC= 2>"$tmp/err" >/dev/null; echo $?)" 2
check_grep "... saying so" "CODE_SRC: empty" "$tmp/err"
check "session search: statically gated ones recorded with the fixture's reason" \
  awk -F, 'NR == FNR { if ($2 == "reject") r[$1] = $3; next } FNR > 2 && ($6 in r) && !($9 == "reject" && $10 == r[$6]) { bad = 1 } END { exit bad }' "$tmp/data/gates.csv" "$tmp/a.csv"
check "session search: gated ones are never timed" bash -c "! grep -qE '^time (\$(awk -F, '\$2 == \"reject\" { printf \"%s|\", \$1 }' $tmp/data/gates.csv)NONE)\$' $tmp/calls"
check_grep "session search: no-sample configuration -> runtime_error" ",m64_n32_w2_s1_z0,.*,reject,runtime_error,|^$" "$tmp/a.csv"
check "session search: numerics failure -> numerics, when tried" bash -c "! grep -q ',m64_n128_w2_s2_z1,' $tmp/a.csv || grep -q ',m64_n128_w2_s2_z1,.*,reject,numerics,' $tmp/a.csv"
read -r sbest _ < <($S best --kernel-hash "$(sed -n 2p $tmp/res/key.txt)" --gpu synthetic-gpu --nvcc 13.0.48 --shape $shape --dir $vd --log "$tmp/a.csv")
check_grep "session search: confirmation of the best" "^# variant: $sbest\$" $tmp/res/confirm/cand.csv
check_grep "session search: confirmation of the baseline" "^# variant: m64_n64_w4_s2_z1\$" $tmp/res/confirm/base.csv
# --- confirmation statistics -> loop1_results.json
"${MK[@]}" -s search-confirm EXP=$exp EXP_ROOT=$xroot SEARCH_RESULTS="$tmp/res" SEARCH_LOG="$tmp/a.csv" LOOP1_JSON="$tmp/loop1.json" >"$tmp/conf.out" 2>&1
rc=$?; check_eq "search-confirm exits 0" $rc 0
[ $rc -eq 0 ] || sed 's/^/# /' "$tmp/conf.out"
j=$tmp/loop1.json
check "loop1_results.json is JSON" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$j"
jget() { python3 -c "import json,sys; v=json.load(open(sys.argv[1]))[sys.argv[2]]; print(json.dumps(v))" "$j" "$1"; }
check_eq "json: best_config" "$(jget best_config)" "\"$sbest\""
# oracle: the landscape's medians (the third of five sorted samples) by awk
mb=$(awk -F, '!/^#/ && NR > 5 { x[++n] = $3 } END { print x[3] }' "$tmp/data/m64_n64_w4_s2_z1.csv")
mc=$(awk -F, '!/^#/ && NR > 5 { x[++n] = $3 } END { print x[3] }' "$tmp/data/$sbest.csv")
check "json: speedup = baseline median / best median ($mb / $mc)" python3 -c "
import json,sys; d=json.load(open(sys.argv[1])); s=$mb/$mc
assert abs(d['speedup']-s) < 1e-4*s, d['speedup']; assert abs(d['best_latency_ms']-$mc/1000) < 1e-9
assert abs(d['improvement_pct']-($mb-$mc)/$mb*100) < 1e-3" "$j"
check "json: success = verdict FAST and the CI's lower end >= 1.10" python3 -c "
import json,sys; d=json.load(open(sys.argv[1])); assert d['success'] == (d['verdict'] == 'FAST' and d['speedup_ci_95'][0] >= 1.1)" "$j"
check_eq "json: the level of the design is recorded" "$(jget level),$(jget n_sessions)" '"round",1'
# CONFIRM_FROM: published samples of another configuration are refused
"${MK[@]}" -s search-confirm EXP=$exp EXP_ROOT=$xroot SEARCH_RESULTS="$tmp/res" SEARCH_LOG="$tmp/a.csv" LOOP1_JSON="$tmp/l3.json" \
  CONFIRM_FROM="$tmp/res/confirm/base.csv $tmp/res/confirm/base.csv" >/dev/null 2>"$tmp/err"
check_eq "CONFIRM_FROM: another configuration is refused" "$?" 2
check_grep "... and says why" "is not the configuration the search confirmed" "$tmp/err"
check_eq "json: candidates_found + rejected_count = trials = 30" "$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['candidates_found']+d['rejected_count'], d['trials'], len(d['trial_log']))" "$j")" "30 30 30"
check_eq "json: rejections by reason match the log" \
  "$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(' '.join(f'{k}={v}' for k,v in sorted(d['rejections'].items())))" "$j")" \
  "$(awk -F, -v h="$(sed -n 2p $tmp/res/key.txt)" 'NR > 2 && $1 == h && $3 == "13.0.48" && $9 == "reject" { c[$10]++ } END { for (k in c) print k "=" c[k] }' "$tmp/a.csv" | sort | tr '\n' ' ' | sed 's/ $//')"
check_eq "json: the seed" "$(jget seed)" 42
mv $tmp/res/confirm/base.csv "$tmp/base.csv"
"${MK[@]}" -s search-confirm EXP=$exp EXP_ROOT=$xroot SEARCH_RESULTS="$tmp/res" SEARCH_LOG="$tmp/a.csv" LOOP1_JSON="$tmp/l2.json" >/dev/null 2>"$tmp/err"
check "search-confirm: missing confirmation samples fail" test $? -ne 0
check_grep "... and name the file" "confirm/base.csv: missing" "$tmp/err"
mv "$tmp/base.csv" $tmp/res/confirm/base.csv

n_time=$(grep -c '^time ' "$FAKE_CALLS")
run_search "$tmp/a.csv" 30 2>"$tmp/s2.err"
check_eq "session search: a rerun with the same inputs measures nothing" "$(grep -c '^time ' "$FAKE_CALLS")" "$n_time"
check_grep "... and says the confirmation is there" "already measured" "$tmp/s2.err"
FAKE_NVCC=13.1.0 run_search "$tmp/a.csv" 8 2>/dev/null
check_eq "session search: another nvcc version is another key: measured again" "$(tail -n +3 "$tmp/a.csv" | wc -l | tr -d ' ')" 38
# stopped after 12, resumed to 30: the same trials as one run of 30 (batches restart at the design)
run_search "$tmp/b.csv" 12 2>/dev/null
run_search "$tmp/b.csv" 30 2>/dev/null
check "session search: stopped at 12 and resumed = one run of 30" cmp -s <(tail -n +3 "$tmp/a.csv" | head -n 30 | cut -d, -f5) <(tail -n +3 "$tmp/b.csv" | cut -d, -f5)
# killed mid-batch, then rerun
(exec env FAKE_SLEEP=0.3 "${search_env[@]}" SEARCH_LOG="$tmp/c.csv" MAX_TRIALS=30 build/tools/session search $exp) 2>/dev/null &
pid=$!
sleep 2; kill $pid 2>/dev/null; wait $pid 2>/dev/null; sleep 1
k=$(tail -n +3 "$tmp/c.csv" 2>/dev/null | wc -l | tr -d ' ')
check "session search: killed part-way ($k trials)" test "$k" -gt 0 -a "$k" -lt 30
run_search "$tmp/c.csv" 30 2>"$tmp/c.err"
check_eq "session search: resumed after a kill, 30 trials" "$(tail -n +3 "$tmp/c.csv" | wc -l | tr -d ' ')" 30
check_eq "session search: ... none twice" "$(tail -n +3 "$tmp/c.csv" | cut -d, -f5 | sort | uniq -d | wc -l | tr -d ' ')" 0
check_eq "session search: TIME_BUDGET stops the loop" "$(run_search "$tmp/d.csv" 30 TIME_BUDGET=1 FAKE_SLEEP=0.4 2>&1 | grep -c 'time budget')" 1
env "${search_env[@]}" VARIANT_DIR=/nonexistent build/tools/session search $exp 2>"$tmp/err"
check_eq "session search: no variant directory exits 2" $? 2
check_grep "... saying so" "^search: $exp: no variant directory '/nonexistent'" "$tmp/err"
build/tools/session search 2>"$tmp/err"
check_eq "session search: no experiment exits 2" $? 2
check_grep "... saying so" "^session: search: one experiment" "$tmp/err"
run_search "$tmp/a.csv" 30 BASELINE=nope 2>"$tmp/err"
check_eq "session search: a BASELINE that is no variant, compiled baseline or library baseline exits 2" $? 2
check_grep "... before anything is built or timed" "^search: baseline 'nope' is not a variant of $exp" "$tmp/err"
# the confirmation's runs fail for a baseline without samples: nothing is kept, and the
# experiment's runtime table is not the confirmation session's (TABLES=0)
n_calls=$(wc -l <"$FAKE_CALLS")
run_search "$tmp/a.csv" 30 BASELINE=m64_n32_w2_s1_z0 RESULTS_DIR="$tmp/fres" 2>"$tmp/err"
check_eq "session search: a confirmation whose baseline fails exits 2" $? 2
check_grep "... naming it" "^search: confirmation of m64_n32_w2_s1_z0: no samples" "$tmp/err"
check_grep "... its runtime verdict said by the session" "^search: m64_n32_w2_s1_z0: runtime_error: " "$tmp/err"
check "... no confirmation kept" test ! -e "$tmp/fres/confirm/cand.csv" -a ! -e "$tmp/fres/confirm/base.csv"
check "... the experiment's runtime table untouched" test ! -e build/$exp/runtime.csv
check_eq "... only the best and the baseline timed (the log has the key's 30 trials)" \
  "$(tail -n +$((n_calls + 1)) "$FAKE_CALLS" | sed -n 's/^time //p' | sort -u | tr '\n' ' ')" "$(printf '%s\n' "$sbest" m64_n32_w2_s1_z0 | sort -u | tr '\n' ' ')"

# every command `session search` runs from build/tools by default (run_search_env.c), and those
# its confirmation session runs (run_env.c; SERVE=0: no server), is made before it runs, and so
# is the session command itself: a prerequisite of `make search`
db=$(make -pn --no-print-directory search EXP=sweep 2>/dev/null | grep -E '^search:')
tools=$(grep -o 'run_tool(get, "[A-Z_]*", e->b_root, "[a-z_]*")' tools/session/run_search_env.c tools/session/run_env.c |
  sed 's/.*, "//; s/")$//' | grep -vx serve | sort -u)
check_eq "the commands session search and its confirmation run by default" "$(echo $tools)" "gates gatetab numtab samples search"
for tool in session $tools; do
  check "make search builds build/tools/$tool before the search runs" grep -qE "[ ]build/tools/$tool( |\$)" <<<"$db"
done

# --- make search REPLAY=1 end to end, and the appendix fragment
"${MK[@]}" -s search-replay EXP=$exp EXP_ROOT=$xroot REPLAY_DATA="$tmp/data" REPLAY_GPU=synthetic REPLAY_SEEDS=10 >"$tmp/m.out" 2>&1
check_eq "make search-replay (= search REPLAY=1) exits 0" $? 0
check_grep "... prints the table" "^lhs\+tpe +B2_H8_S512_D64_C0 " "$tmp/m.out"
check "... writes build/<exp>/strategies.csv" test -s build/$exp/strategies.csv
"${MK[@]}" -s search REPLAY=1 EXP=$exp EXP_ROOT=$xroot REPLAY_DATA="$tmp/data" REPLAY_GPU=synthetic REPLAY_SEEDS=10 >"$tmp/m2.out" 2>&1
check_eq "make search REPLAY=1 is the same target" "$(cat "$tmp/m2.out")" "$(cat "$tmp/m.out")"
check "... and the plot (pdf, png)" test -s build/plots/$exp/search.pdf -a -s build/plots/$exp/search.png
# ssec ARGS...: the appendix with no experiment, ARGS (--strategies CSV, --search-plot REL) into $tmp/s.{tex,md}
ssec() { build/tools/report_gen --data "$tmp/data" --build "$tmp/rb" --static reports "$@"; }
# two sweeps at one shape, named by their directories: sw1 as replayed, sw2 with random search
# needing twice as many evaluations
mkdir -p "$tmp/sw1" "$tmp/sw2"
cp "$tmp/st.csv" "$tmp/sw1/strategies.csv"
awk -F, -v OFS=, '$1 == "random" { $3 *= 2 } 1' "$tmp/st.csv" >"$tmp/sw2/strategies.csv"
ssec --tex "$tmp/s.tex" --md "$tmp/s.md" --strategies "$tmp/sw1/strategies.csv" --search-plot ../plots/sw1/search \
  --strategies "$tmp/sw2/strategies.csv"
check_eq "search_section exits 0" $? 0
want=$(awk -F, '$1 == "lhs+tpe" { t = $3 } $1 == "random" { r = $3 } END { printf "%.0f%% fewer", (r - t) / r * 100 }' "$tmp/st.csv")
check_grep "search_section: the sentence names the sweep and says by how much ($want)" \
  "In \`sw1\` at \`$shape\`: LHS\\+TPE needs $tpe evaluations .* against $rnd for random search: $want" "$tmp/s.md"
want2=$(awk -F, '$1 == "lhs+tpe" { t = $3 } $1 == "random" { r = 2 * $3 } END { printf "%.0f%% fewer", (r - t) / r * 100 }' "$tmp/st.csv")
check_grep "search_section: ... and the other sweep's at the same shape its own ($want2)" \
  "In \`sw2\` at \`$shape\`: .*: $want2" "$tmp/s.md"
check_grep "search_section: a LaTeX table row, its sweep first" "^\\\\texttt\\{sw1\\} & lhs\\+tpe & \\\\texttt\\{B2\\\\_" "$tmp/s.tex"
check_grep "search_section: the figure" "includegraphics.*search.pdf" "$tmp/s.tex"
check_grep "search_section: ... its caption names the sweep" "Figure 1.\\*\\* \`sw1\`: best latency" "$tmp/s.md"
echo "strategy,shape" >"$tmp/badst.csv"
ssec --tex "$tmp/s.tex" --md "$tmp/s.md" --strategies "$tmp/badst.csv" 2>"$tmp/err"
check_eq "search_section: not a strategies file exits 2" $? 2
check_grep "... file:line" "badst.csv:1:" "$tmp/err"
ssec --md "$tmp/s.md" --strategies "$tmp/st.csv" 2>"$tmp/err"
check_eq "search_section: --tex missing exits 2" $? 2
ssec --tex "$tmp/s.tex" --md "$tmp/s.md" --bogus x --strategies "$tmp/st.csv" 2>"$tmp/err"
check_eq "search_section: unknown option exits 2" $? 2
# --- two GPUs: a batch's trials timed on both at once, one at a time on each
FAKE_CALLS=$tmp/gcalls FAKE_GPULOG=$tmp/gpulog FAKE_SLEEP=0.2 run_search "$tmp/g.csv" 16 GPUS=0,1 GPU_LOCK_DIR="$tmp/locks" RESULTS_DIR="$tmp/gres" 2>"$tmp/g.err"
check_eq "session search GPUS=0,1: exits 0" $? 0
check_eq "... 16 trials in the log, none twice" "$(tail -n +3 "$tmp/g.csv" | wc -l | tr -d ' ') $(tail -n +3 "$tmp/g.csv" | cut -d, -f5 | sort | uniq -d | wc -l | tr -d ' ')" "16 0"
# the trials' timing runs (and the confirmation's, afterwards, on the first of GPUS)
check_eq "... the trials timed on both GPUs" "$(cut -d' ' -f1 "$tmp/gpulog" | grep -vx none | sort -u | tr '\n' ' ')" "0 1 "
check_eq "... at the same time" "$(overlaps "$tmp/gpulog" 0 1)" 1
check_eq "... never two at once on one GPU" "$(overlaps "$tmp/gpulog" 0 0)$(overlaps "$tmp/gpulog" 1 1)" "00"
done_testing
