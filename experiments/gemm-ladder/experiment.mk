# gemm-ladder — what each step of the tensor-core GEMM buys, one rung per variant, against cuBLAS:
#   g0 mma.sync + ldmatrix, 64 x 64 x 16 tiles, one stage (load, wait, compute), padded rows
#   g1 + a 3-stage cp.async pipeline (copies of the next tiles overlap the MMAs)
#   g2 + the XOR-swizzled shared layout instead of padding
#   g3 + 128 x 128 x 32 CTA tiles (more reuse per byte loaded)
#   g4 + grouped rasterization (GROUP_M=8: neighbouring CTAs share A and B tiles in L2)
#   g5 + split-K when the tile grid is under one wave (the skinny shapes)
# and two tuned configurations (from tuning runs on an H100): t_large, 256 x 128 x 64 tiles of
# 4 x 2 warps (the large shapes), and t_skinny, 16 x 128 x 64 tiles of 1 x 4 warps, 5 stages,
# split-K (M = 16 and 128).
DESCRIPTION := GEMM ladder: tensor cores, cp.async pipeline, swizzle, large tiles, rasterization, split-K
KERNEL      := gemm/gemm_mma.cu
SHAPES      := M4096_N4096_K4096 M1024_N1024_K1024 M16_N4096_K4096 M128_N4096_K4096
BASELINE    := cublas-gemm
BASELINES   := cublas-gemm matmul-cublas matmul-cublaslt
LIBRARIES   := cublas-gemm matmul-cublas matmul-cublaslt
COMPARE     := g1:g0 g2:g1 g3:g2 g4:g3 g5:g4 t_large:g5 t_skinny:g5 t_large:matmul-cublas t_large:matmul-cublaslt t_skinny:matmul-cublas t_skinny:matmul-cublaslt
REPS        := 300
WARMUP      := 20
L2          := cold
ROUNDS      := 10
# plan confirm1 (declared 2026-11-28, before any of its sessions ran): per GPU model the 4 GPUs of
# one four-GPU host, one session of 10 rounds each (make measure EXP=gemm-ladder GPUS=all ROUNDS=40),
# cuBLAS called by us and through torch.matmul (cuBLAS and cuBLASLt) beside the ladder
PLAN        := confirm1 4 1 10
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 300
PROFILE_SHAPE := M4096_N4096_K4096
