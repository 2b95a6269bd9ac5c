#!/usr/bin/env bash
# gpu_check.sh — the Hopper kernel on an H100/H200, from the repository root, writing nothing under
# data/ (published results are made by `make measure` / `make reproduce` with PUBLISH, not here).
#   experiments/hopper/gpu_check.sh check OUTDIR   the building-block probes (test_sm90_probe.sh),
#                                                  build, numerics of every accepted variant of
#                                                  experiments/correctness-sm90 on every shape of
#                                                  its HEAD_DIM, then compute-sanitizer (memcheck,
#                                                  racecheck, synccheck, initcheck) on SAN_VARIANTS
#                                                  at the experiment's SANITIZE_SHAPES
#   experiments/hopper/gpu_check.sh sanitize OUTDIR  `make sanitize` over every variant (slow)
#   experiments/hopper/gpu_check.sh time OUTDIR    make measure EXP=hopper into OUTDIR/scratch and a
#                                                  table of medians (run only after `check` passed)
# GIT_REV (default: git rev-parse --short=12 HEAD) is recorded in what measure writes. Writes
# OUTDIR/check.txt (variant, exit status of bench --check), OUTDIR/check_<variant>.log,
# OUTDIR/sanitize.txt (+ san_<variant>_<tool>.log), OUTDIR/times.txt; exits non-zero when
# anything failed. Many small files: where only a few may be carried back, pack OUTDIR (tar).
set -u -o pipefail
mode=${1:?usage: gpu_check.sh check|sanitize|time OUTDIR}
out=${2:?usage: gpu_check.sh check|sanitize|time OUTDIR}
export GIT_REV=${GIT_REV:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
mkdir -p "$out"
jobs=$(nproc)
say() { echo "gpu_check: $*"; }

if [ "$mode" = check ]; then
  nvidia-smi -L
  # the building blocks first (TMA, S, O for each HEAD_DIM x BLOCK_N): a layout error shows here
  bash tests/kernels/test_sm90_probe.sh | tee "$out/probe.txt"
  grep -q '^not ok' "$out/probe.txt" && fail_probe=1 || fail_probe=0
  make -s -j"$jobs" build EXP=correctness-sm90 && make -s gates EXP=correctness-sm90 || { say "build failed"; exit 2; }
  b=build/correctness-sm90
  : >"$out/check.txt"
  fail=$fail_probe
  for st in "$b"/*/status; do
    v=$(basename "$(dirname "$st")")
    # a refused configuration (bad_*) must not build; any other that did not is a failure, not a skip
    if [ "$(head -n 1 "$st")" != ok ]; then
      case $v in bad_*) continue ;; esac
      echo "$v not-built" >>"$out/check.txt"; fail=1; say "$v: accepted but not built: $(sed -n 2p "$st")"; continue
    fi
    args=(); while read -r s; do args+=(--shape "$s"); done <"$b/$v/shapes.txt"
    timeout -k 5 300 "$b/$v/bench" --check "${args[@]}" >"$out/check_$v.log" 2>&1
    rc=$?
    echo "$v $rc" >>"$out/check.txt"
    [ $rc -eq 0 ] || fail=1
    say "$v: bench --check on ${#args[@]} args: exit $rc"
  done
  # the sanitizers on one variant of each structure, at the experiment's edge shapes it runs
  cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  san_shapes=$(make -s --no-print-directory -f - <<<'include experiments/correctness-sm90/experiment.mk
all: ; @echo $(SANITIZE_SHAPES)')
  : >"$out/sanitize.txt"
  for v in ${SAN_VARIANTS:-d64_base d64_n64_w1_s1 d64_overlap_pp_n64_s3 d128_base d128_pingpong d128_overlap_pp d128_overlap_n64_w1_s4}; do
    [ "$(head -n 1 "$b/$v/status" 2>/dev/null)" = ok ] || { echo "$v - not-built" >>"$out/sanitize.txt"; fail=1; continue; }
    args=(); for s in $san_shapes; do grep -qx -- "$s" "$b/$v/shapes.txt" && args+=(--shape "$s"); done
    for tool in memcheck racecheck synccheck initcheck; do
      timeout -k 5 300 "$cs" --tool "$tool" --error-exitcode 9 "$b/$v/bench" --check "${args[@]}" \
        >"$out/san_${v}_$tool.log" 2>&1
      rc=$?
      errs=$(grep -oE 'ERROR SUMMARY: [0-9]+' "$out/san_${v}_$tool.log" | tail -n 1)
      echo "$v $tool exit=$rc ${errs:-no summary}" >>"$out/sanitize.txt"
      [ $rc -eq 0 ] || fail=1
    done
  done
  say "numerics (variant, exit status):"; cat "$out/check.txt"
  say "sanitizer:"; cat "$out/sanitize.txt"
  exit $fail
fi

if [ "$mode" = sanitize ]; then
  make -s -j"$jobs" build EXP=correctness-sm90 && make -s gates EXP=correctness-sm90 || { say "build failed"; exit 2; }
  SAN_JOBS=8 make -s sanitize EXP=correctness-sm90 DATA_OUT="$out/scratch"; rc=$?
  cp build/correctness-sm90/sanitize.csv "$out/sanitize.csv" 2>/dev/null
  grep -v '^#' "$out/sanitize.csv" | cut -d, -f1-5
  exit $rc
fi

if [ "$mode" = time ]; then
  make -s -j"$jobs" build EXP=hopper && make -s gates EXP=hopper || { say "build failed"; exit 2; }
  make measure EXP=hopper DATA_OUT="$out/scratch" || { say "measure failed"; exit 1; }
  # median time per (variant, shape) from the sample files (columns: shape,rep,time_us,...)
  for f in "$out"/scratch/hopper/*/*.csv; do
    [ "$(basename "$f")" = gates.csv ] && continue  # the gate table beside the samples
    grep -v '^#' "$f" | awk -F, -v v="$(basename "$f" .csv)" 'NR > 1 { print v, $1, $3 }'
  done | sort -k1,1 -k2,2 -k3,3g | awk '
    function flush() { if (n) printf "%-28s %-14s %10.1f us  (n=%d)\n", key2, key1, (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2), n }
    $1 != key1 || $2 != key2 { flush(); key1 = $1; key2 = $2; n = 0 }
    { a[++n] = $3 } END { flush() }' | sort -k1,1 -k3,3g | tee "$out/times.txt"
  exit 0
fi
say "unknown mode '$mode' (check, sanitize or time)"; exit 2
