// test_ceilings_wgmma.c — the host arithmetic of the wgmma ceiling (tools/pipeline/ceilings_wgmma.h)
// that the GPU's results are checked with and its rate counted by: the FLOPs of a launch, the
// operands' values, the 128-byte swizzle and the accumulators' layout. Expected values by hand.
#include <string.h>

#include "check.h"
#include "pipeline/ceilings_wgmma.h"

int main(void) {
  // 2 x 64 x 128 x 16 = 262144 per wgmma; 2 sets x 4 k16 steps per warpgroup per trip, 2
  // warpgroups: 4194304 per CTA and trip; 132 CTAs x 4096 trips: 132 x 2^34 = 2267742732288
  CHECK_NEAR(wgmma_flop(1, 1), 4194304.0, 0, "flop: one CTA, one trip");
  CHECK_NEAR(wgmma_flop(132, 4096), 2267742732288.0, 0, "flop: 132 CTAs, 4096 trips");
  CHECK(WGMMA_A_BYTES == 8192 && WGMMA_B_BYTES == 16384, "tiles: A 64 x 64 fp16, B 128 x 64 fp16");
  CHECK(WGMMA_THREADS == 256 && WGMMA_ACC == 64, "two warpgroups, 64 accumulators per thread and set");

  // fp16: 0x2c00 = 2^(11 - 15); 0x2fff = (1 + 1023/1024) / 16; 0x0001 the least subnormal, 2^-24
  CHECK_NEAR(wgmma_half(0x2c00), 0.0625, 0, "half: 1/16");
  CHECK_NEAR(wgmma_half(0xac00), -0.0625, 0, "half: -1/16");
  CHECK_NEAR(wgmma_half(0x2fff), 0.12493896484375, 0, "half: the largest below 1/8");
  CHECK_NEAR(wgmma_half(0x3c00), 1.0, 0, "half: 1");
  CHECK_NEAR(wgmma_half(0x0001), 5.9604644775390625e-08, 0, "half: 2^-24");

  // the hash: seed 0 leaves h = 0; seed 1: h = 0x2c1b3c6d after the multiply, ^ (h >> 12) =
  // 0x2c19fdde, & 0x83ff83ff = 0x001981de, | 0x2c002c00 = 0x2c19adde
  CHECK(wgmma_word(0, 0, 0) == 0x2c002c00u, "word: seed 0, word 0: both halves 1/16");
  CHECK(wgmma_word(1, 0, 0) == 0x2c19adde, "word: seed 1, word 0");
  int in_range = 1;
  for (unsigned i = 0; i < (WGMMA_A_BYTES + WGMMA_B_BYTES) / 4; i++) {
    uint32_t w = wgmma_word(12345u, 131, i);
    for (int h = 0; h < 2; h++) {
      double v = fabs(wgmma_half((uint16_t)(h ? w >> 16 : w & 0xffffu)));
      if (!(v >= 0.0625 && v < 0.125)) in_range = 0;
    }
  }
  CHECK(in_range, "word: every operand of a CTA's tiles in [1/16, 1/8) in magnitude");

  // swizzle: 16-byte chunk c of row r at chunk c ^ (r % 8); (9, 100): chunk 6 ^ 1 = 7 -> 1152 + 112 + 4
  CHECK(wgmma_sw128(0, 0) == 0 && wgmma_sw128(0, 37) == 37, "sw128: row 0 unswizzled");
  CHECK(wgmma_sw128(1, 0) == 144, "sw128: row 1, byte 0 -> chunk 1");
  CHECK(wgmma_sw128(9, 100) == 1268, "sw128: row 9, byte 100");
  CHECK(wgmma_sw128(7, 112) == 896, "sw128: row 7, its last chunk first");
  static unsigned char seen[WGMMA_B_BYTES];
  int once = 1;
  for (unsigned r = 0; r < WGMMA_N; r++)
    for (unsigned b = 0; b < 128; b++) {
      unsigned o = wgmma_sw128(r, b);
      if (o / 128 != r || seen[o]++) once = 0;
    }
  CHECK(once, "sw128: each row's bytes stay in the row, every byte of a 128-row tile once");

  // accumulators: thread 37 (warp 1, lane 5), register 11 (j 2, e 3): row 16 + 1 + 8, column
  // 16 + 2 + 1; thread 200 (warpgroup 1, warp 2, lane 8), register 63 (j 15, e 3): row 32 + 2 + 8,
  // column 120 + 0 + 1
  CHECK(wgmma_acc_row(0, 0) == 0 && wgmma_acc_col(0, 0) == 0, "acc: thread 0, register 0");
  CHECK(wgmma_acc_row(37, 11) == 25 && wgmma_acc_col(37, 11) == 19, "acc: thread 37, register 11");
  CHECK(wgmma_acc_row(200, 63) == 42 && wgmma_acc_col(200, 63) == 121, "acc: thread 200, register 63");
  static unsigned char cell[WGMMA_M][WGMMA_N];
  once = 1;
  for (unsigned t = 0; t < 128; t++)
    for (unsigned i = 0; i < WGMMA_ACC; i++)
      if (cell[wgmma_acc_row(t, i)][wgmma_acc_col(t, i)]++) once = 0;
  CHECK(once, "acc: a warpgroup's registers hold each element of the 64 x 128 product once");
  CHECK_DONE();
}
