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
#include "report_tmpl.h"

static const char *reading(gen *g, const char *kind, double lo, double hi, double s, double slo,
                           double shi, const char *overlap) {
  (void)g;
  if (!strcmp(kind, "point")) lo /= 1.03, hi *= 1.03;
  if (!strcmp(kind, "atleast")) {
    (void)overlap;  // the claim rests on the speedup's own CI, at the level of the design
    if (slo >= lo) return fmt("**holds**: the lower end of the 95%% CI is at least %g×", lo);
    if (shi < lo) return fmt("**does not hold**: measured %s, CI below %g×", xfmt(s), lo);
    return fmt("**does not hold**: not established (CI [%s, %s] reaches below %g×)",
               num3(slo), num3(shi), lo);
  }
  if (shi < lo) return fmt("**does not hold**: smaller than claimed (CI entirely below %.3g×)", lo);
  if (slo > hi) return fmt("**does not hold**: larger than claimed (CI entirely above %.3g×)", hi);
  return "**holds**: the CI overlaps the claimed range";
}

static void claim(gen *g, const rcsv *c, size_t r, const expvars *e, const egpu *x) {
  const char *seed = rcsv_get(c, r, rcsv_col(c, "seed")), *text = rcsv_get(c, r, rcsv_col(c, "claim"));
  const char *kind = rcsv_get(c, r, rcsv_col(c, "kind")), *want = rcsv_get(c, r, rcsv_col(c, "shape"));
  const char *who_c = rcsv_get(c, r, rcsv_col(c, "cand")), *who_b = rcsv_get(c, r, rcsv_col(c, "base"));
  double lo = fld(g, c, r, "lo"), hi = fld(g, c, r, "hi");
  const char *measured = "—", *read;
  int cst = rcsv_col(c, "stand_in");
  const char *match = cst < 0 ? "" : rcsv_get(c, r, cst);
  const char *shape = x && x->have_sum ? pick_shape(&x->sum, want, match) : NULL;
  const char *shown = fmt("`%s`", want);
  if (!x) {
    read = fmt("**not comparable**: `%s` has no data", g->claims_exp);
  } else if (!shape) {
    read = *match ? fmt("**not comparable**: no measured shape agrees with it on %s", match)
                  : "**not comparable**: the shape was not measured";
  } else {
    if (strcmp(shape, want)) shown = fmt("`%s` (stand-in for `%s`)", shape, want);
    const char *cand = pick_variant(&x->sum, &x->names, e, who_c, shape);
    const char *base = pick_variant(&x->sum, &x->names, e, who_b, shape);
    if (!cand || !base) {
      read = fmt("**not comparable**: no samples for `%s` at this shape", !cand ? who_c : who_b);
    } else if (!strcmp(kind, "abs")) {
      long rc = sum_row(x, cand, shape), rb = sum_row(x, base, shape);
      measured = fmt("`%s` %s µs; `%s` %s µs (%s)", cand,
                     ci(fld(g, &x->sum, rc, "median"), fld(g, &x->sum, rc, "ci_lo"), fld(g, &x->sum, rc, "ci_hi")),
                     base, ci(fld(g, &x->sum, rb, "median"), fld(g, &x->sum, rb, "ci_lo"), fld(g, &x->sum, rb, "ci_hi")),
                     x->gpu);
      read = fmt("**not comparable**: the seed's %s µs vs %s µs are L4 (sm_89) times; the ratio is read in "
                 "the next row", num(lo), num(hi));
    } else {
      long k = x->have_claims ? cmp_row(&x->claims, base, cand, shape) : -1;
      if (k < 0) {
        read = fmt("**not comparable**: `%s` vs `%s` was not compared", cand, base);
      } else {
        double s = fld(g, &x->claims, k, "speedup"), slo = fld(g, &x->claims, k, "speedup_lo"),
               shi = fld(g, &x->claims, k, "speedup_hi");
        int co = rcsv_col(&x->claims, "median_ci_overlap");
        measured = fmt("`%s` vs `%s`: %s, %s", cand, base, xci(s, slo, shi),
                       rcsv_get(&x->claims, k, rcsv_col(&x->claims, "verdict")));
        read = reading(g, kind, lo, hi, s, slo, shi, co >= 0 ? rcsv_get(&x->claims, k, co) : "yes");
      }
    }
  }
  const char *claimed = !strcmp(kind, "abs")     ? fmt("%g µs vs %g µs", lo, hi)
                        : !strcmp(kind, "point") ? fmt("%g× (±3%%)", lo)
                        : !strcmp(kind, "atleast") ? fmt("≥ %g×", lo)
                                                   : fmt("%g× – %g×", lo, hi);
  doc_row(&g->d, (const char *const[]){fmt("%s: %s", seed, text), claimed, shown, measured, read});
}

void claims_section(gen *g, const expvars *e, egpu *xs, size_t n) {
  rcsv c;
  if (rcsv_read(g->claims_path, &c, g->err, sizeof g->err)) gen_die(g);
  static const char *const need[] = {"seed", "claim", "kind", "cand", "base", "shape", "lo", "hi", NULL};
  int ix[8];
  if (rcsv_need(&c, need, ix, g->err, sizeof g->err)) gen_die(g);
  tmpl_put(g, "claims", "head", NULL);
  if (!form_full(g)) {
    form_see_full(g, 1, "what-seed-claims");
    rcsv_free(&c);
    return;
  }
  tmpl_put(g, "claims", "intro", (const char *const[]){"claims", g->claims_path, "exp", g->claims_exp, NULL});
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
