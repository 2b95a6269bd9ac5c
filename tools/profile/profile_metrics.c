// profile_metrics.c — the metric set, the tidy profile CSV reader and derived ratios.
#include "profile_metrics.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const pm_def pm_defs[PM_COUNT] = {
    [PM_DURATION] = {"gpu__time_duration.sum", "duration", "ns", "ns"},
    [PM_SM_PCT] = {"sm__throughput.avg.pct_of_peak_sustained_elapsed", "sm_throughput_pct", "%", ""},
    [PM_MEM_PCT] = {"gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
                    "memory_throughput_pct", "%", ""},
    [PM_OCC_PCT] = {"sm__warps_active.avg.pct_of_peak_sustained_active", "achieved_occupancy_pct", "%", ""},
    [PM_TENSOR_PCT] = {"sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active",
                       "tensor_pipe_pct", "%", ""},
    [PM_DRAM_RD] = {"dram__bytes_read.sum", "dram_read_bytes", "byte", "byte"},
    [PM_DRAM_WR] = {"dram__bytes_write.sum", "dram_write_bytes", "byte", "byte"},
    [PM_GLD_SECT] = {"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "global_ld_sectors", "sector", ""},
    [PM_GLD_REQ] = {"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "global_ld_requests", "request", ""},
    [PM_GST_SECT] = {"l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "global_st_sectors", "sector", ""},
    [PM_GST_REQ] = {"l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", "global_st_requests", "request", ""},
    [PM_LDGSTS_SECT] = {"l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum", "global_ldgsts_sectors",
                        "sector", ""},
    [PM_LDGSTS_REQ] = {"l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum", "global_ldgsts_requests",
                       "request", ""},
    [PM_GLD_BPS_PCT] = {"smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct",
                        "global_ld_bytes_per_sector_pct", "%", ""},
    [PM_GST_BPS_PCT] = {"smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct",
                        "global_st_bytes_per_sector_pct", "%", ""},
    [PM_SHLD_CONF] = {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
                      "shared_ld_bank_conflicts", "conflict", ""},
    [PM_SHST_CONF] = {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
                      "shared_st_bank_conflicts", "conflict", ""},
    [PM_SH_CONF] = {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum", "shared_bank_conflicts",
                    "conflict", ""},
    [PM_SHLD_WAVE] = {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "shared_ld_wavefronts",
                      "wavefront", ""},
    [PM_SHST_WAVE] = {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "shared_st_wavefronts",
                      "wavefront", ""},
    [PM_SH_WAVE] = {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", "shared_wavefronts", "wavefront", ""},
    [PM_SHLD_REQ] = {"smsp__inst_executed_op_shared_ld.sum", "shared_ld_requests", "inst", ""},
    [PM_SHST_REQ] = {"smsp__inst_executed_op_shared_st.sum", "shared_st_requests", "inst", ""},
    [PM_L2_HIT] = {"lts__t_sector_hit_rate.pct", "l2_hit_pct", "%", ""},
    [PM_REGS] = {"launch__registers_per_thread", "registers_per_thread", "register", ""},
    [PM_SMEM_DYN] = {"launch__shared_mem_per_block_dynamic", "smem_dynamic_bytes", "byte", "byte"},
    [PM_SMEM_STATIC] = {"launch__shared_mem_per_block_static", "smem_static_bytes", "byte", "byte"},
    [PM_LAUNCHES] = {NULL, "launches", "count", ""},
};

int pm_header_word(const char *s) {
  for (const unsigned char *c = (const unsigned char *)s; *c; c++)
    if (*c <= ' ' || *c == 127) return 0;
  return s[0] != 0;
}

int pm_header_value(const char *line, const char *key, const char **v, size_t *len) {
  const size_t k = strlen(key);
  if (strncmp(line, key, k)) return 0;
  *v = line + k + strspn(line + k, " \t");
  *len = strcspn(*v, " \t\r\n");
  return 1;
}

int pm_by_name(const char *name) {
  for (int i = 0; i < PM_COUNT; i++)
    if (!strcmp(pm_defs[i].name, name)) return i;
  return -1;
}

static int bad(char *err, size_t errlen, const char *path, long line, const char *what) {
  snprintf(err, errlen, "%s:%ld: %s", path, line, what);
  return -1;
}

int pm_read(const char *path, pm_profile *p, char *err, size_t errlen) {
  memset(p, 0, sizeof *p);
  for (int i = 0; i < PM_COUNT; i++) p->v[i] = NAN;
  snprintf(p->path, sizeof p->path, "%s", path);
  FILE *f = fopen(path, "r");
  if (!f) { snprintf(err, errlen, "%s: %s", path, strerror(errno)); return -1; }
  char buf[1024], msg[300];
  long line = 0, columns = 0;  // columns: the line of the column header
  int rc = 0, rows = 0, magic = 0;
  while (fgets(buf, sizeof buf, f)) {
    line++;
    size_t n = strlen(buf);
    if (n && buf[n - 1] != '\n' && !feof(f)) { rc = bad(err, errlen, path, line, "line too long"); break; }
    buf[strcspn(buf, "\r\n")] = 0;
    if (!columns) {
      // the provenance header (the magic line first), then the column header
      if (line == 1 && !strncmp(buf, PM_MAGIC, sizeof PM_MAGIC - 1)) { magic = 1; continue; }
      if (magic && buf[0] == '#') {
        // each key's first value, by the rule check-published reads it by (pm_header_value)
        const char *keys[] = {"# code:", "# git_rev:"};
        char *dst[] = {p->code, p->git_rev};
        const size_t cap[] = {sizeof p->code, sizeof p->git_rev};
        for (int k = 0; k < 2; k++) {
          const char *v;
          size_t m;
          if (dst[k][0] || !pm_header_value(buf, keys[k], &v, &m)) continue;
          if (m >= cap[k]) m = cap[k] - 1;  // longer than an id: cut (the report shows it as read)
          memcpy(dst[k], v, m), dst[k][m] = 0;
        }
        continue;
      }
      if (strcmp(buf, "variant,shape,metric,value,unit")) {
        rc = bad(err, errlen, path, line, "header is not 'variant,shape,metric,value,unit'");
        break;
      }
      columns = line;
      continue;
    }
    if (!buf[0]) continue;
    char *fld[5], *s = buf;
    int k = 0;
    for (; k < 5; k++) {
      fld[k] = s;
      s = strchr(s, ',');
      if (!s) { k++; break; }
      *s++ = 0;
    }
    if (k != 5 || s) { rc = bad(err, errlen, path, line, "expected 5 fields"); break; }
    if (rows == 0) {
      p->first_row = line;
      snprintf(p->variant, sizeof p->variant, "%s", fld[0]);
      snprintf(p->shape, sizeof p->shape, "%s", fld[1]);
    } else if (strcmp(p->variant, fld[0]) || strcmp(p->shape, fld[1])) {
      snprintf(msg, sizeof msg, "variant/shape '%.60s/%.60s' differs from the first row's", fld[0], fld[1]);
      rc = bad(err, errlen, path, line, msg);
      break;
    }
    rows++;
    char *end;
    errno = 0;
    double v = strtod(fld[3], &end);
    if (errno || end == fld[3] || *end || !isfinite(v)) {
      snprintf(msg, sizeof msg, "'%.60s' is not a number", fld[3]);
      rc = bad(err, errlen, path, line, msg);
      break;
    }
    int id = pm_by_name(fld[2]);
    if (id < 0) continue;
    if (strcmp(fld[4], pm_defs[id].unit)) {
      snprintf(msg, sizeof msg, "%s: unit '%.40s', expected '%s'", fld[2], fld[4], pm_defs[id].unit);
      rc = bad(err, errlen, path, line, msg);
      break;
    }
    p->v[id] = v;
  }
  if (!rc && rows == 0) rc = bad(err, errlen, path, line, "no metric rows");
  fclose(f);
  return rc;
}

static double sum2(double a, double b) { return isnan(a) || isnan(b) ? NAN : a + b; }

double pm_conflict_rate(const pm_profile *p) {
  double c = p->v[PM_SH_CONF], w = p->v[PM_SH_WAVE];
  if (isnan(c) || isnan(w)) {
    c = sum2(p->v[PM_SHLD_CONF], p->v[PM_SHST_CONF]);
    w = sum2(p->v[PM_SHLD_WAVE], p->v[PM_SHST_WAVE]);
  }
  if (isnan(c) || isnan(w) || w - c <= 0) return NAN;
  return c / (w - c);
}

double pm_conflicts_per_request(const pm_profile *p) {
  double c = sum2(p->v[PM_SHLD_CONF], p->v[PM_SHST_CONF]);
  double r = sum2(p->v[PM_SHLD_REQ], p->v[PM_SHST_REQ]);
  return isnan(c) || isnan(r) || r <= 0 ? NAN : c / r;
}

double pm_sectors_per_request(const pm_profile *p, int store) {
  double s = p->v[store ? PM_GST_SECT : PM_GLD_SECT], r = p->v[store ? PM_GST_REQ : PM_GLD_REQ];
  return isnan(s) || isnan(r) || r <= 0 ? NAN : s / r;
}

double pm_dram_bytes(const pm_profile *p) { return sum2(p->v[PM_DRAM_RD], p->v[PM_DRAM_WR]); }
