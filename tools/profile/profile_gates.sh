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
# tools/gates/gates_merge.sh folds into build/EXP/gates.csv like measure's and sanitize's rows.
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
touch "$b/runtime.csv"
awk -F, 'NR == FNR { if (FNR > 1) { v[$1] = 1; if ($2 == "reject") { r = $0; sub(/^[^,]*,[^,]*,/, "", r)
                                                                    add[++n] = $1 "," r } }; next }
  !(($1 in v) && ($2 == "bank_conflicts" || $2 == "bad_coalescing")) { print }
  END { for (i = 1; i <= n; i++) print add[i] }' "$out" "$b/runtime.csv" >"$b/runtime.csv.tmp" \
  && mv "$b/runtime.csv.tmp" "$b/runtime.csv" || die "cannot update $b/runtime.csv"
tools/gates/gates_merge.sh "$b" ${DEST:+"$DEST"} || exit 2
awk -F, 'NR > 1 { n++; if ($2 == "pass") p++; else r[$3]++ } END {
  printf "profile gates: %d variants, %d pass", n, p; for (k in r) printf ", %d %s", r[k], k; print "" }' "$out" >&2
