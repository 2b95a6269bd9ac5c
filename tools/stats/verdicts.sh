#!/usr/bin/env bash
# verdicts.sh — the closing summary of a run: one line per comparison in DIR/*/compare.csv
# (columns found by name), then counts per verdict.
#   verdicts.sh DIR
set -u
found=0
for f in "$1"/*/compare.csv; do
  [ -f "$f" ] || continue; found=1
  echo "verdicts: $f"
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { printf "  %-14s vs %-14s %-22s %7.3fx [%6.3f, %6.3f]  %s\n", $c["cand"], $c["base"], $c["shape"],
             $c["speedup"], $c["speedup_lo"], $c["speedup_hi"], $c["verdict"]; n[$c["verdict"]]++ }
    END { printf "  totals:"; for (v in n) printf " %s %d", v, n[v]; print "" }' "$f"
done
[ $found -eq 1 ] || echo "verdicts: no compare.csv under $1"
