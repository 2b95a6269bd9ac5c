#!/usr/bin/env bash
# reproduce.sh — judge a fresh session against the published sessions, per variant and shape.
#   reproduce.sh EXP FRESH_ROOT PUBLISHED_ROOT
# The question is whether the fresh session is a plausible new session of the published ones:
# `stats compare` (published = base, fresh = candidate) at the level of the design. With two or
# more published sessions that is level session: the fresh session's mean against the published
# sessions', with their session-to-session variance (a prediction interval for a new session).
# With one published session only the rounds can be compared (level round: conditional on the two
# sessions, so differences between machines or days show as FAST/SLOW). delta is the A/A
# calibration's (DATA/aa/<gpu>/calibration.csv) when there is one, else 3%. SAME needs the 90%
# CI inside +-delta; what the design cannot resolve is AMBIGUOUS, and stats says on stderr what
# it would take (rounds or sessions). Exit 1 when any row is SLOW, 3 when some are AMBIGUOUS, else
# 0; 2 on input errors (also files timed by different methods).
set -u
exp=$1 fresh=$2 pub=$3
stats=${STATS:-build/tools/stats}
[ -x "$stats" ] || { echo "reproduce: $stats missing (make tools; on a GPU host without GSL: make stats-static elsewhere, carry it, STATS=path)" >&2; exit 2; }
[ "$fresh" = "$pub" ] && { echo "reproduce: published with PUBLISH=1 (a session added to $pub/$exp); nothing to compare against" >&2; exit 0; }
# the timing method of a sample file: its graph_calls header (files from before it: 0, plain launches)
method() { awk '/^# graph_calls: / { g = $3 } !/^#/ { exit } END { print g == "" ? 0 : g }' "$1"; }
pairs=() gpus=()
for f in "$fresh/$exp"/*/*.csv; do
  [ -f "$f" ] || continue
  v=$(basename "$f"); gpu=$(basename "$(dirname "$f")")
  [ "$v" = gates.csv ] && continue
  if [ -f "$pub/$exp/$gpu/$v" ]; then
    gp=$(method "$pub/$exp/$gpu/$v"); gf=$(method "$f")
    [ "$gp" = "$gf" ] || { echo "reproduce: $exp/$gpu/$v: published with graph_calls $gp, fresh with $gf: different timing methods do not compare (GRAPH_CALLS=$gp reproduces the published method)" >&2; exit 2; }
    pairs+=("$pub/$exp/$gpu/$v" "$f"); gpus+=("$gpu")
  else echo "reproduce: $exp/$gpu/$v: nothing published to compare with" >&2; fi
done
[ ${#pairs[@]} -gt 0 ] || { echo "reproduce: no published data for $exp on this GPU" >&2; exit 2; }
band=(--delta 0.03)
cal=$pub/aa/${gpus[0]}/calibration.csv
[ -f "$cal" ] && band=(--calibration "$cal")
mkdir -p build/"$exp"
"$stats" compare "${band[@]}" "${pairs[@]}" >build/"$exp"/reproduce.csv.tmp
rc=$?
case $rc in 0|1|3) mv build/"$exp"/reproduce.csv.tmp build/"$exp"/reproduce.csv ;;
  *) rm -f build/"$exp"/reproduce.csv.tmp; echo "reproduce: stats compare failed (exit $rc)" >&2; exit 2 ;; esac
case $rc in
  0) what="reproduced" ;; 1) what="REGRESSION (a SLOW row; exit 1)" ;;
  3) what="no regression, but some rows are inconclusive (exit 3)" ;;
esac
# one pass: a line per row, then the verdicts counted
awk -F, -v what="$what" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  { printf "  %-14s %-22s published %9.3f us  fresh %9.3f us  ratio %6.3f [%6.3f, %6.3f]  %s (%s, %s sessions, delta %.2f%%)\n",
      $c["cand"], $c["shape"], $c["median_base"], $c["median_cand"], $c["speedup"],
      $c["speedup_lo"], $c["speedup_hi"], $c["verdict"], $c["level"], $c["n_sessions"], 100 * $c["delta"]
    n[$c["verdict"]]++ }
  END { printf "reproduce: %d SAME, %d FAST, %d AMBIGUOUS, %d SLOW of %d rows: %s\n",
          n["SAME"], n["FAST"], n["AMBIGUOUS"], n["SLOW"], NR - 1, what }' build/"$exp"/reproduce.csv
echo "reproduce: table in build/$exp/reproduce.csv"
exit $rc
