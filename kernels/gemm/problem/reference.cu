// reference.cu — the GEMM problem's references: C = A·B in fp32 on the GPU (16 x 16 output
// tiles through shared memory; every output is one sequential fp32 sum over k in order, so the
// result is deterministic) and in fp64 on the CPU, for --check-ref.
#include "bench_cuda.h"
#include "reference.h"

enum { RT = 16 };

__global__ void gemm_reference_kernel(const __half *a, const __half *b, float *c, int M, int N, int K) {
  __shared__ float as[RT][RT + 1], bs[RT][RT + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * RT + ty, col = blockIdx.x * RT + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += RT) {
    as[ty][tx] = row < M && k0 + tx < K ? __half2float(a[(size_t)row * K + k0 + tx]) : 0.0f;
    bs[ty][tx] = k0 + ty < K && col < N ? __half2float(b[(size_t)(k0 + ty) * N + col]) : 0.0f;
    __syncthreads();
    for (int k = 0; k < RT; k++) acc += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N) c[(size_t)row * N + col] = acc;
}

void gemm_reference(const gemm_shape *s, const __half *a, const __half *b, float *c, cudaStream_t stream) {
  dim3 grid((unsigned)((s->N + RT - 1) / RT), (unsigned)((s->M + RT - 1) / RT));
  if (grid.y > 65535) bench_usage_fail("M = %d: the reference runs at most %d rows", s->M, 65535 * RT);
  gemm_reference_kernel<<<grid, dim3(RT, RT), 0, stream>>>(a, b, c, s->M, s->N, s->K);
  BENCH_CUDA_LAUNCH();
}

void gemm_reference_cpu(const gemm_shape *s, const double *a, const double *b, double *c) {
  for (long i = 0; i < s->M; i++)
    for (long j = 0; j < s->N; j++) {
      double acc = 0;
      for (long k = 0; k < s->K; k++) acc += a[i * s->K + k] * b[k * s->N + j];
      c[i * s->N + j] = acc;
    }
}
