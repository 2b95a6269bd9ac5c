// env_table.h — the environment of a settings test (run_env.h, run_search_env.h): NAME=VALUE
// pairs that the parser reads through get, the message it leaves in err, and REFUSED, the check
// that a setting is refused with that message (PARSE_T: the settings' type, parse: the test's
// call of its parser).
#pragma once
#include <stdio.h>
#include <string.h>
#include "check.h"

static const char *const *vars;
static const char *get(const char *k) {
  size_t n = strlen(k);
  for (size_t i = 0; vars[i]; i++)
    if (!strncmp(vars[i], k, n) && vars[i][n] == '=') return vars[i] + n + 1;
  return NULL;
}
static char err[1024];
#define REFUSED(want, ...)                                                   \
  do {                                                                       \
    const char *const v_[] = {__VA_ARGS__, NULL};                            \
    PARSE_T e_;                                                              \
    CHECK(parse(&e_, v_) == -1 && !strcmp(err, want), "refused: " want);     \
    if (strcmp(err, want)) printf("# got: %s\n", err);                       \
  } while (0)
