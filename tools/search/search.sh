#!/usr/bin/env bash
# search.sh — the real Loop 1 search on a GPU host (nvcc, a driver; no GSL):
#   search.sh EXP
# Repeats until `search propose` has nothing left (MAX_TRIALS trials in the log for this key,
# or the space exhausted) or TIME_BUDGET seconds have passed: propose a batch (LHS design first,
# then TPE), build it in parallel through make's per-variant targets (build/EXP/<v>/status),
# gate each (build/tools/gates, as `make gates`), time the survivors at the shape with SEARCH_REPS
# reps (the timing run checks numerics first and exits 1 on a failure), and append every outcome
# to the trial log.
# The log is keyed by a hash of the code id (the `# code:` `make measure` writes for EXP) and
# GRAPH_CALLS, GPU, nvcc version and shape (search_log.h): a killed search resumes where it
# stopped, and a rerun with the same inputs measures nothing.
# GPUS (`all` or indices, as for `make measure`): a batch's trials are timed on those GPUs at
# once, one trial per GPU at a time (the GPU's host-wide lock, as `session measure` takes it); the log
# takes one record at a time (a lock beside it). The batch itself is BATCH distinct proposals (the
# design's points, then TPE's best by expected improvement among those not yet taken), so a
# batch of at least as many candidates as GPUs keeps every GPU busy.
# Then the confirmation: the best configuration and the BASELINE (a variant of EXP, one of its
# compiled BASELINES such as cublas-gemm, or a <lib>-* baseline (sdpa-cudnn)
# through the problem's LIB_BENCH) re-measured in CONFIRM_ROUNDS rounds, into RESULTS_DIR/confirm/
# {cand,base}.csv (kept when already measured for this key); `make search-confirm` on a machine
# with GSL judges them as `make analyze` does and writes loop1_results.json.
# What a search publishes lives in RESULTS_DIR (default results/EXP, tracked like data/, so the
# log travels to the next GPU host with the tree and resumes there): trials.csv (the log),
# key.txt, confirm/. Scratch (per-trial samples, build log, lock) stays in build/EXP/search/.
# MAX_TRIALS counts every trial of the key in the log, whatever seed or strategy made it;
# TIME_BUDGET counts from the start of this invocation and is checked between trials.
# Environment (from make): B, NVCC, CODE_SRC (the sources of the code id), SAMPLES_BIN (the samples command; default $B/tools/samples), SESSION_BIN (the session command; default $B/tools/session: the confirmation's order), MAKE_CMD (the make command line that builds a variant
# target), SHAPE, SEED, STRATEGY, INIT, MAX_TRIALS, TIME_BUDGET (0: none), BATCH, JOBS,
# SEARCH_REPS, CONFIRM_REPS, CONFIRM_ROUNDS, SESSION, ORDER_SEED, WARMUP, L2, RUN_TIMEOUT, BASELINE, BASELINES, VARIANT_DIR, RESULTS_DIR, SEARCH_LOG,
# gates: GATE_ARCH, MIN_OCCUPANCY, MIN_OCCUPANCY_CP_ASYNC, MIN_CTAS, SM_COUNT.
# Test hooks: SEARCH_GPU (skip asking a bench for the GPU slug), GATES (the gates command), GATETAB
# (the gate table's command, default $B/tools/gatetab).
set -u
exp=$1
b=${B:-build}/$exp
out=$b/search
res=${RESULTS_DIR:-results/$exp}
log=${SEARCH_LOG:-$res/trials.csv}
tool=${SEARCH_TOOL:-${B:-build}/tools/search}
gates=${GATES:-${B:-build}/tools/gates}
gatetab=${GATETAB:-${B:-build}/tools/gatetab}
samples=${SAMPLES_BIN:-${B:-build}/tools/samples}
session_bin=${SESSION_BIN:-${B:-build}/tools/session}
say() { echo "search: $*" >&2; }
die() { echo "search: $*" >&2; exit 2; }
[ -n "${SHAPE:-}" ] || die "$exp: no shape (SHAPES is empty)"
[ -d "${VARIANT_DIR:-}" ] || die "$exp: no variant directory '${VARIANT_DIR:-}'"
mkdir -p "$out/runs" "$res/confirm" "$(dirname "$log")"
exec 9>"$out/.lock"; flock -n 9 || die "$out/.lock: another search of $exp is running"

# the key: the code id of the experiment's sources (`session code-id`, tools/session/
# session_code_id.h, from make's CODE_SRC: what `make measure` writes as `# code:`) with the
# timing method (GRAPH_CALLS), compiler, GPU, shape
[ -n "${CODE_SRC:-}" ] || die "CODE_SRC: empty (make passes the sources a bench of $exp is compiled from)"
code=$("$session_bin" code-id kernels $CODE_SRC) || die "$session_bin code-id: no code id for $exp"
hash=$(printf '%s graph_calls=%s\n' "$code" "${GRAPH_CALLS:-20}" | sha256sum | cut -c1-16)
nvccv=$("${NVCC:-nvcc}" --version 2>/dev/null | sed -n 's/.*, V\([0-9][0-9.]*\).*/\1/p' | tail -n 1)
[ -n "$nvccv" ] || die "cannot read the nvcc version from '${NVCC:-nvcc} --version'"
mk() { ${MAKE_CMD:-make} "$@"; }
gpu=${SEARCH_GPU:-}
if [ -z "$gpu" ]; then
  first=$(ls "$VARIANT_DIR" | sed -n 's/\.flags$//p' | head -n 1)
  mk "$b/$first/status" >>"$out/build.log" 2>&1
  gpu=$("$b/$first/bench" --gpu-slug 2>"$out/gpu.err") \
    || die "no usable GPU here ($(head -c 300 "$out/gpu.err")); the replay mode needs none: make search EXP=$exp REPLAY=1"
fi
key=(--kernel-hash "$hash" --gpu "$gpu" --nvcc "$nvccv" --shape "$SHAPE")
common=(--dir "$VARIANT_DIR" --log "$log" "${key[@]}" --strategy "${STRATEGY:-lhs+tpe}" --seed "${SEED:-42}")
printf '%s\n' "${key[@]}" >"$res/.key.txt.tmp" && mv "$res/.key.txt.tmp" "$res/key.txt" || die "cannot write $res/key.txt"
say "$exp at $SHAPE on $gpu (kernel $hash, nvcc $nvccv): ${STRATEGY:-lhs+tpe}, seed ${SEED:-42}, log $log"

record() { flock "$log.lock" "$tool" record "${common[@]}" --variant "$1" "${@:2}" || die "cannot record $1 in $log"; }
# the GPUs to time on (GPUS), else the one CUDA_VISIBLE_DEVICES names first
gpus=()
if [ -n "${GPUS:-}" ]; then
  listed=$("$session_bin" gpus "$GPUS" 2>&1) || die "GPUS: ${listed#session: }"
  mapfile -t gpus <<<"$listed"
fi
# on_gpu G CMD...: CMD with only GPU G visible, holding G's host-wide lock (no other timing job
# on it meanwhile; `session lock`, run_gpus.h: a bounded wait, as measure's)
on_gpu() { local g=$1; shift; "$session_bin" lock --gpu "$g" search "$@"; }
gate() { # gate V: prints "verdict<TAB>reason" from the static gates
  local d=$b/$1 occ=${MIN_OCCUPANCY:-0}
  [ -f "$d/status" ] || { echo "reject build_failed"; return; }
  grep -qx -- '-DCP_ASYNC=1' "$d/flags" 2>/dev/null && occ=${MIN_OCCUPANCY_CP_ASYNC:-0}
  $gates --variant "$1" --arch "${GATE_ARCH:-sm_90}" --status "$d/status" --ptxas "$d/build.log" \
    --describe "$d/describe.txt" --min-occupancy "$occ" --min-ctas "${MIN_CTAS:-0}" \
    --sm-count "${SM_COUNT:-132}" | "$gatetab" get --rows - "$1" verdict reason
}
trial() { # trial V [GPU]: gates, numerics, timing (on GPU when given); one log row
  local v=$1 d=$b/$1 verdict reason rc run=${2:+on_gpu $2}
  read -r verdict reason < <(gate "$v")
  [ -n "${verdict:-}" ] || die "gates failed for $v"
  if [ "$verdict" != pass ]; then say "$v: $reason"; record "$v" --gated "$reason"; return; fi
  # the timing run checks numerics at the shape before it times (bench's timing mode): exit 1
  $run timeout -k 5 "${RUN_TIMEOUT:-300}" "$d/bench" --shape "$SHAPE" --reps "${SEARCH_REPS:-20}" \
    --warmup "${WARMUP:-10}" --l2 "${L2:-cold}" --graph-calls "${GRAPH_CALLS:-20}" --seed "${SEED:-42}" \
    --out "$out/runs/$v.csv" \
    --meta "experiment=$exp" --meta "variant=$v" --meta "search=trial" 2>"$out/runs/$v.log"
  rc=$?
  if [ $rc -ne 0 ]; then reason=$("$gatetab" exit-reason $rc); say "$v: $reason"; record "$v" --gated "$reason"; return; fi
  record "$v" --samples "$out/runs/$v.csv"
}

start=$(date +%s)
over() { [ "${TIME_BUDGET:-0}" -gt 0 ] && [ $(( $(date +%s) - start )) -ge "${TIME_BUDGET:-0}" ]; }
while ! over; do
  mapfile -t batch < <("$tool" propose "${common[@]}" --init "${INIT:-20}" --batch "${BATCH:-8}" \
                         --max-trials "${MAX_TRIALS:-100}") || die "propose failed"
  [ ${#batch[@]} -gt 0 ] || break
  say "building ${#batch[@]}: ${batch[*]}"
  targets=(); for v in "${batch[@]}"; do targets+=("$b/$v/status"); done
  mk -j"${JOBS:-16}" -k "${targets[@]}" >>"$out/build.log" 2>&1
  if [ ${#gpus[@]} -gt 1 ]; then
    # one worker per GPU, each taking the batch's candidates k, k + n, k + 2n, ...
    for k in "${!gpus[@]}"; do
      ( for ((i = k; i < ${#batch[@]}; i += ${#gpus[@]})); do over && break; trial "${batch[i]}" "${gpus[k]}"; done ) &
    done
    wait
  else
    for v in "${batch[@]}"; do over && break; trial "$v" "${gpus[0]:-}"; done
  fi
done
over && say "time budget of ${TIME_BUDGET} s reached; rerun to resume"
read -r best med n nok ngated < <("$tool" best "${common[@]}") || die "nothing measured in $log for this key"
say "best of $n trials ($nok measured, $ngated gated): $best, median $med us"

# confirmation: the best and the baseline in CONFIRM_ROUNDS rounds (each a process of
# CONFIRM_REPS / CONFIRM_ROUNDS reps), their order dealt from a recorded seed by `session order`, one
# session, merged by `samples merge` as `make measure` merges: `stats compare` then judges
# them at the level of the design (rounds as units, paired). Kept when already measured for this
# key (the rounds are part of it).
crounds=${CONFIRM_ROUNDS:-10}
[[ $crounds =~ ^[1-9][0-9]{0,3}$ ]] || die "CONFIRM_ROUNDS: '$crounds' is not a count of rounds"
creps=$(( (${CONFIRM_REPS:-100} + crounds - 1) / crounds ))
tag="$hash/$gpu/$nvccv/$SHAPE/${CONFIRM_REPS:-100}/$crounds"
host=$(hostname -s 2>/dev/null | tr -c 'A-Za-z0-9.\n-' '-'); host=${host:-host}
start_iso=$(date -u +%Y-%m-%dT%H:%M:%SZ)
session=${SESSION:-$host-$(date -u +%Y%m%dT%H%M%SZ)}
[[ $session =~ ^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$ ]] || die "SESSION: '$session' is not [A-Za-z0-9.-] (1-100 characters)"
order_seed=${ORDER_SEED:-$(( $(od -An -N4 -tu4 /dev/urandom | tr -d ' ') % 2147483648 ))}
[[ $order_seed =~ ^[0-9]{1,18}$ ]] || die "ORDER_SEED: '$order_seed' is not a non-negative integer"
fresh() { grep -qxF "# search_key: $tag" "$1" 2>/dev/null && grep -qxF "# variant: $2" "$1"; }
confirm_run() { # confirm_run NAME ROUND POSITION
  local v=$1 f=$out/confirm/$1.r$2.csv
  local meta=(--meta "experiment=$exp" --meta "variant=$v" --meta "search_key=$tag" --meta "search=confirm"
              --meta "round=$2" --meta "session=$session" --meta "host=$host" --meta "order_seed=$order_seed")
  local common=(--shape "$SHAPE" --reps "$creps" --warmup "${WARMUP:-10}" --l2 "${L2:-cold}"
                --graph-calls "${GRAPH_CALLS:-20}" --seed $(( ${SEED:-42} + 1 )) --out "$f")
  local r runner=
  for r in ${LIB_BENCH:-}; do [[ $v == "$("$session_bin" code-id lib "$r")"-* ]] && runner=$r; done
  case $runner in
    ?*) timeout -k 5 "${RUN_TIMEOUT:-300}" python3 "$runner" --backend "$v" "${common[@]}" "${meta[@]}" \
         --samples-bin "$samples" ;;
    *) # a variant of the space, or a compiled baseline of the experiment (BASELINES: cublas-*)
       [ -f "$VARIANT_DIR/$v.flags" ] || [[ " ${BASELINES:-} " == *" $v "* ]] ||
         die "baseline '$v' is not a variant of $exp, nor one of its BASELINES, nor a baseline of a library runner (<lib>-* of ${LIB_BENCH:-no LIB_BENCH})"
       mk "$b/$v/status" >>"$out/build.log" 2>&1
       timeout -k 5 "${RUN_TIMEOUT:-300}" "$b/$v/bench" "${common[@]}" "${meta[@]}" ;;
  esac && [ -f "$f" ]
}
[ -n "${BASELINE:-}" ] || die "$exp: no BASELINE to confirm against"
if fresh "$res/confirm/cand.csv" "$best" && fresh "$res/confirm/base.csv" "$BASELINE"; then
  say "confirmation of $best and $BASELINE already measured: $res/confirm/"
else
  rm -rf "$out/confirm" && mkdir -p "$out/confirm" || die "cannot make $out/confirm"
  # the rounds' order as measure deals it (each of the two first in half the rounds)
  mapfile -t csched < <("$session_bin" order --seed "$order_seed" --rounds "$crounds" -- "$best" "$BASELINE")
  [ ${#csched[@]} -eq $((2 * crounds)) ] || die "$session_bin order: no order for '$best' and '$BASELINE'"
  declare -A cpos
  k=0 prev=
  for line in "${csched[@]}"; do
    v=${line% *} r=${line##* }
    [ "$r" = "$prev" ] || { prev=$r; k=0; }
    k=$((k + 1)); cpos[$v.$r]=$k
    say "confirmation round $r/$crounds: $v"
    confirm_run "$v" "$r" || die "confirmation run of $v failed (round $r; torch missing?)"
  done
  for pair in "$best:cand" "$BASELINE:base"; do
    v=${pair%%:*} files=() p=()
    for r in $(seq 1 "$crounds"); do files+=("$out/confirm/$v.r$r.csv"); p+=("${cpos[$v.$r]}"); done
    "$samples" merge --rounds "$crounds" --session "$session" --positions "${p[*]}" \
      --fallback-date "$start_iso" --host "$host" --uuid unknown --seed "$order_seed" --variant "$v" \
      --out "$res/confirm/${pair#*:}.csv" "${files[@]}" || die "cannot merge the confirmation of $v"
  done
fi
printf '%s\n' "$best" "$BASELINE" >"$res/confirm/names.txt"
say "confirmation samples in $res/confirm/; on a machine with GSL: make search-confirm EXP=$exp"
