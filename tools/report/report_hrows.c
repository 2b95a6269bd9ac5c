// report_hrows.c — see report_hrows.h.
#include "report_hrows.h"

#include <stdlib.h>

#include "report_pick.h"

size_t hrows_of(const expvars *e, const egpu *x, strlist *shapes, hrow **out) {
  const char *hv = pick_claimed(e, &x->names);
  if (!hv) hv = pick_headline(e);
  gen_shapes(x, e, shapes);
  hrow *h = calloc(shapes->n + 1, sizeof *h);
  if (!h) abort();
  size_t nh = 0;
  for (size_t s = 0; s < shapes->n; s++) {
    const char *sh = shapes->v[s];
    const char *base = pick_variant(&x->sum, &x->names, e, "@lib", sh);
    const char *cand = hv && sum_row(x, hv, sh) >= 0 ? hv : pick_variant(&x->sum, &x->names, e, "@ours", sh);
    if (!base || !cand) continue;
    h[nh].shape = sh, h[nh].base = base, h[nh].cand = cand;
    h[nh].r = x->have_cmp ? cmp_row(&x->cmp, base, cand, sh) : -1;
    nh++;
  }
  *out = h;
  return nh;
}
