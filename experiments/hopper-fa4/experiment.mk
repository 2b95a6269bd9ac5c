# hopper-fa4 — the hopper experiment's dispatching build (variants/dispatch.dispatch, the same
# rules and member configurations as experiments/hopper's, which it serves its shapes with) against
# FlashAttention-4 (the flash-attn-4 package's CuTe DSL kernels, their sm_90 forward on Hopper:
# kernels/attention/problem/fa4_bench.py) and against cuDNN, called directly (cudnn-sdpa) and
# through PyTorch SDPA (sdpa-cudnn), at hopper's shapes. Its own sessions: hopper's were timed
# before FlashAttention-4 could be, so the two experiments' numbers are never paired. The member
# configurations are timed too (a dispatching build's members are variants of its experiment).
# Declared after a scratch session on one H200 (not published, at the runner's first commit) had
# FlashAttention-4 faster than dispatch at the causal shapes and slower at the non-causal ones;
# no claims (PRIMARY) are declared here for that reason.
# Since hopper's plan confirm4 FlashAttention-4 is timed in hopper's own sessions, beside every
# other baseline; this experiment's FlashAttention-4 file is retired (its runner changed after
# these sessions: a shape the library refuses reads as one it cannot run), the rest stands.
DESCRIPTION := Hopper dispatching build vs FlashAttention-4 (CuTe DSL, sm_90) and cuDNN at hopper's shapes
LEGEND      := `dispatch` the hopper experiment's dispatching build, the `sm90_` variants its members \
  (hopper's legend reads their names); `fa4-cute` FlashAttention-4's flash_attn_func (CuTe DSL \
  kernels compiled on first use), `cudnn-sdpa` cuDNN called directly through its frontend's graph \
  API, `sdpa-cudnn` cuDNN as PyTorch's SDPA calls it. Shapes: B batch, H heads, S query length, \
  K key length (S when absent), D head dimension, C causal.
KERNEL      := attention/flash_attn_sm90.cu
ARCH        := sm_90a
SHAPES      := B2_H8_S512_D64_C0 B2_H8_S1024_D64_C0 B2_H8_S2048_D64_C0 B2_H8_S2048_D64_C1 \
               B2_H8_S512_D128_C0 B4_H16_S4096_D128_C0 B4_H16_S4096_D128_C1 \
               B8_H32_S1_K4096_D128_C0
BASELINE    := fa4-cute
BASELINES   := fa4-cute cudnn-sdpa sdpa-cudnn
LIBRARIES   := fa4-cute cudnn-sdpa sdpa-cudnn
COMPARE     := dispatch:fa4-cute dispatch:cudnn-sdpa dispatch:sdpa-cudnn fa4-cute:cudnn-sdpa
# plan libs1 (declared 2026-11-29, before any of its sessions ran): per GPU model three GPUs, one
# session of four rounds each, each GPU a one-GPU machine of its own (no several-GPU host was lent)
PLAN        := libs1 3 1 4
# delta: as hopper's (fixed there before its sessions), the same kernels and shapes
DELTA       := 0.03
REPS        := 60
WARMUP      := 10
L2          := cold
ROUNDS      := 4
MIN_OCCUPANCY := 0
RUN_TIMEOUT := 300
