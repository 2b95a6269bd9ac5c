#!/usr/bin/env bash
# test_dry_run.sh — `make -n GOAL` works for every goal `make help` lists, as on a fresh clone (an
# empty build directory): exit 0, and nothing written outside the build directory. A goal that
# needs an experiment gets the one its help line's example names, else phase1. "Nothing written"
# is seen by a listing of the whole work tree with each path's mtime and size, before and after,
# so that a write into a path git ignores (build/) counts too; the listing is shown first a dry
# run that does write there, and must see it.
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
goals=$(make -s --no-print-directory help 2>/dev/null | grep -oE '^  [a-z0-9-]+' | sort -u)
check "make help lists goals" test -n "$goals"
# listing: every path of the work tree, those git ignores included, after its mtime and size; not
# .git, and not the log this test's own output goes to (tests/run.sh keeps it under build/)
root=$PWD own_log=$(readlink -f /proc/$$/fd/1 2>/dev/null)
listing() { find "$root" -path "$root/.git" -prune -o ! -path "$own_log" -printf '%T@ %s %p\n' | LC_ALL=C sort; }
# written BEFORE: the paths whose line differs from the listing BEFORE (written, made or removed)
written() { diff <(echo "$1") <(listing) | sed -n 's/^[<>] [^ ]* [^ ]* //p' | LC_ALL=C sort -u; }
probe=build/dry-run-probe.$$
printf 'all:\n\t@: $(MAKE); mkdir -p build && touch %s\n' "$probe" >"$t/probe.mk"
before=$(listing)
make -n -s -f "$t/probe.mk" >/dev/null 2>&1
check "the probe: a dry run whose recipe runs (it names \$(MAKE)) writes into build/" test -e "$probe"
check_grep "... and the listing sees the write into the ignored path" "^$root/$probe\$" <(written "$before")
rm -f "$probe"
before=$(listing)
for g in $goals; do
  case $g in search|search-confirm|search-replay) a=(EXP=sweep) ;; *) a=(EXP=phase1) ;; esac
  rm -rf "$t/b"
  make -n --no-print-directory "$g" "${a[@]}" B="$t/b" >"$t/out" 2>&1; rc=$?
  [ $rc = 0 ] || sed 's/^/# /' "$t/out" | tail -5 >&2
  check_eq "make -n $g ${a[*]}: exit 0 on an empty build directory" "$rc" 0
done
w=$(written "$before")
[ -z "$w" ] || head -5 <<<"$w" | sed 's/^/# written: /'
check_eq "the dry runs wrote nothing outside the build directory (ignored paths included)" "$w" ""
done_testing
