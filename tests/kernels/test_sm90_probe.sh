#!/usr/bin/env bash
# test_sm90_probe.sh — tests/kernels/sm90_probe.cu, the building blocks of flash_attn_sm90.cu in
# isolation (TMA with zero fill, S = Q·Kᵀ by wgmma SS, O = P·V by wgmma RS), for the four
# (HEAD_DIM, BLOCK_N) pairs, so that both wgmma shapes serve both GEMMs. It is compiled here
# (sm_90a; no GPU needed) and run only where a GPU is: each pair must match fp64 sums.
set -u
. tests/lib.sh
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
gpu=0; nvidia-smi -L >/dev/null 2>&1 && gpu=1
for d in 64 128; do
  for n in 64 128; do
    name=d${d}_n${n}
    if "$NVCC" -O2 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -DHEAD_DIM=$d -DBLOCK_N=$n \
         -DCONSUMER_WGS=1 -DSETMAXNREG=0 -DSTAGES=1 -Ikernels/harness -Ikernels/attention \
         tests/kernels/sm90_probe.cu -o "$t/$name" >"$t/$name.log" 2>&1; then
      ok "probe $name builds"
    else
      not_ok "probe $name builds: $(head -c 300 "$t/$name.log")"; continue
    fi
    if [ $gpu -eq 1 ]; then
      "$t/$name" >"$t/$name.out" 2>&1; rc=$?  # (taken before the label's own command runs)
      check_eq "probe $name: TMA, S and O match fp64 ($(tr -d '\n' <"$t/$name.out"))" "$rc" 0
    fi
  done
done
[ $gpu -eq 1 ] || echo "skip: no GPU here (nvidia-smi lists none); the probes were only built"
done_testing
