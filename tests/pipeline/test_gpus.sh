#!/usr/bin/env bash
# test_gpus.sh — one experiment on several GPUs of a host without a GPU: `session shards`
# deals the rounds (or a sweep's variants) out over two fake GPUs, make runs the shards at once
# (-j2), and each shard is `session measure` (tools/session/run_session.h) with GPU and SHARD set. Fake benches log
# which GPU (CUDA_VISIBLE_DEVICES) ran them and when. Checks: the two GPUs time at the same time,
# one GPU never runs two processes at once, each file gains one session per GPU with that GPU's
# uuid and index, the rounds add up, a numerics failure on one GPU reaches the shared runtime
# table, and the published files read back.
. tests/lib.sh
export PROBLEM=attention
export SAMPLES_BIN=$PWD/build/tools/samples SESSION_BIN=$PWD/build/tools/session GATETAB=$PWD/build/tools/gatetab
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
b=$t/build/fake; mkdir -p "$b" "$t/smi" "$t/locks"
# nvidia-smi: two GPUs; -i N answers GPU N's uuid
cat >"$t/smi/nvidia-smi" <<'EOS'
#!/usr/bin/env bash
i=; q=; while [ $# -gt 0 ]; do case $1 in -i) i=$2; shift ;; --query-gpu=*) q=${1#*=} ;; esac; shift; done
case $q in index) printf '0\n1\n' ;; uuid) echo "GPU-fake-${i:-0}" ;; esac
EOS
chmod +x "$t/smi/nvidia-smi"
# fake NAME [numerics-on-GPU]: logs "gpu start end" per timed run to $t/runs.log, sleeps 0.3 s
fake() {
  mkdir -p "$b/$1"; printf -- '-DX=1\n' >"$b/$1/flags"; printf 'B1_H1_S8_D64_C0\n' >"$b/$1/shapes.txt"
  cat >"$b/$1/bench" <<EOS
#!/usr/bin/env bash
for a in "\$@"; do [ "\$a" = --gpu-slug ] && { echo fake-gpu; exit 0; }; done
# --hold: logs "hold GPU start" and, when stopped, "unhold GPU end"
for a in "\$@"; do [ "\$a" = --hold ] && { echo "hold \$CUDA_VISIBLE_DEVICES \$(date +%s.%N)" >>"$t/hold.log"
  trap 'echo "unhold \$CUDA_VISIBLE_DEVICES \$(date +%s.%N)" >>"$t/hold.log"; exit 0' TERM; while :; do sleep 0.05; done; }; done
for a in "\$@"; do [ "\$a" = --check ] && { [ "\${CUDA_VISIBLE_DEVICES}" = "${2:-none}" ] && exit 1; exit 0; }; done
. $PWD/tests/fixtures/bench/turn.sh "\$@"
# like bench, a timing run checks numerics first and writes nothing when they fail
[ "\${CUDA_VISIBLE_DEVICES}" = "${2:-none}" ] && { echo "check shape=x verdict=fail" >&2; exit 1; }
out=; meta=
while [ \$# -gt 0 ]; do case \$1 in --out) out=\$2; shift ;; --meta) meta="\$meta# \${2%%=*}: \${2#*=}
"; shift ;; esac; shift; done
s=\$(date +%s.%N); sleep 0.3; e=\$(date +%s.%N)
echo "\$CUDA_VISIBLE_DEVICES \$s \$e $1" >>"$t/runs.log"
{ echo "# cudadent42 samples v1"; printf '%s' "\$meta"; echo "# graph_calls: 20"; echo "# reps: 2"
  echo "shape,rep,time_us,sm_clock_mhz"; echo "B1_H1_S8_D64_C0,0,1.5,1980"; echo "B1_H1_S8_D64_C0,1,1.6,1980"; } >"\$out"
EOS
  chmod +x "$b/$1/bench"
}
fake a; fake b; fake c 1
{ echo 'variant,verdict,reason,detail,kernel,regs'; printf '%s,pass,,,k,1\n' a b c; } >"$b/gates.csv"

# --- the dealing (session shards alone) ------------------------------------------------------------
deal() { env PATH="$t/smi:$PATH" B="$t/build" START=20261122T000000Z MAKE_CMD=mk ALL_VARIANTS="a b c" "$@" build/tools/session shards fake 2>/dev/null; }
check_grep "GPUS=all: one target per GPU nvidia-smi lists" '^all: shard0 shard1$' <(deal GPUS=all ROUNDS=4 REPS=40)
check_grep "rounds dealt out: 5 rounds -> 3 on GPU 0 (reps in proportion)" 'measure-one GPU=0 SESSION=[^ ]*-gpu0-20261122T000000Z DONE_FILE=[^ ]*/shards.0.done ROUNDS=3 REPS=30$' <(deal GPUS=0,1 ROUNDS=5 REPS=50)
check_grep "... and 2 on GPU 1" 'measure-one GPU=1 SESSION=[^ ]*-gpu1-20261122T000000Z DONE_FILE=[^ ]*/shards.1.done ROUNDS=2 REPS=20$' <(deal GPUS=0,1 ROUNDS=5 REPS=50)
check_grep "one round: every GPU gets every variant from one queue, the baseline as shared, built while timed" \
  "GPU=1 .*VARIANT='a b c' QUEUE=$t/build/fake/queue QUEUE_SHARED='a ' STREAM=1$" <(deal GPUS=0,1 ROUNDS=1 REPS=10 BASELINE=a ALL_VARIANTS='a b c')
check_eq "... and one order seed for both GPUs (one schedule)" \
  "$(deal GPUS=0,1 ROUNDS=1 REPS=10 ORDER_SEED=7 ALL_VARIANTS='a b c' | grep -o 'ORDER_SEED=[0-9]*' | tr '\n' ' ')" "ORDER_SEED=7 ORDER_SEED=7 "
check_eq "... drawn once when not given" \
  "$(deal GPUS=0,1 ROUNDS=1 REPS=10 ALL_VARIANTS='a b c' | grep -o 'ORDER_SEED=[0-9]*' | sort -u | wc -l)" 1
check_grep "RUNNER=slurm: the variants dealt out in turn beforehand (no shared queue)" \
  "measure-one SESSION=[^ ]*-job1-[^ ]* .*VARIANT='b'$" <(deal RUNNER=slurm SRUN=true SLURM_JOBS=2 ROUNDS=1 REPS=10 ALL_VARIANTS='a b c')
check_grep "... the baseline's gate row built first, for both" "^prebuild:" <(deal GPUS=0,1 ROUNDS=1 REPS=10 BASELINE=a ALL_VARIANTS='a b c')
check_grep "... (its make call)" "^	[+]@mk $t/build/fake/a/gate.csv$" <(deal GPUS=0,1 ROUNDS=1 REPS=10 BASELINE=a ALL_VARIANTS='a b c')
check_grep "one GPU: its session builds all while it times them" "GPU=0 .*ROUNDS=4 REPS=40 VARIANT='a b c' STREAM=1$" \
  <(deal GPUS=0 ROUNDS=4 REPS=40 ALL_VARIANTS='a b c')
check_grep "rounds dealt over two GPUs: the gate table is built first" "^	[+]@mk $t/build/fake/gates.csv$" <(deal GPUS=0,1 ROUNDS=4 REPS=40)
check_grep "ORDER_SEED: GPU k gets ORDER_SEED + k" 'GPU=1 .*ORDER_SEED=8 ' <(deal GPUS=0,1 ROUNDS=2 REPS=10 ORDER_SEED=7)
check_grep "VARIANT=c: only c on the GPUs, with the baseline a they share" "GPU=1 .*VARIANT='a c' QUEUE=[^ ]* QUEUE_SHARED='a ' STREAM=1$" \
  <(deal GPUS=0,1 ROUNDS=1 REPS=10 BASELINE=a ALL_VARIANTS='a b c' VARIANT=c)
check_eq "VARIANT naming none of the variants is refused (exit 2)" "$(deal GPUS=0,1 ROUNDS=1 REPS=10 ALL_VARIANTS='a b' VARIANT=zz >/dev/null; echo $?)" 2
check_eq "a plan of 3 rounds a session on 2 GPUs with ROUNDS=3 is refused (exit 2)" "$(deal GPUS=0,1 ROUNDS=3 REPS=60 PLAN_ROUNDS=3 >/dev/null; echo $?)" 2
check_grep "... naming the ROUNDS and REPS that deal 3 rounds to each" "pass ROUNDS=6 REPS=120 " \
  <(env PATH="$t/smi:$PATH" B="$t/build" MAKE_CMD=mk ALL_VARIANTS="a b c" GPUS=0,1 ROUNDS=3 REPS=60 PLAN_ROUNDS=3 build/tools/session shards fake 2>&1 >/dev/null)
check_grep "... and ROUNDS=6 deals 3 rounds to each GPU" 'GPU=1 .*ROUNDS=3 REPS=60$' <(deal GPUS=0,1 ROUNDS=6 REPS=120 PLAN_ROUNDS=3)
check_eq "no variants at all is refused (exit 2)" "$(deal GPUS=0,1 ROUNDS=1 REPS=10 ALL_VARIANTS=' ' >/dev/null; echo $?)" 2
# make -n: the driver's and measure-one's recipes are marked + (job server), so they run: they must
# only say that nothing is started
nb=$t/nbuild; mkdir -p "$nb/vecadd"; echo stale >"$nb/vecadd/shards.mk"
PATH=$t/smi:$PATH make -n --no-print-directory measure EXP=vecadd GPUS=0,1 B="$nb" >"$t/dry" 2>&1
check_grep "make -n measure GPUS=0,1: says it starts nothing" 'a dry run \(make -n\)' "$t/dry"
check_eq "... and runs no shard (the old shards.mk is left as it was, no session ran)" "$(cat "$nb/vecadd/shards.mk")$(ls "$nb/vecadd/runs" 2>/dev/null)" stale
# measure-one takes QUEUE and STREAM from shards.mk's command line only, not from the user's
# environment (a QUEUE=... there once stopped every one-GPU session)
QUEUE=/nonexistent STREAM=1 make -n --no-print-directory measure-one EXP=vecadd GPU=0 B="$nb" >"$t/env.dry" 2>&1
check_eq "an environment's QUEUE and STREAM are not taken by measure-one" "$(grep -c "QUEUE='/nonexistent'\|STREAM=1 " "$t/env.dry")" 0
make -n --no-print-directory measure-one EXP=vecadd GPU=0 B="$nb" QUEUE=/q STREAM=1 >"$t/cl.dry" 2>&1
check_eq "... shards.mk's (on the command line) are" "$(grep -c "QUEUE='/q'" "$t/cl.dry") $(grep -c 'STREAM=1 ' "$t/cl.dry")" "1 1"
for bad in "0,0" "x" "1,-2"; do
  check_eq "GPUS=$bad is refused (exit 2)" "$(deal GPUS=$bad ROUNDS=2 REPS=2 >/dev/null; echo $?)" 2
done

# --- two GPUs at once ----------------------------------------------------------------------------
deal GPUS=all ROUNDS=4 REPS=8 >"$t/shards.mk"
# the shards call make back; here a stand-in runs `session measure` the way `make measure-one` does
cat >"$t/mk" <<EOS
#!/usr/bin/env bash
[ "\$1" = measure-one ] || exit 0  # prebuild: the gate table is made above
shift; for a in "\$@"; do export "\$a"; done
SHARD=1 B=$t/build DATA_OUT=$t/data GIT_REV=abc GPU_LOCK_DIR=$t/locks SHAPES=B1_H1_S8_D64_C0 exec build/tools/session measure fake
EOS
chmod +x "$t/mk"
# run_shards SHARDS_MK STAND_IN OUT WHAT: the shards at once (make -j2), STAND_IN playing make
run_shards() {
  local rc
  sed -i "s# mk measure-one# $2 measure-one#; s#@mk #@$2 #" "$1"
  PATH=$t/smi:$PATH make -s -f "$1" -j2 all >"$3" 2>&1; rc=$?
  check_eq "$4" "$rc" 0
  [ "$rc" = 0 ] || sed 's/^/# /' "$3" | tail -20
}
: >"$b/runtime.csv"
run_shards "$t/shards.mk" "$t/mk" "$t/out" "the shards run (make -j2) and exit 0"
d=$t/data/fake/fake-gpu
check_eq "two sessions in each published file" "$(grep -c '^# session\.' "$d/a.csv") $(grep -c '^# session\.' "$d/b.csv")" "2 2"
check_grep "GPU 0's session carries its uuid" '^# session\.[^ ]*-gpu0-.* gpu_uuid=GPU-fake-0 ' "$d/a.csv"
check_grep "GPU 1's session carries its uuid" '^# session\.[^ ]*-gpu1-.* gpu_uuid=GPU-fake-1 ' "$d/a.csv"
check_grep "the samples carry the GPU index" '^# gpu_index: [01]$' "$d/a.csv"
check_eq "2 rounds per GPU, 4 in all (round x session pairs of a)" \
  "$(awk -F, '!/^#/ && $1 != "shape" { print $(NF-1), $(NF-2) }' "$d/a.csv" | sort -u | wc -l)" 4
check "the published files read back" "$SAMPLES_BIN" check "$d/a.csv" "$d/b.csv"
check_grep "c fails numerics on GPU 1 only: its runtime row is in the shared table" '^c,numerics,' "$b/runtime.csv"
# concurrency from the fakes' log: "gpu start end" (overlaps: tests/lib.sh)
check_eq "GPU 0 and GPU 1 timed at the same time" "$(overlaps "$t/runs.log" 0 1)" 1
check_eq "GPU 0 never ran two processes at once" "$(overlaps "$t/runs.log" 0 0)" 0
check_eq "GPU 1 never ran two processes at once" "$(overlaps "$t/runs.log" 1 1)" 0
check_eq "each session names its session and destination for the driver" \
  "$(cut -d' ' -f2 "$b/shards.0.done" "$b/shards.1.done" | sort -u)" "$d"

# --- builds overlapping the timing (STREAM) ------------------------------------------------------
# One round on two GPUs: the variants are dealt out and each session builds its own while it times
# them. The stand-in build (BUILD_MAKE) takes 0.3 s a variant and only then puts its bench in
# place (so a timing that ran ahead of its build would fail), logging "build V start end", and
# like make leaves a row that is there alone (each test run starts without them); f's
# static gates reject it. Baseline a is built first (prebuild), as the driver does.
b0=$b; b=$t/tmpl; for v in a b c d e f; do fake $v; done; b=$b0
sb=$t/build/sfake; mkdir -p "$sb"; cp -r "$t/tmpl/a" "$sb/a"
printf 'a,pass,,,k,1\n' >"$sb/a/gate.csv"
cat >"$t/mkbuild" <<EOS
#!/usr/bin/env bash
for row in "\$@"; do
  [ "\$row" = -k ] || [ -f "\$row" ] && continue  # like make: a row that is there is up to date
  d=\$(dirname "\$row"); v=\$(basename "\$d")
  s=\$(date +%s.%N); sleep 0.3; mkdir -p "\$d"; cp "$t/tmpl/\$v/"* "\$d/"
  verdict=pass; [[ " f \${REJECT:-} " == *" \$v "* ]] && verdict=reject,register_spill
  printf '%s,%s,,,k,1\n' "\$v" "\$verdict" | sed 's/,pass,,/,pass,,/' >"\$row"
  echo "build \$v \$s \$(date +%s.%N)" >>"$t/builds.log"
done
EOS
chmod +x "$t/mkbuild"
: >"$t/runs.log"; : >"$t/builds.log"
deal() { env PATH="$t/smi:$PATH" B="$t/build" START=20261122T000001Z MAKE_CMD=mk "$@" build/tools/session shards sfake 2>/dev/null; }
deal GPUS=all ROUNDS=1 REPS=2 BASELINE=a ALL_VARIANTS='a b c d e f' >"$t/sshards.mk"
sed "s#/fake#/sfake#; s#session measure fake#session measure sfake#; s#DATA_OUT=$t/data #DATA_OUT=$t/sdata BUILD_MAKE=$t/mkbuild BUILD_CHUNK=2 BUILD_DEPTH=2 #" "$t/mk" >"$t/smk"
chmod +x "$t/smk"
: >"$sb/runtime.csv"; mkdir -p "$sb/queue"  # (the driver makes it empty)
run_shards "$t/sshards.mk" "$t/smk" "$t/sout" "STREAM: the shards run and exit 0"
sd=$t/sdata/sfake/fake-gpu
check_eq "STREAM: b c d e published once, the baseline a on both GPUs" \
  "$(for v in a b c d e; do grep -c '^# session\.' "$sd/$v.csv"; done | tr '\n' ' ')" "2 1 1 1 1 "
check_eq "STREAM: f, rejected by its static gates, is not timed" "$(grep -c ' f$' "$t/runs.log")$([ -f "$sd/f.csv" ] && echo ' published')" 0
check_eq "STREAM: ... and gets no runtime row (its reject is in the gate table)" "$(grep -c '^f,' "$sb/runtime.csv")" 0
check_grep "STREAM: ... the session says why" 'f: static gates: register_spill: not timed' "$t/sout"
check_eq "STREAM: each variant built by one session only (b-f once; a before, by the driver)" \
  "$(awk '{ print $2 }' "$t/builds.log" | sort | uniq -c | awk '{ printf "%s%s ", $2, $1 }')" "b1 c1 d1 e1 f1 "
check_eq "STREAM: no variant timed before its build ended" "$(awk 'FNR == NR { end[$2] = $4; next }
  ($4 in end) && $2 < end[$4] { bad++ } END { print bad + 0 }' "$t/builds.log" "$t/runs.log")" 0
check_eq "STREAM: timing began before the last build ended (builds overlap measuring)" "$(awk 'FNR == NR { if ($4 > last) last = $4; next }
  { if (first == "" || $2 < first) first = $2 } END { print (first < last) }' "$t/builds.log" "$t/runs.log")" 1
check_eq "STREAM: the two GPUs timed at the same time" "$(overlaps "$t/runs.log" 0 1)" 1
check_eq "STREAM: BUILD_DEPTH=2: two chunks built at once" "$(awk '{ print "x", $3, $4 }' "$t/builds.log" >"$t/b.ov"; overlaps "$t/b.ov" x x)" 1
check_eq "STREAM: each of b-f claimed by one session (the queue)" "$(ls "$sb/queue" | grep '^v\.' | tr '\n' ' ')" "v.b v.c v.d v.e v.f "
check_eq "STREAM: one builder for both sessions, its log in the queue's directory" "$(grep -c . "$sb/queue/built")" 3
check "STREAM: both GPUs timed one of b-e" test "$(awk '$4 != "a" { print $1 }' "$t/runs.log" | sort -u | wc -l)" = 2
check_grep "STREAM: a session says how many the other took" 'taken by the other sessions' "$t/sout"
# the queue balances what the static gates leave: of p..w, the four that dealing in turn would
# give GPU 1 (q s u w) fail their static gates; both GPUs still time some of the other four (one
# chunk of builds, so that both sessions start together)
b0=$b; b=$t/tmpl; for v in p q r s t u v w; do fake $v; done; b=$b0
qb=$t/build/qfake; mkdir -p "$qb/queue"; : >"$qb/runtime.csv"; : >"$t/runs.log"
deal() { env PATH="$t/smi:$PATH" B="$t/build" START=20261122T000002Z MAKE_CMD=mk "$@" build/tools/session shards qfake 2>/dev/null; }
deal GPUS=all ROUNDS=1 REPS=2 ALL_VARIANTS='p q r s t u v w' >"$t/qshards.mk"
sed "s#/sfake#/qfake#; s#session measure sfake#session measure qfake#; s#/sdata #/qdata #; s#BUILD_CHUNK=2 BUILD_DEPTH=2 #BUILD_CHUNK=8 ROUNDS=1 REJECT='q s u w' #" "$t/smk" >"$t/qmk"
chmod +x "$t/qmk"
run_shards "$t/qshards.mk" "$t/qmk" "$t/qout" "queue: the shards run and exit 0"
check_eq "queue: p r t v each timed once" "$(awk '{ print $4 }' "$t/runs.log" | sort | tr '\n' ' ')" "p r t v "
check_eq "queue: both GPUs timed some of them (dealt in turn, GPU 0 would have had all four)" \
  "$(awk '{ n[$1]++ } END { print (n[0] >= 1 && n[1] >= 1) }' "$t/runs.log")" 1
# the session that runs the queue's builder dies early (its GPU unusable): the builder goes on
# for the other session, which times every variant (nothing was claimed by the dead one)
xb=$t/build/xfake; mkdir -p "$xb/queue"; : >"$xb/runtime.csv"; : >"$t/runs.log"
b0=$b; b=$t/xtmpl; for v in a b c d; do fake $v; done; b=$b0
for v in a b c d; do sed -i 's/^for a in "$@"; do \[ "$a" = --gpu-slug \] && { echo fake-gpu; exit 0; }; done$/for a in "$@"; do [ "$a" = --gpu-slug ] \&\& { [ "$CUDA_VISIBLE_DEVICES" = 1 ] \&\& exit 4; echo fake-gpu; exit 0; }; done/' "$t/xtmpl/$v/bench"; done
sed "s#$t/tmpl/#$t/xtmpl/#" "$t/mkbuild" >"$t/xmkbuild"; chmod +x "$t/xmkbuild"
xrun() { PATH=$t/smi:$PATH GPU=$1 SHARD=1 STREAM=1 QUEUE=$xb/queue VARIANT='a b c d' BUILD_MAKE=$t/xmkbuild BUILD_CHUNK=1 \
  ORDER_SEED=5 B=$t/build DATA_OUT=$t/xdata GIT_REV=abc GPU_LOCK_DIR=$t/locks SHAPES=B1_H1_S8_D64_C0 ROUNDS=1 REPS=2 \
  SESSION=x$1 PROBLEM=attention build/tools/session measure xfake >/dev/null 2>"$t/xerr$1"; echo $?; }
xrun 1 >"$t/xrc1" &
for i in $(seq 50); do [ -e "$xb/queue/builder" ] && break; sleep 0.1; done  # (GPU 1's session runs the builder)
xrc0=$(xrun 0); wait
check_eq "queue: the builder's session dies (no usable GPU, exit 2), the other exits 0" "$(cat "$t/xrc1") $xrc0" "2 0"
check_eq "... and times all four on GPU 0 (the builder was not stopped with its session)" "$(awk '{ print $1 ":" $4 }' "$t/runs.log" | sort | tr '\n' ' ')" "0:a 0:b 0:c 0:d "

# a session that stops (here: no usable GPU) stops its builder and the builder's make with it
kb=$t/build/kfake; mkdir -p "$kb/x"
printf '#!/usr/bin/env bash\necho "bench: no device" >&2; exit 4\n' >"$t/nogpu"; chmod +x "$t/nogpu"
cat >"$t/mkslow" <<EOS
#!/usr/bin/env bash
for row in "\$@"; do
  [ "\$row" = -k ] && continue
  v=\$(basename "\$(dirname "\$row")")
  [ "\$v" = y ] && { sleep 3; echo "built y" >>"$t/slow.log"; }
  mkdir -p "\$(dirname "\$row")"; cp "$t/nogpu" "\$(dirname "\$row")/bench"; printf '%s,pass,,,k,1\n' "\$v" >"\$row"
done
EOS
chmod +x "$t/mkslow"; : >"$t/slow.log"
PATH=$t/smi:$PATH GPU=0 SHARD=1 STREAM=1 VARIANT='x y' BUILD_MAKE=$t/mkslow BUILD_CHUNK=1 ORDER_SEED=1 B=$t/build \
  DATA_OUT=$t/kdata GIT_REV=abc GPU_LOCK_DIR=$t/locks SHAPES=B1_H1_S8_D64_C0 PROBLEM=attention \
  build/tools/session measure kfake >/dev/null 2>"$t/kout"; krc=$?
check_eq "STREAM: a session without a usable GPU stops (exit 2)" "$krc" 2
sleep 4
check_eq "... and its builder's make was stopped with it (y never finished building)" "$(cat "$t/slow.log")" ""

# HOLD_DEVICE=1: a context held on the session's GPU from before its first run to after its last
: >"$t/runs.log"; : >"$t/hold.log"
PATH=$t/smi:$PATH GPU=1 SHARD=1 HOLD_DEVICE=1 SESSION=h1 B=$t/build DATA_OUT=$t/hdata GIT_REV=abc GPU_LOCK_DIR=$t/locks \
  SHAPES=B1_H1_S8_D64_C0 ROUNDS=1 REPS=2 VARIANT='a b' PROBLEM=attention build/tools/session measure fake >/dev/null 2>&1
check_eq "HOLD_DEVICE=1: one keeper on the session's GPU, stopped at the end" "$(cut -d' ' -f1,2 "$t/hold.log" | tr '\n' ' ')" "hold 1 unhold 1 "
check_eq "... held from before the first run to after the last" "$(awk 'FNR == NR { t[$1] = $3; next }
  { if (first == "" || $2 < first) first = $2; if ($3 > last) last = $3 } END { print (t["hold"] < first && t["unhold"] > last) }' \
  "$t/hold.log" "$t/runs.log")" 1

# two sessions asked of one GPU at the same time: the GPU's lock makes the second wait
: >"$t/runs.log"
for s in x1 x2; do
  PATH=$t/smi:$PATH GPU=0 SHARD=1 SESSION=$s B=$t/build DATA_OUT=$t/data2 GIT_REV=abc GPU_LOCK_DIR=$t/locks \
    SHAPES=B1_H1_S8_D64_C0 ROUNDS=2 REPS=4 build/tools/session measure fake >/dev/null 2>&1 &
done
wait
check_eq "two sessions on GPU 0 at once: both ran ($(wc -l <"$t/runs.log") runs)" "$(wc -l <"$t/runs.log")" 12
check_eq "... one after the other (no overlap on GPU 0)" "$(overlaps "$t/runs.log" 0 0)" 0
done_testing
