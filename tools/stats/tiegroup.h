// tiegroup.h — walks two sorted samples together, one group of equal values at a time.
// Rank sums (Mann-Whitney) and dominance counts (Cliff) both come from this one O(nx + ny) pass.
#pragma once
#include <stddef.h>

typedef struct {
  const double *x, *y;
  size_t xstride, ystride, nx, ny, i, j;
} tiegroup_walk;

typedef struct {
  double value;
  size_t cx, cy;            // how many x and y equal value
  size_t below_x, below_y;  // how many x and y are smaller
} tiegroup;

static inline void tiegroup_start(tiegroup_walk *w, const double x[], size_t xstride, size_t nx,
                                  const double y[], size_t ystride, size_t ny) {
  *w = (tiegroup_walk){x, y, xstride, ystride, nx, ny, 0, 0};
}

// Fills *g with the next group of equal values; returns 0 when both samples are used up.
static inline int tiegroup_next(tiegroup_walk *w, tiegroup *g) {
  int hx = w->i < w->nx, hy = w->j < w->ny;
  if (!hx && !hy) return 0;
  double xv = hx ? w->x[w->i * w->xstride] : 0, yv = hy ? w->y[w->j * w->ystride] : 0;
  double v = !hx ? yv : !hy ? xv : (xv < yv ? xv : yv);
  g->value = v;
  g->below_x = w->i;
  g->below_y = w->j;
  while (w->i < w->nx && w->x[w->i * w->xstride] == v) w->i++;
  while (w->j < w->ny && w->y[w->j * w->ystride] == v) w->j++;
  g->cx = w->i - g->below_x;
  g->cy = w->j - g->below_y;
  return 1;
}
