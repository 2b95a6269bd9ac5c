// occupancy.h — theoretical occupancy of one kernel launch by the rules of NVIDIA's occupancy
// calculator: warps per block rounded up; registers allocated per warp in units of
// reg_granularity and spread over the SM's sub-partitions; shared memory per block =
// static + dynamic + the driver's reserved bytes, rounded up to smem_granularity, against the
// largest carveout; limits on warps and blocks per SM. Nothing here needs a GPU.
#pragma once
#include "arch_limits.h"

struct occupancy {
  int warps_per_block;
  int blocks_per_sm;    // 0 when the block cannot launch at all
  int active_warps;     // blocks_per_sm * warps_per_block
  double occupancy;     // active_warps / max_warps_per_sm
  long smem_per_block;  // allocated bytes, reserved part included
  const char *limiter;  // "warps", "blocks", "registers", "shared memory", or why 0 blocks
};

// threads per block, registers per thread, static and dynamic shared memory in bytes.
struct occupancy occupancy_calc(const struct arch_limits *a, long threads, long regs,
                                long smem_static, long smem_dynamic);
