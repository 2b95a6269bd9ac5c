// reference.cu — the attention problem's fp32 reference on the GPU: plain two-pass softmax
// (exact row maximum, then exp and sums) in fp32 with expf, tiled through shared memory only so
// that it checks B4_H16_S4096_D128 in well under a second. `bench --check-ref` checks it against
// an fp64 CPU reference.
#include <math.h>
#include "bench_cuda.h"
#include "attn.h"
#include "reference.h"

enum { REF_MAX_D = 256 };

// One CTA of REF_BQ * 8 = 256 threads per (REF_BQ query rows, head, batch); q rows, then each tile
// of REF_BK keys (and later values), are staged in shared memory as fp32 with a stride of D + 1.
// Thread t owns row r = t / 8 of the CTA's rows, keys c = t % 8 + 8 j of each tile and output
// columns d = t % 8 + 8 j. Pass 1 computes every score and the row maximum m (an exact max, not
// a running rescale); pass 2 recomputes the scores, p = exp(s - m) into shared memory, l = sum p
// and acc = sum p v, each summed in a fixed order, so the result is deterministic.
enum { REF_BQ = 32, REF_BK = 32, REF_GROUP = 8, REF_KPT = REF_BK / REF_GROUP,
       REF_DPT = REF_MAX_D / REF_GROUP };

__device__ static float group_reduce(float x, bool is_max) {  // over the 8 threads of one row
  for (int o = REF_GROUP / 2; o > 0; o >>= 1) {
    float y = __shfl_xor_sync(0xffffffffu, x, o);
    x = is_max ? fmaxf(x, y) : x + y;
  }
  return x;
}

// Stages rows [j0, j0 + n) of a [rows, D] fp16 matrix into dst[jj * (D + 1) + d] as fp32;
// rows past n are zero-filled.
__device__ static void stage(float *dst, const __half *src, int j0, int n, int rows, int D) {
  for (int e = threadIdx.x; e < rows * D; e += blockDim.x) {
    int jj = e / D, d = e % D;
    dst[jj * (D + 1) + d] = jj < n ? __half2float(src[(size_t)(j0 + jj) * D + d]) : 0.0f;
  }
}

__global__ void bench_reference_kernel(const __half *q, const __half *k, const __half *v,
                                       float *out, int H, int Sq, int Skv, int D, int causal,
                                       float scale) {
  extern __shared__ float smem[];
  float *qs = smem, *kv = qs + REF_BQ * (D + 1), *ps = kv + REF_BK * (D + 1);
  const int h = blockIdx.y, b = blockIdx.z, t = threadIdx.x;
  const int i0 = blockIdx.x * REF_BQ, r = t / REF_GROUP, g = t % REF_GROUP, i = i0 + r;
  const size_t bh = (size_t)b * H + h;
  const __half *kh = k + bh * Skv * D, *vh = v + bh * Skv * D;
  const int nq = min(REF_BQ, Sq - i0);
  const int nkeys = i < Sq ? (causal ? min(Skv, i + 1) : Skv) : 0;  // top-left: keys 0..i
  const int cta_keys = causal ? min(Skv, i0 + nq) : Skv;
  stage(qs, q + bh * Sq * D, i0, nq, REF_BQ, D);

  float m = -INFINITY;
  for (int j0 = 0; j0 < cta_keys; j0 += REF_BK) {
    __syncthreads();
    stage(kv, kh, j0, min(REF_BK, Skv - j0), REF_BK, D);
    __syncthreads();
    for (int jj = 0; jj < REF_KPT; jj++) {
      int c = g + REF_GROUP * jj;
      if (j0 + c >= nkeys) continue;
      float s = 0.0f;
      for (int d = 0; d < D; d++) s += qs[r * (D + 1) + d] * kv[c * (D + 1) + d];
      m = fmaxf(m, s * scale);
    }
  }
  m = group_reduce(m, true);

  float l = 0.0f, acc[REF_DPT];
  for (int jd = 0; jd < REF_DPT; jd++) acc[jd] = 0.0f;
  for (int j0 = 0; j0 < cta_keys; j0 += REF_BK) {
    const int n = min(REF_BK, Skv - j0);
    __syncthreads();
    stage(kv, kh, j0, n, REF_BK, D);
    __syncthreads();
    for (int jj = 0; jj < REF_KPT; jj++) {
      int c = g + REF_GROUP * jj;
      float p = 0.0f;
      if (j0 + c < nkeys) {
        float s = 0.0f;
        for (int d = 0; d < D; d++) s += qs[r * (D + 1) + d] * kv[c * (D + 1) + d];
        p = expf(s * scale - m);
      }
      ps[r * (REF_BK + 1) + c] = p;
      l += p;
    }
    __syncthreads();
    stage(kv, vh, j0, n, REF_BK, D);
    __syncthreads();
    for (int c = 0; c < REF_BK; c++) {
      float p = ps[r * (REF_BK + 1) + c];
      for (int jd = 0; jd < REF_DPT; jd++) {
        int d = g + REF_GROUP * jd;
        if (d < D) acc[jd] += p * kv[c * (D + 1) + d];
      }
    }
  }
  l = group_reduce(l, false);
  if (i < Sq)
    for (int jd = 0; jd < REF_DPT; jd++) {
      int d = g + REF_GROUP * jd;
      if (d < D) out[(bh * Sq + i) * D + d] = acc[jd] / l;
    }
}

static size_t ref_smem_bytes(int D) {
  return ((size_t)(REF_BQ + REF_BK) * (D + 1) + (size_t)REF_BQ * (REF_BK + 1)) * sizeof(float);
}

void attention_reference(const attn_shape *s, const __half *q, const __half *k, const __half *v,
                         float *ref, float scale, cudaStream_t stream) {
  if (s->D > REF_MAX_D) bench_usage_fail("head dim %d: the reference supports at most %d", s->D, REF_MAX_D);
  size_t smem = ref_smem_bytes(s->D);
  BENCH_CUDA(cudaFuncSetAttribute(bench_reference_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int)ref_smem_bytes(REF_MAX_D)));
  dim3 grid((unsigned)((s->Sq + REF_BQ - 1) / REF_BQ), (unsigned)s->H, (unsigned)s->B);
  bench_reference_kernel<<<grid, REF_BQ * REF_GROUP, smem, stream>>>(
      q, k, v, ref, s->H, s->Sq, s->Skv, s->D, s->causal, scale);
  BENCH_CUDA_LAUNCH();
}
