// ceilings_wgmma.cu — the wgmma rate for tools/pipeline/ceilings.cu (ceilings_wgmma.h), built for
// sm_90a alone. The instructions and the descriptors are the Hopper attention kernel's
// (kernels/harness/sm90/wgmma.cuh): both operands K-major in shared memory under the 128-byte
// swizzle, a k16 step +32 bytes inside the 128-byte rows. Each warpgroup's loop trip is one commit
// group of WGMMA_SETS x WGMMA_KSTEPS wgmmas; the wait at its end lets that group stay in flight
// while the next trip issues (wgmmas of one shape chained on the same accumulators need no fence
// between them, PTX ISA "wgmma.fence"), so the tensor cores never drain between trips.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include "ceilings_wgmma.h"
#include "sm90/wgmma.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "ceilings_wgmma.cu needs the sm_90a target (-gencode=arch=compute_90a,code=sm_90a): wgmma"
#endif

static const int SMEM_ALIGN = 1024;  // a swizzle atom: the descriptors' base offset is 0
static const int SMEM_BYTES = WGMMA_A_BYTES + WGMMA_B_BYTES + SMEM_ALIGN;
static_assert(WGMMA_N == 128 && WGMMA_K == 16, "the loop issues sm90::mma_ss<128> (m64n128k16)");
static_assert(WGMMA_TILE_K * 2 == 128, "a tile row is one 128-byte swizzled row");

__global__ void __launch_bounds__(WGMMA_THREADS, 1) wgmma_loop(float *sink, int iters, unsigned seed) {
  extern __shared__ __align__(1024) unsigned char smem_raw[];
  // the tiles start on a 1024-byte boundary of the shared window (the address wgmma sees)
  const uint32_t raw = (uint32_t)__cvta_generic_to_shared(smem_raw);
  const uint32_t base = (raw + SMEM_ALIGN - 1) & ~(uint32_t)(SMEM_ALIGN - 1);
  uint32_t *w = (uint32_t *)(smem_raw + (base - raw));
  for (unsigned i = threadIdx.x; i < (WGMMA_A_BYTES + WGMMA_B_BYTES) / 4; i += blockDim.x)
    w[i] = wgmma_word(seed, blockIdx.x, i);
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");  // generic writes -> wgmma's reads
  __syncthreads();

  uint64_t da[WGMMA_KSTEPS], db[WGMMA_KSTEPS];
#pragma unroll
  for (int k = 0; k < WGMMA_KSTEPS; ++k) {
    da[k] = sm90::desc_kmajor(base + 32 * k);
    db[k] = sm90::desc_kmajor(base + WGMMA_A_BYTES + 32 * k);
  }
  float d0[WGMMA_ACC], d1[WGMMA_ACC];
#pragma unroll
  for (int i = 0; i < WGMMA_ACC; ++i) d0[i] = d1[i] = 0.f;
  sm90::pin(d0);  // the zeros written before the first fence
  sm90::pin(d1);
  for (int it = 0; it < iters; ++it) {
    sm90::fence();
#pragma unroll
    for (int k = 0; k < WGMMA_KSTEPS; ++k) sm90::mma_ss<WGMMA_N>(d0, da[k], db[k], 1);
#pragma unroll
    for (int k = 0; k < WGMMA_KSTEPS; ++k) sm90::mma_ss<WGMMA_N>(d1, da[k], db[k], 1);
    sm90::commit();
    sm90::wait<1>();  // the trip before this one has landed; this one stays in flight
  }
  sm90::wait<0>();
  sm90::pin(d0);  // read only after the last group has landed
  sm90::pin(d1);
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < WGMMA_ACC; ++i) s += d0[i] + d1[i];
  sink[(size_t)blockIdx.x * WGMMA_THREADS + threadIdx.x] = s;
}

int wgmma_prepare(int sms, unsigned *grid) {
  cudaError_t e = cudaFuncSetAttribute(wgmma_loop, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
  int bpsm = 0;
  if (e == cudaSuccess) e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&bpsm, wgmma_loop, WGMMA_THREADS, SMEM_BYTES);
  *grid = (unsigned)(bpsm * sms);
  return (int)e;
}

int wgmma_launch(float *sink, unsigned grid, int iters, unsigned seed) {
  wgmma_loop<<<grid, WGMMA_THREADS, SMEM_BYTES>>>(sink, iters, seed);
  return (int)cudaGetLastError();
}

// the fp16 at byte offset OFF of CTA's shared tiles (A, then B), as the kernel stored it
static double operand(unsigned seed, unsigned cta, unsigned off) {
  uint32_t word = wgmma_word(seed, cta, off / 4);
  return wgmma_half((uint16_t)(off & 2 ? word >> 16 : word & 0xffffu));
}

// CTA's sums: thread t's is WGMMA_SETS x ITERS x the sum of its elements of A·Bᵀ; the tolerance
// 1e-3 of the same sum of |A||B| (fp32 accumulation; a wrong layout or a lost trip is off by the
// size of the sum itself)
static int check_cta(const float *got, unsigned cta, int iters, unsigned seed, char *why, unsigned len) {
  static double a[WGMMA_M][WGMMA_TILE_K], b[WGMMA_N][WGMMA_TILE_K], c[WGMMA_M][WGMMA_N], m[WGMMA_M][WGMMA_N];
  for (unsigned r = 0; r < WGMMA_M; ++r)
    for (unsigned k = 0; k < WGMMA_TILE_K; ++k) a[r][k] = operand(seed, cta, wgmma_sw128(r, 2 * k));
  for (unsigned n = 0; n < WGMMA_N; ++n)
    for (unsigned k = 0; k < WGMMA_TILE_K; ++k) b[n][k] = operand(seed, cta, WGMMA_A_BYTES + wgmma_sw128(n, 2 * k));
  for (unsigned r = 0; r < WGMMA_M; ++r)
    for (unsigned n = 0; n < WGMMA_N; ++n) {
      c[r][n] = m[r][n] = 0;
      for (unsigned k = 0; k < WGMMA_TILE_K; ++k) c[r][n] += a[r][k] * b[n][k], m[r][n] += fabs(a[r][k] * b[n][k]);
    }
  const double times = (double)WGMMA_SETS * iters;
  for (unsigned t = 0; t < WGMMA_THREADS; ++t) {
    double want = 0, mag = 0;
    for (unsigned i = 0; i < WGMMA_ACC; ++i) {
      want += c[wgmma_acc_row(t, i)][wgmma_acc_col(t, i)];
      mag += m[wgmma_acc_row(t, i)][wgmma_acc_col(t, i)];
    }
    want *= times;
    if (!(fabs(got[t] - want) <= 1e-3 * times * mag)) {
      snprintf(why, len, "CTA %u thread %u: sum %.6g, want %.6g (tolerance %.3g)", cta, t, got[t], want, 1e-3 * times * mag);
      return 1;
    }
  }
  return 0;
}

int wgmma_check(const float *sink, unsigned grid, int iters, unsigned seed, char *why, unsigned len) {
  const unsigned ctas[2] = {0, grid - 1};
  float got[WGMMA_THREADS];
  for (int i = 0; i < (grid > 1 ? 2 : 1); ++i) {
    cudaError_t e = cudaMemcpy(got, sink + (size_t)ctas[i] * WGMMA_THREADS, sizeof got, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
      snprintf(why, len, "wgmma_check: %s", cudaGetErrorString(e));
      return -1;
    }
    if (check_cta(got, ctas[i], iters, seed, why, len)) return 1;
  }
  return 0;
}
