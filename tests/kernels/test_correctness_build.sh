#!/usr/bin/env bash
# test_correctness_build.sh — the correctness experiment compiles here (no GPU): every accepted
# configuration of kernels/attention/flash_attn.cu builds, each bad_* flag set is refused with the message
# of its rule (a value outside kernels/attention/flash_attn.tunables by flagcheck, at its line; a bad
# combination at compile time by the static_assert), and only the planted spill variant spills.
# Incremental: reuses build/correctness (make build EXP=correctness).
set -u
. tests/lib.sh
exp=experiments/correctness
out=build/correctness
make -s build EXP=correctness -j"$(nproc)" >/tmp/test_correctness_build.$$ 2>&1
check_eq "make build EXP=correctness exits 0" "$?" 0
rm -f /tmp/test_correctness_build.$$

# refused variant -> a phrase its static_assert message must contain
declare -A why=(
  [bad_acc_regs]='> 160 registers' [bad_acc_regs2]='> 160 registers' [bad_rows_over_64]='> 160 registers'
  [bad_block_m]="BLOCK_M = '48' is not one of" [bad_cp_vec0]='CP_ASYNC=1 needs VEC=1'
  [bad_head_dim]="HEAD_DIM = '[0-9]*' is not one of" [bad_rows_per_warp]='must be a multiple of 16'
  [bad_simt_smem]='exceeds 227 KB' [bad_smem]='exceeds 227 KB' [bad_splits]="KV_SPLITS = '[0-9-]*' is not one of"
  [bad_stages_nocp]='STAGES > 1 needs CP_ASYNC=1' [bad_wn_div]='WARPS_N must divide NUM_WARPS'
  [bad_wn_keys]='BLOCK_N/WARPS_N keys' [bad_wn_simt]='WARPS_N > 1 needs USE_MMA=1' [bad_pad_swizzle]='PAD applies to SWIZZLE=0 only')
check_build_statuses "$exp" "$out" why
make -s gates EXP=correctness >/dev/null 2>&1
spills=$(awk -F, '$3 == "register_spill" { print $1 }' "$out/gates.csv" | tr '\n' ' ')
check_eq "only the planted variant spills" "$spills" "mma128_vec0_spill "
done_testing
