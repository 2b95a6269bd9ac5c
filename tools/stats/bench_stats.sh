#!/usr/bin/env bash
# bench_stats.sh — speed of build/tools/stats (a benchmark, not a timed test):
#   1. compare, n = 1000 per side, 9999 resamples, BCa (target < 0.5 s), and scipy.stats.bootstrap
#      on the same data and statistic when python3 with scipy is there (target >= 10x faster)
#   2. summary of 100 files of 1000 samples (target < 2 s)
#   3. summary of one file of 10^6 samples (target < 1 s and < 100 MB peak RSS)
# Usage: tools/stats/bench_stats.sh [STATS_BINARY]   (default build/tools/stats; run `make tools` first)
# Prints one line per figure. Times are the best of REPEAT (default 5) runs of the whole process.
set -euo pipefail
S=${1:-build/tools/stats}
REPEAT=${REPEAT:-5}
[ -x "$S" ] || { echo "bench_stats: $S is not built (make tools)" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# gen N SEED MEDIAN > file : log-normal times (sigma 0.05), 4 decimals, deterministic
gen() {
  awk -v n="$1" -v s="$2" -v m="$3" 'BEGIN { srand(s); for (i = 0; i < n; i++) {
    u = rand(); v = rand(); printf "%.4f\n", m * exp(0.05 * sqrt(-2 * log(1 - u)) * cos(6.283185307 * v)) } }'
}

# best N CMD... : the shortest wall time of N runs of CMD, in seconds
best() {
  local n=$1 b="" t0 t1 d
  shift
  for _ in $(seq "$n"); do
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true  # exit 1 or 3 is a verdict, not a failure
    t1=$(date +%s%N)
    d=$(( t1 - t0 ))
    if [ -z "$b" ] || [ "$d" -lt "$b" ]; then b=$d; fi
  done
  awk -v d="$b" 'BEGIN { printf "%.3f", d / 1e9 }'
}

# rss CMD... : peak resident set size in MB (GNU time)
rss() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.1f", $1 / 1024 }'
  else echo "n/a"; fi
}

gen 1000 1 10 >"$T/base.txt"
gen 1000 2 9.5 >"$T/cand.txt"
t=$(best "$REPEAT" "$S" compare --resamples 9999 --ci bca "$T/base.txt" "$T/cand.txt")
echo "compare n=1000/1000, 9999 resamples, BCa: ${t} s (target < 0.5 s)"

if python3 -c 'import scipy' 2>/dev/null; then
  py=$(python3 - "$T/base.txt" "$T/cand.txt" <<'PY'
import sys, time
import numpy as np
from scipy import stats
a, b = np.loadtxt(sys.argv[1]), np.loadtxt(sys.argv[2])
def ratio(x, y, axis=-1):
    return np.median(x, axis=axis) / np.median(y, axis=axis)
best = 1e9
for seed in range(3):
    t0 = time.perf_counter()
    stats.bootstrap((a, b), ratio, n_resamples=9999, method="BCa", vectorized=True,
                    rng=np.random.default_rng(seed))
    best = min(best, time.perf_counter() - t0)
print(f"{best:.3f}")
PY
)
  awk -v p="$py" -v c="$t" 'BEGIN { printf "scipy.stats.bootstrap, same data and statistic: %.3f s (stats is %.0fx faster, target >= 10x)\n", p, p / c }'
else
  echo "scipy.stats.bootstrap: python3 with scipy not available, skipped"
fi

mkdir -p "$T/many"
for i in $(seq 100); do gen 1000 "$((i + 10))" 10 >"$T/many/v$i.txt"; done
t=$(best "$REPEAT" "$S" summary "$T"/many/v*.txt)
echo "summary of 100 files x 1000 samples: ${t} s (target < 2 s)"

gen 1000000 7 10 >"$T/big.txt"
t=$(best "$REPEAT" "$S" summary "$T/big.txt")
m=$(rss "$S" summary "$T/big.txt")
echo "summary of one file of 10^6 samples: ${t} s, peak RSS ${m} MB (target < 1 s, < 100 MB)"
t=$(best "$REPEAT" "$S" compare "$T/big.txt" "$T/big.txt")
m=$(rss "$S" compare "$T/big.txt" "$T/big.txt")
echo "compare of 10^6 vs 10^6 samples: ${t} s, peak RSS ${m} MB"
