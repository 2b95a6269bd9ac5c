# correctness-sm90 — every configuration flash_attn_sm90.cu (TMA + wgmma, sm_90a) accepts must
# compute attention correctly, and every one it cannot support must be refused with its message
# (the bad_* flag files: values outside flash_attn_sm90.tunables by flagcheck, combinations by a
# static_assert). The edge shapes of experiments/correctness — S in {1, 77, 128, 129, 1000},
# decode (Sq=1, Skv=4096), Sq < Skv and Sq > Skv, causal and not, D=64 and D=128 — plus ragged
# lengths that are multiples of no tile (333, 517) and several heads, so a tile past the end of
# one head's rows must never read the next head's (TMA zero-fills per head with 3-D maps); and
# shapes of more work items (query tile x head) than an H100 or H200 has SMs (160 to 800): a
# persistent CTA computes several at the non-causal ones (at D=64 B1_H160_S100_K300, where with
# three consumer warpgroups the third's rows are all past Sq), and the causal ones, whose items
# differ in length, keep one CTA per item. The split schedule (PERSISTENT=2, the *_split
# variants) cuts every item at the shapes with fewer (item, key tile) units than SMs (decode
# S1_K4096: 2 items of 32 tiles at BLOCK_N 128, each cut into 32 one-tile pieces; S1000: 16 items
# of 8) and only the last round's at B1_H160_S100_K300 and B4_H40_S517_K333 (whole rounds first;
# at BLOCK_N 176 the latter's 16 last-round units leave most CTAs an empty run); at
# B1_H8_S128_K8192 (8 items of 64 or 47 key tiles over 132 CTAs) the runs hold pieces of several
# tiles and CTAs both hand a piece over and merge another. EXP_POLY=8
# computes every exponential by the FMA-unit cubic. The *_lazy variants (LAZY_RESCALE=1) keep a
# row's maximum until a tile's exceeds it by more than 8 (log2 units, a factor of 256), on both
# consumer paths (overlap or not), with the persistent and the split schedules (a piece's partial
# then carries its stale maximum). The uniform inputs never move a row's maximum by that much
# after its first tile; bench --check's hard inputs do (keys scaled up along the sequence, 16x at
# the last: at the long rows, S1000, K2000, K4096 and K8192, a row's maximum moves tile after
# tile, and a warp's rows disagree). The *_tma_store variants (TMA_STORE=1) store O through
# shared memory by the copy engine: rows past Sq must stay unwritten, a persistent CTA reuses the
# buffer item after item, and a split piece stores after merging. A variant runs only the shapes whose D equals its HEAD_DIM.
# On a GPU: `make measure EXP=correctness-sm90` (numerics gate + samples) and `make sanitize
# EXP=correctness-sm90` (compute-sanitizer's tools on SANITIZE_SHAPES, racecheck on its own list).
DESCRIPTION := Hopper kernel correctness sweep: tunables x edge shapes, refused configurations included
REPORT_STYLE := correctness
KERNEL      := attention/flash_attn_sm90.cu
ARCH        := sm_90a
SHAPES      := B1_H2_S1_D64_C0 B1_H2_S1_D64_C1 B2_H3_S77_D64_C0 B2_H3_S77_D64_C1 \
               B1_H2_S128_D64_C0 B1_H2_S128_D64_C1 B1_H2_S129_D64_C0 B1_H2_S129_D64_C1 \
               B1_H2_S1000_D64_C0 B1_H2_S1000_D64_C1 B1_H2_S1_K4096_D64_C0 B1_H2_S1_K4096_D64_C1 \
               B1_H2_S77_K300_D64_C0 B1_H2_S77_K300_D64_C1 B1_H2_S300_K77_D64_C0 B1_H2_S300_K77_D64_C1 \
               B2_H3_S333_K517_D64_C0 B2_H3_S517_K333_D64_C1 B4_H40_S333_K517_D64_C1 \
               B1_H80_S129_K200_D64_C1 B1_H160_S100_K300_D64_C0 B1_H140_S100_K2000_D64_C0 \
               B1_H8_S128_K8192_D64_C0 \
               B1_H2_S1_D128_C0 B1_H2_S1_D128_C1 B2_H3_S77_D128_C0 B2_H3_S77_D128_C1 \
               B1_H2_S128_D128_C0 B1_H2_S128_D128_C1 B1_H2_S129_D128_C0 B1_H2_S129_D128_C1 \
               B1_H2_S1000_D128_C0 B1_H2_S1000_D128_C1 B1_H2_S1_K4096_D128_C0 B1_H2_S1_K4096_D128_C1 \
               B1_H2_S77_K300_D128_C0 B1_H2_S77_K300_D128_C1 B1_H2_S300_K77_D128_C0 B1_H2_S300_K77_D128_C1 \
               B2_H3_S333_K517_D128_C0 B2_H3_S517_K333_D128_C1 B4_H40_S517_K333_D128_C0 \
               B1_H80_S129_K200_D128_C0 B1_H8_S128_K8192_D128_C0
BASELINE    := d64_base
REPS        := 5
WARMUP      := 2
L2          := hot
ROUNDS      := 1
MIN_OCCUPANCY   := 0
MIN_CTAS_PER_SM := 0
RUN_TIMEOUT := 120
# compute-sanitizer runs (make sanitize): several key tiles with a ragged last one, causal
# masking, Sq < Skv and Sq > Skv, several heads, more items than SMs
SANITIZE_SHAPES := B2_H3_S77_D64_C1 B1_H2_S129_D64_C0 B1_H2_S77_K300_D64_C1 B1_H2_S300_K77_D64_C1 \
                   B2_H3_S333_K517_D64_C0 \
                   B2_H3_S77_D128_C1 B1_H2_S129_D128_C0 B1_H2_S77_K300_D128_C1 B1_H2_S300_K77_D128_C1 \
                   B2_H3_S333_K517_D128_C0 B1_H80_S129_K200_D64_C1 B1_H80_S129_K200_D128_C0 \
                   B1_H160_S100_K300_D64_C0 B1_H8_S128_K8192_D64_C0 B1_H8_S128_K8192_D128_C0
# racecheck's cost grows with the shared-memory accesses it tracks. Alone on an H200, d128_base
# took 3.6 s at B2_H3_S77_D128_C1, 3.2 s at B1_H2_S77_K300_D128_C1, 23 s at B2_H3_S333_K517, 27 s
# at B1_H80_S129_K200 and 33 s at the split decode B1_H2_S1_K4096; with seven such shapes per
# variant and 28 runs sharing the GPU, each racecheck run passed 420 s. It keeps two: a ragged
# causal tile of several heads, and Sq < Skv over 3 to 5 key tiles (every stage's barrier phase
# turns over at least once at 1 and 2 stages).
SANITIZE_SHAPES_RACECHECK := B2_H3_S77_D64_C1 B1_H2_S77_K300_D64_C1 B2_H3_S77_D128_C1 B1_H2_S77_K300_D128_C1
