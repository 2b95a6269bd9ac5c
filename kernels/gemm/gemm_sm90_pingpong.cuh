// gemm_sm90_pingpong.cuh — ping-pong scheduling of gemm_sm90.cu's two consumer warpgroups
// (PINGPONG=1): each computes every other unit of the CTA's sequence on its own tiles, and they
// take turns issuing their mainloops, so that one's epilogue (the stores of C) runs while the
// tensor cores work through the other's K tiles instead of idling. The same turn as attention's
// (kernels/attention/sm90_pingpong.cuh), but between two warpgroups whose unit counts may differ
// by one, so the turn left over at the end falls to either.
//
// Named barriers 3 and 4 (1 and 2 are the warpgroups' own, wg_sync; 0 is __syncthreads), each
// completing on 256 arrivals: the 128 threads of its owner waiting (bar.sync) and the 128 of the
// other signalling (bar.arrive). Warpgroup w waits on its own barrier before its mainloop and
// signals the other's once it has issued its last wgmma. Warpgroup 1 signals warpgroup 0's once at
// the start (0 goes first); after n units the last signal went to warpgroup n % 2, which takes that
// turn at the end (finish), so that no barrier is left half complete when the CTA ends.
#pragma once

namespace g90 {

struct Turn {
  int w;  // consumer warpgroup, 0 or 1

  // Ids as immediates: with a register id ptxas reserves all 16 named barriers of the CTA.
  template <bool SYNC>
  static __device__ __forceinline__ void bar_of(int v) {
    if (v == 0) {
      if (SYNC)
        asm volatile("bar.sync 3, 256;\n" ::: "memory");
      else
        asm volatile("bar.arrive 3, 256;\n" ::: "memory");
    } else {
      if (SYNC)
        asm volatile("bar.sync 4, 256;\n" ::: "memory");
      else
        asm volatile("bar.arrive 4, 256;\n" ::: "memory");
    }
  }

  __device__ __forceinline__ void init(int wg) {
    w = wg;
    if (w == 1) bar_of<false>(0);
  }
  // Waits for this warpgroup's turn to issue its mainloop.
  __device__ __forceinline__ void begin() const { bar_of<true>(w); }
  // Hands the turn over, once this warpgroup's wgmmas are issued.
  __device__ __forceinline__ void end() const { bar_of<false>(w ^ 1); }
  // After the CTA's n units: the warpgroup the last turn went to takes it.
  __device__ __forceinline__ void finish(int n) const {
    if (w == (n & 1)) bar_of<true>(w);
  }
};

}  // namespace g90
