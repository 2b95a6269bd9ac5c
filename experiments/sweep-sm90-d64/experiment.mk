# sweep-sm90-d64 — the tunables of the Hopper kernel (flash_attn_sm90.cu: BLOCK_N, STAGES, consumer
# warpgroups, ping-pong, overlap) at HEAD_DIM 64, measured exhaustively at B2_H8_S2048_D64_C0
# with cuDNN in the same session: which structure wins at the D=64 shape of the baselines, and the
# recorded sweep for `make search EXP=sweep-sm90-d64 REPLAY=1`. One round of 30 cold calls per
# configuration, each a graph of 20 calls (one call takes ~50 us here, where launch gaps matter).
DESCRIPTION := Hopper kernel tunables at D=64: exhaustive sweep at B2_H8_S2048
KERNEL      := attention/flash_attn_sm90.cu
ARCH        := sm_90a
SPACE       := space.txt
SHAPES      := B2_H8_S2048_D64_C0
BASELINE    := sdpa-cudnn
BASELINES   := sdpa-cudnn
LIBRARIES   := sdpa-cudnn
REPS        := 30
WARMUP      := 5
L2          := cold
GRAPH_CALLS := 20
ROUNDS      := 1
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
