// problem.h — the contract between the generic bench harness (kernels/harness/) and a problem
// (kernels/<problem>/problem.cu): what is computed, on which inputs, against which reference,
// within which tolerance, and by which kernel.
//
// A bench binary links the harness objects, one problem's problem.cu and its host shape code
// (shape.h), and one kernel source of that problem, which implements the problem's own kernel
// contract (kernels/attention/attn.h, kernels/gemm/gemm.h); problem.cu adapts it to the
// functions below. The harness owns the command line, the device, timing, the numerics
// procedure and the sample file; it knows nothing of the problem's tensors.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stddef.h>

#include "plan.h"
#include "shape.h"

// The device buffers of one shape: inputs, the output, the fp32 reference, the workspace.
typedef struct problem_bufs problem_bufs;

// This binary's problem (its parse, format and work).
const problem_host *problem_this(void);

// The kernel contract, passed through: describe (no CUDA call; -1 with a message when this
// build cannot run the shape), prepare (once per shape), release, the main kernel (NULL when
// the harness cannot name it, e.g. a library call) and the compile-time configuration.
int problem_describe(const problem_shape *s, int sm_count, kernel_plan *plan, char *msg, size_t msglen);
cudaError_t problem_prepare(const problem_shape *s, const kernel_plan *plan);
void problem_release(void);
const void *problem_main_kernel(const kernel_plan *plan);
const char *problem_config(void);

// Allocates the buffers of shape s and a workspace of ws_bytes whose first ws_zeroed bytes are
// zeroed, once (kernel_plan's workspace_zeroed; CUDA errors exit 4).
problem_bufs *problem_alloc(const problem_shape *s, size_t ws_bytes, size_t ws_zeroed);
void problem_free(problem_bufs *b);
// The input sets: uniform (bench_fill.h), and hard: the uniform values reshaped by the problem
// where a kernel's shortcuts fail (attention: keys growing along the sequence, so that a row's
// maximum moves after its first tiles), the uniform set itself where a problem has none.
enum { PROBLEM_INPUTS_UNIFORM = 0, PROBLEM_INPUTS_HARD = 1 };
// Fills the inputs of set `set` from seed (a pure function of seed, set, tensor and index).
void problem_fill(problem_bufs *b, unsigned long long seed, int set, cudaStream_t stream);
// The fp32 reference output on the GPU, from the current inputs, on stream.
void problem_reference(problem_bufs *b, cudaStream_t stream);
// One call of the kernel on the buffers, asynchronously on stream.
cudaError_t problem_run(problem_bufs *b, const kernel_plan *plan, cudaStream_t stream);
// The output (fp16), the reference (fp32), both of n elements, and the workspace, on the device.
typedef struct {
  __half *out;
  float *ref;
  size_t n;
  void *ws;
  size_t ws_bytes;
  size_t ws_zeroed;  // the workspace's leading bytes that must be zero between calls
} problem_view;
problem_view problem_buffers(const problem_bufs *b);
// Numerics criteria for the kernel against the fp32 reference: numpy.allclose(atol, rtol) on
// every element, and max |out - ref| / max |ref| <= max_rel.
void problem_tolerance(const problem_shape *s, double *atol, double *rtol, double *max_rel);

// --check-ref: the fp64 CPU reference of the current inputs (copied from the device) into out
// (n doubles). Only for shapes of at most REF_CHECK_MAX_WORK multiply-adds, which the harness
// checks with the problem's work.
void problem_reference_fp64(const problem_bufs *b, double *out);
// The shapes --check-ref checks when none is given, NULL-terminated.
extern const char *const problem_ref_shapes[];
