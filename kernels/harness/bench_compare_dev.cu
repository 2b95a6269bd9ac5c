// bench_compare_dev.cu — bench_compare_dev.h: each thread walks a grid-stride slice, a warp
// folds its lanes with shuffles, and lane 0 folds the warp into four global words (a maximum of
// non-negative doubles is the maximum of their bit patterns as unsigned integers). The bound
// atol + rtol |r| is rounded as the host rounds it (no fused multiply-add), so a value on the
// boundary is judged alike on both sides.
#include <math.h>
#include <string.h>

#include "bench_compare_dev.h"
#include "bench_cuda.h"
#include "bench_types.h"

typedef struct {
  unsigned long long max_abs, max_ref;  // bit patterns of non-negative doubles
  unsigned long long violations, nan, mismatch;
} dev_acc;

enum { CMP_THREADS = 256, CMP_BLOCKS = 1024 };

__device__ static void fold_max(unsigned long long *w, double x) {
  for (int off = 16; off > 0; off >>= 1) x = fmax(x, __shfl_down_sync(0xffffffffu, x, off));
  if ((threadIdx.x & 31) == 0) atomicMax(w, (unsigned long long)__double_as_longlong(x));
}
__device__ static void fold_sum(unsigned long long *w, unsigned long long x) {
  for (int off = 16; off > 0; off >>= 1) x += __shfl_down_sync(0xffffffffu, x, off);
  if ((threadIdx.x & 31) == 0 && x) atomicAdd(w, x);
}

__global__ void compare_kernel(const unsigned char *o, problem_type ot, const unsigned char *ref,
                               problem_type rt, size_t n, double atol, double rtol, dev_acc *acc) {
  const size_t os = bench_type_size(ot), rs = bench_type_size(rt);
  double mabs = 0, mref = 0;
  unsigned long long viol = 0, nan = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    double x = bench_to_double(o + i * os, ot), r = bench_to_double(ref + i * rs, rt);
    if (!isfinite(x) || !isfinite(r)) {
      nan++;
      viol++;
      continue;
    }
    double d = fabs(x - r);
    mabs = fmax(mabs, d);
    mref = fmax(mref, fabs(r));
    if (d > __dadd_rn(atol, __dmul_rn(rtol, fabs(r)))) viol++;
  }
  fold_max(&acc->max_abs, mabs);
  fold_max(&acc->max_ref, mref);
  fold_sum(&acc->violations, viol);
  fold_sum(&acc->nan, nan);
}

template <typename W>
__global__ void mismatch_kernel(const W *a, const W *b, size_t n, dev_acc *acc) {
  unsigned long long m = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    m += a[i] != b[i];
  fold_sum(&acc->mismatch, m);
}

static unsigned blocks_for(size_t n) {
  size_t b = (n + CMP_THREADS - 1) / CMP_THREADS;
  return (unsigned)(b < CMP_BLOCKS ? (b ? b : 1) : CMP_BLOCKS);
}

// runs the launch that `launch` makes on a zeroed accumulator and returns its final value
template <typename F>
static dev_acc with_acc(F launch) {
  dev_acc *d, h;
  BENCH_CUDA(cudaMalloc(&d, sizeof *d));
  BENCH_CUDA(cudaMemset(d, 0, sizeof *d));
  launch(d);
  BENCH_CUDA_LAUNCH();
  BENCH_CUDA(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
  BENCH_CUDA(cudaFree(d));
  return h;
}

void bench_compare_dev(const void *o, problem_type ot, const void *ref, problem_type rt, size_t n,
                       double atol, double rtol, bench_err *e) {
  dev_acc h = with_acc([&](dev_acc *d) {
    compare_kernel<<<blocks_for(n), CMP_THREADS>>>((const unsigned char *)o, ot, (const unsigned char *)ref, rt,
                                                   n, atol, rtol, d);
  });
  memcpy(&e->max_abs_err, &h.max_abs, sizeof(double));
  memcpy(&e->max_ref, &h.max_ref, sizeof(double));
  e->violations = (long)h.violations;
  e->nan = (long)h.nan;
  e->max_rel_err = e->max_ref > 0 ? e->max_abs_err / e->max_ref : (e->max_abs_err > 0 ? INFINITY : 0);
}

long bench_mismatch_dev(const void *a, const void *b, size_t n, size_t esize) {
  if (esize != 1 && esize != 2 && esize != 4) bench_usage_fail("bench_mismatch_dev: elements of %zu bytes", esize);
  dev_acc h = with_acc([&](dev_acc *d) {
    if (esize == 1)
      mismatch_kernel<<<blocks_for(n), CMP_THREADS>>>((const unsigned char *)a, (const unsigned char *)b, n, d);
    else if (esize == 2)
      mismatch_kernel<<<blocks_for(n), CMP_THREADS>>>((const unsigned short *)a, (const unsigned short *)b, n, d);
    else
      mismatch_kernel<<<blocks_for(n), CMP_THREADS>>>((const unsigned *)a, (const unsigned *)b, n, d);
  });
  return (long)h.mismatch;
}
