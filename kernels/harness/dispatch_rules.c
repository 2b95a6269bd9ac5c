// dispatch_rules.c — parsing and matching the rules of a dispatch file (dispatch_rules.h).
#include "dispatch_rules.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Refuses the file: frees what t holds and says why, at file:line.
static int fail(dispatch_table *t, char *err, size_t len, const char *file, int line, const char *fmt, ...) {
  dispatch_free(t);
  int n = snprintf(err, len, "%s:%d: ", file, line);
  if (n < 0) n = 0;
  if ((size_t)n < len) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, len - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

// The index of axis name (len bytes) among the blank-separated axes, or -1.
static int axis_index(const char *axes, const char *name, size_t len) {
  int i = 0;
  for (const char *p = axes; *p;) {
    while (*p == ' ') p++;
    if (!*p) break;
    const char *q = p;
    while (*q && *q != ' ') q++;
    if ((size_t)(q - p) == len && strncmp(p, name, len) == 0) return i;
    i++;
    p = q;
  }
  return -1;
}

// One CONDITION token (tok, n bytes) into c; 0 or -1 with the reason.
static int parse_cond(const char *tok, size_t n, const char *axes, dispatch_cond *c, char *why,
                      size_t whylen) {
  size_t a = 0;
  while (a < n && (isalnum((unsigned char)tok[a]) || tok[a] == '_')) a++;
  if (a == 0) {
    snprintf(why, whylen, "'%.*s': a condition starts with an axis (one of: %s)", (int)n, tok, axes);
    return -1;
  }
  if (a == n) {
    snprintf(why, whylen, "'%.*s' is not a condition AXIS OP VALUE (no '->' before the configuration?)", (int)n, tok);
    return -1;
  }
  c->axis = axis_index(axes, tok, a);
  if (c->axis < 0) {
    snprintf(why, whylen, "'%.*s': unknown axis '%.*s' (the problem's axes: %s)", (int)n, tok, (int)a, tok, axes);
    return -1;
  }
  static const struct { const char *s; int op; } ops[] = {
      {"<=", DISPATCH_LE}, {">=", DISPATCH_GE}, {"!=", DISPATCH_NE},
      {"=", DISPATCH_EQ},  {"<", DISPATCH_LT},  {">", DISPATCH_GT}};
  size_t o = 0;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    size_t l = strlen(ops[i].s);
    if (n - a >= l && strncmp(tok + a, ops[i].s, l) == 0) {
      c->op = ops[i].op;
      o = l;
      break;
    }
  }
  if (!o) {
    snprintf(why, whylen, "'%.*s': expected one of = != < <= > >= after the axis", (int)n, tok);
    return -1;
  }
  const char *v = tok + a + o;
  size_t vl = n - a - o;
  int digits = vl > 0 && vl <= 18;
  for (size_t i = 0; digits && i < vl; i++) digits = isdigit((unsigned char)v[i]) != 0;
  if (!digits || (vl > 1 && v[0] == '0')) {
    snprintf(why, whylen, "'%.*s': the value must be a whole number without sign or leading zero", (int)n, tok);
    return -1;
  }
  c->value = 0;
  for (size_t i = 0; i < vl; i++) c->value = c->value * 10 + (v[i] - '0');
  return 0;
}

static int has_arrow(const char *tok, size_t n) {
  for (size_t i = 0; i + 1 < n; i++)
    if (tok[i] == '-' && tok[i + 1] == '>') return 1;
  return 0;
}

static int config_char(char ch) {
  return isalnum((unsigned char)ch) || ch == '_' || ch == '.' || ch == '+' || ch == '-';
}

int dispatch_parse(const char *text, const char *file, const char *axes, dispatch_table *t,
                   char *err, size_t errlen) {
  t->nrules = 0;
  t->rules = NULL;
  int cap = 0, lineno = 0, catchall = 0, nconfigs = 0;
  char why[256];
  for (const char *p = text; *p;) {
    const char *eol = strchr(p, '\n');
    size_t len = eol ? (size_t)(eol - p) : strlen(p);
    lineno++;
    const char *hash = memchr(p, '#', len);
    size_t end = hash ? (size_t)(hash - p) : len;
    while (end > 0 && isspace((unsigned char)p[end - 1])) end--;
    dispatch_rule r;
    memset(&r, 0, sizeof r);
    r.line = lineno;
    int arrow = 0, star = 0, ntok = 0;
    for (size_t i = 0; i < end;) {
      if (isspace((unsigned char)p[i])) {
        i++;
        continue;
      }
      size_t j = i;
      while (j < end && !isspace((unsigned char)p[j])) j++;
      const char *tok = p + i;
      size_t n = j - i;
      ntok++;
      if (arrow) {
        if (r.config[0])
          return fail(t, err, errlen, file, lineno, "'%.*s' after the configuration (one per rule)", (int)n, tok);
        for (size_t k = 0; k < n; k++)
          if (!config_char(tok[k]))
            return fail(t, err, errlen, file, lineno, "'%.*s': a configuration is a variant name ([A-Za-z0-9_.+-])", (int)n, tok);
        if (n >= DISPATCH_NAME_MAX)
          return fail(t, err, errlen, file, lineno, "configuration name longer than %d characters", DISPATCH_NAME_MAX - 1);
        memcpy(r.config, tok, n);
      } else if (n == 2 && tok[0] == '-' && tok[1] == '>') {
        arrow = 1;
      } else if (n > 2 && has_arrow(tok, n)) {
        return fail(t, err, errlen, file, lineno, "'%.*s': '->' stands alone, with blanks around it", (int)n, tok);
      } else if (star || (n == 1 && tok[0] == '*' && r.ncond)) {
        return fail(t, err, errlen, file, lineno, "'*' stands alone for a rule without conditions");
      } else if (n == 1 && tok[0] == '*') {
        star = 1;
      } else {
        if (r.ncond == DISPATCH_CONDS_MAX)
          return fail(t, err, errlen, file, lineno, "more than %d conditions", DISPATCH_CONDS_MAX);
        if (parse_cond(tok, n, axes, &r.cond[r.ncond], why, sizeof why))
          return fail(t, err, errlen, file, lineno, "%s", why);
        r.ncond++;
      }
      i = j;
    }
    if (ntok) {
      if (!arrow)
        return fail(t, err, errlen, file, lineno, "expected 'CONDITION ... -> CONFIGURATION' (no '->')");
      if (!r.config[0])
        return fail(t, err, errlen, file, lineno, "no configuration after '->'");
      if (!r.ncond && !star)
        return fail(t, err, errlen, file, lineno, "no condition before '->' (write '*' for every shape)");
      if (catchall)
        return fail(t, err, errlen, file, lineno, "unreachable: the rule at line %d matches every shape", catchall);
      if (!r.ncond) catchall = lineno;
      int known = 0;
      for (int k = 0; k < t->nrules && !known; k++) known = strcmp(t->rules[k].config, r.config) == 0;
      if (!known && ++nconfigs > DISPATCH_CONFIGS_MAX)
        return fail(t, err, errlen, file, lineno, "more than %d configurations", DISPATCH_CONFIGS_MAX);
      if (t->nrules == cap) {
        cap = cap ? 2 * cap : 8;
        dispatch_rule *w = (dispatch_rule *)realloc(t->rules, (size_t)cap * sizeof *w);
        if (!w)
          return fail(t, err, errlen, file, lineno, "out of memory");
        t->rules = w;
      }
      t->rules[t->nrules++] = r;
    }
    p += len;
    if (*p == '\n') p++;
  }
  if (!t->nrules) return fail(t, err, errlen, file, lineno ? lineno : 1, "no rule (a dispatch file needs at least one)");
  return 0;
}

static int holds(const dispatch_cond *c, long x) {
  switch (c->op) {
    case DISPATCH_EQ: return x == c->value;
    case DISPATCH_NE: return x != c->value;
    case DISPATCH_LT: return x < c->value;
    case DISPATCH_LE: return x <= c->value;
    case DISPATCH_GT: return x > c->value;
    default: return x >= c->value;
  }
}

int dispatch_match(const dispatch_table *t, const long *v) {
  for (int i = 0; i < t->nrules; i++) {
    int ok = 1;
    for (int c = 0; ok && c < t->rules[i].ncond; c++) ok = holds(&t->rules[i].cond[c], v[t->rules[i].cond[c].axis]);
    if (ok) return i;
  }
  return -1;
}

void dispatch_free(dispatch_table *t) {
  free(t->rules);
  t->rules = NULL;
  t->nrules = 0;
}
