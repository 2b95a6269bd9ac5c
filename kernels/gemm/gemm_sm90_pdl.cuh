// gemm_sm90_pdl.cuh — programmatic dependent launches between the kernels of one GEMM call (PDL=1,
// gemm_sm90.cu): the padded copies, the main kernel, then the split-K sum or C's copy-out. A kernel
// launched as a dependent of the one before it in the stream may start its CTAs once every CTA of
// that one has executed `griddepcontrol.launch_dependents` (or exited), so its launch and set-up
// run under the other's tail; it executes `griddepcontrol.wait` before it touches anything the
// other writes, which returns once the other has completed and its stores are visible. Only the
// call's second and later launches are dependents: the first waits for whatever ran before the
// call as any launch does. `griddepcontrol.wait` in a kernel launched the ordinary way returns at
// once.
#pragma once
#include <cuda_runtime.h>

#include <utility>

namespace pdl {

// This CTA lets the stream's next kernel start (if it was launched as a dependent).
__device__ __forceinline__ void let_next_start() { asm volatile("griddepcontrol.launch_dependents;" ::: "memory"); }

// Until the kernel before this one in the stream has completed and its stores are visible.
__device__ __forceinline__ void wait_for_prior() { asm volatile("griddepcontrol.wait;" ::: "memory"); }

// k<<<grid, block, smem, st>>>(args...), as a programmatic dependent of the stream's previous
// kernel when `dependent`.
template <typename... Params, typename... Args>
cudaError_t launch(void (*k)(Params...), dim3 grid, dim3 block, size_t smem, cudaStream_t st, bool dependent,
                   Args &&...args) {
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = grid;
  cfg.blockDim = block;
  cfg.dynamicSmemBytes = smem;
  cfg.stream = st;
  cfg.attrs = attr;
  cfg.numAttrs = dependent ? 1u : 0u;
  return cudaLaunchKernelEx(&cfg, k, std::forward<Args>(args)...);
}

}  // namespace pdl
