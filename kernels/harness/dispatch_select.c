// dispatch_select.c — see dispatch_select.h.
#include "dispatch_select.h"

#include <stdio.h>
#include <string.h>

#include "dispatch_rules.h"
#include "shape.h"

int dispatch_pick(const char *problem, const char *file, const char *text, const char *const *names,
                  int n, const long *v, char *msg, size_t msglen) {
  static dispatch_table t;  // parsed once: a build holds one table
  static const char *parsed;
  static char err[512];
  if (parsed != text) {
    const problem_host *ph = problem_host_find(problem);
    dispatch_free(&t);
    err[0] = 0;
    if (!ph) snprintf(err, sizeof err, "the problem '%s' is not registered", problem);
    else if (dispatch_parse(text, file, ph->axes, &t, err, sizeof err)) dispatch_free(&t);
    parsed = text;
  }
  if (err[0]) {
    snprintf(msg, msglen, "dispatch table: %s", err);
    return -1;
  }
  const int r = dispatch_match(&t, v);
  if (r < 0) {
    snprintf(msg, msglen, "no rule of %s matches the shape", file);
    return -1;
  }
  const int m = dispatch_index(names, n, t.rules[r].config);
  if (m < 0) snprintf(msg, msglen, "%s:%d: configuration '%s' is not linked", file, t.rules[r].line, t.rules[r].config);
  return m;
}

int dispatch_index(const char *const *names, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], name) == 0) return i;
  return -1;
}

void dispatch_describe_configs(const char *file, const char *const *names, int n, char *buf, size_t len) {
  size_t k = (size_t)snprintf(buf, len, "dispatch %s:", file);
  for (int i = 0; i < n && k < len; i++) k += (size_t)snprintf(buf + k, len - k, "%s %s", i ? ";" : "", names[i]);
}
