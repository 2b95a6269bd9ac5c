# smoke — small enough for CI; exercises every path of build and gates: good variants, a refused
# configuration (static_assert), one that does not compile, one that overflows shared memory,
# one that spills registers, and a hostile flag file. Gated against the seeds' L4 (sm_89) limits
# while built for ARCH, so that a configuration legal on sm_90 can still overflow.
DESCRIPTION := Pipeline smoke test: every build and gate outcome once
KERNEL      := attention/flash_attn.cu
SHAPES      := B1_H2_S77_D64_C1 B1_H2_S128_D64_C0 B1_H2_S1_K300_D128_C0
BASELINE    := mma
REPS        := 10
WARMUP      := 2
L2          := hot
ROUNDS      := 2
MIN_OCCUPANCY := 0.05
GATE_ARCH   := sm_89
RUN_TIMEOUT := 60
