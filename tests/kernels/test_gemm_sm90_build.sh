#!/usr/bin/env bash
# test_gemm_sm90_build.sh — the Hopper GEMM (kernels/gemm/gemm_sm90.cu) through the pipeline
# without a GPU: experiments/gemm-sm90-correctness sets ARCH := sm_90a; every accepted
# configuration builds without spilling or serialised wgmmas and passes the gates, each bad_* flag
# set is refused with the message of its rule, and the launch plans of `bench --describe` follow
# the kernel's rules (worked out by hand below); its dispatching build serves each shape with the
# configuration its first matching rule names. Incremental: reuses build/gemm-sm90-correctness.
set -u
. tests/lib.sh
exp=experiments/gemm-sm90-correctness
out=build/gemm-sm90-correctness
make -s build EXP=gemm-sm90-correctness -j"$(nproc)" >/tmp/test_gemm_sm90_build.$$ 2>&1
check_eq "make build EXP=gemm-sm90-correctness exits 0" "$?" 0
rm -f /tmp/test_gemm_sm90_build.$$
check_grep "the experiment's ARCH picks the target" 'gencode=arch=compute_90a,code=sm_90a' "$out/compile.cmd"

declare -A why=(
  [bad_block_n]="BLOCK_N = '192' is not one of" [bad_stages]="STAGES = '1' is not one of"
  [bad_smem]='exceeds 227 KB' [bad_tma_store_smem]='or set TMA_STORE=0'
  [bad_rows]='rows per consumer warpgroup) must be 64 or 128' [bad_acc]='exceed 128'
  [bad_setmaxnreg_w1]='SETMAXNREG=1 needs CONSUMER_WGS=2' [bad_noreg]='need SETMAXNREG=1'
  [bad_cluster]="CLUSTER_M = '4' is not one of" [bad_pingpong_w1]='PINGPONG=1 needs CONSUMER_WGS=2'
  [bad_pingpong_acc]='exceed 128' [bad_split_cluster_k3]='SPLIT_K must be 2, 4 or 8'
  [bad_split_cluster_persistent]='PERSISTENT=0: one unit a CTA' [bad_split_cluster_stages]='raise STAGES'
  [bad_split_sum_cluster]='set SPLIT_SUM=0' [bad_n32_tma_store]='BLOCK_N=32 needs TMA_STORE=0'
  [bad_cluster_mn]='CLUSTER_M=2 and CLUSTER_N=2 together are not built'
  [bad_m32_noswap]='BLOCK_M=16 or 32 needs SWAP_AB=1' [bad_swap_m128]='SWAP_AB=1 needs BLOCK_M 16, 32 or 64'
  [bad_swap_n32]='SWAP_AB=1 needs BLOCK_N 64 or 128')
check_build_statuses "$exp" "$out" why
make -s gates EXP=gemm-sm90-correctness >/dev/null 2>&1
check_eq "gates ran" "$?" 0
spills=$(spilling_logs $(ls "$out"/*/build.log | grep -v -e /bad_ -e /cublas -e /dispatch) | tr '\n' ' ')
check_eq "no accepted variant spills (ptxas)" "$spills" ""
serial=$(grep -lE 'C751[0-9]' $(ls "$out"/*/build.log | grep -v /bad_) | tr '\n' ' ')
check_eq "no accepted variant has its wgmmas serialised (ptxas C751x)" "$serial" ""
passed=$(awk -F, 'NR > 1 && $2 == "pass"' "$out/gates.csv" | wc -l)
# the flag-file variants, the dispatching build and cuBLAS
check_eq "every accepted variant passes the gates" "$passed" "$(( $(ls "$exp"/variants/*.flags | grep -vc /bad_) + 2 ))"

# Plans. base: 128 x 256 tiles, two consumer warpgroups (384 threads), 4 stages: smem = 4 x (A
# 128*64*2 = 16384 + B 64*256*2 = 32768) = 196608 + 8 mbarriers 64 + 1024 alignment slack = 197696.
# 4096^3: 32 x 16 = 512 tiles over 132 SMs, persistent, no split.
d=$out/base/describe.txt
check_grep "base plan: 4096^3 persistent" \
  'shape=M4096_N4096_K4096 kernel=gemm_sm90_kernel grid=132,1,1 block=384,1,1 dyn_smem=197696 ctas=132 splits=1 persistent=1 work_items=512 workspace=0 launches=1 ' "$d"
# M=16: 1 x 16 tiles; auto split min(132 / 16 = 8, 64 K tiles / 4, 16) = 8: 128 units, one CTA
# each; partials 8 x 16 x 4096 x 4 = 2097152 bytes; the reduction a second launch
check_grep "base plan: M=16 split 8 ways" \
  'shape=M16_N4096_K4096 kernel=gemm_sm90_kernel grid=128,1,1 block=384,1,1 dyn_smem=197696 ctas=128 splits=8 persistent=0 work_items=128 workspace=2097152 launches=2 ' "$d"
# split_sum1: the same split summed in the kernel: the arrival counters first, 16 tiles x 8 warps
# x 4 bytes = 512 (the zeroed prefix), then the partials: 2097664 bytes, one launch
check_grep "split_sum1 plan: M=16, summed in the kernel" \
  'shape=M16_N4096_K4096 kernel=gemm_sm90_kernel grid=128,1,1 block=384,1,1 dyn_smem=197696 ctas=128 splits=8 persistent=0 work_items=128 workspace=2097664 workspace_zeroed=512 launches=1 ' \
  "$out/split_sum1/describe.txt"
# 2 x 4099 x 13: 17 tiles, one K tile (no split); K and N not multiples of 8: rows padded to
# multiples of 64 elements, A to 2 x 64 (256 bytes) and B to 13 x 4160 (108160 -> 108288): 108544
# bytes, both copies one launch
check_grep "base plan: ragged K and N padded in the workspace" \
  'shape=M2_N4099_K13 kernel=gemm_sm90_kernel grid=17,1,1 block=384,1,1 dyn_smem=197696 ctas=17 splits=1 persistent=0 work_items=17 workspace=108544 launches=2 ' "$d"
# m64_w1: 64 x 128 tiles, one consumer warpgroup (256 threads), 4 stages: 4 x (8192 + 16384) +
# 64 + 1024 = 99392; M=16: 32 tiles, split min(132 / 32 = 4, 16, 16) = 4, summed in the kernel
# (SPLIT_SUM=1): counters 32 x 4 warps x 4 bytes = 512, partials 4 x 16 x 4096 x 4 = 1048576
check_grep "m64_w1 plan: M=16" \
  'shape=M16_N4096_K4096 kernel=gemm_sm90_kernel grid=128,1,1 block=256,1,1 dyn_smem=99392 ctas=128 splits=4 persistent=0 work_items=128 workspace=1049088 workspace_zeroed=512 launches=1 ' \
  "$out/m64_w1/describe.txt"
# tma_store_s3: 3 x 49152 + the C tile 128 x 256 x 2 = 65536 + 48 + 1024 = 214064
check_grep "tma_store_s3 plan: the C tile beside the ring" \
  'shape=M4096_N4096_K4096 kernel=gemm_sm90_kernel grid=132,1,1 block=384,1,1 dyn_smem=214064 ' \
  "$out/tma_store_s3/describe.txt"
# tma_store_s3 at 2 x 4099 x 13 (N % 8 != 0, no split): the copy engine stores C into a padded
# copy, 2 x 4160 halves = 16640 bytes (a multiple of 256), after A's 256 and B's 108288: 125184
# bytes; three launches: the padded copies, the kernel, the copy of C out of its padded copy
check_grep "tma_store_s3 plan: C of a ragged N through its padded copy" \
  'shape=M2_N4099_K13 kernel=gemm_sm90_kernel grid=17,1,1 block=384,1,1 dyn_smem=214064 ctas=17 splits=1 persistent=0 work_items=17 workspace=125184 launches=3 ' \
  "$out/tma_store_s3/describe.txt"
# sc4_m64_w1 at M=16 N=K=4096: 64 x 128 tiles, 1 x 32 = 32 tiles, 4 splits as clusters of 4: 128
# CTAs, one unit each (not persistent); 6 x (8192 + 16384) + 96 + 1024 = 148576 bytes of shared
# memory (the fp32 tile, 64 x 136 x 4 = 34816 bytes, lives in the ring); no workspace, one launch
check_grep "sc4_m64_w1 plan: the splits summed in the cluster, one launch" \
  'shape=M16_N4096_K4096 kernel=gemm_sm90_kernel grid=128,1,1 block=256,1,1 dyn_smem=148576 ctas=128 splits=4 persistent=0 work_items=128 workspace=0 launches=1 ' \
  "$out/sc4_m64_w1/describe.txt"
# n32_k1 at M=64 N=K=4096: 64 x 32 tiles, 1 x 128 = 128 tiles, no split, 128 CTAs (not persistent:
# no more tiles than SMs); 8 x (8192 + 64 x 64 bytes of B's 64-byte rows) + 128 + 1024 = 99456
# bytes of shared memory; no workspace, one launch. n32_k1_s16: 16 x 12288 + 256 + 1024 = 197888
check_grep "n32_k1 plan: 64 x 32 tiles over the whole K" \
  'shape=M64_N4096_K4096 kernel=gemm_sm90_kernel grid=128,1,1 block=256,1,1 dyn_smem=99456 ctas=128 splits=1 persistent=0 work_items=128 workspace=0 launches=1 ' \
  "$out/n32_k1/describe.txt"
check_grep "n32_k1_s16 plan: a ring of 16 stages" \
  'shape=M64_N4096_K4096 kernel=gemm_sm90_kernel grid=128,1,1 block=256,1,1 dyn_smem=197888 ' \
  "$out/n32_k1_s16/describe.txt"
# n32_cn2 at M=64 N=K=4096: 128 tiles of 64 x 32 in 64 cluster units of two along N, no split:
# 64 units within 132 / 2 = 66 clusters (not persistent), 128 CTAs; shared memory as n32_k1_s16
check_grep "n32_cn2 plan: clusters of two along N" \
  'shape=M64_N4096_K4096 kernel=gemm_sm90_kernel grid=128,1,1 block=256,1,1 dyn_smem=197888 ctas=128 splits=1 persistent=0 work_items=128 workspace=0 launches=1 ' \
  "$out/n32_cn2/describe.txt"
# split16 at 1 x 1 x 1: 16 splits of 1 K tile (15 empty, zero partials), 16 x 1 x 4 floats =
# 256 bytes + A padded (1 x 64 halves -> 256) + B padded (1 x 64 -> 256) = 768; three launches:
# the padded copies, the kernel, the reduction
check_grep "split16 plan: more splits than K tiles" \
  'shape=M1_N1_K1 kernel=gemm_sm90_kernel grid=16,1,1 block=384,1,1 dyn_smem=197696 ctas=16 splits=16 persistent=0 work_items=16 workspace=768 launches=3 ' \
  "$out/split16/describe.txt"
# not_persistent: one CTA per tile at 4096^3
check_grep "not_persistent plan: one CTA per tile" \
  'shape=M4096_N4096_K4096 kernel=gemm_sm90_kernel grid=512,1,1 block=384,1,1 dyn_smem=197696 ctas=512 splits=1 persistent=0 ' \
  "$out/not_persistent/describe.txt"

# cluster2: clusters of two CTAs; 4096^3: 16 cluster rows x 16 = 256 cluster units over 66
# clusters (132 CTAs); 4097 x 3 x 8191: 33 tile rows -> 17 cluster rows, 4 splits (132 / 33 = 4):
# 68 cluster units over 66 clusters, persistent (136 CTA units, the last cluster row's second
# rank on zeros)
check_grep "cluster2 plan: 66 clusters at 4096^3" \
  'shape=M4096_N4096_K4096 kernel=gemm_sm90_kernel grid=132,1,1 block=384,1,1 dyn_smem=197696 ctas=132 splits=1 persistent=1 work_items=512 ' \
  "$out/cluster2/describe.txt"
check_grep "cluster2 plan: odd tile rows" \
  'shape=M4097_N3_K8191 kernel=gemm_sm90_kernel grid=132,1,1 block=384,1,1 dyn_smem=197696 ctas=132 splits=4 persistent=1 work_items=136 ' \
  "$out/cluster2/describe.txt"

# the dispatching build: each shape the plan of the configuration its first matching rule names
line() { grep "^shape=$2 " "$out/$1/describe.txt"; }
check_eq "dispatch: M=16 served by m64_w1" "$(line dispatch M16_N4096_K4096)" \
  "$(line m64_w1 M16_N4096_K4096 | sed 's/ flops=/ config=m64_w1 flops=/')"
check_eq "dispatch: 4096^3 served by m256_n128" "$(line dispatch M4096_N4096_K4096)" \
  "$(line m256_n128 M4096_N4096_K4096 | sed 's/ flops=/ config=m256_n128 flops=/')"
check_eq "dispatch: 4097 x 3 x 8191 by base" "$(line dispatch M4097_N3_K8191)" \
  "$(line base M4097_N3_K8191 | sed 's/ flops=/ config=base flops=/')"
done_testing
