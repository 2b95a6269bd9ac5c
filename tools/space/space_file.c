// space_file.c — parse and expand a parameter space file (space_file.h). Every error is
// returned with its line; nothing here exits or writes a file.
#include "space_file.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "space_expr.h"

#define NAME_CH "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"

struct constraint {
  char *text;
  long line;
  struct space_expr *e;
};

typedef struct {
  const char *path;
  char *err;
  size_t errlen;
  space_t *s;
  struct constraint *con;
  size_t ncon;
} ctx_t;

static int fail(ctx_t *c, long line, const char *fmt, ...) {
  char what[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (line) snprintf(c->err, c->errlen, "%s:%ld: %s", c->path, line, what);
  else snprintf(c->err, c->errlen, "%s: %s", c->path, what);
  return -1;
}

static int is_name(const char *s, size_t n) {
  if (!n || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || s[0] == '_')) return 0;
  return strspn(s, NAME_CH) >= n;
}

static int lookup(void *ctx, const char *name, size_t len) {
  space_t *s = ctx;
  for (size_t i = 0; i < s->npar; i++)
    if (strlen(s->par[i].name) == len && !strncmp(s->par[i].name, name, len))
      return s->par[i].used = 1, (int)i;
  return -1;
}

static int grow(void *pp, size_t n, size_t size) {
  void *p = realloc(*(void **)pp, (n ? n : 1) * size);
  if (!p) return -1;
  *(void **)pp = p;
  return 0;
}

// "NAME[(abbr)]: values" at s (comment and blanks stripped; s is modified). The parameter is
// added to the space first and filled in place, so that an error leaves nothing unowned.
static int parse_param(ctx_t *c, char *s, long line) {
  space_t *sp = c->s;
  size_t n = strspn(s, NAME_CH);
  char *colon = strchr(s, ':');
  if (!colon) return fail(c, line, "expected 'NAME: values' or 'require: EXPR', got '%.60s'", s);
  if (!is_name(s, n)) return fail(c, line, "'%.*s' is not a parameter name", (int)(colon - s < 60 ? colon - s : 60), s);
  if (grow(&sp->par, sp->npar + 1, sizeof *sp->par)) return fail(c, line, "out of memory");
  space_param *p = &sp->par[sp->npar++];
  *p = (space_param){.name = strndup(s, n), .line = line};
  if (!p->name) return fail(c, line, "out of memory");
  char *q = s + n;
  if (*q == '(') {
    char *close = strchr(q, ')');
    size_t an = strspn(q + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
    if (!close || close != q + 1 + an || !an) return fail(c, line, "abbreviation must be (letters and digits)");
    p->abbr = strndup(q + 1, an);
    q = close + 1;
  } else {
    p->abbr = strdup(p->name);
    for (char *ch = p->abbr; ch && *ch; ch++) if (*ch >= 'A' && *ch <= 'Z') *ch += 'a' - 'A';
  }
  if (!p->abbr) return fail(c, line, "out of memory");
  q += strspn(q, " \t");
  if (*q != ':') return fail(c, line, "expected ':' after '%s'", p->name);
  char *save = NULL;
  for (char *v = strtok_r(q + 1, " \t", &save); v; v = strtok_r(NULL, " \t", &save)) {
    if (strspn(v, NAME_CH ".+-") != strlen(v))
      return fail(c, line, "value '%.60s' of %s has a character outside [A-Za-z0-9_.+-]", v, p->name);
    if (strstr(v, "..")) return fail(c, line, "value '%.60s' of %s contains '..'", v, p->name);
    for (size_t i = 0; i < p->nval; i++)
      if (!strcmp(p->val[i], v)) return fail(c, line, "value '%.60s' of %s given twice", v, p->name);
    if (grow(&p->val, p->nval + 1, sizeof *p->val) || !(p->val[p->nval] = strdup(v)))
      return fail(c, line, "out of memory");
    p->nval++;
  }
  if (!p->nval) return fail(c, line, "parameter %s has no values", p->name);
  for (size_t i = 0; i + 1 < sp->npar; i++) {
    if (!strcmp(sp->par[i].name, p->name))
      return fail(c, line, "parameter %s already declared on line %ld", p->name, sp->par[i].line);
    if (!strcmp(sp->par[i].abbr, p->abbr))
      return fail(c, line, "abbreviation '%s' already used by %s", p->abbr, sp->par[i].name);
  }
  return 0;
}

static int add_constraint(ctx_t *c, const char *text, long line) {
  if (grow(&c->con, c->ncon + 1, sizeof *c->con)) return fail(c, line, "out of memory");
  c->con[c->ncon] = (struct constraint){strdup(text), line, NULL};
  if (!c->con[c->ncon++].text) return fail(c, line, "out of memory");
  return 0;
}

// One line (n bytes, no LF; modified in place): a comment, a parameter or a constraint.
static int parse_line(ctx_t *c, char *buf, size_t n, long line) {
  if (memchr(buf, 0, n)) return fail(c, line, "NUL byte");
  if (n && buf[n - 1] == '\r') n--;
  buf[n] = 0;
  buf[strcspn(buf, "#")] = 0;
  char *s = buf + strspn(buf, " \t"), *e = s + strlen(s);
  while (e > s && (e[-1] == ' ' || e[-1] == '\t')) *--e = 0;
  if (!*s) return 0;
  for (char *ch = s; *ch; ch++)
    if ((unsigned char)*ch < 0x20 && *ch != '\t') return fail(c, line, "control character 0x%02x", (unsigned char)*ch);
  char *k = s + 7;
  if (!strncmp(s, "require", 7) && *(k += strspn(k, " \t")) == ':')
    return add_constraint(c, k + 1 + strspn(k + 1, " \t"), line);
  return parse_param(c, s, line);
}

// The integer values of every parameter a constraint uses.
static int check_integers(ctx_t *c, const struct constraint *con) {
  space_t *s = c->s;
  for (size_t i = 0; i < s->npar; i++) {
    space_param *p = &s->par[i];
    if (!p->used || p->ival) continue;
    if (!(p->ival = malloc(p->nval * sizeof *p->ival))) return fail(c, con->line, "out of memory");
    for (size_t j = 0; j < p->nval; j++) {
      char *end;
      errno = 0;
      p->ival[j] = strtoll(p->val[j], &end, 10);
      if (*end || errno || end == p->val[j])
        return fail(c, con->line, "value '%.60s' of %s (line %ld) is not an integer", p->val[j], p->name, p->line);
    }
  }
  return 0;
}

static char *config_name(const space_t *s, const size_t *idx) {
  size_t len = 1;
  for (size_t i = 0; i < s->npar; i++) len += strlen(s->par[i].abbr) + strlen(s->par[i].val[idx[i]]) + 1;
  char *name = malloc(len), *p = name;
  if (!name) return NULL;
  for (size_t i = 0; i < s->npar; i++)
    p += sprintf(p, "%s%s%s", i ? "_" : "", s->par[i].abbr, s->par[i].val[idx[i]]);
  return name;
}

static const space_t *sort_space;
static int by_name(const void *a, const void *b) {
  return strcmp(sort_space->name[*(const size_t *)a], sort_space->name[*(const size_t *)b]);
}

// The odometer over value indices (last parameter fastest), the constraints, and the names.
static int expand(ctx_t *c) {
  space_t *s = c->s;
  size_t np = s->npar, nkept = 0, cap = 0;
  size_t *idx = calloc(np, sizeof *idx), *kept = NULL;
  long long *vars = calloc(np, sizeof *vars);
  int rc = idx && vars ? 0 : fail(c, 0, "out of memory");
  for (long k = 0; !rc && k < s->total; k++) {
    for (size_t i = 0; i < np; i++) vars[i] = s->par[i].ival ? s->par[i].ival[idx[i]] : 0;
    int ok = 1;
    for (size_t j = 0; j < c->ncon && ok && !rc; j++) {
      long long v;
      const char *why;
      if (space_expr_eval(c->con[j].e, vars, &v, &why)) {
        char *name = config_name(s, idx);
        rc = fail(c, c->con[j].line, "%s in '%.80s' for %.200s", why, c->con[j].text, name ? name : "?");
        free(name);
      } else {
        ok = v != 0;
      }
    }
    if (rc) break;
    if (ok) {
      if (nkept == cap && grow(&kept, (cap = 2 * cap + 64) * np, sizeof *kept)) { rc = fail(c, 0, "out of memory"); break; }
      memcpy(kept + nkept++ * np, idx, np * sizeof *idx);
    } else s->rejected++;
    for (size_t i = np; i-- > 0 && ++idx[i] == s->par[i].nval;) idx[i] = 0;
  }
  if (!rc && !nkept) rc = fail(c, 0, "all %ld configurations are rejected by the constraints", s->total);
  size_t *order = NULL;
  if (!rc && (!(s->name = calloc(nkept, sizeof *s->name)) || !(order = malloc(nkept * sizeof *order)) ||
              !(s->idx = malloc(nkept * np * sizeof *s->idx))))
    rc = fail(c, 0, "out of memory");
  for (size_t k = 0; !rc && k < nkept; k++) {
    s->ncfg++;
    if (!(s->name[k] = config_name(s, kept + k * np))) rc = fail(c, 0, "out of memory");
    order[k] = k;
  }
  if (!rc) {
    sort_space = s;
    qsort(order, nkept, sizeof *order, by_name);
    char **names = malloc(nkept * sizeof *names);
    if (!names) rc = fail(c, 0, "out of memory");
    for (size_t k = 0; !rc && k < nkept; k++) {
      names[k] = s->name[order[k]];
      memcpy(s->idx + k * np, kept + order[k] * np, np * sizeof *idx);
    }
    if (!rc) { free(s->name); s->name = names; }
    for (size_t k = 1; !rc && k < nkept; k++)
      if (!strcmp(s->name[k - 1], s->name[k]))
        rc = fail(c, 0, "two configurations are both named '%.200s'", s->name[k]);
  }
  free(order);
  free(kept);
  free(vars);
  free(idx);
  return rc;
}

int space_read(const char *path, const char *text, size_t len, long max_configs, space_t *s,
               char *err, size_t errlen) {
  *s = (space_t){0};
  ctx_t c = {path, err, errlen, s, NULL, 0};
  int rc = 0;
  long line = 0;
  char *buf = NULL;
  for (size_t pos = 0; !rc && pos < len;) {
    line++;
    const char *nl = memchr(text + pos, '\n', len - pos);
    size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
    free(buf);
    if (!(buf = malloc(n + 1))) { rc = fail(&c, line, "out of memory"); break; }
    memcpy(buf, text + pos, n);
    pos += n + (nl != NULL);
    rc = parse_line(&c, buf, n, line);
  }
  free(buf);
  if (!rc && !s->npar) rc = fail(&c, 0, "no parameters");
  s->total = 1;
  for (size_t i = 0; !rc && i < s->npar; i++)
    if ((long)s->par[i].nval > max_configs / s->total || (s->total *= (long)s->par[i].nval) > max_configs)
      rc = fail(&c, s->par[i].line, "more than %ld configurations", max_configs);
  char why[256];
  for (size_t j = 0; !rc && j < c.ncon; j++) {
    if (!(c.con[j].e = space_expr_parse(c.con[j].text, lookup, s, why, sizeof why)))
      rc = fail(&c, c.con[j].line, "%s in '%.80s'", why, c.con[j].text);
    else rc = check_integers(&c, &c.con[j]);
  }
  if (!rc) rc = expand(&c);
  for (size_t j = 0; j < c.ncon; j++) {
    free(c.con[j].text);
    if (c.con[j].e) space_expr_free(c.con[j].e);
  }
  free(c.con);
  if (rc) space_free(s);
  return rc;
}

void space_free(space_t *s) {
  for (size_t i = 0; i < s->npar; i++) {
    space_param *p = &s->par[i];
    free(p->name);
    free(p->abbr);
    for (size_t j = 0; j < p->nval; j++) free(p->val[j]);
    free(p->val);
    free(p->ival);
  }
  free(s->par);
  if (s->name)
    for (size_t k = 0; k < s->ncfg; k++) free(s->name[k]);
  free(s->name);
  free(s->idx);
  *s = (space_t){0};
}
