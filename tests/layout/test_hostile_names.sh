#!/usr/bin/env bash
# test_hostile_names.sh — names of files and directories under experiments/ and data/, and the
# names a user gives (EXP=, VARIANT=, SHAPE=), never reach a shell. In a copy of the tree with
# hostile names planted at every level make lists (experiment, variant, data experiment, GPU,
# sample, profile and ceilings files, a space sweep's GPU), the goals that list them run nothing
# and skip each name with one warning; a hostile name on the command line stops make with an error.
set -u
. tests/lib.sh
in_tree_copy

# each would write PWNED if a shell read it, or break the shell's or make's parsing; a name with a
# space comes to make as pieces
hostile=('$(id>PWNED)' '`id>PWNED`' '$(touch PWNED)' "a'b" 'a b')
for h in "${hostile[@]}"; do
  mkdir -p "experiments/$h" && cp experiments/vecadd/experiment.mk "experiments/$h/"
  cp experiments/phase1/variants/v0.flags "experiments/phase1/variants/$h.flags"
  cp experiments/hopper/variants/dispatch.dispatch "experiments/hopper/variants/$h.dispatch"
  mkdir -p "data/$h/nvidia-h200" && cp data/phase1/nvidia-h200/v0.csv "data/$h/nvidia-h200/"
  mkdir -p "data/phase1/$h" && cp data/phase1/nvidia-h200/{v0,gates}.csv "data/phase1/$h/"
  cp data/phase1/nvidia-h200/v0.csv "data/phase1/nvidia-h200/$h.csv"
  cp data/phase1/nvidia-h200/profile/v0.csv "data/phase1/nvidia-h200/profile/$h.csv"
  cp data/ceilings/nvidia-h200.csv "data/ceilings/$h.csv"
  mkdir -p "data/sweep/$h" && cp data/sweep/nvidia-h200/gates.csv "data/sweep/$h/"
  # in a second problem's experiment too (vecadd: the walk below runs every goal with EXP=vecadd)
  cp experiments/vecadd/variants/v1.flags "experiments/vecadd/variants/$h.flags"
  cp data/vecadd/nvidia-h200/v1.csv "data/vecadd/nvidia-h200/$h.csv"
  mkdir -p "data/vecadd/$h" && cp data/vecadd/nvidia-h200/{v1,gates}.csv "data/vecadd/$h/"
done
pwned() { find "$T" -name "PWNED*" | tee -a "$T/pwned.txt" | wc -l; }

make help >"$T/help.out" 2>"$T/help.err"
check_eq "make help with hostile names: exit 0" "$?" 0
check_eq "... runs nothing they hold" "$(pwned)" 0
check "... lists no hostile experiment" bash -c "! grep -q 'PWNED' '$T/help.out'"
check_grep "... and names each in a warning" 'experiments/\$\(id>PWNED\)/experiment.mk: skipped' "$T/help.err"
check_eq "... once" "$(grep -cF 'experiments/$(id>PWNED)/experiment.mk: skipped' "$T/help.err")" 1
check_grep "... the pieces of a name with a space too" 'experiments/a: skipped: a piece of a name with a space' "$T/help.err"
make >/dev/null 2>"$T/bare.err"
check_eq "bare make: exit 0" "$?" 0
check_eq "... runs nothing" "$(pwned)" 0

make analyze EXP=phase1 >"$T/analyze.out" 2>&1
check_eq "make analyze EXP=phase1: exit 0" "$?" 0
check_eq "... runs nothing" "$(pwned)" 0
for f in 'data/phase1/$(id>PWNED)/v0.csv' 'data/phase1/nvidia-h200/$(id>PWNED).csv' \
         'data/$(id>PWNED)/nvidia-h200/v0.csv' 'experiments/phase1/variants/$(id>PWNED).flags'; do
  check_eq "... warns once of $f" "$(grep -cF "$f: skipped" "$T/analyze.out")" 1
done

make report >"$T/report.out" 2>&1
check_eq "make report: exit 0" "$?" 0
check_eq "... runs nothing" "$(pwned)" 0
check "... takes no piece of a name for a file" bash -c "! grep -q 'No rule to make target' '$T/report.out'"
for f in 'data/phase1/nvidia-h200/profile/$(id>PWNED).csv' 'data/ceilings/$(id>PWNED).csv' \
         'data/sweep/$(id>PWNED)/gates.csv' 'experiments/hopper/variants/$(id>PWNED).dispatch'; do
  check_eq "... warns once of $f" "$(grep -cF "$f: skipped" "$T/report.out")" 1
done
[ "$fails" -eq 0 ] || tail -n 20 "$T/report.out"

# every goal `make help` lists, with the names planted: whatever it does here (a GPU goal stops at
# its GPU check, a build goal without nvcc stops at it), it runs nothing they hold. Left out: test
# (the suite this test is part of) and fuzz (minutes of fuzzing; fuzz-build reads the same names);
# clean comes last. New goals are walked as soon as `make help` lists them.
goals=$(make help 2>/dev/null | awk '/^  [a-z][a-z0-9-]* / { print $1 }' | grep -vx 'test\|fuzz\|clean')
check "make help lists the goals to walk" test "$(echo "$goals" | wc -w)" -ge 20
for g in $goals clean; do
  timeout 300 make "$g" >"$T/goal.out" 2>&1; rc=$?
  check_eq "make $g with hostile names: runs nothing they hold (exit $rc)" "$(pwned)" 0
  check "... and was not stopped by the walk's time limit" test "$rc" -ne 124
done
# the same walk with another problem's experiment, whose variants and data hold the names too
for g in $goals clean; do
  timeout 300 make "$g" EXP=vecadd >"$T/goal.out" 2>&1; rc=$?
  check_eq "make $g EXP=vecadd with hostile names: runs nothing they hold (exit $rc)" "$(pwned)" 0
  check "... and was not stopped by the walk's time limit" test "$rc" -ne 124
done

# names on the command line: make stops before it reads or runs anything (make itself expands
# `$(touch PWNED)`, to nothing: EXP must be one name, VARIANT and SHAPE may be empty; a shell's
# $(...) reaches make as `$$(...)`); VARIANT may list several names, SHAPE is one
bad_names() {
  local v=$1 goal=$2 h; shift 2
  for h in "$@"; do
    make "$goal" "$v=$h" >/dev/null 2>"$T/var.err"; rc=$?
    check_eq "make $goal $v='$h': exit 2" "$rc" 2
    check_grep "... saying why" "$v='.*': .*a name may hold only \[A-Za-z0-9_.\+-\]" "$T/var.err"
  done
}
bad_names EXP gates "${hostile[@]}" 'x`id>PWNED`' '$$(id>PWNED)'
bad_names VARIANT help '`id>PWNED`' "a'b" 'a;b' '$$(id>PWNED)'
bad_names SHAPE help '`id>PWNED`' "a'b" 'a b' '$$(id>PWNED)'
check_eq "... and runs nothing" "$(pwned)" 0
[ -s "$T/pwned.txt" ] && sort -u "$T/pwned.txt"
done_testing
