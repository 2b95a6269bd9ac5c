#!/usr/bin/env bash
# test_dispatchcheck.sh — dispatch files (kernels/harness/dispatch_rules.h): dispatchcheck accepts
# well-formed ones, lists their configurations, tells which rule serves a shape, and refuses every
# mistake with exit 2 and `dispatchcheck: FILE:LINE: what`. Expected answers are worked out by hand
# from the rules in dispatch_rules.h (first rule whose conditions all hold).
source tests/lib.sh
dc=${B:-build}/tools/dispatchcheck
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# --- accepted: comments, blanks, tabs, CRLF, all six operators, a final catch-all, no final newline
printf '# a table\n\nD=64  S<=512 -> small   # trailing comment\r\nD=64\tC=1 -> causal64\nD!=64 S>4096 -> huge\nB<2 H>=16 K>1 -> few_heads\n* -> rest' >"$t/good.dispatch"
"$dc" --problem attention "$t/good.dispatch" small causal64 huge few_heads rest 2>"$t/err"
check_eq "good file with its variants: exit 0" "$?" 0
check_eq "... nothing on stderr" "$(cat "$t/err")" ""
check_eq "--configs: each configuration once, in the order of its first rule" \
  "$("$dc" --problem attention --configs "$t/good.dispatch" | tr '\n' ' ')" "small causal64 huge few_heads rest "
# --match, by hand: S<=512 holds at 512 and not at 513; C=1 at D=64 past 512; D!=64 with S>4096;
# B<2 H>=16 K>1 (K is the key length, S when the name has no _K); the rest
m=$("$dc" --problem attention --match "$t/good.dispatch" B2_H8_S512_D64_C1 B2_H8_S513_D64_C1 B2_H8_S513_D64_C0 \
  B1_H2_S4097_D128_C0 B1_H2_S4096_D128_C0 B1_H16_S1_K2_D128_C0 B1_H15_S1_K2_D128_C0 B2_H16_S1_K2_D128_C0 B1_H16_S1_D128_C0)
check_eq "--match: the first rule whose conditions all hold" "$(echo "$m" | tr '\n' '|')" \
  "B2_H8_S512_D64_C1 small line=3|B2_H8_S513_D64_C1 causal64 line=4|B2_H8_S513_D64_C0 rest line=7|B1_H2_S4097_D128_C0 huge line=5|B1_H2_S4096_D128_C0 rest line=7|B1_H16_S1_K2_D128_C0 few_heads line=6|B1_H15_S1_K2_D128_C0 rest line=7|B2_H16_S1_K2_D128_C0 rest line=7|B1_H16_S1_D128_C0 rest line=7|"
printf 'D=64 -> a\nD=128 C=0 -> b\n' >"$t/partial.dispatch"
check_eq "--match: a shape no rule covers" "$("$dc" --problem attention --match "$t/partial.dispatch" B1_H1_S8_D128_C1)" \
  "B1_H1_S8_D128_C1 - no rule matches"
printf 'M>=4096 N>=4096 -> big\n* -> small\n' >"$t/gemm.dispatch"
check_eq "another problem's axes: GEMM's M N K" \
  "$("$dc" --problem gemm --match "$t/gemm.dispatch" M4096_N4096_K64 M4096_N4095_K64 | tr '\n' '|')" \
  "M4096_N4096_K64 big line=1|M4096_N4095_K64 small line=2|"

# --- rejected: reject WHAT LINE PATTERN (the file in $t/bad.dispatch)
reject() {
  local what=$1 line=$2 pattern=$3
  "$dc" --problem attention "$t/bad.dispatch" a b c 2>"$t/err" >"$t/out"
  local rc=$?
  check_eq "$what: exit 2" "$rc" 2
  check_grep "$what: message names file and line" "^dispatchcheck: $t/bad.dispatch:$line: " "$t/err"
  check_grep "$what: message says what" "$pattern" "$t/err"
  check_eq "$what: nothing on stdout" "$(cat "$t/out")" ""
}
bad() { printf -- "$1" >"$t/bad.dispatch"; }
bad 'D=64 -> a\nX=1 -> b\n';        reject "unknown axis"            2 "unknown axis 'X' \\(the problem's axes: B H S K D C\\)"
bad 'D==64 -> a\n';                 reject "double equals"           1 "'D==64': the value must be a whole number"
bad 'D~64 -> a\n';                  reject "unknown operator"        1 "expected one of = != < <= > >="
bad 'D=064 -> a\n';                 reject "leading zero"            1 "without sign or leading zero"
bad 'D=-1 -> a\n';                  reject "sign"                    1 "without sign or leading zero"
bad 'D=6x4 -> a\n';                 reject "not a number"            1 "'D=6x4': the value must be"
bad 'D=1234567890123456789 -> a\n'; reject "too many digits"         1 "the value must be a whole number"
bad '=64 -> a\n';                   reject "no axis"                 1 "a condition starts with an axis"
bad 'D=64 a\n';                     reject "no arrow"                1 "'a' is not a condition AXIS OP VALUE \\(no '->' before"
bad 'D=64\n';                       reject "no arrow, no name"        1 "no '->'"
bad 'D=64 ->\n';                    reject "no configuration"        1 "no configuration after '->'"
bad 'D=64 -> a b\n';                reject "two configurations"      1 "'b' after the configuration"
bad '-> a\n';                       reject "no condition"            1 "write '\\*' for every shape"
bad '* D=64 -> a\n';                reject "star with a condition"   1 "'\\*' stands alone"
bad 'D=64 * -> a\n';                reject "condition then star"     1 "'\\*' stands alone"
bad 'D=64 -> a;rm\n';               reject "bad configuration name"  1 "a configuration is a variant name"
bad '* -> a\n\nD=64 -> b\n';        reject "unreachable rule"        3 "unreachable: the rule at line 1 matches every shape"
bad 'D=64 -> a\nD=128 -> zz\n';     reject "not a variant"           2 "'zz' is not a flag-file variant of the experiment \\(a b c\\)"
bad '# only a comment\n\n';         reject "no rule"                 2 "no rule"
bad "D=64 -> $(head -c 70 /dev/zero | tr '\0' a)\n"; reject "long configuration name" 1 "longer than 63"
bad "$(for i in $(seq 17); do printf 'D>=%d ' $i; done)-> a\n"; reject "too many conditions" 1 "more than 16 conditions"
bad 'D=64->a\n';                   reject "arrow without blanks"    1 "'D=64->a': '->' stands alone"
bad "$(for i in $(seq 65); do printf 'D=%d -> c%d\\n' $i $i; done)"; reject "65 configurations" 65 "more than 64 configurations"

# --- whole-file, usage and problem errors
printf 'D=64 -> a\0\n' >"$t/nul.dispatch"
"$dc" --problem attention "$t/nul.dispatch" 2>"$t/err"
check_eq "a NUL byte: exit 2" "$?" 2
check_grep "... says so" "^dispatchcheck: $t/nul.dispatch: holds a NUL byte" "$t/err"
"$dc" --problem attention "$t/missing.dispatch" 2>"$t/err"
check_eq "missing file: exit 2" "$?" 2
check_grep "... says so" "^dispatchcheck: $t/missing.dispatch: cannot read" "$t/err"
"$dc" --problem nosuch "$t/good.dispatch" 2>"$t/err"
check_eq "unknown problem: exit 2" "$?" 2
check_grep "... names it" "unknown problem 'nosuch'" "$t/err"
"$dc" --problem attention --match "$t/good.dispatch" B1_H1 2>"$t/err"
check_eq "--match with a malformed shape: exit 2" "$?" 2
check_grep "... names the shape" "shape 'B1_H1'" "$t/err"
"$dc" --problem attention 2>"$t/err"
check_eq "no file: exit 2" "$?" 2
check_grep "... usage" "usage: dispatchcheck" "$t/err"
done_testing
