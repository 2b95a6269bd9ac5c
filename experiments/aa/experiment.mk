# aa — the A/A check (noise floor): one configuration built twice under two names, a and b (same
# flags, byte-identical binaries), measured in separate processes, interleaved a b a b ... over
# ROUNDS rounds. `tools/aa_check.sh data/aa/<gpu>` (make aa-check) runs `stats compare` on each
# round pair: every FAST/SLOW verdict (and every p < alpha) is a false positive. Issue 5 asks for
# a false-positive rate <= 5% at alpha = 0.05, and for the run-to-run drift of the median.
# Configuration: phase1's v4s2 (mma.sync, cp.async double buffering, automatic KV splits).
DESCRIPTION := A/A noise floor: one binary as two variants, interleaved rounds, stats compare per round
KERNEL      := flash_attn.cu
SHAPES      := B1_H1_S128_D64_C0 B1_H8_S128_D64_C0 B2_H8_S512_D64_C0 B2_H8_S2048_D64_C0
BASELINE    := a
BASELINES   :=
COMPARE     := b:a
REPS        := 1000
WARMUP      := 20
L2          := cold
ROUNDS      := 20
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
