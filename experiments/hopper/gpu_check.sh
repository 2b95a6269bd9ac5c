#!/usr/bin/env bash
# gpu_check.sh — the Hopper kernel on an H100/H200, from the repository root, writing nothing under
# data/ (published results are made by `make measure` / `make reproduce` with PUBLISH, not here).
#   experiments/hopper/gpu_check.sh check OUTDIR   build, numerics of every accepted variant of
#                                                  experiments/correctness-sm90 on every shape of
#                                                  its HEAD_DIM, then compute-sanitizer
#   experiments/hopper/gpu_check.sh time OUTDIR    make measure EXP=hopper into OUTDIR/scratch and a
#                                                  table of medians (run only after `check` passed)
# GIT_REV (default: git rev-parse --short=12 HEAD) is recorded in what measure writes. Writes
# OUTDIR/check.txt (variant, exit status of bench --check), OUTDIR/check_<variant>.log,
# OUTDIR/sanitize.csv, OUTDIR/times.txt; exits non-zero when anything failed.
set -u -o pipefail
mode=${1:?usage: gpu_check.sh check|time OUTDIR}
out=${2:?usage: gpu_check.sh check|time OUTDIR}
export GIT_REV=${GIT_REV:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
mkdir -p "$out"
jobs=$(nproc)
say() { echo "gpu_check: $*"; }

if [ "$mode" = check ]; then
  nvidia-smi -L
  make -s -j"$jobs" build EXP=correctness-sm90 && make -s gates EXP=correctness-sm90 || { say "build failed"; exit 2; }
  b=build/correctness-sm90
  : >"$out/check.txt"
  fail=0
  for st in "$b"/*/status; do
    v=$(basename "$(dirname "$st")")
    [ "$(head -n 1 "$st")" = ok ] || continue
    args=(); while read -r s; do args+=(--shape "$s"); done <"$b/$v/shapes.txt"
    timeout -k 5 300 "$b/$v/bench" --check "${args[@]}" >"$out/check_$v.log" 2>&1
    rc=$?
    echo "$v $rc" >>"$out/check.txt"
    [ $rc -eq 0 ] || fail=1
    say "$v: bench --check on ${#args[@]} args: exit $rc"
  done
  SAN_JOBS=4 SAN_TIMEOUT=240 SAN_TOOLS="memcheck racecheck synccheck initcheck" \
    make -s sanitize EXP=correctness-sm90 DATA_OUT="$out/scratch" || fail=1
  cp "$b/sanitize.csv" "$out/sanitize.csv" 2>/dev/null
  say "numerics (variant, exit status):"; cat "$out/check.txt"
  say "sanitizer:"; cut -d, -f1-5 "$out/sanitize.csv" 2>/dev/null | grep -v '^#'
  exit $fail
fi

if [ "$mode" = time ]; then
  make -s -j"$jobs" build EXP=hopper && make -s gates EXP=hopper || { say "build failed"; exit 2; }
  make measure EXP=hopper DATA_OUT="$out/scratch" || { say "measure failed"; exit 1; }
  # median time per (variant, shape) from the sample files (columns: shape,rep,time_us,...)
  for f in "$out"/scratch/hopper/*/*.csv; do
    grep -v '^#' "$f" | awk -F, -v v="$(basename "$f" .csv)" 'NR > 1 { print v, $1, $3 }'
  done | sort -k1,1 -k2,2 -k3,3g | awk '
    function flush() { if (n) printf "%-28s %-14s %10.1f us  (n=%d)\n", key2, key1, (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2), n }
    $1 != key1 || $2 != key2 { flush(); key1 = $1; key2 = $2; n = 0 }
    { a[++n] = $3 } END { flush() }' | sort -k1,1 -k3,3g | tee "$out/times.txt"
  exit 0
fi
say "unknown mode '$mode' (check or time)"; exit 2
