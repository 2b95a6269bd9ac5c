# gemm-sweep — the tile space of gemm_mma.cu (space.txt) measured exhaustively once at
# M4096_N4096_K4096 against cuBLAS. The published samples answer the trials of
# `make search EXP=gemm-sweep REPLAY=1` (the search strategies compared on a recorded sweep) and
# show where the best mma.sync configuration stands against cuBLAS; `make search EXP=gemm-sweep`
# runs the real LHS+TPE search on a GPU. ROUNDS 1 and 30 reps: one bench process per
# configuration, so the whole space is measured in one device call.
DESCRIPTION := GEMM tile space at M=N=K=4096: exhaustive sweep for the search strategies, against cuBLAS
KERNEL      := gemm/gemm_mma.cu
SPACE       := space.txt
SHAPES      := M4096_N4096_K4096
BASELINE    := cublas-gemm
BASELINES   := cublas-gemm
LIBRARIES   := cublas-gemm
REPS        := 30
WARMUP      := 5
L2          := cold
ROUNDS      := 1
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
