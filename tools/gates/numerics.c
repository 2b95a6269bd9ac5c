// numerics.c — the numerics table's rows from the check lines of a run's log (numerics.h).
#include "numerics.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

// The value of KEY= in LINE (a space-separated list of key=value words), copied into out; NULL
// when absent or longer than len - 1.
static const char *word(const char *line, const char *key, char *out, size_t len) {
  size_t k = strlen(key);
  for (const char *p = line; p && *p; p = strchr(p, ' '), p = p ? p + 1 : NULL)
    if (!strncmp(p, key, k) && p[k] == '=') {
      size_t n = strcspn(p + k + 1, " \n");
      if (n == 0 || n >= len) return NULL;
      memcpy(out, p + k + 1, n);
      out[n] = '\0';
      return out;
    }
  return NULL;
}

static int num(const char *line, const char *key, double *v) {
  char b[64], *end;
  if (!word(line, key, b, sizeof b)) return -1;
  *v = strtod(b, &end);  // (nan and inf are what a broken kernel's errors read)
  return *end || *v < 0 ? -1 : 0;
}

static int count(const char *line, const char *key, long *v) {
  char b[32], *end;
  if (!word(line, key, b, sizeof b) || b[0] < '0' || b[0] > '9') return -1;
  errno = 0;
  *v = strtol(b, &end, 10);
  return *end || errno ? -1 : 0;
}

static int outcome(const char *line, const char *key, char out[8]) {
  return word(line, key, out, 8) && (!strcmp(out, "pass") || !strcmp(out, "fail")) ? 0 : -1;
}

int numerics_parse(const char *line, numerics_check *c, const char **why) {
  static const char pre[] = "check shape=";
  if (strncmp(line, pre, sizeof pre - 1)) return 0;
  *why = NULL;
  char shape[sizeof c->shape];
  if (!word(line, "shape", shape, sizeof shape) || strspn(shape, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-") != strlen(shape))
    *why = "shape= is empty, too long or not a name";
  else if (num(line, "max_abs_err", &c->max_abs_err)) *why = "max_abs_err= is not a number >= 0 (or nan, inf)";
  else if (num(line, "max_rel_err", &c->max_rel_err)) *why = "max_rel_err= is not a number >= 0 (or nan, inf)";
  else if (count(line, "allclose_violations", &c->violations)) *why = "allclose_violations= is not a count";
  else if (count(line, "nan", &c->nan)) *why = "nan= is not a count";
  else if (count(line, "rerun_mismatch", &c->mismatch)) *why = "rerun_mismatch= is not a count";
  else if (count(line, "workspace_dirty", &c->dirty)) *why = "workspace_dirty= is not a count";
  else if (outcome(line, "uniform", c->uniform)) *why = "uniform= is not pass or fail";
  else if (outcome(line, "hard", c->hard)) *why = "hard= is not pass or fail";
  else if (outcome(line, "verdict", c->verdict)) *why = "verdict= is not pass or fail";
  if (*why) return -1;
  strcpy(c->shape, shape);
  return 1;
}

void numerics_row(FILE *out, const char *variant, const char *session, unsigned run,
                  const numerics_check *c) {
  fprintf(out, "%s,%s,%s,%u,%.3e,%.3e,%ld,%ld,%ld,%ld,%s,%s,%s\n", variant, c->shape, session, run,
          c->max_abs_err, c->max_rel_err, c->violations, c->nan, c->mismatch, c->dirty, c->uniform,
          c->hard, c->verdict);
}
