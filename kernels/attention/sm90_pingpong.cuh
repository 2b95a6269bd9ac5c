// sm90_pingpong.cuh — ping-pong scheduling of flash_attn_sm90.cu's consumer warpgroups
// (PINGPONG=1, two or three of them): they take turns issuing S = Q·Kᵀ (with OVERLAP=1 also the
// previous tile's P·V, which is issued with it), so that one
// warpgroup's softmax runs while the tensor cores work on another's, instead of the warpgroups
// drifting into step and leaving the tensor cores idle during softmax together (the
// FlashAttention-3 paper's "pingpong scheduling"; with three the turn goes round).
//
// One named barrier per warpgroup (ids 1..WGS; 0 is __syncthreads), each completing on 256
// arrivals: the 128 threads of its owner waiting (bar.sync) and the 128 of the warpgroup before it
// in the round signalling (bar.arrive). Warpgroup w waits on its own barrier before issuing, and
// signals the next one's (w + 1 mod WGS) once it has issued. The last warpgroup signals warpgroup
// 0's barrier once before its first tile (warpgroup 0 goes first); so that no barrier is left
// half-complete when the CTA ends, warpgroup 0 takes that one extra turn at the end (finish),
// after the last warpgroup's last signal. The turns run on across a persistent CTA's items: all
// warpgroups compute the same items, tile for tile. Every consumer thread takes part on every
// tile, also on tiles it skips (masked or past Sq).
#pragma once
#include "sm90_config.cuh"

namespace fa90 {

struct PingPong {
  int w;  // consumer warpgroup, 0 .. WGS - 1

  // The barrier of warpgroup v (id v + 1): wait on it (SYNC) or signal it. Ids as immediates:
  // with a register id ptxas reserves all 16 named barriers of the CTA.
  template <bool SYNC, int ID>
  static __device__ __forceinline__ void bar() {
    if (SYNC)
      asm volatile("bar.sync %0, 256;\n" ::"n"(ID) : "memory");
    else
      asm volatile("bar.arrive %0, 256;\n" ::"n"(ID) : "memory");
  }
  template <bool SYNC>
  static __device__ __forceinline__ void bar_of(int v) {
    if (v == 0)
      bar<SYNC, 1>();
    else if (WGS == 2 || v == 1)  // (with two, no id 3 is reserved)
      bar<SYNC, 2>();
    else
      bar<SYNC, 3>();
  }

  __device__ __forceinline__ void init(int wg) {
    w = wg;
    if (PINGPONG && w == WGS - 1) bar_of<false>(0);
  }
  // Waits for this warpgroup's turn to issue its GEMMs.
  __device__ __forceinline__ void begin() const {
    if (PINGPONG) bar_of<true>(w);
  }
  // Hands the turn to the next warpgroup.
  __device__ __forceinline__ void end() const {
    if (PINGPONG) bar_of<false>(w == WGS - 1 ? 0 : w + 1);
  }
  // After the last tile: warpgroup 0 takes the turn the last warpgroup handed over last.
  __device__ __forceinline__ void finish() const {
    if (PINGPONG && w == 0) bar_of<true>(0);
  }
};

}  // namespace fa90
