// report_design.c — the design of the statistics (tools/stats/design.h) as the appendix shows it:
// sessions × rounds cells, variance components, the level and pairing of a comparison, and the
// band Δ of the verdicts with where it came from (stats compare's delta, delta_source), from the
// columns of summary.csv and compare.csv. A CSV without those columns (an older stats) gives the missing-value word.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_design.h"
#include "samples/samples.h"
#include "report_fmt.h"
#include "report_tmpl.h"
#include "report_words.h"

const char *units_cell(double ns, double nr) {
  if (!isfinite(ns) || !isfinite(nr) || ns < 1 || nr < 1) return fmt_none();
  if (fmod(nr, ns) == 0) return fmt("%.0f × %.0f", ns, nr / ns);
  return fmt("%.0f / %.0f", ns, nr); // unbalanced: sessions / rounds in all
}

const char *design_cell(gen *g, double ns, double nr, double n) {
  const char *u = fmod(nr, ns) == 0 ? fmt("%.0f × %.0f", ns, nr / ns)
                                    : tmpl_str(g, "words", "units-unbalanced",
                                               (const char *const[]){"sessions", fmt("%.0f", ns), "rounds", fmt("%.0f", nr), NULL});
  return fmod(n, nr) == 0 ? fmt("%s × %.0f", u, n / nr)
                          : tmpl_str(g, "words", "design-with-n", (const char *const[]){"design", u, "n", fmt("%.0f", n), NULL});
}

const char *sd_cell(double pct) {
  return isfinite(pct) ? fmt("%.2f", pct) : fmt_none();
}

const char *level_cell(gen *g, const rcsv *c, size_t r) {
  int cl = rcsv_col(c, "level"), cp = rcsv_col(c, "pairing");
  if (cl < 0) return fmt_none();
  const char *lv = rcsv_get(c, r, cl);
  const char *u = units_cell(fld_opt(g, c, r, "n_sessions"), fld_opt(g, c, r, "n_rounds"));
  if (!strcmp(lv, "sample")) return word(g, "level-sample");
  // compact: "ses. 3×10, paired" (the caption says what it is)
  char uc[64];
  size_t k = 0;
  for (const char *p = u; *p && k + 1 < sizeof uc; p++)
    if (*p != ' ') uc[k++] = *p;
  uc[k] = '\0';
  // the GPUs in front where sessions share them: "gpu 4G·8×3" (sessions on GPUs of their own:
  // the sessions are the GPUs)
  double ng = fld_opt(g, c, r, "n_gpus"), ns = fld_opt(g, c, r, "n_sessions");
  const char *gp = isfinite(ng) && ng >= 1 && ng < ns ? fmt("%.0fG·", ng) : "";
  return fmt("%s %s%s%s%s",
             !strcmp(lv, "session") ? word(g, "level-session") : !strcmp(lv, "round") ? word(g, "level-round")
             : !strcmp(lv, "gpu")   ? word(g, "level-gpu") : lv,
             gp, uc, cp >= 0 ? ", " : "", cp >= 0 ? rcsv_get(c, r, cp) : "");
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

double band_min(gen *g, const rcsv *c) {
  double m = NAN;
  for (size_t r = 0; rcsv_col(c, "delta") >= 0 && r < c->nrows; r++) {
    double d = fld(g, c, r, "delta");
    if (isfinite(d) && !(d >= m)) m = d;
  }
  return m;
}

// whether row r of c is of FAMILY (every row when FAMILY is NULL)
static int of_family(const rcsv *c, size_t r, const char *family) {
  int cf = rcsv_col(c, "family");
  return !family || (cf >= 0 && !strcmp(rcsv_get(c, r, cf), family));
}

// "2.42%" or "2.42–4.14%" for the rows of c of FAMILY whose delta_source is SRC
static const char *band_range(gen *g, const rcsv *c, const char *family, const char *src) {
  double lo = INFINITY, hi = -INFINITY;
  int cs = rcsv_col(c, "delta_source");
  for (size_t r = 0; r < c->nrows; r++) {
    if (!of_family(c, r, family) || strcmp(rcsv_get(c, r, cs), src)) continue;
    double d = fld(g, c, r, "delta");
    if (isfinite(d)) lo = fmin(lo, d), hi = fmax(hi, d);
  }
  if (!isfinite(lo)) return fmt_none();
  char a[32], b[32];
  snprintf(a, sizeof a, "%.2f", 100 * lo);
  snprintf(b, sizeof b, "%.2f", 100 * hi);
  return strcmp(a, b) ? fmt("%s–%s%%", a, b) : fmt("%s%%", a);
}

const char *band_words(gen *g, const rcsv *c) {
  return band_words_of(g, c, NULL);
}

const char *band_words_of(gen *g, const rcsv *c, const char *family) {
  int cs = rcsv_col(c, "delta_source");
  strlist src = {0};
  for (size_t r = 0; cs >= 0 && r < c->nrows; r++)
    if (of_family(c, r, family) && !strlist_has(&src, rcsv_get(c, r, cs))) strlist_add(&src, rcsv_get(c, r, cs));
  if (rcsv_col(c, "delta") < 0 || !src.n)
    return tmpl_str(g, "words", "band-default-threshold", (const char *const[]){"band", fmt("%g", 100 * g->threshold), NULL});
  strlist ws = {0};  // the band of each source, in words
  for (size_t i = 0; i < src.n; i++) {
    const char *s = src.v[i];
    strlist_add(&ws, tmpl_str(g, "words", !strcmp(s, "fixed") ? "band-fixed" : !strcmp(s, "default") ? "band-default" : "band-calibration",
                              (const char *const[]){"band", band_range(g, c, family, s), "path", s, NULL}));
  }
  const char *b = gen_join(&ws, "; ");
  strlist_free(&src);
  strlist_free(&ws);
  return b;
}

// "level `session`, 3 sessions × 10 rounds, paired by session" for compare row r
static const char *level_words(gen *g, const rcsv *c, size_t r) {
  const char *lv = rcsv_get(c, r, rcsv_col(c, "level")), *pa = rcsv_get(c, r, rcsv_col(c, "pairing"));
  if (!strcmp(lv, "sample")) return word(g, "design-sample");
  double ns = fld_opt(g, c, r, "n_sessions"), nr = fld_opt(g, c, r, "n_rounds");
  int ok = isfinite(ns) && isfinite(nr) && ns >= 1, bal = ok && fmod(nr, ns) == 0;
  const char *const nv[] = {"sessions", fmt("%.0f", ns), "rounds", fmt("%.0f", bal && ns > 1 ? nr / ns : nr), NULL};
  const char *u = !ok ? fmt_none()
                  : tmpl_str(g, "words", ns == 1 ? "design-one-session" : bal ? "design-balanced" : "design-unbalanced", nv);
  // reps per round where every round has as many (the smaller side's samples over its rounds)
  double nb = fld_opt(g, c, r, "n_base"), nc = fld_opt(g, c, r, "n_cand"), n = fmin(nb, nc);
  if (ok && isfinite(n) && nr >= 1 && fmod(n, nr) == 0)
    u = tmpl_str(g, "words", "design-reps", (const char *const[]){"units", u, "reps", fmt("%.0f", n / nr), NULL});
  // the GPUs and the scope where stats wrote them (n_gpus, scope)
  double ng = fld_opt(g, c, r, "n_gpus");
  int csc = rcsv_col(c, "scope");
  const char *sc = csc >= 0 ? rcsv_get(c, r, csc) : "";
  const char *gn = fmt("%.0f", ng);
  int round = !strcmp(lv, "round");
  if (isfinite(ng) && ng >= 1 && !round)
    u = fmt("%s%s", tmpl_str(g, "words", "design-gpus", (const char *const[]){"gpus", gn, "gpu_s", ng == 1 ? "" : "s", "space", " ", NULL}), u);
  const char *scope = round && sc[0]                 ? word(g, "scope-sessions")
                      : !strcmp(sc, "measured-gpus") ? tmpl_str(g, "words", "scope-measured", (const char *const[]){"gpus", gn, "gpu_s", ng == 1 ? "" : "s", NULL})
                      : !strcmp(sc, "any-gpu")     ? word(g, "scope-any")
                                                   : "";
  const char *pairing = !strcmp(pa, "paired") ? tmpl_str(g, "words", "design-paired", (const char *const[]){"level", lv, NULL})
                        : pa[0] ? pa : word(g, "design-no-pairing");
  return tmpl_str(g, "words", "design-level", (const char *const[]){"level", lv, "units", u, "pairing", pairing, "scope", scope, NULL});
}

// The declared plan the comparisons were taken from (stats compare --plan: the plan column,
// NAME/GxSxR, "+beyond" when the data exceed it), in words; "" when none.
static const char *plan_words(gen *g, const rcsv *c) {
  int cp = rcsv_col(c, "plan");
  if (cp < 0 || !c->nrows) return "";
  const char *p = rcsv_get(c, 0, cp);
  int beyond = 0;
  for (size_t r = 0; r < c->nrows; r++) beyond |= strstr(rcsv_get(c, r, cp), "+beyond") != NULL;
  char tag[128];
  snprintf(tag, sizeof tag, "%.*s", (int)strcspn(p, "+"), p);
  unsigned long n[3];
  if (samples_plan_parse(tag, n)) return "";
  const char *words = tmpl_str(g, "design", beyond ? "plan-beyond" : "plan",
                               (const char *const[]){"tag", fmt("%s", tag), "gpus", fmt("%lu", n[0]), "gpu_s", n[0] == 1 ? "" : "s",
                                                     "sessions", fmt("%lu", n[1]), "ses_s", n[1] == 1 ? "" : "s",
                                                     "rounds", fmt("%lu", n[2]), "rnd_s", n[2] == 1 ? "" : "s", NULL});
  // fewer GPUs than the plan declares (the fewest any comparison holds): an interim look
  double have = INFINITY;
  for (size_t r = 0; r < c->nrows; r++) {
    double v = fld_opt(g, c, r, "n_gpus");
    if (isfinite(v) && v < have) have = v;
  }
  if (!beyond && isfinite(have) && have < (double)n[0])
    words = fmt("%s%s", words, tmpl_str(g, "design", "plan-short",
                                        (const char *const[]){"have", fmt("%.0f", have), "gpus", fmt("%lu", n[0]), NULL}));
  return words;
}

void design_sentence(gen *g, const rcsv *c) {
  if (!c->nrows || rcsv_col(c, "level") < 0 || rcsv_col(c, "pairing") < 0) return;
  // the designs, with how many rows each
  strlist keys = {0};
  size_t cnt[64] = {0};
  for (size_t r = 0; r < c->nrows; r++) {
    const char *k = level_words(g, c, r);
    size_t i = 0;
    while (i < keys.n && strcmp(keys.v[i], k)) i++;
    if (i == keys.n && keys.n < 64) strlist_add(&keys, k);
    if (i < 64) cnt[i]++;
  }
  strlist dl = {0};  // each design with its rows, every one whole
  for (size_t i = 0; i < keys.n; i++)
    strlist_add(&dl, fmt("%s%s", keys.v[i],
                         keys.n > 1 ? tmpl_str(g, "words", "rows-of-design", (const char *const[]){"n", fmt("%zu", cnt[i]), NULL}) : ""));
  const char *designs = gen_join(&dl, "; ");
  strlist_free(&dl);
  // the MDE of each comparison (its own standard error and df), median and max
  double *m = calloc(c->nrows, sizeof *m);
  size_t nm = 0;
  for (size_t r = 0; r < c->nrows; r++) {
    double v = fld_opt(g, c, r, "mde_pct");
    if (isfinite(v)) m[nm++] = v;
  }
  qsort(m, nm, sizeof *m, by_value);
  const char *mde = nm ? tmpl_str(g, "design", "mde",
                                  (const char *const[]){"median", fmt("%.2f", nm % 2 ? m[nm / 2] : (m[nm / 2 - 1] + m[nm / 2]) / 2),
                                                        "max", fmt("%.2f", m[nm - 1]), NULL})
                       : tmpl_str(g, "design", "no-mde", NULL);
  free(m);
  tmpl_put(g, "design", keys.n == 1 ? "sentence-one" : "sentence",
           (const char *const[]){"n", fmt("%zu", c->nrows), "designs", designs, "mde", mde, "band", band_words(g, c),
                                 "plan", plan_words(g, c), NULL});
  strlist_free(&keys);
}
