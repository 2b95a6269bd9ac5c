// report_headline.c — "Headline": our variant that the claims experiment (phase1) pits against a
// library (report_pick.h: pick_headline) against the fastest of its LIBRARIES (phase1: the SDPA
// backends) at each of its shapes, from build/<exp>/<gpu>/{summary,compare}.csv, and the same
// comparisons from each session alone (sessions.csv: `stats compare --session ID`), so that the
// width of a one-session interval can be set beside the spread between sessions. Text, captions
// and column headers: reports/templates/headline.txt.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_ctx.h"
#include "report_design.h"
#include "report_fmt.h"
#include "report_form.h"
#include "report_hrows.h"
#include "report_parts.h"
#include "report_pick.h"
#include "report_primary.h"
#include "report_times.h"
#include "report_tmpl.h"
#include "report_words.h"

// sessions in the one-session tables: in all, and in one table (wider does not fit the page)
enum { MAX_SESSIONS = 8, TABLE_SESSIONS = 4 };

// "3 × 10 × 30": sessions × rounds per session × reps per round of summary row r
static const char *design_of(gen *g, const egpu *x, long r) {
  if (r < 0) return fmt_none();
  double ns = fld_opt(g, &x->sum, r, "n_sessions"), nr = fld_opt(g, &x->sum, r, "n_rounds"),
         n = fld(g, &x->sum, r, "n");
  if (!strcmp(units_cell(ns, nr), fmt_none()))
    return tmpl_str(g, "words", "n-samples", (const char *const[]){"n", fmt("%.0f", n), NULL});
  return design_cell(g, ns, nr, n);
}

static const char *median_of(gen *g, const egpu *x, const char *v, const char *shape) {
  long r = sum_row(x, v, shape);
  if (r < 0) return fmt_none();
  return ci(fld(g, &x->sum, r, "median"), fld(g, &x->sum, r, "ci_lo"), fld(g, &x->sum, r, "ci_hi"));
}

// one side's median beside the speedup of compare.csv row R (-1: none) at SHAPE: the summary's
// median and CI where its file's samples are those the comparison took (then the two medians are
// one), else the comparison's median of the sessions both sides share (--common-sessions), marked,
// without a CI, so that the two medians' ratio is always the speedup printed beside them
static const char *side_median(gen *g, const egpu *x, const char *v, const char *shape, long r, int base) {
  long s = sum_row(x, v, shape);
  if (r < 0 || (s >= 0 && fld(g, &x->sum, s, "n") == fld(g, &x->cmp, (size_t)r, base ? "n_base" : "n_cand")))
    return median_of(g, x, v, shape);
  return tmpl_str(g, "headline", "median-shared",
                  (const char *const[]){"median", num(fld(g, &x->cmp, (size_t)r, base ? "median_base" : "median_cand")), NULL});
}

// sessions.csv row of SESSION, BASE → CAND at SHAPE, or -1
static long sess_row(const egpu *x, const char *session, const hrow *h) {
  const rcsv *t = &x->sess;
  int cs = rcsv_col(t, "session"), csh = rcsv_col(t, "shape"), cb = rcsv_col(t, "base"), cc = rcsv_col(t, "cand");
  if (cs < 0 || csh < 0 || cb < 0 || cc < 0) return -1;
  char b[256], d[256];
  for (size_t r = 0; r < t->nrows; r++)
    if (!strcmp(rcsv_get(t, r, cs), session) && !strcmp(rcsv_get(t, r, csh), h->shape) &&
        !strcmp(pick_name(rcsv_get(t, r, cb), b, sizeof b), h->base) &&
        !strcmp(pick_name(rcsv_get(t, r, cc), d, sizeof d), h->cand))
      return (long)r;
  return -1;
}

// the GPU of session ID in the headline variant's file ("GPU-6f1424bb"), or ""
static const char *session_gpu(const egpu *x, const char *cand, const char *id) {
  for (size_t f = 0; f < x->names.n; f++) {
    if (strcmp(x->names.v[f], cand)) continue;
    const char *m = samples_meta(&x->files[f], fmt("session.%s", id)), *u = m ? strstr(m, "gpu_uuid=") : NULL;
    if (u) return fmt(", %.12s", u + 9);
  }
  return "";
}

// One table of sessions [c0, c1) (their columns numbered from c0 + 1); "more" on the last one.
static void session_table(gen *g, const egpu *x, const hrow *h, size_t nh, const strlist *ids,
                          size_t c0, size_t c1, const char *more) {
  const char *cand = nh ? h[0].cand : "";
  strlist nl = {0};  // "i = `session`", every one whole
  for (size_t i = c0; i < c1; i++)
    strlist_add(&nl, fmt("%zu = `%s`%s", i + 1, ids->v[i], session_gpu(x, cand, ids->v[i])));
  const char *names = gen_join(&nl, ", ");
  strlist_free(&nl);
  char al[3 + TABLE_SESSIONS] = "ll", heads[512] = "";
  for (size_t i = c0, u = 0; i < c1 && u < sizeof heads; i++) {
    al[2 + i - c0] = 'r';
    u += (size_t)snprintf(heads + u, sizeof heads - u, "%s%s", i > c0 ? " | " : "",
                          tmpl_str(g, "headline", "columns-session", (const char *const[]){"i", fmt("%zu", i + 1), NULL}));
  }
  al[2 + c1 - c0] = '\0';
  tmpl_table(g, "headline", "caption-sessions", "columns-sessions", al,
             (const char *const[]){"gpu", x->gpu, "sessions", names, "more", more, "session_heads", heads, NULL});
  for (size_t j = 0; j < nh; j++) {
    const char *cell[2 + TABLE_SESSIONS] = {fmt("`%s`", h[j].shape), fmt("`%s`", h[j].base)};
    size_t have = 0;
    for (size_t i = c0; i < c1; i++) {
      long r = sess_row(x, ids->v[i], &h[j]);
      cell[2 + i - c0] = fmt_none();
      if (r < 0) continue;
      cell[2 + i - c0] = xci(fld(g, &x->sess, (size_t)r, "speedup"), fld(g, &x->sess, (size_t)r, "speedup_lo"),
                             fld(g, &x->sess, (size_t)r, "speedup_hi"));
      have++;
    }
    if (have) doc_row(&g->d, cell);
  }
  doc_table_end(&g->d);
}

// The headline rows from each session alone: tables of at most TABLE_SESSIONS sessions (a wider
// one does not fit the page), MAX_SESSIONS in all; then whether the sessions' CIs exclude each
// other at some row.
static void one_session(gen *g, const egpu *x, const hrow *h, size_t nh) {
  int cs = x->have_sess ? rcsv_col(&x->sess, "session") : -1;
  strlist ids = {0};
  for (size_t r = 0; cs >= 0 && r < x->sess.nrows; r++)
    if (!strlist_has(&ids, rcsv_get(&x->sess, r, cs))) strlist_add(&ids, rcsv_get(&x->sess, r, cs));
  if (ids.n < 2) {
    strlist_free(&ids);
    return;
  }
  size_t k = ids.n < MAX_SESSIONS ? ids.n : MAX_SESSIONS;
  tmpl_put(g, "headline", "one-session", (const char *const[]){"build", g->build, "exp", x->exp, "gpu", x->gpu, NULL});
  const char *more =
      ids.n > k ? tmpl_str(g, "headline", "more-sessions", (const char *const[]){"n", fmt("%zu", ids.n - k), NULL}) : "";
  for (size_t c0 = 0; c0 < k; c0 += TABLE_SESSIONS) {
    size_t c1 = c0 + TABLE_SESSIONS < k ? c0 + TABLE_SESSIONS : k;
    session_table(g, x, h, nh, &ids, c0, c1, c1 == k ? more : "");
  }
  size_t apart = 0, shown = 0;
  for (size_t j = 0; j < nh; j++) {
    double lo[MAX_SESSIONS], hi[MAX_SESSIONS];
    size_t have = 0;
    for (size_t i = 0; i < k; i++) {
      long r = sess_row(x, ids.v[i], &h[j]);
      lo[i] = hi[i] = NAN;
      if (r < 0) continue;
      lo[i] = fld(g, &x->sess, (size_t)r, "speedup_lo"), hi[i] = fld(g, &x->sess, (size_t)r, "speedup_hi");
      have++;
    }
    if (!have) continue;
    shown++;
    int disjoint = 0;
    for (size_t a = 0; a < k; a++)
      for (size_t b = a + 1; b < k; b++)
        disjoint |= isfinite(lo[a]) && isfinite(lo[b]) && (hi[a] < lo[b] || hi[b] < lo[a]);
    apart += (size_t)disjoint;
  }
  if (apart)
    tmpl_put(g, "headline", "sessions-apart",
             (const char *const[]){"apart", fmt("%zu", apart), "shown", fmt("%zu", shown), NULL});
  else if (shown)
    tmpl_put(g, "headline", "sessions-overlap", NULL);
  strlist_free(&ids);
}

static void headline_gpu(gen *g, const expvars *e, const egpu *x) {
  if (!x->have_sum) {
    tmpl_put(g, "headline", "no-samples", (const char *const[]){"exp", x->exp, "gpu", x->gpu, NULL});
    return;
  }
  const char *hv = pick_headline(e);
  strlist shapes = {0};
  hrow *h;
  size_t nh = hrows_of(e, x, &shapes, &h);
  const char *gpu = x->names.n ? samples_meta(&x->files[0], "gpu") : NULL;
  if (!nh) {
    tmpl_put(g, "headline", "no-pair", (const char *const[]){"exp", x->exp, "gpu", x->gpu, NULL});
    free(h);
    strlist_free(&shapes);
    return;
  }
  const char *lv = "session", *design = tmpl_str(g, "headline", "no-design", NULL);
  for (size_t j = 0; j < nh && x->have_cmp; j++)
    if (h[j].r >= 0 && rcsv_col(&x->cmp, "level") >= 0) {
      lv = rcsv_get(&x->cmp, (size_t)h[j].r, rcsv_col(&x->cmp, "level"));
      // the design of the first compared row (every row of one experiment and GPU has the same)
      design = tmpl_str(g, "headline", "design", (const char *const[]){"units", primary_units(g, &x->cmp, (size_t)h[j].r),
                                                                        "plan", primary_plan_of(g, x, (size_t)h[j].r, h[j].cand),
                                                                        "sofar", primary_sofar(g, e, x, (size_t)h[j].r, h[j].cand), NULL});
      break;
    }
  int across = !strcmp(lv, "session");
  const char *mark = primary_retired_mark(g, x->exp, x);
  const char *const v[] = {"exp", x->exp, "gpu", x->gpu, "variant", hv ? hv : "", "name", gpu ? gpu : "", NULL};
  tmpl_put(g, "headline", "intro",
           (const char *const[]){"who", tmpl_str(g, "headline", hv ? "who-headline" : "who-fastest", v),
                                 "exp", x->exp, "gpu", x->gpu, "gpu_name", gpu ? tmpl_str(g, "headline", "gpu-name", v) : "", "retired", mark,
                                 "level", tmpl_str(g, "headline", across ? "level-session" : "level-round", NULL),
                                 "design", design,
                                 "build", g->build, "data", g->data, "libs", gen_list(&e->libraries),
                                 "band", x->have_cmp ? band_words(g, &x->cmp) : tmpl_str(g, "headline", "no-compare", NULL),
                                 NULL});
  int kern = gen_has_kernel(x);  // the kernel time's speedup beside, where recorded (report_times.h)
  tmpl_table(g, "headline", "caption-headline", kern ? "columns-headline-kernel" : "columns-headline", kern ? "lllllrllr" : "lllllrll",
             (const char *const[]){"gpu", x->gpu, "retired", mark,
                                   "across", tmpl_str(g, "headline", across ? "across-sessions" : "across-rounds", NULL),
                                   "kernel", kern ? tmpl_str(g, "headline", "caption-kernel", NULL) : "", NULL});
  size_t fast = 0, missing = 0;
  strlist rest = {0};  // the comparisons that are not FAST, every one whole
  for (size_t j = 0; j < nh; j++) {
    const hrow *q = &h[j];
    const char *sp = word(g, "not-compared"), *v = fmt_none();
    if (q->r >= 0) {
      const rcsv *c = &x->cmp;
      sp = xci(fld(g, c, (size_t)q->r, "speedup"), fld(g, c, (size_t)q->r, "speedup_lo"),
               fld(g, c, (size_t)q->r, "speedup_hi"));
      v = rcsv_get(c, (size_t)q->r, rcsv_col(c, "verdict"));
      fast += !strcmp(v, "FAST");
      if (strcmp(v, "FAST"))
        strlist_add(&rest, tmpl_str(g, "headline", "not-fast",
                                    (const char *const[]){"verdict", v, "shape", q->shape, "speedup", sp,
                                                          "base", q->base, NULL}));
      v = fmt("**%s**", v);
    } else missing++;
    doc_row(&g->d, (const char *const[]){fmt("`%s`", q->shape), fmt("`%s`", q->base), fmt("`%s`", q->cand),
                                         side_median(g, x, q->cand, q->shape, q->r, 0), side_median(g, x, q->base, q->shape, q->r, 1),
                                         sp, v, design_of(g, x, sum_row(x, q->cand, q->shape)),
                                         kern ? times_kernel_speedup(g, x, q->base, q->cand, q->shape) : NULL});
  }
  doc_table_end(&g->d);
  char *miss = missing ? tmpl_text(g, "headline", "missing",
                                   (const char *const[]){"n", fmt("%zu", missing), "s", missing == 1 ? "" : "s", NULL})
                       : NULL;
  char *others = rest.n ? tmpl_text(g, "headline", "others", (const char *const[]){"list", gen_join(&rest, "; "), NULL}) : NULL;
  strlist_free(&rest);
  tmpl_put(g, "headline", "in-words",
           (const char *const[]){"fast", fmt("%zu", fast), "n", fmt("%zu", nh), "others", others ? others : "",
                                 "missing", miss ? miss : "", NULL});
  free(others);
  free(miss);
  if (form_full(g)) one_session(g, x, h, nh);
  free(h);
  strlist_free(&shapes);
}

void headline_section(gen *g, const expvars *e, egpu *xs, size_t n) {
  tmpl_put(g, "headline", "head", NULL);
  if (!g->claims_exp) {
    tmpl_put(g, "headline", "none", NULL);
    return;
  }
  if (!n) {
    tmpl_put(g, "headline", "no-data", (const char *const[]){"exp", g->claims_exp, NULL});
    return;
  }
  // current data first; a GPU whose files are all retired (data/RETIRED) is in the full appendix
  // only, marked, unless every GPU's are
  size_t ncur = 0;
  for (size_t k = 0; k < n; k++)
    if (retired_state_gpu(g, xs[k].exp, &xs[k]) != 1) headline_gpu(g, e, &xs[k]), ncur++;
  strlist gone = {0};
  for (size_t k = 0; k < n; k++) {
    if (retired_state_gpu(g, xs[k].exp, &xs[k]) != 1) continue;
    if (form_full(g) || !ncur) headline_gpu(g, e, &xs[k]);
    else {
      const char *name = xs[k].names.n ? samples_meta(&xs[k].files[0], "gpu") : NULL;
      strlist_add(&gone, tmpl_str(g, "primary", "retired-gpu", (const char *const[]){"gpu", xs[k].gpu, "name", name ? name : xs[k].gpu,
                                                                                    "code", retired_code_of(&xs[k]), NULL}));
    }
  }
  if (gone.n) tmpl_put(g, "headline", "retired-left-out", (const char *const[]){"exp", xs[0].exp, "gpus", gen_join(&gone, "; "), NULL});
  strlist_free(&gone);
  form_see_full(g, 1, "what-headline");
}
