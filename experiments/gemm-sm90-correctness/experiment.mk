# gemm-sm90-correctness — every configuration gemm_sm90.cu (TMA + mbarriers + wgmma, sm_90a)
# accepts must compute C = A·B within the GEMM problem's tolerance on every shape, and every one it
# cannot support must be refused with its message (the bad_* flag files: values outside
# gemm_sm90.tunables by flagcheck, combinations by a static_assert). Shapes: gemm-correctness's
# (1 x 1 x 1, K long and N tiny, every dimension ragged against every tile, skinny M, aligned large
# ones) and ragged ones for the copy engine: K = 100000 (auto split-K, M and N ragged), 2 x 4099 x
# 13 (K and N not multiples of 8: both operands padded in the workspace, C stored by the threads),
# 4097 x 3 x 8191 (N = 3 smaller than one 64-column box, K % 8 != 0), 9 x 65537 x 16 (one K tile,
# 65537 columns), 4095 x 4097 x 333, M = 64 of the skinny class. The variants cover tile shapes
# (64/128/256 rows, 64/128/256 columns, one or two consumer warpgroups), ring depths 2..12, C by
# the threads or by the copy engine (TMA_STORE=1; beside a split it falls back to the threads),
# one CTA per unit or persistent, split-K off, auto, 3 and 16 (more splits than K tiles at the
# short K: empty splits write zero partials), the partials summed by a second launch or in the
# kernel by each tile's last split (SPLIT_SUM=1: split_sum1, m64_w1, pingpong_cluster2_split3;
# its arrival counters must be left zero, which --check verifies), the rasterisation group, and
# clusters of two CTAs
# sharing B by multicast (CLUSTER_M=2: with one 64-column panel only the first CTA loads B; at
# odd tile-row counts, e.g. M = 300 or 4097 at 128 rows, the second CTA of the last cluster row
# computes on zeros and stores nothing), clusters of two CTAs sharing A by multicast
# (CLUSTER_N=2: cn2_*, n32_cn2; at odd tile-column counts the second CTA stores nothing), and
# ping-pong consumers (PINGPONG=1: alternate units
# whole, 64 to 256 rows, with a C buffer each, split, clustered, one CTA per unit), and the
# swapped form (SWAP_AB=1: sw_*, each tile computed as its transpose; 16, 32 and 64 rows, one or
# two B panels, clusters along M, split 3, 16 and auto, C and the partials stored transposed by
# the threads, or C staged transposed and stored by the copy engine: sw_m32_tma_store), and the L2
# eviction hints (L2_HINT=1: sw_m32_tma_store, sw_m32_c2_l2 with multicast copies; L2_HINT=2:
# n32_cn2_l2, A multicast).
# On a GPU: `make measure EXP=gemm-sm90-correctness` (numerics gate + samples) and `make sanitize
# EXP=gemm-sm90-correctness` (compute-sanitizer's tools on SANITIZE_SHAPES).
DESCRIPTION := Hopper GEMM correctness sweep: tunables x ragged, skinny and aligned shapes, refused configurations included
REPORT_STYLE := correctness
KERNEL      := gemm/gemm_sm90.cu
ARCH        := sm_90a
SHAPES      := M1_N1_K1 M1_N1_K5000 M17_N33_K129 M127_N255_K63 M300_N7_K100 M129_N129_K4104 \
               M1000_N999_K998 M16_N4096_K4096 M64_N4096_K4096 M256_N256_K256 M4096_N4096_K4096 \
               M17_N129_K100000 M2_N4099_K13 M4097_N3_K8191 M9_N65537_K16 M4095_N4097_K333
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
SANITIZE_SHAPES := M1_N1_K1 M17_N33_K129 M127_N255_K63 M300_N7_K100 M129_N129_K4104 M2_N4099_K13
