#!/usr/bin/env bash
# test_sass.sh — the machine code of kernels/attention/flash_attn.cu has the instructions its flags promise
# (cuobjdump -sass on objects compiled here; no GPU): USE_MMA=1 -> HMMA.16816.F32 and LDSM (plain
# and .trans = MT88); CP_ASYNC=1 -> LDGSTS; USE_MMA=0 -> no HMMA, no LDSM; CP_ASYNC=0 -> no
# LDGSTS; and no local memory (LDL/STL) in any of them. kernels/attention/flash_attn_sm90.cu
# (sm_90a): warpgroup MMAs (HGMMA 64xNx16 F32, N = BLOCK_N for S and HEAD_DIM for P·V), 3-D
# bulk tensor loads (UTMALDG.3D), mbarrier waits (SYNCS), setmaxnreg (USETMAXREG) when
# SETMAXNREG=1 and none otherwise, named-barrier turns (BAR.ARV/BAR.SYNC 1 and 2) with PINGPONG=1
# only, no mma.sync (HMMA.16816), no LDL/STL; built for plain sm_90 it stops with its message.
# kernels/gemm/gemm_sm90.cu (sm_90a): warpgroup MMAs with B MN-major from shared memory (HGMMA
# 64xBLOCK_Nx16 F32 ... tnspB), 3-D bulk tensor loads (UTMALDG.3D), mbarrier waits, setmaxnreg with
# SETMAXNREG=1 only, bulk tensor stores (UTMASTG.3D) with TMA_STORE=1 only, no mma.sync, no
# LDL/STL, no serialised wgmmas; with CLUSTER_M=2 multicast loads, remote arrivals and cluster
# barriers; with PINGPONG=1 the turns' named barriers; plain sm_90 refused. cuobjdump comes from $CUOBJDUMP, PATH,
# the CUDA toolkit, or pip's nvidia-cuda-cuobjdump (+ nvidia-cuda-nvdisasm) wheels.
set -u
. tests/lib.sh
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
ARCHF=-gencode=arch=compute_90,code=sm_90
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

if ! CUOBJ=$(find_cuobjdump); then
  not_ok "cuobjdump found (pip install nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm, or a CUDA toolkit)"
  done_testing
fi
export PATH="$(dirname "$CUOBJ"):$PATH"  # cuobjdump -sass runs nvdisasm from beside it or PATH

# sass NAME FLAGS... : compiles $SRC (for $ARCHF) with FLAGS, disassembles into $t/NAME.sass
SRC=kernels/attention/flash_attn.cu
INC=-Ikernels/attention
sass() {
  local name=$1; shift
  if "$NVCC" -O3 -std=c++17 $ARCHF "$@" -Ikernels/harness $INC -c "$SRC" -o "$t/$name.o" >"$t/$name.log" 2>&1 &&
     "$CUOBJ" -sass "$t/$name.o" >"$t/$name.sass" 2>>"$t/$name.log"; then
    ok "$name compiles and disassembles"
  else
    not_ok "$name compiles and disassembles: $(head -c 300 "$t/$name.log")"
  fi
}
has()    { check_grep "$1: $2 present" "$2" "$t/$1.sass"; }
hasnt()  { if grep -Eq -- "$2" "$t/$1.sass" 2>/dev/null; then not_ok "$1: $2 absent"; else ok "$1: $2 absent"; fi; }

sass mma_cp -DHEAD_DIM=64 -DUSE_MMA=1 -DCP_ASYNC=1 -DSTAGES=2
has mma_cp 'HMMA\.16816\.F32'
has mma_cp 'LDSM\.16\.M88\.4'
has mma_cp 'LDSM\.16\.MT88\.4'
has mma_cp 'LDGSTS\.E\.BYPASS\.128'
hasnt mma_cp '\b(LDL|STL)\b'

sass mma_nocp -DHEAD_DIM=128 -DUSE_MMA=1 -DCP_ASYNC=0 -DSTAGES=1 -DWARPS_N=2 -DNUM_WARPS=4 -DBLOCK_M=32
has mma_nocp 'HMMA\.16816\.F32'
has mma_nocp 'LDSM\.16\.MT88\.4'
hasnt mma_nocp 'LDGSTS'
hasnt mma_nocp '\b(LDL|STL)\b'

sass simt_cp -DHEAD_DIM=64 -DUSE_MMA=0 -DCP_ASYNC=1 -DSTAGES=2
hasnt simt_cp 'HMMA'
hasnt simt_cp 'LDSM'
has simt_cp 'LDGSTS\.E\.BYPASS\.128'
hasnt simt_cp '\b(LDL|STL)\b'

SRC=kernels/attention/flash_attn_sm90.cu
ARCHF=-gencode=arch=compute_90a,code=sm_90a
sass sm90_d64 -DHEAD_DIM=64 -DBLOCK_N=128 -DCONSUMER_WGS=2 -DSTAGES=2 -DSETMAXNREG=1
has sm90_d64 'HGMMA\.64x128x16\.F32'
has sm90_d64 'HGMMA\.64x64x16\.F32'
has sm90_d64 'UTMALDG\.3D'
has sm90_d64 'SYNCS\.PHASECHK\.TRANS64'
has sm90_d64 'USETMAXREG'
hasnt sm90_d64 'HMMA\.16816'
hasnt sm90_d64 '\b(LDL|STL)\b'

sass sm90_d128 -DHEAD_DIM=128 -DBLOCK_N=64 -DCONSUMER_WGS=1 -DSTAGES=3 -DSETMAXNREG=0
has sm90_d128 'HGMMA\.64x64x16\.F32'
has sm90_d128 'HGMMA\.64x128x16\.F32'
has sm90_d128 'UTMALDG\.3D'
hasnt sm90_d128 'USETMAXREG'
hasnt sm90_d128 'HMMA\.16816'
hasnt sm90_d128 '\b(LDL|STL)\b'

# PINGPONG=1: the consumer warpgroups' turns are named barriers 1 and 2 (immediate ids)
sass sm90_pp -DHEAD_DIM=128 -DBLOCK_N=128 -DCONSUMER_WGS=2 -DSTAGES=2 -DSETMAXNREG=1 -DPINGPONG=1
has sm90_pp 'BAR\.ARV 0x1, 0x100'
has sm90_pp 'BAR\.ARV 0x2, 0x100'
has sm90_pp 'BAR\.SYNC(\.DEFER_BLOCKING)? 0x1, 0x100'
has sm90_pp 'BAR\.SYNC(\.DEFER_BLOCKING)? 0x2, 0x100'
hasnt sm90_pp '\b(LDL|STL)\b'
hasnt sm90_d64 'BAR\.ARV'

# OVERLAP=1: S of the next tile and P·V of this one in flight together: a wait that leaves one
# group pending (WARPGROUP.DEPBAR.LE gsb0, 0x1), and no serialisation warning from ptxas
sass sm90_ov -DHEAD_DIM=128 -DBLOCK_N=128 -DCONSUMER_WGS=2 -DSTAGES=2 -DSETMAXNREG=1 -DOVERLAP=1
has sm90_ov 'WARPGROUP\.DEPBAR\.LE gsb0, 0x1'
hasnt sm90_d64 'WARPGROUP\.DEPBAR\.LE gsb0, 0x1'
hasnt sm90_ov '\b(LDL|STL)\b'
check_eq "sm90_ov: ptxas serialised no wgmma (no C751x warning in its log)" "$(grep -c 'C751[0-9]' "$t/sm90_ov.log")" 0

# wgmma and setmaxnreg exist only on sm_90a: a plain sm_90 build must stop with the kernel's message
if "$NVCC" -std=c++17 -gencode=arch=compute_90,code=sm_90 -Ikernels/harness -Ikernels/attention \
     -c "$SRC" -o "$t/plain.o" >"$t/plain.log" 2>&1; then
  not_ok "flash_attn_sm90.cu refuses sm_90"
else
  check_grep "flash_attn_sm90.cu refuses sm_90 with its message" 'needs the sm_90a target' "$t/plain.log"
fi

SRC=kernels/gemm/gemm_sm90.cu
INC=-Ikernels/gemm
sass g90_base -DBLOCK_M=128 -DBLOCK_N=256 -DCONSUMER_WGS=2 -DSTAGES=4 -DSETMAXNREG=1
has g90_base 'HGMMA\.64x256x16\.F32 .*tnspB'
has g90_base 'UTMALDG\.3D'
has g90_base 'SYNCS\.PHASECHK\.TRANS64'
has g90_base 'USETMAXREG'
has g90_base 'WARPGROUP\.DEPBAR\.LE gsb0, 0x1'
hasnt g90_base 'UTMASTG'
hasnt g90_base 'HMMA\.16816'
hasnt g90_base '\b(LDL|STL)\b'
check_eq "g90_base: ptxas serialised no wgmma" "$(grep -c 'C751[0-9]' "$t/g90_base.log")" 0
sass g90_ts -DBLOCK_M=256 -DBLOCK_N=128 -DCONSUMER_WGS=2 -DSTAGES=3 -DTMA_STORE=1
has g90_ts 'HGMMA\.64x128x16\.F32 .*tnspB'
has g90_ts 'UTMASTG\.3D'
hasnt g90_ts '\b(LDL|STL)\b'
sass g90_w1 -DBLOCK_M=64 -DBLOCK_N=128 -DCONSUMER_WGS=1 -DSETMAXNREG=0 -DSTAGES=4
has g90_w1 'HGMMA\.64x128x16\.F32 .*tnspB'
has g90_w1 'UTMALDG\.3D'
hasnt g90_w1 'USETMAXREG'
hasnt g90_w1 '\b(LDL|STL)\b'
# CLUSTER_M=2: B's panels multicast (UTMALDG.3D.MULTICAST), a slot given back to the other CTA
# too (a remote arrival: SYNCS.ARRIVE.TRANS64.RED), cluster barriers at the start and the end
sass g90_cluster -DBLOCK_M=128 -DBLOCK_N=256 -DCONSUMER_WGS=2 -DSTAGES=4 -DCLUSTER_M=2
has g90_cluster 'UTMALDG\.3D\.MULTICAST'
has g90_cluster 'SYNCS\.ARRIVE\.TRANS64\.RED'
has g90_cluster 'UCGABAR_ARV'
has g90_cluster 'UCGABAR_WAIT'
hasnt g90_cluster '\b(LDL|STL)\b'
hasnt g90_base 'MULTICAST'
# PINGPONG=1: the consumer warpgroups' turns are named barriers 3 and 4 (1 and 2 are each
# warpgroup's own), with no serialised wgmma
sass g90_pp -DBLOCK_M=128 -DBLOCK_N=128 -DCONSUMER_WGS=2 -DSTAGES=6 -DPINGPONG=1
has g90_pp 'BAR\.ARV 0x3, 0x100'
has g90_pp 'BAR\.ARV 0x4, 0x100'
has g90_pp 'BAR\.SYNC(\.DEFER_BLOCKING)? 0x3, 0x100'
has g90_pp 'BAR\.SYNC(\.DEFER_BLOCKING)? 0x4, 0x100'
has g90_pp 'HGMMA\.64x128x16\.F32 .*tnspB'
hasnt g90_pp '\b(LDL|STL)\b'
hasnt g90_base 'BAR\.ARV'
check_eq "g90_pp: ptxas serialised no wgmma" "$(grep -c 'C751[0-9]' "$t/g90_pp.log")" 0
if "$NVCC" -std=c++17 -gencode=arch=compute_90,code=sm_90 -Ikernels/harness -Ikernels/gemm \
     -c "$SRC" -o "$t/plain_g90.o" >"$t/plain_g90.log" 2>&1; then
  not_ok "gemm_sm90.cu refuses sm_90"
else
  check_grep "gemm_sm90.cu refuses sm_90 with its message" 'needs the sm_90a target' "$t/plain_g90.log"
fi
done_testing
