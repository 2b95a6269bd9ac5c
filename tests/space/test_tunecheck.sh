#!/usr/bin/env bash
# test_tunecheck.sh — every kernel's tunables table agrees with its header comment, its compiled
# defaults and its configuration string (tunecheck, tools/space/tunecheck.c, as `make
# check-tunables` runs it), and the check fails, naming file and line, on a stand-in kernel broken
# every way (tests/fixtures/tunables/broken.*, the messages written by hand from the rules in
# tunecheck.c's header) and on copies of the real kernels with one place changed.
source tests/lib.sh
tc=${B:-build}/tools/tunecheck
fx=tests/fixtures/tunables
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# --- the kernels that ship: `make check-tunables`, the check of `make test`
tables=$(ls kernels/*/*.tunables)
check "the kernels declare tunables tables" test -n "$tables"
make --no-print-directory check-tunables B="${B:-build}" >"$t/out" 2>"$t/err"
check_eq "make check-tunables: every kernel's four places agree (exit 0)" "$?" 0
check_eq "... and no disagreement is printed" "$(cat "$t/err")" ""
for f in $tables; do
  check_grep "$f: a line saying it agrees" "^$f: [0-9]+ tunables agree with ${f%.tunables}.cu\$" "$t/out"
done
check_eq "... a line for each table and nothing else" "$(wc -l <"$t/out")" "$(echo $tables | wc -w)"
make --no-print-directory check-tunables B="${B:-build}" TUNECHECK_TABLES="$fx/good.tunables $fx/broken.tunables" >"$t/out" 2>"$t/err"
check_eq "make check-tunables on a broken table: make fails (2)" "$?" 2
check_grep "... tunecheck's lines on stderr" "^tunecheck: $fx/broken.cu:6: " "$t/err"
check_grep "... make names the target" "check-tunables\] Error 1\$" "$t/err"

# --- a stand-in whose places agree: defaults and meanings in the table, a declaration before the
# definition, a comment in the configuration string, an include that is not beside it
"$tc" $fx/good.tunables >"$t/out" 2>"$t/err"
check_eq "good stand-in: exit 0, nothing on stderr" "$?,$(cat "$t/err")" "0,"
check_eq "good stand-in: its line" "$(cat "$t/out")" "$fx/good.tunables: 3 tunables agree with $fx/good.cu"

# --- the broken copy: every disagreement, one line each, exit 1
"$tc" $fx/broken.tunables >"$t/out" 2>"$t/err"
check_eq "broken stand-in: exit 1, nothing on stdout" "$?,$(cat "$t/out")" "1,"
while IFS= read -r want; do
  check "broken: $want" grep -qxF -- "tunecheck: $want" "$t/err"
done <<EOF
$fx/broken.cu:6: the header comment gives 'TILE' the default [64], $fx/broken.tunables:3 declares [32]
$fx/broken_config.h:7: 'DEPTH' defaults to 8, $fx/broken.tunables:4 declares [2]
$fx/broken_config.h:7: 'DEPTH' defaults to a value the table refuses: DEPTH = '8' is not one of 1..4 ($fx/broken.tunables)
$fx/broken.cu:19: the configuration string prints 'DEPTH=' with the value of 'FAST'
$fx/broken_config.h:10: 'FAST' defaults to 1, but to 0 at $fx/broken.cu:13
$fx/broken.cu:13: 'FAST' defaults to 0, the header comment ($fx/broken.cu:8) says [1]
$fx/broken.cu:19: the configuration string prints 'FAST' with a fixed text, not its value
$fx/broken.tunables:6: 'WIDE' is not in the header comment of $fx/broken.cu
$fx/broken.tunables:6: 'WIDE' has no default in $fx/broken.cu or its headers (#ifndef WIDE / #define WIDE VALUE)
$fx/broken.tunables:6: 'WIDE' is not in the configuration string ($fx/broken.cu:18)
$fx/broken.cu:10: the header comment lists 'EXTRA', which $fx/broken.tunables does not declare
$fx/broken_config.h:13: 'KNOB' has a default here, but $fx/broken.tunables does not declare it (flagcheck refuses -DKNOB)
$fx/broken.cu:20: the configuration string names 'ODD', which $fx/broken.tunables does not declare
$fx/broken.cu:9: the header comment names 'FAST' again (first at line 8)
$fx/broken.cu:20: the configuration string names 'TILE' again (first at line 19)
EOF
check_eq "broken: those 15 lines and no other" "$(wc -l <"$t/err")" 15
"$tc" $fx/good.tunables $fx/broken.tunables >"$t/out" 2>/dev/null
check_eq "a broken table among good ones still fails (exit 1), the good one still agrees" \
  "$?,$(wc -l <"$t/out")" "1,1"

# --- copies of the real kernels, one place changed in each: the check sees the change
# broken_real WHAT DIR FILE SED TABLE WANT: kernels/DIR copied to $t/DIR, sed expression SED applied
# to its FILE; tunecheck $t/DIR/TABLE exits 1 with WANT (a fixed string) on stderr
broken_real() {
  rm -rf "${t:?}/$2" && cp -r "kernels/$2" "$t/$2" && sed -i -e "$4" "$t/$2/$3"
  "$tc" "$t/$2/$5" >/dev/null 2>"$t/err"
  check_eq "$1: exit 1" "$?" 1
  check "$1: says so" grep -qF -- "$6" "$t/err"
}
g=$t/gemm a=$t/attention
broken_real "gemm: a compiled default changed" gemm gemm_config.cuh 's/^#define STAGES 3$/#define STAGES 4/' \
  gemm_mma.tunables "$g/gemm_config.cuh:23: 'STAGES' defaults to 4, the header comment ($g/gemm_mma.cu:29) says [3]"
broken_real "gemm: a tunable left out of the configuration string" gemm gemm_mma.cu 's/ " SPLIT_K=" GM_STR(SPLIT_K)//' \
  gemm_mma.tunables "$g/gemm_mma.tunables:12: 'SPLIT_K' is not in the configuration string ($g/gemm_mma.cu:"
broken_real "gemm: a tunable added to the table alone" gemm gemm_mma.tunables '$a UNROLL 1 2 4' \
  gemm_mma.tunables "$g/gemm_mma.tunables:14: 'UNROLL' is not in the header comment of $g/gemm_mma.cu"
broken_real "flash_attn: a tunable dropped from the header comment" attention flash_attn.cu '/^\/\/   PERSIST_CTAS_PER_SM \[2\]/d' \
  flash_attn.tunables "$a/flash_attn.tunables:20: 'PERSIST_CTAS_PER_SM' is not in the header comment of $a/flash_attn.cu"
broken_real "flash_attn_sm90: a header comment's default changed" attention flash_attn_sm90.cu 's/^\/\/   EXP_POLY      \[0\]/\/\/   EXP_POLY      [9]/' \
  flash_attn_sm90.tunables "'EXP_POLY' defaults to 0, the header comment ($a/flash_attn_sm90.cu:"
broken_real "vecadd: the default dropped from the allowed values" vecadd vecadd.tunables 's/^VEC .*/VEC 1 2 4/' \
  vecadd.tunables "'VEC' defaults to a value the table refuses: VEC = '8' is not one of 1 2 4"

# --- a table's [DEFAULT] and meaning (tunables.h)
printf 'A 1 2 4 [2] the a knob  \nB 0..8 [8]\n' >"$t/k.tunables"
cp $fx/good.cu "$t/k.cu"
"$tc" "$t/k.tunables" >/dev/null 2>"$t/err"
check "a table with defaults is read (the stand-in then disagrees with it)" grep -q "'A' is not in the header comment" "$t/err"
bad_table() {  # bad_table WHAT CONTENT WANT
  printf '%s\n' "$2" >"$t/k.tunables"
  "$tc" "$t/k.tunables" >/dev/null 2>"$t/err"
  check_eq "$1: exit 2" "$?" 2
  check_grep "$1: file:line, what" "^tunecheck: $t/k.tunables:1: $3" "$t/err"
}
bad_table "a default the values refuse" "A 1 2 [3] x" "default: A = '3' is not one of 1 2"
bad_table "a default without values" "A [1]" "A: '\[1\]' is not \[DEFAULT\] after the values"
bad_table "a default not closed" "A 1 [1 x" "A: '\[1' is not \[DEFAULT\] after the values"
bad_table "a range as the default" "A 0..4 [1..2]" "A: '\[1..2\]' is not a default value"

# --- error paths: exit 2, the other tables still checked
"$tc" 2>"$t/err"
check_eq "no argument: usage, exit 2" "$?,$(cat "$t/err")" "2,usage: tunecheck TABLE..."
printf 'A 1\n' >"$t/lone.tunables"
"$tc" "$t/lone.tunables" $fx/good.tunables >"$t/out" 2>"$t/err"
check_eq "a table without its kernel: exit 2" "$?" 2
check_grep "... naming the kernel" "^tunecheck: $t/lone.cu: No such file or directory" "$t/err"
check_eq "... and the next table is still checked" "$(wc -l <"$t/out")" 1
printf 'A 1\n' >"$t/k.tables"
"$tc" "$t/k.tables" 2>"$t/err"
check_eq "a table not named .tunables: exit 2" "$?,$(cat "$t/err")" "2,tunecheck: $t/k.tables: not a .tunables file"
"$tc" "$t/none.tunables" 2>"$t/err"
check_grep "an unreadable table: its path and why" "^tunecheck: $t/none.tunables: No such file" "$t/err"
done_testing
