# gemm-ladder — what each step of the tensor-core GEMM buys, one rung per variant, against cuBLAS:
#   g0 mma.sync + ldmatrix, 64 x 64 x 16 tiles, one stage (load, wait, compute), padded rows
#   g1 + a 3-stage cp.async pipeline (copies of the next tiles overlap the MMAs)
#   g2 + the XOR-swizzled shared layout instead of padding
#   g3 + 128 x 128 x 32 CTA tiles (more reuse per byte loaded)
#   g4 + grouped rasterization (GROUP_M=8: neighbouring CTAs share A and B tiles in L2)
#   g5 + split-K when the tile grid is under one wave (the skinny shapes)
# and two tuned configurations (from tuning runs on an H100): t_large, 256 x 128 x 64 tiles of
# 4 x 2 warps (the large shapes), and t_skinny, 16 x 128 x 64 tiles of 1 x 4 warps, 5 stages,
# split-K (M = 16 to 128).
# The Hopper rungs (gemm_sm90.cu, built for sm_90a through KERNEL_<variant>; the whole ladder is
# built for sm_90a, which changes nothing in the mma.sync rungs' code but its target), each against
# the one before, the first against t_large:
#   h0 TMA loads into a swizzled ring on mbarriers and wgmma from shared memory: one consumer
#      warpgroup, 64 x 128 tiles, 2 stages, one CTA per tile, row-major tile order
#   h1 + a 4-stage ring
#   h2 + 128 x 256 tiles of two cooperative consumer warpgroups (setmaxnreg gives them the
#      producer's registers)
#   h3 + grouped rasterization (GROUP_M=8)
#   h4 + a persistent grid (one CTA per SM, the next tile's loads under this one's epilogue)
#   h5 + split-K when the tile grid is under one wave (the skinny shapes)
#   h6 + C stored by the bulk tensor copy engine (its tile costs a ring stage: 3 stages); where
#      N % 8 != 0 (no tensor map of C) the copy engine stores into a copy of C with rows padded to
#      64 elements, and a last launch copies that into C
#   h7 h5 + clusters of two CTAs along M, each B tile multicast to both
#   h8 h5 with ping-pong consumers, each on its own 128 x 128 tile in turn (6 stages)
# and h_skinny, 64 x 128 tiles of one consumer warpgroup, 6 stages, persistent, split-K (M = 16),
# h_skinny_fold, h_skinny with the partials summed in the kernel by each tile's last split instead
# of a second launch (SPLIT_SUM=1), h_narrow, 64 x 64 tiles with 13 stages (M = 64 and 128), and
# h_narrow_nopdl, h_narrow with the split-K sum an ordinary second launch (PDL=0; every other
# Hopper rung launches it, and C's copy-out, as a programmatic dependent launch), and h_swap, the
# swapped form (SWAP_AB=1: each tile computed as its transpose) on 32 x 64 tiles, 16 stages, no
# split (M <= 64), and h_swap_l2 and h_narrow_l2, the two with L2 eviction hints for a skinny M
# (L2_HINT=1: B's copies evict-first, A's evict-last); hd (variants/hd.dispatch) is one build
# serving each shape with one of them (h_swap_l2 for M <= 64 with N >= 4096, h_narrow_l2 for
# M <= 128, h_skinny for M and N up to 1024, h6 otherwise).
# Predictions: kernels/gemm/NOTES-sm90.md.
DESCRIPTION := GEMM ladder: tensor cores, cp.async pipeline, swizzle, large tiles, rasterization, split-K; then TMA + wgmma, warp specialisation, persistence, TMA stores
KERNEL      := gemm/gemm_mma.cu
LEGEND      := `g0`-`g5`, `t_large`, `t_skinny` the mma.sync kernel (gemm_mma.cu): its ladder and two tuned \
  configurations; `h0`-`h8`, `h_skinny` the Hopper one (gemm_sm90.cu): h2 128 x 256 tiles of two \
  warpgroups, h5 persistent with split-K, h6 h5 + C by the copy engine, h7 clusters of two, h8 \
  ping-pong, h_skinny 64 x 128 tiles of one warpgroup (h_skinny_fold: its split-K summed in the \
  kernel), h_narrow 64 x 64, 13 stages (h_narrow_nopdl: its sum an ordinary launch, not a \
  programmatic dependent one), h_swap 32 x 64 computed transposed; h_swap_l2, h_narrow_l2 the two with \
  L2 hints for a skinny M (B evict-first, A evict-last); `hd` one build serving M <= 64 (N >= 4096) \
  with h_swap_l2, M <= 128 with h_narrow_l2, M and N up to 1024 with h_skinny, the rest with h6; `cublas-gemm` cuBLAS called by us, `matmul-*` torch.matmul
KERNEL_h0   := gemm/gemm_sm90.cu
KERNEL_h1   := gemm/gemm_sm90.cu
KERNEL_h2   := gemm/gemm_sm90.cu
KERNEL_h3   := gemm/gemm_sm90.cu
KERNEL_h4   := gemm/gemm_sm90.cu
KERNEL_h5   := gemm/gemm_sm90.cu
KERNEL_h6   := gemm/gemm_sm90.cu
KERNEL_h7   := gemm/gemm_sm90.cu
KERNEL_h_narrow_nopdl := gemm/gemm_sm90.cu
KERNEL_h8   := gemm/gemm_sm90.cu
KERNEL_h_skinny := gemm/gemm_sm90.cu
KERNEL_h_narrow := gemm/gemm_sm90.cu
KERNEL_h_skinny_fold := gemm/gemm_sm90.cu
KERNEL_h_swap := gemm/gemm_sm90.cu
KERNEL_h_swap_l2 := gemm/gemm_sm90.cu
KERNEL_h_narrow_l2 := gemm/gemm_sm90.cu
ARCH        := sm_90a
# light to heavy (from plan confirm9 on; before it 4096^3 and 8192^3 came first): a run times its
# shapes in this order with no pause between them, and a light shape timed right after a heavy one
# can find the board still under its power cap (mk/measure.mk, SETTLE_MS)
SHAPES      := M16_N4096_K4096 M64_N4096_K4096 M1024_N1024_K1024 M128_N4096_K4096 M4095_N4097_K333 \
               M4096_N4096_K4096 M8192_N8192_K8192
BASELINE    := cublas-gemm
BASELINES   := cublas-gemm matmul-cublas matmul-cublaslt
LIBRARIES   := cublas-gemm matmul-cublas matmul-cublaslt
COMPARE     := g1:g0 g2:g1 g3:g2 g4:g3 g5:g4 t_large:g5 t_skinny:g5 t_large:matmul-cublas t_large:matmul-cublaslt t_skinny:matmul-cublas t_skinny:matmul-cublaslt \
               h0:t_large h1:h0 h2:h1 h3:h2 h4:h3 h5:h4 h6:h5 h7:h5 h8:h5 h_skinny:t_skinny h_skinny_fold:h_skinny h_narrow:h_skinny h_narrow:h_narrow_nopdl h_swap:h_narrow h_swap_l2:h_swap h_narrow_l2:h_narrow h5:matmul-cublas h_skinny:matmul-cublas hd:matmul-cublas \
               hd:cublas-gemm hd:matmul-cublaslt
# the claims: hd, the one Hopper build a user runs, against cuBLAS as we call it and as torch.matmul
# calls it (cuBLAS, cuBLASLt's heuristics), at every shape; the rungs are ablations (the secondary
# family). Declared after plan confirm1's four H200 sessions had run: hd against cublas-gemm (the
# BASELINE) and matmul-cublas were compared already, the pair with matmul-cublaslt is added with
# the declaration, which makes the three the Holm family of the claims.
PRIMARY     := hd:cublas-gemm hd:matmul-cublas hd:matmul-cublaslt
# delta: 2.38%, what the GPU's A/A calibration gave this design when its sessions ran (plan
# confirm3's served A/A rounds of an attention kernel on three H200s, data/aa/nvidia-h200 as of
# then); fixed here when that calibration grew to the plan's five GPUs (it would give 1.77% now),
# so that the band is not moved after a look at the claims
DELTA       := 0.0238
# the goals the Hopper GEMM was commissioned with, before its first version (NOTES-sm90 states the
# speedups from v1 on; the lower end 0.93 at the square shapes is of the same commission, first
# written into the NOTES with v1's outcome): at least 0.95x cuBLAS at the square shapes with the
# CI's lower end at or above 0.93; at least 1.0x at the skinny ones (M = 16, 64, 128) with the CI's
# lower end at or above 1; at least 1.5x at the odd shape; none at 1024^3. The appendix says where
# each claim meets its shape's goal
GOAL_AT     := M4096_N4096_K4096:0.95:0.93 M8192_N8192_K8192:0.95:0.93 M16_N4096_K4096:1.0 \
               M64_N4096_K4096:1.0 M128_N4096_K4096:1.0 M4095_N4097_K333:1.5
# after the attention kernel's (hopper)
CLAIMS_RANK := 2
CLAIMS_HISTORY := the three pairs were declared claims after plan confirm1's four H200 sessions had \
  run; the plan, the shapes, the timing and hd's rules were fixed before them, and every pair but \
  hd against matmul-cublaslt was already among the experiment's comparisons. Plans confirm2 (the v2 \
  kernel), confirm3 (v3), confirm5 (v5), confirm6 (v6), confirm7 (v7), confirm8 (v8) and confirm9 (v8, the session's pause) keep the \
  three claims and the band as declared, before any of their sessions.
REPS        := 90
WARMUP      := 10
L2          := cold
ROUNDS      := 3
# GRAPH_CALLS 1: each sample is one call after a cold L2 (a graph of 20 would read B, 32 MB at the
# skinny shapes, from a warm L2 in 19 of them, and multiply 8192^3's time by 20); the spin kernel
# before each replay hides the launch. Set with the shapes, before any session of confirm1 ran.
GRAPH_CALLS := 1
# plan confirm1 (declared 2026-11-28, before any of its sessions ran): per GPU model 4 GPUs, one
# session of 10 rounds each (on a two-GPU host: make measure EXP=gemm-ladder GPUS=all ROUNDS=20
# REPS=600), cuBLAS called by us and through torch.matmul (cuBLAS and cuBLASLt) beside the ladder.
# Before any session ran, the shapes gained the goal rows' 8192^3, M = 64 and 4095 x 4097 x 333,
# and the four GPUs may be of several hosts (no four-GPU host was lent)
# plan confirm2 (declared 2026-11-29, before any of its sessions ran, for the v2 kernel: the
# padded copies in one launch on rows of 64 elements, C of N % 8 != 0 by 16-byte row stores, hd's
# rule for M and N up to 1024): 3 GPUs, one session of 3 rounds each (30 samples a round, as
# confirm1), each GPU a one-GPU machine of its own (only those were lent); confirm1's four
# sessions were of the v1 code: replaced
# plan confirm3 (declared 2026-11-29, before any of its sessions ran, for the v3 kernel: C of
# N % 8 != 0 by the copy engine into a padded copy and an unpad launch; SPLIT_CLUSTER, a tunable no
# rung uses; rungs and hd's rules as in confirm2): 3 GPUs, one session of 3 rounds each, each GPU a
# one-GPU machine of its own (only those are lent); confirm2's three sessions were of the v2 code:
# replaced
# plan confirm5 (declared 2026-11-29, before any of its sessions ran, for the v5 kernel: the
# h_narrow rung, 64 x 64 tiles with 12 stages, and hd's rule for 16 < M <= 128; the h_skinny_fold
# rung (split-K summed in the kernel); a ring of up to 16 stages; one store of the split-K sums'
# four columns; hd's other rules as in confirm3): 3 GPUs, one session of 3 rounds each, each GPU a
# one-GPU machine of its own (only those are lent); confirm3's three sessions are of the v3 code:
# replaced (a plan confirm4 was declared on a branch for a v4 that never ran as such)
# plan confirm6 (declared 2026-11-29, before any of its sessions ran, for the v6 kernel on the tree
# that also carries the attention kernel's v13 and the harness's cluster arrival fix, BLOCK_N = 32
# and kernel time as the union of the kernels' intervals: the split-K sum and C's copy-out as
# programmatic dependent launches (PDL=1), h_narrow with 13 stages, the h_narrow_nopdl rung, hd's
# rule M <= 128 -> h_narrow): 3 GPUs, one session of 3 rounds each, each GPU a one-GPU machine of
# its own (`make measure EXP=gemm-ladder`; no several-GPU host is lent); confirm5's three sessions
# are of the v5 code: replaced
# plan confirm7 (declared 2026-11-29, before any of its sessions ran, for the v7 kernel: the
# swapped form SWAP_AB=1, the h_swap rung and hd's rule M <= 64 -> h_swap; the other rungs and
# rules as in confirm6): 3 GPUs, one session of 3 rounds each, each GPU a one-GPU machine of its
# own (`make measure EXP=gemm-ladder`; no several-GPU host is lent); confirm6's three sessions are
# of the v6 code: replaced
# plan confirm8 (declared 2026-11-29, before any of its sessions ran, for the v8 kernel: a
# cluster's CTA leaves on its producer's last waits instead of a closing cluster barrier; L2_HINT,
# the rungs h_swap_l2 and h_narrow_l2 and hd's rules M <= 64 N >= 4096 -> h_swap_l2, M <= 128 ->
# h_narrow_l2; the swapped form's C by the copy engine, a tunable no rung uses): 3 GPUs, one
# session of 3 rounds each, the three GPUs of one four-GPU host at once (`make measure
# EXP=gemm-ladder GPUS=0,1,2`; the fourth GPU runs the correctness sweep, its sanitizers and the
# skinny sweep meanwhile); confirm7's three sessions are of the v7 code: replaced. As run (noted
# after the sessions): the fourth GPU's runs came first, in a call of their own on the host, and
# the three sessions after them, `make measure EXP=gemm-ladder GPUS=0,1,2 ROUNDS=9 REPS=270` (3
# rounds x 30 reps a GPU: measure refuses the plan's 3 rounds on 3 GPUs without them)
# plan confirm9 (declared 2026-11-29, after confirm8's outcome and before any of its sessions ran;
# the v8 kernel unchanged, kernels:55e7d2a1272f, so the correctness and skinny sweeps' sessions of
# confirm8 stand): the same rungs, rules and claims, measured with the session's pause of 300 ms
# before each run (SETTLE_MS, new) and the shapes light to heavy. Why: confirm8's M = 64 interval
# reached 0.985 through one round in which hd's light shapes ran 10-16% slow; such rounds came
# right after the run's 8192^3, hit our builds and not cuBLAS, and a scratch call found them gone
# with the pause (kernels/gemm/NOTES-sm90.md, "v8, measured again"). 4 GPUs, one session of 3
# rounds each, the two GPUs of each of two two-GPU hosts at once (`make measure EXP=gemm-ladder
# GPUS=0,1 ROUNDS=6 REPS=180` on each host: 3 rounds x 30 reps a GPU); confirm8's three sessions
# are replaced (its numbers stay in the NOTES). Corrected after the sessions, the declaration
# unchanged: in the plans before, such runs hit cuBLAS too (8 of its 27, mostly at 1024^3); at
# M = 64 in confirm8 they hit hd alone; and that run of hd was 8-16% slow (1024^3 8%), not 10-16%
PLAN        := confirm9 4 1 3
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 300
PROFILE_SHAPE := M4096_N4096_K4096
