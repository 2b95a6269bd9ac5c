// report_shown.c — see report_shown.h. Words: reports/templates/rules.txt (shown).
#include "report_shown.h"

#include <stdio.h>
#include <string.h>

#include "report_tmpl.h"

size_t shown_plan(const kc_exp *es, size_t n, strlist *out) {
  for (size_t e = 0; e < n; e++)
    if (es[e].n) strlist_add(out, es[e].exp);
  return out->n;
}

void shown_check(gen *g, const strlist *plan) {
  for (size_t i = 0; i < plan->n; i++) {
    size_t times = 0;
    for (size_t k = 0; k < g->shown.n; k++) times += !strcmp(g->shown.v[k], plan->v[i]);
    if (times != 1) {
      snprintf(g->err, sizeof g->err, "experiment '%s' has data but was shown %zu times in the results, not once", plan->v[i], times);
      gen_die(g);
    }
  }
  for (size_t k = 0; k < g->shown.n; k++)
    if (!strlist_has(plan, g->shown.v[k])) {
      snprintf(g->err, sizeof g->err, "experiment '%s' was shown in the results but has no data", g->shown.v[k]);
      gen_die(g);
    }
}

const char *shown_sentence(gen *g) {
  return tmpl_str(g, "rules", "shown",
                  (const char *const[]){"n", fmt("%zu", g->shown.n), "exp_s", g->shown.n == 1 ? "" : "s",
                                        "nodata", fmt("%zu", g->nodata), NULL});
}
