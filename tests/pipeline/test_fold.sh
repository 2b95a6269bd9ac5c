#!/usr/bin/env bash
# test_fold.sh — `make fold EXP= FROM=` (mk/published.mk): another machine's copy of a published GPU
# folder folded into DATA_OUT through `samples fold` and `numtab fold` (their own tests cover the
# formats): the session the copy lacks added, a table beside the samples that differs said and
# left, a FROM whose name holds a quote and a blank reaching no shell, FROM missing or not a
# folder refused (exit 2).
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
F=tests/fixtures/samples
MK=(make -s --no-print-directory DATA_OUT="$t/data")
mkdir -p "$t/data/smoke/gpu-x" "$t/o'ther copy/gpu-x"
cp $F/merge/appended.csv "$t/data/smoke/gpu-x/v1.csv"
cp $F/fold/from.csv "$t/o'ther copy/gpu-x/v1.csv"
printf 'a\n' >"$t/data/smoke/gpu-x/gates.csv"
printf 'b\n' >"$t/o'ther copy/gpu-x/gates.csv"
"${MK[@]}" fold EXP=smoke FROM="$t/o'ther copy/gpu-x/" >"$t/out" 2>&1
check_eq "make fold: exit 0" "$?" 0
check "... the session the copy lacks added, as samples fold adds it" cmp "$t/data/smoke/gpu-x/v1.csv" $F/fold/folded.csv
check_grep "... a gates table that differs: said" "^fold: .*/gates.csv differs from .*/gates.csv: left as it is" "$t/out"
check_eq "... and left" "$(cat "$t/data/smoke/gpu-x/gates.csv")" a
"${MK[@]}" fold EXP=smoke >"$t/out" 2>&1
check_eq "make fold without FROM: exit 2" "$?" 2
check_grep "... saying what it needs" "fold needs FROM=" "$t/out"
"${MK[@]}" fold EXP=smoke FROM="$t/nothing here" >"$t/out" 2>&1
check_eq "make fold, FROM not a folder: exit 2" "$?" 2
check_grep "... naming it" "FROM '$t/nothing here' is not a folder" "$t/out"
done_testing
