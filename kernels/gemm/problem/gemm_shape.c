// gemm_shape.c — the GEMM problem's shapes (shape.h): M<m>_N<n>_K<k>, each a positive whole
// number, every matrix under 2^31 elements. Axes in v[]: M N K. C = A·B with A [M, K],
// B [K, N], C [M, N], fp16.
#include <stdio.h>

#include "shape.h"

static int gemm_parse(const char *name, problem_shape *s, char *why, size_t len) {
  char tags[SHAPE_AXES_MAX];
  long v[SHAPE_AXES_MAX];
  int n = shape_fields(name, tags, v, SHAPE_AXES_MAX, why, len);
  if (n < 0) return -1;
  if (n != 3 || tags[0] != 'M' || tags[1] != 'N' || tags[2] != 'K') {
    snprintf(why, len, "a GEMM shape is M<m>_N<n>_K<k>");
    return -1;
  }
  for (int i = 0; i < 3; i++)
    if (v[i] < 1) {
      snprintf(why, len, "'%c' must be at least 1", tags[i]);
      return -1;
    }
  double most = (double)v[0] * v[2];
  if ((double)v[2] * v[1] > most) most = (double)v[2] * v[1];
  if ((double)v[0] * v[1] > most) most = (double)v[0] * v[1];
  if (most > 2147483647.0) {
    snprintf(why, len, "a matrix would have more than 2^31-1 elements");
    return -1;
  }
  *s = (problem_shape){{v[0], v[1], v[2]}};
  return 0;
}

static void gemm_format(const problem_shape *s, char *buf, size_t len) {
  snprintf(buf, len, "M%ld_N%ld_K%ld", s->v[0], s->v[1], s->v[2]);
}

// M·N·K multiply-adds; A and B read and C written once, in fp16.
static void gemm_work(const problem_shape *s, double *flops, double *bytes) {
  double m = (double)s->v[0], n = (double)s->v[1], k = (double)s->v[2];
  *flops = 2.0 * m * n * k;
  *bytes = 2.0 * (m * k + k * n + m * n);
}

const problem_host problem_gemm = {"gemm", "M N K", gemm_parse, gemm_format, gemm_work, "M"};
