// report_claims.c — "Seed claims vs measured": each claim of reports/seed_claims.csv beside what
// the claims experiment (phase1) measured, with its CI, and a reading: holds, does not hold, or
// not comparable (and why). The measured speedups come from build/<exp>/<gpu>/claims.csv, a
// `stats compare` run over exactly the pairs the claims name (Holm across that family).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_ctx.h"
#include "report_fmt.h"
#include "report_form.h"
#include "report_pick.h"
#include "report_problem.h"
#include "report_tmpl.h"

static const char *say(gen *g, const char *part, const char *const vars[]) {
  return tmpl_str(g, "claims", part, vars);
}

static const char *reading(gen *g, const char *kind, double lo, double hi, double s, double slo, double shi) {
  if (!strcmp(kind, "point")) lo /= 1.03, hi *= 1.03;
  if (!strcmp(kind, "atleast")) { // the claim rests on the speedup's own CI, at the level of the design
    const char *const v[] = {"lo", fmt("%g", lo), "s", xfmt(s), "slo", num3(slo), "shi", num3(shi), NULL};
    return say(g, slo >= lo ? "atleast-holds" : shi < lo ? "atleast-below" : "atleast-open", v);
  }
  const char *const v[] = {"lo", fmt("%.3g", lo), "hi", fmt("%.3g", hi), NULL};
  return say(g, shi < lo ? "smaller" : slo > hi ? "larger" : "overlaps", v);
}

// the summary row of NAME at SHAPE as "median [lo, hi]"
static const char *median_ci(gen *g, const egpu *x, const char *name, const char *shape) {
  long r = sum_row(x, name, shape);
  return ci(fld(g, &x->sum, r, "median"), fld(g, &x->sum, r, "ci_lo"), fld(g, &x->sum, r, "ci_hi"));
}

// the GPU the seeds' times were taken on, in the words of the claims experiment's problem ("" when it
// has none)
static const char *seed_gpu(gen *g, const expvars *e) {
  return problem_one(g, problem_of(e), "seed-gpu", NULL, "");
}

static void claim(gen *g, const rcsv *c, size_t r, const expvars *e, const egpu *x) {
  const char *seed = rcsv_get(c, r, rcsv_col(c, "seed")), *text = rcsv_get(c, r, rcsv_col(c, "claim"));
  const char *kind = rcsv_get(c, r, rcsv_col(c, "kind")), *want = rcsv_get(c, r, rcsv_col(c, "shape"));
  const char *who_c = rcsv_get(c, r, rcsv_col(c, "cand")), *who_b = rcsv_get(c, r, rcsv_col(c, "base"));
  double lo = fld(g, c, r, "lo"), hi = fld(g, c, r, "hi");
  const char *measured = fmt_none(), *read;
  int cst = rcsv_col(c, "stand_in");
  const char *match = cst < 0 ? "" : rcsv_get(c, r, cst);
  const char *shape = x && x->have_sum ? pick_shape(&x->sum, want, match) : NULL;
  const char *shown = fmt("`%s`", want);
  if (!x) {
    read = say(g, "nc-no-data", (const char *const[]){"exp", g->claims_exp, NULL});
  } else if (!shape) {
    read = *match ? say(g, "nc-no-shape-agrees", (const char *const[]){"match", match, NULL}) : say(g, "nc-not-measured", NULL);
  } else {
    if (strcmp(shape, want)) shown = say(g, "stand-in", (const char *const[]){"shape", shape, "want", want, NULL});
    const char *cand = pick_variant(&x->sum, &x->names, e, who_c, shape);
    const char *base = pick_variant(&x->sum, &x->names, e, who_b, shape);
    if (!cand || !base) {
      read = say(g, "nc-no-samples", (const char *const[]){"who", !cand ? who_c : who_b, NULL});
    } else if (!strcmp(kind, "abs")) {
      measured = say(g, "measured-abs", (const char *const[]){"cand", cand, "cand_ci", median_ci(g, x, cand, shape), "base", base,
                                                              "base_ci", median_ci(g, x, base, shape), "gpu", x->gpu, NULL});
      read = say(g, "nc-abs", (const char *const[]){"lo", num(lo), "hi", num(hi), "seed_gpu", seed_gpu(g, e), NULL});
    } else {
      long k = x->have_claims ? cmp_row(&x->claims, base, cand, shape) : -1;
      if (k < 0) {
        read = say(g, "nc-not-compared", (const char *const[]){"cand", cand, "base", base, NULL});
      } else {
        double s = fld(g, &x->claims, k, "speedup"), slo = fld(g, &x->claims, k, "speedup_lo"),
               shi = fld(g, &x->claims, k, "speedup_hi");
        measured = say(g, "measured-ratio", (const char *const[]){"cand", cand, "base", base, "speedup", xci(s, slo, shi),
                                                                  "verdict", rcsv_get(&x->claims, k, rcsv_col(&x->claims, "verdict")), NULL});
        read = reading(g, kind, lo, hi, s, slo, shi);
      }
    }
  }
  const char *const lh[] = {"lo", fmt("%g", lo), "hi", fmt("%g", hi), NULL};
  const char *claimed = say(g, !strcmp(kind, "abs") ? "claimed-abs" : !strcmp(kind, "point") ? "claimed-point"
                               : !strcmp(kind, "atleast") ? "claimed-atleast" : "claimed-range", lh);
  doc_row(&g->d, (const char *const[]){fmt("%s: %s", seed, text), claimed, shown, measured, read});
}

void claims_section(gen *g, const expvars *e, egpu *xs, size_t n) {
  rcsv c;
  if (rcsv_read(g->claims_path, &c, g->err, sizeof g->err)) gen_die(g);
  static const char *const need[] = {"seed", "claim", "kind", "cand", "base", "shape", "lo", "hi", NULL};
  int ix[8];
  if (rcsv_need(&c, need, ix, g->err, sizeof g->err)) gen_die(g);
  if (!form_full(g)) {  // the main appendix names this section in its opening; its number is kept
    doc_skip(&g->d, 1);
    rcsv_free(&c);
    return;
  }
  tmpl_put(g, "claims", "head", NULL);
  if (!g->claims_exp) {
    tmpl_put(g, "claims", "none", (const char *const[]){"claims", g->claims_path, NULL});
    rcsv_free(&c);
    return;
  }
  const char *lib = problem_one(g, problem_of(e), "seed-lib", NULL, say(g, "seed-lib", NULL));
  tmpl_put(g, "claims", "intro", (const char *const[]){"claims", g->claims_path, "exp", g->claims_exp, "seed_gpu", seed_gpu(g, e),
                                                        "seed_lib", lib, NULL});
  if (!n) {
    tmpl_put(g, "claims", "no-data", (const char *const[]){"exp", g->claims_exp, NULL});
    tmpl_table(g, "claims", "caption-claims-none", "columns-claims", "p22lp13p22p22", NULL);
    for (size_t r = 0; r < c.nrows; r++) claim(g, &c, r, e, NULL);
    doc_table_end(&g->d);
  }
  for (size_t k = 0; k < n; k++) {
    tmpl_table(g, "claims", "caption-claims", "columns-claims", "p22lp13p22p22",
               (const char *const[]){"gpu", xs[k].gpu, NULL});
    for (size_t r = 0; r < c.nrows; r++) claim(g, &c, r, e, &xs[k]);
    doc_table_end(&g->d);
  }
  rcsv_free(&c);
}
