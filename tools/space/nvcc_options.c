// nvcc_options.c — see nvcc_options.h.
#include "nvcc_options.h"

#include <stdio.h>
#include <string.h>

typedef enum { V_NONE, V_BOOL, V_REGS, V_DLCM } value_t;

static const struct {
  const char *name;
  value_t value;
} allowed[] = {
    {"use_fast_math", V_NONE}, {"extra-device-vectorization", V_NONE}, {"ftz", V_BOOL},
    {"prec-div", V_BOOL},      {"prec-sqrt", V_BOOL},                  {"fmad", V_BOOL},
    {"maxrregcount", V_REGS},  {"ptxas-options", V_DLCM},
};

static int value_ok(value_t t, const char *v, size_t n) {
  switch (t) {
  case V_BOOL: return (n == 4 && !memcmp(v, "true", 4)) || (n == 5 && !memcmp(v, "false", 5));
  case V_DLCM:
    return n == 8 && !memcmp(v, "-dlcm=c", 7) && (v[7] == 'a' || v[7] == 'g' || v[7] == 's');
  case V_REGS: {
    if (n < 2 || n > 3 || v[0] == '0') return 0;
    int x = 0;
    for (size_t i = 0; i < n; i++) {
      if (v[i] < '0' || v[i] > '9') return 0;
      x = 10 * x + (v[i] - '0');
    }
    return x >= 16 && x <= 255;
  }
  default: return 0;
  }
}

int nvcc_option_check(const char *tok, size_t n, size_t *keylen, char *why, size_t whylen) {
  const char *eq = memchr(tok, '=', n);
  size_t name = (size_t)((eq ? eq : tok + n) - tok) - 2;
  for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++) {
    if (strlen(allowed[i].name) != name || memcmp(tok + 2, allowed[i].name, name)) continue;
    *keylen = name;
    if (allowed[i].value == V_NONE) {
      if (!eq) return 0;
      snprintf(why, whylen, "--%s takes no value", allowed[i].name);
      return -1;
    }
    if (eq && value_ok(allowed[i].value, eq + 1, n - name - 3)) return 0;
    static const char *const form[] = {"", "true or false", "16..255", "-dlcm=ca, cg or cs"};
    snprintf(why, whylen, "--%s needs =%s", allowed[i].name, form[allowed[i].value]);
    return -1;
  }
  snprintf(why, whylen, "not an option a flag file may hold (--use_fast_math, "
           "--extra-device-vectorization, --ftz=, --prec-div=, --prec-sqrt=, --fmad=, "
           "--maxrregcount=, --ptxas-options=-dlcm=)");
  return -1;
}
