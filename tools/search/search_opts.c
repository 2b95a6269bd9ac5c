// search_opts.c — see search_opts.h.
#include "search_opts.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int num(const char *opt, const char *v, double lo, double hi, double *out) {
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (end == v || *end || errno || !isfinite(x) || x < lo || x > hi) {
    fprintf(stderr, "search: %s: '%s' is not a number in [%g, %g]\n", opt, v, lo, hi);
    return 2;
  }
  *out = x;
  return 0;
}

static int count(const char *opt, const char *v, unsigned long long min, unsigned long long *out) {
  char *end;
  errno = 0;
  unsigned long long x = strtoull(v, &end, 10);
  if (end == v || *end || errno || *v == '-' || *v == '+' || x < min) {
    fprintf(stderr, "search: %s: '%s' is not an integer >= %llu\n", opt, v, min);
    return 2;
  }
  *out = x;
  return 0;
}

int search_need(const search_opts *o, const char *v, const char *opt) {
  if (v) return 0;
  fprintf(stderr, "search: %s: %s is required\n", o->cmd, opt);
  return 2;
}

int search_parse(int argc, char **argv, search_opts *o) {
  memset(o, 0, sizeof *o);
  o->cmd = argc > 1 ? argv[1] : "";
  o->so = (sr_opts){SR_LHS_TPE, 42, 20, 0.25, 24};
  o->batch = 8;
  o->max_trials = 100;
  o->seeds = 50;
  o->trials = 100;
  o->tol = 0.05;
  struct {
    const char *name, **dst;
  } str[] = {{"--dir", &o->dir},         {"--log", &o->log},         {"--variant", &o->variant},
             {"--samples", &o->samples}, {"--gated", &o->gated},     {"--data", &o->data},
             {"--out", &o->out},         {"--curves", &o->curves},   {"--compare", &o->compare},
             {"--summary", &o->summary}, {"--baseline", &o->baseline}, {"--exp", &o->exp},
             {"--filed-as", &o->filed_as},
             {"--kernel-hash", &o->key.kernel_hash}, {"--gpu", &o->key.gpu},
             {"--nvcc", &o->key.nvcc}};
  struct {
    const char *name;
    size_t *dst;
    unsigned long long min;
  } cnt[] = {{"--init", &o->so.n_init, 1}, {"--cand", &o->so.n_cand, 1}, {"--batch", &o->batch, 1},
             {"--max-trials", &o->max_trials, 0}, {"--seeds", &o->seeds, 1}, {"--trials", &o->trials, 1}};
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int done = 0, rc = 0;
    unsigned long long u;
    if (!v) {
      fprintf(stderr, "search: %s: %s needs a value\n", o->cmd, a);
      return 2;
    }
    for (size_t k = 0; k < sizeof str / sizeof *str && !done; k++)
      if (strcmp(a, str[k].name) == 0) *str[k].dst = v, done = 1;
    for (size_t k = 0; k < sizeof cnt / sizeof *cnt && !done; k++)
      if (strcmp(a, cnt[k].name) == 0) {
        if ((rc = count(a, v, cnt[k].min, &u))) return rc;
        *cnt[k].dst = (size_t)u, done = 1;
      }
    if (!done && strcmp(a, "--shape") == 0) {
      if (o->nshapes == sizeof o->shapes / sizeof *o->shapes) {
        fprintf(stderr, "search: --shape: at most 16\n");
        return 2;
      }
      o->shapes[o->nshapes++] = v, done = 1;
    }
    if (!done && strcmp(a, "--seed") == 0) {
      if ((rc = count(a, v, 0, &u))) return rc;
      o->so.seed = u, done = 1;
    }
    if (!done && strcmp(a, "--gamma") == 0) {
      if ((rc = num(a, v, 0.01, 0.99, &o->so.gamma))) return rc;
      done = 1;
    }
    if (!done && strcmp(a, "--tol") == 0) {
      if ((rc = num(a, v, 0, 10, &o->tol))) return rc;
      done = 1;
    }
    if (!done && strcmp(a, "--strategy") == 0) {
      if (sr_kind_parse(v, &o->so.kind)) {
        fprintf(stderr, "search: --strategy: '%s' is not one of lhs+tpe random lhs\n", v);
        return 2;
      }
      done = 1;
    }
    if (!done) {
      fprintf(stderr, "search: %s: unknown option '%s'\n", o->cmd, a);
      return 2;
    }
    i++;
  }
  o->key.shape = o->nshapes ? o->shapes[0] : NULL;
  return 0;
}
