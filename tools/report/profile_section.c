// profile_section.c — the appendix's section on the published Nsight Compute profiles
// (`--profile` files: DATA/<exp>/<gpu>/profile/<v>.csv, the experiment and GPU taken from the
// path), grouped by experiment and GPU in the order given; text, captions and column headers:
// reports/templates/profile.txt.
// Per group, two tables:
//   counters: time (ncu gpu__time_duration, clocks not locked), SM and memory throughput and
//     tensor pipe as % of peak, achieved occupancy, DRAM bytes, global sectors per load request,
//     bank-conflict rate (extra wavefronts per conflict-free wavefront, counter_gates.c),
//     L2 hit rate, registers per thread, shared memory per block;
//   roofline point: the FLOPs of one call, the work of the problem whose grammar the shape name
//     is in (roof_work: that problem's work function in the registry, the numbers bench writes
//     as `# work.<shape>:`), over the measured DRAM bytes (read + write) and over the problem's
//     minimum bytes for that shape, the achieved TFLOP/s (FLOPs / ncu time) and the roof at the
//     measured intensity (DATA/ceilings/<gpu>.csv, else the datasheet).
// Each group says what code its profiles are of (their header's code id and commit,
// profile_metrics.h) against the code id of the experiment's sample files on that GPU
// (published_scan.h): the same, other code, or not recorded (files from before profiles carried it).
// With no profile the section says that none is published.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/profile_metrics.h"
#include "published/published_scan.h"
#include "report_ctx.h"
#include "report_fmt.h"
#include "report_form.h"
#include "report_roof.h"
#include "report_tmpl.h"

typedef struct { char exp[128], gpu[128]; pm_profile p; } entry;

// <exp>/<gpu>/profile/<v>.csv at the end of PATH
static void path_keys(gen *g, const char *path, entry *e) {
  const char *c[4] = {0};
  int n = 0;
  for (const char *s = path + strlen(path); s > path && n < 4; s--)
    if (s[-1] == '/') c[n++] = s;
  if (n == 3) c[n++] = path;  // a relative path starting at <exp>/
  if (n < 4 || strncmp(c[1], "profile/", 8)) {
    snprintf(g->err, sizeof g->err, "%s:0: not a DATA/<exp>/<gpu>/profile/<v>.csv path", path);
    gen_die(g);
  }
  snprintf(e->gpu, sizeof e->gpu, "%.*s", (int)(c[1] - c[2] - 1), c[2]);
  snprintf(e->exp, sizeof e->exp, "%.*s", (int)(c[2] - c[3] - 1), c[3]);
}

// a number with F (one conversion), or a dash
static const char *cell(const char *f, double v) {
  return isfinite(v) ? fmt(f, v) : fmt_none();
}

static const char *words(gen *g, const char *part, const char *const vars[]) {
  return tmpl_str(g, "profile", part, vars);
}

// the kernels code id of EXP's sample files on GPU: the one they all carry, "" when they carry
// several, NULL when there is none
static const char *samples_code(gen *g, const char *exp, const char *gpu) {
  published_entries l = {0};
  if (published_scan("report_gen", g->data, exp, &l)) gen_die(g);
  const char *code = NULL;
  const size_t k = strlen(exp) + strlen(gpu) + 2;
  for (size_t i = 0; i < l.n; i++) {
    const char *p = l.e[i].path, *c = l.e[i].code;
    if (strncmp(p, exp, strlen(exp)) || p[strlen(exp)] != '/' || strncmp(p + strlen(exp) + 1, gpu, strlen(gpu)) ||
        p[k - 1] != '/' || strchr(p + k, '/') || strncmp(c, "kernels:", 8))
      continue;  // another GPU's, or a library's
    code = !code ? fmt("%s", c) : strcmp(code, c) ? "" : code;
  }
  published_entries_free(&l);
  return code;
}

// what code the group's profiles are of, against the samples beside them
static void code_line(gen *g, const entry *e, size_t n) {
  int mixed = 0;
  for (size_t i = 1; i < n; i++) mixed |= strcmp(e[i].p.code, e[0].p.code) || strcmp(e[i].p.git_rev, e[0].p.git_rev);
  const char *sc = samples_code(g, e[0].exp, e[0].gpu);
  const char *samples = !sc ? words(g, "samples-none", NULL)
                        : !*sc ? words(g, "samples-several", NULL)
                               : words(g, "samples-code", (const char *const[]){"code", sc, NULL});
  if (mixed) {
    strlist per = {0};
    for (size_t i = 0; i < n; i++)
      strlist_add(&per, words(g, *e[i].p.code ? "code-variant" : "code-variant-none",
                              (const char *const[]){"v", e[i].p.variant, "code", e[i].p.code, "rev", e[i].p.git_rev, NULL}));
    tmpl_put(g, "profile", "code-mixed", (const char *const[]){"list", gen_join(&per, "; "), "samples", samples, NULL});
    strlist_free(&per);
    return;
  }
  const char *c = e[0].p.code;
  const char *part = !*c                    ? "code-none"
                     : !sc || !*sc          ? "code-unjudged"  // no timings, or of several codes
                     : !strcmp(c, sc)       ? "code-same"
                                            : "code-other";
  tmpl_put(g, "profile", part, (const char *const[]){"code", c, "rev", e[0].p.git_rev, "samples", samples, NULL});
}

static void counters(gen *g, const entry *e, size_t n, int same) {
  const char *const v[] = {"exp", e[0].exp, "gpu", e[0].gpu, NULL};
  tmpl_put(g, "profile", "group", (const char *const[]){"exp", e[0].exp, "gpu", e[0].gpu, "shape",
           same ? fmt("`%s`", e[0].p.shape) : words(g, "shape-varies", NULL), NULL});
  code_line(g, e, n);
  tmpl_table(g, "profile", "caption-counters", "columns-counters", "p08rrrrrrrrrrr", v);
  for (size_t i = 0; i < n; i++) {
    const pm_profile *p = &e[i].p;
    double smem = p->v[PM_SMEM_DYN] + p->v[PM_SMEM_STATIC];
    doc_row(&g->d, (const char *const[]){
        fmt("`%s`", p->variant), cell("%.2f", p->v[PM_DURATION] / 1e3), cell("%.1f", p->v[PM_SM_PCT]),
        cell("%.1f", p->v[PM_MEM_PCT]), cell("%.1f", p->v[PM_OCC_PCT]), cell("%.1f", p->v[PM_TENSOR_PCT]),
        cell("%.3f", pm_dram_bytes(p) / 1e6), cell("%.2f", pm_sectors_per_request(p, 0)),
        cell("%.3f", pm_conflict_rate(p)), cell("%.1f", p->v[PM_L2_HIT]), cell("%.0f", p->v[PM_REGS]),
        cell("%.1f", smem / 1024)});
  }
  doc_table_end(&g->d);
}

// where one roof comes from: the ceilings row METRIC measured (VALUE), else the datasheet's
static const char *roof_row(gen *g, const char *metric, double value, double datasheet) {
  if (value > 0) return words(g, "roof-row", (const char *const[]){"metric", metric, NULL});
  return words(g, datasheet > 0 ? "roof-row-datasheet" : "roof-row-none", NULL);
}

static void roofline(gen *g, const entry *e, size_t n, int same) {
  roof_t rf;
  char cpath[4096];
  snprintf(cpath, sizeof cpath, "%s/ceilings/%s.csv", g->data, e[0].gpu);
  if (roof_read(cpath, e[0].gpu, &rf, g->err, sizeof g->err)) gen_die(g);
  double bw = rf.bw_gbs > 0 ? rf.bw_gbs : rf.ds_bw_gbs, tf = rf.tflops > 0 ? rf.tflops : rf.ds_tflops;
  const char *src = rf.bw_gbs > 0 || rf.tflops > 0 ? "roof-measured" : bw > 0 ? "roof-datasheet" : "roof-none";
  const char *which[] = {"memory", roof_row(g, rf.bw_metric, rf.bw_gbs, rf.ds_bw_gbs), "compute",
                         roof_row(g, rf.tf_metric, rf.tflops, rf.ds_tflops), NULL};
  tmpl_put(g, "profile", "roofline", (const char *const[]){"roof", words(g, src, which), NULL});
  tmpl_table(g, "profile", "caption-roofline", "columns-roofline", "p17rrrrrrrr",
             (const char *const[]){"exp", e[0].exp, "gpu", e[0].gpu, NULL});
  for (size_t i = 0; i < n; i++) {
    const pm_profile *p = &e[i].p;
    double flops, minb;
    if (roof_work(p->shape, &flops, &minb)) {
      snprintf(g->err, sizeof g->err, "%s:%ld: '%s' is not a shape name", p->path, p->first_row, p->shape);
      gen_die(g);
    }
    double mb = pm_dram_bytes(p), ai = flops / mb, tfs = flops / p->v[PM_DURATION] / 1e3;
    double roof = bw > 0 || tf > 0 ? roof_at(ai, bw, tf) : NAN;
    doc_row(&g->d, (const char *const[]){
        same ? fmt("`%s`", p->variant) : fmt("`%s` (`%s`)", p->variant, p->shape), cell("%.3f", flops / 1e9),
        cell("%.3f", mb / 1e6), cell("%.3f", minb / 1e6), cell("%.1f", ai), cell("%.1f", flops / minb),
        cell("%.2f", tfs), cell("%.1f", roof > 0 ? roof : NAN), cell("%.1f", roof > 0 ? 100 * tfs / roof : NAN)});
  }
  doc_table_end(&g->d);
}

void profile_section(gen *g) {
  size_t n = g->profiles.n;
  if (!form_full(g)) {  // the main appendix names this section in its opening; its number is kept
    doc_skip(&g->d, 1);
    return;
  }
  tmpl_put(g, "profile", n ? "head" : "none", NULL);
  entry *e = calloc(n ? n : 1, sizeof *e);
  if (!e) abort();
  for (size_t i = 0; i < n; i++) {
    path_keys(g, g->profiles.v[i], &e[i]);
    if (pm_read(g->profiles.v[i], &e[i].p, g->err, sizeof g->err)) gen_die(g);
  }
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && !strcmp(e[j].exp, e[i].exp) && !strcmp(e[j].gpu, e[i].gpu)) j++;
    int same = 1;
    for (size_t k = i + 1; k < j; k++) same &= !strcmp(e[k].p.shape, e[i].p.shape);
    counters(g, e + i, j - i, same);
    roofline(g, e + i, j - i, same);
    i = j;
  }
  free(e);
}
