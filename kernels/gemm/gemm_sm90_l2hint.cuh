// gemm_sm90_l2hint.cuh — the producer's copies of gemm_sm90.cu with an L2 eviction priority
// (L2_HINT). When B streams through L2 once (a skinny M: each B tile is read by the CTAs of one
// tile column, at about the same time, and never again) while A is read by every CTA, L2_HINT=1
// copies B evict-first and A evict-last: B's lines then replace each other instead of what L2
// held before the call (another kernel's dirty lines, which would have to be written back to
// DRAM under the call's reads) or A's rows. L2_HINT=2 is the same with A and B exchanged (a
// skinny N). The priorities are hints to L2's replacement, nothing more: results do not depend
// on them. The copies are the plain and multicast tiled loads of sm90/tma.cuh with the
// instruction's .L2::cache_hint operand (a policy made by createpolicy).
#pragma once
#include <cuda.h>
#include <stdint.h>

#include "gemm_sm90_config.cuh"
#include "sm90/tma.cuh"

namespace g90 {
namespace l2hint {

// The policy for A's copies (a = true) or B's: evict_last for the operand every CTA reads,
// evict_first for the one that streams; none with L2_HINT=0 (0, unused: the copies take no hint).
__device__ __forceinline__ uint64_t policy(bool a) {
  uint64_t pol = 0;
  if constexpr (L2_HINT != 0) {
    if ((L2_HINT == 1 && a) || (L2_HINT == 2 && !a))
      asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;\n" : "=l"(pol));
    else
      asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\n" : "=l"(pol));
  }
  return pol;
}

// sm90::tma_load_3d with the policy
__device__ __forceinline__ void load_3d(uint32_t dst, const CUtensorMap *map, uint32_t bar, int col, int row,
                                        int head, uint64_t pol) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint"
      " [%0], [%1, {%2, %3, %4}], [%5], %6;\n" ::"r"(dst),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(col), "r"(row), "r"(head), "r"(bar), "l"(pol)
      : "memory");
}

// sm90::tma_load_3d_multicast with the policy
__device__ __forceinline__ void load_3d_multicast(uint32_t dst, const CUtensorMap *map, uint32_t bar, int col,
                                                  int row, int head, uint16_t cta_mask, uint64_t pol) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      ".multicast::cluster.L2::cache_hint [%0], [%1, {%2, %3, %4}], [%5], %6, %7;\n" ::"r"(dst),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(col), "r"(row), "r"(head), "r"(bar), "h"(cta_mask),
      "l"(pol)
      : "memory");
}

// The producer's one copy: the box at (col, row) of map into dst, signalling bar, into this CTA
// only (cta_mask 0) or multicast to the CTAs of cta_mask; with the policy when L2_HINT is set.
__device__ __forceinline__ void copy(uint32_t dst, const CUtensorMap *map, uint32_t bar, int col, int row,
                                     uint16_t cta_mask, uint64_t pol) {
  if (cta_mask == 0) {
    if constexpr (L2_HINT != 0)
      load_3d(dst, map, bar, col, row, 0, pol);
    else
      sm90::tma_load_3d(dst, map, bar, col, row, 0);
  } else {
    if constexpr (L2_HINT != 0)
      load_3d_multicast(dst, map, bar, col, row, 0, cta_mask, pol);
    else
      sm90::tma_load_3d_multicast(dst, map, bar, col, row, 0, cta_mask);
  }
}

}  // namespace l2hint
}  // namespace g90
