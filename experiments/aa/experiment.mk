# aa — the A/A calibration (noise floor) of the served design: one configuration built twice under
# two names, a and b (same flags, byte-identical binaries), served (one process a round loads each
# of our variants in turn, as every experiment is measured by default), and cuDNN through SDPA
# timed twice (sdpa-cudnn and sdpa-cudnn.b, a process each), in an order randomised per round.
# Nothing differs within a pair, so every FAST or SLOW is a false positive. Experiment aa-own
# times our pair in the other design, a process per variant and round. `make aa-check` (stats aa)
# reports, per pair and shape, the variance components, null comparisons on disjoint blocks of
# rounds within each session (an exact Clopper-Pearson interval of the false-positive rate), each
# session held out once, and the A/A CI on all the data; PUBLISH=1 writes
# data/aa/<gpu>/calibration.csv, the delta (the minimum detectable effect of a design) of every
# served experiment that sets no DELTA. Configuration: phase1's v4s2 (mma.sync, cp.async double
# buffering). The design, fixed before its sessions ran: 5 GPUs x 1 session x 10 rounds, 30
# samples a round (AA_ROUNDS = 10: one block of null comparisons a session), each machine freshly
# started. H200: 4 GPUs of one host and 1 of another. H100 (no H100 host of two or four GPUs was
# lent): five one-GPU machines, fixed before their sessions ran.
DESCRIPTION := A/A calibration: our kernel and cuDNN each timed as two variants in randomised rounds
KERNEL      := attention/flash_attn.cu
SHAPES      := B1_H1_S128_D64_C0 B1_H8_S128_D64_C0 B2_H8_S512_D64_C0 B2_H8_S2048_D64_C0
BASELINE    := a
BASELINES   := sdpa-cudnn sdpa-cudnn.b
LIBRARIES   := sdpa-cudnn sdpa-cudnn.b
COMPARE     := b:a sdpa-cudnn.b:sdpa-cudnn
# plan confirm3 (declared 2026-11-28, before any of its sessions ran, for the harness that reads
# kernel time and checks typed outputs, fp8 included): per GPU model 5 GPUs x 1 session; H200: 4 GPUs
# of one four-GPU host and 1 one-GPU machine; H100: five one-GPU machines (or 4 of a host and 1 when
# a four-GPU H100 host is lent). confirm1's sessions were timed by the harness before it, and
# confirm2's one session (an H200, at 703fd77) by the harness before the fp8 types: both replaced
# (the library runners' files keep it: their code did not change; the calibration takes
# confirm3's sessions alone). As lent: the H200's 5 GPUs, 2 of one two-GPU host, 1 one-GPU machine, 2 of a
# second two-GPU host (complete); the H100's none
# plan confirm4 (declared 2026-11-29, before any of its sessions ran, for the tree that carries the
# attention kernel's v13 (causal items longest first), the harness's cluster arrival fix and
# BLOCK_N = 32, kernel time as the union of the kernels' intervals (ours and the library runner's)
# and the library runner's cannot-run fix): 3 GPUs, one session of 10 rounds each: three one-GPU
# machines (`make measure EXP=aa`), or, where a host of several GPUs is lent, GPUs of one host
# (`make measure EXP=aa GPUS=...`, ROUNDS and REPS the plan's times their count), sessions of
# either kind counted alike; confirm3's sessions are of the code before: replaced
PLAN        := confirm4 3 1 10
REPS        := 300
WARMUP      := 20
L2          := cold
ROUNDS      := 10
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
