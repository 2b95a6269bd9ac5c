// plan.h — a kernel's launch plan, as every problem's kernel contract returns it from its
// describe function: what the static gates, the occupancy query and the sample header read.
#pragma once
#include <stddef.h>

typedef struct {
  char kernel[64];         // name of the main kernel (a substring of its mangled name), or "-"
                           // for a library call (cuBLAS) whose kernels the harness cannot name
  unsigned grid[3];        // main kernel launch grid
  unsigned block[3];       // main kernel block
  size_t dyn_smem;         // dynamic shared memory per CTA of the main kernel, bytes
  long ctas;               // CTAs launched by the main kernel (grid product)
  int splits;              // resolved number of splits of the reduction (KV or K; 1 = none)
  int persistent;          // 1 when the main kernel pulls work items from a queue
  long work_items;         // work items of the main kernel (tiles, splits)
  size_t workspace_bytes;  // device scratch the harness allocates and passes to the run function
  size_t workspace_zeroed; // its leading bytes that are zero on entry to every call: the harness
                           // zeroes them once, at allocation, and each call must leave them zero
                           // (flags a kernel raises and resets itself, with no per-call memset)
  int launches;            // kernel launches (and memsets) per call
  char config[64];         // in a dispatching build (dispatch_rules.h), the configuration that
                           // serves this shape; empty otherwise
} kernel_plan;
