// report_primary.c — the opening of section A.0 (report_primary.h): the claims an experiment
// declares (PRIMARY, the primary family of its compare.csv on each GPU) stated with their scope,
// then one table of them. Every number is a field of a primary row of build/<exp>/<gpu>/compare.csv
// (both medians, the speedup and its CI, the verdict, Δ and the design), of a sample file's header
// (the FLOPs of `work.<shape>`, the library's versions after its `code` id, which GPU) or of the
// GPU's ceilings file (the roof, as the roofline's table takes it: gpu_roofs); nothing is estimated
// here. After the table, the fastest library at each claim's shape (report_fastest.h). Words:
// reports/templates/primary.txt.
#include "report_primary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_design.h"
#include "report_fastest.h"
#include "report_fmt.h"
#include "report_form.h"
#include "report_libver.h"
#include "report_parts.h"
#include "report_pick.h"
#include "report_times.h"
#include "report_tmpl.h"

#define T "primary"

const char *primary_cmp_name(const rcsv *c, size_t r, const char *col) {
  char b[256];
  return fmt("%s", pick_name(rcsv_get(c, r, rcsv_col(c, col)), b, sizeof b));
}

int primary_is_row(const egpu *x, size_t r) {
  int cf = rcsv_col(&x->cmp, "family");
  return cf >= 0 && !strcmp(rcsv_get(&x->cmp, r, cf), "primary");
}

int primary_goal_met(gen *g, const expvars *e, const egpu *x, size_t r, int *kernel) {
  const char *sh = rcsv_get(&x->cmp, r, rcsv_col(&x->cmp, "shape"));
  double goal, lo;
  *kernel = -1;
  if (!expvars_goal_at(e, sh, &goal, &lo)) return -1;
  const long rk = x->have_cmpk ? cmp_row(&x->cmpk, primary_cmp_name(&x->cmp, r, "base"), primary_cmp_name(&x->cmp, r, "cand"), sh) : -1;
  if (rk >= 0) *kernel = fld(g, &x->cmpk, (size_t)rk, "speedup") >= goal && fld(g, &x->cmpk, (size_t)rk, "speedup_lo") >= lo;
  return fld(g, &x->cmp, r, "speedup") >= goal && fld(g, &x->cmp, r, "speedup_lo") >= lo;
}

// header KEY of variant V's sample file on x, or NULL
static const char *meta_of(const egpu *x, const char *v, const char *key) {
  for (size_t i = 0; i < x->names.n; i++)
    if (!strcmp(x->names.v[i], v)) return samples_meta(&x->files[i], key);
  return NULL;
}

// the number after NAME= in header value S, or NaN
static double kv_num(const char *s, const char *name) {
  const char *p = s ? strstr(s, fmt("%s=", name)) : NULL;
  return p ? strtod(p + strlen(name) + 1, NULL) : NAN;
}

void primary_work(const egpu *x, const char *cand, const char *base, const char *shape, double *fl, double *by) {
  const char *w = meta_of(x, cand, fmt("work.%s", shape));
  if (!w) w = meta_of(x, base, fmt("work.%s", shape));
  *fl = kv_num(w, "flops"), *by = kv_num(w, "bytes");
}

// what one side's time is: its kernel's (its file records the launches, `launch.<shape>`, or it
// is a variant of ours) or the whole call of a library baseline (it records none), and how the
// calls were issued: the part of templates/primary.txt and the issue's words, "part\nissue"
static const char *side_time(gen *g, const expvars *e, const egpu *x, const char *v, const char *shape) {
  const char *gc = meta_of(x, v, "graph_calls");
  const char *issue = gc && atoi(gc) > 0 ? tmpl_str(g, T, "graph", (const char *const[]){"n", gc, NULL}) : tmpl_str(g, T, "no-graph", NULL);
  int launches = meta_of(x, v, fmt("launch.%s", shape)) != NULL;
  return fmt("%s\n%s", launches ? "time-kernel" : expvars_is_baseline(e, v) ? "time-call" : "time-ours", issue);
}

// the sides' times in words, the sides of one kind of time and issue named together
static const char *timing_words(gen *g, const strlist *kinds, const strlist *names) {
  strlist seen = {0}, out = {0};
  for (size_t i = 0; i < kinds->n; i++) {
    if (strlist_has(&seen, kinds->v[i])) continue;
    strlist_add(&seen, kinds->v[i]);
    strlist vs = {0};
    for (size_t j = 0; j < kinds->n; j++)
      if (!strcmp(kinds->v[j], kinds->v[i]) && !strlist_has(&vs, names->v[j])) strlist_add(&vs, names->v[j]);
    strlist q = {0};
    for (size_t j = 0; j < vs.n; j++) strlist_add(&q, fmt("`%s`", vs.v[j]));
    const char *nl = strchr(kinds->v[i], '\n');
    strlist_add(&out, tmpl_str(g, T, fmt("%.*s", (int)(nl - kinds->v[i]), kinds->v[i]),
                               (const char *const[]){"v", gen_join(&q, ", "), "issue", nl + 1, NULL}));
    strlist_free(&q);
    strlist_free(&vs);
  }
  const char *s = tmpl_str(g, T, "timing", (const char *const[]){"sides", gen_join(&out, "; "), NULL});
  strlist_free(&seen);
  strlist_free(&out);
  return s;
}

const char *primary_versions(gen *g, const egpu *xs, size_t n, const char *v) {
  strlist kv = {0};
  const char *rt = NULL;  // the CUDA runtime a C baseline was built against, where it records no version
  for (size_t i = 0; i < n && !kv.n; i++)
    for (size_t f = 0; f < xs[i].names.n && !kv.n; f++)
      if (!strcmp(xs[i].names.v[f], v)) {
        lib_versions(&xs[i].files[f], &kv);
        if (!rt) rt = times_runtime(g, &xs[i].files[f]);
      }
  if (!kv.n && rt) strlist_add(&kv, rt);
  const char *s = kv.n ? tmpl_str(g, T, "versions", (const char *const[]){"list", gen_join(&kv, ", "), NULL})
                       : tmpl_str(g, T, "no-versions", NULL);
  strlist_free(&kv);
  return s;
}

const char *primary_units(gen *g, const rcsv *c, size_t r) {
  double ng = fld_opt(g, c, r, "n_gpus"), ns = fld_opt(g, c, r, "n_sessions"), nr = fld_opt(g, c, r, "n_rounds");
  double n = fmin(fld(g, c, r, "n_base"), fld(g, c, r, "n_cand"));
  if (!isfinite(ng) || ng < 1) ng = 1;
  int bal = isfinite(ns) && isfinite(nr) && ns >= ng && nr >= ns && fmod(ns, ng) == 0 && fmod(nr, ns) == 0 && fmod(n, nr) == 0;
  if (!bal)
    return tmpl_str(g, T, "units-other", (const char *const[]){"gpus", fmt("%.0f", ng), "sessions", fmt("%.0f", ns),
                                                                "rounds", fmt("%.0f", nr), "n", fmt("%.0f", n), NULL});
  double spg = ns / ng, rps = nr / ns;
  return tmpl_str(g, T, "units", (const char *const[]){"gpus", fmt("%.0f", ng), "gpu_s", ng == 1 ? "" : "s",
                                                        "spg", fmt("%.0f", spg), "ses_s", spg == 1 ? "" : "s",
                                                        "rps", fmt("%.0f", rps), "rnd_s", rps == 1 ? "" : "s",
                                                        "reps", fmt("%.0f", n / nr), NULL});
}

const char *primary_plan(gen *g, const rcsv *c, size_t r) {
  const char *plan = rcsv_col(c, "plan") >= 0 ? rcsv_get(c, r, rcsv_col(c, "plan")) : "";
  if (!plan[0] || !strcmp(plan, "none")) return "";
  return tmpl_str(g, T, strstr(plan, "+beyond") ? "plan-beyond" : "plan",
                  (const char *const[]){"tag", fmt("%.*s", (int)strcspn(plan, "+"), plan), NULL});
}

const char *primary_kernels(const kc_exp *k, const char *v) {
  const char *own = expvars_kernel_of(k->e, v);
  strlist cfg = {0}, shp = {0}, srcs = {0};
  for (size_t i = 0; i < k->n && !cfg.n; i++)
    for (size_t f = 0; expvars_is_dispatch(k->e, v) && f < k->xs[i].names.n && !cfg.n; f++)
      if (!strcmp(k->xs[i].names.v[f], v)) dispatch_configs(&k->xs[i].files[f], &cfg, &shp);
  for (size_t j = 0; j < cfg.n; j++) {
    const char *src = expvars_kernel_of(k->e, cfg.v[j]);
    if (src) strlist_add_once(&srcs, src);
  }
  const char *out = srcs.n ? gen_join(&srcs, "`, `") : own ? own : "";
  strlist_free(&cfg);
  strlist_free(&shp);
  strlist_free(&srcs);
  return out;
}

// the plan tags of the sessions in V's file on x (`plan=` of its `# session.<id>:` lines), joined
// by ", ", or "" when none records one
static const char *session_plans(const egpu *x, const char *v) {
  strlist tags = {0};
  for (size_t i = 0; i < x->names.n; i++) {
    if (strcmp(x->names.v[i], v)) continue;
    const samples_file *f = &x->files[i];
    for (size_t m = 0; m < f->nmeta; m++) {
      if (strncmp(f->meta[m].key, "session.", 8)) continue;
      const char *p = strstr(f->meta[m].value, " plan=");
      if (p) strlist_add_once(&tags, fmt("%.*s", (int)strcspn(p + 6, " "), p + 6));
    }
  }
  strlist_sort(&tags);
  const char *s = gen_join(&tags, ", ");
  strlist_free(&tags);
  return s;
}

// G of a plan tag NAME/GxSxR, or 0
static int plan_gpus(const char *tag) {
  const char *sl = tag ? strchr(tag, '/') : NULL;
  return sl ? atoi(sl + 1) : 0;
}

const char *primary_plan_of(gen *g, const egpu *x, size_t r, const char *cand) {
  const char *plan = primary_plan(g, &x->cmp, r), *tags = session_plans(x, cand);
  return !plan[0] && tags[0] ? tmpl_str(g, T, "plan-sessions", (const char *const[]){"tag", tags, NULL}) : plan;
}

const char *primary_sofar(gen *g, const expvars *e, const egpu *x, size_t r, const char *cand) {
  double ng = fld_opt(g, &x->cmp, r, "n_gpus");
  if (!isfinite(ng) || ng < 1) ng = 1;
  const int G = e->plan_tag && !strcmp(session_plans(x, cand), e->plan_tag) ? plan_gpus(e->plan_tag) : 0;
  const char *sofar = G > (int)ng ? tmpl_str(g, T, "so-far", (const char *const[]){"n", fmt("%.0f", ng), "G", fmt("%d", G), NULL}) : "";
  const char *few = ng < 3 ? tmpl_str(g, T, ng < 2 ? "few-gpu" : "few-gpus", (const char *const[]){"n", fmt("%.0f", ng), NULL}) : "";
  return fmt("%s%s", sofar, few);
}

// the design of x's claims (its first primary row r, its candidate CAND): the units, the plan of
// its sessions, and how many of the declared plan's GPUs they cover
static const char *design_words(gen *g, const kc_exp *k, const egpu *x, size_t r, const char *cand) {
  return fmt("%s%s%s", primary_units(g, &x->cmp, r), primary_plan_of(g, x, r, cand), primary_sofar(g, k->e, x, r, cand));
}

// the sentences: scope, timing, level; then per GPU model its design and its verdicts counted
static void statement(gen *g, const kc_exp *k, const strlist *cands, const strlist *bases, const strlist *shapes, size_t nclaims) {
  strlist bw = {0}, tm = {0}, tn = {0}, dw = {0}, lv = {0}, bs = {0};
  size_t ngpu = 0;
  for (size_t i = 0; i < k->n; i++) {
    const egpu *x = &k->xs[i];
    const rcsv *c = &x->cmp;
    long first = -1;
    strlist verd = {0};
    size_t cnt[8] = {0}, n = 0;
    for (size_t r = 0; x->have_cmp && r < c->nrows; r++) {
      if (!primary_is_row(x, r)) continue;
      const char *cand = primary_cmp_name(c, r, "cand"), *base = primary_cmp_name(c, r, "base"), *sh = rcsv_get(c, r, rcsv_col(c, "shape"));
      if (first < 0) first = (long)r;
      n++;
      strlist_add(&tm, side_time(g, k->e, x, cand, sh)), strlist_add(&tn, cand);
      strlist_add(&tm, side_time(g, k->e, x, base, sh)), strlist_add(&tn, base);
      const char *v = rcsv_get(c, r, rcsv_col(c, "verdict"));
      strlist_add_once(&verd, v);
      for (size_t j = 0; j < verd.n && j < 8; j++)
        if (!strcmp(verd.v[j], v)) cnt[j]++;
    }
    if (first < 0) {
      strlist_free(&verd);
      continue;
    }
    ngpu++;
    size_t r = (size_t)first;
    const char *name = x->names.n ? samples_meta(&x->files[0], "gpu") : NULL;
    strlist counts = {0};
    for (size_t j = 0; j < verd.n && j < 8; j++)
      strlist_add(&counts, tmpl_str(g, T, "count", (const char *const[]){"verdict", verd.v[j], "n", fmt("%zu", cnt[j]), NULL}));
    strlist_add(&dw, tmpl_str(g, T, "design-gpu",
                              (const char *const[]){"name", name ? name : x->gpu, "gpu", x->gpu, "retired", primary_retired_mark(g, k->exp, x),
                                                    "design", design_words(g, k, x, r, primary_cmp_name(c, r, "cand")),
                                                    "counts", gen_join(&counts, ", "), "n", fmt("%zu", n), NULL}));
    strlist_free(&counts);
    strlist_free(&verd);
    const char *level = rcsv_col(c, "level") >= 0 ? rcsv_get(c, r, rcsv_col(c, "level")) : "";
    strlist_add_once(&lv, tmpl_str(g, T, !strcmp(level, "session") ? "level-session" : !strcmp(level, "gpu") ? "level-gpu"
                                 : !strcmp(level, "round") ? "level-round" : "level-other",
                           (const char *const[]){"level", level, NULL}));
    strlist_add_once(&bw, band_words_of(g, c, "primary"));
  }
  for (size_t j = 0; j < bases->n; j++)
    strlist_add(&bs, strlist_has(&k->e->libraries, bases->v[j])
                         ? tmpl_str(g, T, "base-library", (const char *const[]){"v", bases->v[j], "versions",
                                                                                primary_versions(g, k->xs, k->n, bases->v[j]), NULL})
                         : tmpl_str(g, T, "base-other", (const char *const[]){"v", bases->v[j], NULL}));
  strlist cs = {0};
  for (size_t j = 0; j < cands->n; j++)
    strlist_add(&cs, tmpl_str(g, T, expvars_is_dispatch(k->e, cands->v[j]) ? "cand-dispatch" : "cand-plain",
                              (const char *const[]){"v", cands->v[j], "kernel", primary_kernels(k, cands->v[j]),
                                                    NULL}));
  tmpl_put(g, T, "statement",
           (const char *const[]){"exp", k->exp, "description", k->e->description ? k->e->description : "", "nclaims", fmt("%zu", nclaims),
                                 "cand", gen_join(&cs, "; "), "base", gen_join(&bs, "; "), "nshapes", fmt("%zu", shapes->n),
                                 "ngpus", fmt("%zu", ngpu), "gpu_s", ngpu == 1 ? "" : "s", "timing", timing_words(g, &tm, &tn),
                                 "designs", gen_join(&dw, " "), "level", gen_join(&lv, "; "), "band", gen_join(&bw, "; "),
                                 "history", k->e->claims_history ? tmpl_str(g, T, "history", (const char *const[]){"text",
                                            k->e->claims_history, NULL}) : "", NULL});
  strlist *ls[] = {&bw, &tm, &tn, &dw, &lv, &bs, &cs};
  for (size_t j = 0; j < sizeof ls / sizeof *ls; j++) strlist_free(ls[j]);
}

// the Holm-adjusted p of compare row r (its p_value where its correction is holm), else "—"
static const char *holm_p(gen *g, const rcsv *c, size_t r) {
  const int cc = rcsv_col(c, "correction");
  return cc >= 0 && !strcmp(rcsv_get(c, r, cc), "holm") ? pfmt(fld(g, c, r, "p_value")) : fmt_none();
}

// the rule that joins a verdict to the Holm-adjusted p, after the table: per GPU the family's size,
// the t test's df and α (the rows' own)
static void verdict_rule(gen *g, const kc_exp *k) {
  strlist per = {0};
  const char *alpha = NULL;
  for (size_t i = 0; i < k->n; i++) {
    const egpu *x = &k->xs[i];
    const rcsv *c = &x->cmp;
    size_t n = 0;
    strlist dfs = {0};
    for (size_t r = 0; x->have_cmp && r < c->nrows; r++) {
      if (!primary_is_row(x, r)) continue;
      n++;
      double df = fld_opt(g, c, r, "df");
      if (isfinite(df)) strlist_add_once(&dfs, fmt("%.0f", df));
      if (!alpha) alpha = fmt("%g", fld(g, c, r, "alpha"));
    }
    if (n)
      strlist_add(&per, tmpl_str(g, T, "rule-gpu", (const char *const[]){"gpu", x->gpu, "n", fmt("%zu", n), "df", dfs.n ? gen_join(&dfs, "/") : fmt_none(), NULL}));
    strlist_free(&dfs);
  }
  if (per.n) tmpl_put(g, T, "verdict-rule", (const char *const[]){"alpha", alpha ? alpha : "", "per_gpu", gen_join(&per, "; "), NULL});
  strlist_free(&per);
}

// one row of the table: compare row r of x; KERN: with the kernel time's speedup beside the call time's
static void claim_row(gen *g, const egpu *x, size_t r, int meas, double bw, double tf, int kern) {
  const rcsv *c = &x->cmp;
  const char *cand = primary_cmp_name(c, r, "cand"), *base = primary_cmp_name(c, r, "base"), *sh = rcsv_get(c, r, rcsv_col(c, "shape"));
  double mc = fld(g, c, r, "median_cand"), mb = fld(g, c, r, "median_base"), fl, by;
  primary_work(x, cand, base, sh, &fl, &by);
  double t = fl / mc / 1e6, roof = meas && by > 0 ? roof_at(fl / by, bw, tf) : NAN;
  double d = fld_opt(g, c, r, "delta");
  doc_row(&g->d, (const char *const[]){fmt("`%s`", sh), num(mc), num(mb), isfinite(t) ? num3(t) : fmt_none(),
                                       isfinite(t) && roof > 0 ? fmt("%.1f", 100 * t / roof) : fmt_none(),
                                       xci(fld(g, c, r, "speedup"), fld(g, c, r, "speedup_lo"), fld(g, c, r, "speedup_hi")),
                                       fmt("**%s**", rcsv_get(c, r, rcsv_col(c, "verdict"))),
                                       isfinite(d) ? fmt("%.2f%%", 100 * d) : fmt_none(), holm_p(g, c, r),
                                       kern ? times_kernel_speedup(g, x, base, cand, sh) : NULL, NULL});
}

// The experiment's goals, judged per GPU on the claims' rows, on call time and, where recorded, on
// kernel time apart (compare-kernel.csv, the same pair and shape): GOAL (a speedup), met where the
// 95% CI's lower end is at or above it; GOAL_AT's per shape (primary_goal_met), GOAL at the shapes
// it does not name. A claim at a shape without a goal is not counted.
static void goal_sentence(gen *g, const kc_exp *k, const strlist *pairs) {
  if (!k->e->goal && !k->e->goal_at.n) return;
  strlist per = {0};
  for (size_t i = 0; i < k->n; i++) {
    const egpu *x = &k->xs[i];
    strlist met = {0}, metk = {0};
    size_t n = 0, nk = 0;
    for (size_t r = 0; x->have_cmp && r < x->cmp.nrows; r++) {
      if (!primary_is_row(x, r)) continue;
      int km;
      const int m = primary_goal_met(g, k->e, x, r, &km);
      if (m < 0) continue;  // no goal at its shape
      n++;
      const char *sh = rcsv_get(&x->cmp, r, rcsv_col(&x->cmp, "shape"));
      const char *cand = primary_cmp_name(&x->cmp, r, "cand"), *base = primary_cmp_name(&x->cmp, r, "base");
      const char *name = pairs->n == 1 ? fmt("`%s`", sh) : fmt("`%s` (`%s` vs `%s`)", sh, cand, base);
      if (m) strlist_add_once(&met, name);
      if (km < 0) continue;
      nk++;
      if (km) strlist_add_once(&metk, name);
    }
    if (n) {
      const char *kern = nk ? tmpl_str(g, T, "goal-kernel", (const char *const[]){"met", fmt("%zu", metk.n), "n", fmt("%zu", nk),
                                                                               "shapes", metk.n ? tmpl_str(g, T, "goal-shapes", (const char *const[]){"list", gen_join(&metk, ", "), NULL}) : "", NULL})
                            : times_any_kernel(k->xs, k->n) ? tmpl_str(g, T, "goal-no-kernel", NULL) : "";
      strlist_add(&per, tmpl_str(g, T, k->e->goal_at.n ? "goal-gpu-at" : "goal-gpu", (const char *const[]){"gpu", x->gpu, "met", fmt("%zu", met.n), "n", fmt("%zu", n),
                                                                       "shapes", met.n ? tmpl_str(g, T, "goal-shapes", (const char *const[]){"list", gen_join(&met, ", "), NULL}) : "",
                                                                       "kernel", kern, NULL}));
    }
    strlist_free(&met);
    strlist_free(&metk);
  }
  if (!k->e->goal_at.n)
    tmpl_put(g, T, "goal", (const char *const[]){"goal", k->e->goal, "per_gpu", gen_join(&per, " "), NULL});
  else {
    // the shapes of each goal as declared (SPEEDUP[:LOWER] as written), in GOAL_AT's order, then
    // the shapes GOAL covers
    strlist at = {0}, seen = {0};
    const strlist *ga = &k->e->goal_at;
    for (size_t i = 0; i < ga->n; i++) {
      const char *gi = strchr(ga->v[i], ':') + 1;
      if (strlist_has(&seen, gi)) continue;
      strlist_add(&seen, gi);
      strlist shapes = {0};
      for (size_t j = i; j < ga->n; j++) {
        const char *c = strchr(ga->v[j], ':');
        if (!strcmp(c + 1, gi)) strlist_add(&shapes, fmt("`%.*s`", (int)(c - ga->v[j]), ga->v[j]));
      }
      const char *lo = strchr(gi, ':');
      strlist_add(&at, tmpl_str(g, T, lo ? "goal-at-shape-lo" : "goal-at-shape",
                                (const char *const[]){"shapes", gen_join(&shapes, ", "), "goal", lo ? fmt("%.*s", (int)(lo - gi), gi) : gi,
                                                      "lo", lo ? lo + 1 : "", NULL}));
      strlist_free(&shapes);
    }
    strlist_free(&seen);
    tmpl_put(g, T, "goal-at", (const char *const[]){"shapes", gen_join(&at, "; "),
                                                    "rest", k->e->goal ? tmpl_str(g, T, "goal-at-rest", (const char *const[]){"goal", k->e->goal, NULL}) : "",
                                                    "per_gpu", gen_join(&per, " "), NULL});
    strlist_free(&at);
  }
  strlist_free(&per);
}

// whether x has a primary row
static int has_claims(const egpu *x) {
  for (size_t r = 0; x->have_cmp && r < x->cmp.nrows; r++)
    if (primary_is_row(x, r)) return 1;
  return 0;
}

int primary_opening(gen *g, const kc_exp *k0) {
  // current data first; the main appendix states the claims of current data only: a GPU whose
  // claims' files are all retired (data/RETIRED) is left to the full appendix, which marks it, and
  // one sentence says so
  kc_exp cur = *k0;
  egpu *keep = NULL;
  strlist gone = {0};
  if (k0->n) {
    keep = malloc(k0->n * sizeof *keep);
    if (!keep) gen_die(g);
    cur.xs = keep, cur.n = 0;
    for (size_t i = 0; i < k0->n; i++)  // current data first
      if (!has_claims(&k0->xs[i]) || retired_state_gpu(g, k0->exp, &k0->xs[i]) != 1) keep[cur.n++] = k0->xs[i];
    const size_t ncur = cur.n;
    for (size_t i = 0; i < k0->n; i++) {
      const egpu *x = &k0->xs[i];
      if (!has_claims(x) || retired_state_gpu(g, k0->exp, x) != 1) continue;
      const char *name = x->names.n ? samples_meta(&x->files[0], "gpu") : NULL;
      if (form_full(g) || !ncur)  // all retired: stated as they are, marked
        keep[cur.n++] = *x;
      else
        strlist_add(&gone, tmpl_str(g, T, "retired-gpu", (const char *const[]){"gpu", x->gpu, "name", name ? name : x->gpu, "code", retired_code_of(x), NULL}));
    }
  }
  const kc_exp *k = &cur;
  strlist cands = {0}, bases = {0}, shapes = {0}, pairs = {0};
  size_t nclaims = 0;
  for (size_t i = 0; i < k->n; i++)
    for (size_t r = 0; k->xs[i].have_cmp && r < k->xs[i].cmp.nrows; r++) {
      if (!primary_is_row(&k->xs[i], r)) continue;
      const rcsv *c = &k->xs[i].cmp;
      const char *ca = primary_cmp_name(c, r, "cand"), *ba = primary_cmp_name(c, r, "base");
      strlist_add_once(&cands, ca);
      strlist_add_once(&bases, ba);
      strlist_add_once(&pairs, fmt("`%s` vs `%s`", ca, ba));
      strlist_add_once(&shapes, rcsv_get(c, r, rcsv_col(c, "shape")));
      nclaims++;
    }
  if (!nclaims) {
    free(keep);
    strlist_free(&gone);
    return 0;
  }
  statement(g, k, &cands, &bases, &shapes, nclaims);
  int one = pairs.n == 1, kern = times_any_kernel(k->xs, k->n);
  tmpl_table(g, T, kern ? "caption-kernel" : "caption", kern ? "columns-kernel" : "columns", kern ? "lrrrrrlrrr" : "lrrrrrlrr",
             (const char *const[]){"exp", k->exp, "pairs", gen_join(&pairs, ", "),
                                   "ours", one ? fmt("`%s`", cands.v[0]) : tmpl_str(g, T, "ours", NULL),
                                   "base", one ? fmt("`%s`", bases.v[0]) : tmpl_str(g, T, "base", NULL), NULL});
  for (size_t i = 0; i < k->n; i++) {
    const egpu *x = &k->xs[i];
    roof_t rf;
    double bw, tf;
    int meas = gpu_roofs(g, x->gpu, &rf, &bw, &tf);
    const char *name = x->names.n ? samples_meta(&x->files[0], "gpu") : NULL;
    for (size_t p = 0; p < pairs.n; p++) {
      int grouped = 0;
      for (size_t r = 0; x->have_cmp && r < x->cmp.nrows; r++) {
        if (!primary_is_row(x, r) || strcmp(pairs.v[p], fmt("`%s` vs `%s`", primary_cmp_name(&x->cmp, r, "cand"), primary_cmp_name(&x->cmp, r, "base"))))
          continue;
        // a GPU whose files are retired, all or some, is marked so (data/RETIRED)
        if (!grouped++)
          doc_group(&g->d, "%s", tmpl_str(g, T, one ? "group" : "group-pair",
                                          (const char *const[]){"gpu", x->gpu, "name", name ? name : x->gpu, "pair", pairs.v[p],
                                                                "roof", meas ? "" : tmpl_str(g, T, "no-roof", NULL),
                                                                "retired", primary_retired_mark(g, k->exp, x),
                                                                NULL}));
        claim_row(g, x, r, meas, bw, tf, kern);
      }
    }
  }
  doc_table_end(&g->d);
  verdict_rule(g, k);
  // (after the table, which stays beside the statement on page 1 of the main appendix)
  if (gone.n)
    tmpl_put(g, T, "retired-left-out", (const char *const[]){"exp", k->exp, "gpus", gen_join(&gone, "; "), NULL});
  // the fastest library at each claim's shape after the table, which stays beside the statement
  // (on page 1 of the main appendix)
  fastest_goal_rows(g, k);
  goal_sentence(g, k, &pairs);
  strlist_free(&cands);
  strlist_free(&bases);
  strlist_free(&shapes);
  strlist_free(&pairs);
  strlist_free(&gone);
  free(keep);
  return 1;
}
