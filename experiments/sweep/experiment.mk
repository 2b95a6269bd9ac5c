# sweep — the whole tile space of flash_attn.cu at HEAD_DIM 64 (space.txt, 240 configurations),
# measured exhaustively once at B2_H8_S512_D64_C0. The published samples answer the trials of
# `make search EXP=sweep REPLAY=1` (the comparison of search strategies) and feed its tests;
# `make search EXP=sweep` runs the real LHS+TPE search on a GPU.
# ROUNDS 1 and 30 reps: one bench process per variant, so the whole space is measured in one
# device call (about 1 s per variant plus the build, ~1 min on 16 cores).
DESCRIPTION := Tile space at D=64: exhaustive sweep for the search strategies (LHS, TPE, random)
KERNEL      := attention/flash_attn.cu
SPACE       := space.txt
SHAPES      := B2_H8_S512_D64_C0
BASELINE    := sdpa-cudnn
LIBRARIES   := sdpa-cudnn
REPS        := 30
WARMUP      := 5
L2          := cold
ROUNDS      := 1
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
