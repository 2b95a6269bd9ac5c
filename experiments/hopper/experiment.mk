# hopper — the Hopper kernel (flash_attn_sm90.cu: TMA + mbarriers + wgmma, sm_90a) against cuDNN
# (PyTorch SDPA) and against the best mma.sync configurations (experiments/baselines' tuned64 and
# tuned128, built from flash_attn.cu through KERNEL_<variant>), at the production shapes where
# the mma.sync kernel loses to cuDNN: B2_H8_S2048_D64 and B4_H16_S4096_D128, non-causal and
# causal, and decode B8_H32_S1_K4096_D128; and the small shapes where it won or lost by launch
# overheads (B2_H8_S512 and S1024 at D=64, S512 at D=128). The `_ts` variants store O by the copy
# engine (TMA_STORE=1), each against the variant it extends. A variant runs only the shapes of its
# HEAD_DIM. `dispatch` (variants/dispatch.dispatch) is one build serving every shape with the
# variant that was fastest at its shape class (any variant, the mma.sync ones included, may serve).
# FlashAttention-4 (`fa4-cute`: the flash-attn-4 package's CuTe DSL kernels, their sm_90 forward;
# kernels/attention/problem/fa4_bench.py) is timed in the same sessions as every other baseline.
# Numbers and predictions: kernels/attention/NOTES-sm90.md.
DESCRIPTION := Hopper kernel (TMA + wgmma) vs cuDNN and the mma.sync kernel at production shapes
LEGEND      := `mma_` the mma.sync kernel, `sm90_` the Hopper one; `d64`/`d128` the head dimension; `pp` ping-pong of the consumer warpgroups, `ov` GEMM-softmax overlap, `p` a persistent grid, `split` a persistent grid whose last round is split along the keys, `w1`/`w3` one or three consumer warpgroups (two otherwise), `n176` 176-key tiles (128 otherwise), `s2`/`s4` two or four pipeline stages where the variant named without it has three, `lz` lazy rescaling, `ts` O stored through shared memory by the bulk tensor copy engine; `dispatch` one build serving each shape with one of the others; `sdpa-cudnn` cuDNN as PyTorch's SDPA calls it, `cudnn-sdpa` cuDNN called directly through its frontend's graph API, no PyTorch in the process, `fa4-cute` FlashAttention-4's flash_attn_func (its CuTe DSL kernels, compiled on first use). Shapes: B batch, H heads, S query length, K key length (S when absent), D head dimension, C causal.
KERNEL      := attention/flash_attn_sm90.cu
KERNEL_mma_d64  := attention/flash_attn.cu
KERNEL_mma_d128 := attention/flash_attn.cu
ARCH        := sm_90a
SHAPES      := B2_H8_S512_D64_C0 B2_H8_S1024_D64_C0 B2_H8_S2048_D64_C0 B2_H8_S2048_D64_C1 \
               B2_H8_S512_D128_C0 B4_H16_S4096_D128_C0 B4_H16_S4096_D128_C1 \
               B8_H32_S1_K4096_D128_C0
BASELINE    := sdpa-cudnn
BASELINES   := sdpa-cudnn cudnn-sdpa fa4-cute
LIBRARIES   := sdpa-cudnn cudnn-sdpa fa4-cute
COMPARE     := dispatch:cudnn-sdpa dispatch:fa4-cute fa4-cute:cudnn-sdpa sm90_d64:mma_d64 sm90_d128:mma_d128 sm90_d64_pp:sm90_d64 \
               sm90_d128_pp:sm90_d128 sm90_d64_ov:sm90_d64 sm90_d128_ov:sm90_d128 \
               sm90_d64_ovpp:sm90_d64_ov sm90_d128_ovpp:sm90_d128_ov sm90_d128_w1:sm90_d128_ov \
               sm90_d64_ovpp_s4:sm90_d64_ovpp sm90_d64_ovpp_p:sm90_d64_ovpp \
               sm90_d128_ovpp_p:sm90_d128_ovpp sm90_d128_n176_p:sm90_d128_ovpp_p \
               sm90_d64_w3:sm90_d64_ovpp \
               sm90_d128_n176_split:sm90_d128_n176_p sm90_d64_w3_split:sm90_d64_w3 \
               sm90_d128_ovpp_p_lz:sm90_d128_ovpp_p \
               sm90_d128_n176_p_lz:sm90_d128_n176_p sm90_d64_w3_split_lz:sm90_d64_w3_split \
               sm90_d128_w1_lz:sm90_d128_w1 sm90_d64_w1:mma_d64 \
               sm90_d128_ovpp_p_lz_s2:sm90_d128_ovpp_p_lz sm90_d128_ovpp_p_lz_s2_ts:sm90_d128_ovpp_p_lz_s2 \
               sm90_d64_w1_ts:sm90_d64_w1 sm90_d64_ovpp_ts:sm90_d64_ovpp \
               sm90_d64_w3_split_lz_ts:sm90_d64_w3_split_lz sm90_d128_w1_lz_ts:sm90_d128_w1_lz
# the claims: the one build a user runs (dispatch) against cuDNN at every shape; the COMPARE
# pairs are ablations (the secondary family)
PRIMARY     := dispatch:sdpa-cudnn dispatch:cudnn-sdpa
# the project's flagship: its claims open A.0 (page 1)
CLAIMS_RANK := 1
# the FlashAttention-4 pairs are not claims: its published sessions (the experiment hopper-fa4,
# plan libs1) were read before it joined this experiment, so a claim against it now would be
# chosen after a look; the appendix's table of the fastest library per claim's shape names it
# where it is fastest, on call and on kernel time
# plan confirm4 (declared 2026-11-29, before any of its sessions ran, to time FlashAttention-4 in
# the sessions of hopper's own variants and of cuDNN; the kernels, the rules and every other
# baseline are those of confirm3): per GPU model 3 GPUs, each one session of 3 rounds on a one-GPU
# machine of its own (`make measure EXP=hopper`; no several-GPU host is lent). confirm3's five
# sessions (the same code, without FlashAttention-4) are replaced, not pooled with these.
# plan confirm5 (declared 2026-11-29, before any of its sessions ran, for the tree that carries the
# attention kernel's v13 (causal items longest first), the harness's cluster arrival fix and
# BLOCK_N = 32, kernel time as the union of the kernels' intervals (ours and the library runner's)
# and the library runner's cannot-run fix; variants, rules and baselines as in confirm4): 3 GPUs,
# one session of 3 rounds each: three one-GPU machines (`make measure EXP=hopper`), or, where a
# host of several GPUs is lent, GPUs of one host (`make measure EXP=hopper GPUS=...`, ROUNDS and
# REPS the plan's times their count), sessions of either kind counted alike; confirm4's three
# sessions are of the v12 code: replaced
PLAN        := confirm5 3 1 3
# delta: fixed at 3% when plan confirm3 was declared, before its sessions (kept for confirm4 and 5),
# because the A/A calibration then published was of the previous harness's own-process rounds (retired since);
# the H200's calibration of confirm3's A/A sessions (served, like these) is published now, but a
# band is not changed after a look at the claims: the declared 3% stands
DELTA       := 0.03
# the speedup the claims aim at (the README's goal of at least 1.10x the library): met where
# the 95% CI's lower end is at or above it
GOAL        := 1.10
REPS        := 60
WARMUP      := 10
L2          := cold
ROUNDS      := 3
MIN_OCCUPANCY := 0
RUN_TIMEOUT := 300
