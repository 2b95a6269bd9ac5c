// bench_tensors.h — the device buffers a problem layer keeps for one shape: its fp16 inputs, one
// fp16 output, the output's fp32 reference and the kernel's workspace; allocated, freed, filled
// and viewed (problem.h's problem_view) the same way for every problem.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include "problem.h"

enum { BENCH_MAX_INPUTS = 4 };

typedef struct {
  __half *in[BENCH_MAX_INPUTS];  // the inputs, input i filled as tensor i (bench_fill_half)
  size_t n_in[BENCH_MAX_INPUTS];
  int nin;
  __half *out;  // n_out elements
  float *ref;   // n_out elements
  size_t n_out;
  void *ws;     // ws_bytes, NULL when 0
  size_t ws_bytes;
  size_t ws_zeroed;  // leading bytes of ws zeroed at allocation (kernel_plan's workspace_zeroed)
} bench_tensors;

// Allocates nin inputs of n_in[i] halves, the output and its reference of n_out elements, and
// ws_bytes of workspace whose first ws_zeroed bytes it zeroes (CUDA errors exit 4).
void bench_tensors_alloc(bench_tensors *t, int nin, const size_t *n_in, size_t n_out,
                         size_t ws_bytes, size_t ws_zeroed);
void bench_tensors_free(bench_tensors *t);
// Fills every input from seed, on stream.
void bench_tensors_fill(const bench_tensors *t, unsigned long long seed, cudaStream_t stream);
problem_view bench_tensors_view(const bench_tensors *t);

// problem_free, problem_fill and problem_buffers (problem.h) for a problem layer whose
// struct problem_bufs keeps its buffers in a bench_tensors member t, as every problem's does:
// expanded once in its problem.cu. HARDEN(b, stream) reshapes the uniform inputs into the hard
// set (problem.h), or is BENCH_NO_HARD_INPUTS where the problem has none.
#define BENCH_NO_HARD_INPUTS(b, stream) ((void)(b), (void)(stream))
#define BENCH_TENSORS_PROBLEM_FUNCTIONS(HARDEN)                                           \
  void problem_free(problem_bufs *b) {                                                   \
    bench_tensors_free(&b->t);                                                           \
    free(b);                                                                             \
  }                                                                                      \
  void problem_fill(problem_bufs *b, unsigned long long seed, int set, cudaStream_t stream) { \
    bench_tensors_fill(&b->t, seed, stream);                                             \
    if (set == PROBLEM_INPUTS_HARD) HARDEN(b, stream);                                   \
  }                                                                                      \
  problem_view problem_buffers(const problem_bufs *b) { return bench_tensors_view(&b->t); }
