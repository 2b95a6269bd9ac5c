# gemm-sm90-skinny — the Hopper GEMM's tunables at the skinny shapes (space.txt, 194
# configurations), measured exhaustively against cuBLAS at M = 16, 64 and 128 (N = K = 4096) in one
# session: which tile width, ring depth, split and sum serve each M (hd's rules in
# gemm-ladder/variants/hd.dispatch came from the ladder's rungs and scratch calls). One round of 30
# cold calls per configuration, as gemm-sm90-sweep; `make search EXP=gemm-sm90-skinny REPLAY=1`
# replays the search strategies on it. Predictions: kernels/gemm/NOTES-sm90.md.
DESCRIPTION := Hopper GEMM tunables at M=16, 64 and 128 (N=K=4096): exhaustive sweep against cuBLAS
KERNEL      := gemm/gemm_sm90.cu
ARCH        := sm_90a
SPACE       := space.txt
SHAPES      := M64_N4096_K4096 M16_N4096_K4096 M128_N4096_K4096
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
