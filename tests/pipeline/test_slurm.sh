#!/usr/bin/env bash
# test_slurm.sh — `make measure RUNNER=slurm` on a real one-node Slurm cluster started here:
# munged, slurmctld and slurmd on localhost (Debian's slurm-wlm and munge), two fake GPUs as gres
# (character devices), and fake benches standing in for the harness. The shards (`session
# shards`) run as srun job steps that Slurm places on the fake GPUs; `session collect` publishes
# what finished. Checks: every job ran on its own GPU, the samples are complete (one session per job,
# the rounds dealt out), a job cancelled while it runs is named and publishes nothing, and no
# half-written file reaches the published directory. Needs root and those daemons: elsewhere it
# says so and skips.
. tests/lib.sh
need() { for c in "$@"; do command -v "$c" >/dev/null 2>&1 || { echo "skip: no $c (Debian: slurm-wlm, munge)"; exit 0; }; done; }
[ "$(id -u)" = 0 ] || { echo "skip: starting slurmctld and slurmd needs root"; exit 0; }
need slurmctld slurmd munged srun scancel squeue sinfo scontrol
export PROBLEM=attention SAMPLES_BIN=$PWD/build/tools/samples SESSION_BIN=$PWD/build/tools/session GATETAB=$PWD/build/tools/gatetab NUMTAB=$PWD/build/tools/numtab
t=$(mktemp -d /tmp/cd42-slurm.XXXXXX)
stop() {
  SLURM_CONF=$t/slurm.conf scontrol shutdown >/dev/null 2>&1
  for p in "$t"/run/*.pid; do [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null; done
  sleep 1; rm -rf "$t"
}
trap stop EXIT
mkdir -p "$t"/{state,spool,log,run,munge,smi,locks}
mknod "$t/gpu0" c 1 3 && mknod "$t/gpu1" c 1 5 || { echo "skip: mknod is not allowed here (fake GPU devices)"; exit 0; }
dd if=/dev/urandom of="$t/munge/key" bs=1024 count=1 2>/dev/null && chmod 600 "$t/munge/key"
munged --key-file="$t/munge/key" --socket="$t/munge/sock" --pid-file="$t/run/munged.pid" \
  --log-file="$t/log/munged.log" --seed-file="$t/munge/seed" -f
port=$(( 20000 + RANDOM % 20000 ))
h=localhost  # the node and controller name: no DNS needed (slurmd is told its name with -N)
cat >"$t/slurm.conf" <<EOS
ClusterName=cd42test
SlurmctldHost=$h
AuthType=auth/munge
AuthInfo=socket=$t/munge/sock
CredType=cred/munge
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/run/slurmctld.pid
SlurmdPidFile=$t/run/slurmd.pid
SlurmctldLogFile=$t/log/slurmctld.log
SlurmdLogFile=$t/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
GresTypes=gpu
MpiDefault=none
ReturnToService=2
NodeName=$h CPUs=$(nproc) Gres=gpu:2 State=UNKNOWN
PartitionName=test Nodes=$h Default=YES MaxTime=INFINITE State=UP
EOS
echo "NodeName=$h Name=gpu File=$t/gpu[0-1]" >"$t/gres.conf"
export SLURM_CONF=$t/slurm.conf
slurmctld -i && slurmd -N "$h"
up=0; for i in $(seq 1 40); do sinfo -h -o %t 2>/dev/null | grep -q idle && { up=1; break; }; sleep 0.5; done
check_eq "a one-node Slurm cluster with two GPUs starts" "$up" 1
[ "$up" = 1 ] || { tail -5 "$t"/log/*.log | sed 's/^/# /'; done_testing; }

# the experiment: three fake benches (as in test_gpus.sh); a bench of job 1 (SLURM_JOB_NAME) sleeps
# 60 s while $t/slow exists (the job to cancel)
printf '#!/usr/bin/env bash\ni=; q=; while [ $# -gt 0 ]; do case $1 in -i) i=$2; shift ;; --query-gpu=*) q=${1#*=} ;; esac; shift; done\n[ "$q" = uuid ] && echo "GPU-fake-${i:-0}"\nexit 0\n' >"$t/smi/nvidia-smi"
chmod +x "$t/smi/nvidia-smi"
b=$t/build/fake; mkdir -p "$b"
for v in a b c; do
  mkdir -p "$b/$v"; printf -- '-DX=1\n' >"$b/$v/flags"; printf 'B1_H1_S8_D64_C0\n' >"$b/$v/shapes.txt"
  cat >"$b/$v/bench" <<EOS
#!/usr/bin/env bash
for a in "\$@"; do [ "\$a" = --gpu-slug ] && { echo fake-gpu; exit 0; }; done
for a in "\$@"; do [ "\$a" = --check ] && exit 0; done
. $PWD/tests/fixtures/bench/turn.sh "\$@"
[ -f "$t/slow" ] && [ "\$SLURM_JOB_NAME" = cudadent42-fake-1 ] && sleep 60
out=; meta=
while [ \$# -gt 0 ]; do case \$1 in --out) out=\$2; shift ;; --meta) meta="\$meta# \${2%%=*}: \${2#*=}
"; shift ;; esac; shift; done
echo "\$CUDA_VISIBLE_DEVICES \$SLURM_JOB_ID" >>"$t/runs.log"
echo "check shape=B1_H1_S8_D64_C0 max_abs_err=1.000e-03 max_rel_err=2.000e-03 allclose_violations=0 nan=0 rerun_mismatch=0 workspace_dirty=0 uniform=pass hard=pass verdict=pass" >&2
{ echo "# cudadent42 samples v1"; printf '%s' "\$meta"; echo "# graph_calls: 20"; echo "# reps: 2"
  echo "shape,rep,time_us,sm_clock_mhz"; echo "B1_H1_S8_D64_C0,0,1.5,1980"; echo "B1_H1_S8_D64_C0,1,1.6,1980"; } >"\$out"
EOS
  chmod +x "$b/$v/bench"
done
{ echo 'variant,verdict,reason,detail,kernel,regs'; printf '%s,pass,,,k,1\n' a b c; } >"$b/gates.csv"
# make measure-one, as the job runs it: the shard's variables, then `session measure`
cat >"$t/mk" <<EOS
#!/usr/bin/env bash
[ "\$1" = measure-one ] || exit 0  # prebuild: the gate table is made above
shift; for a in "\$@"; do export "\$a"; done
SHARD=1 B=$t/build GIT_REV=abc GPU_LOCK_DIR=$t/locks SHAPES=B1_H1_S8_D64_C0 exec build/tools/session measure fake
EOS
chmod +x "$t/mk"
run() { # run START: shards for two jobs, make -k -j2, then collect; sets mrc and crc
  env PATH="$t/smi:$PATH" B="$t/build" ALL_VARIANTS="a b c" RUNNER=slurm SLURM_JOBS=2 SLURM_TIME=2 ROUNDS=4 REPS=8 START="$1" \
    MAKE_CMD="$t/mk" build/tools/session shards fake >"$t/shards.mk" 2>/dev/null
  : >"$b/runtime.csv"
  PATH=$t/smi:$PATH make -s -k -j2 -f "$t/shards.mk" all >"$t/make.out" 2>&1; mrc=$?
  B=$t/build DATA_OUT=$t/data build/tools/session collect fake >"$t/collect.out" 2>&1; crc=$?
}
run 20261122T000001Z
check_eq "both jobs succeed" "$mrc" 0
[ "$mrc" = 0 ] || sed 's/^/# /' "$t/make.out" | tail -10
check_eq "collect publishes both sessions" "$crc" 0
# (each run checks its one shape once: a row per run, as many as runs.log has lines, a third each)
nr=$(( $(wc -l <"$t/runs.log") / 3 ))
check_eq "... and their numerics tables, not as sample files: a row per run ($nr a variant)" \
  "$(awk -F, '!/^#/ && h { print $1 } !/^#/ { h = 1 }' "$t/data/fake/fake-gpu/numerics.csv" 2>/dev/null | sort | uniq -c | awk '{ print $1 $2 }' | tr '\n' ' ')" "${nr}a ${nr}b ${nr}c "
check_grep "the shards are srun steps asking one GPU each" 'srun --job-name=cudadent42-fake-1 --gres=gpu:1 --ntasks=1 --time=2 ' "$t/shards.mk"
check_eq "the two jobs ran on different GPUs (Slurm's CUDA_VISIBLE_DEVICES)" "$(cut -d' ' -f1 "$t/runs.log" | sort -u | tr '\n' ' ')" "0 1 "
check_eq "... as two Slurm jobs" "$(cut -d' ' -f2 "$t/runs.log" | sort -u | wc -l)" 2
d=$t/data/fake/fake-gpu
check_eq "each file has a session per job" "$(grep -c '^# session\.' "$d/a.csv") $(grep -c '^# session\.' "$d/c.csv")" "2 2"
check_eq "the rounds dealt out: 2 + 2 rounds of a" "$(awk -F, '!/^#/ && $1 != "shape" { print $(NF-1), $(NF-2) }' "$d/a.csv" | sort -u | wc -l)" 4
check "the published files read back" "$SAMPLES_BIN" check "$d/a.csv" "$d/b.csv" "$d/c.csv"

# a job cancelled while it runs: job 1's benches hang on GPU 1 until scancel
touch "$t/slow"
# cancel job 1 once Slurm runs it (its benches hang meanwhile)
( for i in $(seq 1 120); do
    squeue -h -t R -n cudadent42-fake-1 2>/dev/null | grep -q . && { sleep 1; scancel --name=cudadent42-fake-1; break; }
    sleep 0.5
  done ) &
run 20261122T000002Z
wait
rm -f "$t/slow"
check "the cancelled job fails the shards' make" test "$mrc" -ne 0
check_eq "collect exits 1 and names the unfinished session" "$crc" 1
check_grep "... by name, saying nothing of it was published" 'session [^ ]*-job1-20261122T000002Z: its job did not finish .*nothing of it published' "$t/collect.out"
check_eq "the finished job's session is published (3 sessions now)" "$(grep -c '^# session\.' "$d/a.csv")" 3
check_eq "no session of the cancelled job in any file" "$(grep -l 'job1-20261122T000002Z' "$d"/*.csv | wc -l)" 0
check_eq "no temp or half-written file in the published directory" "$(ls -A "$d" | grep -c '\.tmp')" 0
check "the published files still read back" "$SAMPLES_BIN" check "$d/a.csv" "$d/b.csv" "$d/c.csv"
B=$t/build DATA_OUT=$t/data build/tools/session collect fake >"$t/collect2.out" 2>&1
check_eq "collecting again: nothing new, the failure reported once" "$?:$(grep -c 'did not finish' "$t/collect2.out")" "0:0"
# a collect killed after publishing a session and before marking it: collecting again publishes
# nothing twice (`samples publish` skips a session a file already holds)
p=$(ls -d "$b"/slurm/*-job0-20261122T000002Z/)
rm -f "$p/PUBLISHED"
B=$t/build DATA_OUT=$t/data build/tools/session collect fake >"$t/collect3.out" 2>&1; rc=$?
check_eq "a session collected again (its mark lost): exit 0, still 3 sessions" "$rc $(grep -c '^# session\.' "$d/a.csv")" "0 3"
check_grep "... saying it is already there" "session [^ ]*job0-20261122T000002Z is already in " "$t/collect3.out"
# DONE naming a directory that is not the session's own staging (here the published data itself)
rm -f "$p/PUBLISHED"; printf '%s %s\n' x "$t/data/fake/fake-gpu/.." >"$p/DONE"
B=$t/build DATA_OUT=$t/data build/tools/session collect fake >"$t/collect4.out" 2>&1; rc=$?
check_eq "DONE naming a path outside the session's staging: exit 1" "$rc" 1
check_grep "... refused, nothing published" "DONE names .*not a GPU directory of its own staging" "$t/collect4.out"
check_eq "... no file written under data/fake itself" "$(ls "$t/data/fake" | grep -c '\.csv$')" 0
done_testing
