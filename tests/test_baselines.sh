#!/usr/bin/env bash
# test_baselines.sh — CPU-only tests of the baselines and ceilings: cublas-naive and ceilings
# compile (and their no-GPU paths answer), sdpa_bench.py's command line and no-torch exit,
# aa_check.sh's arithmetic on a stand-in stats tool (known answers by hand) and on the real one.
set -u
. tests/lib.sh
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
ARCHF=-gencode=arch=compute_90,code=sm_90
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# --- cublas-naive: links with the harness; --describe needs no GPU -----------------------------
check "cublas-naive links with the harness" \
  "$NVCC" -O1 -std=c++17 $ARCHF -Ikernels kernels/bench_*.cu kernels/cublas_naive.cu -lcublas -ldl -o "$t/bench"
"$t/bench" --describe --shape B2_H8_S512_D64_C0 --shape B1_H2_S3_K5_D64_C1 >"$t/desc" 2>&1
check_eq "cublas-naive --describe exits 0" "$?" 0
# B2_H8_S512: rows 2*8*512 = 8192, 4 per CTA -> 2048 CTAs of 128 threads; workspace = S fp32
# 8192*512*4 = 16777216 (already 256-aligned) + P fp16 8192*512*2 = 8388608 -> 25165824
check_grep "describe: grid and block" 'shape=B2_H8_S512_D64_C0 kernel=softmax_rows grid=2048,1,1 block=128,1,1' "$t/desc"
check_grep "describe: workspace S fp32 + P fp16" 'B2_H8_S512_D64_C0 .*workspace=25165824 launches=3' "$t/desc"
# B1_H2_S3_K5: rows 6 -> 2 CTAs; S = 30*4 = 120 -> aligned 256; P = 30*2 = 60 -> 316
check_grep "describe: Sq != Skv, alignment of P" 'B1_H2_S3_K5_D64_C1 .*grid=2,1,1 .*workspace=316 ' "$t/desc"
check "cublas-naive SCORE_FP16=1 compiles" \
  "$NVCC" -std=c++17 $ARCHF -DSCORE_FP16=1 -c kernels/cublas_naive.cu -o "$t/cn16.o"
if "$NVCC" -std=c++17 $ARCHF -DROWS_PER_BLOCK=0 -c kernels/cublas_naive.cu -o "$t/bad.o" >"$t/bad.log" 2>&1
then not_ok "ROWS_PER_BLOCK=0 refused at compile time"; else ok "ROWS_PER_BLOCK=0 refused at compile time"; fi
check_grep "refusal names the tunable" 'ROWS_PER_BLOCK must be in 1..32' "$t/bad.log"

# --- ceilings: compiles; usage errors exit 2; no GPU exits 1 with a message ----------------------
check "ceilings compiles" "$NVCC" -O1 -std=c++17 $ARCHF tools/ceilings.cu -ldl -o "$t/ceilings"
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
check "sdpa_bench.py byte-compiles" python3 -m py_compile tools/sdpa_bench.py
python3 tools/sdpa_bench.py --help >"$t/out" 2>&1
check_eq "sdpa_bench --help exits 0" "$?" 0
check_grep "sdpa_bench --help lists the backends" 'sdpa-cudnn,sdpa-default,sdpa-efficient,sdpa-flash' "$t/out"
python3 tools/sdpa_bench.py --backend sdpa-flash --shape B1_H8_S128_D64 >"$t/out" 2>&1
check_eq "sdpa_bench bad shape exits 2" "$?" 2
check_grep "sdpa_bench bad shape message" "'B1_H8_S128_D64' is not B<b>" "$t/out"
python3 tools/sdpa_bench.py --backend sdpa-math --shape B1_H8_S128_D64_C0 >"$t/out" 2>&1
check_eq "sdpa_bench unknown backend exits 2" "$?" 2
python3 tools/sdpa_bench.py --backend sdpa-flash --shape B1_H8_S128_D64_C0 --reps 0 >"$t/out" 2>&1
check_eq "sdpa_bench --reps 0 exits 2" "$?" 2
python3 tools/sdpa_bench.py --backend sdpa-flash --shape B1_H8_S128_D64_C0 --meta 'x y=1' >"$t/out" 2>&1
check_eq "sdpa_bench bad --meta exits 2" "$?" 2
if ! python3 -c 'import torch' 2>/dev/null; then
  python3 tools/sdpa_bench.py --backend sdpa-cudnn --shape B1_H8_S128_D64_C0 --out "$t/s.csv" >"$t/out" 2>&1
  check_eq "sdpa_bench without torch exits 5" "$?" 5
  check_grep "sdpa_bench without torch says so" '^sdpa_bench: torch .*not available.*sdpa-cudnn' "$t/out"
  check "sdpa_bench without torch writes no file" test ! -e "$t/s.csv"
fi
# pure helpers: canonical shape names and the GPU slug (expected values written by hand)
python3 - >"$t/out" 2>&1 <<'EOF'
import importlib.util
spec = importlib.util.spec_from_file_location("sb", "tools/sdpa_bench.py")
sb = importlib.util.module_from_spec(spec); spec.loader.exec_module(sb)
print(sb.parse_shape("B8_H32_S1_K4096_D128_C0"))
print(sb.parse_shape("B2_H8_S512_K512_D64_C1")[0])
print(sb.parse_shape("B2_H8_S512_D64_C2"), sb.parse_shape("B0_H8_S512_D64_C0"))
print(sb.gpu_slug("NVIDIA H100 80GB HBM3"), sb.gpu_slug(" NVIDIA  H200 (SXM) "))
EOF
check_grep "shape with K parsed" "^\('B8_H32_S1_K4096_D128_C0', \(8, 32, 1, 4096, 128, 0\)\)$" "$t/out"
check_grep "K equal to S dropped" '^B2_H8_S512_D64_C1$' "$t/out"
check_grep "C2 and B0 refused" '^None None$' "$t/out"
check_grep "gpu slugs as bench writes them" '^nvidia-h100-80gb-hbm3 nvidia-h200-sxm$' "$t/out"

# --- aa_check.sh on a stand-in stats (known answers by hand) -------------------------------------
# The stand-in answers from a table: round (from the base file's rows), shape -> p, verdict,
# medians; it also logs how many rows each per-round file held.
mkdir -p "$t/aa" "$t/bin"
cat >"$t/bin/stats" <<'EOF'
#!/usr/bin/env bash
# stand-in for `stats compare --seed S --alpha A BASE CAND`
[ "$1" = compare ] || exit 2
base=$6 cand=$7
if [[ $(head -n 1 "$base") =~ ^[0-9.]+$ ]]; then  # plain files: the process-level comparison
  echo "plain $(tr '\n' ' ' <"$base")| $(tr '\n' ' ' <"$cand")" >>"$STUB_LOG"
  echo "shape,n_base,n_cand,median_base,median_cand,U,p_value,verdict"
  echo "all,4,4,1,1,1,${STUB_PLAIN_P:-0.5},SAME"
  exit "${STUB_RC:-0}"
fi
r=$(awk -F, '!/^#/ && $1 != "shape" { print $NF; exit }' "$base")
echo "$(basename "$base") $(grep -vc '^#' "$base") $(basename "$cand") $(grep -vc '^#' "$cand")" >>"$STUB_LOG"
echo "shape,n_base,n_cand,median_base,median_cand,U,p_value,verdict"
awk -F, -v r="$r" '$1 == r { print $2 ",5,5," $5 "," $6 ",1," $3 "," $4 }' "$STUB_TABLE"
exit "${STUB_RC:-0}"
EOF
chmod +x "$t/bin/stats"
# rounds 1..4 x shapes X, Y: p < 0.05 in 2 of 8 (round 2 X, round 4 Y); verdicts FAST once (round
# 2 X); medians of X: a = 10, 10, 11, 12 (drift (12-10)/10.5 = 19.05%), b = 10, 11, 11, 12.
cat >"$t/table" <<'EOF'
1,X,0.50,SAME,10,10
1,Y,0.90,SAME,20,20
2,X,0.01,FAST,10,11
2,Y,0.30,SAME,20,20
3,X,0.20,AMBIGUOUS,11,11
3,Y,0.06,SAME,20,20
4,X,0.70,SAME,12,12
4,Y,0.04,AMBIGUOUS,20,21
EOF
for v in a b; do
  { echo "# cudadent42 samples v1"; echo "# variant: $v"; echo "shape,rep,time_us,sm_clock_mhz,round"
    for r in 1 2 3 4; do for i in 1 2 3; do echo "X,$i,1.0,1980,$r"; echo "Y,$i,2.0,1980,$r"; done; done
  } >"$t/aa/$v.csv"
done
export STUB_TABLE=$t/table STUB_LOG=$t/log
: >"$t/log"
tools/aa_check.sh --stats "$t/bin/stats" --pairs "$t/pairs.csv" "$t/aa" >"$t/res" 2>"$t/err"
rc=$?
check_eq "aa_check: one FAST in 8 (12.5%) fails the verdict gate, exit 1" "$rc" 1
check_grep "aa_check: comparisons" '^# comparisons: 8$' "$t/res"
check_grep "aa_check: p below alpha 2 of 8" '^# fp_rate_p: 0.2500$' "$t/res"
check_grep "aa_check: verdict rate 1 of 8" '^# fp_rate_verdict: 0.1250$' "$t/res"
check_grep "aa_check: result fail" '^# result: fail$' "$t/res"
# X: median a of 10,10,11,12 = 10.5; b 10,11,11,12 = 11; drift a 2/10.5 = 19.05%, b 2/11 = 18.18%;
# |b/a - 1| per round 0, .1, 0, 0 -> median 0, max 10%; p below 1; FAST 1 SLOW 0 SAME 2 AMB 1
check_grep "aa_check: shape X row" '^X,4,10.5,11,19.05,18.18,0.00,10.00,1,1,0,2,1,0.5,SAME$' "$t/res"
# Y: a all 20, b 20,20,20,21 -> drift 0 and 5%; |b/a-1| 0,0,0,.05 -> median 0, max 5%
check_grep "aa_check: shape Y row" '^Y,4,20,20,0.00,5.00,0.00,5.00,1,0,0,3,1,0.5,SAME$' "$t/res"
check_grep "aa_check: process level compares the round medians of X" '^plain 10 10 11 12 \| 10 11 11 12 $' "$t/log"
check_grep "aa_check: process level compares the round medians of Y" '^plain 20 20 20 20 \| 20 20 20 21 $' "$t/log"
check_grep "aa_check: process level counted" '^# process_p_below_alpha: 0 of 2 shapes$' "$t/res"
check_eq "aa_check: four round pairs, 6 rows + header each" "$(grep -v ^plain "$t/log" | sort | tr '\n' ' ')" \
  "a.r1.csv 7 b.r1.csv 7 a.r2.csv 7 b.r2.csv 7 a.r3.csv 7 b.r3.csv 7 a.r4.csv 7 b.r4.csv 7 "
check_eq "aa_check: --pairs keeps every comparison" "$(wc -l <"$t/pairs.csv")" 9
tools/aa_check.sh --stats "$t/bin/stats" --gate p --alpha 0.005 "$t/aa" >"$t/res" 2>&1
check_eq "aa_check: --gate p --alpha 0.005 passes (no p < 0.005)" "$?" 0
tools/aa_check.sh --stats "$t/bin/stats" --gate verdict --alpha 0.005 "$t/aa" >"$t/res" 2>&1
check_eq "aa_check: --gate verdict --alpha 0.005 fails (1 of 8 FAST)" "$?" 1
# --group 2 pools rounds 1+2 and 3+4: the stand-in answers for rounds 1 and 3 (no p < 0.05, no
# FAST/SLOW) and sees 12 rows + header per pooled file
: >"$t/log"
tools/aa_check.sh --stats "$t/bin/stats" --group 2 "$t/aa" >"$t/res" 2>&1
check_eq "aa_check: --group 2 passes" "$?" 0
check_grep "aa_check: --group 2 makes 4 comparisons" '^# comparisons: 4$' "$t/res"
check_grep "aa_check: --group 2 names the pooling" '^# comparisons_from: 2 pairs of 2 pooled round' "$t/res"
check_eq "aa_check: --group 2 pools two rounds per file" "$(grep -v ^plain "$t/log" | sort | tr '\n' ' ')" \
  "a.r1.csv 13 b.r1.csv 13 a.r2.csv 13 b.r2.csv 13 "
tools/aa_check.sh --stats "$t/bin/stats" --group 0 "$t/aa" >"$t/res" 2>&1
check_eq "aa_check: --group 0 exits 2" "$?" 2
STUB_RC=3 tools/aa_check.sh --stats "$t/bin/stats" --alpha 0.2 "$t/aa" >"$t/res" 2>&1
check_eq "aa_check: stats exit 3 (AMBIGUOUS) still counted; 12.5% <= 20% passes" "$?" 0
STUB_PLAIN_P=0.01 tools/aa_check.sh --stats "$t/bin/stats" "$t/aa" >"$t/res" 2>&1
check_grep "aa_check: process-level p < alpha counted" '^# process_p_below_alpha: 2 of 2 shapes$' "$t/res"
STUB_RC=2 tools/aa_check.sh --stats "$t/bin/stats" "$t/aa" >"$t/res" 2>&1
check_eq "aa_check: stats failure exits 2" "$?" 2
check_grep "aa_check: stats failure message" '^aa_check: round 1: .*compare failed \(exit 2\)' "$t/res"
# per-round files (build/<exp>/runs layout) give the same answer
mkdir -p "$t/runs"
for v in a b; do for r in 1 2 3 4; do
  { echo "shape,rep,time_us,sm_clock_mhz"; echo "X,0,1.0,1980"; echo "Y,0,2.0,1980"; } >"$t/runs/$v.r$r.csv"
done; done
# (the stand-in finds the round in the last column: give it one)
for f in "$t"/runs/*.csv; do r=${f##*.r}; r=${r%.csv}; sed -i "s/,1980\$/,1980,$r/" "$f"; done
tools/aa_check.sh --stats "$t/bin/stats" "$t/runs" >"$t/res" 2>&1
check_grep "aa_check: per-round files read" '^# comparisons: 8$' "$t/res"
: >"$t/log"
tools/aa_check.sh --stats "$t/bin/stats" --group 4 "$t/runs" >"$t/res" 2>&1
check_eq "aa_check: per-round files pooled by --group 4 (header once, 8 rows)" "$(grep -v ^plain "$t/log" | sort | tr '\n' ' ')" \
  "a.r1.csv 9 b.r1.csv 9 "
# error paths
tools/aa_check.sh --stats "$t/bin/stats" "$t/nope" >"$t/res" 2>&1
check_eq "aa_check: missing dir exits 2" "$?" 2
mkdir -p "$t/empty"
tools/aa_check.sh --stats "$t/bin/stats" "$t/empty" >"$t/res" 2>&1
check_eq "aa_check: no round files exits 2" "$?" 2
mkdir -p "$t/noround"
for v in a b; do printf 'shape,rep,time_us\nX,0,1.0\n' >"$t/noround/$v.csv"; done
tools/aa_check.sh --stats "$t/bin/stats" "$t/noround" >"$t/res" 2>&1
check_eq "aa_check: no round column exits 2" "$?" 2
check_grep "aa_check: no round column names file and line" "^aa_check: $t/noround/a.csv:1: no round column" "$t/res"
mkdir -p "$t/badround"
for v in a b; do printf 'shape,rep,time_us,round\nX,0,1.0,one\n' >"$t/badround/$v.csv"; done
tools/aa_check.sh --stats "$t/bin/stats" "$t/badround" >"$t/res" 2>&1
check_eq "aa_check: non-integer round exits 2" "$?" 2
check_grep "aa_check: non-integer round message" "a.csv:2: round 'one' is not an integer" "$t/res"
tools/aa_check.sh --stats "$t/bin/stats" --alpha x "$t/aa" >"$t/res" 2>&1
check_eq "aa_check: bad --alpha exits 2" "$?" 2
tools/aa_check.sh --stats "$t/bin/nostats" "$t/aa" >"$t/res" 2>&1
check_eq "aa_check: missing stats tool exits 2" "$?" 2

# --- aa_check.sh end to end with the real stats tool --------------------------------------------
if [ -x build/tools/stats ]; then
  for v in a b; do
    { echo "# cudadent42 samples v1"; echo "shape,rep,time_us,sm_clock_mhz,round"
      # a and b hold the same values: every comparison must be SAME or AMBIGUOUS, p = 1
      for r in 1 2 3; do for i in $(seq 1 30); do echo "B1_H1_S128_D64_C0,$i,$((100 + i % 7)).0,1980,$r"; done; done
    } >"$t/aa/$v.csv"
  done
  tools/aa_check.sh --stats build/tools/stats "$t/aa" >"$t/res" 2>"$t/err"
  check_eq "aa_check with stats: identical samples pass" "$?" 0
  check_grep "aa_check with stats: no p below alpha" '^# p_below_alpha: 0$' "$t/res"
  check_grep "aa_check with stats: X row, no drift" '^B1_H1_S128_D64_C0,3,103,103,0.00,0.00,0.00,0.00,0,0,0,' "$t/res"
else
  not_ok "build/tools/stats missing (make tools)"
fi
done_testing
