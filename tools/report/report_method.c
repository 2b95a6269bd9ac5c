// report_method.c — the Methodology section of the appendix: per GPU the fingerprint taken from
// the sample files' metadata (and the SM clock column) and the measured ceilings, then how the
// samples were timed and how the statistics were computed (text: reports/templates/method.txt; the
// labels of the metadata keys: reports/meta_labels.csv).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_ctx.h"
#include "report_design.h"
#include "report_fmt.h"
#include "report_form.h"
#include "report_problem.h"
#include "report_roof.h"
#include "report_sections.h"
#include "report_setup.h"
#include "report_static.h"
#include "report_tmpl.h"
#include "report_tmplread.h"

static int skip_key(const char *k) {
  // round: the header lines are round 1's (the column `round` says which round a sample is of)
  static const char *const skip[] = {"experiment", "variant", "flags", "synthetic", "backend",
                                     "temp_start_c", "temp_end_c", "date", "round", NULL};
  for (size_t i = 0; skip[i]; i++)
    if (!strcmp(k, skip[i])) return 1;
  return strchr(k, '.') != NULL;
}

// the `key=value` word KEY of a `session.<id>` header value, into out (empty when absent)
static void session_word(const char *v, const char *key, char *out, size_t len) {
  out[0] = '\0';
  size_t k = strlen(key);
  for (const char *p = v; p && *p; p = strchr(p, ' '), p = p ? p + 1 : NULL)
    if (!strncmp(p, key, k) && p[k] == '=') {
      snprintf(out, len, "%.*s", (int)strcspn(p + k + 1, " "), p + k + 1);
      return;
    }
}

static int has_session_line(const samples_file *f) {
  for (size_t k = 0; k < f->nmeta; k++)
    if (!strncmp(f->meta[k].key, "session.", 8)) return 1;
  return 0;
}

// the design of the first variant and shape of x: "3 × 10 × 30" (sessions × rounds per session ×
// reps per round), "" when x has no samples
static const char *design_of_exp(gen *g, const egpu *x) {
  if (!x->names.n || !x->files[0].ngroups) return "";
  const samples_file *f = &x->files[0];
  const samples_group *gr = &f->groups[0];
  size_t units = 0, ns = 0;
  for (size_t i = 0; i < gr->n; i++) {
    int seen = 0, sseen = 0;
    for (size_t j = 0; j < i && !seen; j++) {
      sseen |= gr->session[j] == gr->session[i];
      seen = gr->session[j] == gr->session[i] && gr->round[j] == gr->round[i];
    }
    units += !seen, ns += !sseen;
  }
  if (!units || !ns) return "";
  return design_cell(g, (double)ns, (double)units, (double)gr->n);
}

// the rows of the design's keys: sessions (per experiment), host and gpu_uuid (every value, from
// the `session.<id>` headers too), order_seed (one per session), order (every session's); *have counts the files with KEY
static const char *session_key(gen *g, const char *key, const char *gpu, egpu *xs, size_t n, size_t nfiles) {
  strlist vals = {0}, exps = {0}, parts = {0};  // parts: "`exp`: n (`id`, ...)", every one whole
  size_t nofile = 0;
  size_t have = 0;
  for (size_t i = 0; i < n; i++) {
    if (strcmp(xs[i].gpu, gpu)) continue;
    strlist ids = {0};
    for (size_t f = 0; f < xs[i].names.n; f++) {
      const samples_file *sf = &xs[i].files[f];
      const char *top = samples_meta(sf, key);
      // order: each session line says its own (the header is the latest session's); a line
      // without the word was dealt the order before it existed
      int per_line = !strcmp(key, "order") && has_session_line(sf);
      if (per_line) top = NULL;
      have += top != NULL || per_line;
      nofile += !sf->has_session;
      if (top && strcmp(key, "session") && !strlist_has(&vals, top)) strlist_add(&vals, top);
      for (size_t k = 0; k < sf->nmeta; k++) {
        if (strncmp(sf->meta[k].key, "session.", 8)) continue;
        const char *id = sf->meta[k].key + 8;
        char w[256];
        session_word(sf->meta[k].value, key, w, sizeof w);
        if (per_line && !*w) snprintf(w, sizeof w, "%s", SAMPLES_ORDER_UNRECORDED);
        if (!strcmp(key, "session") && !strlist_has(&ids, id)) strlist_add(&ids, id);
        if (strcmp(key, "session") && *w && !strlist_has(&vals, w)) strlist_add(&vals, w);
      }
    }
    if (ids.n) {
      strlist_sort(&ids);
      strlist_add(&exps, xs[i].exp);
      strlist_add(&parts, fmt("`%s`: %zu (%s)", xs[i].exp, ids.n, gen_join_code(&ids, ", ")));
      for (size_t k = 0; k < ids.n; k++)
        if (!strlist_has(&vals, ids.v[k])) strlist_add(&vals, ids.v[k]);
    }
    strlist_free(&ids);
  }
  const char *out, *in = have < nfiles ? tmpl_str(g, "words", "fp-header-in",
                                                  (const char *const[]){"have", fmt("%zu", have), "n", fmt("%zu", nfiles), NULL})
                                        : "";
  const char *nv = fmt("%zu", vals.n), *s = vals.n == 1 ? "" : "s";
  if (!strcmp(key, "session"))
    out = tmpl_str(g, "words", "fp-sessions",
                   (const char *const[]){"n", nv, "s", s, "list", gen_join(&parts, "; "), "older",
                                         nofile ? tmpl_str(g, "words", "fp-sessions-older", (const char *const[]){"n", fmt("%zu", nofile), NULL}) : "",
                                         NULL});
  else if (!strcmp(key, "order_seed"))
    out = tmpl_str(g, "words", "fp-order-seed", (const char *const[]){"n", nv, "s", s, "in", *in ? fmt("; %s", in) : "", NULL});
  else {
    strlist_sort(&vals);
    // every value, however many GPUs and hosts a cluster contributed
    const char *l = gen_join(&vals, "; ");
    out = fmt("%s%s%s%s%s", l, vals.n > 1 || *in ? " (" : "",
              vals.n > 1 ? tmpl_str(g, "words", "fp-distinct", (const char *const[]){"n", nv, NULL}) : "",
              vals.n > 1 && *in ? "; " : "", *in ? fmt("%s)", in) : vals.n > 1 ? ")" : "");
  }
  strlist_free(&vals);
  strlist_free(&exps);
  strlist_free(&parts);
  return out;
}

static int session_keyed(const char *k) {
  return !strcmp(k, "session") || !strcmp(k, "order") || !strcmp(k, "order_seed") || !strcmp(k, "host") || !strcmp(k, "gpu_uuid");
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
    tmpl_put(g, "method", "no-fingerprint", (const char *const[]){"gpu", gpu, NULL});
    strlist_free(&keys);
    return;
  }
  rcsv labels;
  static const char *const need[] = {"key", "label", NULL};
  int lx[2];
  static_csv(g, "meta_labels.csv", &labels, need, lx);
  tmpl_table(g, "method", "caption-fingerprint", "columns-fingerprint", "p40p54",
             (const char *const[]){"gpu", gpu, "n", fmt("%zu", nfiles), NULL});
  for (size_t k = 0; k < keys.n; k++) {
    long lr = static_row(&labels, lx[0], keys.v[k]);
    // a session-keyed value first: it formats as many strings as there are sessions, which
    // would recycle item's
    const char *skv = session_keyed(keys.v[k]) ? session_key(g, keys.v[k], gpu, xs, n, nfiles) : NULL;
    const char *item = lr >= 0 ? fmt("%s (`%s`)", rcsv_get(&labels, (size_t)lr, lx[1]), keys.v[k])
                               : fmt("`%s`", keys.v[k]);
    if (skv) {
      doc_row(&g->d, (const char *const[]){item, skv});
      continue;
    }
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
    else if (numeric) val = lo == hi ? fmt("%g", lo) : fmt("%g – %g", lo, hi);
    else if (vals.n <= 3)  // the values may hold semicolons themselves (timing): lettered
      val = fmt("(a) %s (b) %s%s%s", vals.v[0], vals.v[1], vals.n > 2 ? " (c) " : "", vals.n > 2 ? vals.v[2] : "");
    else val = tmpl_str(g, "words", "fp-varies", (const char *const[]){"n", fmt("%zu", vals.n), NULL});
    if (have < nfiles)
      val = tmpl_str(g, "words", "fp-in-files",
                     (const char *const[]){"value", val, "have", fmt("%zu", have), "n", fmt("%zu", nfiles), NULL});
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
    doc_row(&g->d, (const char *const[]){tmpl_str(g, "method", "row-sm-clock", NULL), fmt("%g – %g", cmin, cmax)});
  if (isfinite(tmin))
    doc_row(&g->d, (const char *const[]){tmpl_str(g, "method", "row-temperature", NULL), fmt("%g – %g", tmin, tmax)});
  // the design of each experiment, from its first variant and shape (every one: no fixed buffer)
  strlist des = {0};
  for (size_t i = 0; i < n; i++) {
    const char *d = strcmp(xs[i].gpu, gpu) ? "" : design_of_exp(g, &xs[i]);
    if (*d) strlist_add(&des, fmt("`%s` %s", xs[i].exp, d));
  }
  if (des.n)
    doc_row(&g->d, (const char *const[]){tmpl_str(g, "method", "row-design", NULL),
                                         tmpl_str(g, "method", "design", (const char *const[]){"designs", gen_join(&des, "; "), NULL})});
  strlist_free(&des);
  if (dsmin)
    doc_row(&g->d, (const char *const[]){tmpl_str(g, "method", "row-measured", NULL),
                                         strcmp(dsmin, dsmax) ? fmt("%s … %s", dsmin, dsmax) : dsmin});
  doc_table_end(&g->d);
  rcsv_free(&labels);
  strlist_free(&keys);
}

// " (of `a`, `b`)": the rows of T of one kind (roof_is_bw, roof_is_flops) when there are several
static const char *roof_others(gen *g, const rcsv *t, int cm, int (*kind)(const char *)) {
  strlist l = {0};
  for (size_t r = 0; r < t->nrows; r++)
    if (kind(rcsv_get(t, r, cm))) strlist_add(&l, rcsv_get(t, r, cm));
  const char *s = l.n > 1 ? tmpl_str(g, "method", "roof-others", (const char *const[]){"list", gen_join_code(&l, ", "), NULL}) : "";
  strlist_free(&l);
  return s;
}

// which measured bandwidth and which measured FLOP rate are the roofline's roofs (report_roof.h),
// each named by its row among the rows of its kind
static void roof_rows(gen *g, const char *gpu, const char *path, const rcsv *t, int cm) {
  roof_t rf;
  if (roof_read(path, gpu, &rf, g->err, sizeof g->err)) gen_die(g);
  if (rf.bw_gbs <= 0 && rf.tflops <= 0) return;
  const char *ds = rf.ds_bw_gbs > 0 ? tmpl_str(g, "method", "roof-datasheet",
                                               (const char *const[]){"bw", fmt("%g", rf.ds_bw_gbs), "tf", fmt("%g", rf.ds_tflops), NULL})
                                    : "";
  const char *tf_others = roof_others(g, t, cm, roof_is_flops);
  if (rf.bw_gbs <= 0) {
    tmpl_put(g, "method", "compute-roof-alone",
             (const char *const[]){"gpu", gpu, "metric", rf.tf_metric, "tf", num(rf.tflops), "others", tf_others, "datasheet", ds, NULL});
    return;
  }
  const char *compute = rf.tflops > 0 ? tmpl_str(g, "method", "compute-roof",
                                                 (const char *const[]){"metric", rf.tf_metric, "tf", num(rf.tflops), "others", tf_others, NULL})
                        : rf.ds_tflops > 0 ? tmpl_str(g, "method", "compute-roof-datasheet", NULL)
                                           : tmpl_str(g, "method", "compute-roof-none", NULL);
  tmpl_put(g, "method", "memory-roof",
           (const char *const[]){"gpu", gpu, "metric", rf.bw_metric, "bw", num(rf.bw_gbs), "others", roof_others(g, t, cm, roof_is_bw),
                                 "compute", compute, "datasheet", ds, NULL});
}

// the ceilings measured on GPU, as published in data/ceilings/<gpu>.csv
static void ceilings(gen *g, const char *gpu) {
  char p[4096];
  snprintf(p, sizeof p, "%s/ceilings/%s.csv", g->data, gpu);
  rcsv t;
  if (!gen_load_opt(g, p, &t)) {
    tmpl_put(g, "method", "no-ceilings", (const char *const[]){"gpu", gpu, "path", p, NULL});
    return;
  }
  static const char *const need[] = {"metric", "value", "unit", NULL};
  int x[3];
  if (rcsv_need(&t, need, x, g->err, sizeof g->err)) gen_die(g);
  int cn = rcsv_col(&t, "n"), clo = rcsv_col(&t, "min"), chi = rcsv_col(&t, "max");
  const char *date = rcsv_meta(&t, "date");
  const char *when = date ? tmpl_str(g, "method", "ceilings-date", (const char *const[]){"date", date, NULL}) : "";
  tmpl_table(g, "method", "caption-ceilings", "columns-ceilings", "lrlrrr",
             (const char *const[]){"gpu", gpu, "path", p, "date", when, NULL});
  for (size_t r = 0; r < t.nrows; r++)
    doc_row(&g->d, (const char *const[]){fmt("`%s`", rcsv_get(&t, r, x[0])), num(fld(g, &t, r, "value")),
                                         rcsv_get(&t, r, x[2]), rcsv_get(&t, r, cn),
                                         clo >= 0 ? num(fld(g, &t, r, "min")) : fmt_none(),
                                         chi >= 0 ? num(fld(g, &t, r, "max")) : fmt_none()});
  doc_table_end(&g->d);
  roof_rows(g, gpu, p, &t, x[0]);
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

// one paragraph on the A/A calibration of GPU: its components and false-positive rates
static void calibration(gen *g, const char *gpu) {
  char p[4096];
  snprintf(p, sizeof p, "%s/aa/%s/calibration.csv", g->data, gpu);
  rcsv t;
  if (!gen_load_opt(g, p, &t)) {
    tmpl_put(g, "method", "no-calibration", (const char *const[]){"gpu", gpu, "path", p, NULL});
    return;
  }
  static const char *const need[] = {"pair", "shape", "n_sessions", "n_rounds", "sd_round_pct",
                                     "sd_session_pct", NULL};
  int x[6];
  if (rcsv_need(&t, need, x, g->err, sizeof g->err)) gen_die(g);
  double sr = 0, ss = 0, fw = NAN, fwh = NAN, fa = NAN, fah = NAN, ns = 0, nr = 0, dw = 0, da = 0;
  strlist pairs = {0};
  size_t ncis = 0, nexcl = 0;  // the A/A comparisons on all the data (stats aa's ci_excludes_1)
  int cx = rcsv_col(&t, "ci_excludes_1");
  for (size_t r = 0; r < t.nrows; r++) {
    if (cx >= 0 && rcsv_get(&t, r, cx)[0]) ncis++, nexcl += !strcmp(rcsv_get(&t, r, cx), "yes");
    if (!strlist_has(&pairs, rcsv_get(&t, r, x[0]))) strlist_add(&pairs, rcsv_get(&t, r, x[0]));
    double v;
    if (isfinite(v = fld(g, &t, r, "sd_round_pct"))) sr = fmax(sr, v);
    if (isfinite(v = fld(g, &t, r, "sd_session_pct"))) ss = fmax(ss, v);
    if (isfinite(v = fld_opt(g, &t, r, "fp_within"))) fw = isfinite(fw) ? fmax(fw, v) : v;
    if (isfinite(v = fld_opt(g, &t, r, "fp_within_hi"))) fwh = isfinite(fwh) ? fmax(fwh, v) : v;
    if (isfinite(v = fld_opt(g, &t, r, "fp_across"))) fa = isfinite(fa) ? fmax(fa, v) : v;
    if (isfinite(v = fld_opt(g, &t, r, "fp_across_hi"))) fah = isfinite(fah) ? fmax(fah, v) : v;
    ns = fmax(ns, fld(g, &t, r, "n_sessions")), nr = fmax(nr, fld(g, &t, r, "n_rounds"));
    if (isfinite(v = fld_opt(g, &t, r, "draws_within"))) dw = fmax(dw, v);
    if (isfinite(v = fld_opt(g, &t, r, "draws_across"))) da = fmax(da, v);
  }
  char *within = isfinite(fw) ? tmpl_text(g, "method", "calibration-within",
                                          (const char *const[]){"fp", fmt("%.1f", 100 * fw), "draws", fmt("%.0f", dw),
                                                                "fp_hi", fmt("%.1f", 100 * fwh), "rows", fmt("%zu", t.nrows), NULL})
                              : NULL;
  char *across = !isfinite(fw) ? NULL
                 : isfinite(fa) ? tmpl_text(g, "method", "calibration-across",
                                            (const char *const[]){"fp", fmt("%.1f", 100 * fa), "draws", fmt("%.0f", da),
                                                                  "fp_hi", fmt("%.1f", 100 * fah), NULL})
                                : tmpl_text(g, "method", "calibration-within-end", NULL);
  tmpl_put(g, "method", "calibration",
           (const char *const[]){"gpu", gpu, "path", p, "npairs", fmt("%zu", pairs.n), "pair_s", pairs.n == 1 ? "" : "s",
                                 "nshapes", fmt("%zu", t.nrows / (pairs.n ? pairs.n : 1)), "units", units_cell(ns, nr),
                                 "sd_round", fmt("%.2f", sr), "sd_session", fmt("%.2f", ss),
                                 "fp_within", within ? within : "", "fp_across", across ? across : "",
                                 "cis", ncis ? tmpl_str(g, "method", "calibration-cis",
                                                        (const char *const[]){"excl", fmt("%zu", nexcl), "n", fmt("%zu", ncis), NULL})
                                             : "",
                                 NULL});
  free(within);
  free(across);
  strlist_free(&pairs);
  rcsv_free(&t);
}

// the values of metadata KEY over every sample file: "20" or "0, 20", "" when no file has it
// the sentence on served rounds, naming the experiments with a file that says `process: served`;
// "" when none does (the caller frees it)
static char *served_note(gen *g, egpu *xs, size_t n) {
  strlist e = {0};
  for (size_t i = 0; i < n; i++)
    for (size_t f = 0; f < xs[i].names.n; f++) {
      const char *m = samples_meta(&xs[i].files[f], "process");
      if (m && !strcmp(m, "served") && !strlist_has(&e, xs[i].exp)) strlist_add(&e, xs[i].exp);
    }
  strlist_sort(&e);
  // (one line: it ends a paragraph's or a bullet's last sentence)
  char *t = e.n ? tmpl_one_line(tmpl_text(g, "method", "served", (const char *const[]){"exps", gen_join_code(&e, ", "), NULL}))
                : strdup("");
  strlist_free(&e);
  if (!t) abort();
  return t;
}

void methodology(gen *g, egpu *xs, size_t n, const strlist *gpus, const strlist *main_exps) {
  int full = form_full(g);
  tmpl_put(g, "method", full ? "intro" : "intro-main", (const char *const[]){"data", g->data, NULL});
  const char *alpha = first_field(xs, n, "alpha", g->alpha);
  const char *corr = first_field(xs, n, "correction", "holm");
  char thr[32]; // kept here: the values of fmt's rotating buffers do not outlive the tables below
  snprintf(thr, sizeof thr, "%g", 100 * g->threshold);
  char *served = served_note(g, xs, n);
  // the kernel time's comparisons, said where some experiment has them (report_times.h)
  char *kn = g->any_kernel ? tmpl_one_line(tmpl_text(g, "method", "kernel-note", NULL)) : strdup("");
  if (!kn) abort();
  const char *const sv[] = {"alpha", alpha, "correction", !strcmp(corr, "holm") ? "Holm" : corr, "data", g->data,
                            "threshold", thr, "served_note", served, "kernel_note", kn, NULL};
  if (!full) tmpl_put(g, "method", "brief", sv);
  for (size_t i = 0; i < gpus->n; i++) {
    if (full) fingerprint(g, gpus->v[i], xs, n);
    ceilings(g, gpus->v[i]);
  }
  if (full) {
    const char *gc = setup_meta_values(xs, n, "graph_calls");
    char *note = *gc ? tmpl_text(g, "method", "graph-calls", (const char *const[]){"values", gc, NULL}) : NULL;
    tmpl_put(g, "method", "timing", (const char *const[]){"graph_calls_note", note ? note : "", "served_note", served,
                                                          "lib_timing", problem_text(g, "lib-timing", NULL),
                                                          "hard_inputs", problem_text(g, "hard-inputs", NULL),
                                                          "python_time", problem_text(g, "python-time", NULL), NULL});
    free(note);
    tmpl_put(g, "method", "statistics", sv);
  }
  for (size_t i = 0; i < gpus->n; i++) calibration(g, gpus->v[i]);
  if (full) tmpl_put(g, "method", "older", NULL);
  setup_table(g, xs, n, full ? NULL : main_exps);
  glossary_table(g);
  form_see_full(g, 1, "what-method");
  free(served);
  free(kn);
}
