#!/usr/bin/env bash
# reproduce.sh — compare freshly measured samples with the published ones, per variant and shape.
#   reproduce.sh EXP FRESH_ROOT PUBLISHED_ROOT
# Prints the verdict table (stats compare: published = base, fresh = candidate) and exits 1 when
# any variant is SLOW beyond the +-3% band, 3 when some comparison is inconclusive, else 0.
# LEVEL=process (default) compares one median per shape and round (tools/round_medians.sh): the
# A/A experiment shows per-process offsets, so two sessions differ by more than their samples'
# spread; the process is the experimental unit. LEVEL=sample compares the raw samples; both
# tables are written (build/EXP/reproduce.csv gates, reproduce_samples.csv for the record).
set -u
exp=$1 fresh=$2 pub=$3
stats=${STATS:-build/tools/stats}
[ -x "$stats" ] || { echo "reproduce: $stats missing (make tools; on a GPU host without GSL: make stats-static elsewhere, carry it, STATS=path)" >&2; exit 2; }
[ "$fresh" = "$pub" ] && { echo "reproduce: published with PUBLISH=1; nothing to compare against" >&2; exit 0; }
# the timing method of a sample file: its graph_calls header (files from before it: 0, plain launches)
method() { awk '/^# graph_calls: / { g = $3 } !/^#/ { exit } END { print g == "" ? 0 : g }' "$1"; }
pairs=()
for f in "$fresh/$exp"/*/*.csv; do
  [ -f "$f" ] || continue
  v=$(basename "$f"); gpu=$(basename "$(dirname "$f")")
  [ "$v" = gates.csv ] && continue
  if [ -f "$pub/$exp/$gpu/$v" ]; then
    gp=$(method "$pub/$exp/$gpu/$v"); gf=$(method "$f")
    [ "$gp" = "$gf" ] || { echo "reproduce: $exp/$gpu/$v: published with graph_calls $gp, fresh with $gf: different timing methods do not compare (GRAPH_CALLS=$gp reproduces the published method)" >&2; exit 2; }
    pairs+=("$pub/$exp/$gpu/$v" "$f")
  else echo "reproduce: $exp/$gpu/$v: nothing published to compare with" >&2; fi
done
[ ${#pairs[@]} -gt 0 ] || { echo "reproduce: no published data for $exp on this GPU" >&2; exit 2; }
mkdir -p build/"$exp"/reproduce-rounds
"$stats" compare --threshold 0.03 "${pairs[@]}" >build/"$exp"/reproduce_samples.csv
rc=$?
if [ "${LEVEL:-process}" = process ]; then
  rp=(); i=0
  for f in "${pairs[@]}"; do
    i=$((i + 1)); m=build/"$exp"/reproduce-rounds/$i.$(basename "$f")
    tools/round_medians.sh "$f" >"$m" || exit 2
    rp+=("$m")
  done
  "$stats" compare --threshold 0.03 "${rp[@]}" >build/"$exp"/reproduce.csv
  rc=$?
  echo "reproduce: one median per shape and round (process level); sample level in build/$exp/reproduce_samples.csv"
else
  cp build/"$exp"/reproduce_samples.csv build/"$exp"/reproduce.csv
fi
case $rc in
  0) what="reproduced" ;; 1) what="REGRESSION (a SLOW row; exit 1)" ;;
  3) what="no regression, but some rows are inconclusive (exit 3)" ;; *) what="error (exit $rc)" ;;
esac
# one pass: a line per row, then the verdicts counted
awk -F, -v what="$what" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  { printf "  %-14s %-22s published %9.3f us  fresh %9.3f us  ratio %6.3f [%6.3f, %6.3f]  %s\n",
      $c["cand"], $c["shape"], $c["median_base"], $c["median_cand"], $c["speedup"],
      $c["speedup_lo"], $c["speedup_hi"], $c["verdict"]; n[$c["verdict"]]++ }
  END { printf "reproduce: %d SAME, %d FAST, %d AMBIGUOUS, %d SLOW of %d rows: %s\n",
          n["SAME"], n["FAST"], n["AMBIGUOUS"], n["SLOW"], NR - 1, what }' build/"$exp"/reproduce.csv
echo "reproduce: table in build/$exp/reproduce.csv"
exit $rc
