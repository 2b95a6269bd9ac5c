// bench_plan.h — the kernel's launch plan as text, and its occupancy on the device.
#pragma once
#include <stddef.h>
#include "plan.h"

// "kernel=NAME grid=X,Y,Z block=X,Y,Z dyn_smem=N ctas=N splits=N persistent=0|1
//  work_items=N workspace=N launches=N" (one line, no newline).
void bench_plan_format(const kernel_plan *p, char *buf, size_t len);

// cudaOccupancyMaxActiveBlocksPerMultiprocessor on kernel_main(p) (after
// kernel_prepare); -1 when the kernel names no main kernel (a library call).
int bench_occupancy(const kernel_plan *p);
