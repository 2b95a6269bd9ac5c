#!/usr/bin/env bash
# test_measure.sh — the measure and merge logic of `session measure` (tools/session/run_session.h) without a GPU: fake bench
# binaries stand in for the harness (a passing one, one failing numerics, one crashing while
# timing), a fake python3 for kernels/attention/problem/sdpa_bench.py and a fake nvidia-smi. Checks round
# interleaving in a balanced random order per round (`session order`, from ORDER_SEED), the merged sample
# file (rep renumbered, round/session/position columns, metadata from round 1, one session line
# per session), appending sessions of the same code and replacing on a change, the refusal of a
# session id already published, SDPA failures, runtime gate rows, and that data/ keeps old files
# on failure.
. tests/lib.sh
export PROBLEM=attention  # what make passes: the problem whose sources make the code id
t=$(mktemp -d); trap "${KEEP:+:} rm -rf \"$t\"" EXIT
# the rounds are merged by the samples command built here (make test builds it)
export SAMPLES_BIN=$PWD/build/tools/samples SESSION_BIN=$PWD/build/tools/session GATETAB=$PWD/build/tools/gatetab NUMTAB=$PWD/build/tools/numtab
b=$t/build/fake; mkdir -p "$b"
# fake NAME MODE: MODE ok | numerics | crash (round 2, after 0.5 s) | nofile (exit 0, writes nothing)
# | linger (exits 0.4 s after writing its file) | slow (3 s before it writes its file).
# Like bench, it writes each --meta as '# key: value' and refuses a key outside [a-z0-9_.-] or
# given twice; it logs "round variant" to $b/sched.txt and the round to $b/order.txt.
fake() {
  mkdir -p "$b/$1"; printf -- '-DX=1\n' >"$b/$1/flags"; printf 'B1_H1_S8_D64_C0\nB1_H1_S16_D64_C0\n' >"$b/$1/shapes.txt"
  cat >"$b/$1/bench" <<EOS
#!/usr/bin/env bash
mode=$2
for a in "\$@"; do [ "\$a" = --gpu-slug ] && { echo fake-gpu; exit 0; }; done
proc=own; for a in "\$@"; do [ "\$a" = --served ] && proc=served; done  # (bench's # process:)
for a in "\$@"; do [ "\$a" = --check ] && { echo "\$0" >>"$b/check_calls.txt"; [ \$mode = numerics ] && { echo "check shape=x verdict=fail"; exit 1; }; exit 0; }; done
. $PWD/tests/fixtures/bench/turn.sh "\$@"
ts=\$(date +%s.%N)
[ \$mode = slow ] && { : >"$b/\$(basename "\$(dirname "\$0")").started"; sleep 3; }
[ ! -e /proc/\$\$/fd/9 ] || echo "\$0" >>"$b/fd9.log"  # (the session's GPU lock is fd 9)
# like bench, a timing run checks numerics first and writes nothing when they fail
[ \$mode = numerics ] && { echo "check shape=B1_H1_S8_D64_C0 max_abs_err=4.000e-01 max_rel_err=2.000e+00 allclose_violations=7 nan=0 rerun_mismatch=0 workspace_dirty=0 uniform=fail hard=pass verdict=fail" >&2; exit 1; }
for sh in B1_H1_S8_D64_C0 B1_H1_S16_D64_C0; do  # (bench's check line of a shape that passed)
  echo "check shape=\$sh max_abs_err=1.000e-03 max_rel_err=2.000e-03 allclose_violations=0 nan=0 rerun_mismatch=0 workspace_dirty=0 uniform=pass hard=pass verdict=pass" >&2
done
out=; r=; meta=; keys=" "
while [ \$# -gt 0 ]; do case \$1 in
  --out) out=\$2; shift ;;
  --meta) k=\${2%%=*}
          [[ \$k =~ ^[a-z0-9_.-]+\$ ]] && [[ \$keys != *" \$k "* ]] || { echo "bench: --meta: bad key '\$k'" >&2; exit 2; }
          keys="\$keys\$k "; meta="\$meta# \$k: \${2#*=}
"; case \$2 in round=*) r=\${2#round=} ;; esac; shift ;;
esac; shift; done
echo "\$r" >>"$b/order.txt"; echo "\$r $1" >>"$b/sched.txt"
[ \$mode = crash ] && [ "\$r" = 2 ] && { sleep 0.5; echo "bench: cudaErrorMisalignedAddress" >&2; exit 4; }
[ \$mode = nofile ] && exit 0
{ echo "# cudadent42 samples v1"; printf '%s' "\$meta"; echo "# round_seen: \$r"; echo "# graph_calls: 20"; echo "# reps: 2"; echo "# process: \$proc"
  echo "# temp_end_c: 4\$r"; echo "shape,rep,time_us,sm_clock_mhz"
  echo "B1_H1_S8_D64_C0,0,1\$r.5,1980"; echo "B1_H1_S8_D64_C0,1,1\$r.6,1980"; echo "B1_H1_S16_D64_C0,0,2\$r.5,1980"; } >"\$out"
echo "bench: [1/1] B1_H1_S8_D64_C0 median 1.0 us" >&2
# linger: a slow exit after the file is written (a context's teardown); logs "x start exit"
if [ \$mode = linger ]; then sleep 0.4; echo "x \$ts \$(date +%s.%N)" >>"$b/linger.log"; fi
EOS
  chmod +x "$b/$1/bench"
}
# gates NAME...: a gate table in which every NAME passed
gates() { { echo 'variant,verdict,reason,detail,kernel,regs'; printf '%s,pass,,,k,1\n' "$@"; } >"$b/gates.csv"; }
# a fake nvidia-smi: the uuid names the index it was asked for
mkdir -p "$t/smi"; printf '#!/usr/bin/env bash\nwhile [ $# -gt 0 ]; do [ "$1" = -i ] && i=$2; shift; done\necho " GPU-fake-$i"\n' >"$t/smi/nvidia-smi"
chmod +x "$t/smi/nvidia-smi"
fake good ok; fake wrong numerics; fake crashy crash
printf 'variant,verdict,reason,detail,kernel,regs\ngood,pass,,,k,1\nwrong,pass,,,k,1\ncrashy,pass,,,k,1\nbad,reject,build_failed,"x, y",,\n' >"$b/gates.csv"
mkdir -p "$t/data/fake/fake-gpu"; echo "old published" >"$t/data/fake/fake-gpu/crashy.csv"
PATH=$t/smi:$PATH CUDA_VISIBLE_DEVICES=3,1 GIT_DIR=$t/no-git B=$t/build DATA_OUT=$t/data ROUNDS=3 REPS=6 \
  SHAPES="B1_H1_S8_D64_C0 B1_H1_S16_D64_C0" GIT_REV=abc build/tools/session measure fake >"$t/stdout" 2>"$t/stderr"; rc=$?
cat "$t/stderr" >&2
check_eq "measure exits 0 when variants fail" "$rc" 0
check "no run holds the session's GPU lock (fd 9: a run left behind would keep the GPU locked)" test ! -e "$b/fd9.log"
d=$t/data/fake/fake-gpu
check "good published" test -f "$d/good.csv"
check_eq "balanced rounds: every timed variant once per round, round after round" "$(tr '\n' ' ' <"$b/order.txt")" "1 1 2 2 3 "
check_eq "merged header: round 1 metadata only" "$(grep -c '^# round_seen' "$d/good.csv")" 1
check_grep "merged header records rounds" '^# rounds: 3$' "$d/good.csv"
check_grep "merged header records the last round's end temperature" '^# temp_end_c_last_round: 43$' "$d/good.csv"
check_grep "round, session and position columns added" '^shape,rep,time_us,sm_clock_mhz,round,session,position$' "$d/good.csv"
check_eq "reps renumbered per shape across rounds" "$(grep '^B1_H1_S8_D64_C0,' "$d/good.csv" | cut -d, -f2 | tr '\n' ' ')" "0 1 2 3 4 5 "
s1=$(awk -F': ' '$1 == "# session" { print $2 }' "$d/good.csv")
host=$(hostname -s 2>/dev/null); host=$(printf "%s" "$host" | tr -c "A-Za-z0-9.-" "-")
check_eq "default session id: <host>-<UTC start>" "$(echo "$s1" | grep -cE "^$host-[0-9]{8}T[0-9]{6}Z$")" 1
check_grep "round 3 sample carries round 3, the session, position 1 (crashy is out)" "^B1_H1_S16_D64_C0,2,23.5,1980,3,$s1,1\$" "$d/good.csv"
check_eq "session column equals the header's session" "$(grep -v '^#' "$d/good.csv" | tail -n +2 | cut -d, -f6 | sort -u)" "$s1"
check_grep "host recorded" "^# host: $host\$" "$d/good.csv"
check_grep "GPU uuid from nvidia-smi for the first visible device" '^# gpu_uuid: GPU-fake-3$' "$d/good.csv"
check_grep "order seed recorded (random when not given)" '^# order_seed: [0-9]+$' "$d/good.csv"
check_grep "code of our variants: a hash of the harness's and the problem's sources, without git" '^# code: kernels:[0-9a-f]{12}$' "$d/good.csv"
check_grep "one session line with date, host, uuid, rev, rounds, seed, machine" \
  "^# session\.$s1: date=[0-9TZ:-]+ host=$host gpu_uuid=GPU-fake-3 git_rev=abc rounds=3 order_seed=[0-9]+ order=balanced machine=$(tr -dc 'a-f0-9' </proc/sys/kernel/random/boot_id | cut -c1-12)\$" "$d/good.csv"
check "round files under runs/<session>/" test -f "$b/runs/$s1/good.r3.csv"
check_eq "numerics failure publishes nothing" "$(ls "$d" | grep -c wrong)" 0
check_eq "crash while timing leaves the old file" "$(cat "$d/crashy.csv")" "old published"
check_grep "progress names round and session" "^measure: \[[0-9]+/[0-9]+\] round 2/3 good \(session $s1\)\$" "$t/stderr"
g=$d/gates.csv
check_grep "numerics gate row" '^wrong,reject,numerics,' "$g"
check_grep "... its detail is the failing check, from the timing run itself (no separate --check pass)" '^wrong,numerics,"check shape=B1_H1_S8_D64_C0 max_abs_err=4.000e-01 .* verdict=fail"$' "$b/runtime.csv"
# the numerics table: every check line of every run, the failing one included
nt=$d/numerics.csv
check_eq "numerics.csv: its magic line, the code (the session's files' kernels id), the commit (GIT_REV=abc), its session's line and columns" "$(head -n 5 "$nt" | tr '\n' ' ')" \
  "# cudadent42 numerics v1 # code: $(sed -n 's/^# code: //p' "$d/good.csv" | head -n 1) # git_rev: abc # session.$s1: git_rev=abc variant,shape,session,run,max_abs_err,max_rel_err,allclose_violations,nan,rerun_mismatch,workspace_dirty,uniform,hard,verdict "
check_eq "numerics.csv: good's 2 shapes x 3 rounds, runs 1-3 of each" \
  "$(awk -F, '$1 == "good" { print $2 ":" $4 ":" $13 }' "$nt" | sort | tr '\n' ' ')" \
  "B1_H1_S16_D64_C0:1:pass B1_H1_S16_D64_C0:2:pass B1_H1_S16_D64_C0:3:pass B1_H1_S8_D64_C0:1:pass B1_H1_S8_D64_C0:2:pass B1_H1_S8_D64_C0:3:pass "
check_grep "numerics.csv: wrong's failed check with its errors (round 1 stopped it)" \
  "^wrong,B1_H1_S8_D64_C0,$s1,1,4\\.000e-01,2\\.000e\\+00,7,0,0,0,fail,pass,fail\$" "$nt"
check_eq "numerics.csv: every row of this session" "$(awk -F, -v s=$s1 '!/^#/ && h && $3 != s; !/^#/ { h = 1 }' "$nt" | wc -l)" 0
check_eq "no --check process: every process is a timing run" "$(cat "$b/check_calls.txt" 2>/dev/null | wc -l)" 0
check_grep "runtime_error gate row with the CUDA error" '^crashy,reject,runtime_error,"bench: cudaErrorMisalignedAddress"' "$g"
check_grep "passing row unchanged" '^good,pass,,,k,1$' "$g"
check_grep "static reject kept with its quoted detail" '^bad,reject,build_failed,"x, y",,$' "$g"
check_eq "one gate row per variant" "$(($(wc -l <"$g") - 1))" 4
check_grep "the static gate table is not rewritten: a transient failure is retried next run" '^crashy,pass,' "$b/gates.csv"
check_grep "... the run's verdicts are in gates_run.csv" '^crashy,reject,runtime_error,' "$b/gates_run.csv"
# a clean run (no runtime rows) keeps every gate row
m=$t/merge; mkdir -p "$m"; printf 'variant,verdict,reason,detail,k\na,pass,,"x, y",1\n' >"$m/gates.csv"; : >"$m/runtime.csv"
"$GATETAB" merge "$m" "$m/pub"
check_eq "merge with no runtime rows keeps the table" "$(cat "$m/pub/gates.csv" | tr '\n' '|')" 'variant,verdict,reason,detail,k|a,pass,,"x, y",1|'
out=$(B=$t/build DATA_OUT=$t/data build/tools/session measure nothing 2>&1); rc=$?
check_eq "missing gates.csv is an input error" "$rc" 2
check_grep "missing gates.csv is named" 'gates.csv: missing' <(echo "$out")
out=$(B=$t/build DATA_OUT=$t/data2 GRAPH_CALLS=0 LIB_BENCH=kernels/attention/problem/sdpa_bench.py LIB_BASELINES=sdpa-cudnn build/tools/session measure fake 2>&1); rc=$?
check_eq "GRAPH_CALLS=0 with SDPA baselines is refused" "$rc" 2
check_grep "the refusal says why" 'would not compare like for like' <(echo "$out")
check "nothing measured when refused" test ! -e "$t/data2"
# --- order, sessions: four passing variants, five rounds ----------------------------------------
b=$t/build/ord; mkdir -p "$b"
for v in v1 v2 v3 v4; do fake $v ok; done; gates v1 v2 v3 v4
d=$t/data/ord/fake-gpu
measure() { # measure SESSION ORDER_SEED [VAR=VALUE...]: one session of ord into $t/data
  local s=$1 o=$2; shift 2
  env "$@" B=$t/build DATA_OUT=$t/data ROUNDS=5 REPS=10 SHAPES="B1_H1_S8_D64_C0 B1_H1_S16_D64_C0" GIT_REV=abc \
    "SESSION=$s" "ORDER_SEED=$o" build/tools/session measure ord >/dev/null 2>"$t/stderr"
}
# the order each round ran in, from the fakes' log: "v3 v1 v4 v2|v2 ...|..."
orders() { awk '{ o[$1] = o[$1] " " $2 } END { for (r = 1; r <= 5; r++) printf "%s|", o[r] }' "$b/sched.txt"; }
measure o1 12345; rc=$?
check_eq "session o1 exits 0" "$rc" 0
o1=$(orders)
check "rounds run in different orders (3+ variants, 5 rounds, one seed)" test "$(echo "$o1" | tr '|' '\n' | grep . | sort -u | wc -l)" -gt 1
# each round's positions (one per variant file) are a permutation of 1..4
perm_ok=1
for r in 1 2 3 4 5; do
  p=$(for v in v1 v2 v3 v4; do awk -F, -v r=$r '!/^#/ && $5 == r { print $7; exit }' "$d/$v.csv"; done | sort -n | tr '\n' ' ')
  [ "$p" = "1 2 3 4 " ] || { perm_ok=0; echo "# round $r positions: $p" >&2; }
done
check_eq "each round's positions are a permutation of 1..4" "$perm_ok" 1
dealt=$("$SESSION_BIN" order --seed 12345 --rounds 5 v1 v2 v3 v4 | awk '{ o[$2] = o[$2] " " $1 } END { for (r = 1; r <= 5; r++) printf "%s|", o[r] }')
check_eq "the rounds ran in the order \`session order\` deals for the seed" "$o1" "$dealt"
check_eq "balanced: in 5 rounds each of 4 variants runs first once or twice" \
  "$(for v in v1 v2 v3 v4; do awk -F, '!/^#/ && $7 == 1 && !s[$5]++' "$d/$v.csv" | wc -l; done | sort -u | awk '$1 < 1 || $1 > 2' | wc -l | tr -d ' ')" 0
# the position column is the order the processes ran in
ran=$(awk -F, '!/^#/ && NR > 1 && $5 != "round" && !s[FILENAME, $5]++ { split(FILENAME, p, "/"); v = p[length(p)]; sub(/\.csv$/, "", v); at[$5, $7] = v }
  END { for (r = 1; r <= 5; r++) { for (i = 1; i <= 4; i++) printf " %s", at[r, i]; printf "|" } }' "$d"/v?.csv)
check_eq "position column matches the order the runs happened in" "$ran" "$o1"
check_grep "order seed recorded as given" '^# order_seed: 12345$' "$d/v1.csv"
check_eq "session column equals SESSION" "$(grep -v '^#' "$d/v1.csv" | tail -n +2 | cut -d, -f6 | sort -u)" o1
cp "$d/v1.csv" "$t/v1.o1.csv"
# the previous session's round files are not read: a planted row there must not reach data/
for f in "$b/runs/o1"/*.csv; do echo "B1_H1_S8_D64_C0,0,999.5,1980" >>"$f"; done
mkdir -p "$b/runs/o2"; echo stale >"$b/runs/o2/stale.txt"
: >"$b/sched.txt"
measure o2 12345; rc=$?
check_eq "session o2 exits 0" "$rc" 0
check_eq "the same ORDER_SEED gives the same order" "$(orders)" "$o1"
check "a session's runs directory is made fresh" test ! -e "$b/runs/o2/stale.txt"
check_eq "the previous session's round files are not read" "$(grep -c ',999.5,' "$d/v1.csv")" 0
check_eq "appended: two session lines" "$(grep -c '^# session\.' "$d/v1.csv")" 2
check_grep "appended: o1's session line kept" '^# session\.o1: .*rounds=5 order_seed=12345 order=balanced machine=[0-9a-f]+$' "$d/v1.csv"
check_grep "appended: o2's session line" '^# session\.o2: ' "$d/v1.csv"
check_grep "appended: the header is the newest session's" '^# session: o2$' "$d/v1.csv"
check_eq "appended: rows of both sessions" "$(grep -v '^#' "$d/v1.csv" | tail -n +2 | cut -d, -f6 | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')" "o1:15 o2:15 "
check_eq "appended: o1's rows unchanged" "$(grep -v '^#' "$d/v1.csv" | grep ',o1,')" "$(grep -v '^#' "$t/v1.o1.csv" | tail -n +2)"
check_eq "appended: one CSV header row" "$(grep -c '^shape,' "$d/v1.csv")" 1
check_eq "appended: reps renumbered within the session" "$(grep ',o2,' "$d/v1.csv" | grep '^B1_H1_S8_D64_C0,' | cut -d, -f2 | tr '\n' ' ')" "0 1 2 3 4 5 6 7 8 9 "
check_grep "appending is said" 'v1: session o2 appended \(2 sessions' "$t/stderr"
: >"$b/sched.txt"
measure o3 777 PLAN_TAG=c1/2x1x5
check "another ORDER_SEED gives another order" test "$(orders)" != "$o1"
check_grep "a session of a declared plan: its line ends with the plan" '^# session\.o3: .*order_seed=777 order=balanced machine=[0-9a-f]+ plan=c1/2x1x5$' "$d/v1.csv"
check_grep "... the sessions before it carry none" '^# session\.o2: .*order_seed=12345 order=balanced machine=[0-9a-f]+$' "$d/v1.csv"
# the same session id twice is refused before anything runs
: >"$b/sched.txt"; cp "$d/v2.csv" "$t/v2.before"
measure o2 12345; rc=$?
check_eq "a session id already published is refused" "$rc" 2
check_grep "the refusal names the session" "SESSION: 'o2' is already in" "$t/stderr"
check_eq "nothing ran for a refused session" "$(wc -l <"$b/sched.txt")" 0
check "nothing published for a refused session" cmp -s "$d/v2.csv" "$t/v2.before"
# a change of flags replaces the file, and says so
printf -- '-DX=2\n' >"$b/v1/flags"
measure o4 1; rc=$?
check_eq "session o4 exits 0" "$rc" 0
check_eq "changed flags: the file holds the new session only" "$(grep '^# session\.' "$d/v1.csv" | cut -d: -f1)" "# session.o4"
check_eq "changed flags: only the new session's rows" "$(grep -v '^#' "$d/v1.csv" | tail -n +2 | cut -d, -f6 | sort -u)" o4
check_grep "changed flags: the message names the key and the sessions dropped" \
  "v1: .*v1.csv replaced: flags differs \(published '-DX=1', now '-DX=2'\); 3 earlier session\(s\) dropped" "$t/stderr"
check_eq "unchanged variants keep appending" "$(grep -c '^# session\.' "$d/v2.csv")" 4
# a file of the format before sessions is replaced
printf '# cudadent42 samples v1\n# flags: -DX=1\nshape,rep,time_us,sm_clock_mhz,round\nB1_H1_S8_D64_C0,0,1.5,1980,1\n' >"$d/v3.csv"
measure o5 1
check_grep "a file without a session column is replaced, and said" "v3: .*replaced: it has no session column" "$t/stderr"
check_eq "... by the new session's rows" "$(grep -v '^#' "$d/v3.csv" | tail -n +2 | cut -d, -f6 | sort -u)" o5
# ORDER=sequential stays variant-major; positions follow
: >"$b/sched.txt"
measure q1 1 ORDER=sequential
check_eq "sequential: variant-major order" "$(awk '{ printf "%s.%s ", $2, $1 }' "$b/sched.txt" | cut -d' ' -f1-6)" "v1.1 v1.2 v1.3 v1.4 v1.5 v2.1"
check_eq "sequential: the second variant is second in every round" "$(grep ',q1,' "$d/v2.csv" | cut -d, -f7 | sort -u)" 2
# PRESTART (default 1): each run but the first starts ahead of its turn (the stand-ins log "ready"
# once they would have opened the device, then wait for their turn: tests/fixtures/bench/turn.sh)
: >"$b/sched.txt"; : >"$t/turn.log"
measure p1 12345 TURN_LOG=$t/turn.log; rc=$?
check_eq "PRESTART: session p1 exits 0" "$rc" 0
check_eq "PRESTART: 19 of the 20 runs started ahead of their turn" "$(grep -c ' ready ' "$t/turn.log")" 19
check_eq "PRESTART: ... yet they ran in the schedule's order (ORDER_SEED 12345, as o1)" "$(orders)" "$o1"
: >"$t/turn0.log"
measure p2 12345 TURN_LOG=$t/turn0.log PRESTART=0; rc=$?
check_eq "PRESTART=0: exits 0, no run started ahead" "$rc $(wc -l <"$t/turn0.log")" "0 0"
measure p3 1 PRESTART=yes; rc=$?
check_eq "PRESTART=yes is refused (exit 2)" "$rc" 2
check_grep "... and named" "PRESTART: 'yes' is not 0 or 1" "$t/stderr"
# a run that fails stops the one started ahead of it (sequential: crashy's round 3 waits behind
# round 2, which crashes): round 3 never runs, and no stand-in is left waiting
b0=$b; b=$t/build/pre; mkdir -p "$b"; fake crashy crash; fake fine ok; gates crashy fine
env B=$t/build DATA_OUT=$t/data ROUNDS=3 REPS=3 SHAPES=B1_H1_S8_D64_C0 GIT_REV=abc SESSION=c1 ORDER=sequential \
  TURN_LOG=$t/turnc.log build/tools/session measure pre >/dev/null 2>"$t/stderr"; rc=$?
check_eq "a crash with a run started ahead: exit 0" "$rc" 0
check_eq "... crashy ran rounds 1 and 2 only, fine all three" "$(tr '\n' ' ' <"$b/sched.txt")" "1 crashy 2 crashy 1 fine 2 fine 3 fine "
check_eq "... crashy's round 3 had been started ahead (and was stopped)" "$(grep -c 'turn\.3$' "$t/turnc.log")" 1
check_eq "... no stand-in left waiting for its turn" "$(pgrep -f "$b/crashy/bench" | wc -l)" 0
check_grep "... crashy's runtime row is its crash" '^crashy,runtime_error,"bench: cudaErrorMisalignedAddress"' "$b/runtime.csv"
# a run that lingers after writing its file (its exit: the context's teardown) already hands the
# GPU on: the next run starts before it has exited
fake slowa linger; fake slowb linger; gates slowa slowb
env B=$t/build DATA_OUT=$t/data ROUNDS=2 REPS=2 SHAPES=B1_H1_S8_D64_C0 GIT_REV=abc SESSION=l1 \
  build/tools/session measure pre >/dev/null 2>"$t/stderr"; rc=$?
check_eq "lingering runs: exit 0, all four ran" "$rc $(wc -l <"$b/linger.log")" "0 4"
check_eq "... a run started before the one before it had exited" "$(overlaps "$b/linger.log" x x)" 1
# the session's pause (SETTLE_MS): the next run's turn comes that long after the run before it has
# written its file (these write it as their turn comes, at the start they log)
: >"$b/linger.log"
env B=$t/build DATA_OUT=$t/data ROUNDS=2 REPS=2 SHAPES=B1_H1_S8_D64_C0 GIT_REV=abc SESSION=l2 SETTLE_MS=700 \
  build/tools/session measure pre >/dev/null 2>"$t/stderr"; rc=$?
check_eq "SETTLE_MS=700: exit 0, all four ran" "$rc $(wc -l <"$b/linger.log")" "0 4"
check_eq "... each run started at least 0.7 s after the one before it" \
  "$(sort -k2,2n "$b/linger.log" | awk 'NR > 1 && $2 - s < 0.7 { n++ } { s = $2 } END { print n + 0 }')" 0
check_eq "... so none started before the one before it had exited (0.4 s after its start)" "$(overlaps "$b/linger.log" x x)" 0
check_grep "... and each file says so" '^# settle_ms: 700$' "$t/data/pre/fake-gpu/slowa.csv"
b=$b0
# a session stopped by a signal stops the run under way with it (the run holds none of its locks)
# (two variants: the second is started ahead while the first runs; TERM once a run is under way)
b0=$b; b=$t/build/term; mkdir -p "$b"; fake sl slow; fake sm slow; gates sl sm
env B=$t/build DATA_OUT=$t/tdata ROUNDS=1 REPS=2 SHAPES=B1_H1_S8_D64_C0 GIT_REV=abc SESSION=t1 \
  build/tools/session measure term >/dev/null 2>"$t/stderr" & mpid=$!
for i in $(seq 100); do ls "$b"/*.started >/dev/null 2>&1 && break; sleep 0.1; done
check "a run is under way when TERM comes" test -n "$(ls "$b"/*.started 2>/dev/null)"
kill -TERM $mpid; wait $mpid; rc=$?
sleep 3.5
check_eq "a session stopped by TERM exits 143" "$rc" 143
check_eq "... its runs were stopped too, the one under way and the one started ahead (no round file written after)" \
  "$(ls "$b/runs/t1/" 2>/dev/null | grep -c '\.r1\.csv$')" 0
check_eq "... and no stand-in is left running" "$(pgrep -f "$b/s[lm]/bench" | wc -l)" 0
b=$b0
# RUN_TIMEOUT: whole seconds 0..86400 (0: no limit)
for bad in -1 1.5 2m 86401; do
  measure rt$RANDOM 1 RUN_TIMEOUT=$bad; rc=$?
  check_eq "RUN_TIMEOUT=$bad is refused (exit 2)" "$rc" 2
done
check_grep "... and named" "RUN_TIMEOUT: '86401' is not a whole number of seconds" "$t/stderr"
: >"$b/sched.txt"
measure rt0 1 RUN_TIMEOUT=0; rc=$?
check_eq "RUN_TIMEOUT=0 (no limit): the session runs and exits 0" "$rc $(wc -l <"$b/sched.txt")" "0 20"
# a runs' lock the runs could not open is refused before anything runs (not blamed on kernels)
mkdir -p "$t/badlocks/cudadent42-gpu0.lock.runs"
: >"$b/sched.txt"
measure bl1 1 GPU_LOCK_DIR=$t/badlocks; rc=$?
check_eq "an unusable runs' lock: exit 2, nothing ran" "$rc $(wc -l <"$b/sched.txt")" "2 0"
check_grep "... and named" "cannot open $t/badlocks/cudadent42-gpu0.lock.runs" "$t/stderr"
measure q1x 1 QUEUE=$t; rc=$?
check_eq "QUEUE without STREAM=1 is refused (exit 2)" "$rc" 2
# SERVE=1: a round's runs are jobs of one process (tools/pipeline/serve.cu; here its stand-in,
# tests/fixtures/bench/serve.sh, which runs each job's stand-in bench and logs its jobs)
b0=$b; b=$t/build/srv; mkdir -p "$b"; fake good ok; fake wrong numerics; fake crashy crash; fake fine ok
gates good wrong crashy fine
srv() { # srv SESSION [VAR=VALUE...]: one session of srv, SERVE=1, three rounds
  local s=$1; shift
  env SERVE=1 SERVE_BIN=$PWD/tests/fixtures/bench/serve.sh SERVE_LOG=$t/serve.log B=$t/build \
    DATA_OUT=$t/sdata ROUNDS=3 REPS=6 SHAPES="B1_H1_S8_D64_C0 B1_H1_S16_D64_C0" GIT_REV=abc ORDER_SEED=7 \
    SESSION=$s "$@" build/tools/session measure srv >/dev/null 2>"$t/stderr"
}
: >"$t/serve.log"; : >"$b/sched.txt"
srv s1; rc=$?
d=$t/sdata/srv/fake-gpu
check_eq "SERVE=1: exit 0" "$rc" 0
check "... good and fine published" test -f "$d/good.csv" -a -f "$d/fine.csv"
check_eq "... their rows: 3 rounds of 2 reps at the first shape, each round's own" \
  "$(grep '^B1_H1_S8_D64_C0,' "$d/good.csv" | cut -d, -f5 | tr '\n' ' ')" "1 1 2 2 3 3 "
check_grep "... wrong's runtime row: numerics" '^wrong,numerics,' "$b/runtime.csv"
check_grep "... crashy's: its crash, which ended its server (no answer; the server's status)" '^crashy,runtime_error,"bench: cudaErrorMisalignedAddress"' "$b/runtime.csv"
check_eq "... crashy ran rounds 1 and 2, wrong round 1 only" \
  "$(grep -cE ' crashy [0-9]+$' "$t/serve.log") $(grep -cE ' wrong [0-9]+$' "$t/serve.log")" "2 1"
# every server's jobs are of one round, and every round had its own server(s)
mixed=$(awk '$1 == "job" { if (($2) in r && r[$2] != $4) m++; r[$2] = $4 } END { print m + 0 }' "$t/serve.log")
check_eq "... each server ran the jobs of one round only" "$mixed" 0
check_eq "... rounds 1, 2 and 3 each had a server" "$(awk '$1 == "job" { print $4 }' "$t/serve.log" | sort -u | tr '\n' ' ')" "1 2 3 "
check_eq "... a job that failed ended its server: 3 rounds + 2 failures' servers (each failure had a job after it in its round)" \
  "$(grep -c '^start ' "$t/serve.log")" \
  "$(( 3 + $(awk '$1 == "job" { if (failed[$4]) c++; failed[$4] = ($3 == "wrong" || $3 == "crashy" && $4 == 2) } END { print c + 0 }' "$t/serve.log") ))"
check "... the jobs ran with --served, the runs' lock, a limit, and no --after" \
  grep -q -- '--served' "$b/runs/s1/job.good.r1"
check_eq "... (the job file's lines: --gpu-lock, --limit, --after)" \
  "$(grep -cx -- '--gpu-lock' "$b/runs/s1/job.good.r1") $(grep -cx -- '--limit' "$b/runs/s1/job.good.r1") $(grep -cx -- '--after' "$b/runs/s1/job.good.r1")" "1 1 0"
check_eq "... no server is left running" "$(pgrep -f "tests/fixtures/bench/serve.sh" | wc -l)" 0
# a session stopped by TERM during a served job stops the server and its job
fake sl slow; gates sl
env SERVE=1 SERVE_BIN=$PWD/tests/fixtures/bench/serve.sh B=$t/build DATA_OUT=$t/sdata ROUNDS=1 REPS=2 \
  SHAPES=B1_H1_S8_D64_C0 GIT_REV=abc SESSION=s2 build/tools/session measure srv >/dev/null 2>"$t/stderr" & mpid=$!
for i in $(seq 100); do [ -e "$b/sl.started" ] && break; sleep 0.1; done
kill -TERM $mpid; wait $mpid; rc=$?
sleep 3.5
check_eq "SERVE=1, TERM during a job: exit 143" "$rc" 143
check_eq "... the server and its job are gone, and wrote nothing after" \
  "$(pgrep -f "tests/fixtures/bench/serve.sh" | wc -l) $(pgrep -f "$b/sl/bench" | wc -l) $(ls "$b/runs/s2/" | grep -c '^sl\.r1\.csv$')" "0 0 0"
# a session of another process design is not pooled with the served ones: it replaces them
gates good
srv s5 SERVE=0; rc=$?
check_eq "SERVE=0 after a served session: exit 0" "$rc" 0
check_grep "... the published file replaced, saying why" "good: .*replaced: process differs \(published 'served', now 'own'\)" "$t/stderr"
check_eq "... one session left in it" "$(grep -c '^# session\.' "$d/good.csv")" 1
# a server that cannot start (here: the device would not open) stops the session, blaming no variant
: >"$b/runtime.csv"; : >"$b/sched.txt"; rm -rf "$t/sdata6"
srv s6 SERVE_FAIL=start DATA_OUT=$t/sdata6; rc=$?
check_eq "a server that cannot start: exit 2, nothing ran" "$rc $(wc -l <"$b/sched.txt")" "2 0"
check_grep "... saying the server failed, not a variant, and why" "the server on GPU 0 failed \(exit 3\), no variant's fault: serve: device 0: no CUDA-capable device" "$t/stderr"
check_eq "... no runtime row, nothing published" "$(wc -l <"$b/runtime.csv") $(find "$t/sdata6" -name '*.csv' 2>/dev/null | wc -l)" "0 0"
# ORDER=sequential: a round's runs are not consecutive, so no server (each run its own process)
: >"$t/serve.log"
srv s7 ORDER=sequential; rc=$?
check_eq "SERVE=1 ORDER=sequential: exit 0, no server started" "$rc $(grep -c '^start' "$t/serve.log")" "0 0"
check_grep "... saying so" "ORDER=sequential: SERVE=1 does not apply" "$t/stderr"
srv s3 SERVE=2; rc=$?
check_eq "SERVE=2 is refused (exit 2)" "$rc" 2
check_grep "... and named" "SERVE: '2' is not 0 or 1" "$t/stderr"
: >"$b/sched.txt"
srv s4 SERVE_BIN=$t/no-such-serve; rc=$?
check_eq "SERVE=1 without its server: exit 2 before anything ran" "$rc $(wc -l <"$b/sched.txt")" "2 0"
check_grep "... and named" "SERVE=1: $t/no-such-serve: missing" "$t/stderr"
b=$b0
# input errors
measure 'a b' 1; rc=$?
check_eq "a bad SESSION is an input error" "$rc" 2
check_grep "the bad SESSION is named" "^measure: SESSION: 'a b'" "$t/stderr"
measure .. 1; check_eq "SESSION=.. is refused" "$?" 2
measure "$(printf 'x%.0s' $(seq 101))" 1; check_eq "a SESSION over 100 characters is refused" "$?" 2
measure o9 12x; rc=$?
check_eq "a bad ORDER_SEED is an input error" "$rc" 2
check_grep "the bad ORDER_SEED is named" "^measure: ORDER_SEED: '12x'" "$t/stderr"

# --- SDPA baselines through a fake python3 -------------------------------------------------------
# sdpa-cudnn and its A/A copy sdpa-cudnn.b write files; sdpa-flash exits 1 writing nothing;
# sdpa-efficient exits 1 after writing its file (a shape failed numerics)
b=$t/build/sd; mkdir -p "$b" "$t/py"; fake good ok; gates good
cat >"$t/py/python3" <<EOS
#!/usr/bin/env bash
script=\$1; shift
case \$script in  # (another runner of the problem: its versions are its own)
  kernels/attention/problem/sdpa_bench.py) [ "\$1" = --versions ] && { echo "torch=9.9.9 cudnn=90000"; exit 0; } ;;
  */other_bench.py) [ "\$1" = --versions ] && { echo "other=1.2.3"; exit 0; } ;;
  *) exit 99 ;;
esac
echo "\$script" >>"$b/scripts.txt"
out=; r=; be=; v=; meta=
while [ \$# -gt 0 ]; do case \$1 in
  --out) out=\$2; shift ;; --backend) be=\$2; shift ;;
  --meta) meta="\$meta# \${2%%=*}: \${2#*=}
"; case \$2 in round=*) r=\${2#round=} ;; variant=*) v=\${2#variant=} ;; esac; shift ;;
esac; shift; done
echo "\$r \$v" >>"$b/sched.txt"
[ "\$be" = sdpa-flash ] && { echo "sdpa_bench: sdpa-flash: B1_H1_S8_D64_C0: numerics failed" >&2; exit 1; }
[ "\$be" = sdpa-math ] && { : >"$b/math.started"; sleep 3; }
{ echo "# cudadent42 samples v1"; printf '%s' "\$meta"; echo "# backend: \$be"; echo "# torch: 9.9.9"
  echo "shape,rep,time_us,sm_clock_mhz,python_call_us"; echo "B1_H1_S8_D64_C0,0,1\$r.5,1980,20.1"; } >"\$out"
[ "\$be" = sdpa-efficient ] && exit 1
exit 0
EOS
chmod +x "$t/py/python3"
PATH=$t/py:$PATH B=$t/build DATA_OUT=$t/data ROUNDS=2 REPS=2 SHAPES="B1_H1_S8_D64_C0" SESSION=p1 ORDER_SEED=5 \
  LIB_BENCH=kernels/attention/problem/sdpa_bench.py LIB_BASELINES="sdpa-cudnn sdpa-cudnn.b sdpa-flash sdpa-efficient" build/tools/session measure sd >/dev/null 2>"$t/stderr"; rc=$?
d=$t/data/sd/fake-gpu
check_eq "SDPA session exits 0" "$rc" 0
check "the A/A copy sdpa-cudnn.b is published" test -f "$d/sdpa-cudnn.b.csv"
check_grep "sdpa-cudnn.b is published under its own name" '^# variant: sdpa-cudnn.b$' "$d/sdpa-cudnn.b.csv"
check_grep "sdpa-cudnn.b runs backend sdpa-cudnn" '^# backend: sdpa-cudnn$' "$d/sdpa-cudnn.b.csv"
check_grep "SDPA code: the script's hash, torch and cuDNN" '^# code: sdpa:[0-9a-f]{12} torch=9.9.9 cudnn=90000$' "$d/sdpa-cudnn.csv"
check_grep "SDPA rows carry round, session, position" '^B1_H1_S8_D64_C0,0,11.5,1980,20.1,1,p1,[1-5]$' "$d/sdpa-cudnn.csv"
check_grep "exit 1 without a file is a failure" '^measure: sdpa-flash: failed \(exit 1\)' "$t/stderr"
check_eq "... not a numerics note" "$(grep -c 'sdpa-flash: a shape failed numerics' "$t/stderr")" 0
check "... and not published" test ! -e "$d/sdpa-flash.csv"
check_eq "... and not run again" "$(grep -c ' sdpa-flash$' "$b/sched.txt")" 1
check_grep "exit 1 with a file: a shape failed numerics" '^measure: sdpa-efficient: a shape failed numerics' "$t/stderr"
check "... and the rest published" test -f "$d/sdpa-efficient.csv"
# every runner of the problem is used: a baseline <lib>-* runs through <lib>_bench.py and carries
# that runner's code id and versions
mkdir -p "$t/extra"; printf '# another runner\n' >"$t/extra/other_bench.py"; : >"$b/scripts.txt"
PATH=$t/py:$PATH B=$t/build DATA_OUT=$t/data ROUNDS=1 REPS=2 SHAPES="B1_H1_S8_D64_C0" SESSION=p4 ORDER_SEED=5 \
  LIB_BENCH="kernels/attention/problem/sdpa_bench.py $t/extra/other_bench.py" LIB_BASELINES="sdpa-cudnn other-x" \
  build/tools/session measure sd >/dev/null 2>"$t/stderr"; rc=$?
check_eq "two runners: the session exits 0" "$rc" 0
check_eq "... each baseline through its own runner" "$(sort "$b/scripts.txt" | uniq -c | awk '{ print $1, $2 }' | sed "s|$t/extra|X|" | tr '\n' ' ')" \
  "1 X/other_bench.py 1 kernels/attention/problem/sdpa_bench.py "
check_grep "... other-x carries the other runner's code id and versions" \
  "^# code: other:$(sha256sum <"$t/extra/other_bench.py" | cut -c1-12) other=1.2.3\$" "$d/other-x.csv"
check_grep "... sdpa-cudnn its own" '^# code: sdpa:[0-9a-f]{12} torch=9.9.9 cudnn=90000$' "$d/sdpa-cudnn.csv"
out=$(B=$t/build DATA_OUT=$t/data LIB_BENCH="kernels/attention/problem/sdpa_bench.py" LIB_BASELINES="nolib-x" SESSION=p5 build/tools/session measure sd 2>&1); rc=$?
check_eq "a library baseline of no runner here is refused" "$rc" 2
check_grep "... saying so" "LIB_BASELINES: 'nolib-x' is no baseline of a runner here" <(echo "$out")
# a session stopped by TERM while a library baseline runs stops at once, and the runner with it
rm -f "$b/math.started"; gates good
PATH=$t/py:$PATH B=$t/build DATA_OUT=$t/data ROUNDS=1 REPS=2 SHAPES="B1_H1_S8_D64_C0" SESSION=pm ORDER_SEED=5 \
  LIB_BENCH=kernels/attention/problem/sdpa_bench.py LIB_BASELINES="sdpa-math" build/tools/session measure sd >/dev/null 2>"$t/stderr" & mpid=$!
for i in $(seq 100); do [ -e "$b/math.started" ] && break; sleep 0.1; done
t0=$(date +%s%N); kill -TERM $mpid; wait $mpid; rc=$?; t1=$(date +%s%N)
check_eq "TERM during a library baseline: exit 143 within a second" "$rc $(( (t1 - t0) / 1000000000 ))" "143 0"
sleep 3.5
check "... and no round file written after (the runner was stopped)" test ! -e "$b/runs/pm/sdpa-math.r1.csv"
out=$(B=$t/build DATA_OUT=$t/data LIB_BENCH=kernels/attention/problem/sdpa_bench.py LIB_BASELINES="sdpa-cudnn/x" SESSION=p2 build/tools/session measure sd 2>&1); rc=$?
check_eq "an SDPA name outside sdpa-<backend>[.<suffix>] is refused" "$rc" 2
# a bench that exits 0 without writing its file is not published
fake hollow nofile; gates good hollow
B=$t/build DATA_OUT=$t/data ROUNDS=2 REPS=2 SHAPES="B1_H1_S8_D64_C0" SESSION=p3 build/tools/session measure sd >/dev/null 2>"$t/stderr"
check "exit 0 without a sample file: not published" test ! -e "$d/hollow.csv"
check_grep "exit 0 without a sample file: a runtime_error gate row" '^hollow,reject,runtime_error,"exit 0 without a sample file' "$d/gates.csv"
# every command `session measure` runs from build/tools by default (run_env.c: run_tool(get, VAR,
# B, "<name>"), B/tools/<name>)
# is made before it runs, and so is the session command itself: a
# prerequisite of `make measure` (or of the gate table it needs); one missing from the list was
# found only on a GPU host, where the session went on without it
db=$(make -pn --no-print-directory measure EXP=vecadd 2>/dev/null | grep -E '^(measure|build/vecadd/gates\.csv):')
tools=$(grep -o 'run_tool(get, "[A-Z_]*", e->b_root, "[a-z_]*")' tools/session/run_env.c | sed 's/.*, "//; s/")$//' | sort -u)
check_eq "the commands session measure runs by default, read from run_env.c" "$(echo $tools)" "gatetab numtab samples serve"
for tool in session $tools; do
  check "make measure builds build/tools/$tool before the session runs" grep -qE "[ ]build/tools/$tool( |\$)" <<<"$db"
done
done_testing
