// sm90_pingpong.cuh — ping-pong scheduling of flash_attn_sm90.cu's two consumer warpgroups
// (PINGPONG=1): they take turns issuing S = Q·Kᵀ, so that one warpgroup's softmax runs while the
// tensor cores work on the other's GEMMs, instead of both warpgroups drifting into step and
// leaving the tensor cores idle during softmax together (the FlashAttention-3 paper's
// "pingpong scheduling").
//
// Two named barriers (ids 1 and 2; 0 is __syncthreads), one per warpgroup, each completing on
// 256 arrivals: the 128 threads of its owner waiting (bar.sync) and the 128 of the other
// warpgroup signalling (bar.arrive). Warpgroup w waits on its own barrier before issuing, and
// signals the other's once it has issued. Warpgroup 1 signals warpgroup 0's barrier once before
// its first tile (warpgroup 0 goes first); so that no barrier is left half-complete when the CTA
// ends, warpgroup 0 takes that one extra turn at the end (finish), after warpgroup 1's last
// signal. The turns run on across a persistent CTA's items: both warpgroups compute the same
// items, tile for tile. Every consumer thread takes part on every tile, also on tiles it skips
// (masked or past Sq).
#pragma once
#include "sm90_config.cuh"

namespace fa90 {

struct PingPong {
  int w;  // consumer warpgroup, 0 or 1

  // ids as immediates: with a register id ptxas reserves all 16 named barriers of the CTA
  template <int ID>
  static __device__ __forceinline__ void bar_sync() {
    asm volatile("bar.sync %0, 256;\n" ::"n"(ID) : "memory");
  }
  template <int ID>
  static __device__ __forceinline__ void bar_arrive() {
    asm volatile("bar.arrive %0, 256;\n" ::"n"(ID) : "memory");
  }

  __device__ __forceinline__ void init(int wg) {
    w = wg;
    if (PINGPONG && w == 1) bar_arrive<1>();
  }
  // Waits for this warpgroup's turn to issue its GEMMs.
  __device__ __forceinline__ void begin() const {
    if (!PINGPONG) return;
    if (w == 0)
      bar_sync<1>();
    else
      bar_sync<2>();
  }
  // Hands the turn to the other warpgroup.
  __device__ __forceinline__ void end() const {
    if (!PINGPONG) return;
    if (w == 0)
      bar_arrive<2>();
    else
      bar_arrive<1>();
  }
  // After the last tile: warpgroup 0 takes the turn warpgroup 1 handed over last.
  __device__ __forceinline__ void finish() const {
    if (PINGPONG && w == 0) bar_sync<1>();
  }
};

}  // namespace fa90
