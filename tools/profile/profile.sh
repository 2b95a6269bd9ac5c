#!/usr/bin/env bash
# profile.sh — Nsight Compute on one shape of every variant that passed the gates, with a small
# fixed metric set (seed 004: `--set full` takes 10-20 minutes a kernel). GPU host only; needs
# bash, ncu and the host tools (ncu_csv, counter_gates, gatetab). Called by `make profile`.
#   profile.sh EXP
# Environment (from make): B, DATA_OUT (data), PUBLISH (1: copy the tidy CSVs to
#   DATA_OUT/EXP/<gpu>/profile/ and publish the merged gates.csv as measure does),
#   VARIANTS (the experiment's flag-file variants; baselines are not profiled), VARIANT (one),
#   SHAPE (default: the first of the experiment), NCU (default: ncu on PATH, then
#   /usr/local/cuda/bin, /usr/local/cuda/nsight-compute*, /opt/nvidia/nsight-compute/*), PROFILE_TIMEOUT (s per variant, default 110), SEED,
#   BANK_CONFLICT_MAX, COALESCE_FACTOR, COALESCE_IDEAL_SECTORS (see tools/profile/counter_gates.c),
#   TOOLS (default $B/tools), SESSION_BIN (the session command, default $B/tools/session: the GPU's lock).
# Per variant: ncu --clock-control none (the GPU's own clocks, as in timing), default cache
# control (caches flushed before each replay pass: counts from a cold L2, like L2=cold timing),
# only the kernel that describe.txt names for the shape (KV-split combine launches left out),
# skipping the numerics-check launch and profiling the next 3 (warmup + 2 of 3 timed reps):
#   bench --shape S --reps 3 --warmup 1 --l2 hot --hot-batch 1
# Outputs build/EXP/profile/<v>.ncu-rep (for the Nsight GUI), raw/<v>.csv (ncu --import --csv
# --page raw --print-units base), <v>.csv (tidy: variant,shape,metric,value,unit), <v>.log.
# A metric ncu does not know on this GPU or version ("Failed to find metric …") is dropped and
# ncu run again (up to 4 retries; an unnamed failure drops the EXTRA list).
set -u
exp=$1
b=${B:-build}/$exp
tools=${TOOLS:-${B:-build}/tools}
out=$b/profile
say() { echo "profile: $*" >&2; }
die() { echo "profile: $*" >&2; exit 2; }

# the metric set; names as in tools/profile/profile_metrics.c (verified against the Nsight Compute
# metrics reference and published sm_80/sm_90 command lines; EXTRA ones may be missing)
CORE=(gpu__time_duration.sum
  sm__throughput.avg.pct_of_peak_sustained_elapsed
  gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed
  sm__warps_active.avg.pct_of_peak_sustained_active
  sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
  dram__bytes_read.sum dram__bytes_write.sum
  l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
  l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  smsp__inst_executed_op_shared_ld.sum smsp__inst_executed_op_shared_st.sum
  lts__t_sector_hit_rate.pct
  launch__registers_per_thread launch__shared_mem_per_block_dynamic launch__shared_mem_per_block_static)
EXTRA=(l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
  l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum
  smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct
  smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct)
join() { local IFS=,; echo "$*"; }

ncu=${NCU:-$(command -v ncu || ls -d /usr/local/cuda/bin/ncu /usr/local/cuda/nsight-compute*/ncu \
                 /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -n 1 | grep .)} \
  || die "ncu (Nsight Compute) not found: profiling runs only on a GPU host with the CUDA Toolkit; on this machine use 'make profile-gates' or 'make report' on published profiles"
[ -x "$ncu" ] || die "NCU='$ncu' is not an executable"
[ -f "$b/gates.csv" ] || die "$b/gates.csv: missing (run make gates EXP=$exp)"
for t in ncu_csv counter_gates gatetab; do [ -x "$tools/$t" ] || die "$tools/$t: missing (make $tools/$t)"; done

# variants that passed every gate so far, that have a flag file, optionally one
pass_list=$("$tools/gatetab" list --pass --runtime "$b/runtime.csv" "$b/gates.csv") || exit 2
mapfile -t cand < <([ -z "$pass_list" ] || printf '%s\n' "$pass_list")
if [ -n "${VARIANTS:-}" ]; then
  mapfile -t cand < <(printf '%s\n' "${cand[@]}" | grep -Fx -f <(printf '%s\n' $VARIANTS))
fi
if [ -n "${VARIANT:-}" ]; then mapfile -t cand < <(printf '%s\n' "${cand[@]}" | grep -Fx -- "$VARIANT"); fi
[ ${#cand[@]} -gt 0 ] || die "$exp: no variant${VARIANT:+ '$VARIANT'} passed the gates; see $b/gates.csv"

slug=$("$b/${cand[0]}/bench" --gpu-slug 2>"$b/gpu.err") \
  || die "no usable GPU here ($(head -c 300 "$b/gpu.err")); profiling needs a GPU"
mkdir -p "$out/raw"
# the GPU's lock, as a measure session holds it: no profile overlaps a session's timing there
# (`session lock`, tools/session/run_gpus.h: this script runs again, under it)
[ -n "${GPU_LOCK_HELD:-}" ] || GPU_LOCK_HELD=1 exec "${SESSION_BIN:-${B:-build}/tools/session}" lock "make profile EXP=$exp" "$0" "$@"
tmp=$(mktemp -d) || die "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

# run_ncu V SHAPE KERNEL METRICS: 0 ok; the log in $out/V.log
run_ncu() {
  timeout -k 5 "${PROFILE_TIMEOUT:-110}" "$ncu" --clock-control none --target-processes all \
    --kernel-name-base function --kernel-name "regex:^$3\$" --launch-skip 1 --launch-count 3 --metrics "$4" \
    --export "$out/$1" --force-overwrite \
    "$b/$1/bench" --shape "$2" --reps 3 --warmup 1 --l2 hot --hot-batch 1 --seed "${SEED:-42}" \
    --out "$tmp/$1.samples.csv" >"$out/$1.log" 2>&1
}

# kernel_of DESCRIBE SHAPE: the kernel= of SHAPE's line, else of the first line
kernel_of() {
  awk -v want="$2" '{ sh = ""; k = ""
      for (i = 1; i <= NF; i++) { if ($i ~ /^shape=/) sh = substr($i, 7); if ($i ~ /^kernel=/) k = substr($i, 8) }
      if (NR == 1) first = k
      if (sh == want && got == "") got = k }
    END { print (got != "" ? got : first) }' "$1" 2>/dev/null
}

done_v=() failed=0
i=0
for v in "${cand[@]}"; do
  i=$((i + 1))
  shape=${SHAPE:-$(head -n 1 "$b/$v/shapes.txt")}
  [ -n "$shape" ] || { say "$v: no shape"; failed=$((failed + 1)); continue; }
  # the main kernel of this shape from the launch plan (first line if the shape is not in it)
  kernel=$(kernel_of "$b/$v/describe.txt" "$shape")
  [[ $kernel =~ ^[A-Za-z_][A-Za-z0-9_:]*$ ]] || { say "$v: no kernel name in $b/$v/describe.txt"; failed=$((failed + 1)); continue; }
  say "[$i/${#cand[@]}] $v: $kernel at $shape"
  t0=$(date +%s)
  rm -f "$out/$v.ncu-rep" "$out/$v".try*.log
  metrics=("${CORE[@]}" "${EXTRA[@]}")
  for try in 1 2 3 4 5; do
    run_ncu "$v" "$shape" "$kernel" "$(join "${metrics[@]}")"; rc=$?
    [ $rc -eq 0 ] || [ $rc -eq 124 ] || [ $rc -eq 137 ] || [ $try -eq 5 ] && break
    if grep -q ERR_NVGPUCTRPERM "$out/$v.log"; then
      die "ncu may not read the GPU counters here (ERR_NVGPUCTRPERM): run as root or allow profiling (NVreg_RestrictProfilingToAdminUsers=0)"
    fi
    # "==ERROR== Failed to find metric regex:^BASE\.(sum|…)$": drop BASE.*; else drop the EXTRA set
    miss=$(grep -m1 -oE 'Failed to find metric (regex:\^)?[A-Za-z0-9_]+' "$out/$v.log" | grep -oE '[A-Za-z0-9_]+$')
    keep=()
    for m in "${metrics[@]}"; do
      if [ -n "$miss" ]; then [ "${m%%.*}" = "$miss" ] || keep+=("$m")
      else [[ " ${EXTRA[*]} " == *" $m "* ]] || keep+=("$m"); fi
    done
    [ ${#keep[@]} -lt ${#metrics[@]} ] || break
    say "$v: ncu failed (exit $rc: $(grep -m1 -E '==ERROR==|error' "$out/$v.log" | cut -c1-160)); retrying without ${miss:-the EXTRA metrics}"
    cp "$out/$v.log" "$out/$v.try$try.log"
    metrics=("${keep[@]}")
  done
  if [ $rc -ne 0 ] || [ ! -s "$out/$v.ncu-rep" ]; then
    say "$v: ncu failed (exit $rc), see $out/$v.log"; failed=$((failed + 1)); continue
  fi
  "$ncu" --import "$out/$v.ncu-rep" --csv --page raw --print-units base >"$out/raw/$v.csv" 2>>"$out/$v.log" \
    || "$ncu" --import "$out/$v.ncu-rep" --csv --page raw >"$out/raw/$v.csv" 2>>"$out/$v.log" \
    || { say "$v: ncu --import failed, see $out/$v.log"; failed=$((failed + 1)); continue; }
  if "$tools/ncu_csv" --variant "$v" --shape "$shape" --kernel "$kernel" "$out/raw/$v.csv" >"$out/.$v.csv.tmp"; then
    mv "$out/.$v.csv.tmp" "$out/$v.csv"; done_v+=("$v")
    say "$v: $(( $(date +%s) - t0 )) s -> $out/$v.csv"
  else
    rm -f "$out/.$v.csv.tmp"; failed=$((failed + 1))
  fi
done
[ ${#done_v[@]} -gt 0 ] || die "no variant profiled ($failed failed)"

# the counter gates over the variants profiled now; PUBLISH=1: tidy CSVs and gates.csv to data/
dest=${DATA_OUT:-data}/$exp/$slug
pub=
if [ "${PUBLISH:-}" = 1 ]; then
  mkdir -p "$dest/profile"
  for v in "${done_v[@]}"; do
    cp "$out/$v.csv" "$dest/profile/.$v.csv.tmp" && mv "$dest/profile/.$v.csv.tmp" "$dest/profile/$v.csv"
  done
  pub=$dest
fi
# (counter_gates.csv: every profiled variant's verdict with its measured values; each reject
# becomes a runtime row, the earlier counter rows of the same variants dropped, and the table is
# merged as measure's and sanitize's rows are: gatetab stage)
now=(); for v in "${done_v[@]}"; do now+=("$out/$v.csv"); done
"$tools/counter_gates" --bank-conflict-max "${BANK_CONFLICT_MAX:-0.5}" --coalesce-factor "${COALESCE_FACTOR:-2}" \
  --ideal-sectors "${COALESCE_IDEAL_SECTORS:-4}" "${now[@]}" >"$b/counter_gates.csv.tmp" || exit 2
mv "$b/counter_gates.csv.tmp" "$b/counter_gates.csv"
n=$("$tools/gatetab" stage "$b" counters "$b/counter_gates.csv" ${pub:+"$pub"}) || exit 2
say "counter gates: $n"
say "done: ${#done_v[@]} profiled, $failed failed${pub:+; published to $dest/profile/}"
[ $failed -eq 0 ]
