// bench_fill.cu — inputs (bench_fill.h): a splitmix64 hash of the key and the index, and host
// copies for the CPU references.
#include <stdlib.h>

#include "bench_cuda.h"
#include "bench_fill.h"

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

void bench_fill_half(__half *x, size_t n, unsigned long long seed, int tensor, cudaStream_t stream) {
  unsigned long long key = seed * 0x100000001B3ull + (unsigned long long)(tensor + 1) * 0x5851F42D4C957F2Dull;
  size_t blocks = (n + 255) / 256;
  if (blocks > 65536) blocks = 65536;
  if (!blocks) return;
  bench_fill_kernel<<<(unsigned)blocks, 256, 0, stream>>>(x, n, key);
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

double *bench_to_host_double(const __half *dev, size_t n) {
  __half *h = (__half *)malloc(n * sizeof(__half));
  double *x = (double *)malloc(n * sizeof(double));
  if (!h || !x) bench_usage_fail("out of host memory");
  BENCH_CUDA(cudaMemcpy(h, dev, n * sizeof(__half), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i++) x[i] = __half2float(h[i]);
  free(h);
  return x;
}
