#!/usr/bin/env bash
# gates_merge.sh — the gate table of the latest GPU run: static gates plus runtime verdicts.
#   gates_merge.sh BUILD_EXP_DIR [DEST_DIR]
# BUILD_EXP_DIR/runtime.csv holds rows `variant,reason,"detail"` appended by the GPU stages
# (measure, which empties it first: numerics, runtime_error, run_timeout; sanitize:
# runtime_error; profile: bank_conflicts, bad_coalescing). The first runtime row of a variant
# turns its static row into `variant,reject,reason,"detail",<resource columns kept>`. The result
# is BUILD_EXP_DIR/gates_run.csv; the static table gates.csv is never rewritten, so a transient
# failure (a run_timeout) does not keep a variant out of the next measure. With DEST_DIR, the
# result is published there as gates.csv. Both written to a temporary file, then renamed.
set -u
b=$1 dest=${2:-}
[ -f "$b/gates.csv" ] || { echo "gates_merge: $b/gates.csv: missing" >&2; exit 2; }
touch "$b/runtime.csv"
# Columns 1-3 of gates.csv never hold commas; the resource columns after detail are numbers.
awk -F, 'FILENAME == ARGV[1] { if (!($1 in rt)) { r = $0; sub(/^[^,]*,/, "", r); rt[$1] = r }; next }
  FNR == 1 { ncol = NF; print; next }
  ($1 in rt) { n = split($0, c, ","); tail = ""
               for (i = n - (ncol - 5); i <= n; i++) tail = tail "," c[i]
               print $1 ",reject," rt[$1] tail; next }
  { print }' "$b/runtime.csv" "$b/gates.csv" >"$b/gates_run.csv.tmp" && mv "$b/gates_run.csv.tmp" "$b/gates_run.csv" || exit 2
if [ -n "$dest" ]; then
  mkdir -p "$dest" && cp "$b/gates_run.csv" "$dest/.gates.csv.tmp" && mv "$dest/.gates.csv.tmp" "$dest/gates.csv" || exit 2
fi
