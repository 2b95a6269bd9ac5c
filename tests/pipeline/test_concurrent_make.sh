#!/usr/bin/env bash
# test_concurrent_make.sh — several makes at once in one tree, as the sessions of `make measure
# GPUS=...` run them (each session's make, and each of its builds): the makefiles every make run
# remakes (build/inventory*.txt|mk, the list of the data's sample files) must come out whole, and
# no make may fail for another's temporary file. Ten makes at once, the data changed before each
# wave so that each remakes the inventory.
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
mkdir -p "$t/data"; cp -r tests/fixtures/report/data/. "$t/data/" 2>/dev/null || cp -r data/vecadd "$t/data/"
f=$(find "$t/data" -name '*.csv' ! -name gates.csv | head -n 1)
fails=0
for wave in 1 2 3 4 5; do
  touch "$f"; mkdir -p "$t/data/x/gpu"; echo "# wave $wave" >"$t/data/x/gpu/extra-$wave.csv"  # the name list changes
  for i in 1 2 3 4 5 6 7 8 9 10; do
    make -s --no-print-directory DATA="$t/data" B="$t/b" check-data >"$t/out.$wave.$i" 2>&1 &
  done
  for j in $(jobs -p); do wait "$j" || fails=$((fails + 1)); done
done
check_eq "50 makes, ten at a time, each remaking the data inventory: none failed" "$fails" 0
[ "$fails" = 0 ] || cat "$t"/out.* | sort | uniq -c | head -5 | sed 's/^/# /'
check_eq "the inventory lists the data's sample files (none lost to a race)" \
  "$(grep -o "$t/data/[^ ]*\.csv" "$t/b/inventory.mk" | sort -u | wc -l)" \
  "$(grep -l '^# cudadent42 samples' $(find "$t/data" -name '*.csv') | wc -l)"
check_eq "no temporary file left behind" "$(ls "$t/b" | grep -c '\.new\|\.tmp')" 0

# Ten makes at once building the host tools into an empty build folder, as two `make build` of
# different experiments on one GPU host do (one failed there: its link read a tools object another
# make was still writing; here 11 of 20 failed before the objects and tools were written under
# temporary names). Twice, from empty.
fails=0
for wave in 1 2; do
  rm -rf "$t/h"
  for i in 1 2 3 4 5 6 7 8 9 10; do
    make -s --no-print-directory B="$t/h" host-tools >"$t/h.$wave.$i" 2>&1 &
  done
  for j in $(jobs -p); do wait "$j" || fails=$((fails + 1)); done
done
check_eq "20 makes of the host tools, ten at a time from an empty folder: none failed" "$fails" 0
[ "$fails" = 0 ] || cat "$t"/h.* | grep -i error | sort | uniq -c | head -5 | sed 's/^/# /'
ok=1; for x in flagcheck tunecheck dispatchcheck shapecheck gates gatetab numtab space; do [ -x "$t/h/tools/$x" ] || ok=0; done
check_eq "each host tool is there and executable" "$ok" 1
check_eq "no temporary object or tool left behind" "$(find "$t/h" -name '*.tmp.*' | wc -l)" 0
# and every rule that compiles or links a shared output (tools, their objects, harness objects)
# writes it that way: no \$(CC) or \$(NVCC) recipe outside the tests' own writes -o \$@ itself
check_eq "no recipe writes a temporary of a fixed name (\$@.tmp without the shell's pid), which two makes would share" \
  "$(grep -n '\$@\.tmp' mk/*.mk | grep -v '\$@\.tmp\.\$\$\$\$' | wc -l)" 0
check_eq "no shared compile or link writes straight into its target" \
  "$(grep -n -P '^\t.*\$\((CC|NVCC)\).* -o \$@( |$)' $(ls mk/*.mk | grep -v 'mk/test.mk\|mk/fuzz.mk') | grep -vc -- '-Itests')" 0
done_testing
