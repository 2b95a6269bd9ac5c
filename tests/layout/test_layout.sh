#!/usr/bin/env bash
# test_layout.sh — the source tree's shape: every host tool lives in a module folder of tools/,
# every module has its tests in tests/<module>/, and neither the modules nor the files include
# each other in a circle, nor do the objects of the tools call each other in a circle at link level
# (tsort finds the cycle; each checker is shown a circle first, so it can fail). The link check
# reads build/tools/obj/<module>/*.o: `make test` builds every tool first.
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
# link level: an edge A -> B when object A has an undefined global symbol that object B defines
sym_edges() {
  local o
  for o in "$@"; do nm -g --defined-only "$o" | awk -v o="$o" 'NF == 3 { print $3, o }'; done | LC_ALL=C sort >"$T/defs"
  for o in "$@"; do nm -g --undefined-only "$o" | awk -v o="$o" '{ print $NF, o }'; done | LC_ALL=C sort >"$T/undefs"
  LC_ALL=C join "$T/undefs" "$T/defs" | awk '$2 != $3 { print $2, $3 }' | sort -u
}
printf 'int b(void);\nint a(void) { return b(); }\n' >"$T/a.c"
printf 'int a(void);\nint b(void) { return a(); }\n' >"$T/b.c"
printf 'int b(void) { return 1; }\n' >"$T/c.c"
for f in a b c; do ${CC:-cc} -c "$T/$f.c" -o "$T/$f.o"; done
sym_edges "$T/a.o" "$T/b.o" >"$T/objcircle"
check "the symbol graph of a.o <-> b.o (each calls the other) has the edge a.o -> b.o" grep -q 'a.o .*b.o$' "$T/objcircle"
check "the link-level checker fails on two objects that call each other" eval '! acyclic "$T/objcircle"'
sym_edges "$T/a.o" "$T/c.o" >"$T/objdag"
check "the link-level checker passes a.o -> c.o" acyclic "$T/objdag"

# (an object whose source tools/<module>/<name>.c is gone is stale, no tool's: left out)
objs=$(find build/tools/obj -mindepth 2 -maxdepth 2 -name '*.o' | sort | while read -r o; do
  s=${o#build/tools/obj/}; [ -f "tools/${s%.o}.c" ] && echo "$o"; done)
check "the tools' objects are built (build/tools/obj/<module>/*.o)" test -n "$objs"
sym_edges $objs >"$T/links"
check "build/tools/obj: $(wc -w <<<"$objs") objects, $(wc -l <"$T/links") link edges, no cycle" acyclic "$T/links"
[ -s "$T/loop" ] && cat "$T/loop"
# every sub-make says why (a "# sub-make:" comment), and the check finds one that does not
check_eq "every recipe that starts a make of its own says why (# sub-make:)" \
  "$(awk -f tests/layout/submake_comments.awk Makefile mk/*.mk)" ""
printf 'X_MAKE = $(MAKE) -f other.mk\n\n# no reason\nx:\n\t$(X_MAKE) all\n\ny:\n\t$(MAKE) z\n\n# sub-make: z is another experiment\nw:\n\t$(MAKE) z\n' >"$T/sub.mk"
check_eq "... the check flags a sub-make with no reason, directly or through a variable" \
  "$(awk -f tests/layout/submake_comments.awk "$T/sub.mk" | cut -d: -f2 | tr '\n' ' ')" "5 8 "
done_testing
