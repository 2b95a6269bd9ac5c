# phase3 — compute refinements: tile shapes and warps per CTA on the tensor-core kernel.
DESCRIPTION := Compute ladder: BLOCK_M x BLOCK_N tiles and warps per CTA
KERNEL      := attention/flash_attn.cu
SHAPES      := B1_H8_S128_D64_C0 B2_H8_S512_D64_C0 B2_H8_S1024_D64_C0 B4_H16_S4096_D64_C0
BASELINE    := t64x64w4
REPS        := 100
WARMUP      := 20
L2          := cold
ROUNDS      := 10
MIN_OCCUPANCY := 0
RUN_TIMEOUT := 300
