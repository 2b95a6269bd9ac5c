// reference.cu — the vecadd problem's references: C = A + B in fp32 on the GPU (one element per
// thread, the sum not rounded to fp16) and in fp64 on the CPU, for --check-ref.
#include "bench_cuda.h"
#include "reference.h"

enum { RT = 256 };

__global__ void vecadd_reference_kernel(const __half *a, const __half *b, float *c, long n) {
  const long i = (long)blockIdx.x * RT + threadIdx.x;
  if (i < n) c[i] = __half2float(a[i]) + __half2float(b[i]);
}

void vecadd_reference(const vecadd_shape *s, const __half *a, const __half *b, float *c, cudaStream_t stream) {
  const unsigned blocks = (unsigned)((s->N + (long)RT - 1) / RT);
  vecadd_reference_kernel<<<blocks, RT, 0, stream>>>(a, b, c, s->N);
  BENCH_CUDA_LAUNCH();
}

void vecadd_reference_cpu(const vecadd_shape *s, const double *a, const double *b, double *c) {
  for (long i = 0; i < s->N; i++) c[i] = a[i] + b[i];
}
