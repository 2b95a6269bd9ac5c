// gemm_ptx.cuh — the PTX wrappers gemm_mma.cu uses: the shared ones (kernels/harness/mma_ptx.cuh)
// in namespace gm.
#pragma once
#include "mma_ptx.cuh"

namespace gm {
using namespace ptx;
}  // namespace gm
