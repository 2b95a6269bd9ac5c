#!/usr/bin/env bash
# test_session_cli.sh — build/tools/session: `order`, the lines measure and the search's
# confirmation run, in order (each round holds every variant once; rounds come in order;
# --sequential is variant-major), a recorded seed giving back its order; `deal`, the dealing
# `session shards` makes (the rounds, a queue, or the variants in turn); `code-id`, the ids
# measure, the search and check-published use, against their definition run in the shell on the
# real sources; `gpus --check` against a fake nvidia-smi; every usage error (exit 2, named).
set -u
. tests/lib.sh
S=${SESSION_BIN:-build/tools/session}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT

"$S" order --seed 42 --rounds 6 a b c >"$t/o" 2>"$t/e"; rc=$?
check_eq "order: exit 0" "$rc" 0
check_eq "order: 3 variants x 6 rounds = 18 lines" "$(wc -l <"$t/o" | tr -d ' ')" 18
check_eq "order: rounds in order, three runs each" "$(cut -d' ' -f2 "$t/o" | uniq -c | awk '{printf "%s:%s ", $2, $1}')" "1:3 2:3 3:3 4:3 5:3 6:3 "
check_eq "order: every round holds a, b and c once" "$(awk '{print $2, $1}' "$t/o" | sort -u | wc -l | tr -d ' ')" 18
check_eq "order: each variant first in 2 of 6 rounds" \
  "$(awk '$2 != r {r = $2; n[$1]++} END {print n["a"], n["b"], n["c"]}' "$t/o")" "2 2 2"
"$S" order --seed 42 --rounds 6 a b c >"$t/o2"
check "order: the same seed, the same lines" cmp -s "$t/o" "$t/o2"
"$S" order --seed 43 --rounds 6 a b c >"$t/o3"
check "order: another seed, other lines" bash -c "! cmp -s '$t/o' '$t/o3'"
check_eq "order --sequential: variant-major" "$("$S" order --sequential --rounds 2 x y | tr '\n' ' ')" "x 1 x 2 y 1 y 2 "
check_eq "order: one variant" "$("$S" order --seed 1 --rounds 3 -- only | tr '\n' ' ')" "only 1 only 2 only 3 "

# deal: the dealing session shards makes, one line per GPU
check_eq "deal: 5 rounds over 2 GPUs" "$("$S" deal --gpus 2 --rounds 5 --reps 50 a b | tr '\n' '|')" "0 rounds 3 reps 30|1 rounds 2 reps 20|"
check_eq "deal: one round over 2 GPUs: a shared queue" "$("$S" deal --gpus 2 --rounds 1 --reps 10 a b c | tr '\n' '|')" "0 queue|1 queue|"
# --turn: the i-th variant that is not shared (counted from 0) to session i mod N, the shared ones
# to each where they stand: a shared one shifts no variant to another session
check_eq "deal --turn: in turn, the shared baseline to each" \
  "$("$S" deal --gpus 3 --rounds 1 --reps 10 --turn --shared a -- a b c d | tr '\n' '|')" "0 variants a b|1 variants a c|2 variants a d|"
check_eq "deal --turn: shared ones among the variants count for no turn" \
  "$("$S" deal --gpus 2 --rounds 1 --reps 10 --turn --shared s1 --shared s2 --shared s3 -- b s1 c s2 d s3 e | tr '\n' '|')" \
  "0 variants b s1 s2 d s3|1 variants s1 c s2 s3 e|"
check_eq "deal --turn: ... the same dealing as without them" \
  "$("$S" deal --gpus 2 --rounds 1 --reps 10 --turn -- b c d e | tr '\n' '|')" "0 variants b d|1 variants c e|"
# the dealt variants spread evenly whatever stands between them: 7 variants, a shared one after
# each of the first 5, over 2 sessions: 4 and 3 a session, all 5 shared ones to each (counting
# the shared ones too would put 6 of the 7 on session 0)
even=$("$S" deal --gpus 2 --rounds 1 --reps 10 --turn --shared x1 --shared x2 --shared x3 --shared x4 --shared x5 \
  -- v1 x1 v2 x2 v3 x3 v4 x4 v5 x5 v6 v7 | awk '{ v = 0; x = 0; for (i = 3; i <= NF; i++) if ($i ~ /^v/) v++; else x++; printf "%d+%d ", v, x }')
check_eq "deal --turn: 7 variants among 5 shared ones: 4 and 3 a session, every shared one to each" "$even" "4+5 3+5 "

# code-id: the definition (session_code_id.h) in the shell, on the sources make passes as CODE_SRC
src=(kernels/harness kernels/attention kernels/harness/shape.c tools/samples/samples_write.c)
want=$(find "${src[@]}" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o -name '*.tunables' \) \
  -print0 | LC_ALL=C sort -zu | xargs -0 sha256sum | sha256sum | cut -c1-12)
check_eq "code-id kernels: the sources' id, as the find | sort | sha256sum pipeline gives it" "$("$S" code-id kernels "${src[@]}")" "kernels:$want"
r=kernels/attention/problem/sdpa_bench.py
check_eq "code-id runner: <lib>:<12 hex> of the runner's text and, as it imports libbench, libbench's" \
  "$("$S" code-id runner "$r")" "sdpa:$(LC_ALL=C cat "$r" $(LC_ALL=C ls tools/libbench/*.py) | sha256sum | cut -c1-12)"
check_eq "code-id lib: the runner's <lib>" "$("$S" code-id lib "$r") $("$S" code-id lib none_bench.py)" "sdpa none"
check_eq "code-id for: a baseline of the runner, a variant, no runner" \
  "$("$S" code-id for sdpa-cudnn kernels:k "sdpa:r torch=1" | tr '\n' '|')$("$S" code-id for v1 kernels:k sdpa:r)|$("$S" code-id for sdpa-a kernels:k '')" \
  "sdpa:r torch=1|kernels:k|kernels:k"

bad() { # bad WHAT WANT_MESSAGE ARGS...
  local what=$1 want=$2; shift 2
  "$S" "$@" >/dev/null 2>"$t/err"; local rc=$?
  check_eq "$what: exit 2" "$rc" 2
  check_grep "$what: says so" "$want" "$t/err"
}
bad "no command" "^session: no command" 
bad "unknown command" "^session: 'plan' is not a command" plan
bad "code-id: no kind" "^session: code-id: kernels, runner, lib or for" code-id
bad "code-id kernels: no path" "^session: code-id: kernels needs a source path" code-id kernels
bad "code-id runner: two files" "^session: code-id: runner needs one runner file" code-id runner a b
bad "code-id runner: no such file" "^session: nowhere_bench.py: No such file or directory" code-id runner nowhere_bench.py
bad "code-id for: too few" "^session: code-id: for needs VARIANT KERNELS \\[RUNNER\\.\\.\\.\\]" code-id for v
check_eq "code-id for: of several runners, the one of the baseline's <lib>; none: the kernels id" \
  "$("$S" code-id for matmul-cublas kernels:k "sdpa:r" "matmul:m torch=1")|$("$S" code-id for sdpa-a kernels:k)" \
  "matmul:m torch=1|kernels:k"
bad "no seed" "^session: order: --seed is required" order --rounds 3 a b
bad "no rounds" "^session: order: --rounds is required" order --seed 3 a b
bad "no variants" "^session: order: no variants" order --seed 3 --rounds 2
bad "seed not a number" "^session: --seed 'x1' is not a non-negative integer$" order --seed x1 --rounds 2 a
bad "negative seed" "^session: --seed '-1' is not a non-negative integer$" order --seed -1 --rounds 2 a
bad "seed past 64 bits" "^session: --seed '18446744073709551616' is not a non-negative integer$" order --seed 18446744073709551616 --rounds 2 a
bad "zero rounds" "^session: --rounds '0' is not a count >= 1$" order --seed 1 --rounds 0 a
bad "rounds with junk" "^session: --rounds '3x' is not a count >= 1$" order --seed 1 --rounds 3x a
bad "rounds past the most" "^session: --rounds '100001' is not a count <= 100000$" order --seed 1 --rounds 100001 a
# a number is digits alone: no blank before it, no sign (strtoumax would take " 5" and "+5")
bad "rounds after a blank" "^session: --rounds ' 5' is not a count >= 1$" order --seed 1 --rounds ' 5' a
bad "rounds with a plus" "^session: --rounds '\+5' is not a count >= 1$" order --seed 1 --rounds +5 a
bad "rounds with a blank and a plus" "^session: --rounds ' \+5' is not a count >= 1$" order --seed 1 --rounds ' +5' a
bad "rounds after a tab" "^session: --rounds '	5' is not a count >= 1$" order --seed 1 --rounds "$(printf '\t5')" a
bad "seed after a blank" "^session: --seed ' 7' is not a non-negative integer$" order --seed ' 7' --rounds 2 a
bad "seed with a plus" "^session: --seed '\+7' is not a non-negative integer$" order --seed +7 --rounds 2 a
bad "deal: gpus after a blank" "^session: --gpus ' 2' is not a count >= 1$" deal --gpus ' 2' --rounds 2 --reps 4 a
bad "deal: rounds with a plus" "^session: --rounds '\+2' is not a count >= 1$" deal --gpus 1 --rounds +2 --reps 4 a
bad "deal: reps after a blank and a plus" "^session: --reps ' \+4' is not a count >= 1$" deal --gpus 1 --rounds 2 --reps ' +4' a
bad "deal: plan rounds after a blank" "^session: --plan-rounds ' 1' is not a count >= 1$" deal --gpus 1 --rounds 2 --reps 4 --plan-rounds ' 1' a
bad "option without value" "^session: --rounds: needs a value" order --seed 1 --rounds
bad "unknown option" "^session: '--shuffle' is not an option of order" order --shuffle 1 a
bad "a variant twice" "^session: variant 'a' named twice" order --seed 1 --rounds 2 a b a
bad "deal: no gpus" "^session: deal: --gpus, --rounds and --reps are required" deal --rounds 2 --reps 4 a
bad "deal: zero gpus" "^session: --gpus '0' is not a count >= 1$" deal --gpus 0 --rounds 2 --reps 4 a
bad "deal: gpus past the most" "^session: --gpus '4097' is not a count <= 4096$" deal --gpus 4097 --rounds 2 --reps 4 a
bad "deal: reps with junk" "^session: --reps '4x' is not a count >= 1$" deal --gpus 1 --rounds 2 --reps 4x a
bad "deal: no variants" "^session: deal: no variants" deal --gpus 1 --rounds 2 --reps 4
bad "deal: unknown option" "^session: '--queue' is not an option of deal" deal --queue 1 a
bad "deal: a plan's rounds not dealt to each GPU" "plan declares 3 rounds a session: on 2 GPUs pass ROUNDS=6 REPS=120 .*ROUNDS=3 would deal 3 rounds over them" \
  deal --gpus 2 --rounds 3 --reps 60 --plan-rounds 3 a
bad "deal: ... nor the variants dealt under a plan" "ROUNDS=1 would deal the variants out over the GPUs" deal --gpus 2 --rounds 1 --reps 60 --plan-rounds 3 a

# gpus --check: nvidia-smi -L listing a GPU is enough; one listing none, on a machine without the
# driver loaded, is the message that points to make report (exit 2)
mkdir -p "$t/bin"
printf '#!/bin/sh\necho "GPU 0: NVIDIA H100 (UUID: GPU-x)"\n' >"$t/bin/nvidia-smi"; chmod +x "$t/bin/nvidia-smi"
PATH=$t/bin:$PATH "$S" gpus --check 2>"$t/e"; rc=$?
check_eq "gpus --check: a GPU nvidia-smi lists: exit 0" "$rc" 0
check_eq "gpus --check: ... silently" "$(cat "$t/e")" ""
if [ ! -e /proc/driver/nvidia/version ]; then
  printf '#!/bin/sh\necho "No devices were found"\nexit 6\n' >"$t/bin/nvidia-smi"
  PATH=$t/bin:$PATH "$S" gpus --check 2>"$t/e"; rc=$?
  check_eq "gpus --check: no GPU listed, no driver: exit 2" "$rc" 2
  check_grep "gpus --check: ... pointing to make report" '^make: no NVIDIA GPU or driver on this machine' "$t/e"
  check_grep "gpus --check: ... and its command" '^    make report$' "$t/e"
fi
done_testing
