#!/usr/bin/env bash
# test_flash_attn.sh — kernels/attention/flash_attn.cu without a GPU: its launch plan through
# `bench --describe` (grid, splits, workspace, launches worked out by hand below from the rules in
# the kernel's header), the D != HEAD_DIM refusal, and a refused configuration's message.
set -u
. tests/lib.sh
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
ARCHF=-gencode=arch=compute_90,code=sm_90
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

make -s --no-print-directory harness PROBLEM=attention >"$t/harness.log" 2>&1 ||
  { not_ok "harness compiles: $(head -c 300 "$t/harness.log")"; done_testing; }
build() {  # build NAME FLAGS... : bench with flash_attn.cu under FLAGS
  local name=$1; shift
  if "$NVCC" -O1 -std=c++17 $ARCHF "$@" -Ikernels/harness -Ikernels/attention -c kernels/attention/flash_attn.cu -o "$t/$name.o" >"$t/$name.log" 2>&1 &&
     "$NVCC" $ARCHF "$t/$name.o" $(cat build/harness/sm_90/attention.objs) -ldl -o "$t/$name" >>"$t/$name.log" 2>&1; then
    ok "$name builds"
  else
    not_ok "$name builds: $(head -c 300 "$t/$name.log")"
  fi
}

# defaults: HEAD_DIM=64 BLOCK_M=64 BLOCK_N=64 NUM_WARPS=4 STAGES=2 KV_SPLITS=0 (auto)
build auto
"$t/auto" --describe --sm-count 132 --shape B2_H8_S512_D64_C0 --shape B1_H2_S1_K4096_D64_C1 \
  --shape B1_H2_S77_D128_C0 --shape B1_H1_S100_D64_C0 >"$t/auto.out" 2>&1
# B2_H8_S512: 8 q-tiles x 16 heads = 128 CTAs; want ceil(4*132/128) = 5 splits of 8 key tiles ->
# 2 tiles each -> 4 splits; workspace 4*8192*64*4 = 8388608 + 4*8192*8 = 262144 -> 8650752
check_grep "auto splits: 4 CTAs per SM" \
  'shape=B2_H8_S512_D64_C0 kernel=flash_attn_fwd grid=8,16,4 block=128,1,1 .*ctas=512 splits=4 persistent=0 work_items=512 workspace=8650752 launches=2' "$t/auto.out"
# decode: 2 CTAs, want 264 -> capped at 64 key tiles -> 64 splits of 1 tile;
# workspace 64*2*64*4 = 32768 + 64*2*8 = 1024 -> 33792
check_grep "auto splits: capped at the key tiles" \
  'shape=B1_H2_S1_K4096_D64_C1 .*grid=1,2,64 .*splits=64 .*workspace=33792 launches=2' "$t/auto.out"
check_grep "D != HEAD_DIM refused with a message" \
  'shape=B1_H2_S77_D128_C0 error=head dim 128 not supported by this build \(HEAD_DIM=64\)' "$t/auto.out"
# S=100: 2 q-tiles, 2 key tiles -> 2 splits of 1 tile: 2*100*64*4 = 51200 + 2*100*8 = 1600
# = 52800 -> 256-aligned 52992
check_grep "auto splits: short sequence" \
  'shape=B1_H1_S100_D64_C0 .*grid=2,1,2 .*splits=2 .*workspace=52992 launches=2' "$t/auto.out"

build lite -DKV_SPLIT_WAVES=1 -DKV_SPLIT_MIN_TILES=2
"$t/lite" --describe --sm-count 132 --shape B2_H8_S512_D64_C0 --shape B1_H2_S1_K4096_D64_C1 \
  --shape B1_H1_S100_D64_C0 >"$t/lite.out" 2>&1
# B2_H8_S512: want ceil(132/128) = 2, at most 8/2 = 4 -> 2 splits of 4 tiles:
# 2*8192*64*4 = 4194304 + 2*8192*8 = 131072 -> 4325376
check_grep "one wave: 2 splits" \
  'shape=B2_H8_S512_D64_C0 .*grid=8,16,2 .*splits=2 .*workspace=4325376 launches=2' "$t/lite.out"
# decode: want 66, at most 64/2 = 32 -> 32 splits of 2 tiles: 32*2*64*4 = 16384 + 512 -> 16896
check_grep "one wave: at least 2 tiles per split" \
  'shape=B1_H2_S1_K4096_D64_C1 .*grid=1,2,32 .*splits=32 .*workspace=16896 launches=2' "$t/lite.out"
check_grep "one wave: too few key tiles to split" \
  'shape=B1_H1_S100_D64_C0 .*grid=2,1,1 .*splits=1 .*workspace=0 launches=1' "$t/lite.out"

build never -DKV_SPLIT_WAVES=0
"$t/never" --describe --sm-count 132 --shape B1_H2_S1_K4096_D64_C1 >"$t/never.out" 2>&1
check_grep "KV_SPLIT_WAVES=0: no split" \
  'shape=B1_H2_S1_K4096_D64_C1 .*grid=1,2,1 .*splits=1 .*workspace=0 launches=1' "$t/never.out"

build split -DKV_SPLITS=4 -DBLOCK_N=32
"$t/split" --describe --sm-count 132 --shape B1_H1_S100_D64_C0 --shape B1_H2_S1_K4096_D64_C0 >"$t/split.out" 2>&1
# S=100, BLOCK_N=32: 4 key tiles -> 4 splits; 2*... rows 100: 4*100*64*4 = 102400 + 4*100*8 = 3200
# -> 105600 -> 256-aligned 105728
check_grep "fixed splits" \
  'shape=B1_H1_S100_D64_C0 .*grid=2,1,4 .*ctas=8 splits=4 .*workspace=105728 launches=2' "$t/split.out"

build persist -DPERSISTENT=1 -DKV_SPLITS=1 -DBLOCK_M=16 -DNUM_WARPS=1
"$t/persist" --describe --sm-count 132 --shape B2_H8_S512_D64_C0 --shape B1_H1_S40_D64_C1 >"$t/persist.out" 2>&1
# 32 q-tiles x 16 heads = 512 items over 2 x 132 = 264 CTAs; the counter: 256 bytes; memset + kernel
check_grep "persistent grid: 2 CTAs per SM" \
  'shape=B2_H8_S512_D64_C0 .*grid=264,1,1 block=32,1,1 .*ctas=264 splits=1 persistent=1 work_items=512 workspace=256 launches=2' "$t/persist.out"
check_grep "persistent grid: no more CTAs than items" \
  'shape=B1_H1_S40_D64_C1 .*grid=3,1,1 .*work_items=3 ' "$t/persist.out"

build nosplit -DKV_SPLITS=1 -DHEAD_DIM=128 -DBLOCK_M=32 -DNUM_WARPS=4 -DWARPS_N=2
"$t/nosplit" --describe --shape B1_H2_S77_D128_C1 >"$t/nosplit.out" 2>&1
# 3 q-tiles x 2 heads; smem: Q 32*256 + K,V 2 stages x 64 x 256 x 2 = 8192 + 65536 + 16 = 73744
check_grep "no split: one launch, no workspace, smem" \
  'shape=B1_H2_S77_D128_C1 .*grid=3,2,1 block=128,1,1 dyn_smem=73744 ctas=6 splits=1 .*workspace=0 launches=1' "$t/nosplit.out"

if "$NVCC" -std=c++17 $ARCHF -DUSE_MMA=1 -DBLOCK_M=16 -DNUM_WARPS=2 -Ikernels/harness -Ikernels/attention -c kernels/attention/flash_attn.cu \
     -o "$t/bad.o" >"$t/bad.log" 2>&1; then
  not_ok "8 rows per warp refused at compile time"
else
  ok "8 rows per warp refused at compile time"
fi
check_grep "refusal says why" 'must be a multiple of 16' "$t/bad.log"
done_testing
