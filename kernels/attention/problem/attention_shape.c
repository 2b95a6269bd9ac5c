// attention_shape.c — the attention problem's shapes (shape.h): strict parsing of the names
// B<b>_H<h>_S<sq>[_K<skv>]_D<d>_C<0|1>, their canonical form and their work. Axes in v[]:
// B H S K D C (K = Skv, equal to S when the name has no _K field; C = causal).
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shape.h"

enum { DIM_MAX = 1 << 24 };  // per-field bound; tensors are further limited to 2^31 elements

// Reads a positive decimal without sign or leading zero at *p; advances *p past it.
static int read_dim(const char **p, long *out) {
  const char *s = *p;
  if (*s < '1' || *s > '9') return -1;
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || v > DIM_MAX) return -2;
  *out = v;
  *p = end;
  return 0;
}

// Reads `tag` then a dimension at *p (offset off in the name).
static int field(const char **p, int off, const char *tag, const char *what, long *v, char *why,
                 size_t len) {
  size_t n = strlen(tag);
  if (strncmp(*p, tag, n) != 0) {
    snprintf(why, len, "expected '%s<%s>' at offset %d", tag, what, off);
    return -1;
  }
  *p += n;
  int r = read_dim(p, v);
  if (r == -1) snprintf(why, len, "'%s' needs a positive integer without leading zeros", tag);
  if (r == -2) snprintf(why, len, "'%s' value out of range (max %d)", tag, DIM_MAX);
  return r ? -1 : 0;
}

static int attention_parse(const char *name, problem_shape *s, char *why, size_t len) {
  const char *p = name;
  long b, h, sq, skv, d;
#define FIELD(tag, what, var) \
  if (field(&p, (int)(p - name), tag, what, &var, why, len)) return -1
  FIELD("B", "batch", b);
  FIELD("_H", "heads", h);
  FIELD("_S", "query length", sq);
  skv = sq;
  if (strncmp(p, "_K", 2) == 0) {
    FIELD("_K", "key length", skv);
    if (skv == sq) {
      snprintf(why, len, "'_K%ld' equals the query length; omit '_K'", skv);
      return -1;
    }
  }
  FIELD("_D", "head dim", d);
#undef FIELD
  if (strncmp(p, "_C", 2) != 0 || (p[2] != '0' && p[2] != '1')) {
    snprintf(why, len, "expected '_C0' or '_C1' at offset %d", (int)(p - name));
    return -1;
  }
  int causal = p[2] - '0';
  p += 3;
  if (*p) {
    snprintf(why, len, "trailing '%s'", p);
    return -1;
  }
  if (b > 65535 || h > 65535) {
    snprintf(why, len, "batch and heads must be at most 65535");
    return -1;
  }
  double elems = (double)b * h * (sq > skv ? sq : skv) * d;
  if (elems > 2147483647.0) {
    snprintf(why, len, "a tensor would have more than 2^31-1 elements");
    return -1;
  }
  *s = (problem_shape){{b, h, sq, skv, d, causal}};
  return 0;
}

enum { AB, AH, AS, AK, AD, AC };

static void attention_format(const problem_shape *s, char *buf, size_t len) {
  const long *v = s->v;
  if (v[AK] == v[AS])
    snprintf(buf, len, "B%ld_H%ld_S%ld_D%ld_C%ld", v[AB], v[AH], v[AS], v[AD], v[AC]);
  else
    snprintf(buf, len, "B%ld_H%ld_S%ld_K%ld_D%ld_C%ld", v[AB], v[AH], v[AS], v[AK], v[AD], v[AC]);
}

// Two GEMMs of B·H·Sq·Skv·D multiply-adds each (half of them under the causal mask); q, k, v read
// and o written once, in fp16.
static void attention_work(const problem_shape *s, double *flops, double *bytes) {
  const long *v = s->v;
  double bh = (double)v[AB] * (double)v[AH];
  *flops = 4.0 * bh * (double)v[AS] * (double)v[AK] * (double)v[AD] / (v[AC] ? 2 : 1);
  *bytes = 2.0 * (bh * (double)v[AS] * (double)v[AD] * 2 + bh * (double)v[AK] * (double)v[AD] * 2);
}

const problem_host problem_attention = {"attention", "B H S K D C", attention_parse,
                                        attention_format, attention_work, "S"};
