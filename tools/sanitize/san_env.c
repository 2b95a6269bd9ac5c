// san_env.c — see san_env.h.
#include "sanitize/san_env.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char SAN_ALL_TOOLS[] = "memcheck racecheck initcheck synccheck";

// VAR's value through GET (DFLT when unset or empty) as a count of at most 3 (SAN_TIMEOUT: 7)
// digits into *out, >= 1 when NONZERO; 0, or -1 with ERR
static int count(const char *(*get)(const char *), const char *var, const char *dflt, size_t digits, int nonzero,
                 unsigned *out, char *err, size_t n) {
  const char *v = run_val(get, var, dflt);
  if (!run_digits(v, 1, digits, nonzero))
    return run_errf(err, n, "%s: '%s' is not a whole number in %d..%s%s", var, v, !!nonzero, digits == 3 ? "999" : "9999999",
                    nonzero ? "" : " (0: no limit)");
  *out = (unsigned)atol(v);
  return 0;
}

int san_env_parse(san_env *e, const char *exp, const char *(*get)(const char *), char *err, size_t n) {
  memset(e, 0, sizeof *e);
  if (!*exp || strchr(exp, '/') || exp[0] == '.') return run_errf(err, n, "'%s' is not an experiment name", exp);
  e->exp = exp;
  e->b_root = run_val(get, "B", "build");
  e->b = run_fmt("%s/%s", e->b_root, exp);
  const char *v = run_val(get, "GATETAB", NULL);
  e->gatetab = v ? run_strdup(v) : run_fmt("%s/tools/gatetab", e->b_root);
  e->data_out = run_val(get, "DATA_OUT", "data");
  e->git_rev = run_val(get, "GIT_REV", "unknown");
  e->want = run_val(get, "SANITIZE_SHAPES", "");
  e->lock_held = !!*run_val(get, "GPU_LOCK_HELD", "");
  if (count(get, "SAN_SHAPES", "2", 3, 1, &e->shapes, err, n) || count(get, "SAN_TIMEOUT", "300", 7, 0, &e->timeout, err, n) ||
      count(get, "SAN_JOBS", "1", 3, 1, &e->jobs, err, n))
    return -1;
  e->tools = strv_words(run_val(get, "SAN_TOOLS", SAN_ALL_TOOLS));
  strv all = strv_words(SAN_ALL_TOOLS);
  int rc = e->tools.n ? 0 : run_errf(err, n, "SAN_TOOLS: no tool (of %s)", SAN_ALL_TOOLS);
  for (size_t i = 0; i < e->tools.n && !rc; i++) {
    if (strv_find(&all, e->tools.s[i]) < 0)
      rc = run_errf(err, n, "SAN_TOOLS: '%s' is not a tool of compute-sanitizer's (%s)", e->tools.s[i], SAN_ALL_TOOLS);
    else if (strv_find(&e->tools, e->tools.s[i]) != (long)i)
      rc = run_errf(err, n, "SAN_TOOLS: '%s' given twice", e->tools.s[i]);
  }
  strv_free(&all);
  for (size_t i = 0; i < e->tools.n && !rc; i++) {
    char var[64];
    size_t k = (size_t)snprintf(var, sizeof var, "SANITIZE_SHAPES_%s", e->tools.s[i]);
    for (size_t c = sizeof "SANITIZE_SHAPES_" - 1; c < k && c < sizeof var - 1; c++) var[c] = (char)toupper((unsigned char)var[c]);
    strv_push(&e->want_of, run_val(get, var, e->want));
  }
  return rc;
}

void san_env_free(san_env *e) {
  free(e->b);
  free(e->gatetab);
  strv_free(&e->tools);
  strv_free(&e->want_of);
}
