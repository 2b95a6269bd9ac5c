# sweep-d128 — the whole tile space of flash_attn.cu at HEAD_DIM 128 (space.txt, 186 configurations),
# measured exhaustively once at B4_H16_S4096_D128_C0. The published samples answer the trials of
# `make search EXP=sweep-d128 REPLAY=1` (the comparison of search strategies) and feed its tests;
# `make search EXP=sweep-d128` runs the real LHS+TPE search on a GPU.
# ROUNDS 1 and 30 reps, so the whole space is measured in one device call (about 0.45 s per
# variant on an H200, three quarters of it the numerics check at this shape: 79 s for the 174
# that pass the static gates, 43 s with `GPUS=all` on two GPUs; README, "Several GPUs of one
# host"). GRAPH_CALLS 1: a call takes
# ~1-4 ms here, so launch gaps are noise and a graph of 20 would multiply the time by 20; every
# call starts with a cold L2. The SDPA baseline is timed the same way (measure passes the same
# GRAPH_CALLS to both).
DESCRIPTION := Tile space at D=128: exhaustive sweep for the search strategies (LHS, TPE, random)
KERNEL      := attention/flash_attn.cu
SPACE       := space.txt
SHAPES      := B4_H16_S4096_D128_C0
BASELINE    := sdpa-cudnn
LIBRARIES   := sdpa-cudnn
REPS        := 30
WARMUP      := 5
L2          := cold
GRAPH_CALLS := 1
ROUNDS      := 1
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
