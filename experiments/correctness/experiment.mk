# correctness — every configuration flash_attn.cu accepts must compute attention correctly, and
# every one it cannot support must be refused with its static_assert message (the bad_* flag
# files). Shapes cover S in {1, 77, 128, 129, 1000}, decode (Sq=1, Skv=4096), Sq < Skv and
# Sq > Skv, causal and not, D=64 and D=128; a variant runs only the shapes whose D equals its
# HEAD_DIM (compile.sh filters by the -DHEAD_DIM line every flag file carries).
# On a GPU: `make measure EXP=correctness` (numerics gate + samples) and `make sanitize
# EXP=correctness` (compute-sanitizer's tools on SANITIZE_SHAPES). Published:
# data/correctness/nvidia-h200/.
DESCRIPTION := Kernel correctness sweep: tunables x edge shapes, refused configurations included
REPORT_STYLE := correctness
KERNEL      := attention/flash_attn.cu
SHAPES      := B1_H2_S1_D64_C0 B1_H2_S1_D64_C1 B2_H3_S77_D64_C0 B2_H3_S77_D64_C1 \
               B1_H2_S128_D64_C0 B1_H2_S128_D64_C1 B1_H2_S129_D64_C0 B1_H2_S129_D64_C1 \
               B1_H2_S1000_D64_C0 B1_H2_S1000_D64_C1 B1_H2_S1_K4096_D64_C0 B1_H2_S1_K4096_D64_C1 \
               B1_H2_S77_K300_D64_C1 B1_H2_S300_K77_D64_C1 \
               B1_H2_S1_D128_C0 B1_H2_S1_D128_C1 B2_H3_S77_D128_C0 B2_H3_S77_D128_C1 \
               B1_H2_S128_D128_C0 B1_H2_S128_D128_C1 B1_H2_S129_D128_C0 B1_H2_S129_D128_C1 \
               B1_H2_S1000_D128_C0 B1_H2_S1000_D128_C1 B1_H2_S1_K4096_D128_C0 B1_H2_S1_K4096_D128_C1 \
               B1_H2_S77_K300_D128_C1 B1_H2_S300_K77_D128_C1
BASELINE    := mma64_base
REPS        := 5
WARMUP      := 2
L2          := hot
ROUNDS      := 1
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
# compute-sanitizer runs (make sanitize) use these edge cases where a variant runs them: several
# key tiles with a ragged last one, causal masking, Sq < Skv and Sq > Skv
SANITIZE_SHAPES := B2_H3_S77_D64_C1 B1_H2_S129_D64_C0 B1_H2_S77_K300_D64_C1 B1_H2_S300_K77_D64_C1 \
                   B2_H3_S77_D128_C1 B1_H2_S129_D128_C0 B1_H2_S77_K300_D128_C1 B1_H2_S300_K77_D128_C1
