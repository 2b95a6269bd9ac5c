// sm90/ring.cuh — a position in a ring of SLOTS shared-memory slots, shared by the Hopper kernels
// (flash_attn_sm90.cu's K ring and V ring, gemm_sm90.cu's ring of A and B tiles). The producer and
// every consumer walk each ring in the same order, one tile after another, so each keeps its own
// position: the slot, and the parity of that slot's current use (its k-th use completes phase k
// of the slot's barriers, sm90/mbarrier.cuh). Stepping a counter instead of dividing a tile index
// keeps the slot arithmetic off the path that issues the GEMMs.
#pragma once
#include <stdint.h>

namespace sm90 {

template <int SLOTS>
struct Ring {
  int slot = 0;
  uint32_t phase = 0;

  __device__ __forceinline__ void next() {
    if (++slot == SLOTS) {
      slot = 0;
      phase ^= 1u;
    }
  }
  // n tiles on (n >= 0): past the tiles another consumer takes (gemm_sm90.cu's ping-pong).
  __device__ __forceinline__ void advance(int n) {
    const int t = slot + n;
    slot = t % SLOTS;
    phase ^= (uint32_t)(t / SLOTS) & 1u;
  }
};

}  // namespace sm90
