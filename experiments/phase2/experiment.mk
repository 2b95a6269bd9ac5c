# phase2 — memory refinements on the tensor-core kernel: 16-byte loads, XOR swizzle vs padded
# rows, cp.async pipeline depth.
DESCRIPTION := Memory ladder: VEC, SWIZZLE vs padding, STAGES on the mma.sync kernel
KERNEL      := attention/flash_attn.cu
SHAPES      := B2_H8_S512_D64_C0 B2_H8_S1024_D64_C0 B2_H8_S2048_D64_C0
BASELINE    := m0
COMPARE     := m1:m0 m2:m1 m3:m2 m4:m2
REPS        := 100
WARMUP      := 20
L2          := cold
ROUNDS      := 10
MIN_OCCUPANCY := 0
RUN_TIMEOUT := 300
