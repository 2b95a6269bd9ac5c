// bench_tensors.cu — a shape's device buffers (bench_tensors.h).
#include <stdlib.h>
#include <string.h>

#include "bench_cuda.h"
#include "bench_fill.h"
#include "bench_tensors.h"
#include "bench_types.h"

// Exits 2 unless the n tensors of d (kind "input" or "output") are within the contract's bounds.
static void check_decl(const problem_tensor *d, int n, const char *kind) {
  if (n < 1 || n > PROBLEM_MAX_TENSORS)
    bench_usage_fail("a problem has 1 to %d %ss, not %d (problem_tensors_of)", PROBLEM_MAX_TENSORS, kind, n);
  for (int i = 0; i < n; i++) {
    if (!strcmp(bench_type_name(d[i].type), "?")) bench_usage_fail("%s %d: unknown element type %d", kind, i, (int)d[i].type);
    if (!d[i].count) bench_usage_fail("%s %d (%s): no elements", kind, i, d[i].name ? d[i].name : "?");
    if (!d[i].name || !d[i].name[0] || strpbrk(d[i].name, " \t\n="))
      bench_usage_fail("%s %d: its name must be a word", kind, i);
  }
}

static void *dev_alloc(size_t bytes) {
  void *p;
  BENCH_CUDA(cudaMalloc(&p, bytes));
  return p;
}

bench_tensors *bench_tensors_alloc(const problem_shape *s, size_t ws_bytes, size_t ws_zeroed) {
  if (ws_zeroed > ws_bytes)
    bench_usage_fail("the plan's zeroed workspace (%zu bytes) exceeds its workspace (%zu)", ws_zeroed, ws_bytes);
  bench_tensors *t = (bench_tensors *)calloc(1, sizeof *t);
  if (!t) bench_usage_fail("out of host memory");
  t->s = *s;
  problem_tensors_of(s, &t->d);
  check_decl(t->d.in, t->d.nin, "input");
  check_decl(t->d.out, t->d.nout, "output");
  for (int i = 0; i < t->d.nin; i++) t->io.in[i] = dev_alloc(t->d.in[i].count * bench_type_size(t->d.in[i].type));
  for (int i = 0; i < t->d.nout; i++) {
    t->io.out[i] = dev_alloc(bench_out_bytes(t, i));
    t->ref[i] = dev_alloc(t->d.out[i].count * bench_type_size(bench_ref_type(t->d.out[i].type)));
  }
  t->ws_bytes = ws_bytes;
  if (ws_bytes) t->ws = dev_alloc(ws_bytes);
  t->ws_zeroed = ws_zeroed;
  if (ws_zeroed) {
    BENCH_CUDA(cudaMemset(t->ws, 0, ws_zeroed));
    BENCH_CUDA(cudaDeviceSynchronize());
  }
  return t;
}

void bench_tensors_free(bench_tensors *t) {
  for (int i = 0; i < t->d.nin; i++) BENCH_CUDA(cudaFree(t->io.in[i]));
  for (int i = 0; i < t->d.nout; i++) {
    BENCH_CUDA(cudaFree(t->io.out[i]));
    BENCH_CUDA(cudaFree(t->ref[i]));
  }
  if (t->ws) BENCH_CUDA(cudaFree(t->ws));
  free(t);
}

void bench_tensors_fill(const bench_tensors *t, unsigned long long seed, int set, cudaStream_t stream) {
  for (int i = 0; i < t->d.nin; i++) bench_fill(t->io.in[i], t->d.in[i].type, t->d.in[i].count, seed, i, stream);
  if (set == BENCH_INPUTS_HARD) problem_harden(&t->s, &t->io, stream);
}

void bench_tensors_reference(const bench_tensors *t, cudaStream_t stream) {
  problem_reference(&t->s, &t->io, t->ref, stream);
}

size_t bench_out_bytes(const bench_tensors *t, int i) { return t->d.out[i].count * bench_type_size(t->d.out[i].type); }
