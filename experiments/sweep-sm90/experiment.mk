# sweep-sm90 — the tunables of the Hopper kernel (flash_attn_sm90.cu: BLOCK_N, STAGES, consumer
# warpgroups, ping-pong, overlap) at HEAD_DIM 128, measured exhaustively at B4_H16_S4096_D128_C0
# with cuDNN in the same session: which structure wins at the large shape, and the recorded sweep
# for `make search EXP=sweep-sm90 REPLAY=1`. One round of 30 single cold calls per configuration,
# as sweep-d128 (a call takes ~1 ms here).
DESCRIPTION := Hopper kernel tunables at D=128: exhaustive sweep at the large shape
KERNEL      := attention/flash_attn_sm90.cu
ARCH        := sm_90a
SPACE       := space.txt
SHAPES      := B4_H16_S4096_D128_C0
BASELINE    := sdpa-cudnn
BASELINES   := sdpa-cudnn
LIBRARIES   := sdpa-cudnn
REPS        := 30
WARMUP      := 5
L2          := cold
GRAPH_CALLS := 1
ROUNDS      := 1
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
