// bench_tensors.h — the device buffers of one shape, as the problem declares them
// (problem_tensors_of, problem.h): its inputs and outputs of any element type, each output's
// reference (bench_types.h), and the kernel's workspace; allocated, filled and freed the same way
// for every problem.
#pragma once
#include <cuda_runtime.h>
#include <stddef.h>

#include "problem.h"

typedef struct {
  problem_shape s;
  problem_tensors d;                // the declaration at s
  problem_io io;                    // the device inputs and outputs
  void *ref[PROBLEM_MAX_TENSORS];   // each output's reference, d.out[i].count elements
  void *ws;                         // ws_bytes, NULL when 0
  size_t ws_bytes;
  size_t ws_zeroed;  // leading bytes of ws zeroed at allocation (kernel_plan's workspace_zeroed)
} bench_tensors;

// Allocates the tensors of shape s and ws_bytes of workspace whose first ws_zeroed bytes it
// zeroes. A declaration out of bounds (counts of inputs or outputs, an empty tensor, an unknown
// type) exits 2; CUDA errors exit 4.
bench_tensors *bench_tensors_alloc(const problem_shape *s, size_t ws_bytes, size_t ws_zeroed);
void bench_tensors_free(bench_tensors *t);
// Fills every input by its type from seed (bench_fill.h), then, for the hard set, lets the
// problem reshape them (problem_harden), on stream.
enum { BENCH_INPUTS_UNIFORM = 0, BENCH_INPUTS_HARD = 1 };
void bench_tensors_fill(const bench_tensors *t, unsigned long long seed, int set, cudaStream_t stream);
// Runs the problem's reference of every output into t->ref, on stream.
void bench_tensors_reference(const bench_tensors *t, cudaStream_t stream);
// Bytes of output i.
size_t bench_out_bytes(const bench_tensors *t, int i);
