#!/usr/bin/env bash
# reproduce.sh — is a fresh session a plausible new member of the published design?
#   reproduce.sh EXP FRESH_ROOT PUBLISHED_ROOT
# `stats reproduce` (tools/stats/predict.h) predicts a new session on a new GPU from the published
# sessions, nested in their GPUs (GPU and session variance included), and judges the fresh one:
#   - claims (CLAIM_PAIRS, "cand:base ...": the experiment's PRIMARY comparisons, else every
#     variant against BASELINE): the speedup of cand over base in the fresh session's own rounds,
#     where a GPU's offset cancels — the rows a reproduction is judged by;
#   - times: each variant's own time, which carries the whole GPU-to-GPU spread.
# SAME when the fresh session is a plausible new member of the design (the 95% prediction
# interval of the shift holds 1) with its shift inside +-delta, or when the 90% interval lies
# inside +-delta (equivalence); SLOW when the 95% one lies below 1/(1+delta), FAST above 1+delta,
# else AMBIGUOUS with what would resolve it on stderr. A SAME on membership alone says the drop
# the row reads SLOW with 80% power: it cannot rule out a smaller one. With PLAN_TAG (the experiment's declared PLAN) the published side is that plan's
# sessions alone. delta is DELTA (the experiment's; 3% when it sets none): the A/A calibration describes
# another design and is not used here. Tables: build/EXP/reproduce-claims.csv and
# reproduce-times.csv. Exit 1 when a claim row is SLOW, 3 when one is AMBIGUOUS (or no claim
# could be judged), else 0; 2 on input errors (also files timed by different methods). A time
# row's verdict is reported, not part of the exit code: a GPU's own offset may move it.
set -u
exp=$1 fresh=$2 pub=$3
stats=${STATS:-build/tools/stats}
[ -x "$stats" ] || { echo "reproduce: $stats missing (make tools; on a GPU host without GSL: make stats-static elsewhere, carry it, STATS=path)" >&2; exit 2; }
[ "$fresh" = "$pub" ] && { echo "reproduce: published with PUBLISH=1 (a session added to $pub/$exp); nothing to compare against" >&2; exit 0; }
# published files of code that no longer ships (retired or not) are no reference for a session of
# the code that ships: refused, a line each (`published stale`, tools/published/published_check.h;
# make passes CODE_SRC and LIB_BENCH, and without CODE_SRC nothing is checked)
if [ -n "${CODE_SRC+set}" ]; then
  "${PUBLISHED_BIN:-${B:-build}/tools/published}" stale "$pub" "$exp" ||
    { echo "reproduce: $exp: refused: $pub/$exp holds files of other code than the code that ships (above)" >&2; exit 2; }
fi
# the timing method of a sample file: its graph_calls header (files from before it: 0, plain launches)
method() { awk '/^# graph_calls: / { g = $3 } !/^#/ { exit } END { print g == "" ? 0 : g }' "$1"; }
pairs=() gpus=()
for f in "$fresh/$exp"/*/*.csv; do
  [ -f "$f" ] || continue
  v=$(basename "$f"); gpu=$(basename "$(dirname "$f")")
  # a sample file by its first line (the gate and numerics tables beside them are not)
  head -n 1 "$f" | grep -q '^# cudadent42 samples' || continue
  if [ -f "$pub/$exp/$gpu/$v" ]; then
    gp=$(method "$pub/$exp/$gpu/$v"); gf=$(method "$f")
    [ "$gp" = "$gf" ] || { echo "reproduce: $exp/$gpu/$v: published with graph_calls $gp, fresh with $gf: different timing methods do not compare (GRAPH_CALLS=$gp reproduces the published method)" >&2; exit 2; }
    pairs+=("$pub/$exp/$gpu/$v" "$f"); [[ " ${gpus[*]} " == *" $gpu "* ]] || gpus+=("$gpu")
  else echo "reproduce: $exp/$gpu/$v: nothing published to compare with" >&2; fi
done
[ ${#pairs[@]} -gt 0 ] || { echo "reproduce: no published data for $exp on this GPU" >&2; exit 2; }
delta=${DELTA:-0.03}
mkdir -p build/"$exp"
# the claims whose four files exist: published and fresh, cand and base
quads=()
for pair in ${CLAIM_PAIRS:-}; do
  c=${pair%%:*} b=${pair#*:}
  for gpu in "${gpus[@]}"; do
    set -- "$pub/$exp/$gpu/$b.csv" "$pub/$exp/$gpu/$c.csv" "$fresh/$exp/$gpu/$b.csv" "$fresh/$exp/$gpu/$c.csv"
    [ -f "$1" ] && [ -f "$2" ] && [ -f "$3" ] && [ -f "$4" ] && quads+=("$@")
  done
done
# judge TABLE ARGS...: stats reproduce into build/EXP/TABLE; its exit code in $jrc
judge() {
  local table=build/"$exp"/$1; shift
  "$stats" reproduce --delta "$delta" ${PLAN_TAG:+--plan "$PLAN_TAG"} "$@" >"$table.tmp"; jrc=$?
  case $jrc in 0|1|3) mv "$table.tmp" "$table" ;;
    *) rm -f "$table.tmp"; echo "reproduce: stats reproduce failed (exit $jrc)" >&2; exit 2 ;; esac
}
rm -f build/"$exp"/reproduce-claims.csv build/"$exp"/reproduce-times.csv
judge reproduce-times.csv "${pairs[@]}"
rc=3
if [ ${#quads[@]} -gt 0 ]; then judge reproduce-claims.csv --ratio "${quads[@]}"; rc=$jrc
else echo "reproduce: no claim of $exp has published and fresh files of both sides (CLAIM_PAIRS='${CLAIM_PAIRS:-}')" >&2; fi
case $rc in
  0) what="reproduced" ;; 1) what="REGRESSION (a SLOW claim; exit 1)" ;;
  3) what="no regression, but some claims are inconclusive (exit 3)" ;;
esac
# a line per row, then the verdicts counted (claims decide the exit code)
show() {
  awk -F, -v what="$2" -v kind="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { name = $c["cand"] == "" ? $c["base"] : $c["cand"] " vs " $c["base"]
      # a SAME on membership alone: the interval is wider than delta, and says how much it hides
      hides = $c["same_by"] == "member" ? sprintf("; member of the design: a drop of %.1f%% reads SLOW with 80%% power, a smaller one may not", $c["slow_mde_pct"]) : ""
      printf "  %-32s %-22s published %10.4g  fresh %10.4g  shift %6.3f [%6.3f, %6.3f]  %s (%s GPUs, %s sessions, delta %.2f%%%s)\n",
        name, $c["shape"], $c["published"], $c["fresh"], $c["shift"], $c["pi_lo"], $c["pi_hi"],
        $c["verdict"], $c["n_gpus"], $c["n_sessions"], 100 * $c["delta"], hides
      n[$c["verdict"]]++ }
    END { printf "reproduce: %s: %d SAME, %d FAST, %d AMBIGUOUS, %d SLOW of %d rows%s\n", kind,
            n["SAME"], n["FAST"], n["AMBIGUOUS"], n["SLOW"], NR - 1, what == "" ? "" : ": " what }' "$1"
}
show build/"$exp"/reproduce-times.csv "" "times (each variant's own; not in the exit code)"
[ -f build/"$exp"/reproduce-claims.csv ] && show build/"$exp"/reproduce-claims.csv "$what" "claims"
echo "reproduce: tables in build/$exp/reproduce-claims.csv and reproduce-times.csv"
exit $rc
