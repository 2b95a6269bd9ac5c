# counters — the hardware-counter gates on a known case: the same tensor-core kernel with XOR
# swizzled shared memory, with rows padded by 16 bytes, and with dense unswizzled rows (PAD=0),
# whose ldmatrix phases put 8 rows of 16 bytes at a 128-byte stride into the same 4 banks.
# `make profile EXP=counters` should reject pad0 as bank_conflicts and pass the other two.
DESCRIPTION := Bank-conflict gate check: XOR swizzle vs padded rows vs dense unswizzled rows
KERNEL      := attention/flash_attn.cu
SHAPES      := B2_H8_S1024_D64_C0
PROFILE_SHAPE := B2_H8_S1024_D64_C0
BASELINE    := swz
REPS        := 50
WARMUP      := 10
L2          := cold
ROUNDS      := 3
MIN_OCCUPANCY := 0
BANK_CONFLICT_MAX := 0.5
RUN_TIMEOUT := 120
