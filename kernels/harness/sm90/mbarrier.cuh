// sm90/mbarrier.cuh — shared-memory mbarriers (sm_90), shared by the Hopper kernels
// (attention/flash_attn_sm90.cu, gemm/gemm_sm90.cu): a "full" barrier per pipeline stage
// completes when the producer has arrived once and the tensor copies of the stage have delivered
// the bytes it announced (expect_tx); an "empty" barrier completes when every consumer warpgroup
// has finished reading the stage (one arrival each, by its first thread once the warpgroup's
// wgmmas on the stage have completed). Waiters name the phase by its
// parity: the k-th use of a stage (k = 0, 1, ...) completes phase k, parity k & 1.
#pragma once
#include <stdint.h>

namespace sm90 {

__device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count) : "memory");
}

// Makes the initialised barriers visible to the other threads and to the copy engine (the async
// proxy); the CTA barrier that follows publishes them.
__device__ __forceinline__ void mbar_fence_init() {
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}

// One arrival that also raises the phase's expected transaction count by tx bytes.
__device__ __forceinline__ void mbar_arrive_expect_tx(uint32_t bar, uint32_t tx) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(tx)
               : "memory");
}

__device__ __forceinline__ void mbar_arrive(uint32_t bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}

// Spins until the phase of the given parity has completed. On a fresh barrier the phase of
// parity 1 counts as completed (the one before phase 0), so a producer's first wait on an empty
// slot, parity ((k & 1) ^ 1) with k = 0, returns at once.
__device__ __forceinline__ void mbar_wait(uint32_t bar, uint32_t parity) {
  uint32_t done;
  do {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
        "selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(bar), "r"(parity)
        : "memory");
  } while (!done);
}

}  // namespace sm90
