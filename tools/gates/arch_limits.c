// arch_limits.c — the limit tables. Reference parts (the default SM count; gates takes
// --sm-count to override): sm_80 A100 (108 SMs), sm_86 A40 (84 SMs, as SM_COUNT_sm_86 in
// mk/experiment.mk; an A10 has 72, an RTX 3090 82), sm_89 L4 (58 SMs), sm_90 H100 SXM5 (132); sm_90a is the same
// part built with its architecture-specific instructions (wgmma, setmaxnreg), the same limits.
#include "arch_limits.h"

#include <string.h>

#define KB 1024
static const struct arch_limits table[] = {
    // name   part              SMs  smem/SM  optin    rsv   gran regs/SM regs/blk max gran sp thr/blk warps blocks warp
    {"sm_80", "A100",           108, 164 * KB, 163 * KB, KB, 128, 65536, 65536, 255, 256, 4, 1024, 64, 32, 32},
    {"sm_86", "A40",             84, 100 * KB,  99 * KB, KB, 128, 65536, 65536, 255, 256, 4, 1024, 48, 16, 32},
    {"sm_89", "L4",              58, 100 * KB,  99 * KB, KB, 128, 65536, 65536, 255, 256, 4, 1024, 48, 24, 32},
    {"sm_90", "H100 SXM5",      132, 228 * KB, 227 * KB, KB, 128, 65536, 65536, 255, 256, 4, 1024, 64, 32, 32},
    {"sm_90a", "H100 SXM5",     132, 228 * KB, 227 * KB, KB, 128, 65536, 65536, 255, 256, 4, 1024, 64, 32, 32},
};

const struct arch_limits *arch_limits_find(const char *name) {
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(table[i].name, name) == 0) return &table[i];
  return NULL;
}
