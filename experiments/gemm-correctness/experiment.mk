# gemm-correctness — every configuration class gemm_mma.cu accepts must compute C = A·B within
# the GEMM problem's tolerance on every shape, and every one it cannot support must be refused
# with its static_assert message (the bad_* flag files). Shapes: 1 x 1 x 1, K long and N tiny,
# every dimension ragged against every tile (17, 33, 127, 129, 255, 300, 999, 1000), K and N not
# multiples of 8 (the element-wise load paths), skinny M (split-K), and aligned large ones.
DESCRIPTION := GEMM correctness sweep: tunables x ragged, skinny and aligned shapes, refused configurations included
REPORT_STYLE := correctness
KERNEL      := gemm/gemm_mma.cu
SHAPES      := M1_N1_K1 M1_N1_K5000 M17_N33_K129 M127_N255_K63 M300_N7_K100 M129_N129_K4104 \
               M1000_N999_K998 M16_N4096_K4096 M256_N256_K256 M4096_N4096_K4096
BASELINE    := base
BASELINES   := cublas-gemm
LIBRARIES   := cublas-gemm
REPS        := 5
WARMUP      := 2
L2          := hot
ROUNDS      := 1
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
SANITIZE_SHAPES := M17_N33_K129 M127_N255_K63 M300_N7_K100 M129_N129_K4104
