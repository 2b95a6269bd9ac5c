# aa-own — the A/A calibration of the other process design: the configuration of experiment aa
# built twice under two names, a and b (byte-identical binaries), each started as its own process
# in every round (SERVE := 0), in an order randomised per round. experiment aa times the same pair
# served (one process a round loads each variant in turn), as every experiment here is measured
# by default; cuDNN's pair is timed there alone (the library runs in a process of its own in both
# designs). `make aa-check` calibrates each design apart: data/aa-own/<gpu>/calibration.csv is the
# delta of an experiment whose sample files say `process: own` (mk/report.mk, r_cal).
DESCRIPTION := A/A calibration, a process per variant and round: our kernel timed as two variants
KERNEL      := attention/flash_attn.cu
SHAPES      := B1_H1_S128_D64_C0 B1_H8_S128_D64_C0 B2_H8_S512_D64_C0 B2_H8_S2048_D64_C0
SERVE       := 0
BASELINE    := a
COMPARE     := b:a
# the design, fixed before its sessions ran: 5 GPUs x 1 session x 10 rounds, 30 samples a round.
# H200: 4 GPUs of one host and 1 of another. H100 (no H100 host of two or four GPUs was lent): five one-GPU
# machines, fixed before their sessions ran
# plan confirm3 (declared 2026-11-28, before any of its sessions ran, for the harness that reads
# kernel time and checks typed outputs, fp8 included): per GPU model 5 GPUs x 1 session; H200: 4 GPUs
# of one four-GPU host and 1 one-GPU machine; H100: five one-GPU machines (or 4 of a host and 1 when
# a four-GPU H100 host is lent). confirm1's sessions were timed by the harness before it, and
# confirm2's one session (an H200, at 703fd77) by the harness before the fp8 types: both replaced
# As lent: the H200's 5 GPUs, 2 of one two-GPU host, 1 one-GPU machine, 2 of a second
# two-GPU host (complete); the H100's none
# plan confirm4 (declared 2026-11-29, before any of its sessions ran, for the tree that carries the
# attention kernel's v13 (causal items longest first), the harness's cluster arrival fix and
# BLOCK_N = 32, kernel time as the union of the kernels' intervals (ours and the library runner's)
# and the library runner's cannot-run fix): 3 GPUs, one session of 10 rounds each: three one-GPU
# machines (`make measure EXP=aa-own`), or, where a host of several GPUs is lent, GPUs of one host
# (`make measure EXP=aa-own GPUS=...`, ROUNDS and REPS the plan's times their count), sessions of
# either kind counted alike; confirm3's sessions are of the code before: replaced
PLAN        := confirm4 3 1 10
REPS        := 300
WARMUP      := 20
L2          := cold
ROUNDS      := 10
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
