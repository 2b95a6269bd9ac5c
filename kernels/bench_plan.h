// bench_plan.h — the kernel's launch plan as text, and its occupancy on the device.
#pragma once
#include <stddef.h>
#include "attn.h"

// "kernel=NAME grid=X,Y,Z block=X,Y,Z dyn_smem=N ctas=N kv_splits=N persistent=0|1
//  work_items=N workspace=N launches=N" (one line, no newline).
void bench_plan_format(const attn_plan *p, char *buf, size_t len);

// cudaOccupancyMaxActiveBlocksPerMultiprocessor on attn_main_kernel(p) (after attn_prepare).
int bench_occupancy(const attn_plan *p);
