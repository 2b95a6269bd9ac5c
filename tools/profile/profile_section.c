// profile_section — the appendix's profile section from published tidy profile CSVs.
//   profile_section --tex OUT.tex --md OUT.md [--data DATA] [FILE...]
// FILEs are DATA/<exp>/<gpu>/profile/<v>.csv (the experiment and GPU are taken from the path),
// grouped by experiment and GPU in the order given. Per group, two tables:
//   counters: time (ncu gpu__time_duration, clocks not locked), SM and memory throughput and
//     tensor pipe as % of peak, achieved occupancy, DRAM bytes, global sectors per load request,
//     bank-conflict rate (extra wavefronts per conflict-free wavefront, counter_gates.c),
//     L2 hit rate, registers per thread, shared memory per block;
//   roofline point: FLOPs from the shape (4·B·H·Sq·Skv·D, halved when causal) over the measured
//     DRAM bytes (read + write) and over the shape's minimum bytes (Q, K, V, O once), the
//     achieved TFLOP/s (FLOPs / ncu time) and the roof at the measured intensity
//     (DATA/ceilings/<gpu>.csv, else the datasheet).
// With no FILE, both outputs say that no profile is published. Exit 0, or 2 with
// "profile_section: FILE:LINE: what".
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile_metrics.h"
#include "report/report_roof.h"
#include "samples/samples.h"

static _Noreturn void die(const char *msg) {
  fprintf(stderr, "profile_section: %s\n", msg);
  exit(2);
}

typedef struct { char exp[128], gpu[128]; pm_profile p; } entry;

// <exp>/<gpu>/profile/<v>.csv at the end of PATH
static void path_keys(const char *path, entry *e) {
  const char *c[4] = {0};
  int n = 0;
  for (const char *s = path + strlen(path); s > path && n < 4; s--)
    if (s[-1] == '/') c[n++] = s;
  if (n == 3) c[n++] = path;  // a relative path starting at <exp>/
  if (n < 4 || strncmp(c[1], "profile/", 8)) {
    char msg[700];
    snprintf(msg, sizeof msg, "%s: not a DATA/<exp>/<gpu>/profile/<v>.csv path", path);
    die(msg);
  }
  snprintf(e->gpu, sizeof e->gpu, "%.*s", (int)(c[1] - c[2] - 1), c[2]);
  snprintf(e->exp, sizeof e->exp, "%.*s", (int)(c[2] - c[3] - 1), c[3]);
}

// a number or a dash; fmt has one conversion
static const char *cell(char *buf, size_t len, const char *fmt, double v, int tex) {
  if (isnan(v) || isinf(v)) snprintf(buf, len, "%s", tex ? "---" : "—");
  else snprintf(buf, len, fmt, v);
  return buf;
}

static void tex_escape(const char *s, char *out, size_t len) {
  size_t k = 0;
  for (; *s && k + 3 < len; s++) {
    if (*s == '_' || *s == '%' || *s == '&' || *s == '#') out[k++] = '\\';
    out[k++] = *s;
  }
  out[k] = 0;
}

static void row(FILE *f, int tex, const char *const *c, int n) {
  for (int i = 0; i < n; i++) fprintf(f, "%s%s", i ? (tex ? " & " : " | ") : (tex ? "" : "| "), c[i]);
  fputs(tex ? " \\\\\n" : " |\n", f);
}

static void header(FILE *f, int tex, const char *const *c, int n, const char *align) {
  if (tex) {
    char esc[16][64];
    const char *e[16];
    for (int i = 0; i < n && i < 16; i++) tex_escape(c[i], esc[i], sizeof esc[i]), e[i] = esc[i];
    fprintf(f, "\\begin{tabular}{%s}\n\\hline\n", align);
    row(f, 1, e, n);
    fputs("\\hline\n", f);
  } else {
    row(f, 0, c, n);
    fputs("|", f);
    for (int i = 0; i < n; i++) fputs(i ? "---:|" : "---|", f);
    fputs("\n", f);
  }
}

static void group(FILE *f, int tex, const entry *e, size_t n, const char *data) {
  char ex[300], gp[300], sh[300], b[12][64], msg[700];
  tex_escape(e[0].exp, ex, sizeof ex);
  tex_escape(e[0].gpu, gp, sizeof gp);
  int same = 1;
  for (size_t i = 1; i < n; i++) same &= !strcmp(e[i].p.shape, e[0].p.shape);
  tex_escape(same ? e[0].p.shape : "per variant, below", sh, sizeof sh);
  if (tex)
    fprintf(f, "\\subsection*{Profile counters: %s on %s}\nNsight Compute, one shape (%s), clocks not "
            "locked, caches flushed before each replay; averages over the profiled launches of the "
            "main kernel. Conflicts: extra shared-memory wavefronts per conflict-free one; Sect/req: "
            "sectors per global load request.\n\n{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n", ex, gp, sh);
  else
    fprintf(f, "### Profile counters: %s on %s\n\nNsight Compute, one shape (%s), clocks not locked, "
            "caches flushed before each replay; averages over the profiled launches of the main "
            "kernel. Conflicts: extra shared-memory wavefronts per conflict-free one; Sect/req: sectors per "
            "global load request.\n\n", e[0].exp, e[0].gpu, same ? e[0].p.shape : "per variant, below");
  static const char *const h1[] = {"Variant", "Time us", "SM %", "Mem %", "Occ %", "Tensor %",
                                   "DRAM MB", "Sect/req", "Conflicts", "L2 hit %", "Regs", "Smem KB"};
  header(f, tex, h1, 12, "lrrrrrrrrrrr");
  for (size_t i = 0; i < n; i++) {
    const pm_profile *p = &e[i].p;
    char v[300];
    if (tex) tex_escape(p->variant, v, sizeof v);
    else snprintf(v, sizeof v, "%s", p->variant);
    double smem = p->v[PM_SMEM_DYN] + p->v[PM_SMEM_STATIC];
    const char *c[12] = {v,
        cell(b[1], 64, "%.2f", p->v[PM_DURATION] / 1e3, tex),
        cell(b[2], 64, "%.1f", p->v[PM_SM_PCT], tex),
        cell(b[3], 64, "%.1f", p->v[PM_MEM_PCT], tex),
        cell(b[4], 64, "%.1f", p->v[PM_OCC_PCT], tex),
        cell(b[5], 64, "%.1f", p->v[PM_TENSOR_PCT], tex),
        cell(b[6], 64, "%.3f", pm_dram_bytes(p) / 1e6, tex),
        cell(b[7], 64, "%.2f", pm_sectors_per_request(p, 0), tex),
        cell(b[8], 64, "%.3f", pm_conflict_rate(p), tex),
        cell(b[9], 64, "%.1f", p->v[PM_L2_HIT], tex),
        cell(b[10], 64, "%.0f", p->v[PM_REGS], tex),
        cell(b[11], 64, "%.1f", smem / 1024, tex)};
    row(f, tex, c, 12);
  }
  fputs(tex ? "\\hline\n\\end{tabular}\n}\n\n" : "\n", f);

  roof_t rf;
  char cpath[700], err[700];
  snprintf(cpath, sizeof cpath, "%s/ceilings/%s.csv", data, e[0].gpu);
  if (roof_read(cpath, e[0].gpu, &rf, err, sizeof err)) die(err);
  double bw = rf.bw_gbs > 0 ? rf.bw_gbs : rf.ds_bw_gbs, tf = rf.tflops > 0 ? rf.tflops : rf.ds_tflops;
  const char *src = rf.bw_gbs > 0 || rf.tflops > 0 ? "measured ceilings" : bw > 0 ? "datasheet" : "no roof known";
  if (tex)
    fprintf(f, "Roofline point by measured DRAM bytes beside the one from the shape's minimum bytes; "
            "roof: %s.\n\n{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n", src);
  else
    fprintf(f, "Roofline point by measured DRAM bytes beside the one from the shape's minimum bytes; "
            "roof: %s.\n\n", src);
  static const char *const h2[] = {"Variant", "GFLOP", "MB measured", "MB min", "AI measured",
                                   "AI shape", "TFLOP/s", "Roof TFLOP/s", "% of roof"};
  header(f, tex, h2, 9, "lrrrrrrrr");
  for (size_t i = 0; i < n; i++) {
    const pm_profile *p = &e[i].p;
    double flops, minb;
    if (roof_work(p->shape, &flops, &minb)) {
      snprintf(msg, sizeof msg, "%s:2: '%s' is not a shape name", p->path, p->shape);
      die(msg);
    }
    double mb = pm_dram_bytes(p), ai = flops / mb, tfs = flops / p->v[PM_DURATION] / 1e3;
    double roof = bw > 0 || tf > 0 ? roof_at(ai, bw, tf) : NAN;
    char v[300], vs[300];
    snprintf(vs, sizeof vs, same ? "%s" : "%s (%s)", p->variant, p->shape);
    if (tex) tex_escape(vs, v, sizeof v);
    else snprintf(v, sizeof v, "%s", vs);
    const char *c[9] = {v,
        cell(b[1], 64, "%.3f", flops / 1e9, tex),
        cell(b[2], 64, "%.3f", mb / 1e6, tex),
        cell(b[3], 64, "%.3f", minb / 1e6, tex),
        cell(b[4], 64, "%.1f", ai, tex),
        cell(b[5], 64, "%.1f", flops / minb, tex),
        cell(b[6], 64, "%.2f", tfs, tex),
        cell(b[7], 64, "%.1f", roof > 0 ? roof : NAN, tex),
        cell(b[8], 64, "%.1f", roof > 0 ? 100 * tfs / roof : NAN, tex)};
    row(f, tex, c, 9);
  }
  fputs(tex ? "\\hline\n\\end{tabular}\n}\n\n" : "\n", f);
}

int main(int argc, char **argv) {
  const char *tex = NULL, *md = NULL, *data = "data";
  int first = argc;
  for (int i = 1; i < argc; i++) {
    const char **dst = !strcmp(argv[i], "--tex") ? &tex : !strcmp(argv[i], "--md") ? &md
                       : !strcmp(argv[i], "--data") ? &data : NULL;
    if (dst) {
      if (i + 1 >= argc) die("option needs a value");
      *dst = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "profile_section: unknown option '%s'\n", argv[i]);
      return 2;
    } else { first = i; break; }
  }
  if (!tex || !md) die("usage: profile_section --tex OUT.tex --md OUT.md [--data DATA] [FILE...]");
  size_t n = (size_t)(argc - first);
  entry *e = calloc(n ? n : 1, sizeof *e);
  if (!e) die("out of memory");
  char err[700];
  for (size_t i = 0; i < n; i++) {
    path_keys(argv[first + i], &e[i]);
    if (pm_read(argv[first + i], &e[i].p, err, sizeof err)) die(err);
  }
  for (int t = 0; t < 2; t++) {
    const char *path = t ? md : tex;
    char tmp[700];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) { fprintf(stderr, "profile_section: %s: cannot write\n", tmp); return 2; }
    if (n == 0) fputs(t ? "No Nsight Compute profiles are published.\n\n"
                        : "No Nsight Compute profiles are published.\n\n", f);
    for (size_t i = 0; i < n;) {
      size_t j = i + 1;
      while (j < n && !strcmp(e[j].exp, e[i].exp) && !strcmp(e[j].gpu, e[i].gpu)) j++;
      group(f, !t, e + i, j - i, data);
      i = j;
    }
    if (fclose(f) || rename(tmp, path)) { fprintf(stderr, "profile_section: %s: cannot write\n", path); return 2; }
  }
  free(e);
  return 0;
}
