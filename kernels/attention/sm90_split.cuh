// sm90_split.cuh — the hand-over of an item cut between CTAs (PERSISTENT=2, sm90_sched.cuh): each
// CTA that computes a later piece of an item (the first segment of its run in the last round,
// starting past tile 0) leaves, per consumer warpgroup, its partial softmax state — O
// unnormalised, the row maxima m and this thread's row sums l, all fp32 — in its slot of the
// workspace and then raises its flag; the CTA holding the item's tile 0 computes its own piece
// last in its run, waits for the flag of each later CTA whose (non-empty) run starts inside the
// item, merges the states as FlashAttention's log-sum-exp rule does (WgConsumer::merge) and
// stores O.
//   flags: one word per CTA and consumer warpgroup, 1 once the partial is ready; each is raised
//     at most once a launch (a CTA publishes only the first segment of its last-round run) and
//     consumed by exactly one merging warpgroup, which resets it to 0 once its four warps have
//     seen it. The flags are the plan's zeroed workspace (attn.h): zero on entry, zeroed once by
//     the harness, and left zero by every launch, so no call spends a memset or a kernel on them
//     (a memset node cost about 1.4 us of a 43 us call at D=64 S=2048 on the H200, and a zeroing
//     kernel as a programmatic dependent launch about as much, NOTES-sm90 v10)
//   slots: per CTA and consumer warpgroup (D/2 + 4)·128 floats, thread-major float4 columns so
//     that a warpgroup's stores and loads are whole 512-byte lines; through L2 only (the other CTA
//     may be on another SM)
// Deadlock-free when the G CTAs are resident together (one per SM, G = the SM count at most;
// kernel_prepare refuses a plan the device cannot hold at once): a CTA waits only at the end of its
// run, and only for higher-numbered CTAs, which publish their piece before any wait of their own.
#pragma once
#include <stdint.h>

#include "sm90_config.cuh"
#include "sm90_params.cuh"

namespace fa90 {

constexpr int PART_FLOATS = (D / 2 + 4) * 128;  // one consumer warpgroup's partial state

// The barrier of consumer warpgroup w's own 128 threads (ids 4..6; 1..3 are the ping-pong turn's).
__device__ __forceinline__ void wg_sync(int w) {
  if (w == 0)
    asm volatile("bar.sync 4, 128;\n" ::: "memory");
  else if (WGS == 2 || w == 1)
    asm volatile("bar.sync 5, 128;\n" ::: "memory");
  else
    asm volatile("bar.sync 6, 128;\n" ::: "memory");
}

__device__ __forceinline__ float *part_slot(const Params &p, int cta, int w) {
  return p.part + ((size_t)cta * WGS + w) * PART_FLOATS;
}

// After every thread of warpgroup w has stored its partial (WgConsumer::save): publish it.
__device__ __forceinline__ void part_publish(const Params &p, int w) {
  __threadfence();
  wg_sync(w);
  if ((threadIdx.x & 127) == 0) {
    unsigned *f = p.flags + (size_t)blockIdx.x * WGS + w;
    asm volatile("st.release.gpu.global.u32 [%0], 1;\n" ::"l"(f) : "memory");
  }
}

// Before warpgroup w reads CTA cta's partial: wait for its flag, then reset it for the next
// launch. Every thread polls (with acquire: its own reads come after), and a warp leaves the loop
// on a vote, so the loop stays warp-uniform (a loop of one lane made ptxas treat the consumers'
// ring and descriptor arithmetic as divergent and move it out of the uniform registers, slowing
// every tile); the reset waits for the warpgroup's four warps to have seen the flag raised.
__device__ __forceinline__ void part_acquire(const Params &p, int cta, int w) {
  unsigned *f = p.flags + (size_t)cta * WGS + w;
  unsigned v;
  do {
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];\n" : "=r"(v) : "l"(f) : "memory");
  } while (!__all_sync(0xffffffffu, v == 1u));
  wg_sync(w);
  if ((threadIdx.x & 127) == 0) asm volatile("st.relaxed.gpu.global.u32 [%0], 0;\n" ::"l"(f) : "memory");
}

}  // namespace fa90
