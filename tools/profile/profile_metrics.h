// profile_metrics.h — the minimal Nsight Compute metric set of `make profile`, its readable
// names, and the tidy profile CSV (build/<exp>/profile/<v>.csv, data/<exp>/<gpu>/profile/<v>.csv):
//   # cudadent42 profile v1
//   # code: kernels:34bff2ac2107
//   # git_rev: 2575a9c5e025
//   # gpu: nvidia-h200
//   variant,shape,metric,value,unit
//   v3,B2_H8_S1024_D64_C0,duration,41250,ns
// One row per metric, averaged over the profiled launches of the variant's main kernel
// ("launches" says how many). `make profile` asks ncu for these names (ncu_metrics.h). The
// header says what was profiled: the code id of its sources (tools/session/session_code_id.h),
// the commit make was given and the GPU's slug; files written before profiles carried it open
// with the column line (their code is not recorded).
#pragma once
#include <stddef.h>

typedef enum {
  PM_DURATION, PM_SM_PCT, PM_MEM_PCT, PM_OCC_PCT, PM_TENSOR_PCT, PM_DRAM_RD, PM_DRAM_WR,
  PM_GLD_SECT, PM_GLD_REQ, PM_GST_SECT, PM_GST_REQ, PM_LDGSTS_SECT, PM_LDGSTS_REQ,
  PM_GLD_BPS_PCT, PM_GST_BPS_PCT,
  PM_SHLD_CONF, PM_SHST_CONF, PM_SH_CONF, PM_SHLD_WAVE, PM_SHST_WAVE, PM_SH_WAVE,
  PM_SHLD_REQ, PM_SHST_REQ, PM_L2_HIT, PM_REGS, PM_SMEM_DYN, PM_SMEM_STATIC, PM_LAUNCHES,
  PM_COUNT
} pm_id;

typedef struct {
  const char *ncu;   // Nsight Compute metric name (NULL for "launches")
  const char *name;  // tidy name
  const char *unit;  // tidy unit
  const char *base;  // base unit ncu must report it in after scaling ("" = any)
} pm_def;

extern const pm_def pm_defs[PM_COUNT];

// The metric whose tidy name is NAME, or -1.
int pm_by_name(const char *name);

#define PM_MAGIC "# cudadent42 profile"
// whether S can be a value of the header: one word, no blank or control character (bytes above
// 127 allowed)
int pm_header_word(const char *s);
// The value of a provenance header line, the one rule by which check-published (sample files and
// profiles: tools/published/published_scan.c) and pm_read read `# code:` and `# git_rev:`: LINE
// starts with KEY (e.g. "# code:"); the value is what follows it, blanks skipped, up to the first
// blank or line end, into *v and *len (*len 0: the line holds none). 1 when LINE is KEY's line.
// A reader takes a key's first line with a value.
int pm_header_value(const char *line, const char *key, const char **v, size_t *len);

// One tidy file: a variant's metrics at one shape; NAN where a metric is absent.
typedef struct {
  char variant[128], shape[128], path[512];
  char code[128], git_rev[64];  // the header's `# code:` and `# git_rev:` ("": not recorded)
  long first_row;               // the line of the first metric row
  double v[PM_COUNT];
} pm_profile;

// Reads the tidy CSV PATH (one variant, one shape). 0, or -1 with "PATH:LINE: what" in err.
// Unknown metric names are skipped (newer files may carry more).
int pm_read(const char *path, pm_profile *p, char *err, size_t errlen);

// Derived ratios; NAN when the counters are absent or the denominator is 0.
// Extra shared-memory wavefronts per conflict-free wavefront (all shared ops when the totals are
// there, else loads + stores): 0 = no bank conflicts, 1 = two-way on average. See counter_gates.c.
double pm_conflict_rate(const pm_profile *p);
// Conflicts per shared load/store instruction (the per-request count; 4x the rate above for a
// conflict-free-width 128-bit access, hence not the gate).
double pm_conflicts_per_request(const pm_profile *p);
// Sectors per global load request and per store request.
double pm_sectors_per_request(const pm_profile *p, int store);
// Total DRAM bytes (read + write).
double pm_dram_bytes(const pm_profile *p);
