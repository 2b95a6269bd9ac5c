# gemm-sm90-sweep — the tunables of the Hopper GEMM (gemm_sm90.cu: tile shape, consumer
# warpgroups cooperative or ping-pong, ring depth, C by the copy engine, clusters; space.txt, 146
# configurations) measured exhaustively against cuBLAS at M4096_N4096_K4096 (the large class: does
# a 128 x 256 tile of two cooperative warpgroups, or ping-pong on 128 x 128, reach 0.95x? do
# clusters help?) and at the skinny M64_N4096_K4096 (few
# tiles: split-K and 64-row tiles), in one session.
# The recorded sweep answers `make search EXP=gemm-sm90-sweep REPLAY=1`. One round of 30 cold
# calls per configuration, as gemm-sweep. Predictions: kernels/gemm/NOTES-sm90.md.
DESCRIPTION := Hopper GEMM tunables at M=N=K=4096 and M=64: exhaustive sweep against cuBLAS
KERNEL      := gemm/gemm_sm90.cu
ARCH        := sm_90a
SPACE       := space.txt
# light to heavy (from its second session of the v8 kernel on; 4096^3 came first before): a run's
# shapes follow each other with no pause, and a light shape timed right after a heavy one can find
# the board still under its power cap (mk/measure.mk, SETTLE_MS); the search's class stays 4096^3
SHAPES      := M64_N4096_K4096 M4096_N4096_K4096
SEARCH_SHAPE := M4096_N4096_K4096
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
