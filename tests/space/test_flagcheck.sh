#!/usr/bin/env bash
# test_flagcheck.sh — flagcheck accepts well-formed -D flag files and rejects everything else
# with exit 2, `flagcheck: FILE:LINE: ...`, and no output file. Expected outputs are written
# by hand from the rules in tools/space/flagcheck.c's header.
source tests/lib.sh
fc=${B:-build}/tools/flagcheck
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# --- accepted: comments, blanks, blanks around tokens, CRLF, empty value, no final newline
printf '# whole-line comment\n\n  -DBLOCK_M=64   # trailing comment\n\t-DUSE_MMA\r\n-DX=a.b+c-1_Z\n-DEMPTY=\n-D_u9=-3' > "$t/good.flags"
echo stale > "$t/out"
"$fc" "$t/good.flags" "$t/out" 2>"$t/err"
check_eq "good file: exit 0" "$?" 0
check_eq "good file: tokens in order, one per line" "$(cat "$t/out")" \
  "$(printf -- '-DBLOCK_M=64\n-DUSE_MMA\n-DX=a.b+c-1_Z\n-DEMPTY=\n-D_u9=-3')"
check_eq "good file: nothing on stderr" "$(cat "$t/err")" ""
check_eq "atomic write leaves no temporary file" "$(ls "$t" | grep -c '^out\.')" 0

printf '# only comments\n\n' > "$t/empty.flags"
"$fc" "$t/empty.flags" "$t/out"
check_eq "comment-only file: exit 0" "$?" 0
check_eq "comment-only file: empty output" "$(wc -c < "$t/out")" 0

# a 1 MB value is valid (no line length limit)
{ printf -- '-DLONG='; head -c 1000000 /dev/zero | tr '\0' a; printf '\n-DZ=1\n'; } > "$t/long.flags"
"$fc" "$t/long.flags" "$t/out"
check_eq "1 MB line accepted" "$?" 0
check_eq "1 MB line written whole" "$(head -1 "$t/out" | wc -c)" 1000008

# --- rejected: reject NAME LINE CONTENT PATTERN
reject() {
  local what=$1 line=$2 pattern=$3
  echo previous > "$t/out"
  "$fc" "$t/bad.flags" "$t/out" 2>"$t/err"
  local rc=$?
  check_eq "$what: exit 2" "$rc" 2
  check_grep "$what: message names file and line" "^flagcheck: $t/bad.flags:$line: " "$t/err"
  check_grep "$what: message says what" "$pattern" "$t/err"
  check "$what: output removed" test ! -e "$t/out"
}
bad() { printf -- "$1" > "$t/bad.flags"; }

bad '-DA=1\n-DX=1;touch '"$t"'/owned\n';  reject "semicolon and space" 2 "'-DX=1;touch .*': more than one token"
check "hostile file ran nothing" test ! -e "$t/owned"
bad '-DX=1;touch\n';    reject "semicolon"        1 "invalid character ';' in value"
bad '-DX=$(id)\n';      reject "dollar"           1 "invalid character '\\$' in value"
bad '-DX=`id`\n';       reject "backtick"         1 "invalid character '\`' in value"
bad '-DX="a"\n';        reject "double quote"     1 "invalid character '\"' in value"
bad "-DX='a'\n";        reject "single quote"     1 "invalid character ''' in value"
bad '-DX=../etc\n';     reject "dot dot"          1 "'\\.\\.' in value"
bad '-DX=a/b\n';        reject "slash"            1 "invalid character '/' in value"
bad '-DA -DB\n';        reject "two tokens"       1 "'-DA -DB': more than one token"
bad '\n\n-UX\n';        reject "not -D"           3 "'-UX': not a -DNAME"
bad 'X=1\n';            reject "no -D"            1 "not a -DNAME"
bad '-D\n';             reject "bare -D"          1 "'-D': empty name"
bad '-D=1\n';           reject "empty name"       1 "'-D=1': empty name"
bad '-D1X=1\n';         reject "digit first"      1 "name must start with a letter"
bad '-DA-B=1\n';        reject "dash in name"     1 "invalid byte 0x2d in name"
bad '-DA=1\n-DB=2\n-DA=3\n-DB=4\n'; reject "duplicate name" 3 "'-DA=3': duplicate name \\(first defined on line 1\\)"
# compiler options from the allow-list (tools/space/nvcc_options.h), each once, beside -D tokens
printf -- '-DBLOCK_M=64\n--use_fast_math\n--maxrregcount=64\n--ptxas-options=-dlcm=cg\n--ftz=true\n--prec-div=false\n--prec-sqrt=true\n--fmad=false\n--extra-device-vectorization\n-Duse_fast_math\n' >"$t/opt.flags"
"$fc" "$t/opt.flags" "$t/out" 2>"$t/err"
check_eq "allowed nvcc options: exit 0" "$?" 0
check_eq "... written in order with the -D tokens" "$(cat "$t/out")" "$(sed -n 'p' "$t/opt.flags")"
check_eq "... (a -D name spelt like an option is another name)" "$(cat "$t/err")" ""
bad '--use_fast_math\n--maxrregcount=32\n--use_fast_math\n'; reject "an option twice" 3 "'--use_fast_math': duplicate name \\(first defined on line 1\\)"
bad '--maxrregcount=15\n';    reject "maxrregcount below 16"  1 "'--maxrregcount=15': --maxrregcount needs =16..255"
bad '--maxrregcount=256\n';   reject "maxrregcount above 255" 1 "--maxrregcount needs =16..255"
bad '--maxrregcount=064\n';   reject "maxrregcount, a leading zero" 1 "--maxrregcount needs =16..255"
bad '--ftz=yes\n';            reject "ftz not a bool"         1 "--ftz needs =true or false"
bad '--use_fast_math=1\n';    reject "a value where none"     1 "--use_fast_math takes no value"
bad '--ptxas-options=-v\n';   reject "other ptxas options"    1 "--ptxas-options needs =-dlcm=ca, cg or cs"
bad '--output-file=/tmp/x\n'; reject "an option not allowed"  1 "'--output-file=/tmp/x': not an option a flag file may hold"
bad '--x=$(id)\n';            reject "an option with a dollar" 1 "not an option a flag file may hold"
bad '-DX=1\0\n';        reject "NUL byte"         1 "invalid byte 0x00 in value"
bad '-DX=a\rb\n';       reject "CR inside a line" 1 "invalid byte 0x0d in value"
bad '-DX=\xff\xfe\n';   reject "non-ASCII bytes"  1 "'-DX=.xff.xfe': invalid byte 0xff"
head -c 4096 /dev/urandom | tr -d '#\n' | head -c 3000 > "$t/bad.flags"
printf '\n' >> "$t/bad.flags"
reject "binary garbage" 1 "."
check "binary garbage: quoted token is cut short" test "$(wc -c < "$t/err")" -lt 400
{ printf -- '-DLONG='; head -c 100000 /dev/zero | tr '\0' a; printf ';\n'; } > "$t/bad.flags"
reject "long bad line" 1 "invalid character ';'"
check "long bad line: message stays short" test "$(wc -c < "$t/err")" -lt 400

# --- usage and I/O errors
"$fc" "$t/good.flags" 2>"$t/err"
check_eq "one argument: exit 2" "$?" 2
check_grep "one argument: usage" "^usage: flagcheck" "$t/err"
echo previous > "$t/out"
"$fc" "$t/missing.flags" "$t/out" 2>"$t/err"
check_eq "missing input: exit 2" "$?" 2
check_grep "missing input: message" "^flagcheck: $t/missing.flags: No such file" "$t/err"
check "missing input: output removed" test ! -e "$t/out"
"$fc" "$t/good.flags" "$t/nodir/out" 2>"$t/err"
check_eq "unwritable output: exit 2" "$?" 2
check_grep "unwritable output: message" "^flagcheck: $t/nodir/out" "$t/err"

# --- a kernel's tunables table (third argument): names and values the kernel declares
printf 'A 1 2 4\nB 0..8   # a range\nC fast slow\n' >"$t/k.tunables"
printf -- '-DA=4\n-DB=8\n-DC=slow\n' >"$t/ok.flags"
"$fc" "$t/ok.flags" "$t/out" "$t/k.tunables" 2>"$t/err"
check_eq "tunables: declared names and values pass" "$?,$(tr '\n' ' ' <"$t/out")" "0,-DA=4 -DB=8 -DC=slow "
printf -- '-DA=1\n-DAA=2\n' >"$t/bad.flags"
"$fc" "$t/bad.flags" "$t/out" "$t/k.tunables" 2>"$t/err"
check_eq "tunables: a misspelt name is refused" "$?" 2
check_grep "... at its line, with the declared names" "^flagcheck: $t/bad.flags:2: '-DAA=2': unknown tunable 'AA' \($t/k.tunables declares: A B C\)" "$t/err"
check "... and no output" test ! -e "$t/out"
printf -- '-DB=9\n' >"$t/bad.flags"
"$fc" "$t/bad.flags" "$t/out" "$t/k.tunables" 2>"$t/err"
check_grep "tunables: a value outside the range" "bad.flags:1: '-DB=9': B = '9' is not one of 0..8" "$t/err"
printf -- '-DA\n' >"$t/bad.flags"
"$fc" "$t/bad.flags" "$t/out" "$t/k.tunables" 2>"$t/err"
check_eq "tunables: a bare -DNAME is NAME = 1, which A allows" "$(cat "$t/out")" "-DA"
printf 'A 1\nA 2\n' >"$t/dup.tunables"
"$fc" "$t/ok.flags" "$t/out" "$t/dup.tunables" 2>"$t/err"
check_grep "tunables file: a name declared twice, file:line" "dup.tunables:2: A declared twice" "$t/err"
printf 'A 3..1\n' >"$t/rng.tunables"
"$fc" "$t/ok.flags" "$t/out" "$t/rng.tunables" 2>"$t/err"
check_grep "tunables file: an empty range" "rng.tunables:1: A: '3..1' is not a value or a range" "$t/err"
printf 'A 1 2 4 [2] warps, the meaning\nB 0..8 [8]\nC fast slow [slow] 1: the [odd] words\n' >"$t/def.tunables"
"$fc" "$t/ok.flags" "$t/out" "$t/def.tunables" 2>"$t/err"
check_eq "tunables file: [DEFAULT] and a meaning after the values are read, not taken as values" \
  "$?,$(tr '\n' ' ' <"$t/out")" "0,-DA=4 -DB=8 -DC=slow "
printf -- '-DA=warps\n' >"$t/bad.flags"
"$fc" "$t/bad.flags" "$t/out" "$t/def.tunables" 2>"$t/err"
check_grep "... a word of the meaning is no allowed value" "'-DA=warps': A = 'warps' is not one of 1 2 4 " "$t/err"
printf 'A 1 2 [3]\n' >"$t/def.tunables"
"$fc" "$t/ok.flags" "$t/out" "$t/def.tunables" 2>"$t/err"
check_grep "tunables file: a default the values refuse, file:line" "def.tunables:1: default: A = '3' is not one of 1 2" "$t/err"
printf -- '-DNUM_WRAPS=8\n' >"$t/typo.flags"
"$fc" "$t/typo.flags" "$t/out" kernels/attention/flash_attn.tunables 2>"$t/err"
check_grep "flash_attn: -DNUM_WRAPS=8 is refused, not built as the default" "unknown tunable 'NUM_WRAPS'" "$t/err"
done_testing
