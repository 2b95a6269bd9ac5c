// report_aainside.c — see report_aainside.h. Every number is a count over the rows of
// aa-inside.csv (mk/report.mk writes it); words: reports/templates/aainside.txt.
#include <math.h>
#include <string.h>

#include "report_aainside.h"
#include "report_fmt.h"
#include "report_tmpl.h"

void aainside_sentence(gen *g, const egpu *x) {
  const rcsv *c = &x->aain;
  if (!x->have_aain || !c->nrows || rcsv_col(c, "verdict") < 0) return;
  size_t excl = 0, same = 0, amb = 0, fs = 0;
  double lo = INFINITY, hi = -INFINITY;
  strlist who = {0};
  for (size_t r = 0; r < c->nrows; r++) {
    double s = fld(g, c, r, "speedup"), l = fld(g, c, r, "speedup_lo"), h = fld(g, c, r, "speedup_hi");
    excl += l > 1 || h < 1;
    if (isfinite(s)) lo = fmin(lo, s), hi = fmax(hi, s);
    const char *v = rcsv_get(c, r, rcsv_col(c, "verdict"));
    same += !strcmp(v, "SAME");
    amb += !strcmp(v, "AMBIGUOUS");
    fs += !strcmp(v, "FAST") || !strcmp(v, "SLOW");
    const char *d = rcsv_get(c, r, rcsv_col(c, "cand"));
    if (!strlist_has(&who, d)) strlist_add(&who, d);
  }
  tmpl_put(g, "aainside", "sentence",
           (const char *const[]){"n", fmt("%zu", c->nrows), "dispatch", gen_join(&who, "`, `"), "excl", fmt("%zu", excl),
                                 "same", fmt("%zu", same), "amb", fmt("%zu", amb), "fs", fmt("%zu", fs),
                                 "lo", fmt("%.3f", lo), "hi", fmt("%.3f", hi), NULL});
  strlist_free(&who);
}
