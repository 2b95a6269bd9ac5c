#!/usr/bin/env bash
# measure.sh — runtime gates and timing for one experiment on a GPU host (needs nvcc's build
# outputs and a driver; no GSL, no gnuplot). Called by `make measure`.
#   measure.sh EXP
# Environment (from make): B, DATA_OUT (data), REPS, WARMUP, L2, GRAPH_CALLS, ROUNDS (10), SEED,
#   RUN_TIMEOUT, LIB_BENCH, LIB_BASELINES, SHAPES, GIT_REV, ORDER (balanced|sequential), VARIANT
#   (optional: the variants to time, space-separated), SESSION (optional id), ORDER_SEED (optional,
#   digits), SESSION_BIN (the session command, default $B/tools/session: the order of the runs),
#   SAMPLES_BIN (the samples command, default $B/tools/samples: it merges the rounds and
#   writes the baselines' files), GATETAB (the gate table's command, default $B/tools/gatetab),
#   NUMTAB (the numerics table's command, default $B/tools/numtab),
#   GPU (optional: the index of the GPU to run on; it sets CUDA_VISIBLE_DEVICES), SHARD (set by
#   `make measure GPUS=...`, tools/pipeline/shards.sh: this session is one of several running at
#   once on other GPUs, so it leaves the experiment's runtime table to the driver, which empties
#   it once, and appends to it), DONE_FILE (optional:
#   written at the very end, naming the session and where it was published: a cluster job's
#   staged session is collected only when it finished), STREAM (1: build while timing, below;
#   with BUILD_MAKE, the make command that builds a variant's gate row, BUILD_CHUNK, how many
#   variants one make call builds at once, default 8, and BUILD_DEPTH, how many such calls run at
#   once, default 1), QUEUE and QUEUE_SHARED (the sessions of several GPUs share one queue, below),
#   HOLD_DEVICE (1: keep a context open on the GPU for the session, below), PRESTART (1, the
#   default: start each run ahead of its turn, below), SERVE (1, make measure's default; 0 when
#   unset here: a round's runs of our variants are jobs of one process, SERVE_BIN; below).
#
# STREAM=1 (`make measure GPUS=...` when each variant is timed on one GPU only): the variants are
# VARIANT, not yet built. A builder in the background makes their gate rows
# (build/EXP/<v>/gate.csv, the static gates) in the order the session first times them,
# BUILD_CHUNK at a time through BUILD_MAKE (the caller's make, so its job server bounds the
# compiles; BUILD_DEPTH chunks at once), and the timing of a variant waits only for its own
# chunk: builds overlap measuring.
# A variant whose row is a reject is left out without a slot; its row stays in the gate table.
#
# One GPU, one session at a time: a session holds a host-wide lock on its GPU
# (GPU_LOCK_DIR, default /tmp: cudadent42-gpu<index>.lock), so two timing jobs never share a GPU,
# whichever experiment they belong to. Publishing (step 2) and the gate table (step 3) hold a lock
# on the destination directory, so sessions finishing together on two GPUs append one after the
# other.
#
# The experimental design has three levels: sessions (one invocation of this script: one host,
# one GPU, one code state), rounds within a session (one process per variant and round; SERVE=1:
# one process per round, which times the round's variants one after another, and a new one after a
# job that failed), and samples within a process. The A/A experiment shows each process and each session carrying its
# own offset, so each level is recorded for the analysis to treat as a unit.
#   session   SESSION, else <hostname -s>-<UTC start, YYYYmmddTHHMMSSZ>; 1-100 of [A-Za-z0-9.-],
#             the first alphanumeric (it names a directory and a header key). Host, GPU uuid
#             (nvidia-smi, else `unknown`) and the order seed are passed to every timed run as
#             --meta session= host= gpu_uuid= order_seed= code=.
#   rounds    ROUNDS rounds of timing of every variant that passed the static gates, and of the
#             library baselines (LIB_BASELINES) through the problem's runners LIB_BENCH (every
#             kernels/<problem>/problem/<lib>_bench.py, e.g. sdpa_bench.py; <lib>-* is its). ORDER=balanced
#             (default): every round runs all timed variants in a random order, and every
#             variant takes every slot of a round equally often over the session (`session
#             order`, tools/session/session_order.h: shuffled Latin squares from ORDER_SEED,
#             which defaults to 31 random bits, recorded): a fixed order, or a shuffle that
#             happens to put one variant first more often, confounds a variant with its slot
#             (clock and thermal drift, the first process of a round). ORDER=sequential:
#             variant-major, for diagnosing drift.
#   gates     Every timing process checks numerics at each shape before it times it (bench's
#             timing mode runs `--check`'s comparison first and exits 1 on a failure, writing no
#             file), so a variant is never timed at a shape it computes wrong. A variant whose
#             process fails numerics (exit 1), crashes or runs past RUN_TIMEOUT gets a runtime row
#             (numerics / runtime_error / run_timeout) and no more processes; nothing of it is
#             published. (No separate `--check` pass: it would start one more process per
#             variant and GPU for the same comparison.)
#   code      kernels:<sha256 of CODE_SRC, 12 hex> for our variants; for <lib>-* baselines
#             <lib>:<the id of its runner> and the versions it reports (--versions, e.g. torch=<v>
#             cudnn=<v>); `session code-id` defines both (tools/session/session_code_id.h). `make
#             check-published` holds every published file to the id the sources give now.
# A library baseline <lib>-<backend>.<suffix> (sdpa-cudnn.b) runs --backend <lib>-<backend> but is
# published under its own name: two names for one baseline make an A/A pair.
# Round files go to build/EXP/runs/<session>/ (made fresh). A variant is published only if every
# round of the session wrote its file; its rounds are merged by `samples merge` (the samples
# library's round merge, tools/samples/samples_merge.h) into DATA_OUT/EXP/<gpu>/<v>.csv with
# the columns round (1..ROUNDS), session and position (1-based slot of the process within its
# round, counting the runs that started). Header: round 1's `# key: value` lines, `# rounds:`,
# `# temp_end_c_last_round:`, and one `# session.<id>: date= host= gpu_uuid= git_rev= rounds=
# order_seed=` line per session in the file. If the published file has a session column and the
# same code, flags, graph_calls, l2_flush, reps and warmup, the session is appended (`samples
# append`: old rows unchanged); otherwise it replaces the file, saying which key differed. A
# session id already in a published file is refused before anything runs. Files are written to a
# temp file and renamed (an interrupted run leaves published files untouched). The gate table
# with runtime verdicts is written to build/EXP/gates.csv and published beside the samples, and
# the numerics gate's errors per shape and run (the runs' `check shape=` lines) are appended to
# DATA_OUT/EXP/<gpu>/numerics.csv (tools/gates/numerics.h).
set -u
exp=$1
b=${B:-build}/$exp
samples=${SAMPLES_BIN:-${B:-build}/tools/samples}
session_bin=${SESSION_BIN:-${B:-build}/tools/session}
gatetab=${GATETAB:-${B:-build}/tools/gatetab}
numtab=${NUMTAB:-${B:-build}/tools/numtab}
rounds=${ROUNDS:-10}; reps=${REPS:-50}; order=${ORDER:-balanced}
say() { echo "measure: $*" >&2; }
die() { echo "measure: $*" >&2; exit 2; }
# Signals: stop at once (the handlers below run through the EXIT trap, set where there is
# something to stop); a long wait is always a `wait` on a background process, which a signal
# interrupts, never a foreground command, which would hold the signal back until it ended.
signalled=
trap 'signalled=1; exit 143' TERM
trap 'signalled=1; exit 130' INT
trap 'signalled=1; exit 129' HUP

# --- inputs -----------------------------------------------------------------------------------
[[ $rounds =~ ^[1-9][0-9]{0,5}$ ]] || die "ROUNDS: '$rounds' is not a count >= 1"
[[ $reps =~ ^[1-9][0-9]{0,8}$ ]] || die "REPS: '$reps' is not a count >= 1"
per_round=$(( (reps + rounds - 1) / rounds ))
case $order in balanced|sequential) ;; *) die "ORDER: '$order' is not balanced or sequential" ;; esac
# RUN_TIMEOUT: whole seconds a run may take (0: no limit), at most a day
run_timeout=${RUN_TIMEOUT:-300}
[[ $run_timeout =~ ^[0-9]{1,5}$ ]] && [ "$((10#$run_timeout))" -le 86400 ] ||
  die "RUN_TIMEOUT: '$run_timeout' is not a whole number of seconds in 0..86400 (0: no limit)"
run_timeout=$((10#$run_timeout))
serve=${SERVE:-0}
case $serve in 0|1) ;; *) die "SERVE: '$serve' is not 0 or 1" ;; esac
# (ORDER=sequential runs a variant's rounds one after another: a server per round would be a
# server per run, so each run is a process of its own, started ahead)
[ "$serve" = 0 ] || [ "$order" != sequential ] || { serve=0; say "ORDER=sequential: SERVE=1 does not apply (a round's runs are not consecutive); each run is a process of its own"; }
serve_bin=${SERVE_BIN:-${B:-build}/tools/serve}
[ "$serve" = 0 ] || [ -x "$serve_bin" ] || die "SERVE=1: $serve_bin: missing (make $serve_bin)"
[ "${GRAPH_CALLS:-20}" != 0 ] || [ -z "${LIB_BASELINES:-}" ] ||
  die "GRAPH_CALLS=0 times plain launches; the library baselines are always timed as graph replays, so they would not compare like for like (drop GRAPH_CALLS=0 or the sdpa-* baselines)"

start_utc=$(date -u +%Y%m%dT%H%M%SZ)
start_iso=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# host: a header value and part of the default session id, so only [A-Za-z0-9.-]
host=$(hostname -s 2>/dev/null || hostname 2>/dev/null || echo unknown)
host=$(printf '%s' "${host:-unknown}" | tr -c 'A-Za-z0-9.-' '-')
# the machine instance (its boot id): lent machines share one host name, and the GPUs of one
# machine share its offsets, so that sessions can be nested in machines as they are in GPUs
machine=$(tr -dc 'a-f0-9' </proc/sys/kernel/random/boot_id 2>/dev/null | cut -c1-12)
machine=${machine:-unknown}
if [ -n "${GPU:-}" ]; then
  [[ $GPU =~ ^[0-9]{1,3}$ ]] || die "GPU: '$GPU' is not a GPU index"
  export CUDA_VISIBLE_DEVICES=$GPU
fi
# the physical index of the GPU the runs see first (CUDA_VISIBLE_DEVICES, else 0)
gpu_index=${CUDA_VISIBLE_DEVICES:-0}; gpu_index=${gpu_index%%,*}; gpu_index=${gpu_index// /}
[ -n "$gpu_index" ] || gpu_index=0
session=${SESSION:-$host${GPU:+-gpu$GPU}-$start_utc}
# the id names build/EXP/runs/<id>/ (so never . or ..), the header key session.<id> and the
# session column (which the sample reader takes up to 100 characters)
[[ $session =~ ^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$ ]] ||
  die "SESSION: '$session' is not a session id (1-100 of [A-Za-z0-9.-], starting with a letter or digit)"

if [ -n "${ORDER_SEED:-}" ]; then
  [[ $ORDER_SEED =~ ^[0-9]{1,18}$ ]] || die "ORDER_SEED: '$ORDER_SEED' is not a number (digits only, at most 18)"
  order_seed=$((10#$ORDER_SEED))
else
  order_seed=$(od -An -N4 -tu4 /dev/urandom 2>/dev/null | tr -d ' \n')
  [[ $order_seed =~ ^[0-9]+$ ]] || order_seed=$(( RANDOM << 16 | RANDOM ))
  order_seed=$(( order_seed & 0x7fffffff ))
fi

# the GPU's uuid: names the physical device across sessions (a slug only names its model)
gpu_uuid() {
  local idx=$gpu_index u
  command -v nvidia-smi >/dev/null 2>&1 || { echo unknown; return; }
  u=$(timeout 30 nvidia-smi --query-gpu=uuid --format=csv,noheader -i "$idx" 2>/dev/null) || u=
  u=$(printf '%s\n' "$u" | head -n 1 | tr -d ' \t\r')
  echo "${u:-unknown}"
}
gpu_uuid=$(gpu_uuid)

# code ids: what was timed, so that only sessions of the same code are pooled in one file
# (`session code-id`, tools/session/session_code_id.h: the one definition, which check-published
# and the search share)
[ -d "kernels/${PROBLEM:-}" ] || die "PROBLEM='${PROBLEM:-}': no kernels/<problem>/ folder"
# CODE_SRC: what a bench binary of the problem is compiled from (make passes the harness, the
# problem's folder and the host C the harness links); without it, the two folders
code_kernels=$("$session_bin" code-id kernels ${CODE_SRC:-kernels/harness "kernels/$PROBLEM"}) || die "$session_bin code-id: no code id"

# library baselines: <lib>-<backend>[.<suffix>], <lib> the name of one of the problem's runners
# LIB_BENCH (every kernels/<problem>/problem/<lib>_bench.py); the suffix only names a second
# copy (A/A)
declare -A runner_of  # <lib> -> its runner
for r in ${LIB_BENCH:-}; do
  [ -f "$r" ] || die "LIB_BENCH: '$r' is not a file"
  l=$("$session_bin" code-id lib "$r") || die "$session_bin code-id: no <lib> of $r"
  runner_of[$l]=$r
done
# lib_of V: the <lib> of a library baseline V (status 1 for our variants and C baselines)
lib_of() { local l; for l in "${!runner_of[@]}"; do [[ $1 == "$l"-* ]] && { echo "$l"; return 0; }; done; return 1; }
is_lib() { lib_of "$1" >/dev/null; }
sdpa=()
declare -A seen_bl
for bl in ${LIB_BASELINES:-}; do
  l=$(lib_of "$bl") ||
    die "LIB_BASELINES: '$bl' is no baseline of a runner here (LIB_BENCH='${LIB_BENCH:-}': <lib>-<backend> of kernels/<problem>/problem/<lib>_bench.py)"
  [[ $bl =~ ^$l-[a-z0-9]+(\.[A-Za-z0-9_+-][A-Za-z0-9_.+-]*)?$ ]] ||
    die "LIB_BASELINES: '$bl' is not $l-<backend>[.<suffix>] (suffix [A-Za-z0-9_.+-])"
  [ -z "${seen_bl[$bl]:-}" ] || die "LIB_BASELINES: '$bl' given twice"
  seen_bl[$bl]=1; sdpa+=("$bl")
done

[ -x "$samples" ] || die "$samples: missing (run make $samples)"
stream=${STREAM:-}
if [ -n "$stream" ]; then
  # the variants to build and time: VARIANT, as names (no gate table yet)
  [ -n "${BUILD_MAKE:-}" ] || die "STREAM=1 needs BUILD_MAKE (the make that builds a gate row)"
  read -r -a build_make <<<"$BUILD_MAKE"
  chunk=${BUILD_CHUNK:-8}
  [[ $chunk =~ ^[1-9][0-9]{0,3}$ ]] || die "BUILD_CHUNK: '$chunk' is not a count >= 1"
  read -r -a cand <<<"${VARIANT:-}"
  [ ${#cand[@]} -gt 0 ] || die "STREAM=1 needs the variants in VARIANT"
else
  [ -f "$b/gates.csv" ] || die "$b/gates.csv: missing (run make gates EXP=$exp)"
  # variants that passed the static gates
  pass_list=$("$gatetab" list --pass "$b/gates.csv") || exit 2
  mapfile -t cand < <([ -z "$pass_list" ] || printf '%s\n' "$pass_list")
  if [ -n "${VARIANT:-}" ]; then
    mapfile -t cand < <(printf '%s\n' "${cand[@]}" | grep -Fx -f <(printf '%s\n' $VARIANT))
  fi
  [ ${#cand[@]} -gt 0 ] || die "$exp: no variant passed the static gates; see $b/gates.csv"
fi
timed=("${cand[@]}" "${sdpa[@]}")

# the schedule: "v r" pairs in the order they run, from the session tool (tools/session): rounds
# dealt in shuffled Latin squares from the order seed, so that every variant takes every slot of a
# round equally often (balanced), or variant-major (sequential)
mapfile -t sched < <("$session_bin" order --seed "$order_seed" --rounds "$rounds" \
                     $([ "$order" = sequential ] && echo --sequential) -- "${timed[@]}")
[ ${#sched[@]} -eq $(( ${#timed[@]} * rounds )) ] || die "$session_bin order: no schedule for ${#timed[@]} variants x $rounds rounds"


# STREAM: the builder, in the background: our variants in the order the schedule first times
# them, BUILD_CHUNK per make call, BUILD_DEPTH such calls at once (default 1; the caller's job
# server bounds the compiles); it appends each chunk's index to its progress file when the
# chunk's make returned (and `stopped` when it is stopped), so `built V` waits for V's chunk alone
# (and a row that is stale is never taken: the chunk's make brought it up to date before its index
# was written, and a build that did not finish leaves no row: compile.sh and the row's recipe
# remove it first).
# QUEUE (a directory; `make measure GPUS=...` with the variants dealt out): the sessions on the
# host's GPUs share one queue. All of them get the same VARIANT and ORDER_SEED, so the same
# schedule; each session walks it and runs a variant only if it claims it first (mkdir
# QUEUE/v.<variant>, atomic; once claimed, all its rounds are that session's), and the variants in
# QUEUE_SHARED (the baselines every GPU times) and the library baselines without claiming. A GPU that
# is done takes the next variant, so no GPU idles while another still has a list to work through.
# One builder serves them all: the session that makes QUEUE/builder first runs it, writing
# QUEUE/built (and its pid to QUEUE/builder.pid), and waits for it before it ends.
# on any exit: stop the run under way, a run started ahead and the device keeper (below), waiting
# for them to be gone, and the builder; but a queue's builder serves the other sessions too, so
# unless this session was stopped by a signal it is left to finish while another session of the
# queue is alive (a signal meanwhile stops it)
queue_others() { # whether another session of the queue is still running
  local f p
  for f in "$claims"/session.*; do
    [ -e "$f" ] || continue
    p=${f##*.}
    [ "$p" != $$ ] && kill -0 "$p" 2>/dev/null && return 0
  done
  return 1
}
on_exit() {
  local rc=$? p
  trap '[ -z "${builder_pid:-}" ] || kill "$builder_pid" 2>/dev/null; exit 143' TERM INT HUP
  for p in ${cur_pid:-} ${next_pid:-} ${srv_pid:-}; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  [ -z "${keeper:-}" ] || { kill "$keeper" 2>/dev/null; wait "$keeper" 2>/dev/null; }
  if [ -n "${builder_pid:-}" ]; then
    if [ -n "${claims:-}" ] && [ -z "$signalled" ]; then
      while kill -0 "$builder_pid" 2>/dev/null && queue_others; do sleep 0.2 & wait $!; done
    fi
    kill "$builder_pid" 2>/dev/null; wait "$builder_pid" 2>/dev/null
  fi
  [ -z "${claims:-}" ] || rm -f "$claims/session.$$"
  exit "$rc"
}
trap on_exit EXIT
declare -A chunk_of static mine theirs
built_upto=-1 claims=${QUEUE:-}
[ -z "$claims" ] || [ -n "$stream" ] || die "QUEUE='$claims' needs STREAM=1 (the queue's sessions build what they time)"
shared_v=" ${QUEUE_SHARED:-} "
if [ -n "$stream" ]; then
  border=()
  for item in "${sched[@]}"; do
    read -r v _ <<<"$item"
    is_lib "$v" || [ -n "${chunk_of[$v]+x}" ] && continue
    chunk_of[$v]=$(( ${#border[@]} / chunk )); border+=("$v")
  done
  mkdir -p "$b/runs"
  blog=$b/runs/$session.build.log
  [ -z "${QUEUE:-}" ] || blog=$QUEUE/build.log
  depth=${BUILD_DEPTH:-1}
  [[ $depth =~ ^[1-9][0-9]{0,2}$ ]] || die "BUILD_DEPTH: '$depth' is not a count >= 1"
  builder() { # (a session that stops stops its builder, the builder its chunks' makes)
    local i c=0 rows v
    trap 'kill $(jobs -pr) 2>/dev/null; wait; echo stopped; exit 143' TERM
    for ((i = 0; i < ${#border[@]}; i += chunk)); do
      while [ "$(jobs -pr | wc -l)" -ge "$depth" ]; do wait -n; done
      rows=(); for v in "${border[@]:i:chunk}"; do rows+=("$b/$v/gate.csv"); done
      # one chunk: its make in a process group of its own, stopped whole (compile.sh passes the
      # TERM on to nvcc); the chunk's index once the make returned
      ( mk=; trap '[ -z "$mk" ] || kill -TERM -- "-$mk" 2>/dev/null; exit 143' TERM
        setsid -w "${build_make[@]}" -k "${rows[@]}" >>"$blog" 2>&1 </dev/null & mk=$!
        wait "$mk"; echo "$c" ) &
      c=$((c + 1))
    done
    wait
  }
  if [ -z "$claims" ]; then
    built_file=$b/runs/$session.built; : >"$built_file"; : >"$blog"
    builder >>"$built_file" & builder_pid=$!
  else
    [ -d "$claims" ] || die "QUEUE: '$claims' is not a directory"
    : >"$claims/session.$$"  # (this session is alive: queue_others)
    built_file=$claims/built
    if mkdir "$claims/builder" 2>/dev/null; then
      : >"$built_file"; : >"$blog"; builder >>"$built_file" & builder_pid=$!
      echo "$builder_pid" >"$claims/builder.pid.$$" && mv "$claims/builder.pid.$$" "$claims/builder.pid"
    fi
  fi
fi
# builder_alive: whether the builder may still write (its pid, once known, is a live process)
builder_alive() {
  local p=${builder_pid:-}
  if [ -z "$p" ] && [ -n "$claims" ]; then
    [ -f "$claims/builder.pid" ] || return 0  # (the first session has not written it yet)
    read -r p <"$claims/builder.pid" || p=
    [ -n "$p" ] || return 0
  fi
  [ -n "$p" ] && kill -0 "$p" 2>/dev/null
}
# built V: 0 when V's static gates passed (STREAM: once its chunk is built; else the gate table
# said so); 1, with static[V] the reason, when they did not
declare -A chunk_done
lines_read=0
built() {
  local v=$1 c row line new last=
  [ -n "$stream" ] || return 0
  [ -z "${static[$v]:-}" ] || return 1
  c=${chunk_of[$v]}
  while [ -z "${chunk_done[$c]:-}" ]; do
    mapfile -t new < <(tail -n "+$(( lines_read + 1 ))" "$built_file" 2>/dev/null)
    for line in "${new[@]}"; do
      lines_read=$((lines_read + 1))
      [[ $line =~ ^[0-9]+$ ]] || continue
      chunk_done[$line]=1
      say "built $(( line * chunk + 1 ))-$(( (line + 1) * chunk < ${#border[@]} ? (line + 1) * chunk : ${#border[@]} )) of ${#border[@]} variants"
    done
    [ -z "${chunk_done[$c]:-}" ] || break
    # (one more look once the builder is gone: it may have written its last line just before)
    [ -z "$last" ] || { static[$v]="the builder stopped (see $blog)"; return 1; }
    builder_alive || last=1
    [ -n "$last" ] || sleep 0.05
  done
  local verdict reason
  IFS=$'\t' read -r verdict reason < <("$gatetab" get --rows "$b/$v/gate.csv" "$v" verdict reason 2>/dev/null)
  [ "${verdict:-}" = pass ] && return 0
  if [ -z "${verdict:-}" ]; then static[$v]="no gate row (see $blog)"
  else static[$v]="static gates: $reason"; fi
  return 1
}
# ours V: 0 when this session runs V (QUEUE: a library baseline, one of QUEUE_SHARED, or a variant it
# claimed, claiming it now if no session has); 1 when another session has claimed it
ours() {
  local v=$1
  [ -n "$claims" ] || return 0
  is_lib "$v" || [[ $shared_v == *" $v "* ]] || [ -n "${mine[$v]:-}" ] && return 0
  [ -z "${theirs[$v]:-}" ] || return 1
  if mkdir "$claims/v.$v" 2>/dev/null; then mine[$v]=1; return 0; fi
  theirs[$v]=1; return 1
}

# the GPU, once: its slug names the data directory (from the first variant that built; under
# STREAM in the order they are built, so the first timing waits for the first chunk only)
gerr=$b/gpu.err.$$
slug=
slug_order=("${cand[@]}")
[ -z "$stream" ] || slug_order=("${border[@]}")
for v in "${slug_order[@]}"; do
  built "$v" || continue
  slug_bench=$b/$v/bench
  slug=$("$slug_bench" --gpu-slug 2>"$gerr") ||
    die "no usable GPU here ($(head -c 300 "$gerr")); on a machine without a GPU, use 'make report' to rebuild the appendix from data/"
  break
done
rm -f "$gerr"
[ -n "$slug" ] || die "$exp: no variant passed the static gates (see $b/<variant>/gate.csv${stream:+ and $blog})"
dest=${DATA_OUT:-data}/$exp/$slug
mkdir -p "$b/runs" "$dest"
. tools/pipeline/gpus.sh
# (the waits for the locks in the background, so that a signal is not held back: the lock is the
# open file's, which this shell keeps)
gpu_lock_take 9 "$gpu_index" "make measure EXP=$exp (session $session)" || die "$gpu_err"
[ -n "${SHARD:-}" ] || { exec 7>"$b/.measure.lock" && { flock 7 & wait $!; }; } || die "cannot lock $b/.measure.lock"
# HOLD_DEVICE=1 (make measure sets it): a process holds a context open on the session's GPU for the
# whole session (`bench --hold`, stopped on exit), so that each run finds the device already set up
# by the driver instead of setting it up afresh; it launches nothing, so it never competes with a
# timed kernel. It also loads NVML once and writes its readings (driver, clocks, power limit,
# temperature) every 0.2 s to build/EXP/runs/<session>.nvml, which the runs read (bench
# --nvml-from) instead of each loading NVML
keeper=
# the runs' lock on the GPU (bench --gpu-lock): a run started ahead opens the device only while no
# run times on this GPU, and a run times only once the one before it has exited
run_lock=$(gpu_lock "$gpu_index").runs
# (checked here: a lock file the runs cannot open would fail every run, blamed on its kernel; the
# runs open it for writing, without truncating it)
gpu_lock_file "$run_lock" rw && [ -w "$run_lock" ] ||
  die "cannot open $run_lock, the runs' lock on GPU $gpu_index (${gpu_err:-made by another user?}; GPU_LOCK_DIR chooses the directory)"
nvml_from=()
if [ "${HOLD_DEVICE:-0}" = 1 ]; then
  # (it also loads NVML once and keeps its readings fresh in a file the runs read instead)
  "$slug_bench" --hold --nvml-out "$b/runs/$session.nvml" --gpu-lock "$run_lock" >/dev/null 2>&1 6>&- 7>&- 8>&- 9>&- & keeper=$!
  nvml_from=(--nvml-from "$b/runs/$session.nvml")
fi

. tools/pipeline/header.sh  # hval, has_session

# a session id names one invocation: a second one under the same id would mix two sessions
for v in "${cand[@]}" "${sdpa[@]}"; do
  [ -f "$dest/$v.csv" ] && has_session "$dest/$v.csv" "$session" &&
    die "SESSION: '$session' is already in $dest/$v.csv (a session id names one run; pick another)"
done
runs=$b/runs/$session
rm -rf -- "$runs" && mkdir -p "$runs" || die "cannot make $runs"
code_libs=()
for l in $(for bl in "${sdpa[@]}"; do lib_of "$bl"; done | sort -u); do
  # the library versions are part of the baselines' code (torch, cuDNN, ...): an upgrade changes
  # what runs (asked once per runner, here: only on a GPU host, and not once per run)
  vers=$(timeout 300 python3 "${runner_of[$l]}" --versions 2>/dev/null | head -n 1) || vers=
  [[ $vers =~ ^[a-z]+= ]] || vers="torch=unavailable"
  id=$("$session_bin" code-id runner "${runner_of[$l]}") || die "$session_bin code-id: no runner id of ${runner_of[$l]}"
  code_libs+=("$id $vers")
done
code_of() { "$session_bin" code-id for "$1" "$code_kernels" "${code_libs[@]}"; }
say "$exp on $slug: session $session (host $host, gpu $gpu_uuid), ${#cand[@]} variants, $rounds rounds x $per_round reps, L2 ${L2:-cold}, $order, order seed $order_seed"

shape_args() { local s; for s in $(cat "$1"); do printf -- '--shape\n%s\n' "$s"; done; }
[ -n "${SHARD:-}" ] || : >"$b/runtime.csv"
reject() { # reject VARIANT REASON DETAIL (one write: sessions on other GPUs may append at the same time)
  "$gatetab" reject "$b/runtime.csv" "$1" "$2" "$3" || die "cannot record $1's gate row"
  say "$1: $2: $3"
}

# --- 1. timing, in rounds (each process checks numerics before it times) ----------------------
mapfile -t all_shapes < <(printf '%s\n' ${SHAPES})
flags_of() { tr '\n' ' ' <"$b/$1/flags" | sed 's/ $//'; }
round_file() { echo "$runs/$1.r$2.csv"; }
# the arguments every timed run of V in round R takes (into the array args)
run_args() {
  local v=$1 r=$2
  args=(--reps "$per_round" --warmup "${WARMUP:-10}" --l2 "${L2:-cold}"
        --graph-calls "${GRAPH_CALLS:-20}" --seed $(( ${SEED:-42} + r ))
        --out "$(round_file "$v" "$r")" --meta "experiment=$exp" --meta "variant=$v" --meta "round=$r"
        --meta "git_rev=${GIT_REV:-unknown}" --meta "order=$order"
        --meta "session=$session" --meta "host=$host" --meta "gpu_uuid=$gpu_uuid" --meta "gpu_index=$gpu_index"
        --meta "order_seed=$order_seed" --meta "code=$(code_of "$v")")
}
run_lib() { # run_lib NAME ROUND: a library baseline through its runner; run as `run_lib ... &`:
  # the background shell becomes the runner's timeout(1) (exec), so stopping its pid stops the runner
  local v=$1 r=$2 sa=() s
  run_args "$v" "$r"
  for s in "${all_shapes[@]}"; do sa+=(--shape "$s"); done
  # (nor the input of a round's server: it must see its end when this script closes it)
  [ -z "${srv_fd:-}" ] || exec {srv_fd}>&-
  # sdpa-cudnn.b: the backend is the name up to its first '.'
  exec timeout -k 5 "$run_timeout" python3 "${runner_of[$(lib_of "$v")]}" --backend "${v%%.*}" "${sa[@]}" "${args[@]}" \
    --meta "flags=" --samples-bin "$samples" 2>>"$runs/$v.log" 6>&- 7>&- 8>&- 9>&-
}
# start_bench NAME ROUND [TURN]: one of our variants' timing process, in the background (its pid
# in bench_pid). With TURN (a file name: PRESTART), the process opens the device and waits for
# TURN to exist before it launches anything (bench --after), and RUN_TIMEOUT counts from then
# (bench --limit; a timeout of twice that and a minute stops one that never gets its turn)
start_bench() {
  local v=$1 r=$2 turn=${3:-} sa limit=$run_timeout
  run_args "$v" "$r"
  args+=("${nvml_from[@]}" --gpu-lock "$run_lock")
  mapfile -t sa < <(shape_args "$b/$v/shapes.txt")
  # (the run gets none of this script's locks: fds 6-9 closed for it; RUN_TIMEOUT=0: no limit)
  if [ -n "$turn" ]; then
    local lim=(); [ "$limit" -eq 0 ] || lim=(--limit "$limit")
    timeout -k 5 $(( limit ? 2 * limit + 60 : 0 )) "$b/$v/bench" "${sa[@]}" "${args[@]}" --meta "flags=$(flags_of "$v")" \
      --after "$turn" --parent $$ "${lim[@]}" 2>>"$runs/$v.log" 6>&- 7>&- 8>&- 9>&- &
  else
    timeout -k 5 "$limit" "$b/$v/bench" "${sa[@]}" "${args[@]}" --meta "flags=$(flags_of "$v")" 2>>"$runs/$v.log" \
      6>&- 7>&- 8>&- 9>&- &
  fi
  bench_pid=$!
}
# PRESTART=1 (default): while one of our variants' process runs, the next one in the schedule (if
# it is one of ours, alive and built) is started and opens the device, then waits for its turn,
# which comes when the one before it has written its sample file (or exited): opening a device
# (a context, NVML) and closing one no longer stand between two timed runs. Making a context
# works the GPU (the driver sets up its memory), so it must not overlap a timing: the runs of one
# GPU share a lock (bench --gpu-lock, <GPU lock>.runs), held while a run (or the keeper) opens the
# device and from a run's first timed call to its end (it resets the device, then lets the lock
# go). On one GPU the opening ends before the run ahead of it times; with several GPUs, making contexts is serialised across the host (an H200 pair: 233 ms alone,
# ~470 ms when both GPUs make one at once), so without the lock it spilled into the timing.
# Library baselines are not started ahead.
prestart=${PRESTART:-1}
case $prestart in 0|1) ;; *) die "PRESTART: '$prestart' is not 0 or 1" ;; esac
next_pid= next_item= next_turn=
# nap S: sleep S seconds without starting a process (a read that times out on a pipe nobody writes)
exec {nap_fd}<> <(:)
nap() { read -r -t "$1" -u "$nap_fd" _ || :; }
stop_next() { [ -z "$next_pid" ] || { kill "$next_pid" 2>/dev/null; wait "$next_pid" 2>/dev/null; }; next_pid=; next_item=; }
# prestart_after I: start ahead the next run after schedule item I (1-based) that this session
# will make, if it is one of our variants: skipping dead variants and, with QUEUE, those another
# session claimed; a library baseline next, or a variant that did not build, starts nothing
prestart_after() {
  local j nv nr
  [ -z "$next_pid" ] || return  # (one run ahead at most)
  for ((j = $1; j < ${#sched[@]}; j++)); do
    read -r nv nr <<<"${sched[j]}"
    [ -z "${dead[$nv]:-}" ] || continue
    ! is_lib "$nv" || return
    ours "$nv" || continue
    built "$nv" || return
    next_turn=$runs/turn.$((j + 1)); rm -f "$next_turn"
    start_bench "$nv" "$nr" "$next_turn"; next_pid=$bench_pid next_item=${sched[j]}
    return
  done
}
# SERVE=1: the runs of our variants in a round are jobs of one process on the GPU (SERVE_BIN,
# tools/pipeline/serve.cu), which opens the device once and then loads each variant's kernel.so
# (its bench as a shared object) and times it with the run's own command line (bench --served):
# making a context (~0.25 s, serialised across a host's GPUs) is paid once per round, not once
# per run. Rounds never share a process, as the design has it: each round gets servers of its
# own, so the variation between processes is still variation between rounds; the runs of one round
# share their process, as they share the round's time. PRESTART does not apply (no run opens
# the device). A job's exit status comes back in <job>.rc; a job that fails or crashes ends its
# server (its status is the job's), and the round's next job starts a new one. A job is stopped
# past RUN_TIMEOUT by its own limit (bench --limit: exit 124), and, should that fail, its server
# is killed at twice that and a minute.
# A server that cannot start (the device, the shared CUDA runtime) or that fails on its own (exit
# 3: a job file, log or .rc it could not read or write) stops the session, saying why: it is no
# variant's failure, and every variant after it would fail the same way.
srv_pid= srv_fd= srv_round=
serve_stop() { # the server's input closed: it exits at its end; waited for (a minute at most)
  local n=0
  [ -n "$srv_pid" ] || return 0
  exec {srv_fd}>&-
  while kill -0 "$srv_pid" 2>/dev/null && [ $((n += 1)) -le 30000 ]; do nap 0.002; done
  kill -KILL "$srv_pid" 2>/dev/null
  wait "$srv_pid" 2>/dev/null
  srv_pid= srv_fd=
}
serve_fail() { # serve_fail STATUS: the server's own failure ends the session
  die "the server on GPU $gpu_index failed (exit $1), no variant's fault: $(tail -n 2 "$runs/serve.log" | tr '\n' ' ')(see $runs/serve.log)"
}
serve_start() { # serve_start ROUND: a new server for ROUND's jobs, reading them from a FIFO, once
  # it has opened the device
  local fifo=$runs/serve.fifo ready=$runs/serve.ready rc
  rm -f "$fifo" "$ready" && mkfifo "$fifo" || die "cannot make $fifo"
  "$serve_bin" --gpu-lock "$run_lock" --ready "$ready" <"$fifo" >>"$runs/serve.log" 2>&1 6>&- 7>&- 8>&- 9>&- &
  srv_pid=$!
  exec {srv_fd}>"$fifo"
  srv_round=$1
  # (bounded: a server that cannot take the runs' lock, or open the device, within
  # SERVE_START_TIMEOUT seconds (120) ends the session, saying so)
  local t0=$SECONDS limit=${SERVE_START_TIMEOUT:-120}
  while [ ! -e "$ready" ] && kill -0 "$srv_pid" 2>/dev/null && [ $(( SECONDS - t0 )) -lt "$limit" ]; do nap 0.002; done
  [ -e "$ready" ] && return 0
  if kill -0 "$srv_pid" 2>/dev/null; then
    kill -KILL "$srv_pid" 2>/dev/null; exec {srv_fd}>&-; wait "$srv_pid" 2>/dev/null; srv_pid= srv_fd=
    die "the server on GPU $gpu_index did not open the device within $limit s (SERVE_START_TIMEOUT): the runs' lock $run_lock held by another process?$(who=$(gpu_lock_others "$gpu_index"); [ -z "$who" ] || echo " Other holders of the GPU: $who")"
  fi
  exec {srv_fd}>&-; wait "$srv_pid"; rc=$?; srv_pid= srv_fd=
  serve_fail "$rc"
}
serve_job() { # serve_job V ROUND: V's run of ROUND as a job of the round's server; sets rc
  local v=$1 r=$2 job so sa lim=() t0=$SECONDS
  [ -n "$srv_pid" ] && [ "$srv_round" = "$r" ] || { serve_stop; serve_start "$r"; }
  run_args "$v" "$r"
  mapfile -t sa < <(shape_args "$b/$v/shapes.txt")
  [ "$run_timeout" -eq 0 ] || lim=(--limit "$run_timeout")
  so=$(cd "$b/$v" && pwd -P)/kernel.so
  job=$runs/job.$v.r$r
  rm -f "$job.rc"
  printf '%s\n' "$so" "$runs/$v.log" "${sa[@]}" "${args[@]}" --meta "flags=$(flags_of "$v")" \
    "${nvml_from[@]}" --gpu-lock "$run_lock" "${lim[@]}" --served >"$job" || die "cannot write $job"
  # (a server that has ended cannot take it: the write fails; SIGPIPE is caught, below)
  if printf '%s\n' "$job" 2>/dev/null >&"$srv_fd"; then
    while [ ! -e "$job.rc" ] && kill -0 "$srv_pid" 2>/dev/null; do
      if [ "$run_timeout" -gt 0 ] && [ $(( SECONDS - t0 )) -gt $(( 2 * run_timeout + 60 )) ]; then
        echo "measure: no answer from the server within $(( 2 * run_timeout + 60 )) s: killed" >>"$runs/$v.log"
        kill -KILL "$srv_pid" 2>/dev/null
        break
      fi
      nap 0.002
    done
  fi
  if [ -e "$job.rc" ]; then
    read -r rc <"$job.rc"
    [[ $rc =~ ^[0-9]+$ ]] || rc=-1
    [ "$rc" = 0 ] || serve_stop  # (a job that failed ends its server)
  else
    exec {srv_fd}>&-
    wait "$srv_pid"; rc=$?
    srv_pid= srv_fd=
    [ "$rc" -ne 3 ] || serve_fail 3
    [ "$rc" -ne 0 ] || rc=-1  # (a server that ended without the job's answer failed it)
  fi
}
# (a job written to a server that has just ended: the write fails, and the signal that comes with
# it is caught here, not fatal; caught, not ignored, so that the processes started here get the
# default action)
trap : PIPE
declare -A dead pos started
i=0
for item in "${sched[@]}"; do
  read -r v r <<<"$item"; i=$((i + 1))
  if [ -n "${dead[$v]:-}" ]; then [ "$next_item" != "$item" ] || stop_next; continue; fi
  ours "$v" || continue
  if ! is_lib "$v" && ! built "$v"; then
    say "$v: ${static[$v]}: not timed"; dead[$v]=1; continue
  fi
  # position: the how-many-th process of its round this one is (skipped dead variants take no slot)
  started[$r]=$(( ${started[$r]:-0} + 1 )); pos[$v.$r]=${started[$r]}
  say "[$i/${#sched[@]}] round $r/$rounds $v (session $session)"
  f=$(round_file "$v" "$r")
  if is_lib "$v"; then
    run_lib "$v" "$r" & cur_pid=$!
    wait "$cur_pid"; rc=$?
    cur_pid=
  elif [ "$serve" = 1 ]; then
    serve_job "$v" "$r"
  else
    if [ "$next_item" = "$item" ]; then  # started ahead: its turn now (if not given already)
      pid=$next_pid cur_pid=$next_pid next_pid= next_item=; [ -e "$next_turn" ] || : >"$next_turn"
    else
      start_bench "$v" "$r"; pid=$bench_pid cur_pid=$bench_pid
    fi
    [ "$prestart" = 0 ] || prestart_after "$i"  # the next run, started while this one works
    # the next run's turn comes as soon as this one's sample file is there: it has done with the
    # GPU, and its exit (the context's teardown) overlaps the next one's set-up and numerics check
    if [ -n "$next_pid" ]; then
      while [ ! -e "$f" ] && kill -0 "$pid" 2>/dev/null; do nap 0.002; done
      [ ! -e "$f" ] || : >"$next_turn"
    fi
    wait "$pid"; rc=$?
    cur_pid=
  fi
  if [ $rc -eq 1 ] && is_lib "$v" && [ -f "$f" ]; then
    say "$v: a shape failed numerics and was left out (see $runs/$v.log)"; rc=0
  fi
  # exit 0 with nothing written is no sample either (rc -1: no exit status takes that value)
  if [ $rc -eq 0 ] && [ ! -f "$f" ]; then rc=-1; fi
  # the runs' progress lines ("bench: [i/N] SHAPE median X us", "sdpa_bench: [i/N] ...")
  if [ $rc -eq 0 ]; then tail -n "$(printf '%s\n' "${all_shapes[@]}" | wc -l)" "$runs/$v.log" | grep -E ': \[[0-9]+/[0-9]+\] ' | sed 's/^/  /' >&2; continue; fi
  # a run that ran out of time while another process held the runs' lock may never have had the
  # GPU: the session stops and says so, never blaming the variant with a run_timeout
  if { [ $rc -eq 124 ] || [ $rc -eq 137 ]; } && ! is_lib "$v" && ! flock -w 10 "$run_lock" true 2>/dev/null; then
    die "$v: its run ran out of time while another process held the runs' lock on GPU $gpu_index ($run_lock$(who=$(gpu_lock_others "$gpu_index"); [ -z "$who" ] || echo "; other holders of the GPU: $who")): no verdict on $v; free the lock (or choose GPU_LOCK_DIR) and measure again"
  fi
  dead[$v]=1
  if is_lib "$v"; then
    if [ $rc -eq 5 ]; then say "$v: unavailable (its library is not installed here)"
    elif [ $rc -eq -1 ]; then say "$v: failed (exit 0 without a sample file), see $runs/$v.log"
    else say "$v: failed (exit $rc), see $runs/$v.log"; fi
  elif [ $rc -eq -1 ]; then reject "$v" runtime_error "exit 0 without a sample file (round $r)"
  else reject "$v" "$("$gatetab" exit-reason $rc)" "$(grep -m1 -E 'verdict=fail' "$runs/$v.log" || tail -n 1 "$runs/$v.log")"; fi
done
serve_stop
rm -f "$runs"/turn.* "$runs"/serve.fifo
# QUEUE: the session that runs the builder lets it finish (the others' variants may still be building)
if [ -n "$claims" ] && [ -n "${builder_pid:-}" ]; then wait "$builder_pid"; builder_pid=; fi

# --- 2. merge rounds into the published files ----------------------------------------------------
# merge_session V OUT: this session's rounds of V as one sample file (`samples merge`): round 1's
# header lines, `# rounds:`, `# temp_end_c_last_round:`, this session's `# session.<id>:` line, the
# CSV header row with round,session,position added, the rows (rep renumbered per shape across the
# rounds).
merge_session() {
  local v=$1 out=$2 files=() p=() r
  for r in $(seq 1 "$rounds"); do files+=("$(round_file "$v" "$r")"); p+=("${pos[$v.$r]}"); done
  "$samples" merge --rounds "$rounds" --session "$session" --positions "${p[*]}" --fallback-date "$start_iso" \
      --host "$host" --uuid "$gpu_uuid" --seed "$order_seed" --variant "$v" \
      --last-temp "$(hval "${files[rounds - 1]}" temp_end_c)" --plan "${PLAN_TAG:-}" --machine "$machine" --out "$out" "${files[@]}"
}
published=0
for v in "${timed[@]}"; do
  [ -n "${dead[$v]:-}" ] || [ -n "${theirs[$v]:-}" ] && continue
  missing=
  for r in $(seq 1 "$rounds"); do [ -f "$(round_file "$v" "$r")" ] || missing+=" $r"; done
  [ -z "$missing" ] || { say "$v: no sample file for round(s)$missing: not published"; continue; }
  merge_session "$v" "$runs/$v.session.csv" || { say "$v: rounds do not merge: not published"; continue; }
  n=$("$samples" publish "$dest" "$runs/$v.session.csv") && published=$((published + n))
done

# --- 3. what the numerics gate measured at each shape (every check line of every run of our
# variants, failed ones included: `numtab`, tools/gates/numerics.h), published beside the samples
: >"$runs/numerics.rows"
for v in "${cand[@]}"; do
  [ -z "${theirs[$v]:-}" ] && ! is_lib "$v" && [ -f "$runs/$v.log" ] || continue
  # (a variant's rows join the table only when all of its log reads: none of a log that does not)
  if "$numtab" rows --variant "$v" --session "$session" "$runs/$v.log" >"$runs/$v.numrows"; then
    cat "$runs/$v.numrows" >>"$runs/numerics.rows"
  else say "$v: its check lines could not be read (above): its numerics are not published"; fi
done
if [ -s "$runs/numerics.rows" ]; then
  { flock 8; "$numtab" publish --git-rev "${GIT_REV:-unknown}" --code "$code_kernels" "$runs/numerics.rows" "$dest"; } 8>"$dest/.publish.lock" ||
    say "the numerics table was not published (above)"
fi

# --- 4. the gate table with runtime verdicts, published beside the samples ---------------------
# (a shard leaves it to the driver, which merges once every session has finished: under STREAM
# the other sessions' variants may still be building)
[ -n "${SHARD:-}" ] || { flock 8; "$gatetab" merge "$b" "$dest"; } 8>"$dest/.publish.lock"
rej=$(wc -l <"$b/runtime.csv")
passed=0 nmine=0 nstatic=0  # (QUEUE: of the variants this session ran)
for v in "${cand[@]}"; do
  [ -z "${theirs[$v]:-}" ] || continue
  nmine=$((nmine + 1)); [ -n "${dead[$v]:-}" ] || passed=$((passed + 1))
  [ -z "${static[$v]:-}" ] || nstatic=$((nstatic + 1))
done
say "done: session $session, $published sample files in $dest, $passed of $(( nmine - nstatic )) variants passed numerics${stream:+ ($nstatic of $nmine stopped by the static gates)}${claims:+ ($(( ${#cand[@]} - nmine )) taken by the other sessions)}, $rej rejected at run time"
# DONE_FILE (a cluster job's session, staged): written last, so a job killed before it has
# published nothing that tools/pipeline/collect.sh would take
[ -z "${DONE_FILE:-}" ] || echo "$session $dest" >"$DONE_FILE"
echo "$dest"
