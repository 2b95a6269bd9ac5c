#!/usr/bin/env bash
# test_space.sh — space expands parameter spaces into flag files. Known counts are worked out
# by hand from the fixture's constraints; expression results by C's integer rules.
source tests/lib.sh
sp=${B:-build}/tools/space
fx=tests/fixtures/space/seeds.space
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
nflags() { find "$1" -name '*.flags' | wc -l; }

# --- the seeds' space: 3*3*3*3*2*2*2*2*3 = 3888. Constraints: BLOCK_M*BLOCK_N <= 8192 keeps 8
# of the 9 (m, n) pairs; USE_MMA || !VEC keeps 3 of the 4 (mma, v) pairs; KV_SPLITS == 1 ||
# STAGES >= 2 keeps 7 of the 9 (kv, s) pairs: 3888 * 8/9 * 3/4 * 7/9 = 2016 kept, 1872 rejected.
"$sp" $fx "$t/out" 2>"$t/err"
check_eq "seeds: exit 0" "$?" 0
check_eq "seeds: summary line" "$(cat "$t/err")" "space: 2016 configurations (1872 rejected by constraints)"
check_eq "seeds: 2016 files" "$(nflags "$t/out")" 2016
check_eq "seeds: one file's content" "$(cat "$t/out/m64_n128_w4_s2_cp1_sw0_v1_mma1_kv4.flags")" \
"# space: $fx
-DBLOCK_M=64
-DBLOCK_N=128
-DNUM_WARPS=4
-DSTAGES=2
-DCP_ASYNC=1
-DSWIZZLE=0
-DVEC=1
-DUSE_MMA=1
-DKV_SPLITS=4"
check "seeds: m128_n128 rejected" test ! -e "$t/out/m128_n128_w4_s2_cp1_sw0_v1_mma1_kv4.flags"
check "seeds: mma0 with v1 rejected" test ! -e "$t/out/m64_n64_w4_s2_cp1_sw0_v1_mma0_kv4.flags"
check "seeds: kv2 with s1 rejected" test ! -e "$t/out/m64_n64_w4_s1_cp1_sw0_v1_mma1_kv2.flags"
check "seeds: kv1 with s1 kept" test -e "$t/out/m64_n64_w4_s1_cp1_sw0_v1_mma1_kv1.flags"
check "generated files pass flagcheck" ${B:-build}/tools/flagcheck "$t/out/m32_n32_w2_s1_cp0_sw0_v0_mma0_kv1.flags" "$t/fc"

# --- incremental: a second run writes nothing; a changed space touches only what changed
touch -d '-1 minute' "$t/out"/*.flags
touch "$t/stamp"
"$sp" $fx "$t/out" 2>/dev/null
check_eq "rerun: no file rewritten" "$(find "$t/out" -newer "$t/stamp" -name '*.flags' | wc -l)" 0
mkdir -p "$t/sub"
sed 's/^KV_SPLITS(kv): 1 2 4/KV_SPLITS(kv): 1 2 8/' $fx > "$t/sub/s.space"
"$sp" "$t/sub/s.space" "$t/inc" 2>/dev/null
echo keep > "$t/inc/notes.txt"
touch -d '-1 minute' "$t/inc"/*.flags
touch "$t/stamp"
sed 's/^KV_SPLITS(kv): 1 2 8/KV_SPLITS(kv): 1 2 4/' "$t/sub/s.space" > "$t/sub/s2.space"
mv "$t/sub/s2.space" "$t/sub/s.space"
"$sp" "$t/sub/s.space" "$t/inc" 2>/dev/null
check_eq "value 8 -> 4: kv8 files deleted" "$(find "$t/inc" -name '*kv8.flags' | wc -l)" 0
# kv4 configurations: 3888/3 = 1296, * 8/9 (m, n) * 3/4 (mma, v) * 2/3 (s >= 2) = 576
check_eq "value 8 -> 4: only the 576 kv4 files written" "$(find "$t/inc" -newer "$t/stamp" -name '*.flags' | wc -l)" 576
check_eq "value 8 -> 4: total still 2016" "$(nflags "$t/inc")" 2016
check "other files in OUTDIR are left alone" test -e "$t/inc/notes.txt"

# --- speed. Expanding and evaluating all 3888 configurations (one kept, so file creation does
# not count) and a no-change rerun over 3888 existing files must take well under a second;
# creating 3888 files from scratch depends on the file system (about 0.3 s idle here, 1.5 s
# with the machine loaded), so it only gets a sanity bound.
ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }
{ cat $fx; echo 'require: BLOCK_M * BLOCK_N * NUM_WARPS * STAGES * KV_SPLITS == 2048'
  echo 'require: !CP_ASYNC && !SWIZZLE && !VEC && !USE_MMA'; } > "$t/one.space"
s0=$(date +%s%N)
"$sp" "$t/one.space" "$t/one" 2>"$t/err"
ms=$(ms_since $s0)
check_eq "expansion: 3888 evaluated, 1 kept" "$(cat "$t/err")" "space: 1 configurations (3887 rejected by constraints)"
check "expansion of 3888 configurations took ${ms} ms < 500 ms" test "$ms" -lt 500
grep -v '^require' $fx > "$t/all.space"
s0=$(date +%s%N)
"$sp" "$t/all.space" "$t/all" 2>"$t/err"
ms=$(ms_since $s0)
check_eq "unconstrained: summary" "$(cat "$t/err")" "space: 3888 configurations (0 rejected by constraints)"
check_eq "unconstrained: 3888 files" "$(nflags "$t/all")" 3888
check "unconstrained: creating 3888 files took ${ms} ms < 10000 ms" test "$ms" -lt 10000
s0=$(date +%s%N)
"$sp" "$t/all.space" "$t/all" 2>/dev/null
ms=$(ms_since $s0)
check "unconstrained rerun (nothing to write) took ${ms} ms < 1000 ms" test "$ms" -lt 1000

# --- names, expressions
run() { printf "$1" > "$t/x.space"; rm -rf "$t/x"; "$sp" "$t/x.space" "$t/x" 2>"$t/err"; }
kept() { run "$1"; (cd "$t/x" 2>/dev/null && ls | sed 's/\.flags$//' | sort -V | tr '\n' ' '); }
check_eq "default abbreviation is the lower-case name; non-integer values allowed" \
  "$(kept 'Foo_Bar: 1 2\nDTYPE(t): f16 bf16\n')" "foo_bar1_tbf16 foo_bar1_tf16 foo_bar2_tbf16 foo_bar2_tf16 "
X='X(x): 0 1 2 3 4 5 6 7 8 9 10\n'
check_eq "precedence: % == && ! || " "$(kept "${X}require: X %% 3 == 1 && !(X > 7) || X == 10\n")" "x1 x4 x7 x10 "
check_eq "precedence: + * ==" "$(kept "${X}require: 2 + 3 * X == 11\n")" "x3 "
check_eq "unary minus, comparison" "$(kept "${X}require: -X < -8\n")" "x9 x10 "
check_eq "C division and remainder truncate toward zero" \
  "$(kept "X(x): 1\nrequire: 10 / 4 == 2 && -7 / 2 == -3 && -7 %% 3 == -1 && 7 %% -3 == 1\n")" "x1 "
check_eq "&& short-circuits (no division by zero)" "$(kept "${X}require: X != 0 && 100 / X > 30\n")" "x1 x2 x3 "
check_eq "a constraint may precede its parameter; CRLF ok" "$(kept "require: X >= 9\r\n${X}")" "x9 x10 "
check_eq "<= >= != and nested parentheses" "$(kept "${X}require: ((X <= 2) || (X >= 9)) && X != 10\n")" "x0 x1 x2 x9 "

# --- errors: exit 2, `space: FILE:LINE: what`, nothing written
err() { # err WHAT LINE PATTERN CONTENT
  run "$4"
  check_eq "$1: exit 2" "$?" 2
  check_grep "$1: message" "^space: $t/x.space:$2$3" "$t/err"
  check "$1: nothing written" test ! -e "$t/x"
}
err "unknown name" 2: " unknown name 'Y' at column 1 in 'Y > 1'" "${X}require: Y > 1\n"
err "missing )" 2: " expected '\\)' at column 7" "${X}require: (X > 1\n"
err "single =" 2: " unexpected '=' \\(equality is '=='\\)" "${X}require: X = 1\n"
err "trailing text" 2: " unexpected text at column 3" "${X}require: X 1\n"
err "missing operand" 2: " unexpected end of expression" "${X}require: X +\n"
err "bad character" 2: " expected a number, a name or '\\('" "${X}require: X > \$1\n"
err "division by zero" 2: " division by zero in '10 / X' for x0" "${X}require: 10 / X\n"
err "remainder by zero" 2: " division by zero in '10 % X' for x0" "${X}require: 10 %% X\n"
# 2^62 * 2 = 2^63 does not fit: x2 is the first configuration that overflows
err "overflow" 2: " integer overflow in .* for x2$" "${X}require: X * 4611686018427387904 > 0\n"
err "too deep" 2: " expression nested too deeply" "${X}require: $(printf '(%.0s' {1..300})X\n"
err "non-integer value in a constraint" 2: " value 'f16' of T \\(line 1\\) is not an integer" "T: f16 32\nrequire: T > 1\n"
err "bad parameter name" 1: " '1X' is not a parameter name" "1X: 1 2\n"
err "bad value" 1: " value '1;touch' of X has a character outside" "X: 1;touch x\n"
err "dot dot in value" 1: " value 'a..b' of X contains '..'" "X: a..b\n"
err "duplicate parameter" 3: " parameter X already declared on line 1" "X: 1\nY: 2\nX: 3\n"
err "duplicate value" 1: " value '2' of X given twice" "X: 1 2 2\n"
err "duplicate abbreviation" 2: " abbreviation 'b' already used by A" "A(b): 1\nB: 2\n"
err "bad abbreviation" 1: " abbreviation must be" "X(a-b): 1\n"
err "missing colon" 1: " expected 'NAME: values' or 'require: EXPR'" "X 1 2\n"
err "junk between name and colon" 1: " expected ':' after 'X'" "X y: 1\n"
err "no values" 1: " parameter X has no values" "X:\n"
err "control character" 1: " control character 0x1b" "X: 1\x1b\n"
err "NUL byte" 1: " NUL byte" "X: 1\x00;2\n"
err "no parameters" "" " no parameters" "# nothing\n\n"
err "all rejected" "" " all 11 configurations are rejected" "${X}require: X > 10\n"
err "name collision" "" " two configurations are both named 'a1_b2_b2'" "A(a): 1 1_b2\nB(b): 2_b2 2\n"
err "too many configurations" 7: " more than 1000000 configurations" "$(for p in A B C D E F G; do printf "$p: 1 2 3 4 5 6 7 8\\\\n"; done)"
"$sp" "$t/none.space" "$t/x" 2>"$t/err"
check_eq "missing space file: exit 2" "$?" 2
check_grep "missing space file: message" "^space: $t/none.space: No such file" "$t/err"
"$sp" $fx 2>"$t/err"
check_eq "usage: exit 2" "$?" 2
check_grep "usage: message" "^usage: space SPACE_FILE OUTDIR" "$t/err"
echo file > "$t/notadir"
"$sp" $fx "$t/notadir/out" 2>"$t/err"
check_eq "unusable OUTDIR: exit 2" "$?" 2
check_grep "unusable OUTDIR: message" "^space: $t/notadir" "$t/err"
done_testing
