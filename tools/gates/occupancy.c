// occupancy.c — see occupancy.h.
#include "occupancy.h"

static long round_up(long x, long unit) { return (x + unit - 1) / unit * unit; }

struct occupancy occupancy_calc(const struct arch_limits *a, long threads, long regs,
                                long smem_static, long smem_dynamic) {
  struct occupancy r = {0, 0, 0, 0.0, 0, ""};
  r.warps_per_block = (int)((threads + a->warp_size - 1) / a->warp_size);
  r.smem_per_block = round_up(smem_static + smem_dynamic + a->smem_reserved, a->smem_granularity);
  if (threads <= 0 || threads > a->max_threads_per_block) {
    r.limiter = "block size";
    return r;
  }
  long w = r.warps_per_block;

  long blocks = a->max_warps_per_sm / w;
  r.limiter = "warps";
  if (a->max_blocks_per_sm < blocks) { blocks = a->max_blocks_per_sm; r.limiter = "blocks"; }

  long reg_warp = round_up(regs * a->warp_size, a->reg_granularity);
  if (regs > a->max_regs_per_thread || reg_warp * w > a->regs_per_block ||
      reg_warp * round_up(w, a->sub_partitions) > a->regs_per_block) {
    r.limiter = "registers per block";
    return r;
  }
  if (reg_warp > 0) {
    long warps_by_regs = (a->regs_per_sm / a->sub_partitions) / reg_warp * a->sub_partitions;
    if (warps_by_regs / w < blocks) { blocks = warps_by_regs / w; r.limiter = "registers"; }
  }

  if (smem_static + smem_dynamic > a->smem_per_block_optin) {
    r.limiter = "shared memory per block";
    return r;
  }
  if (a->smem_per_sm / r.smem_per_block < blocks) {
    blocks = a->smem_per_sm / r.smem_per_block;
    r.limiter = "shared memory";
  }

  r.blocks_per_sm = (int)blocks;
  r.active_warps = (int)(blocks * w);
  r.occupancy = (double)r.active_warps / a->max_warps_per_sm;
  return r;
}
