// report_pick.c — see report_pick.h.
#include "report_pick.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "samples/samples.h"
#include "shape.h"

const char *pick_name(const char *file, char *buf, size_t len) {
  const char *b = strrchr(file, '/');
  b = b ? b + 1 : file;
  snprintf(buf, len, "%s", b);
  size_t n = strlen(buf);
  if (n > 4 && strcmp(buf + n - 4, ".csv") == 0) buf[n - 4] = '\0';
  return buf;
}

int pick_median(const rcsv *s, const char *name, const char *shape, double *med) {
  int cf = rcsv_col(s, "file"), cs = rcsv_col(s, "shape"), cm = rcsv_col(s, "median");
  char buf[256];
  for (size_t r = 0; r < s->nrows; r++) {
    if (strcmp(rcsv_get(s, r, cs), shape)) continue;
    if (strcmp(pick_name(rcsv_get(s, r, cf), buf, sizeof buf), name)) continue;
    return rcsv_strtod(rcsv_get(s, r, cm), med);
  }
  return -1;
}

static int matches(const char *name, const char *who, const expvars *e) {
  if (!strcmp(who, "@ours")) return !expvars_is_baseline(e, name) && !expvars_is_dispatch(e, name);
  if (!strcmp(who, "@lib")) return strlist_has(&e->libraries, name);
  if (!strcmp(who, "@base")) return expvars_is_baseline(e, name);
  size_t n = strlen(who);
  return strncmp(name, who, n) == 0 && (!name[n] || !isdigit((unsigned char)name[n]));
}

const char *pick_variant(const rcsv *s, const strlist *names, const expvars *e, const char *who,
                         const char *shape) {
  const char *best = NULL;
  double bm = 0, m;
  for (size_t i = 0; i < names->n; i++) {
    if (!matches(names->v[i], who, e) || pick_median(s, names->v[i], shape, &m)) continue;
    if (!best || m < bm) best = names->v[i], bm = m;
  }
  return best;
}

const char *pick_fastest_base(const rcsv *s, const strlist *names, const expvars *e, const char *shape) {
  const char *v = pick_variant(s, names, e, "@lib", shape);
  return v ? v : pick_variant(s, names, e, "@base", shape);
}

const char *pick_headline(const expvars *e) {
  for (size_t i = 0; i < e->cmp_cand.n; i++)
    if (strlist_has(&e->libraries, e->cmp_base.v[i]) && !expvars_is_baseline(e, e->cmp_cand.v[i]))
      return e->cmp_cand.v[i];
  return NULL;
}

const char *pick_claimed(const expvars *e, const strlist *names) {
  for (size_t i = 0; i < e->primary.n; i++) {
    const char *p = e->primary.v[i], *colon = strchr(p, ':');
    if (!colon || !strlist_has(&e->libraries, colon + 1)) continue;
    for (size_t k = 0; k < names->n; k++)
      if (strlen(names->v[k]) == (size_t)(colon - p) && !strncmp(names->v[k], p, (size_t)(colon - p))) return names->v[k];
  }
  return NULL;
}

// the value of tag T among N fields (tags, vals), or -1 when absent
static long field_of(const char *tags, const long *vals, int n, char t) {
  for (int i = 0; i < n; i++)
    if (tags[i] == t) return vals[i];
  return -1;
}

// 1 when shapes A and B have the same value (or both none) for every tag of MATCH
static int agree(const char *a, const char *b, const char *match) {
  char ta[SHAPE_AXES_MAX], tb[SHAPE_AXES_MAX], why[128];
  long va[SHAPE_AXES_MAX], vb[SHAPE_AXES_MAX];
  int na = shape_fields(a, ta, va, SHAPE_AXES_MAX, why, sizeof why);
  int nb = shape_fields(b, tb, vb, SHAPE_AXES_MAX, why, sizeof why);
  if (na < 0 || nb < 0) return 0;
  for (const char *t = match; *t; t++)
    if (*t != ' ' && field_of(ta, va, na, *t) != field_of(tb, vb, nb, *t)) return 0;
  return 1;
}

const char *pick_shape(const rcsv *s, const char *want, const char *match) {
  int cs = rcsv_col(s, "shape");
  const char *alt = NULL;
  for (size_t r = 0; r < s->nrows; r++) {
    const char *sh = rcsv_get(s, r, cs);
    if (!strcmp(sh, want)) return sh;
    if (!alt && match && *match && agree(sh, want, match)) alt = sh;
  }
  return alt;
}
