#!/usr/bin/env bash
# aa_check.sh — the A/A calibration of each A/A experiment and GPU: `stats aa` over its pairs.
#   aa_check.sh ROOT...        (env: STATS, B, SEED, DRAWS, ROUNDS, PAIRS, GIT_REV, PUBLISH)
# ROOT is an A/A experiment's data directory (data/aa: our kernel served, one process a round for
# all our variants; data/aa-own: a process per variant and round); each <ROOT>/<gpu>/ holding its
# pairs gets $B/<exp>/<gpu>/calibration.csv (PUBLISH=1: also <ROOT>/<gpu>/calibration.csv), with
# the process design of its files (`# process:` of the first pair's sample header) in its header,
# so that an experiment takes the calibration of its own design (mk/report.mk, r_cal). A pair
# (PAIRS: "a:b ...") whose two files are both absent is not that experiment's; one of two absent
# is an input error. Exit 0, 1 when a pair fails (stats aa: a within-session false-positive rate
# shown above alpha, or an A/A CI excluding 1), 2 on input errors.
set -u
stats=${STATS:-build/tools/stats} out=${B:-build}
found=0 rc=0
for root in "$@"; do
  [ -d "$root" ] || continue
  exp=$(basename "$root")
  for d in "$root"/*/; do
    [ -d "$d" ] || continue
    d=${d%/} g=$(basename "$d") files=()
    for p in ${PAIRS:-a:b sdpa-cudnn:sdpa-cudnn.b}; do
      a=$d/${p%%:*}.csv b=$d/${p#*:}.csv
      [ -f "$a" ] || [ -f "$b" ] || continue
      for f in "$a" "$b"; do
        [ -f "$f" ] || { echo "aa_check: $f: missing (the other file of its pair is here; make measure EXP=$exp on a GPU host)" >&2; exit 2; }
      done
      files+=("$a" "$b")
    done
    [ ${#files[@]} -gt 0 ] || continue
    found=1
    proc=$(awk '/^# process: / { print $3; exit } /^[^#]/ { exit }' "${files[0]}")
    mkdir -p "$out/$exp/$g"
    cal=$out/$exp/$g/calibration.csv
    "$stats" aa --seed "${SEED:-42}" --draws "${DRAWS:-200}" --rounds "${ROUNDS:-10}" "${files[@]}" >"$cal.tmp"; r=$?
    [ $r -le 1 ] || { rm -f "$cal.tmp"; echo "aa_check: stats aa failed for $d (exit $r)" >&2; exit 2; }
    names=$(for f in "${files[@]}"; do basename "$f"; done | sort | tr '\n' ' ')
    { sed -n 1p "$cal.tmp"
      echo "# git_rev: ${GIT_REV:-unknown}"
      echo "# command: make aa-check (stats aa --seed ${SEED:-42} --draws ${DRAWS:-200} --rounds ${ROUNDS:-10})"
      echo "# process: ${proc:-unrecorded}"
      echo "# samples: ${names% } (their sessions in their # session.<id> headers)"
      sed 1d "$cal.tmp"; } >"$cal.tmp2" && rm -f "$cal.tmp" && mv "$cal.tmp2" "$cal"
    echo "== $d"; column -ts, "$cal" 2>/dev/null || cat "$cal"
    [ $r -eq 0 ] || { echo "aa_check: $d: a false-positive rate shown above alpha, or an A/A CI excluding 1" >&2; rc=1; }
    if [ "${PUBLISH:-0}" = 1 ]; then
      cp "$cal" "$d/.calibration.csv.tmp" && mv "$d/.calibration.csv.tmp" "$d/calibration.csv" && echo "published $d/calibration.csv"
    fi
  done
done
[ $found = 1 ] || { echo "aa_check: no A/A data under $* (make measure EXP=aa, EXP=aa-own on a GPU host)" >&2; exit 2; }
exit $rc
