#!/usr/bin/env bash
# test_baselines.sh — CPU-only tests of the baselines and ceilings: cublas-naive and ceilings
# compile (and their no-GPU paths answer), ceilings' wgmma loop is built for sm_90a alone with its
# wgmmas pipelined (its SASS, where cuobjdump is found), sdpa_bench.py's command line and no-torch
# exit, and make aa-check (stats aa) on fixture A/A data.
set -u
. tests/lib.sh
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
ARCHF=-gencode=arch=compute_90,code=sm_90
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# --- cublas-naive: links with the harness; --describe needs no GPU -----------------------------
check "cublas-naive links with the harness" \
  bash -c 'make -s --no-print-directory harness PROBLEM=attention >/dev/null 2>&1 &&
    "$1" -O1 -std=c++17 $2 -Ikernels/harness -Ikernels/attention kernels/attention/cublas_naive.cu \
      $(cat build/harness/sm_90/attention.objs) -lcublas -ldl -o "$3"' _ "$NVCC" "$ARCHF" "$t/bench"
"$t/bench" --describe --shape B2_H8_S512_D64_C0 --shape B1_H2_S3_K5_D64_C1 >"$t/desc" 2>&1
check_eq "cublas-naive --describe exits 0" "$?" 0
# B2_H8_S512: rows 2*8*512 = 8192, 4 per CTA -> 2048 CTAs of 128 threads; workspace = S fp32
# 8192*512*4 = 16777216 (already 256-aligned) + P fp16 8192*512*2 = 8388608 -> 25165824
check_grep "describe: grid and block" 'shape=B2_H8_S512_D64_C0 kernel=softmax_rows grid=2048,1,1 block=128,1,1' "$t/desc"
check_grep "describe: workspace S fp32 + P fp16" 'B2_H8_S512_D64_C0 .*workspace=25165824 launches=3' "$t/desc"
# B1_H2_S3_K5: rows 6 -> 2 CTAs; S = 30*4 = 120 -> aligned 256; P = 30*2 = 60 -> 316
check_grep "describe: Sq != Skv, alignment of P" 'B1_H2_S3_K5_D64_C1 .*grid=2,1,1 .*workspace=316 ' "$t/desc"
check "cublas-naive SCORE_FP16=1 compiles" \
  "$NVCC" -std=c++17 $ARCHF -DSCORE_FP16=1 -Ikernels/harness -Ikernels/attention -c kernels/attention/cublas_naive.cu -o "$t/cn16.o"
if "$NVCC" -std=c++17 $ARCHF -DROWS_PER_BLOCK=0 -Ikernels/harness -Ikernels/attention -c kernels/attention/cublas_naive.cu -o "$t/bad.o" >"$t/bad.log" 2>&1
then not_ok "ROWS_PER_BLOCK=0 refused at compile time"; else ok "ROWS_PER_BLOCK=0 refused at compile time"; fi
check_grep "refusal names the tunable" 'ROWS_PER_BLOCK must be in 1..32' "$t/bad.log"

# --- ceilings: builds (its wgmma object for sm_90a, the rest for ARCH); usage errors exit 2; no GPU
# exits 1 with a message ----------------------------------------------------------------------------
make -s --no-print-directory B="$t/b" "$t/b/tools/ceilings" >"$t/build.log" 2>&1
check_eq "ceilings builds (make), its wgmma object compiled for sm_90a and linked" "$?" 0
cp "$t/b/tools/ceilings" "$t/ceilings" 2>/dev/null
check_eq "ptxas serialised no wgmma of the ceiling (no C751x warning)" "$(grep -c 'C751[0-9]' "$t/build.log")" 0
WO=$t/b/tools/obj/pipeline/ceilings_wgmma.o
if CUOBJ=$(find_cuobjdump); then
  PATH="$(dirname "$CUOBJ"):$PATH" "$CUOBJ" -sass "$WO" >"$t/wgmma.sass" 2>&1
  check_grep "wgmma object: sm_90a code" 'arch = sm_90a' "$t/wgmma.sass"
  # per trip 2 sets x 4 k16 steps = 8 HGMMA, the last of them closing the group (gsb0); the loop
  # unrolled or not, a multiple of 8, each group's wait leaving one group in flight
  n=$(grep -c 'HGMMA\.64x128x16\.F32 ' "$t/wgmma.sass"); g=$(grep -c 'HGMMA\.64x128x16\.F32 .*gsb0' "$t/wgmma.sass")
  check "wgmma object: HGMMA.64x128x16.F32 in groups of 8 ($n in $g groups)" test "$n" -gt 0 -a "$n" -eq $((8 * g))
  check_grep "wgmma object: a wait that leaves one group in flight" 'WARPGROUP\.DEPBAR\.LE gsb0, 0x1' "$t/wgmma.sass"
  check_eq "wgmma object: no local memory (LDL/STL)" "$(grep -cE '\b(LDL|STL)\b' "$t/wgmma.sass")" 0
  check_grep "wgmma object: the sums stored (STG)" '\bSTG\b' "$t/wgmma.sass"
else
  ok "# skip: no cuobjdump, the wgmma object's SASS is not checked"
fi
if "$NVCC" -std=c++17 $ARCHF -Itools -Ikernels/harness -c tools/pipeline/ceilings_wgmma.cu -o "$t/plain.o" >"$t/plain.log" 2>&1
then not_ok "ceilings_wgmma.cu refuses plain sm_90"; else
  check_grep "ceilings_wgmma.cu refuses plain sm_90 with its message" 'needs the sm_90a target' "$t/plain.log"; fi
"$t/ceilings" --help >"$t/out" 2>&1
check_eq "ceilings --help exits 0" "$?" 0
check_grep "ceilings --help names the format" 'cudadent42 ceilings v1' "$t/out"
"$t/ceilings" --runs 0 >"$t/out" 2>&1
check_eq "ceilings --runs 0 exits 2" "$?" 2
check_grep "ceilings --runs message" "^ceilings: --runs: '0' is not a count" "$t/out"
"$t/ceilings" --meta 'Git=x' >"$t/out" 2>&1
check_eq "ceilings --meta bad key exits 2" "$?" 2
"$t/ceilings" --frob >"$t/out" 2>&1
check_eq "ceilings unknown option exits 2" "$?" 2
if ! command -v nvidia-smi >/dev/null 2>&1; then
  "$t/ceilings" --out "$t/c.csv" >"$t/out" 2>&1
  check_eq "ceilings without a GPU exits 1" "$?" 1
  check_grep "ceilings without a GPU says so" '^ceilings: no CUDA device' "$t/out"
  check "ceilings without a GPU writes no file" test ! -e "$t/c.csv"
fi

# --- sdpa_bench.py --------------------------------------------------------------------------------
check "sdpa_bench.py byte-compiles" python3 -m py_compile kernels/attention/problem/sdpa_bench.py
python3 kernels/attention/problem/sdpa_bench.py --help >"$t/out" 2>&1
check_eq "sdpa_bench --help exits 0" "$?" 0
check_grep "sdpa_bench --help lists the backends" 'sdpa-cudnn,sdpa-default,sdpa-efficient,sdpa-flash' "$t/out"
python3 kernels/attention/problem/sdpa_bench.py --backend sdpa-flash --shape B1_H8_S128_D64 >"$t/out" 2>&1
check_eq "sdpa_bench bad shape exits 2" "$?" 2
check_grep "sdpa_bench bad shape message" "'B1_H8_S128_D64' is not B<b>" "$t/out"
python3 kernels/attention/problem/sdpa_bench.py --backend sdpa-math --shape B1_H8_S128_D64_C0 >"$t/out" 2>&1
check_eq "sdpa_bench unknown backend exits 2" "$?" 2
python3 kernels/attention/problem/sdpa_bench.py --backend sdpa-flash --shape B1_H8_S128_D64_C0 --reps 0 >"$t/out" 2>&1
check_eq "sdpa_bench --reps 0 exits 2" "$?" 2
python3 kernels/attention/problem/sdpa_bench.py --backend sdpa-flash --shape B1_H8_S128_D64_C0 --meta 'x y=1' >"$t/out" 2>&1
check_eq "sdpa_bench bad --meta exits 2" "$?" 2
if ! python3 -c 'import torch' 2>/dev/null; then
  python3 kernels/attention/problem/sdpa_bench.py --backend sdpa-cudnn --shape B1_H8_S128_D64_C0 --out "$t/s.csv" >"$t/out" 2>&1
  check_eq "sdpa_bench without torch exits 5" "$?" 5
  check_grep "sdpa_bench without torch says so" '^sdpa_bench: torch .*not available.*sdpa-cudnn' "$t/out"
  check "sdpa_bench without torch writes no file" test ! -e "$t/s.csv"
fi
# pure helpers: canonical shape names and the GPU slug (expected values written by hand)
python3 - >"$t/out" 2>&1 <<'EOF'
import importlib.util
spec = importlib.util.spec_from_file_location("sb", "kernels/attention/problem/sdpa_bench.py")
sb = importlib.util.module_from_spec(spec); spec.loader.exec_module(sb)
print(sb.parse_shape("B8_H32_S1_K4096_D128_C0"))
print(sb.parse_shape("B2_H8_S512_K512_D64_C1")[0])
print(sb.parse_shape("B2_H8_S512_D64_C2"), sb.parse_shape("B0_H8_S512_D64_C0"))
print(sb.libbench.gpu_slug("NVIDIA H100 80GB HBM3"), sb.libbench.gpu_slug(" NVIDIA  H200 (SXM) "))
EOF
check_grep "shape with K parsed" "^\('B8_H32_S1_K4096_D128_C0', \(8, 32, 1, 4096, 128, 0\)\)$" "$t/out"
check_grep "K equal to S dropped" '^B2_H8_S512_D64_C1$' "$t/out"
check_grep "C2 and B0 refused" '^None None$' "$t/out"
check_grep "gpu slugs as bench writes them" '^nvidia-h100-80gb-hbm3 nvidia-h200-sxm$' "$t/out"

# --- make aa-check: the A/A calibration through stats aa, published with PUBLISH=1 --------------
mkdir -p "$t/aa/fake-gpu"
for v in a b sdpa-cudnn sdpa-cudnn.b; do
  sed "s/^# variant: base\$/# variant: $v/" tests/fixtures/stats/design_base.csv >"$t/aa/fake-gpu/$v.csv"
done
# the default AA_PLAN is the plan both A/A experiments declare: files of no plan are left alone
plan=$(make -s --no-print-directory -n aa-check AA_DATA=/nonexistent 2>/dev/null | sed -n 's/.*--plan \([^ ]*\) .*/\1/p' | head -n 1)
for e in aa aa-own; do
  check_eq "aa-check: AA_PLAN's default is the plan experiments/$e declares" \
    "$(sed -n 's/^PLAN *:= *\([^ ]*\) \([0-9]*\) \([0-9]*\) \([0-9]*\)$/\1\/\2x\3x\4/p' experiments/$e/experiment.mk)" "$plan"
done
make -s aa-check AA_DATA="$t/aa" B="${B:-build}" AA_DRAWS=30 AA_ROUNDS=3 >"$t/out" 2>&1
check_eq "aa-check, the default plan: fixtures of no plan, nothing to calibrate (exit 2)" "$?" 2
check_grep "... the GPU said, not calibrated" "fake-gpu: no session of plan .*: not calibrated" "$t/out"
make -s aa-check AA_PLAN= AA_DATA="$t/aa" B="${B:-build}" AA_DRAWS=30 AA_ROUNDS=3 >"$t/out" 2>&1
check_eq "aa-check: identical pairs pass" "$?" 0
cal=${B:-build}/aa/fake-gpu/calibration.csv
check_grep "aa-check: our kernel's pair" '^a:b,B2_H8_S512_D64_C0,3,12,' "$cal"
check_grep "aa-check: cuDNN's pair" '^sdpa-cudnn:sdpa-cudnn.b,B2_H8_S512_D64_C0,3,12,' "$cal"
check_grep "aa-check: the calibration names the commit that computed it" '^# git_rev: [0-9a-f]' "$cal"
check "aa-check: nothing published without PUBLISH=1" test ! -e "$t/aa/fake-gpu/calibration.csv"
make -s aa-check AA_PLAN= AA_DATA="$t/aa" B="${B:-build}" AA_DRAWS=30 AA_ROUNDS=3 PUBLISH=1 >"$t/out" 2>&1
check_grep "aa-check PUBLISH=1: the calibration file" '^# cudadent42 calibration v1$' "$t/aa/fake-gpu/calibration.csv"
cp tests/fixtures/stats/design_cand.csv "$t/aa/fake-gpu/b.csv"
make -s aa-check AA_PLAN= AA_DATA="$t/aa" B="${B:-build}" AA_DRAWS=30 AA_ROUNDS=3 >"$t/out" 2>&1
check_eq "aa-check: a pair that differs fails (exit 2 from make, stats exit 1)" "$?" 2
check_grep "aa-check: ... and says so" 'false-positive rate shown above alpha, or an A/A CI excluding 1' "$t/out"
# the other process design: aa-own holds our pair alone, its files say `process: own`
mkdir -p "$t/aa-own/fake-gpu"
for v in a b; do
  sed "s/^# variant: base\$/# variant: $v/; 1a # process: own" tests/fixtures/stats/design_base.csv >"$t/aa-own/fake-gpu/$v.csv"
done
cp "$t/aa/fake-gpu/a.csv" "$t/aa/fake-gpu/b.csv"; sed -i 's/^# variant: a$/# variant: b/' "$t/aa/fake-gpu/b.csv"
make -s aa-check AA_PLAN= AA_DATA="$t/aa $t/aa-own" B="${B:-build}" AA_DRAWS=30 AA_ROUNDS=3 >"$t/out" 2>&1
check_eq "aa-check, two process designs: both calibrated" "$?" 0
own=${B:-build}/aa-own/fake-gpu/calibration.csv
check_grep "aa-check: aa-own's calibration holds our pair" '^a:b,B2_H8_S512_D64_C0,3,12,' "$own"
check "aa-check: ... and no cuDNN pair (none measured there)" bash -c "! grep -q '^sdpa-cudnn:' '$own'"
check_grep "aa-check: ... its header names the process design of its files" '^# process: own$' "$own"
check_grep "aa-check: the served one's says it does not know (fixtures without the header)" '^# process: unrecorded$' "$cal"
rm "$t/aa/fake-gpu/sdpa-cudnn.b.csv"
make -s aa-check AA_PLAN= AA_DATA="$t/aa" B="${B:-build}" >"$t/out" 2>&1
check_eq "aa-check: a missing file of a pair is an input error" "$?" 2
check_grep "aa-check: ... named" 'sdpa-cudnn.b.csv: missing' "$t/out"
done_testing
