// bench_plan.cu — launch-plan text for --describe and the header, and occupancy.
#include <stdio.h>
#include "bench_cuda.h"
#include "bench_plan.h"
#include "problem.h"

void bench_plan_format(const kernel_plan *p, char *buf, size_t len) {
  // only where the plan keeps a zeroed workspace, and only in a dispatching build
  char zeroed[48] = "", config[80] = "";
  if (p->workspace_zeroed) snprintf(zeroed, sizeof zeroed, " workspace_zeroed=%zu", p->workspace_zeroed);
  if (p->config[0]) snprintf(config, sizeof config, " config=%.64s", p->config);
  snprintf(buf, len,
           "kernel=%.64s grid=%u,%u,%u block=%u,%u,%u dyn_smem=%zu ctas=%ld splits=%d "
           "persistent=%d work_items=%ld workspace=%zu%s launches=%d%s",
           p->kernel, p->grid[0], p->grid[1], p->grid[2], p->block[0], p->block[1], p->block[2],
           p->dyn_smem, p->ctas, p->splits, p->persistent, p->work_items, p->workspace_bytes,
           zeroed, p->launches, config);
}

int bench_occupancy(const kernel_plan *p) {
  int n = 0;
  const void *fn = kernel_main(p);
  if (!fn) return -1;  // a library call: nothing the harness can query
  int threads = (int)(p->block[0] * p->block[1] * p->block[2]);
  BENCH_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, fn, threads, p->dyn_smem));
  return n;
}
