#!/usr/bin/env bash
# run.sh — runs every test given on the command line (programs or scripts), shows their output,
# and ends with one line "N passed, M failed". Exit status 1 when anything failed.
set -u
pass=0 fail=0
log=$(mktemp)
for t in "$@"; do
  echo "== $t"
  if [[ $t == *.sh ]]; then bash "$t" >"$log" 2>&1; else "$t" >"$log" 2>&1; fi
  rc=$?
  cat "$log"
  p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "not ok $t exited with status $rc"; f=1
  fi
  pass=$((pass + p)); fail=$((fail + f))
done
rm -f "$log"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
