#!/usr/bin/env bash
# test_new_problem.sh — `make new-problem NAME=<name>` (tools/scaffold/) end to end, in a copy of
# the tree (the scaffold writes under kernels/, which here stays as it is): the scaffold writes
# the problem and its experiment, and no file elsewhere: make registers it from its folder (the
# generated registry), and its experiment builds, passes the static gates and shapecheck (its
# grammar disjoint from the others'), its tunables agree and the samples test, which lists the
# problems' folders, still passes. A second scaffold of the name (registered), a name outside
# [a-z][a-z0-9_]*, one of the harness's
# identifiers and an experiment's are refused, writing nothing; the next scaffold picks another
# letter for its shapes. Last, the new grammar made to
# overlap vecadd's: shapecheck names the file and line of each grammar, and the shared shape.
set -u
. tests/lib.sh
in_tree_copy
M=(make -s --no-print-directory)
sums() { [ $# -gt 0 ] || set -- kernels experiments; find "$@" -type f | LC_ALL=C sort | xargs sha256sum; }
sums >"$T/tree.before"

# the code ids of the problems there are (what their published samples are checked against)
code_ids() { local e; "${M[@]}" build/tools/session >/dev/null 2>&1
  for e in phase1 gemm-ladder vecadd; do
    "${M[@]}" published-env EXP=$e PUBLISHED_ENV_OUT="$T/env.$e" >/dev/null 2>&1
    build/tools/session code-id kernels $(sed -n 2p "$T/env.$e"); done; }
code_ids >"$T/ids.before"

# --- the scaffold
"${M[@]}" new-problem NAME=softsq >"$T/new.out" 2>"$T/new.err"
check_eq "make new-problem NAME=softsq: exit 0" "$?" 0
check_eq "... the other problems' code ids as they were (a bench links its own problem alone)" "$(code_ids)" "$(cat "$T/ids.before")"
check "... three of them" test "$(grep -c '^kernels:' "$T/ids.before")" = 3
check_grep "... as it says" "^new_problem: \\(a bench links its own problem alone" "$T/new.out"
for f in kernels/softsq/softsq.h kernels/softsq/softsq.cu kernels/softsq/softsq.tunables \
         kernels/softsq/problem/softsq_shape.c kernels/softsq/problem/problem.cu \
         experiments/softsq/experiment.mk experiments/softsq/variants/b256.flags; do
  check "... wrote $f" test -s "$f"
done
check_eq "... one variant in its experiment" "$(ls experiments/softsq/variants)" b256.flags
check "... no placeholder left in any file" bash -c "! grep -rn '@[A-Z]*@' kernels/softsq experiments/softsq"
check_grep "... its shapes: A<n>, a letter no registered grammar takes alone" "^new_problem: the shapes of softsq are A<n> " "$T/new.out"
check_grep "... its experiment's shapes of that letter" "^SHAPES +:= A1000 A1048576 A16777216$" experiments/softsq/experiment.mk
check_eq "... and no other file: every file it changed is under kernels/softsq or experiments/softsq" \
  "$(diff <(sort "$T/tree.before") <(sums | sort) | grep '^[<>]' | awk '{print $3}' | grep -cv '^\(kernels\|experiments\)/softsq/')" 0
check_grep "... it says make registers it, asking no edit" "^new_problem: registered: make lists kernels/softsq/problem/ in the registry it generates$" "$T/new.out"
check "... and prints no line to paste" bash -c "! grep -q 'problem_hosts' '$T/new.out'"

"${M[@]}" new-problem NAME=softsq >"$T/again.out" 2>"$T/again.err"
check_eq "a second scaffold of softsq: exit 2" "$?" 2
check_grep "... registered already, from its folder" "^new_problem: NAME='softsq': a registered problem already \(kernels/NAME/problem/\)$" "$T/again.err"
check_eq "... and it printed nothing on stdout" "$(cat "$T/again.out")" ""
check_grep "the generated registry lists softsq, in name order" \
  "^const problem_host \*const problem_hosts\[\] = \{&problem_attention, &problem_gemm, &problem_softsq, &problem_vecadd, NULL\};$" build/gen/problems.c

# --- built as it was written
"${M[@]}" -j2 build EXP=softsq >"$T/build.log" 2>&1
check_eq "make build EXP=softsq: exit 0" "$?" 0
check_grep "... built 1, failed 0" "^built 1, failed 0$" "$T/build.log"
check_eq "... b256 builds" "$(head -n 1 build/softsq/b256/status 2>/dev/null)" ok
check_grep "... its launch plan at A1048576: 1048576 / 256 CTAs capped at 4 a SM (528)" \
  "^shape=A1048576 kernel=softsq_square grid=528,1,1 block=256,1,1 .* flops=1048576 bytes=4194304$" build/softsq/b256/describe.txt
"${M[@]}" gates EXP=softsq >"$T/gates.log" 2>&1
check_eq "make gates EXP=softsq: exit 0" "$?" 0
check_grep "... b256 passes the static gates, its kernel found by name" "^b256,pass,.*softsq_square" build/softsq/gates.csv
"${M[@]}" check-exp EXP=softsq >"$T/chk.log" 2>&1
check_eq "make check-exp EXP=softsq (shapecheck: its shapes and grammar): exit 0" "$?" 0
"${M[@]}" check-exp EXP=vecadd >"$T/chkv.log" 2>&1
check_eq "... and vecadd's, with softsq registered beside it: exit 0" "$?" 0
"${M[@]}" build/tools/tunecheck >/dev/null 2>&1
build/tools/tunecheck kernels/softsq/softsq.tunables >"$T/tune.out" 2>&1
check_grep "its tunables table agrees with its kernel (tunecheck)" "^kernels/softsq/softsq.tunables: 1 tunables agree" "$T/tune.out"
"${M[@]}" -j2 build/tests/test_samples >/dev/null 2>&1 && build/tests/test_samples >"$T/samples.out" 2>&1
check_eq "the samples test passes with the new problem's folder and registration" "$?" 0
check_grep "... whose unknown-shape message lists it" "any problem \(attention, gemm, softsq, vecadd\)" "$T/samples.out"

# --- refusals: exit 2, a message naming what, nothing written
sums >"$T/sums.before"
refused() { # refused WHAT NAME PATTERN
  "${M[@]}" new-problem NAME="$2" >"$T/r.out" 2>"$T/r.err"
  check_eq "$1: exit 2" "$?" 2
  check_grep "... saying why" "$3" "$T/r.err"
}
refused "softsq again, now built" softsq "^new_problem: NAME='softsq': a registered problem already"
refused "a capital letter" Soft "^new_problem: NAME='Soft': a problem name is \[a-z\]\[a-z0-9_\]\*"
refused "a leading digit" 9lives "^new_problem: NAME='9lives': a problem name is"
refused "a dash" soft-sq "^new_problem: NAME='soft-sq': a problem name is"
refused "a quote and a space" "a 'b" "^new_problem: NAME='a 'b': a problem name is"
refused "a make reference, refused as typed" 'x$(id)' '^new_problem: NAME=.x\$\(id\).: a problem name is'
refused "no name" "" "^new_problem: NAME='': a problem name is"
refused "a name of the harness's identifiers" problem "^new_problem: NAME='problem': the harness's own identifiers"
refused "an experiment's name" smoke "^new_problem: experiments/smoke: exists"
sums >"$T/sums.after"
check "... and none of them wrote a file" cmp -s "$T/sums.before" "$T/sums.after"
"${M[@]}" new-problem NAME=twin >"$T/twin.out" 2>&1
check_grep "another problem after softsq's registration: its shapes take the next free letter, B" \
  "^new_problem: the shapes of twin are B<n> " "$T/twin.out"

# --- softsq's grammar made vecadd's (N<n>): shapecheck refuses, at each grammar's line
s=kernels/softsq/problem/softsq_shape.c
sed -i "s/'A'/'N'/; s/\"A%ld\"/\"N%ld\"/" $s
sed -i 's/^SHAPES .*/SHAPES      := N1000/' experiments/softsq/experiment.mk
ls=$(grep -n '^const problem_host problem_softsq ' $s | cut -d: -f1)
lv=$(grep -n '^const problem_host problem_vecadd ' kernels/vecadd/problem/vecadd_shape.c | cut -d: -f1)
"${M[@]}" check-exp EXP=softsq >"$T/ov.log" 2>&1
check_eq "softsq's grammar overlapping vecadd's: make check-exp EXP=softsq exits 2" "$?" 2
check_grep "... naming softsq's grammar (file:line), a name both accept, and vecadd's grammar" \
  "^shapecheck: $s:$ls: the grammar of softsq accepts 'N1', which the grammar of vecadd \(kernels/vecadd/problem/vecadd_shape.c:$lv\) accepts too: two problems' shape grammars must be disjoint" "$T/ov.log"
check_grep "... and the experiment's shape both accept, at its SHAPES line" \
  "^shapecheck: experiments/softsq/experiment.mk:[0-9]+: SHAPES: 'N1000' is a shape of vecadd too" "$T/ov.log"
"${M[@]}" check-exp EXP=vecadd >"$T/ovv.log" 2>&1
check_eq "... vecadd's experiment is refused too (exit 2)" "$?" 2
check_grep "... naming vecadd's grammar and softsq's" \
  "^shapecheck: kernels/vecadd/problem/vecadd_shape.c:$lv: the grammar of vecadd accepts 'N1', which the grammar of softsq \($s:$ls\)" "$T/ovv.log"
check_grep "... and each of its shapes softsq's grammar takes, though the registry tries softsq first" \
  "^shapecheck: experiments/vecadd/experiment.mk:[0-9]+: SHAPES: 'N1000' is a shape of softsq too" "$T/ovv.log"
done_testing
