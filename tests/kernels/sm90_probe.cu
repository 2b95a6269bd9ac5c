// sm90_probe.cu — the building blocks of flash_attn_sm90.cu one at a time, on a GPU (sm_90a), so
// that a wrong layout shows up as the piece it is rather than as a wrong attention output:
//   TMA      3-D tensor maps, 128-byte swizzle, zero fill past a head's rows (Sq = 50 of a
//            64-row box; Skv = 100 of a BLOCK_N-row box, with a second head behind it whose rows
//            must not leak in)
//   S        wgmma SS, Q and K K-major (the kernel's descriptors and accumulator layout): S = Q·Kᵀ
//   O        wgmma RS, P = fp16(S·scale) from registers (the kernel's repacking) and V N-major:
//            O = P·V
// against fp64 sums on the host. Build for one (HEAD_DIM, BLOCK_N), e.g.
//   nvcc -std=c++17 -gencode=arch=compute_90a,code=sm_90a -DHEAD_DIM=128 -DBLOCK_N=64 \
//        -DCONSUMER_WGS=1 -DSETMAXNREG=0 -DSTAGES=1 -Ikernels/harness -Ikernels/attention \
//        tests/kernels/sm90_probe.cu -o probe
// Prints the largest errors; exit 0 when both are within fp32-accumulation tolerance, 1 when not,
// 2 when no GPU or CUDA call failed. tests/kernels/test_sm90_probe.sh builds and runs it.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <vector>

#include "sm90_consumer.cuh"
#include "sm90/mbarrier.cuh"
#include "sm90/tma.cuh"

using namespace fa90;

static_assert(CONSUMER_WGS == 1, "the probe is one consumer warpgroup (-DCONSUMER_WGS=1)");

struct ProbeMaps {
  CUtensorMap q, k, v;
};

constexpr int SQ = 50, SKV = 100, HEADS = 2;  // ragged on purpose: zero fill is part of the test
constexpr size_t PROBE_SMEM = Q_BYTES + 2 * KV_TILE + 64 + SMEM_ALIGN;
constexpr float P_SCALE = 0.03125f;

// One warpgroup: thread 0 loads Q, K, V of head 0 by TMA; S and then O by wgmma, each written
// out in the accumulator layout (rows 0..63, S columns 0..BN-1, O columns 0..D-1).
__global__ void __launch_bounds__(128, 1) probe(const __grid_constant__ ProbeMaps m, float *s_out,
                                                float *o_out) {
  extern __shared__ __align__(1024) unsigned char smem_raw[];
  const uint32_t raw = ptx::smem_addr(smem_raw);
  const uint32_t base = (raw + (uint32_t)SMEM_ALIGN - 1) & ~((uint32_t)SMEM_ALIGN - 1);
  const uint32_t sQ = base, sK = sQ + (uint32_t)Q_BYTES, sV = sK + (uint32_t)KV_TILE;
  const uint32_t bar = sV + (uint32_t)KV_TILE;
  if (threadIdx.x == 0) {
    sm90::mbar_init(bar, 1);
    sm90::mbar_fence_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    sm90::mbar_arrive_expect_tx(bar, (uint32_t)(Q_BYTES + 2 * KV_TILE));
    for (int pn = 0; pn < PANELS; ++pn) {
      sm90::tma_load_3d(sQ + pn * (uint32_t)Q_PANEL, &m.q, bar, 64 * pn, 0, 0);
      sm90::tma_load_3d(sK + pn * (uint32_t)KV_PANEL, &m.k, bar, 64 * pn, 0, 0);
      sm90::tma_load_3d(sV + pn * (uint32_t)KV_PANEL, &m.v, bar, 64 * pn, 0, 0);
    }
  }
  sm90::mbar_wait(bar, 0);

  WgConsumer c;
  c.init(0);
  c.scores_issue(sm90::desc_kmajor_lo(sQ), sm90::desc_kmajor_lo(sK));
  c.scores_wait<0>();
  const int lane = threadIdx.x & 31, wq = threadIdx.x >> 5, t4 = lane & 3;
  for (int i = 0; i < WgConsumer::NS; ++i) {
    const int r = 16 * wq + (lane >> 2) + 8 * ((i >> 1) & 1), col = (i >> 2) * 8 + 2 * t4 + (i & 1);
    s_out[r * BN + col] = c.s[i];
    c.s[i] *= P_SCALE;
  }
  c.pack_p();
  c.pv_issue(sm90::desc_mnmajor_lo(sV, (uint32_t)KV_PANEL));
  c.pv_wait();
  for (int i = 0; i < WgConsumer::NO; ++i) {
    const int r = 16 * wq + (lane >> 2) + 8 * ((i >> 1) & 1), col = (i >> 2) * 8 + 2 * t4 + (i & 1);
    o_out[r * D + col] = c.o[i];
  }
}

#define PROBE_CUDA(x)                                                             \
  do {                                                                            \
    cudaError_t e_ = (x);                                                         \
    if (e_ != cudaSuccess) {                                                      \
      fprintf(stderr, "probe: %s: %s\n", #x, cudaGetErrorString(e_));            \
      exit(2);                                                                    \
    }                                                                             \
  } while (0)

static float lcg(unsigned *st) {  // uniform in [-1, 1)
  *st = *st * 1664525u + 1013904223u;
  return (float)((*st >> 8) & 0xffff) / 32768.f - 1.f;
}

int main() {
  int ndev = 0;
  if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev < 1) {
    fprintf(stderr, "probe: no GPU\n");
    return 2;
  }
  unsigned st = 12345u;
  std::vector<__half> q((size_t)HEADS * SQ * D), k((size_t)HEADS * SKV * D), v(k.size());
  for (auto &x : q) x = __float2half(lcg(&st));
  for (auto &x : k) x = __float2half(lcg(&st));
  for (auto &x : v) x = __float2half(lcg(&st));
  __half *dq, *dk, *dv;
  float *ds, *dout;
  PROBE_CUDA(cudaMalloc(&dq, q.size() * 2));
  PROBE_CUDA(cudaMalloc(&dk, k.size() * 2));
  PROBE_CUDA(cudaMalloc(&dv, v.size() * 2));
  PROBE_CUDA(cudaMalloc(&ds, 64 * BN * 4));
  PROBE_CUDA(cudaMalloc(&dout, 64 * D * 4));
  PROBE_CUDA(cudaMemcpy(dq, q.data(), q.size() * 2, cudaMemcpyHostToDevice));
  PROBE_CUDA(cudaMemcpy(dk, k.data(), k.size() * 2, cudaMemcpyHostToDevice));
  PROBE_CUDA(cudaMemcpy(dv, v.data(), v.size() * 2, cudaMemcpyHostToDevice));
  ProbeMaps m;
  if (!sm90::tma_map_3d(&m.q, dq, D, SQ, HEADS, 64, "q") || !sm90::tma_map_3d(&m.k, dk, D, SKV, HEADS, BN, "k") ||
      !sm90::tma_map_3d(&m.v, dv, D, SKV, HEADS, BN, "v")) {
    fprintf(stderr, "probe: tensor map encoding failed\n");
    return 2;
  }
  PROBE_CUDA(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)PROBE_SMEM));
  probe<<<1, 128, PROBE_SMEM>>>(m, ds, dout);
  PROBE_CUDA(cudaGetLastError());
  PROBE_CUDA(cudaDeviceSynchronize());
  std::vector<float> s(64 * BN), o(64 * D);
  PROBE_CUDA(cudaMemcpy(s.data(), ds, s.size() * 4, cudaMemcpyDeviceToHost));
  PROBE_CUDA(cudaMemcpy(o.data(), dout, o.size() * 4, cudaMemcpyDeviceToHost));

  // head 0 only; rows past SQ and keys past SKV are zero (the tensor maps' bounds)
  double s_err = 0, s_max = 0, o_err = 0, o_max = 0;
  std::vector<float> p(64 * BN);
  for (int r = 0; r < 64; ++r)
    for (int j = 0; j < BN; ++j) {
      double ref = 0;
      if (r < SQ && j < SKV)
        for (int d = 0; d < D; ++d)
          ref += (double)__half2float(q[(size_t)r * D + d]) * __half2float(k[(size_t)j * D + d]);
      s_err = fmax(s_err, fabs(ref - s[r * BN + j]));
      s_max = fmax(s_max, fabs(ref));
      p[r * BN + j] = __half2float(__float2half(s[r * BN + j] * P_SCALE));  // the kernel's P
    }
  for (int r = 0; r < 64; ++r)
    for (int d = 0; d < D; ++d) {
      double ref = 0;
      for (int j = 0; j < BN && j < SKV; ++j) ref += (double)p[r * BN + j] * __half2float(v[(size_t)j * D + d]);
      o_err = fmax(o_err, fabs(ref - o[r * D + d]));
      o_max = fmax(o_max, fabs(ref));
    }
  // fp32 accumulation of D (S) or BN (O) fp16 products: errors far below 1e-3 of the largest value
  const bool ok = s_err <= 1e-3 * s_max + 1e-4 && o_err <= 1e-3 * o_max + 1e-4;
  printf("probe HEAD_DIM=%d BLOCK_N=%d: S max |err| %.3g (max |S| %.3g), O max |err| %.3g (max |O| %.3g): %s\n",
         D, BN, s_err, s_max, o_err, o_max, ok ? "ok" : "FAIL");
  return ok ? 0 : 1;
}
