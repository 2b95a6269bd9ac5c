#!/usr/bin/env bash
# test_layout.sh — the source tree's shape: every host tool lives in a module folder of tools/,
# every module has its tests in tests/<module>/, and neither the modules nor the files include
# each other in a circle (tsort finds the cycle; the checker is shown a circle first, so it can
# fail).
set -u
. tests/lib.sh
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# edges FILE...: "from to" per quoted include that resolves inside tools/ (same folder, or
# tools/<module>/ when written "module/x.h")
edges() {
  local f d h
  for f in "$@"; do
    d=$(dirname "$f")
    grep -ho '^#include "[^"]*"' "$f" | sed 's/^#include "//; s/"$//' | while read -r h; do
      if [ -f "$d/$h" ]; then echo "$f $d/$h"
      elif [ -f "tools/$h" ]; then echo "$f tools/$h"; fi
    done
  done
}
# acyclic EDGES: tsort exits non-zero and names the loop when the graph has a cycle
acyclic() { tsort "$1" >/dev/null 2>"$T/loop"; }

printf 'a b\nb c\nc a\n' >"$T/circle"
check "the cycle checker fails on a circle a -> b -> c -> a" eval '! acyclic "$T/circle"'
printf 'a b\nb c\na c\n' >"$T/dag"
check "the cycle checker passes a DAG" acyclic "$T/dag"

src=$(find tools -name '*.[ch]' -o -name '*.cu' | sort)
edges $src >"$T/files"
check "tools/: $(wc -l <"$T/files") includes between files, no cycle" acyclic "$T/files"
[ -s "$T/loop" ] && cat "$T/loop"
awk '{ split($1, a, "/"); split($2, b, "/"); if (a[2] != b[2]) print a[2], b[2] }' "$T/files" | sort -u >"$T/mods"
check "tools/: module graph ($(tr '\n' ';' <"$T/mods")) has no cycle" acyclic "$T/mods"
[ -s "$T/loop" ] && cat "$T/loop"

loose=$(find tools -maxdepth 1 -type f | sort | tr '\n' ' ')
check_eq "no loose file directly in tools/ (each belongs to a module folder)" "$loose" ""
for m in $(find tools -mindepth 1 -maxdepth 1 -type d ! -name __pycache__ | sort); do
  m=${m#tools/}
  check "module $m has its tests in tests/$m/" eval 'ls tests/$m/test_* >/dev/null 2>&1'
done
# a cross-module include names its module ("stats/design.h"), so the graph above is the real one
bare=$(for f in $src; do d=$(dirname "$f"); grep -ho '^#include "[^"/]*"' "$f" | sed 's/^#include "//; s/"$//' |
  while read -r h; do [ -f "$d/$h" ] || [ ! -f "$(find tools -name "$h" | head -n 1)" ] || echo "$f:$h"; done; done)
check_eq "no bare include of another module's header" "$bare" ""
done_testing
