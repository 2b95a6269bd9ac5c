// ceilings_wgmma.h — the wgmma rate of tools/pipeline/ceilings.cu (row wgmma_f16_f32_tflops).
// The kernel exists for sm_90a alone, so it is compiled apart (ceilings_wgmma.cu, for
// -gencode=arch=compute_90a,code=sm_90a) and linked into ceilings, whose other kernels are built
// for any architecture; ceilings calls it on compute capability 9.0 only. Plain C: the host
// arithmetic below (FLOPs, the operands' values and places, the accumulators' layout) is tested
// without a GPU (tests/pipeline/test_ceilings_wgmma.c).
//
// A CTA holds one A tile (64 x 64 fp16) and one B tile (128 x 64 fp16) in shared memory, both
// K-major under the 128-byte swizzle; each of its warpgroups issues, per loop trip, WGMMA_SETS x
// WGMMA_KSTEPS wgmma.mma_async m64n128k16 f32.f16.f16 (the four k16 steps of A·Bᵀ into each of two
// independent accumulator sets) as one commit group, and waits for the group before it.
#pragma once
#include <math.h>
#include <stdint.h>

#ifdef __CUDACC__
#define WGMMA_HD __host__ __device__
#else
#define WGMMA_HD
#endif

enum {
  WGMMA_M = 64, WGMMA_N = 128, WGMMA_K = 16,    // the instruction's shape
  WGMMA_TILE_K = 64,                            // fp16 per 128-byte row of a tile
  WGMMA_KSTEPS = WGMMA_TILE_K / WGMMA_K,        // k16 steps per set per trip
  WGMMA_SETS = 2,                               // independent accumulator sets per warpgroup
  WGMMA_WARPGROUPS = 2,                         // per CTA
  WGMMA_THREADS = 128 * WGMMA_WARPGROUPS,
  WGMMA_ACC = WGMMA_N / 2,                      // f32 accumulators per thread per set
  WGMMA_A_BYTES = WGMMA_M * WGMMA_TILE_K * 2,   // 8192
  WGMMA_B_BYTES = WGMMA_N * WGMMA_TILE_K * 2,   // 16384
};

// FLOPs of one launch of GRID CTAs and ITERS trips: 2 x M x N x K per wgmma per warpgroup.
static inline double wgmma_flop(unsigned grid, int iters) {
  return (double)grid * WGMMA_WARPGROUPS * iters * WGMMA_SETS * WGMMA_KSTEPS * (2.0 * WGMMA_M * WGMMA_N * WGMMA_K);
}

// Word I (4 bytes: two fp16, the first in the low half) of CTA's shared tiles, A then B, as
// stored: fp16 in [1/16, 1/8) with random signs and mantissas from a hash of SEED, CTA and I (the
// tensor cores see data, not zeros).
static inline WGMMA_HD uint32_t wgmma_word(unsigned seed, unsigned cta, unsigned i) {
  unsigned h = seed ^ (i * 0x9e3779b9u) ^ (cta * 0x85ebca6bu);
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return 0x2c002c00u | (h & 0x83ff83ffu);
}

// The value of fp16 bits H (normal or subnormal; wgmma_word makes normal ones only).
static inline double wgmma_half(uint16_t h) {
  unsigned e = (h >> 10) & 31, m = h & 0x3ffu;
  double v = e ? ldexp(1.0 + m / 1024.0, (int)e - 15) : ldexp(m / 1024.0, -14);
  return h >> 15 ? -v : v;
}

// The byte offset of byte B (0..127) of row R of a K-major tile under the 128-byte swizzle (from
// a 1024-byte-aligned start): rows of 128 bytes, and in each 8-row atom of 1024 bytes the 16-byte
// chunk c of row r stored at chunk c ^ (r % 8), as TMA writes it and the descriptors of
// kernels/harness/sm90/wgmma.cuh read it.
static inline unsigned wgmma_sw128(unsigned r, unsigned b) {
  return r * 128 + (((b >> 4) ^ (r & 7)) << 4) + (b & 15);
}

// Row and column (of the 64 x 128 product) of accumulator I (0..WGMMA_ACC-1) of thread T of a CTA:
// warp w of its warpgroup holds rows 16w + lane/4 and 16w + lane/4 + 8; I = 4j + e is column
// 8j + 2(lane % 4) + (e & 1) of the second of them when e >= 2 (sm90/wgmma.cuh).
static inline unsigned wgmma_acc_row(unsigned t, unsigned i) {
  return 16 * ((t % 128) / 32) + (t % 32) / 4 + 8 * ((i & 3) >> 1);
}
static inline unsigned wgmma_acc_col(unsigned t, unsigned i) {
  return 8 * (i / 4) + 2 * (t % 4) + (i & 1);
}

// The launch. Each returns a cudaError_t value (cudaSuccess is 0).
// Sets the kernel's shared memory and writes the grid that fills SMS multiprocessors to the
// occupancy the kernel allows.
int wgmma_prepare(int sms, unsigned *grid);
// Runs GRID CTAs of WGMMA_THREADS threads for ITERS trips; thread t of CTA c writes the sum of
// its accumulators to sink[c * WGMMA_THREADS + t] (so the work cannot be dropped).
int wgmma_launch(float *sink, unsigned grid, int iters, unsigned seed);
// Checks the sums that CTAs 0 and GRID - 1 of that launch left in the device buffer SINK against
// the same products in double precision on the host: 0 when they agree, 1 when not, -1 on a CUDA
// error; WHY says which thread and by how much, or the error.
int wgmma_check(const float *sink, unsigned grid, int iters, unsigned seed, char *why, unsigned len);
