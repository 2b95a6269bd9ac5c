#!/usr/bin/env bash
# test_numtab.sh — the numerics table's command (tools/gates/numtab.c, format numerics.h): rows
# from bench's check lines (the line format written by kernels/harness/bench_check.cu), runs
# counted per shape, a malformed check line named by file and line; publish appends a session,
# refuses one already there and a file that is not a numerics table; fold adds another copy's
# sessions the table lacks and refuses a copy of other code.
set -u
. tests/lib.sh
N=${NUMTAB:-build/tools/numtab}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
ok_line() { echo "check shape=$1 max_abs_err=$2 max_rel_err=3.000e-03 allclose_violations=0 nan=0 rerun_mismatch=0 workspace_dirty=0 uniform=pass hard=pass verdict=pass"; }
{ echo "bench: [1/2] start"; ok_line A 1.000e-03; ok_line B 2.000e-03; echo "bench: [2/2] A median 1.0 us"
  ok_line A 5.000e-04
  echo "check shape=B max_abs_err=nan max_rel_err=nan allclose_violations=4096 nan=4096 rerun_mismatch=0 workspace_dirty=0 uniform=fail hard=fail verdict=fail"; } >"$t/v.log"
$N rows --variant v1 --session s1 "$t/v.log" >"$t/rows" 2>"$t/err"
check_eq "rows: exit 0" "$?" 0
check_eq "rows: one per check line, runs counted per shape, other lines skipped" "$(cat "$t/rows")" \
"v1,A,s1,1,1.000e-03,3.000e-03,0,0,0,0,pass,pass,pass
v1,B,s1,1,2.000e-03,3.000e-03,0,0,0,0,pass,pass,pass
v1,A,s1,2,5.000e-04,3.000e-03,0,0,0,0,pass,pass,pass
v1,B,s1,2,nan,nan,4096,4096,0,0,fail,fail,fail"
echo "check shape=A max_abs_err=-1 max_rel_err=0 allclose_violations=0 nan=0 rerun_mismatch=0 workspace_dirty=0 uniform=pass hard=pass verdict=pass" >"$t/bad.log"
$N rows --variant v1 --session s1 "$t/v.log" "$t/bad.log" >/dev/null 2>"$t/err"
check_eq "rows: a malformed check line: exit 2" "$?" 2
check_eq "... named by file and line" "$(cat "$t/err")" "numtab: $t/bad.log:1: a check line whose max_abs_err= is not a number >= 0 (or nan, inf)"
echo "check shape=A max_abs_err=0 max_rel_err=0 allclose_violations=0 nan=0 rerun_mismatch=0 workspace_dirty=0 uniform=pass hard=pass" >"$t/short.log"
$N rows --variant v1 --session s1 "$t/short.log" >/dev/null 2>"$t/err"
check_eq "rows: a check line without its verdict: exit 2" "$?" 2
check_grep "... saying which field" 'short.log:1: a check line whose verdict= is not pass or fail$' "$t/err"
$N rows --variant 'v 1' --session s1 "$t/v.log" >/dev/null 2>"$t/err"
check_eq "rows: a variant that is not a name: exit 2" "$?" 2
mkdir "$t/d"
$N publish --git-rev abc123 --code kernels:aaaaaaaaaaaa "$t/rows" "$t/d"
check_eq "publish: a new table gets its magic line, the code, the commit (latest and per session) and columns, then the rows" "$(sed -n '1,5p' "$t/d/numerics.csv" | tr '\n' '|')$(($(wc -l <"$t/d/numerics.csv") - 5))" \
  "# cudadent42 numerics v1|# code: kernels:aaaaaaaaaaaa|# git_rev: abc123|# session.s1: git_rev=abc123|variant,shape,session,run,max_abs_err,max_rel_err,allclose_violations,nan,rerun_mismatch,workspace_dirty,uniform,hard,verdict|4"
$N rows --variant v1 --session s2 "$t/v.log" >"$t/rows2"
$N publish --git-rev def456 --code kernels:aaaaaaaaaaaa "$t/rows2" "$t/d"
check_eq "publish: the header names the latest commit and keeps each session's" "$(grep '^#' "$t/d/numerics.csv" | tr '\n' '|')" \
  "# cudadent42 numerics v1|# code: kernels:aaaaaaaaaaaa|# git_rev: def456|# session.s1: git_rev=abc123|# session.s2: git_rev=def456|"
check_eq "publish: a second session appended after the first" "$(awk -F, '!/^#/ && h { print $3 } !/^#/ { h = 1 }' "$t/d/numerics.csv" | uniq | tr '\n' ' ')" "s1 s2 "
cp "$t/d/numerics.csv" "$t/before"
$N publish --git-rev def456 --code kernels:aaaaaaaaaaaa "$t/rows2" "$t/d" 2>"$t/err"
check_eq "publish: a session already in the table: exit 3" "$?" 3
check "... the table untouched" cmp "$t/before" "$t/d/numerics.csv"
check_eq "... no temporary file left" "$(ls -A "$t/d" | grep -c tmp)" 0
$N rows --variant v1 --session s3 "$t/v.log" >"$t/rows3"
$N publish --git-rev 789abc --code kernels:bbbbbbbbbbbb "$t/rows3" "$t/d" 2>"$t/err"
check_eq "publish: rows of other code replace the table: its sessions and rows gone, the new code named" \
  "$(grep '^#' "$t/d/numerics.csv" | tr '\n' '|') $(awk -F, '!/^#/ && h { print $3 } !/^#/ { h = 1 }' "$t/d/numerics.csv" | uniq | tr '\n' ' ')" \
  "# cudadent42 numerics v1|# code: kernels:bbbbbbbbbbbb|# git_rev: 789abc|# session.s3: git_rev=789abc| s3 "
check_grep "... saying so" "replaced: code differs .published 'kernels:aaaaaaaaaaaa', now 'kernels:bbbbbbbbbbbb'.; 8 earlier row.s. dropped" "$t/err"
grep -v '^# code:' "$t/d/numerics.csv" >"$t/nocode" && mv "$t/nocode" "$t/d/numerics.csv"
$N publish --git-rev 789abc --code kernels:bbbbbbbbbbbb "$t/rows2" "$t/d" 2>"$t/err"
check_eq "publish: a table that names no code (published before tables named it) is replaced too" \
  "$(awk -F, '!/^#/ && h { print $3 } !/^#/ { h = 1 }' "$t/d/numerics.csv" | uniq | tr '\n' ' ')" "s2 "
check_grep "... saying so" "published 'none named'" "$t/err"
$N publish --git-rev 789abc "$t/rows2" "$t/d" 2>"$t/err"
check_eq "publish without --code: a usage error" "$?" 2
printf 'variant,x\n' >"$t/d/numerics.csv"
$N publish --git-rev abc123 --code kernels:aaaaaaaaaaaa "$t/rows" "$t/d" 2>"$t/err"
check_eq "publish: a file that is not a numerics table: exit 2" "$?" 2
check_grep "... saying so" "numerics.csv:1: not a numerics table" "$t/err"
# fold: two copies of a table, each with a session of its own machine after a common one (s1):
# the copy here gets the other's session, with its commit, after its own
mkdir "$t/h" "$t/o"
$N publish --git-rev abc123 --code kernels:aaaaaaaaaaaa "$t/rows" "$t/h"
cp "$t/h/numerics.csv" "$t/o/numerics.csv"
$N publish --git-rev def456 --code kernels:aaaaaaaaaaaa "$t/rows2" "$t/h"
$N publish --git-rev 789abc --code kernels:aaaaaaaaaaaa "$t/rows3" "$t/o"
$N fold "$t/o/numerics.csv" "$t/h" 2>"$t/err"
check_eq "fold: exit 0" "$?" 0
check_eq "fold: the other copy's session added with its commit, the table's # git_rev: as it was" "$(grep '^#' "$t/h/numerics.csv" | tr '\n' '|')" \
  "# cudadent42 numerics v1|# code: kernels:aaaaaaaaaaaa|# git_rev: def456|# session.s1: git_rev=abc123|# session.s2: git_rev=def456|# session.s3: git_rev=789abc|"
check_eq "fold: ... its rows after this copy's, s1's once" "$(awk -F, '!/^#/ && h { print $3 } !/^#/ { h = 1 }' "$t/h/numerics.csv" | uniq -c | awk '{ print $2 "=" $1 }' | tr '\n' ' ')" "s1=4 s2=4 s3=4 "
check_eq "fold: ... the rows as the other copy holds them" "$(grep ',s3,' "$t/h/numerics.csv")" "$(cat "$t/rows3")"
check_grep "... counted" "numtab: 1 session.s. of .* added to " "$t/err"
cp "$t/h/numerics.csv" "$t/before"
$N fold "$t/o/numerics.csv" "$t/h" 2>"$t/err"
check_eq "fold: again: exit 0" "$?" 0
check "... the table untouched" cmp "$t/before" "$t/h/numerics.csv"
$N rows --variant v1 --session s4 "$t/v.log" >"$t/rows4"
$N publish --git-rev 789abc --code kernels:bbbbbbbbbbbb "$t/rows4" "$t/o" 2>/dev/null
$N fold "$t/o/numerics.csv" "$t/h" 2>"$t/err"
check_eq "fold: a copy of other code: exit 2" "$?" 2
check_grep "... saying so, the table left" "of other code .published 'kernels:aaaaaaaaaaaa', .* 'kernels:bbbbbbbbbbbb'.: not folded, .* left as it is" "$t/err"
check "... and untouched" cmp "$t/before" "$t/h/numerics.csv"
mkdir "$t/e"
$N fold "$t/o/numerics.csv" "$t/e" 2>"$t/err"
check_eq "fold: into a folder without a table: it is written" "$(awk -F, '!/^#/ && h { print $3 } !/^#/ { h = 1 }' "$t/e/numerics.csv" | uniq | tr '\n' ' ')" "s4 "
# what cannot be folded is found before anything is written: a session without its commit, a row
# of 14 fields; nothing left behind
mkdir "$t/p" "$t/q"
$N publish --git-rev abc123 --code kernels:aaaaaaaaaaaa "$t/rows" "$t/p"
cp "$t/p/numerics.csv" "$t/p0"
{ sed '/^# session.s1:/a # session.s2: git_rev=def456' "$t/p/numerics.csv"; grep ',s2,' "$t/rows2"; grep ',s3,' "$t/rows3"; } >"$t/q/numerics.csv"
$N fold "$t/q/numerics.csv" "$t/p" 2>"$t/err"
check_eq "fold: a session without a session line among those to add: exit 2" "$?" 2
check_grep "... saying which" "session s3 has no '# session.s3: git_rev=...' line: not folded" "$t/err"
check "... the table untouched (s2, which could be, not added either)" cmp "$t/p0" "$t/p/numerics.csv"
{ sed '/^# session.s1:/a # session.s2: git_rev=def456' "$t/p/numerics.csv"; grep ',s2,' "$t/rows2" | sed '1s/$/,extra/'; } >"$t/q/numerics.csv"
$N fold "$t/q/numerics.csv" "$t/p" 2>"$t/err"
check_eq "fold: a row of 14 fields: exit 2" "$?" 2
check_grep "... named by FROM's line" "q/numerics.csv:[0-9]+: not a row of the numerics table" "$t/err"
check "... the table untouched" cmp "$t/p0" "$t/p/numerics.csv"
check_eq "... nothing left behind but the lock" "$(ls -A "$t/p" | tr '\n' ' ')" ".publish.lock numerics.csv "
done_testing
