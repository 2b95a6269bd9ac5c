// samples_rowkeys.c — see samples_rowkeys.h.
#include "samples_rowkeys.h"

#include <stdlib.h>

int samples_rowkeys_add(samples_rowkeys *r, samples_rowkey key) {
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 1024;
    samples_rowkey *k = realloc(r->k, cap * sizeof *k);
    if (!k) return -1;
    r->k = k, r->cap = cap;
  }
  r->k[r->n++] = key;
  return 0;
}

static int cmp_u(unsigned long a, unsigned long b) { return a < b ? -1 : a > b; }

// by identity, then by line
static int cmp_key(const void *pa, const void *pb) {
  const samples_rowkey *a = pa, *b = pb;
  int c = cmp_u(a->group, b->group);
  if (!c) c = cmp_u(a->session, b->session);
  if (!c) c = cmp_u(a->round, b->round);
  if (!c) c = cmp_u(a->rep, b->rep);
  return c ? c : cmp_u(a->line, b->line);
}

int samples_rowkeys_repeated(samples_rowkeys *r, samples_rowkey *first, samples_rowkey *second) {
  if (r->n < 2) return 0;
  qsort(r->k, r->n, sizeof *r->k, cmp_key);
  for (size_t i = 1; i < r->n; i++) {
    const samples_rowkey *a = &r->k[i - 1], *b = &r->k[i];
    if (a->group == b->group && a->session == b->session && a->round == b->round && a->rep == b->rep)
      return *first = *a, *second = *b, 1;
  }
  return 0;
}

void samples_rowkeys_free(samples_rowkeys *r) {
  free(r->k);
  r->k = NULL, r->n = r->cap = 0;
}
