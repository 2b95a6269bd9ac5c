// run_plan.c — see run_plan.h.
#include "session/run_plan.h"
#include <stdlib.h>
#include <string.h>
#include "session/session_order.h"

int run_plan_make(run_plan *p, size_t nv, const char lib[], unsigned rounds, int sequential, uint64_t seed, unsigned chunk) {
  memset(p, 0, sizeof *p);
  p->nv = nv;
  p->rounds = rounds;
  p->n = nv * rounds;
  p->item = calloc(p->n ? p->n : 1, sizeof *p->item);
  p->lib = calloc(nv ? nv : 1, 1);
  p->dead = calloc(nv ? nv : 1, 1);
  p->pos = calloc(p->n ? p->n : 1, sizeof *p->pos);
  p->started = calloc(rounds, sizeof *p->started);
  p->border = calloc(nv ? nv : 1, sizeof *p->border);
  p->chunk_of = calloc(nv ? nv : 1, sizeof *p->chunk_of);
  size_t *slot = calloc(p->n ? p->n : 1, sizeof *slot);
  if (!p->item || !p->lib || !p->dead || !p->pos || !p->started || !p->border || !p->chunk_of || !slot) {
    free(slot);
    run_plan_free(p);
    return -1;
  }
  memcpy(p->lib, lib, nv);
  if (sequential) {
    for (size_t v = 0, k = 0; v < nv; v++)
      for (unsigned r = 1; r <= rounds; r++, k++) p->item[k] = (run_item){v, r};
  } else {
    session_order_balanced(seed, nv, rounds, slot);
    for (size_t k = 0; k < p->n; k++) p->item[k] = (run_item){slot[k], (unsigned)(k / nv) + 1};
  }
  free(slot);
  for (size_t v = 0; v < nv; v++) p->chunk_of[v] = SIZE_MAX;
  for (size_t k = 0; k < p->n; k++) {
    size_t v = p->item[k].v;
    if (p->lib[v] || p->chunk_of[v] != SIZE_MAX) continue;
    p->chunk_of[v] = p->nborder / chunk;
    p->border[p->nborder++] = v;
  }
  return 0;
}

void run_plan_free(run_plan *p) {
  free(p->item);
  free(p->lib);
  free(p->dead);
  free(p->pos);
  free(p->started);
  free(p->border);
  free(p->chunk_of);
  memset(p, 0, sizeof *p);
}

unsigned run_plan_start(run_plan *p, size_t v, unsigned r) {
  return p->pos[v * p->rounds + r - 1] = ++p->started[r - 1];
}

unsigned run_plan_pos(const run_plan *p, size_t v, unsigned r) { return p->pos[v * p->rounds + r - 1]; }

size_t run_plan_next(const run_plan *p, size_t i, int (*ours)(void *, size_t), int (*built)(void *, size_t), void *ctx) {
  for (size_t j = i + 1; j < p->n; j++) {
    size_t v = p->item[j].v;
    if (p->dead[v]) continue;
    if (p->lib[v]) return SIZE_MAX;
    if (!ours(ctx, v)) continue;
    return built(ctx, v) ? j : SIZE_MAX;
  }
  return SIZE_MAX;
}
