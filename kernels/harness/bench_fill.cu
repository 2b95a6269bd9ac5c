// bench_fill.cu — inputs (bench_fill.h): a splitmix64 hash of the key and the index, stored in
// the tensor's type, and host copies for the CPU references.
#include <stdlib.h>

#include "bench_cuda.h"
#include "bench_fill.h"
#include "bench_types.h"

__device__ static unsigned long long bench_mix(unsigned long long x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// the uniform value of index i under key, in [-1, 1), |u| >= 2^-8
__device__ static float bench_uniform(unsigned long long key, size_t i) {
  unsigned long long h = bench_mix(key ^ bench_mix(i));
  float u = (float)(h >> 40) * (1.0f / 16777216.0f) * 2.0f - 1.0f;  // [-1, 1)
  if (fabsf(u) < 1.0f / 256) u = u < 0 ? -1.0f / 256 : 1.0f / 256;
  return u;
}

__device__ static void bench_store(__half *x, size_t i, float u) { x[i] = __float2half_rn(u); }
__device__ static void bench_store(__nv_bfloat16 *x, size_t i, float u) { x[i] = __float2bfloat16_rn(u); }
__device__ static void bench_store(float *x, size_t i, float u) { x[i] = u; }
__device__ static void bench_store(int *x, size_t i, float u) { x[i] = (int)floorf(u * 1024.0f); }
__device__ static void bench_store(__nv_fp8_e4m3 *x, size_t i, float u) { x[i] = __nv_fp8_e4m3(u); }
__device__ static void bench_store(__nv_fp8_e5m2 *x, size_t i, float u) { x[i] = __nv_fp8_e5m2(u); }

template <typename T>
__global__ void bench_fill_kernel(T *x, size_t n, unsigned long long key) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    bench_store(x, i, bench_uniform(key, i));
}

void bench_fill(void *x, problem_type t, size_t n, unsigned long long seed, int tensor, cudaStream_t stream) {
  unsigned long long key = seed * 0x100000001B3ull + (unsigned long long)(tensor + 1) * 0x5851F42D4C957F2Dull;
  size_t blocks = (n + 255) / 256;
  if (blocks > 65536) blocks = 65536;
  if (!blocks) return;
  switch (t) {
    case PROBLEM_F16: bench_fill_kernel<<<(unsigned)blocks, 256, 0, stream>>>((__half *)x, n, key); break;
    case PROBLEM_BF16: bench_fill_kernel<<<(unsigned)blocks, 256, 0, stream>>>((__nv_bfloat16 *)x, n, key); break;
    case PROBLEM_F32: bench_fill_kernel<<<(unsigned)blocks, 256, 0, stream>>>((float *)x, n, key); break;
    case PROBLEM_I32: bench_fill_kernel<<<(unsigned)blocks, 256, 0, stream>>>((int *)x, n, key); break;
    case PROBLEM_F8E4M3: bench_fill_kernel<<<(unsigned)blocks, 256, 0, stream>>>((__nv_fp8_e4m3 *)x, n, key); break;
    case PROBLEM_F8E5M2: bench_fill_kernel<<<(unsigned)blocks, 256, 0, stream>>>((__nv_fp8_e5m2 *)x, n, key); break;
  }
  BENCH_CUDA_LAUNCH();
}

__global__ void bench_ramp_kernel(__half *x, size_t n, size_t row_len, size_t period, float step) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    const float f = exp2f(step * (float)((i / row_len) % period));
    x[i] = __float2half_rn(__half2float(x[i]) * f);
  }
}

void bench_ramp_rows(__half *x, size_t rows, size_t row_len, size_t period, float log2_top,
                     cudaStream_t stream) {
  const size_t n = rows * row_len;
  size_t blocks = (n + 255) / 256;
  if (blocks > 65536) blocks = 65536;
  if (!blocks || period < 2) return;
  bench_ramp_kernel<<<(unsigned)blocks, 256, 0, stream>>>(x, n, row_len, period,
                                                          log2_top / (float)(period - 1));
  BENCH_CUDA_LAUNCH();
}

double *bench_to_host_double(const void *dev, problem_type t, size_t n) {
  const size_t es = bench_type_size(t);
  unsigned char *h = (unsigned char *)malloc(n * es);
  double *x = (double *)malloc(n * sizeof(double));
  if (!h || !x) bench_usage_fail("out of host memory");
  BENCH_CUDA(cudaMemcpy(h, dev, n * es, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i++) x[i] = bench_to_double(h + i * es, t);
  free(h);
  return x;
}
