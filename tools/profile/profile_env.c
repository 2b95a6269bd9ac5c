// profile_env.c — see profile_env.h.
#include "profile_env.h"
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "profile_metrics.h"
#include "session/run_util.h"

// whether S is a number as strtod reads it whole (no blanks, no "inf" or "nan")
static int number(const char *s) {
  if (!*s || strspn(s, "0123456789.eE+-") != strlen(s)) return 0;
  char *end;
  errno = 0;
  strtod(s, &end);
  return !*end && !errno;
}

int pf_settings_read(pf_settings *s, const char *exp, const char *(*get)(const char *), char *err, size_t n) {
  memset(s, 0, sizeof *s);
  if (!*exp || strchr(exp, '/') || *exp == '.' || *exp == '-')
    return run_errf(err, n, "'%s' is not an experiment name (a directory of experiments/)", exp);
  static const struct {
    const char *key, *dflt;
    size_t at;
  } keys[] = {
      {"VARIANTS", "", offsetof(pf_settings, variants)},
      {"VARIANT", "", offsetof(pf_settings, variant)},
      {"SHAPE", "", offsetof(pf_settings, shape)},
      {"NCU", "", offsetof(pf_settings, ncu)},
      {"SEED", "42", offsetof(pf_settings, seed)},
      {"BANK_CONFLICT_MAX", "0.5", offsetof(pf_settings, bank_max)},
      {"COALESCE_FACTOR", "2", offsetof(pf_settings, coalesce)},
      {"COALESCE_IDEAL_SECTORS", "4", offsetof(pf_settings, ideal)},
      {"CODE_SRC", "", offsetof(pf_settings, code_src)},
      {"GIT_REV", "unknown", offsetof(pf_settings, git_rev)},
  };
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
    *(const char **)((char *)s + keys[i].at) = run_val(get, keys[i].key, keys[i].dflt);
  const char *b = run_val(get, "B", "build"), *to = run_val(get, "PROFILE_TIMEOUT", "110");
  s->exp = exp;
  s->publish = !strcmp(run_val(get, "PUBLISH", ""), "1");
  s->lock_held = *run_val(get, "GPU_LOCK_HELD", "") != 0;
  if (!run_digits(to, 1, 7, 0)) return run_errf(err, n, "PROFILE_TIMEOUT '%s' is not a count of seconds", to);
  s->timeout = (unsigned)atol(to);
  if (!run_digits(s->seed, 1, 19, 0)) return run_errf(err, n, "SEED '%s' is not a whole number", s->seed);
  if (!pm_header_word(s->git_rev)) return run_errf(err, n, "GIT_REV '%s' is not one word of printable characters", s->git_rev);
  const char *num[][2] = {{"BANK_CONFLICT_MAX", s->bank_max}, {"COALESCE_FACTOR", s->coalesce},
                          {"COALESCE_IDEAL_SECTORS", s->ideal}};
  for (size_t i = 0; i < sizeof num / sizeof num[0]; i++)
    if (!number(num[i][1])) return run_errf(err, n, "%s '%s' is not a number", num[i][0], num[i][1]);
  s->b = run_fmt("%s/%s", b, exp);
  s->out = run_fmt("%s/profile", s->b);
  const char *tools = run_val(get, "TOOLS", ""), *session = run_val(get, "SESSION_BIN", "");
  s->tools = *tools ? run_strdup(tools) : run_fmt("%s/tools", b);
  s->session_bin = *session ? run_strdup(session) : run_fmt("%s/tools/session", b);
  s->data_out = run_strdup(run_val(get, "DATA_OUT", "data"));
  return 0;
}

void pf_settings_free(pf_settings *s) {
  char *owned[] = {s->b, s->out, s->tools, s->session_bin, s->data_out, s->code, s->gpu};
  for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++) free(owned[i]);
  memset(s, 0, sizeof *s);
}
