# aa — the A/A calibration (noise floor): one configuration built twice under two names, a and b
# (same flags, byte-identical binaries), and cuDNN through SDPA timed twice (sdpa-cudnn and
# sdpa-cudnn.b), each a separate process in every round, in an order randomised per round. Nothing
# differs within a pair, so every FAST or SLOW is a false positive. `make aa-check` (stats aa)
# draws null comparisons from the rounds, within a session and across sessions, and reports the
# verdict rule's false-positive rate with a Clopper-Pearson interval and the variance components
# of each pair; PUBLISH=1 writes data/aa/<gpu>/calibration.csv, from which every experiment's
# delta (the minimum detectable effect of its design) is read. Publish >= 3 sessions, each from
# a freshly started machine. Configuration: phase1's v4s2 (mma.sync, cp.async double buffering).
DESCRIPTION := A/A calibration: our kernel and cuDNN each timed as two variants in randomised rounds
KERNEL      := attention/flash_attn.cu
SHAPES      := B1_H1_S128_D64_C0 B1_H8_S128_D64_C0 B2_H8_S512_D64_C0 B2_H8_S2048_D64_C0
BASELINE    := a
BASELINES   := sdpa-cudnn sdpa-cudnn.b
LIBRARIES   := sdpa-cudnn sdpa-cudnn.b
COMPARE     := b:a sdpa-cudnn.b:sdpa-cudnn
REPS        := 600
WARMUP      := 20
L2          := cold
ROUNDS      := 20
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
