#!/usr/bin/env bash
# test_sm90_build.sh — the Hopper kernel (kernels/attention/flash_attn_sm90.cu) through the pipeline
# without a GPU: experiments/correctness-sm90 sets ARCH := sm_90a, so its variants and its harness
# objects are built for sm_90a (build/harness/sm_90a/); every accepted configuration builds without
# spilling, each bad_* flag set is refused with the message of its rule; the launch plans of
# `bench --describe` follow the kernel's rules (worked out by hand below); an ARCH the tables do
# not know stops make with a message; KERNEL_<variant> builds one variant of experiments/hopper
# from the mma.sync kernel, and a KERNEL_<x> naming no variant or another problem's source stops
# make. Incremental: reuses build/correctness-sm90.
set -u
. tests/lib.sh
exp=experiments/correctness-sm90
out=build/correctness-sm90
t_log=/tmp/test_sm90_build.log.$$
make -s build EXP=correctness-sm90 -j"$(nproc)" >/tmp/test_sm90_build.$$ 2>&1
check_eq "make build EXP=correctness-sm90 exits 0" "$?" 0
rm -f /tmp/test_sm90_build.$$
check_grep "the experiment's ARCH picks the target" 'gencode=arch=compute_90a,code=sm_90a' "$out/compile.cmd"
check "harness objects under build/harness/sm_90a" test -f build/harness/sm_90a/harness/bench_main.o

declare -A why=(
  [bad_block_n]="BLOCK_N = '96' is not one of" [bad_head_dim]="HEAD_DIM = '96' is not one of"
  [bad_consumers]="CONSUMER_WGS = '4' is not one of" [bad_smem]='exceeds 227 KB'
  [bad_setmaxnreg_w1]='SETMAXNREG=1 needs CONSUMER_WGS >= 2' [bad_pingpong_w1]='PINGPONG=1 needs CONSUMER_WGS >= 2'
  [bad_n176_d64]='BLOCK_N=176 is for HEAD_DIM=128' [bad_noreg_d128]='two consumer warpgroups needs SETMAXNREG=1'
  [bad_w3_d128]='is for HEAD_DIM=64 with BLOCK_N <= 128 and SETMAXNREG=1'
  [bad_exp_poly]="EXP_POLY = '9' is not one of" [bad_lazy_rescale]="LAZY_RESCALE = '2' is not one of"
  [bad_tma_store]="TMA_STORE = '2' is not one of" [bad_tma_store_smem]='or set TMA_STORE=0')
check_build_statuses "$exp" "$out" why
make -s gates EXP=correctness-sm90 >/dev/null 2>&1
check_eq "gates ran" "$?" 0
spills=$(spilling_logs $(ls "$out"/*/build.log | grep -v /bad_) | tr '\n' ' ')
check_eq "no accepted variant spills (ptxas)" "$spills" ""
serial=$(grep -lE 'C751[0-9]' $(ls "$out"/*/build.log | grep -v /bad_) | tr '\n' ' ')
check_eq "no accepted variant has its wgmmas serialised (ptxas C751x: C7518, C7512 ...)" "$serial" ""
passed=$(awk -F, 'NR > 1 && $2 == "pass"' "$out/gates.csv" | wc -l)
check_eq "every accepted variant passes the gates" "$passed" "$(ls "$exp"/variants/*.flags | grep -vc /bad_)"

# Plans. d64_base: BLOCK_N=128, 2 consumer warpgroups (BM = 128 rows, 384 threads), 2 stages:
# smem = Q 128*64*2 = 16384 + 2 stages * (K + V) 2*128*64*2 = 65536 + 10 mbarriers (full and
# empty of 2 K and 2 V slots and of Q) 80 + 1024 alignment slack = 83024.
# B2_H3_S333_K517: ceil(333/128) = 3 query tiles x 6 heads = 18 items, one CTA each.
d=$out/d64_base/describe.txt
check_grep "d64_base plan: 3 query tiles x 6 heads, 384 threads" \
  'shape=B2_H3_S333_K517_D64_C0 kernel=flash_attn_sm90_fwd grid=18,1,1 block=384,1,1 dyn_smem=83024 ctas=18 splits=1 persistent=0 work_items=18 workspace=0 launches=1' "$d"
check_grep "d64_base refuses D=128 with a message" \
  'B1_H2_S1_D128_C0: head dim 128 not supported by this build \(HEAD_DIM=64\)' "$out/d64_base/not_applicable.txt"
# d128_n64_w1_s2: BM = 64 rows, 256 threads; smem = Q 64*128*2 = 16384 + 2 * 2*64*128*2 = 65536
# + 80 + 1024 = 83024; decode Sq=1: 1 query tile x 2 heads
check_grep "d128_n64_w1_s2 plan: decode" \
  'shape=B1_H2_S1_K4096_D128_C1 kernel=flash_attn_sm90_fwd grid=2,1,1 block=256,1,1 dyn_smem=83024 ctas=2 ' \
  "$out/d128_n64_w1_s2/describe.txt"
# d128_overlap_pp: Q 128*128*2 = 32768 + 3 * 2*128*128*2 = 196608 + 14 mbarriers 112 + 1024
check_grep "d128_overlap_pp plan: 3 stages near the 227 KB limit" \
  'shape=B1_H2_S1000_D128_C1 kernel=flash_attn_sm90_fwd grid=16,1,1 block=384,1,1 dyn_smem=230512 ' \
  "$out/d128_overlap_pp/describe.txt"

# d64_overlap_pp_s3_tma_store: the O buffer is as large as Q: Q 128*64*2 = 16384 + 3 * 2*128*64*2 =
# 98304 + O 16384 + 14 mbarriers 112 + 1024 = 132208
check_grep "d64_overlap_pp_s3_tma_store plan: an O buffer beside the rings" \
  'shape=B1_H2_S1000_D64_C0 kernel=flash_attn_sm90_fwd grid=16,1,1 block=384,1,1 dyn_smem=132208 ' \
  "$out/d64_overlap_pp_s3_tma_store/describe.txt"

# d128_n176_overlap_pp: Q 128*128*2 = 32768 + 2 * 2*176*128*2 = 180224 + 10 mbarriers 80 + 1024 =
# 214096; S=1000: ceil(1000/128) = 8 query tiles x 2 heads
check_grep "d128_n176_overlap_pp plan: 176-key tiles, 2 stages" \
  'shape=B1_H2_S1000_D128_C1 kernel=flash_attn_sm90_fwd grid=16,1,1 block=384,1,1 dyn_smem=214096 ' \
  "$out/d128_n176_overlap_pp/describe.txt"
# PERSISTENT=1: one CTA per SM (132 at sm_90a) over 5 query tiles x 160 heads = 800 items; with
# fewer items than SMs (8 x 2 = 16, non-causal), or causal, one CTA per item
check_grep "d128_overlap_pp_persist plan: one CTA per SM" \
  'shape=B4_H40_S517_K333_D128_C0 kernel=flash_attn_sm90_fwd grid=132,1,1 block=384,1,1 dyn_smem=230512 ctas=132 splits=1 persistent=1 work_items=800 workspace=0 launches=1 ' \
  "$out/d128_overlap_pp_persist/describe.txt"
check_grep "d128_overlap_pp_persist plan: fewer items than SMs" \
  'shape=B1_H2_S1000_D128_C0 kernel=flash_attn_sm90_fwd grid=16,1,1 block=384,1,1 dyn_smem=230512 ctas=16 splits=1 persistent=0 work_items=16 ' \
  "$out/d128_overlap_pp_persist/describe.txt"
# d64_overlap_s1_persist, causal B4_H40_S333_K517: ceil(333/128) = 3 query tiles x 160 heads = 480
# items, one CTA each; smem = Q 128*64*2 = 16384 + 1 stage * (K + V) 2*128*64*2 = 32768 + 6
# mbarriers 48 + 1024 = 50224
check_grep "d64_overlap_s1_persist plan: causal, one CTA per item" \
  'shape=B4_H40_S333_K517_D64_C1 kernel=flash_attn_sm90_fwd grid=480,1,1 block=384,1,1 dyn_smem=50224 ctas=480 splits=1 persistent=0 work_items=480 ' \
  "$out/d64_overlap_s1_persist/describe.txt"
# PERSISTENT=2 (split), d64_overlap_pp_split (BM = 128, BLOCK_N = 128, 2 consumer warpgroups,
# 2 stages: smem 83024 as d64_base). Workspace: flags, one word per CTA and consumer warpgroup,
# padded to 256 bytes, then per CTA and warpgroup (64/2 + 4) * 128 floats = 18432 bytes.
# B1_H160_S100_K300: 1 query tile x 160 heads = 160 items of ceil(300/128) = 3 key tiles = 480
# units: one CTA per SM, 132; flags 132*2*4 = 1056 -> 1280, + 132*2*18432 = 4866048 -> 4867328.
# One launch a call: the flags (1280 bytes) are the plan's zeroed workspace, zero on entry.
d=$out/d64_overlap_pp_split/describe.txt
check_grep "d64_overlap_pp_split plan: one CTA per SM and the workspace" \
  'shape=B1_H160_S100_K300_D64_C0 kernel=flash_attn_sm90_fwd grid=132,1,1 block=384,1,1 dyn_smem=83024 ctas=132 splits=1 persistent=1 work_items=160 workspace=4867328 workspace_zeroed=1280 launches=1 ' "$d"
# decode B1_H2_S1_K4096: 2 items x 32 key tiles = 64 units, fewer than SMs: 64 CTAs of one unit;
# flags 64*2*4 = 512 (zeroed), + 64*2*18432 = 2359296 -> 2359808
check_grep "d64_overlap_pp_split plan: fewer units than SMs, one CTA each" \
  'shape=B1_H2_S1_K4096_D64_C0 kernel=flash_attn_sm90_fwd grid=64,1,1 block=384,1,1 dyn_smem=83024 ctas=64 splits=1 persistent=1 work_items=2 workspace=2359808 workspace_zeroed=512 launches=1 ' "$d"
# causal B4_H40_S333_K517: 3 query tiles x 160 heads = 480 items, one CTA each, no workspace
check_grep "d64_overlap_pp_split plan: causal, one CTA per item" \
  'shape=B4_H40_S333_K517_D64_C1 kernel=flash_attn_sm90_fwd grid=480,1,1 block=384,1,1 dyn_smem=83024 ctas=480 splits=1 persistent=0 work_items=480 workspace=0 launches=1 ' "$d"
# an ARCH with no SM count / limits: make stops before any work, naming what to add
msg=$(make -s build EXP=correctness-sm90 ARCH=sm_75 2>&1)
check_eq "unknown ARCH stops make" "$?" 2
check_grep "unknown ARCH says what to add" "ARCH = 'sm_75' has no SM count .*sm_90a" <(echo "$msg")

# KERNEL_<variant>: experiments/hopper's mma_d64 from flash_attn.cu, its sm90_d64 from KERNEL
make -n build EXP=hopper >"$t_log" 2>&1
check_grep "KERNEL_mma_d64 builds mma_d64 from flash_attn.cu" \
  'compile.sh build/hopper/mma_d64 experiments/hopper/variants/mma_d64.flags kernels/attention/flash_attn.cu ' "$t_log"
check_grep "the other variants from KERNEL" \
  'compile.sh build/hopper/sm90_d64 experiments/hopper/variants/sm90_d64.flags kernels/attention/flash_attn_sm90.cu ' "$t_log"
make -s build EXP=hopper KERNEL_nope=attention/flash_attn.cu >"$t_log" 2>&1
check_grep "KERNEL_<x> naming no variant stops make" "KERNEL_nope: 'nope' is not a flag-file variant of hopper" "$t_log"
make -s build EXP=hopper KERNEL_sm90_d64=gemm/gemm_mma.cu >"$t_log" 2>&1
check_grep "KERNEL_<v> of another problem stops make" "'gemm/gemm_mma.cu' is not a source of attention" "$t_log"
rm -f "$t_log"
done_testing
