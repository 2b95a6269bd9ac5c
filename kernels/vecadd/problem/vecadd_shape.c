// vecadd_shape.c — the vecadd problem's shapes (shape.h): N<n>, one field, n a whole number from
// 1 to 2^31-1 (the grammar's own field limit, 2^30, is the tighter bound in practice). Axes in
// v[]: N. C = A + B with A, B, C vectors of N fp16 elements.
#include <stdio.h>

#include "shape.h"

static int vecadd_parse(const char *name, problem_shape *s, char *why, size_t len) {
  char tags[SHAPE_AXES_MAX];
  long v[SHAPE_AXES_MAX];
  int n = shape_fields(name, tags, v, SHAPE_AXES_MAX, why, len);
  if (n < 0) return -1;
  if (n != 1 || tags[0] != 'N') {
    snprintf(why, len, "a vecadd shape is N<n>");
    return -1;
  }
  if (v[0] < 1) {
    snprintf(why, len, "'N' must be at least 1");
    return -1;
  }
  if (v[0] > 2147483647L) {
    snprintf(why, len, "'N' must be at most 2^31-1");
    return -1;
  }
  *s = (problem_shape){{v[0]}};
  return 0;
}

static void vecadd_format(const problem_shape *s, char *buf, size_t len) {
  snprintf(buf, len, "N%ld", s->v[0]);
}

// One addition per element; A and B read and C written once, in fp16 (2 bytes each).
static void vecadd_work(const problem_shape *s, double *flops, double *bytes) {
  double n = (double)s->v[0];
  *flops = n;
  *bytes = 6.0 * n;
}

const problem_host problem_vecadd = {"vecadd", "N", vecadd_parse, vecadd_format, vecadd_work, "N"};
