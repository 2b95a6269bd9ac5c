// sm90_ring.cuh — a position in one of flash_attn_sm90.cu's rings of STAGES shared-memory slots
// (the K ring, the V ring). The producer and every consumer walk each ring in the same order, one
// tile after another, so each keeps its own position: the slot, and the parity of that slot's
// current use (its k-th use completes phase k of the slot's barriers, sm90_mbarrier.cuh). Stepping
// a counter instead of dividing a tile index keeps the slot arithmetic off the path that issues
// the GEMMs.
#pragma once
#include <stdint.h>

#include "sm90_config.cuh"

namespace fa90 {

struct RingPos {
  int slot = 0;
  uint32_t phase = 0;

  __device__ __forceinline__ void next() {
    if (++slot == STAGES) {
      slot = 0;
      phase ^= 1u;
    }
  }
};

}  // namespace fa90
