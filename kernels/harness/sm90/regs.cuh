// sm90/regs.cuh — setmaxnreg (sm_90a), shared by the Hopper kernels: a warp-specialised CTA
// starts with the register file split evenly over its threads; the producer warpgroup, which only
// issues copies, gives most of its share back (dec) and the consumer warpgroups, which hold the
// accumulators, take it (inc). Every warp of a warpgroup must execute the same one; the counts
// are immediates, multiples of 8 in 24..256.
#pragma once

namespace sm90 {

template <int REGS>
__device__ __forceinline__ void regs_dec() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(REGS));
}
template <int REGS>
__device__ __forceinline__ void regs_inc() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(REGS));
}

}  // namespace sm90
