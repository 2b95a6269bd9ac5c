#!/usr/bin/env bash
# test_libbench.sh — the shared runner of Python library baselines (tools/libbench) without a GPU:
# the kernel time's split of CUPTI records into replays (hand-made records, unions by hand), a
# runner's usage errors and its exit 5 without torch or a GPU, and the code id of a runner that
# stands on libbench covering libbench's text too (a change there is a change of the baseline).
set -u
. tests/lib.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
out=$(PYTHONPATH=tools/libbench python3 - <<'PY'
from libbench_ktime import split_replays, event_kind
F = ("fill", "kernel", 0.0, 9.0)
k = lambda b, e: ("gemm", "kernel", b, e)
m = ("Memset (Device)", "memset", 10.0, 11.5)
# 3 replays, each: the flush's fill, a memset and two kernels; in replay 2 the second kernel
# starts under the first (a programmatic dependent launch): 20..22.5 and 21..24 cover 4.0, not 5.5;
# in replay 3 the second lies inside the first: 30..34 and 31..32 cover 4.0
ev = [F, m, k(12.0, 14.0), k(15.0, 18.0), F, m, k(20.0, 22.5), k(21.0, 24.0), F, m, k(30.0, 34.0), k(31.0, 32.0)]
print("split", split_replays(ev, 3, ["fill"]))
print("uneven", split_replays(ev[:-1], 3, ["fill"])[1])
print("noflush", split_replays([m, k(0.0, 1.0), F, k(2.0, 3.0)], 2, ["fill"])[1])
print("nokernel", split_replays([F, m, F, m], 2, ["fill"])[1])
print("hot", split_replays([k(0.0, 1.0), k(5.0, 7.0)], 2, [])[0])
print("kinds", event_kind("Memset (Device)"), event_kind("Memcpy DtoD (Device -> Device)"), event_kind("sm90_xmma_gemm"))
PY
)
check_eq "split: per replay the kernels' covered time (overlaps once), the flush and the memset left out" "$(sed -n 's/^split //p' <<<"$out")" "([5.0, 4.0, 4.0], None)"
check_eq "records that do not split evenly: none, saying why" "$(sed -n 's/^uneven //p' <<<"$out")" "11 device events do not split into 3 replays"
check_eq "a replay that does not open with the flush: none, saying which" "$(sed -n 's/^noflush //p' <<<"$out")" "replay 1 does not open with the L2 flush's kernels"
check_eq "a replay with no kernel: none" "$(sed -n 's/^nokernel //p' <<<"$out")" "replay 1 holds no kernel"
check_eq "no flush (hot L2): each record a replay" "$(sed -n 's/^hot //p' <<<"$out")" "[1.0, 2.0]"
check_eq "memsets and copies told from kernels by name" "$(sed -n 's/^kinds //p' <<<"$out")" "memset memcpy kernel"
# a shape the library cannot run (its RuntimeError or ValueError): the header line's text
why=$(PYTHONPATH=tools/libbench python3 - <<'PY'
import types
from libbench import cannot_run_why
w = [types.SimpleNamespace(message="slow path\n taken"), types.SimpleNamespace(message=UserWarning("w2"))]
print(cannot_run_why(ValueError("head_dim 100\nis not supported"), w))
print(cannot_run_why(RuntimeError("no  engine"), []))
print(len(cannot_run_why(ValueError("x" * 700), [])))
PY
)
check_eq "cannot run: the error, then its warnings, white space collapsed" "$(sed -n 1p <<<"$why")" \
  "head_dim 100 is not supported slow path taken; w2"
check_eq "... with no warning, the error alone" "$(sed -n 2p <<<"$why")" "no engine"
check_eq "... at most 600 characters" "$(sed -n 3p <<<"$why")" 600
R=kernels/gemm/problem/matmul_bench.py
python3 $R --backend matmul-cublas --shape M1_N2 >/dev/null 2>"$t/err"
check_eq "a shape outside the grammar: exit 2" "$?" 2
check_grep "... named with the grammar" "error: --shape: 'M1_N2' is not M<m>_N<n>_K<k>" "$t/err"
python3 $R --backend nope --shape M1_N1_K1 >/dev/null 2>"$t/err"
check_eq "an unknown backend: exit 2" "$?" 2
python3 $R --backend matmul-cublas --shape M1_N1_K1 --meta 'Bad Key=1' >/dev/null 2>"$t/err"
check_eq "a bad --meta key: exit 2" "$?" 2
# unavailable IMPORTS RUNNER BACKEND SHAPE WHAT [MESSAGE]: where a module of IMPORTS or a GPU is
# missing, the runner exits 5 (the baseline is unavailable here), says MESSAGE (when given) and
# writes no sample file; where all are present there is nothing to check
unavailable() {
  if python3 -c "import $1, torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then
    echo "# $1 and a GPU are here: the unavailable exit of $2 is not checked"
    return
  fi
  rm -f "$t/u.csv"
  python3 "$2" --backend "$3" --shape "$4" --out "$t/u.csv" >/dev/null 2>"$t/err"
  check_eq "$5: exit 5 (unavailable here)" "$?" 5
  [ -z "${6:-}" ] || check_grep "... saying the baseline cannot be measured here" "$6" "$t/err"
  check "... and no sample file" test ! -e "$t/u.csv"
}
unavailable torch $R matmul-cublas M16_N16_K16 "no torch or no GPU"
make -s --no-print-directory build/tools/session >/dev/null 2>&1
S=build/tools/session
mkdir -p "$t/lb"; cp tools/libbench/*.py "$t/lb/"
id1=$(LIBBENCH_DIR=$t/lb $S code-id runner $R)
check_eq "the runner's id with libbench's own text" "$id1" "$($S code-id runner $R)"
check_eq "... the sha256 of the runner's text, then libbench's files in name order" "$id1" \
  "matmul:$(LC_ALL=C cat $R $(LC_ALL=C ls tools/libbench/*.py) | sha256sum | cut -c1-12)"
echo "# changed" >>"$t/lb/libbench_clock.py"
check "a change of libbench changes the id of a runner on it" test "$(LIBBENCH_DIR=$t/lb $S code-id runner $R)" != "$id1"
printf '#!/usr/bin/env python3\nimport sys\n' >"$t/own_bench.py"  # a runner of its own, not on libbench
check_eq "a runner not on libbench: its text alone" "$(LIBBENCH_DIR=$t/lb $S code-id runner "$t/own_bench.py")" \
  "own:$(sha256sum <"$t/own_bench.py" | cut -c1-12)"
# FlashAttention-4's runner reuses sdpa_bench's grammar, inputs and check: its id covers
# sdpa_bench's text (between its own and libbench's), and sdpa_bench's id stays its own and libbench's
F=kernels/attention/problem/fa4_bench.py P=kernels/attention/problem/sdpa_bench.py
check_eq "fa4_bench's id: its text, sdpa_bench's (a sibling it imports), then libbench's" "$($S code-id runner $F)" \
  "fa4:$(LC_ALL=C cat $F $P $(LC_ALL=C ls tools/libbench/*.py) | sha256sum | cut -c1-12)"
check_eq "sdpa_bench's id: its text and libbench's (its published id unchanged)" "$($S code-id runner $P)" \
  "sdpa:$(LC_ALL=C cat $P $(LC_ALL=C ls tools/libbench/*.py) | sha256sum | cut -c1-12)"
python3 $F --backend fa4-cute --shape B1_H1_S4_D64 >/dev/null 2>"$t/err"
check_eq "fa4_bench: a shape outside attention's grammar: exit 2" "$?" 2
check_grep "... named with sdpa_bench's grammar" "is not B<b>_H<h>_S<sq>\[_K<skv>\]_D<d>_C<0\|1>" "$t/err"
python3 $F --backend sdpa-cudnn --shape B1_H1_S4_D64_C0 >/dev/null 2>"$t/err"
check_eq "fa4_bench: another runner's backend: exit 2" "$?" 2
unavailable flash_attn.cute $F fa4-cute B1_H1_S4_D64_C0 "fa4_bench without torch, FlashAttention-4 or a GPU" \
  "baseline fa4-cute cannot be measured here"
check_grep "fa4-cute is a library baseline of the attention problem" "(^| )fa4-cute( |$)" kernels/attention/problem/baselines.txt
# the kernel-time column is one more column of the sample format: the readers take it
printf '# cudadent42 samples v1\n# variant: x\nshape,rep,time_us,sm_clock_mhz,python_call_us,kernel_us\nM16_N16_K16,0,1.5,1980,3.0,1.2\nM16_N16_K16,1,1.6,1980,3.1,\n' >"$t/k.csv"
check "a library file with kernel_us (one empty) reads as samples" build/tools/samples check "$t/k.csv"
done_testing
