#!/usr/bin/env bash
# test_dry_run.sh — `make -n GOAL` works for every goal `make help` lists, as on a fresh clone (an
# empty build directory): exit 0, and nothing written outside the build directory. A goal that
# needs an experiment gets the one its help line's example names, else phase1.
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
goals=$(make -s --no-print-directory help 2>/dev/null | grep -oE '^  [a-z0-9-]+' | sort -u)
check "make help lists goals" test -n "$goals"
before=$(git status --porcelain 2>/dev/null)
for g in $goals; do
  case $g in search|search-confirm|search-replay) a=(EXP=sweep) ;; *) a=(EXP=phase1) ;; esac
  rm -rf "$t/b"
  make -n --no-print-directory "$g" "${a[@]}" B="$t/b" >"$t/out" 2>&1; rc=$?
  [ $rc = 0 ] || sed 's/^/# /' "$t/out" | tail -5 >&2
  check_eq "make -n $g ${a[*]}: exit 0 on an empty build directory" "$rc" 0
done
check_eq "the dry runs wrote nothing outside the build directory" "$(git status --porcelain 2>/dev/null)" "$before"
done_testing
