// bench_ref.cu — seeded input fill and the fp32 reference attention, both deliberately plain.
// Reference: one CTA of 256 threads per (query row, head, batch). Pass 1: every score, the
// row maximum m. Pass 2: keys in chunks of 1024; p_j = exp(s_j - m) into shared memory, then
// thread d sums p_j * v[j][d]; l = sum p_j; out = acc / l. All in fp32 with expf.
#include <math.h>
#include "bench_cuda.h"
#include "bench_ref.h"

enum { REF_THREADS = 256, REF_CHUNK = 1024, REF_MAX_D = 256 };

void bench_bufs_alloc(const attn_shape *s, size_t ws_bytes, bench_bufs *b) {
  b->nq = (size_t)s->B * s->H * s->Sq * s->D;
  b->nkv = (size_t)s->B * s->H * s->Skv * s->D;
  b->ws_bytes = ws_bytes;
  BENCH_CUDA(cudaMalloc(&b->q, b->nq * sizeof(__half)));
  BENCH_CUDA(cudaMalloc(&b->k, b->nkv * sizeof(__half)));
  BENCH_CUDA(cudaMalloc(&b->v, b->nkv * sizeof(__half)));
  BENCH_CUDA(cudaMalloc(&b->o, b->nq * sizeof(__half)));
  BENCH_CUDA(cudaMalloc(&b->ref, b->nq * sizeof(float)));
  b->ws = NULL;
  if (ws_bytes) BENCH_CUDA(cudaMalloc(&b->ws, ws_bytes));
}

void bench_bufs_free(bench_bufs *b) {
  BENCH_CUDA(cudaFree(b->q));
  BENCH_CUDA(cudaFree(b->k));
  BENCH_CUDA(cudaFree(b->v));
  BENCH_CUDA(cudaFree(b->o));
  BENCH_CUDA(cudaFree(b->ref));
  if (b->ws) BENCH_CUDA(cudaFree(b->ws));
}

__device__ static unsigned long long bench_mix(unsigned long long x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

__global__ void bench_fill_kernel(__half *x, size_t n, unsigned long long key) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    unsigned long long h = bench_mix(key ^ bench_mix(i));
    float u = (float)(h >> 40) * (1.0f / 16777216.0f) * 2.0f - 1.0f;  // [-1, 1)
    if (fabsf(u) < 1.0f / 256) u = u < 0 ? -1.0f / 256 : 1.0f / 256;
    x[i] = __float2half_rn(u);
  }
}

void bench_fill_inputs(const bench_bufs *b, unsigned long long seed, cudaStream_t stream) {
  __half *t[3] = {b->q, b->k, b->v};
  size_t n[3] = {b->nq, b->nkv, b->nkv};
  for (int i = 0; i < 3; i++) {
    unsigned long long key = seed * 0x100000001B3ull + (unsigned long long)(i + 1) * 0x5851F42D4C957F2Dull;
    size_t blocks = (n[i] + 255) / 256;
    if (blocks > 65536) blocks = 65536;
    bench_fill_kernel<<<(unsigned)blocks, 256, 0, stream>>>(t[i], n[i], key);
    BENCH_CUDA_LAUNCH();
  }
}

__device__ static float bench_block_reduce(float x, bool is_max, float *red) {
  for (int o = 16; o > 0; o >>= 1) {
    float y = __shfl_xor_sync(0xffffffffu, x, o);
    x = is_max ? fmaxf(x, y) : x + y;
  }
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  __syncthreads();  // red may still be read from a previous reduction
  if (lane == 0) red[warp] = x;
  __syncthreads();
  x = red[0];
  for (int w = 1; w < (int)blockDim.x / 32; w++) x = is_max ? fmaxf(x, red[w]) : x + red[w];
  return x;
}

__device__ static float bench_score(const float *q, const __half *k, int D, float scale) {
  float s = 0.0f;
  for (int d = 0; d < D; d++) s += q[d] * __half2float(k[d]);
  return s * scale;
}

__global__ void bench_reference_kernel(const __half *q, const __half *k, const __half *v,
                                       float *out, int H, int Sq, int Skv, int D, int causal,
                                       float scale) {
  __shared__ float qs[REF_MAX_D], ps[REF_CHUNK], red[REF_THREADS / 32];
  const int i = blockIdx.x, h = blockIdx.y, b = blockIdx.z, t = threadIdx.x;
  const size_t bh = (size_t)b * H + h;
  const __half *qrow = q + (bh * Sq + i) * D;
  const __half *kh = k + bh * Skv * D, *vh = v + bh * Skv * D;
  const int nkeys = causal ? min(Skv, i + 1) : Skv;  // top-left: keys 0..i
  for (int d = t; d < D; d += blockDim.x) qs[d] = __half2float(qrow[d]);
  __syncthreads();

  float m = -INFINITY;
  for (int j = t; j < nkeys; j += blockDim.x) m = fmaxf(m, bench_score(qs, kh + (size_t)j * D, D, scale));
  m = bench_block_reduce(m, true, red);

  float l = 0.0f, acc = 0.0f;
  for (int c0 = 0; c0 < nkeys; c0 += REF_CHUNK) {
    const int n = min(REF_CHUNK, nkeys - c0);
    for (int jj = t; jj < n; jj += blockDim.x) {
      float p = expf(bench_score(qs, kh + (size_t)(c0 + jj) * D, D, scale) - m);
      ps[jj] = p;
      l += p;
    }
    __syncthreads();
    if (t < D)
      for (int jj = 0; jj < n; jj++) acc += ps[jj] * __half2float(vh[(size_t)(c0 + jj) * D + t]);
    __syncthreads();
  }
  l = bench_block_reduce(l, false, red);
  if (t < D) out[(bh * Sq + i) * D + t] = acc / l;
}

void bench_reference(const attn_shape *s, const bench_bufs *b, float scale, cudaStream_t stream) {
  if (s->D > REF_MAX_D) bench_usage_fail("head dim %d: the reference supports at most %d", s->D, REF_MAX_D);
  dim3 grid((unsigned)s->Sq, (unsigned)s->H, (unsigned)s->B);
  bench_reference_kernel<<<grid, REF_THREADS, 0, stream>>>(b->q, b->k, b->v, b->ref, s->H, s->Sq,
                                                           s->Skv, s->D, s->causal, scale);
  BENCH_CUDA_LAUNCH();
}
