#!/usr/bin/env bash
# shards.sh — `make measure GPUS=...` or `RUNNER=slurm`: one experiment's timing spread over
# several GPUs, written as a makefile of one target per session that make runs at once (-j, one
# job per GPU or cluster job).
#   shards.sh EXP >build/EXP/shards.mk
# Environment (from make): GPUS (`all`, or GPU indices separated by commas or spaces), B, ROUNDS,
# PLAN_ROUNDS (the rounds a session of the experiment's declared PLAN; optional),
# REPS, ALL_VARIANTS (the experiment's variants and C baselines), VARIANT (optional: only these),
# BASELINE, BASELINES, ORDER_SEED (optional: GPU k's session gets ORDER_SEED + k), MAKE_CMD
# (how a shard calls make back: the top make with its EXP), START (UTC start, names the sessions),
# RUNNER (local, the default: GPUS of this host; slurm: SLURM_JOBS cluster jobs, each one GPU).
#
# RUNNER=slurm: each session is a Slurm job step, `srun --gres=gpu:1 --ntasks=1 --time=...`, on
# SLURM_PARTITION / SLURM_ACCOUNT when given; Slurm places it and sets CUDA_VISIBLE_DEVICES. The
# time limit is SLURM_TIME minutes, else what the session may take at most: RUN_TIMEOUT per
# process, (rounds + 1) processes per variant. The session runs in the job, in this tree (a file
# system the nodes share), staged into build/EXP/slurm/<session>/ (DATA_OUT there, DONE written
# last, the job's output in job.log); tools/pipeline/collect.sh publishes the finished ones.
#
# Each GPU runs a session of its own, with its own shuffled round order and its own order seed,
# through `make measure-one GPU=<i>` (`session measure` with GPU and SHARD set):
#   ROUNDS >= GPUs   the rounds are dealt out: GPU k of n runs ROUNDS/n of them (the first
#                    ROUNDS mod n GPUs one more) of every variant, REPS in proportion. Every
#                    variant is timed on every GPU, so the files gain one session per GPU.
#   ROUNDS <  GPUs   (a sweep, one round) the variants are dealt out; the baselines (BASELINE,
#                    BASELINES) run on every GPU. RUNNER=local: from one queue the sessions share
#                    (`session measure`'s QUEUE, build/EXP/queue/, made empty by the driver): every
#                    session gets every variant and the same order seed, so the same schedule,
#                    and times those it claims first, so a GPU that is done takes the next one
#                    (the static gates reject some variants, and which only their builds tell).
#                    RUNNER=slurm: in turn over the jobs, fixed beforehand (the nodes may share
#                    no file system lock).
# The statistics see one session per GPU: the GPU is a random effect inside the session level.
#
# Builds overlap measuring (RUNNER=local) when each variant is timed on one GPU only (one GPU,
# or the variants dealt out): the sessions get STREAM=1 and VARIANT (all of ALL_VARIANTS, the
# experiment's variants, not yet built), and each builds its own variants while it times them
# (tools/session/run_build.c). Only what several sessions share is built first (target prebuild: the gate rows
# of the baselines every GPU runs). Otherwise (rounds dealt over several GPUs, or Slurm, whose
# nodes share no make job server with this one) prebuild makes the whole gate table first.
# Local sessions write their session and destination to build/EXP/shards.<k>.done, for the
# driver (mk/measure.mk) to publish the gate table once they have all finished.
set -u
exp=$1
b=${B:-build}/$exp
die() { echo "measure: GPUS: $*" >&2; exit 2; }
rounds=${ROUNDS:-10}; reps=${REPS:-50}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS '$rounds' is not a count"
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "REPS '$reps' is not a count"
runner=${RUNNER:-local}
case $runner in local|slurm) ;; *) die "RUNNER '$runner' is not local or slurm" ;; esac
if [ "$runner" = slurm ]; then
  [[ ${SLURM_JOBS:-1} =~ ^[1-9][0-9]{0,2}$ ]] || die "SLURM_JOBS '${SLURM_JOBS:-}' is not a count of jobs"
  command -v "${SRUN:-srun}" >/dev/null 2>&1 || die "RUNNER=slurm: no ${SRUN:-srun} here (run on a Slurm login node)"
  GPUS=$(seq -s, 0 $(( ${SLURM_JOBS:-1} - 1 )))  # job numbers, not GPU indices: Slurm picks the GPUs
fi
. tools/pipeline/gpus.sh
gpu_list "${GPUS:-}" || die "$gpu_err"
n=${#gpus[@]}
stream=
[ "$runner" = local ] && { [ "$n" -eq 1 ] || [ "$rounds" -lt "$n" ]; } && stream=1
# the variants, as make names them (not yet built: a session leaves out those the static gates
# reject, from the gate table, or from their rows as they are built)
read -r -a cand <<<"${ALL_VARIANTS:-}"
[ ${#cand[@]} -gt 0 ] || die "no variants (ALL_VARIANTS is empty)"
# VARIANT (the user's): only those, with the baselines the GPUs share
if [ -n "${VARIANT:-}" ]; then
  want=" $VARIANT ${BASELINE:-} ${BASELINES:-} " keep=()
  for v in "${cand[@]}"; do [[ $want == *" $v "* ]] && keep+=("$v"); done
  [ ${#keep[@]} -gt 0 ] || die "VARIANT='$VARIANT' names none of the experiment's variants"
  cand=("${keep[@]}")
fi
shared() { [[ " ${BASELINE:-} ${BASELINES:-} " == *" $1 "* ]]; }  # timed on every GPU
# the dealing (`session deal`, tools/session/session_deal.h): line k is GPU k's "rounds R reps N",
# "queue" or "variants V..."; a declared plan (PLAN_ROUNDS: its rounds a session) with several GPUs
# must have the rounds dealt out, PLAN_ROUNDS to each, never the variants (refused, saying how)
shared_args=(); for v in "${cand[@]}"; do shared "$v" && shared_args+=(--shared "$v"); done
deal_out=$("${SESSION_BIN:-${B:-build}/tools/session}" deal --gpus "$n" --rounds "$rounds" --reps "$reps" \
  ${PLAN_ROUNDS:+--plan-rounds "$PLAN_ROUNDS"} $([ "$runner" = slurm ] && echo --turn) "${shared_args[@]}" -- "${cand[@]}" 2>&1) ||
  die "${deal_out#session: }"
mapfile -t dealt <<<"$deal_out"
[ -z "${ORDER_SEED:-}" ] || [[ $ORDER_SEED =~ ^[0-9]{1,17}$ ]] || die "ORDER_SEED '$ORDER_SEED' is not a number"
# the shared queue (the variants dealt out, local GPUs): one order seed for every session
queue=
if [ "$runner" = local ] && [ "$n" -gt 1 ] && [ "$rounds" -lt "$n" ]; then
  queue=1
  queue_seed=${ORDER_SEED:-$(( $(od -An -N4 -tu4 /dev/urandom | tr -d ' \n') & 0x7fffffff ))}
  queue_seed=$(( 10#$queue_seed ))
fi
start=${START:-$(date -u +%Y%m%dT%H%M%SZ)}
host=$(hostname -s 2>/dev/null || echo unknown); host=$(printf '%s' "$host" | tr -c 'A-Za-z0-9.-' '-')
q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }  # single-quoted for the shell

echo "# shards.mk — written by tools/pipeline/shards.sh for $exp on GPUs ${gpus[*]} (do not edit)"
echo ".PHONY: all prebuild$(for k in $(seq 0 $((n - 1))); do printf ' shard%d' "$k"; done)"
echo "all:$(for k in $(seq 0 $((n - 1))); do printf ' shard%d' "$k"; done)"
if [ -n "$stream" ]; then
  pre=(); for v in "${cand[@]}"; do shared "$v" && pre+=("$b/$v/gate.csv"); done
else
  pre=("$b/gates.csv")
fi
if [ ${#pre[@]} -gt 0 ]; then printf 'prebuild:\n\t+@%s %s\n' "${MAKE_CMD:-make}" "${pre[*]}"
else printf 'prebuild:\n\t@:\n'; fi
for k in $(seq 0 $((n - 1))); do
  g=${gpus[k]}
  if [ "$runner" = slurm ]; then
    sess=$host-job$g-$start; stage=$b/slurm/$sess
    args="SESSION=$sess DATA_OUT=$stage/data DONE_FILE=$stage/DONE"
  else
    args="GPU=$g SESSION=$host-gpu$g-$start DONE_FILE=$b/shards.$k.done"
  fi
  if [ -n "$queue" ]; then
    args+=" ORDER_SEED=$queue_seed"  # (one schedule for all)
  elif [ -n "${ORDER_SEED:-}" ]; then
    args+=" ORDER_SEED=$(( 10#$ORDER_SEED + k ))"
  fi
  read -r _ how rest <<<"${dealt[k]}"
  case $how in
    rounds) read -r r _ kreps <<<"$rest"; args+=" ROUNDS=$r REPS=$kreps" ;;
    queue)  args+=" VARIANT=$(q "${cand[*]}") QUEUE=$b/queue QUEUE_SHARED=$(q "$(for v in "${cand[@]}"; do shared "$v" && printf '%s ' "$v"; done)")" ;;
    *)      read -r -a mine <<<"$rest"
            [ ${#mine[@]} -gt 0 ] || { printf 'shard%d:\n\t@:\n' "$k"; continue; }  # more GPUs than variants
            args+=" VARIANT=$(q "${mine[*]}")" ;;
  esac
  [ -z "$stream" ] || { [[ $args == *VARIANT=* ]] || args+=" VARIANT=$(q "${cand[*]}")"; args+=" STREAM=1"; }
  if [ "$runner" = slurm ]; then
    nv=${#cand[@]}; [[ $args == *VARIANT=* ]] && nv=${#mine[@]}
    nv=$(( nv + $(wc -w <<<"${LIB_BASELINES:-}") ))
    rk=$rounds; [[ $args =~ ROUNDS=([0-9]+) ]] && rk=${BASH_REMATCH[1]}
    [ -n "${SLURM_TIME:-}" ] || [ "${RUN_TIMEOUT:-300}" != 0 ] ||
      die "RUN_TIMEOUT=0 (no limit) gives a Slurm job no time limit: set SLURM_TIME (minutes)"
    mins=${SLURM_TIME:-$(( (nv * (rk + 1) * ${RUN_TIMEOUT:-300} + 59) / 60 ))}
    [[ $mins =~ ^[1-9][0-9]*$ ]] || die "SLURM_TIME '$mins' is not a number of minutes"
    srun="${SRUN:-srun} --job-name=cudadent42-$exp-$g --gres=gpu:1 --ntasks=1 --time=$mins --kill-on-bad-exit=1"
    [ -z "${SLURM_PARTITION:-}" ] || srun+=" --partition=$(q "$SLURM_PARTITION")"
    [ -z "${SLURM_ACCOUNT:-}" ] || srun+=" --account=$(q "$SLURM_ACCOUNT")"
    printf 'shard%d: prebuild\n\t+@rm -rf %s && mkdir -p %s && %s --output=%s/job.log %s measure-one %s\n' \
      "$k" "$stage" "$stage" "$srun" "$stage" "${MAKE_CMD:-make}" "$args"
  else
    printf 'shard%d: prebuild\n\t+@rm -f %s/shards.%d.done && %s measure-one %s\n' "$k" "$b" "$k" "${MAKE_CMD:-make}" "$args"
  fi
done
echo "measure: $exp on $n $([ "$runner" = slurm ] && echo "Slurm job(s)" || echo "GPU(s) (${gpus[*]})"): $([ "$rounds" -ge "$n" ] && echo "rounds dealt out" || echo "variants dealt out${queue:+ from a shared queue}")$([ -n "$stream" ] && echo ", built while measured")" >&2
