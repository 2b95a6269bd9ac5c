// search_strategy.c — sr_propose: the three strategies as functions of (seed, history).
// Random streams: (seed, 0) the first design of lhs+tpe; (seed, 1000 + k) design k of lhs;
// (seed, 1000000 + n) the proposals after n trials (TPE, random).
#include <stdlib.h>
#include <string.h>

#include "search_strategy.h"

static const char *const names[SR_NKINDS] = {"lhs+tpe", "random", "lhs"};

int sr_kind_parse(const char *s, sr_kind *k) {
  for (int i = 0; i < SR_NKINDS; i++)
    if (strcmp(s, names[i]) == 0) return *k = (sr_kind)i, 0;
  return -1;
}

const char *sr_kind_name(sr_kind k) { return names[k]; }

static size_t untaken_random(const sp_space *sp, unsigned char taken[], srng *r, size_t want,
                             size_t out[]) {
  size_t got = 0;
  for (; got < want; got++) {
    size_t free_n = 0;
    for (size_t c = 0; c < sp->ncfg; c++) free_n += !taken[c];
    if (!free_n) break;
    size_t pick = srng_below(r, free_n), c = 0;
    for (;; c++)
      if (!taken[c] && pick-- == 0) break;
    taken[c] = 1;
    out[got] = c;
  }
  return got;
}

// Entries of design[0..m) not in `taken`, marked and appended to out; returns the new count.
static size_t take_design(const size_t design[], size_t m, unsigned char taken[], size_t out[],
                          size_t got, size_t batch) {
  for (size_t i = 0; i < m && got < batch; i++)
    if (!taken[design[i]]) taken[design[i]] = 1, out[got++] = design[i];
  return got;
}

size_t sr_propose(const sp_space *sp, const sr_opts *o, const sr_trial hist[], size_t n,
                  size_t batch, size_t out[]) {
  unsigned char *taken = calloc(sp->ncfg, 1), *pre = calloc(sp->ncfg, 1);
  size_t *design = malloc((o->n_init + 1) * sizeof *design), got = 0;
  for (size_t i = 0; i < n; i++) taken[hist[i].cfg] = 1;
  srng r;
  if (o->kind == SR_LHS_TPE) {
    if (n < o->n_init) {  // the first design, made against an empty history
      srng_seed(&r, o->seed, 0);
      size_t m = sr_lhs(sp, o->n_init, &r, pre, design);
      got = take_design(design, m, taken, out, got, batch);
    }
    if (got) goto done;  // a batch never mixes the design and TPE: resumed runs stay aligned
    srng_seed(&r, o->seed, 1000000 + n);
    while (got < batch) {
      long c = sr_tpe(sp, o, hist, n, taken, &r);
      if (c < 0) {  // nothing measured yet: random until something is
        got += untaken_random(sp, taken, &r, batch - got, out + got);
        break;
      }
      taken[c] = 1;
      out[got++] = (size_t)c;
    }
  } else if (o->kind == SR_LHS) {
    for (size_t k = n / (o->n_init ? o->n_init : 1);; k++) {  // design k, made against the
      size_t upto = k * o->n_init < n ? k * o->n_init : n;     // trials before it started
      memset(pre, 0, sp->ncfg);
      for (size_t i = 0; i < upto; i++) pre[hist[i].cfg] = 1;
      if (upto == n)
        for (size_t i = 0; i < got; i++) pre[out[i]] = 1;
      srng_seed(&r, o->seed, 1000 + k);
      size_t m = sr_lhs(sp, o->n_init, &r, pre, design), before = got;
      got = take_design(design, m, taken, out, got, batch);
      if (got == batch || (m == 0 && got == before)) break;
      size_t left = 0;
      for (size_t c = 0; c < sp->ncfg; c++) left += !taken[c];
      if (!left) break;
    }
  } else {
    srng_seed(&r, o->seed, 1000000 + n);
    got = untaken_random(sp, taken, &r, batch, out);
  }
done:
  free(taken), free(pre), free(design);
  return got;
}
