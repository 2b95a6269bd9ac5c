// ptxas_report.h — parse the resource report that `nvcc -Xptxas -v` writes to stderr.
// A log may hold several kernels and several architectures, mixed with compiler warnings:
//   ptxas info    : Compiling entry function '_Z9flash_fwdPKfPfi' for 'sm_90'
//   ptxas info    : Function properties for _Z9flash_fwdPKfPfi
//       656 bytes stack frame, 852 bytes spill stores, 1128 bytes spill loads
//   ptxas info    : Used 32 registers, used 0 barriers, 49152 bytes smem, 372 bytes cmem[0]
// "Function properties" of a non-entry (__noinline__) function follow its caller's entry and
// are recorded as a device function of that entry's architecture. A dispatching build's log
// (tools/pipeline/link_dispatch.sh) joins its configurations' logs, each after a line
//   == configuration NAME ...
// and what follows is recorded under that section. Other lines are ignored.
#pragma once
#include <stddef.h>
#include <stdio.h>

struct ptxas_func {
  char *name;          // mangled name
  char arch[16];       // "sm_90"; empty when no entry line named one
  int is_entry;        // a __global__ kernel (has a "Compiling entry function" line)
  char section[64];    // the configuration of a dispatching build's log; empty otherwise
  long regs, barriers, smem_static, stack, spill_stores, spill_loads;
};

struct ptxas_report {
  struct ptxas_func *f;
  size_t n;
};

// Parse `in` (named `path` in messages). Returns 0, or -1 with "path:line: what" in err.
int ptxas_report_parse(FILE *in, const char *path, struct ptxas_report *r, char *err, size_t errlen);
void ptxas_report_free(struct ptxas_report *r);
