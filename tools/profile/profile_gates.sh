#!/usr/bin/env bash
# profile_gates.sh — the counter gates (bank_conflicts, bad_coalescing) of one experiment from its
# tidy profile CSVs; CPU only. Called by `make profile` (after ncu) and `make profile-gates`.
#   profile_gates.sh EXP
# Environment: B, TOOLS (default $B/tools), PROFILE_DIR (default $B/EXP/profile; e.g. the published
#   data/EXP/<gpu>/profile), BANK_CONFLICT_MAX, COALESCE_FACTOR, COALESCE_IDEAL_SECTORS,
#   DEST (a data/EXP/<gpu> directory to publish the merged gates.csv to; optional).
# Writes build/EXP/counter_gates.csv (variant,verdict,reason,detail: every profiled variant with
# its measured values). Each reject becomes a runtime row `variant,reason,"detail"` in
# build/EXP/runtime.csv (earlier counter-gate rows of the same variants dropped first), which
# `gatetab merge` folds into build/EXP/gates.csv like measure's and sanitize's rows.
set -u
exp=$1
b=${B:-build}/$exp
tools=${TOOLS:-${B:-build}/tools}
dir=${PROFILE_DIR:-$b/profile}
die() { echo "profile_gates: $*" >&2; exit 2; }
[ -f "$b/gates.csv" ] || die "$b/gates.csv: missing (run make gates EXP=$exp)"
shopt -s nullglob
files=("$dir"/*.csv)
[ ${#files[@]} -gt 0 ] || die "$dir: no profile CSVs (run make profile EXP=$exp on a GPU host)"
out=$b/counter_gates.csv
"$tools/counter_gates" --bank-conflict-max "${BANK_CONFLICT_MAX:-0.5}" \
  --coalesce-factor "${COALESCE_FACTOR:-2}" --ideal-sectors "${COALESCE_IDEAL_SECTORS:-4}" \
  "${files[@]}" >"$out.tmp" || { rm -f "$out.tmp"; exit 2; }
mv "$out.tmp" "$out"
"$tools/gatetab" update "$b/runtime.csv" counters "$out" || exit 2
"$tools/gatetab" merge "$b" ${DEST:+"$DEST"} || exit 2
echo "profile gates: $("$tools/gatetab" count "$out")" >&2
