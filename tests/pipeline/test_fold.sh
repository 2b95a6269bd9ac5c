#!/usr/bin/env bash
# test_fold.sh — `make fold EXP= FROM=` (mk/published.mk): another machine's copy of a published GPU
# folder folded into DATA_OUT through `samples fold` and `numtab fold` (their own tests cover the
# formats): the session the copy lacks added, its numerics rows too, a table beside the samples
# that differs said and left; FROM is a path of [A-Za-z0-9_.+/-] (a quote, a blank or $(...)
# stops make before anything expands or runs it, as DATA_OUT's do); FROM missing or not a folder
# refused (exit 2), FROM ending in `.` or `..` read as the folder it names; a copy of another
# experiment folds neither its samples nor its numerics table.
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
F=tests/fixtures/samples
N=${NUMTAB:-build/tools/numtab}
MK=(make -s --no-print-directory DATA_OUT="$t/data")
row() { echo "v1,B1_H1_S8_D64_C0,$1,1,1.000e-03,3.000e-03,0,0,0,0,pass,pass,pass"; }
from="$t/copy/gpu-x"
mkdir -p "$t/data/smoke/gpu-x" "$from"
cp $F/merge/appended.csv "$t/data/smoke/gpu-x/v1.csv"
cp $F/fold/from.csv "$from/v1.csv"
{ row s1; row s2; } >"$t/r12"; { row s1; row s3; } >"$t/r13"
row s1 >"$t/r1"; row s2 >"$t/r2"; row s3 >"$t/r3"
$N publish --git-rev abc123 --code kernels:aaaaaaaaaaaa "$t/r1" "$t/data/smoke/gpu-x"
cp "$t/data/smoke/gpu-x/numerics.csv" "$from/numerics.csv"
$N publish --git-rev abc123 --code kernels:aaaaaaaaaaaa "$t/r2" "$t/data/smoke/gpu-x"
$N publish --git-rev def456 --code kernels:aaaaaaaaaaaa "$t/r3" "$from"
printf 'a\n' >"$t/data/smoke/gpu-x/gates.csv"
printf 'b\n' >"$from/gates.csv"
"${MK[@]}" fold EXP=smoke FROM="$from/" >"$t/out" 2>&1
check_eq "make fold: exit 0" "$?" 0
check "... the session the copy lacks added, as samples fold adds it" cmp "$t/data/smoke/gpu-x/v1.csv" $F/fold/folded.csv
check_eq "... and its numerics rows, with its commit" "$(grep -c ',s3,' "$t/data/smoke/gpu-x/numerics.csv") $(grep '^# session.s3:' "$t/data/smoke/gpu-x/numerics.csv")" \
  "1 # session.s3: git_rev=def456"
check_grep "... a gates table that differs: said" "^fold: .*/gates.csv differs from .*/gates.csv: left as it is" "$t/out"
check_eq "... and left" "$(cat "$t/data/smoke/gpu-x/gates.csv")" a
for bad in "$t/o'ther" "$t/a copy" "$t/c\$(shell touch PWNED)"; do
  "${MK[@]}" fold EXP=smoke FROM="$bad/gpu-x" >"$t/out" 2>&1
  check_eq "make fold, FROM '$bad/gpu-x': stops, exit 2" "$?" 2
  check_grep "... saying what a path may hold" "FROM.*a path may hold only" "$t/out"
done
check "... the \$(shell ...) run by neither make nor a shell" test ! -e PWNED -a ! -e "$t/PWNED"
"${MK[@]}" fold EXP=smoke >"$t/out" 2>&1
check_eq "make fold without FROM: exit 2" "$?" 2
check_grep "... saying what it needs" "fold needs FROM=" "$t/out"
"${MK[@]}" fold EXP=smoke FROM="$t/nothing_here" >"$t/out" 2>&1
check_eq "make fold, FROM not a folder: exit 2" "$?" 2
check_grep "... naming it" "FROM '$t/nothing_here' is not a folder" "$t/out"
cp "$t/data/smoke/gpu-x/v1.csv" "$t/v1.0"
mkdir -p "$from/sub"
"${MK[@]}" fold EXP=smoke FROM="$from/." >"$t/out" 2>&1 && "${MK[@]}" fold EXP=smoke FROM="$from/sub/.." >>"$t/out" 2>&1
check_eq "make fold, FROM ending in . or ..: the folder it names, gpu-x: nothing new, exit 0" "$?:$(ls "$t/data/smoke" | tr '\n' ' ')" "0:gpu-x "
check "... the file unchanged" cmp "$t/v1.0" "$t/data/smoke/gpu-x/v1.csv"
mkdir -p "$t/x/gpu-x"
sed 's/^# experiment: smoke/# experiment: other/' $F/fold/from.csv >"$t/x/gpu-x/v1.csv"
cp "$from/numerics.csv" "$t/x/gpu-x/numerics.csv"
cp "$t/data/smoke/gpu-x/numerics.csv" "$t/num0"
"${MK[@]}" fold EXP=smoke FROM="$t/x/gpu-x" >"$t/out" 2>&1
check "make fold, a copy of another experiment: refused" test $? -ne 0
check_grep "... saying so" "is of experiment 'other'" "$t/out"
check "... its numerics table not folded either" cmp "$t/num0" "$t/data/smoke/gpu-x/numerics.csv"
done_testing
