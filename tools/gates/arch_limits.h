// arch_limits.h — per-architecture resource limits used by the static gates and the
// occupancy calculation (CUDA C Programming Guide, "Technical Specifications per Compute
// Capability", and the rules of NVIDIA's occupancy calculator, cuda_occupancy.h).
#pragma once

struct arch_limits {
  const char *name;          // "sm_90"
  const char *part;          // reference part whose SM count is the default
  int sm_count;              // SMs of the reference part
  int smem_per_sm;           // bytes, largest shared memory carveout (includes reserved)
  int smem_per_block_optin;  // bytes a block may use after opting in (static + dynamic)
  int smem_reserved;         // bytes the driver reserves per block
  int smem_granularity;      // bytes, shared memory allocation unit per block
  int regs_per_sm;           // 32-bit registers per SM
  int regs_per_block;        // 32-bit registers per block
  int max_regs_per_thread;
  int reg_granularity;       // registers, allocation unit per warp
  int sub_partitions;        // register file partitions per SM (warps are spread over them)
  int max_threads_per_block;
  int max_warps_per_sm;
  int max_blocks_per_sm;
  int warp_size;
};

// The table entry for "sm_80", "sm_86", "sm_89", "sm_90" or "sm_90a"; NULL for anything else.
const struct arch_limits *arch_limits_find(const char *name);
