// bench_tensors.cu — a problem's device buffers (bench_tensors.h).
#include <string.h>

#include "bench_cuda.h"
#include "bench_fill.h"
#include "bench_tensors.h"

void bench_tensors_alloc(bench_tensors *t, int nin, const size_t *n_in, size_t n_out,
                         size_t ws_bytes, size_t ws_zeroed) {
  if (ws_zeroed > ws_bytes)
    bench_usage_fail("the plan's zeroed workspace (%zu bytes) exceeds its workspace (%zu)", ws_zeroed, ws_bytes);
  if (nin < 1 || nin > BENCH_MAX_INPUTS) bench_usage_fail("a problem has 1 to %d inputs, not %d", BENCH_MAX_INPUTS, nin);
  memset(t, 0, sizeof *t);
  t->nin = nin;
  for (int i = 0; i < nin; i++) {
    t->n_in[i] = n_in[i];
    BENCH_CUDA(cudaMalloc(&t->in[i], n_in[i] * sizeof(__half)));
  }
  t->n_out = n_out;
  t->ws_bytes = ws_bytes;
  BENCH_CUDA(cudaMalloc(&t->out, n_out * sizeof(__half)));
  BENCH_CUDA(cudaMalloc(&t->ref, n_out * sizeof(float)));
  if (ws_bytes) BENCH_CUDA(cudaMalloc(&t->ws, ws_bytes));
  t->ws_zeroed = ws_zeroed;
  if (ws_zeroed) {
    BENCH_CUDA(cudaMemset(t->ws, 0, ws_zeroed));
    BENCH_CUDA(cudaDeviceSynchronize());
  }
}

void bench_tensors_free(bench_tensors *t) {
  for (int i = 0; i < t->nin; i++) BENCH_CUDA(cudaFree(t->in[i]));
  BENCH_CUDA(cudaFree(t->out));
  BENCH_CUDA(cudaFree(t->ref));
  if (t->ws) BENCH_CUDA(cudaFree(t->ws));
  memset(t, 0, sizeof *t);
}

void bench_tensors_fill(const bench_tensors *t, unsigned long long seed, cudaStream_t stream) {
  for (int i = 0; i < t->nin; i++) bench_fill_half(t->in[i], t->n_in[i], seed, i, stream);
}

problem_view bench_tensors_view(const bench_tensors *t) {
  problem_view v = {t->out, t->ref, t->n_out, t->ws, t->ws_bytes, t->ws_zeroed};
  return v;
}
