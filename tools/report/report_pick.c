// report_pick.c — see report_pick.h.
#include "report_pick.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "samples/samples.h"

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
  if (!strcmp(who, "@ours")) return !expvars_is_baseline(e, name);
  if (!strcmp(who, "@sdpa")) return strncmp(name, "sdpa-", 5) == 0;
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

const char *pick_headline(const expvars *e) {
  for (size_t i = 0; i < e->cmp_cand.n; i++)
    if (!strncmp(e->cmp_base.v[i], "sdpa-", 5) && !expvars_is_baseline(e, e->cmp_cand.v[i]))
      return e->cmp_cand.v[i];
  return NULL;
}

const char *pick_shape(const rcsv *s, const char *want) {
  int cs = rcsv_col(s, "shape");
  shape_t w, g;
  const char *alt = NULL;
  int wok = shape_parse(want, &w) == 0;
  for (size_t r = 0; r < s->nrows; r++) {
    const char *sh = rcsv_get(s, r, cs);
    if (!strcmp(sh, want)) return sh;
    if (wok && !alt && shape_parse(sh, &g) == 0 && g.sq == w.sq && g.d == w.d &&
        g.causal == w.causal)
      alt = sh;
  }
  return alt;
}
