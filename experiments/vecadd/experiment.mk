# vecadd — the smallest problem through the whole pipeline: fp16 C = A + B, purely memory-bound.
# Does the 8-wide path (16-byte loads and stores) beat one element per thread, and does a CTA of
# 1024 threads change it? Shapes: one element, a small vector, and two large ones, one a multiple
# of 8 (the 16-byte kernel) and one not (the element-wise kernel even at VEC=8).
#   v1     VEC=1, BLOCK=256: one element per thread and step (the baseline)
#   v8     VEC=8, BLOCK=256: eight per thread, 16-byte accesses when N % 8 == 0
#   b1024  VEC=8, BLOCK=1024
#   bad_vec  VEC=4: not in vecadd.tunables, refused by flagcheck
DESCRIPTION := vecadd: 16-byte accesses against one element per thread, fp16 C = A + B
KERNEL      := vecadd/vecadd.cu
SHAPES      := N1 N1000 N1048576 N1048583
BASELINE    := v1
COMPARE     := v8:v1
REPS        := 30
WARMUP      := 5
L2          := cold
ROUNDS      := 3
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
