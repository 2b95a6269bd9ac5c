#!/usr/bin/env bash
# test_gemm_build.sh — the GEMM problem builds here (no GPU): every accepted configuration of
# kernels/gemm/gemm_mma.cu in experiments/gemm-correctness builds, each bad_* flag set is refused
# with the message of its rule, nothing spills, the cuBLAS baseline passes the gates as a library
# call, and the launch plan picks the load path from the shape's alignment (cp.async needs rows
# of 8 halves: K % 8 for A, N % 8 for B and C) and splits K when M is skinny.
set -u
. tests/lib.sh
exp=experiments/gemm-correctness
out=build/gemm-correctness
make -s build EXP=gemm-correctness -j"$(nproc)" >/tmp/test_gemm_build.$$ 2>&1
check_eq "make build EXP=gemm-correctness exits 0" "$?" 0
rm -f /tmp/test_gemm_build.$$

declare -A why=([bad_warp_rows]='BLOCK_M/WARPS_M \(warp tile rows\) must be a multiple of 16'
  [bad_smem]='exceeds 227 KB' [bad_threads]='threads exceed 1024 per CTA')
check_build_statuses "$exp" "$out" why
check_eq "the cuBLAS baseline builds" "$(head -n 1 "$out/cublas-gemm/status" 2>/dev/null)" ok
make -s gates EXP=gemm-correctness >/dev/null 2>&1
check_eq "nothing spills" "$(awk -F, '$3 == "register_spill"' "$out/gates.csv")" ""
check_grep "cublas-gemm passes the gates as a library call" '^cublas-gemm,pass,,a library call' "$out/gates.csv"

# the plan by shape: [shape]=kernel of the default configuration
d=$out/base/describe.txt
declare -A kern=([M4096_N4096_K4096]=gemm_mma_kernel [M1_N1_K1]=gemm_mma_kernel_ragged_kn
  [M129_N129_K4104]=gemm_mma_kernel_ragged_n [M256_N256_K256]=gemm_mma_kernel
  [M300_N7_K100]=gemm_mma_kernel_ragged_kn)
for s in "${!kern[@]}"; do
  check_grep "$s runs ${kern[$s]}" "^shape=$s kernel=${kern[$s]} " "$d"
done
check_grep "M16_N4096_K4096 (one row of tiles) splits K, workspace and a second launch" \
  '^shape=M16_N4096_K4096 .* splits=([2-9]|1[0-6]) .*launches=2( |$)' "$d"
check_grep "M4096_N4096_K4096 (many waves) does not split" '^shape=M4096_N4096_K4096 .* splits=1 .*launches=1( |$)' "$d"

# the machine code has what the kernel claims: tensor-core MMAs, ldmatrix and cp.async
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
if [ -x "$CUOBJ" ] && [ -f "$out/base/kernel.o" ]; then
  sass=$("$CUOBJ" -sass "$out/base/kernel.o" 2>/dev/null)
  for i in HMMA.16816.F32 LDSM.16.M88.4 LDSM.16.MT88.4 LDGSTS; do
    check "the default configuration's SASS has $i" grep -q "$i" <<<"$sass"
  done
else
  ok "# skip: no cuobjdump, the SASS is not checked"
fi
done_testing
