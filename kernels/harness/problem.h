// problem.h — the one contract between the generic bench harness (kernels/harness/) and a problem
// (kernels/<problem>/): what is computed, on which tensors, against which reference, within which
// tolerance, and by which kernel. The harness calls each function below, and a problem implements
// each once, in one of two places:
//
//   the kernel    every kernel source of the problem (an experiment's KERNEL, e.g.
//                 kernels/gemm/gemm_mma.cu) implements kernel_*: its launch plan, set-up and
//                 launches, on the harness's shape and tensors;
//   the problem   kernels/<problem>/problem/ implements problem_*: its tensors (element type and
//                 count of each input and output at a shape, each output's tolerance), the hard
//                 inputs, the references (fp32 on the GPU, fp64 on the CPU), and its shapes
//                 (<problem>_shape.c defines `problem_host problem_<problem>`, shape.h; the
//                 registry of problems is generated from the folders kernels/*/problem/).
//
// A problem's header (kernels/<problem>/<problem>.h) may give its kernels a typed view of the
// shape's axes and of the tensors (e.g. gemm_shape_of, gemm_args_of); the harness never calls it.
// The harness owns the command line, the device, the buffers (allocated, filled and poisoned by
// element type), timing, the numerics of every output and the sample file.
#pragma once
#include <cuda_runtime.h>
#include <stddef.h>

#include "plan.h"
#include "shape.h"

#ifdef __cplusplus
extern "C" {
#endif

// ---- tensors
// Element types. Inputs are filled uniformly at random by type (bench_fill.h); an output is
// checked against a reference of fp32 (floating types) or int32 (int32: compared exactly).
// The fp8 types are the OCP formats CUDA names __nv_fp8_e4m3 (max 448, no infinity) and
// __nv_fp8_e5m2 (max 57344), rounded to nearest from fp32, saturating to the largest finite.
typedef enum {
  PROBLEM_F16,
  PROBLEM_BF16,
  PROBLEM_F32,
  PROBLEM_I32,
  PROBLEM_F8E4M3,
  PROBLEM_F8E5M2
} problem_type;
enum { PROBLEM_MAX_TENSORS = 8 };

typedef struct {
  const char *name;  // a word naming it in the check lines, e.g. "o"
  problem_type type;
  size_t count;      // elements at the shape (at least 1)
  // outputs: numpy.allclose(atol, rtol) on every element, and max |out - ref| / max |ref| <=
  // max_rel (ignored for int32, which must equal its reference)
  double atol, rtol, max_rel;
} problem_tensor;

typedef struct {
  int nin, nout;  // 1 to PROBLEM_MAX_TENSORS inputs, 1 to PROBLEM_MAX_TENSORS outputs
  problem_tensor in[PROBLEM_MAX_TENSORS], out[PROBLEM_MAX_TENSORS];
} problem_tensors;

// The device tensors of one shape, in the order problem_tensors declares them.
typedef struct {
  void *in[PROBLEM_MAX_TENSORS];
  void *out[PROBLEM_MAX_TENSORS];
} problem_io;

// ---- the kernel: every kernel source implements these
// The launch plan of shape s on sm_count multiprocessors. Makes no CUDA call (`bench --describe`
// runs on machines without a GPU). Returns 0, or -1 with a message in msg when this build cannot
// run the shape.
int kernel_describe(const problem_shape *s, int sm_count, kernel_plan *plan, char *msg, size_t msglen);
// One-time device setup for a plan, once per shape before its first kernel_run.
cudaError_t kernel_prepare(const problem_shape *s, const kernel_plan *plan);
// One call on the tensors, asynchronously on stream. workspace holds plan->workspace_bytes (NULL
// when 0): its first plan->workspace_zeroed bytes are zero on entry and must be zero again when
// the call completes (plan.h); the rest is unspecified on entry.
cudaError_t kernel_run(const problem_shape *s, const kernel_plan *plan, const problem_io *io,
                       void *workspace, cudaStream_t stream);
// Releases what kernel_prepare made (may be a no-op).
void kernel_release(void);
// The main kernel, for cudaOccupancyMaxActiveBlocksPerMultiprocessor (NULL when the harness
// cannot name it, e.g. a library call).
const void *kernel_main(const kernel_plan *plan);
// The compile-time configuration, e.g. "BLOCK=256 VEC=8", for the sample header.
const char *kernel_config(void);

// ---- the problem: kernels/<problem>/problem/ implements these
// This binary's problem (its parse, format and work: shape.h).
const problem_host *problem_this(void);
// The tensors of shape s: their names, types, counts and the outputs' tolerances.
void problem_tensors_of(const problem_shape *s, problem_tensors *t);
// The hard input set: the uniform inputs reshaped in place where a kernel's shortcuts fail
// (attention: keys growing along the sequence, so that a row's maximum moves after its first
// tiles); nothing where the problem has none.
void problem_harden(const problem_shape *s, const problem_io *io, cudaStream_t stream);
// The reference of every output from the current inputs on the GPU, on stream: ref[i] holds
// out[i].count elements, float for a floating output, int for an int32 one.
void problem_reference(const problem_shape *s, const problem_io *io, void *const *ref, cudaStream_t stream);
// --check-ref: the fp64 CPU reference of every output (out[i], count doubles) from the inputs as
// doubles (in[i]). Only for shapes of at most REF_CHECK_MAX_FLOPS of the problem's work.
void problem_reference_fp64(const problem_shape *s, const double *const *in, double *const *out);
// The shapes --check-ref checks when none is given, NULL-terminated.
extern const char *const problem_ref_shapes[];

#ifdef __cplusplus
}
#endif
