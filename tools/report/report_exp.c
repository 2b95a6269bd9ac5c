// report_exp.c — one experiment of the appendix: definition, and per GPU the variants and their
// gates, the latency table, the comparison table, the findings in words (negative results
// stated), the figures and the gate rejections; a correctness-style experiment gets
// report_correct.c's tables instead of the timing ones.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples_median.h"
#include "report_aainside.h"
#include "report_clocks.h"
#include "report_design.h"
#include "report_fmt.h"
#include "report_form.h"
#include "report_parts.h"
#include "report_primary.h"
#include "report_problem.h"
#include "report_tmpl.h"
#include "report_words.h"
#include "report_pick.h"
#include "report_tally.h"
#include "report_roof.h"
#include "report_times.h"

static const char *dfmt(double d) {
  return isfinite(d) ? fmt("%.2f", d) : fmt_none();
}


// median of the python_call_us column of PATH at SHAPE (NAN when absent)
static double python_median(gen *g, const char *path, const char *shape) {
  rcsv t;
  if (rcsv_read(path, &t, g->err, sizeof g->err)) gen_die(g);
  int cp = rcsv_col(&t, "python_call_us"), cs = rcsv_col(&t, "shape");
  double *v = calloc(t.nrows + 1, sizeof *v), m = NAN;
  size_t n = 0;
  for (size_t r = 0; cp >= 0 && r < t.nrows; r++)
    if (!strcmp(rcsv_get(&t, r, cs), shape)) v[n++] = fld(g, &t, r, "python_call_us");
  if (n) m = samples_median(v, n);
  free(v);
  rcsv_free(&t);
  return m;
}

// A dispatching build's flags cell: its configurations with their shapes and its dispatch file
// (dispatch_configs); NULL for any other variant.
const char *dispatch_configs(const samples_file *f, strlist *cfg, strlist *shp) {
  const char *kc = samples_meta(f, "kernel_config");
  const char *colon = kc && !strncmp(kc, "dispatch ", 9) ? strstr(kc, ": ") : NULL;
  if (!colon) return NULL;
  for (size_t i = 0; i < f->nmeta; i++) {
    const char *c = strncmp(f->meta[i].key, "launch.", 7) ? NULL : strstr(f->meta[i].value, " config=");
    if (!c) continue;
    const char *name = fmt("%.*s", (int)strcspn(c + 8, " "), c + 8), *shape = f->meta[i].key + 7;
    size_t k = 0;
    while (k < cfg->n && strcmp(cfg->v[k], name)) k++;
    if (k == cfg->n) {
      strlist_add(cfg, name);
      strlist_add(shp, fmt("`%s`", shape));
    } else {
      const char *joined = fmt("%s, `%s`", shp->v[k], shape);
      free(shp->v[k]);
      shp->v[k] = strdup(joined);
    }
  }
  return fmt("%.*s", (int)(colon - kc - 9), kc + 9);
}

static const char *dispatch_cell(gen *g, const samples_file *f) {
  strlist cfg = {0}, shp = {0};  // per configuration: its name, and its shapes joined by ", "
  const char *file = dispatch_configs(f, &cfg, &shp);
  if (!file) return NULL;
  char names[2048] = "";
  size_t n = 0;
  for (size_t k = 0; k < cfg.n && n < sizeof names; k++)
    n += (size_t)snprintf(names + n, sizeof names - n, "%s`%s` (%s)", k ? "; " : "", cfg.v[k], shp.v[k]);
  strlist_free(&cfg);
  strlist_free(&shp);
  return tmpl_str(g, "words", "flags-dispatch",
                  (const char *const[]){"configs", names, "file", file, NULL});
}

// The value of -DNAME in a flags string ("-DA=1 -DB" : B is "1"), into buf; NULL when absent.
static const char *flag_value(const char *flags, const char *pre, const char *name, char *buf, size_t len) {
  const size_t nl = strlen(name);
  for (const char *p = flags; (p = strstr(p, pre)); p += 2) {
    if ((p == flags || p[-1] == ' ') && !strncmp(p + 2, name, nl) && (p[2 + nl] == '=' || p[2 + nl] == ' ' || !p[2 + nl])) {
      const char *v = p[2 + nl] == '=' ? p + 3 + nl : "1";
      snprintf(buf, len, "%.*s", (int)strcspn(v, " "), v);
      return buf;
    }
  }
  return NULL;
}

// What a COMPARE pair's candidate changes against its base, from the flags of their sample files
// (the first GPU holding both): "NAME=v (base: w)", "NAME=v (base: unset)", "NAME unset (base: w)",
// for the -D names and the compiler options (`--use_fast_math`, `--maxrregcount=64`, shown with
// their dashes); NULL when a side has no flags (a library, say) or nothing differs.
static const char *pair_diff(const egpu *xs, size_t n, const char *cand, const char *base) {
  const char *fc = NULL, *fb = NULL;
  for (size_t k = 0; k < n && !(fc && fb); k++) {
    fc = fb = NULL;
    for (size_t f = 0; f < xs[k].names.n; f++) {
      if (!strcmp(xs[k].names.v[f], cand)) fc = samples_meta(&xs[k].files[f], "flags");
      if (!strcmp(xs[k].names.v[f], base)) fb = samples_meta(&xs[k].files[f], "flags");
    }
  }
  if (!fc || !fb) return NULL;
  char out[1024] = "", vc[128], vb[128], name[128];
  size_t o = 0;
  for (int opt = 0; opt < 2; opt++) {  // the -D names, then the options
    const char *pre = opt ? "--" : "-D";
    for (int side = 0; side < 2; side++)  // the candidate's names, then those only the base sets
      for (const char *p = side ? fb : fc; (p = strstr(p, pre)); p += 2) {
        if (p != (side ? fb : fc) && p[-1] != ' ') continue;
        snprintf(name, sizeof name, "%.*s", (int)strcspn(p + 2, "= "), p + 2);
        const char *c = flag_value(fc, pre, name, vc, sizeof vc), *b = flag_value(fb, pre, name, vb, sizeof vb);
        if (side && c) continue;
        if (c && b && !strcmp(c, b)) continue;
        if (o < sizeof out)
          o += (size_t)snprintf(out + o, sizeof out - o, "%s%s%s%s%s (base: %s)", o ? ", " : "", opt ? "--" : "", name,
                                c ? "=" : " unset", c ? c : "", b ? b : "unset");
      }
  }
  return o ? fmt("%s", out) : NULL;
}

static void variants_table(gen *g, const expvars *e, const egpu *x) {
  strlist all = {0};
  for (size_t r = 0; x->have_gates && r < x->gates.n; r++)
    if (!strlist_has(&all, x->gates.rows[r].f[0])) strlist_add(&all, x->gates.rows[r].f[0]);
  for (size_t i = 0; i < x->names.n; i++)
    if (!strlist_has(&all, x->names.v[i])) strlist_add(&all, x->names.v[i]);
  tmpl_table(g, "exp", "caption-variants", "columns-variants", "llp36p20",
             (const char *const[]){"exp", x->exp, "gpu", x->gpu, NULL});
  for (size_t i = 0; i < all.n; i++) {
    const char *v = all.v[i], *flags = fmt_none(), *gate = word(g, "not-gated"), *dcell = NULL;
    for (size_t f = 0; f < x->names.n; f++)
      if (!strcmp(x->names.v[f], v)) {
        if (samples_meta(&x->files[f], "flags")) flags = fmt("`%s`", samples_meta(&x->files[f], "flags"));
        if ((dcell = dispatch_cell(g, &x->files[f]))) flags = dcell;
      }
    for (size_t r = 0; x->have_gates && r < x->gates.n; r++)
      if (!strcmp(x->gates.rows[r].f[0], v)) {
        const char *verdict = x->gates.rows[r].f[1], *reason = x->gates.rows[r].f[2];
        gate = *reason ? fmt("%s: `%s`", verdict, reason) : fmt("%s", verdict);
      }
    const char *role = word(g, expvars_is_baseline(e, v) ? "role-baseline" : dcell ? "role-dispatch" : "role-variant");
    if (e->baseline && !strcmp(v, e->baseline))
      role = tmpl_str(g, "words", "role-named-baseline", (const char *const[]){"role", role, NULL});
    if (!strlist_has(&x->names, v)) gate = tmpl_str(g, "words", "gate-no-samples", (const char *const[]){"gate", gate, NULL});
    doc_row(&g->d, (const char *const[]){fmt("`%s`", v), role, flags, gate});
  }
  doc_table_end(&g->d);
  strlist_free(&all);
}

static void latency_table(gen *g, const expvars *e, const egpu *x, const strlist *shapes) {
  int py = 0;
  for (size_t f = 0; f < x->names.n; f++) {
    FILE *fp = fopen(x->paths.v[f], "r");
    char line[4096];
    while (fp && fgets(line, sizeof line, fp))
      if (line[0] != '#') {
        if (strstr(line, "python_call_us")) py = 1;
        break;
      }
    if (fp) fclose(fp);
  }
  // with kernel time recorded: each row's median kernel time beside its call time
  int kern = gen_has_kernel(x);
  tmpl_table(g, "exp", "caption-latency",
             kern ? (py ? "columns-latency-python-kernel" : "columns-latency-kernel") : py ? "columns-latency-python" : "columns-latency",
             kern ? (py ? "lrrrrrrrrrr" : "lrrrrrrrrr") : py ? "lrrrrrrrrr" : "lrrrrrrrr",
             (const char *const[]){"exp", x->exp, "gpu", x->gpu,
                                   "python", py ? tmpl_str(g, "exp", "caption-latency-python", NULL) : "",
                                   "kernel", kern ? tmpl_str(g, "exp", "caption-latency-kernel", NULL) : "", NULL});
  strlist order = {0};
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < x->names.n; i++)
      if (expvars_is_baseline(e, x->names.v[i]) == pass) strlist_add(&order, x->names.v[i]);
  for (size_t s = 0; s < shapes->n; s++) {
    doc_group(&g->d, "`%s`", shapes->v[s]);
    for (size_t i = 0; i < order.n; i++) {
      long r = sum_row(x, order.v[i], shapes->v[s]);
      if (r < 0) continue;
      const rcsv *t = &x->sum;
      double pm = NAN;
      if (py)
        for (size_t f = 0; f < x->names.n; f++)
          if (!strcmp(x->names.v[f], order.v[i])) pm = python_median(g, x->paths.v[f], shapes->v[s]);
      doc_row(&g->d, (const char *const[]){
                         fmt("`%s`", order.v[i]), fmt("%.0f", fld(g, t, r, "n")),
                         units_cell(fld_opt(g, t, r, "n_sessions"), fld_opt(g, t, r, "n_rounds")),
                         ci(fld(g, t, r, "median"), fld(g, t, r, "ci_lo"), fld(g, t, r, "ci_hi")),
                         isfinite(fld(g, t, r, "rel_ci_halfwidth")) ? fmt("%.2f", 100 * fld(g, t, r, "rel_ci_halfwidth")) : fmt_none(),
                         sd_cell(fld_opt(g, t, r, "sd_rep_pct")), sd_cell(fld_opt(g, t, r, "sd_round_pct")),
                         sd_cell(fld_opt(g, t, r, "sd_session_pct")),
                         fmt("%.0f / %.0f", fld(g, t, r, "mild_outliers"), fld(g, t, r, "severe_outliers")),
                         py ? num(pm) : times_kernel_median(g, x, order.v[i], shapes->v[s]),
                         py ? times_kernel_median(g, x, order.v[i], shapes->v[s]) : NULL});
    }
  }
  doc_table_end(&g->d);
  if (!kern && g->any_kernel) tmpl_put(g, "exp", "latency-no-kernel", NULL);
  strlist_free(&order);
}

static void compare_table(gen *g, const egpu *x, const strlist *shapes) {
  const rcsv *c = &x->cmp;
  int cs = rcsv_col(c, "shape"), cb = rcsv_col(c, "base"), cc = rcsv_col(c, "cand"),
      cv = rcsv_col(c, "verdict"), cm = rcsv_col(c, "delta_magnitude");
  if (cs < 0 || cb < 0 || cc < 0 || cv < 0) {
    snprintf(g->err, sizeof g->err, "%s:1: needs columns shape, base, cand, verdict", c->path);
    gen_die(g);
  }
  int cc_ = rcsv_col(c, "correction");
  const char *corr = cc_ < 0 || !c->nrows ? "holm" : rcsv_get(c, 0, cc_);
  // the experiment's claims (PRIMARY) are a family of their own: Holm within each family
  int cf = rcsv_col(c, "family");
  size_t nclaims = 0;
  for (size_t r = 0; cf >= 0 && r < c->nrows; r++) nclaims += !strcmp(rcsv_get(c, r, cf), "primary");
  const char *cw = nclaims && !strcmp(corr, "holm")
                       ? tmpl_str(g, "exp", "corrected-holm-families", (const char *const[]){"n", fmt("%zu", nclaims), NULL})
                   : !strcmp(corr, "holm") ? tmpl_str(g, "exp", "corrected-holm", NULL)
                   : !strcmp(corr, "none") ? tmpl_str(g, "exp", "corrected-none", NULL)
                                           : tmpl_str(g, "exp", "corrected", (const char *const[]){"correction", corr, NULL});
  // candidate and base wrap at their names' underscores: two long variant names side by side
  // would push the table past the line
  tmpl_table(g, "exp", "caption-compare", "columns-compare", "p09p09rrrp10ll",
             (const char *const[]){"exp", x->exp, "gpu", x->gpu, "correction", cw, NULL});
  for (size_t s = 0; s < shapes->n; s++) {
    int any = 0;
    for (size_t r = 0; r < c->nrows; r++) {
      if (strcmp(rcsv_get(c, r, cs), shapes->v[s])) continue;
      if (!any++) doc_group(&g->d, "`%s`", shapes->v[s]);
      char b[256], d[256];
      const char *base = pick_name(rcsv_get(c, r, cb), b, sizeof b), *cand = pick_name(rcsv_get(c, r, cc), d, sizeof d);
      long sr = sum_row(x, cand, shapes->v[s]);
      const char *med = sr >= 0 ? ci(fld(g, &x->sum, sr, "median"), fld(g, &x->sum, sr, "ci_lo"), fld(g, &x->sum, sr, "ci_hi"))
                                : num(fld(g, c, r, "median_cand"));
      const char *v = rcsv_get(c, r, cv);
      int claim = cf >= 0 && !strcmp(rcsv_get(c, r, cf), "primary");
      doc_row(&g->d, (const char *const[]){
                         fmt("`%s`%s", cand, claim ? word(g, "claim-mark") : ""), fmt("`%s`", base), med,
                         xci(fld(g, c, r, "speedup"), fld(g, c, r, "speedup_lo"), fld(g, c, r, "speedup_hi")),
                         pfmt(fld(g, c, r, "p_value")), level_cell(g, c, r),
                         fmt("%s %s", dfmt(fld(g, c, r, "cliffs_delta")), rcsv_get(c, r, cm)),
                         fmt("**%s**", v)});
    }
  }
  doc_table_end(&g->d);
}

// the verdicts counted, in words; the number of comparisons
static size_t verdict_counts(gen *g, const tally *t) {
  size_t n = tally_n(t);
  tmpl_put(g, "exp", "verdicts",
           (const char *const[]){"n", fmt("%zu", n), "fast", fmt("%zu", t->fast), "same", fmt("%zu", t->same),
                                 "amb", fmt("%zu", t->amb), "slow", fmt("%zu", t->slow), NULL});
  return n;
}

// an A/A calibration's verdicts (its data hold calibration.csv): those of its A/A pairs (its COMPARE
// pairs, the same build twice) apart from the others (builds against BASELINE, which are no A/A),
// so that a library's FAST against our kernel is not read as a false positive
static size_t aa_verdict_counts(gen *g, const expvars *e, const egpu *x) {
  tally a = tally_of_pairs(e, &x->cmp, 1), o = tally_of_pairs(e, &x->cmp, 0);
  const char *others = tally_n(&o) ? tmpl_str(g, "exp", "verdicts-aa-others",
                                              (const char *const[]){"nother", fmt("%zu", tally_n(&o)), "fast", fmt("%zu", o.fast),
                                                                    "same", fmt("%zu", o.same), "amb", fmt("%zu", o.amb),
                                                                    "slow", fmt("%zu", o.slow),
                                                                    "baseline", e->baseline ? e->baseline : fmt_none(), NULL})
                                    : "";
  tmpl_put(g, "exp", "verdicts-aa",
           (const char *const[]){"n", fmt("%zu", tally_n(&a) + tally_n(&o)), "naa", fmt("%zu", tally_n(&a)),
                                 "afast", fmt("%zu", a.fast), "asame", fmt("%zu", a.same), "aamb", fmt("%zu", a.amb),
                                 "aslow", fmt("%zu", a.slow), "others", others, NULL});
  return tally_n(&a) + tally_n(&o);
}

static void key_result(gen *g, const expvars *e, const egpu *x);

// findings in words: the key result (not of an A/A calibration, whose comparisons with a library
// are no result of it), counts, fastest per shape, every negative result stated
static void findings(gen *g, const expvars *e, const egpu *x, const strlist *shapes, const tally *t) {
  if (!strlist_has(&x->others, "calibration.csv")) key_result(g, e, x);
  size_t n = x->have_cmp && strlist_has(&x->others, "calibration.csv") ? aa_verdict_counts(g, e, x) : verdict_counts(g, t);
  strlist ours = {0}, base = {0};
  for (size_t i = 0; i < x->names.n; i++)
    strlist_add(expvars_is_baseline(e, x->names.v[i]) ? &base : &ours, x->names.v[i]);
  int intro = 0;
  for (size_t s = 0; s < shapes->n; s++) {
    const char *bo = pick_variant(&x->sum, &ours, e, "@ours", shapes->v[s]);
    if (bo && !intro++) tmpl_put(g, "exp", e->dispatch.n ? "fastest-intro-dispatch" : "fastest-intro", NULL);
    const char *bb = NULL;
    double mb = 0, m;
    for (size_t i = 0; i < base.n; i++)
      if (pick_median(&x->sum, base.v[i], shapes->v[s], &m) == 0 && (!bb || m < mb)) bb = base.v[i], mb = m;
    double mo = 0;
    if (bo) pick_median(&x->sum, bo, shapes->v[s], &mo);
    if (bo)
      tmpl_put(g, "exp", bb ? "fastest-both" : "fastest",
               (const char *const[]){"shape", shapes->v[s], "ours", bo, "median", num(mo), "base", bb ? bb : "",
                                     "base_median", num(mb), "speedup", xfmt(mb / mo), NULL});
  }
  strlist_free(&ours);
  strlist_free(&base);
  if (!x->have_cmp) return;
  // every comparison that is not FAST, grouped by pair (candidate vs base) in table order
  const rcsv *c = &x->cmp;
  int cv = rcsv_col(c, "verdict"), cb = rcsv_col(c, "base"), cc = rcsv_col(c, "cand"), cs = rcsv_col(c, "shape");
  strlist done = {0};
  int any = 0;
  for (size_t r = 0; r < c->nrows; r++) {
    char b[256], d[256];
    const char *bn = pick_name(rcsv_get(c, r, cb), b, sizeof b), *cn = pick_name(rcsv_get(c, r, cc), d, sizeof d);
    const char *key = fmt("%s\t%s", cn, bn);
    if (!strcmp(rcsv_get(c, r, cv), "FAST") || strlist_has(&done, key)) continue;
    strlist_add(&done, key);
    strlist ln = {0};  // the pair's verdicts that are not FAST, every one whole
    for (size_t q = r; q < c->nrows; q++) {
      char b2[256], d2[256];
      const char *v = rcsv_get(c, q, cv);
      if (!strcmp(v, "FAST") || strcmp(pick_name(rcsv_get(c, q, cb), b2, sizeof b2), bn) ||
          strcmp(pick_name(rcsv_get(c, q, cc), d2, sizeof d2), cn))
        continue;
      strlist_add(&ln, fmt("%s at `%s` (%s, p = %s)", v, rcsv_get(c, q, cs),
                           xci(fld(g, c, q, "speedup"), fld(g, c, q, "speedup_lo"), fld(g, c, q, "speedup_hi")),
                           pfmt(fld(g, c, q, "p_value"))));
    }
    if (!any++) tmpl_put(g, "exp", "negative", NULL);
    tmpl_put(g, "exp", "negative-pair", (const char *const[]){"cand", cn, "base", bn, "verdicts", gen_join(&ln, "; "), NULL});
    strlist_free(&ln);
  }
  strlist_free(&done);
  if (!any && n) tmpl_put(g, "exp", "no-negative", NULL);
}

// figure F of x's figures.txt
// figure f of x; its caption marked with the previous code where x's files are all retired
static void exp_figure(gen *g, const egpu *x, size_t f) {
  const char *code = retired_code_of(x);  // (x may hold the file names alone: then data/RETIRED's)
  const char *cap = retired_state_gpu(g, x->exp, x) == 1
                        ? tmpl_str(g, "exp", *code ? "caption-retired" : "caption-retired-record",
                                   (const char *const[]){"code", code, "caption", x->fig_caption.v[f], NULL})
                        : x->fig_caption.v[f];
  doc_figure(&g->d, fmt("../plots/%s/%s/%s", x->exp, x->gpu, x->fig_name.v[f]), cap);
}

// the key figure of x: in the main appendix only where its data are of the code that ships (a GPU
// whose files are all retired has it in the full one)
static void key_figure(gen *g, const egpu *x, size_t f, int *fig) {
  if (!form_full(g) && retired_state_gpu(g, x->exp, x) == 1) {
    tmpl_put(g, "exp", "key-figure-retired", (const char *const[]){"gpu", x->gpu, NULL});
    return;
  }
  exp_figure(g, x, f);
  *fig += 1;
}

// the short form of one GPU (the main appendix): the verdicts in words, the points above a roof and,
// for an experiment with library baselines (the comparisons the claims come from), its key figure
// on every GPU (ours and the dispatching build against each library, plots/key.gp; *fig counts
// them); other
// figures are in the full appendix only, so that the main one stays short as experiments and GPUs
// are added
// The key result in one sentence: the verdicts of Table 1's rows of this experiment and GPU (our
// fastest, or the variant COMPARE pits against a library, against the fastest library, per shape)
// and the range of their speedups; nothing when there are none.
static void key_result(gen *g, const expvars *e, const egpu *x) {
  tally t;
  double lo, hi;
  keyinfo k;
  if (tally_key(g, e, x, &t, &lo, &hi, &k)) {
    const char *w[9];
    tally_key_words(g, x, &t, lo, hi, &k, w);
    tmpl_put(g, "exp", "key-result",
             (const char *const[]){"fast", fmt("%zu", t.fast), "same", fmt("%zu", t.same), "amb", fmt("%zu", t.amb),
                                   "slow", fmt("%zu", t.slow), w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7],
                                   "kernel", times_key_kernel(g, e, x), NULL});
  }
  strlist_free(&k.libs);
}

// CURRENT: some GPU of the experiment has data of the code that ships; then a GPU whose files are
// all retired gets its key result alone here, the rest in the full appendix
static void exp_gpu_short(gen *g, const expvars *e, const egpu *x, int current, int *fig) {
  tmpl_put(g, "exp", "gpu", (const char *const[]){"exp", x->exp, "gpu", x->gpu, "retired", primary_retired_short(g, x->exp, x), NULL});
  if (!x->have_sum) {
    tmpl_put(g, "exp", "no-samples", (const char *const[]){"exp", x->exp, "gpu", x->gpu, NULL});
    return;
  }
  key_result(g, e, x);
  if (current && retired_state_gpu(g, x->exp, x) == 1) {
    tmpl_put(g, "exp", "gpu-retired-rest", NULL);
    return;
  }
  tally t = x->have_cmp ? tally_of(&x->cmp) : (tally){0};
  if (x->have_cmp && strlist_has(&x->others, "calibration.csv")) aa_verdict_counts(g, e, x);
  else verdict_counts(g, &t);
  clocks_short(g, e, x);
  strlist shapes = {0};
  gen_shapes(x, e, &shapes);
  roof_table(g, e, x, &shapes); // in the main appendix: only the points above the roof, in words
  strlist_free(&shapes);
  if (!e->libraries.n) return;
  for (size_t f = 0; f < x->fig_name.n; f++)
    if (!strcmp(x->fig_script.v[f], "key")) key_figure(g, x, f, fig);
}

void exp_section(gen *g, const char *exp, const expvars *e, egpu *xs, size_t n) {
  retired_section(g, exp, xs, n);  // the heading, marked when files of it are retired
  doc_par(&g->d, "%s", e->description ? e->description : tmpl_str(g, "exp", "no-description", NULL));
  // the kernel source by its file name (KERNEL is <problem>/<file> under kernels/)
  const char *k = e->kernel && *e->kernel ? e->kernel : fmt_none(), *slash = strrchr(k, '/');
  // with variants built from their own KERNEL_<name>: every source, by file name, KERNEL first
  strlist srcs = {0};
  strlist_add(&srcs, slash ? slash + 1 : k);
  for (size_t i = 0; i < e->kernels.n; i++) {
    const char *src = strchr(e->kernels.v[i], '='), *sl = src ? strrchr(src + 1, '/') : NULL;
    const char *name = sl ? sl + 1 : src ? src + 1 : "";
    if (*name && !strlist_has(&srcs, name)) strlist_add(&srcs, name);
  }
  const char *ks = gen_join(&srcs, "`, `");
  strlist_free(&srcs);
  // the main appendix names up to MAIN_SHAPES_MAX shapes; a longer list (a correctness sweep's) is
  // only counted there, so that the main appendix stays within its pages
  enum { MAIN_SHAPES_MAX = 12 };
  if (!form_full(g) && e->shapes.n > MAIN_SHAPES_MAX)
    tmpl_put(g, "exp", "kernel-many", (const char *const[]){"kernel", ks, "n", fmt("%zu", e->shapes.n), NULL});
  else
    tmpl_put(g, "exp", "kernel", (const char *const[]){"kernel", ks, "shapes", gen_list(&e->shapes), NULL});
  if (e->legend) tmpl_put(g, "exp", "legend", (const char *const[]){"legend", e->legend, NULL});
  strlist_add(&g->shown, exp);  // its section (report_shown.c: every experiment with data has one)
  if (e->sweep) {
    tmpl_put(g, "sweep", "about", NULL);
    for (size_t k = 0; k < n; k++) {
      tmpl_put(g, "exp", "gpu", (const char *const[]){"exp", exp, "gpu", xs[k].gpu, "retired", primary_retired_short(g, exp, &xs[k]), NULL});
      sweep_gpu(g, e, &xs[k], NULL);
    }
    results_section(g, exp);
    form_see_full(g, 2, "what-sweep");
    return;
  }
  if (e->correctness) {
    tmpl_put(g, "exp", "correctness", NULL);
    for (size_t k = 0; k < n; k++) {
      egpu *x = &xs[k];
      tmpl_put(g, "exp", "gpu", (const char *const[]){"exp", exp, "gpu", x->gpu, "retired", primary_retired_short(g, exp, x), NULL});
      strlist others = {0};
      for (size_t i = 0; i < x->others.n; i++)
        if (strcmp(x->others.v[i], "sanitize.csv") && strcmp(x->others.v[i], "numerics.csv"))  // (both read below)
          strlist_add(&others, x->others.v[i]);
      if (others.n)
        tmpl_put(g, "exp", "not-read", (const char *const[]){"dir", x->dir, "files", gen_list(&others), NULL});
      strlist_free(&others);
      correctness_gpu(g, e, x, NULL);
      if (form_full(g)) gate_table(g, x, problem_of(e));
    }
    results_section(g, exp);
    form_see_full(g, 2, "what-correctness");
    return;
  }
  if (!form_full(g)) {
    int fig = 0, current = 0;
    for (size_t k = 0; k < n; k++) current |= retired_state_gpu(g, exp, &xs[k]) != 1;
    for (size_t k = 0; k < n; k++) exp_gpu_short(g, e, &xs[k], current, &fig);
    results_section(g, exp);
    form_see_full(g, 2, "what-exp");
    return;
  }
  tmpl_put(g, "exp", e->cmp_cand.n ? "baseline-and-pairs" : "baseline",
           (const char *const[]){"baseline", e->baseline ? e->baseline : tmpl_str(g, "exp", "no-baseline", NULL), NULL});
  for (size_t i = 0; i < e->cmp_cand.n; i++) {
    const char *diff = pair_diff(xs, n, e->cmp_cand.v[i], e->cmp_base.v[i]);
    tmpl_put(g, "exp", diff ? "pair-diff" : "pair",
             (const char *const[]){"cand", e->cmp_cand.v[i], "base", e->cmp_base.v[i], "diff", diff ? diff : "", NULL});
  }
  for (size_t k = 0; k < n; k++) {
    egpu *x = &xs[k];
    tmpl_put(g, "exp", "gpu", (const char *const[]){"exp", exp, "gpu", x->gpu, "retired", primary_retired_short(g, exp, x), NULL});
    variants_table(g, e, x);
    if (x->others.n)
      tmpl_put(g, "exp", "not-samples",
               (const char *const[]){"dir", x->dir, "magic", SAMPLES_MAGIC, "files", gen_list(&x->others), NULL});
    strlist shapes = {0};
    gen_shapes(x, e, &shapes);
    if (!x->have_sum) tmpl_put(g, "exp", "no-samples", (const char *const[]){"exp", exp, "gpu", x->gpu, NULL});
    else latency_table(g, e, x, &shapes);
    tally t = x->have_cmp ? tally_of(&x->cmp) : (tally){0};
    if (x->have_cmp) compare_table(g, x, &shapes), design_sentence(g, &x->cmp), clocks_paragraph(g, x), aainside_sentence(g, x);
    else if (x->have_sum) tmpl_put(g, "exp", "no-comparisons", NULL);
    if (x->have_sum) findings(g, e, x, &shapes, &t);
    if (x->have_sum) roof_table(g, e, x, &shapes);
    for (size_t f = 0; f < x->fig_name.n; f++) exp_figure(g, x, f);
    gate_table(g, x, problem_of(e));
    strlist_free(&shapes);
  }
  results_section(g, exp);
}
