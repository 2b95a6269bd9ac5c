// report_method.c — the Methodology section of the appendix: per GPU the fingerprint taken from
// the sample files' metadata (and the SM clock column) and the measured ceilings, then how the
// samples were timed and how the statistics were computed.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_gen.h"

static int skip_key(const char *k) {
  static const char *const skip[] = {"experiment", "variant", "flags", "synthetic", "backend",
                                     "temp_start_c", "temp_end_c", "date", NULL};
  for (size_t i = 0; skip[i]; i++)
    if (!strcmp(k, skip[i])) return 1;
  return strchr(k, '.') != NULL;
}

static const char *label(const char *k) {
  static const char *const map[][2] = {
      {"gpu", "GPU"}, {"sm_count", "SMs"}, {"cc", "compute capability"}, {"driver", "driver"},
      {"cuda", "CUDA"}, {"power_limit_w", "power limit (W)"}, {"l2_flush", "L2 between samples"},
      {"warmup", "warm-up calls (excluded)"}, {"reps", "samples per shape"}, {"seed", "input seed"},
      {"timing", "timing method"}, {"torch", "torch (SDPA baselines)"}, {"cudnn", "cuDNN (SDPA)"},
      {"git_rev", "git revision"}, {"gpu_slug", "GPU directory name"},
      {"cuda_driver", "CUDA version of the driver"}, {"cuda_runtime", "CUDA runtime"},
      {"clock_sm_max_mhz", "max SM clock (MHz)"}, {"l2_bytes", "L2 size (bytes)"},
      {"hot_batch", "calls per sample in hot mode"},
      {"graph_calls", "calls per CUDA graph replay (0: plain launches)"}, {"kernel_config", "launch configuration"},
      {"kernel", "kernel"}, {"backend_ran", "SDPA backend that ran"}, {NULL, NULL}};
  for (size_t i = 0; map[i][0]; i++)
    if (!strcmp(map[i][0], k)) return map[i][1];
  return NULL;
}

static void fingerprint(gen *g, const char *gpu, egpu *xs, size_t n) {
  strlist keys = {0};
  size_t nfiles = 0;
  double tmin = INFINITY, tmax = -INFINITY;
  long long dmin = -1, dmax = -1;
  const char *dsmin = NULL, *dsmax = NULL;
  for (size_t i = 0; i < n; i++) {
    if (strcmp(xs[i].gpu, gpu)) continue;
    for (size_t f = 0; f < xs[i].names.n; f++, nfiles++) {
      const samples_file *sf = &xs[i].files[f];
      for (size_t k = 0; k < sf->nmeta; k++) {
        const char *key = sf->meta[k].key, *v = sf->meta[k].value;
        double t;
        if ((!strcmp(key, "temp_start_c") || !strcmp(key, "temp_end_c")) && rcsv_strtod(v, &t) == 0)
          tmin = fmin(tmin, t), tmax = fmax(tmax, t);
        if (!strcmp(key, "date")) {
          long long e = gen_parse_date(v);
          if (e >= 0 && (dmin < 0 || e < dmin)) dmin = e, dsmin = v;
          if (e >= 0 && e > dmax) dmax = e, dsmax = v;
        }
        if (!skip_key(key) && !strlist_has(&keys, key)) strlist_add(&keys, key);
      }
    }
  }
  if (!nfiles) {
    doc_par(&g->d, "`%s`: no sample files, so no fingerprint (only gate tables were published).", gpu);
    strlist_free(&keys);
    return;
  }
  doc_table(&g->d, fmt("Fingerprint of `%s`, from the metadata of its %zu sample files.", gpu, nfiles),
            "lp50", (const char *const[]){"Item (metadata key)", "Value"});
  for (size_t k = 0; k < keys.n; k++) {
    strlist vals = {0};
    size_t have = 0;
    double lo = INFINITY, hi = -INFINITY;
    int numeric = 1;
    for (size_t i = 0; i < n; i++) {
      if (strcmp(xs[i].gpu, gpu)) continue;
      for (size_t f = 0; f < xs[i].names.n; f++) {
        const char *v = samples_meta(&xs[i].files[f], keys.v[k]);
        if (!v) continue;
        have++;
        double t;
        if (rcsv_strtod(v, &t)) numeric = 0;
        else lo = fmin(lo, t), hi = fmax(hi, t);
        if (!strlist_has(&vals, v)) strlist_add(&vals, v);
      }
    }
    const char *val;
    if (vals.n == 1) val = fmt("%s", vals.v[0]);
    else if (numeric) val = fmt("%g – %g", lo, hi);
    else if (vals.n <= 3) val = fmt("%s; %s%s%s", vals.v[0], vals.v[1], vals.n > 2 ? "; " : "", vals.n > 2 ? vals.v[2] : "");
    else val = fmt("varies by variant (%zu values)", vals.n);
    const char *lab = label(keys.v[k]);
    const char *item = lab ? fmt("%s (`%s`)", lab, keys.v[k]) : fmt("`%s`", keys.v[k]);
    if (have < nfiles) val = fmt("%s (in %zu of %zu files)", val, have, nfiles);
    doc_row(&g->d, (const char *const[]){item, val});
    strlist_free(&vals);
  }
  // SM clock recorded with every sample (column sm_clock_mhz), over all files of this GPU
  double cmin = INFINITY, cmax = -INFINITY;
  for (size_t i = 0; i < n; i++) {
    if (strcmp(xs[i].gpu, gpu)) continue;
    for (size_t f = 0; f < xs[i].names.n; f++) {
      rcsv t;
      if (rcsv_read(xs[i].paths.v[f], &t, g->err, sizeof g->err)) gen_die(g);
      int cc = rcsv_col(&t, "sm_clock_mhz");
      for (size_t r = 0; cc >= 0 && r < t.nrows; r++) {
        double v = fld(g, &t, r, "sm_clock_mhz");
        if (v > 0) cmin = fmin(cmin, v), cmax = fmax(cmax, v);
      }
      rcsv_free(&t);
    }
  }
  if (isfinite(cmin))
    doc_row(&g->d, (const char *const[]){"SM clock during the samples, MHz (column `sm_clock_mhz`)",
                                         fmt("%g – %g", cmin, cmax)});
  if (isfinite(tmin))
    doc_row(&g->d, (const char *const[]){"temperature range, °C (`temp_start_c`, `temp_end_c`)",
                                         fmt("%g – %g", tmin, tmax)});
  if (dsmin)
    doc_row(&g->d, (const char *const[]){"measured (`date`)",
                                         strcmp(dsmin, dsmax) ? fmt("%s … %s", dsmin, dsmax) : dsmin});
  doc_table_end(&g->d);
  strlist_free(&keys);
}

// the ceilings measured on GPU, as published in data/ceilings/<gpu>.csv
static void ceilings(gen *g, const char *gpu) {
  char p[4096];
  snprintf(p, sizeof p, "%s/ceilings/%s.csv", g->data, gpu);
  rcsv t;
  if (!gen_load_opt(g, p, &t)) {
    doc_par(&g->d, "No measured ceilings for `%s` (`%s` is missing): the roofline shows the datasheet "
                   "roofs only.", gpu, p);
    return;
  }
  static const char *const need[] = {"metric", "value", "unit", NULL};
  int x[3];
  if (rcsv_need(&t, need, x, g->err, sizeof g->err)) gen_die(g);
  int cn = rcsv_col(&t, "n"), clo = rcsv_col(&t, "min"), chi = rcsv_col(&t, "max");
  const char *date = rcsv_meta(&t, "date");
  doc_table(&g->d, fmt("Ceilings measured on `%s` (`%s`%s%s): the median of n runs, with their min and max.",
                       gpu, p, date ? ", " : "", date ? date : ""),
            "lrlrrr", (const char *const[]){"Metric", "Value", "Unit", "n", "Min", "Max"});
  for (size_t r = 0; r < t.nrows; r++)
    doc_row(&g->d, (const char *const[]){fmt("`%s`", rcsv_get(&t, r, x[0])), num(fld(g, &t, r, "value")),
                                         rcsv_get(&t, r, x[2]), rcsv_get(&t, r, cn),
                                         clo >= 0 ? num(fld(g, &t, r, "min")) : "—",
                                         chi >= 0 ? num(fld(g, &t, r, "max")) : "—"});
  doc_table_end(&g->d);
  rcsv_free(&t);
}

static const char *first_field(const egpu *xs, size_t n, const char *col, const char *dflt) {
  for (size_t i = 0; i < n; i++) {
    if (!xs[i].have_cmp || !xs[i].cmp.nrows) continue;
    int c = rcsv_col(&xs[i].cmp, col);
    if (c >= 0) return rcsv_get(&xs[i].cmp, 0, c);
  }
  return dflt;
}

void methodology(gen *g, egpu *xs, size_t n, const strlist *gpus) {
  doc_head(&g->d, 1, "Methodology");
  doc_par(&g->d, "Every number in this appendix is recomputed by `make report` from the raw samples "
                 "published under `%s/` (one CSV file per experiment, GPU and variant, every timed call "
                 "kept) on a machine without a GPU. The hardware and software of each run are read "
                 "from the files' own metadata headers:", g->data);
  for (size_t i = 0; i < gpus->n; i++) {
    fingerprint(g, gpus->v[i], xs, n);
    ceilings(g, gpus->v[i]);
  }
  const char *seed = first_field(xs, n, "seed", g->seed), *res = first_field(xs, n, "resamples", g->resamples);
  const char *cim = first_field(xs, n, "ci_method", "bca"), *alpha = first_field(xs, n, "alpha", g->alpha);
  const char *corr = first_field(xs, n, "correction", "holm"), *pm = first_field(xs, n, "p_method", "auto");
  doc_head(&g->d, 2, "Timing");
  doc_par(&g->d, "Each sample is the GPU time per call of one variant at one shape, timed with "
                 "CUDA events; the warm-up calls (`warmup`) are excluded and the files' `timing` "
                 "header says how each was taken. Our kernels and the PyTorch SDPA baselines are "
                 "timed the same way: a CUDA graph of `graph_calls` back-to-back calls is replayed, "
                 "the events bracket one replay, and the sample is its time divided by the number of "
                 "calls (this is also how ANCHORS.md times SDPA). A short spin kernel before each "
                 "replay keeps the host's launch latency out of the events. In `cold` L2 mode "
                 "(`l2_flush`) a buffer twice the L2 size is overwritten before every replay, outside "
                 "the timed region, so the first call of a replay starts cold and the others find what "
                 "the previous call left; in `hot` mode nothing is flushed. Files with `graph_calls` 0 "
                 "(or none) were timed with events around plain launches: one call per sample when "
                 "cold, a batch of `hot_batch` calls divided by its size when hot. The SM clock is "
                 "recorded with every sample. Inputs are random with a fixed seed (`seed`), never "
                 "zeros, and every variant passed the numerics gate before it was timed. Variants and "
                 "baselines of an experiment are measured in the same run, interleaved in rounds. For "
                 "the SDPA baselines the per-call time seen from Python (launch overhead included, "
                 "what a PyTorch user pays) is shown beside the GPU time, labelled, and never "
                 "compared.");
  doc_head(&g->d, 2, "Statistics");
  doc_par(&g->d, "Summaries (`stats summary`): per variant and shape, n, the median with a 95%% "
                 "bootstrap CI (%s, %s resamples, seed %s), quartiles, MAD, and outliers counted by "
                 "Tukey's fences (1.5 and 3 IQR) and kept. Comparisons (`stats compare`): speedup = "
                 "median(base) / median(candidate) with a 95%% bootstrap CI (groups resampled "
                 "independently); the two-sided Mann–Whitney U test (U of the base, p by the `%s` "
                 "method: exact without ties for small n, else the normal approximation with tie and "
                 "continuity corrections, as scipy); Cliff's δ = P(base > cand) − P(base < cand) with "
                 "its CI and magnitude (|δ| < 0.147 negligible, < 0.33 small, < 0.474 medium, else "
                 "large); α = %s with %s's correction across all comparisons of an experiment and GPU.",
          cim, res, seed, pm, alpha, !strcmp(corr, "holm") ? "Holm" : corr);
  doc_par(&g->d, "Verdicts: **FAST** when p < α, the speedup CI lies above 1 and the speedup exceeds "
                 "1 + %g; **SLOW** symmetrically; **SAME** when the whole speedup CI lies inside "
                 "[1/(1 + %g), 1 + %g]; otherwise **AMBIGUOUS**. The same data and seed give the same "
                 "tables, byte for byte.",
          g->threshold, g->threshold, g->threshold);
}
