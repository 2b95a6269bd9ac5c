// shape.c — the shape grammar and the registry of problems (shape.h).
#include "shape.h"

#include <stdio.h>
#include <string.h>

enum { FIELD_MAX = 1L << 30 };

int shape_fields(const char *name, char *tags, long *vals, int max, char *why, size_t whylen) {
  const char *p = name;
  int n = 0;
  for (;;) {
    int off = (int)(p - name);
    if (*p < 'A' || *p > 'Z') {
      snprintf(why, whylen, "expected a field TAG<n> (an upper-case letter and a number) at offset %d", off);
      return -1;
    }
    if (n == max) {
      snprintf(why, whylen, "more than %d fields", max);
      return -1;
    }
    char tag = *p++;
    if (*p < '0' || *p > '9') {
      snprintf(why, whylen, "'%c' needs a whole number at offset %d", tag, off + 1);
      return -1;
    }
    if (*p == '0' && p[1] >= '0' && p[1] <= '9') {
      snprintf(why, whylen, "'%c' has a leading zero", tag);
      return -1;
    }
    long v = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
      if (v > (FIELD_MAX - (*p - '0')) / 10) {
        snprintf(why, whylen, "'%c' value out of range (max %ld)", tag, (long)FIELD_MAX);
        return -1;
      }
      v = 10 * v + (*p - '0');
    }
    tags[n] = tag;
    vals[n++] = v;
    if (!*p) return n;
    if (*p != '_') {
      snprintf(why, whylen, "unexpected '%c' at offset %d", *p, (int)(p - name));
      return -1;
    }
    p++;
  }
}

const problem_host *problem_host_find(const char *name) {
  for (int i = 0; problem_hosts[i]; i++)
    if (!strcmp(problem_hosts[i]->name, name)) return problem_hosts[i];
  return NULL;
}

const problem_host *problem_host_of_shape(const char *shape) {
  problem_shape s;
  char why[160];
  for (int i = 0; problem_hosts[i]; i++)
    if (problem_hosts[i]->parse(shape, &s, why, sizeof why) == 0) return problem_hosts[i];
  return NULL;
}
