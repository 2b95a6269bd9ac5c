// report_ctx.c — the generator's context (report_ctx.h): the error exit, loading an experiment's
// <exp>/<gpu> directories (sample files, statistics CSVs, gate table, figures list) and its
// definition, the field accessors of the statistics tables, and the samples' dates.
#include "report_ctx.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report_pick.h"

_Noreturn void gen_die(gen *g) {
  fprintf(stderr, "report_gen: %s\n", g->err);
  exit(2);
}

double fld(gen *g, const rcsv *t, size_t r, const char *col) {
  int c = rcsv_col(t, col);
  if (c < 0) {
    snprintf(g->err, sizeof g->err, "%s:1: no column '%s'", t->path, col);
    gen_die(g);
  }
  // stats writes "nan" where a statistic is undefined (too few samples), and an empty field where
  // the design cannot estimate it: both shown as "—"
  if (!strcmp(rcsv_get(t, r, c), "nan") || !rcsv_get(t, r, c)[0]) return NAN;
  double v;
  if (rcsv_num(t, r, c, &v, g->err, sizeof g->err)) gen_die(g);
  return v;
}

double fld_opt(gen *g, const rcsv *t, size_t r, const char *col) {
  return rcsv_col(t, col) < 0 ? NAN : fld(g, t, r, col);
}

long cmp_row(const rcsv *c, const char *base, const char *cand, const char *shape) {
  int cs = rcsv_col(c, "shape"), cb = rcsv_col(c, "base"), cc = rcsv_col(c, "cand");
  if (cs < 0 || cb < 0 || cc < 0) return -1;
  char b[256], d[256];
  for (size_t r = 0; r < c->nrows; r++)
    if (!strcmp(rcsv_get(c, r, cs), shape) && !strcmp(pick_name(rcsv_get(c, r, cb), b, sizeof b), base) &&
        !strcmp(pick_name(rcsv_get(c, r, cc), d, sizeof d), cand))
      return (long)r;
  return -1;
}

void gen_shapes(const egpu *x, const expvars *e, strlist *out) {
  int cs = x->have_sum ? rcsv_col(&x->sum, "shape") : -1;
  for (size_t i = 0; i < e->shapes.n; i++)
    for (size_t r = 0; cs >= 0 && r < x->sum.nrows; r++)
      if (!strcmp(rcsv_get(&x->sum, r, cs), e->shapes.v[i]) && !strlist_has(out, e->shapes.v[i]))
        strlist_add(out, e->shapes.v[i]);
  for (size_t r = 0; cs >= 0 && r < x->sum.nrows; r++)
    if (!strlist_has(out, rcsv_get(&x->sum, r, cs))) strlist_add(out, rcsv_get(&x->sum, r, cs));
}

long sum_row(const egpu *x, const char *name, const char *shape) {
  return x->have_sum ? sum_row_of(&x->sum, name, shape) : -1;
}

long sum_row_of(const rcsv *t, const char *name, const char *shape) {
  int cf = rcsv_col(t, "file"), cs = rcsv_col(t, "shape");
  char b[256];
  for (size_t r = 0; cf >= 0 && cs >= 0 && r < t->nrows; r++)
    if (!strcmp(rcsv_get(t, r, cs), shape) && !strcmp(pick_name(rcsv_get(t, r, cf), b, sizeof b), name))
      return (long)r;
  return -1;
}

int gen_has_kernel(const egpu *x) {
  return x->have_sumk && x->sumk.nrows > 0;
}

int gen_load_opt(gen *g, const char *path, rcsv *t) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  int empty = fgetc(f) == EOF;
  fclose(f);
  if (empty) return 0;
  if (rcsv_read(path, t, g->err, sizeof g->err)) gen_die(g);
  return 1;
}

void egpu_load(gen *g, egpu *x, const char *exp, const char *gpu) {
  memset(x, 0, sizeof *x);
  x->exp = exp, x->gpu = gpu;
  snprintf(x->dir, sizeof x->dir, "%s/%s/%s", g->data, exp, gpu);
  if (sample_files(x->dir, &x->paths, &x->names, &x->others)) {
    snprintf(g->err, sizeof g->err, "%s:0: cannot read the directory", x->dir);
    gen_die(g);
  }
  x->files = calloc(x->names.n + 1, sizeof *x->files);
  for (size_t i = 0; i < x->names.n; i++)
    if (samples_read(x->paths.v[i], &x->files[i], g->err, sizeof g->err)) gen_die(g);
  char p[4096];
  snprintf(p, sizeof p, "%s/%s/%s/summary.csv", g->build, exp, gpu);
  x->have_sum = gen_load_opt(g, p, &x->sum);
  snprintf(p, sizeof p, "%s/%s/%s/compare.csv", g->build, exp, gpu);
  x->have_cmp = gen_load_opt(g, p, &x->cmp);
  snprintf(p, sizeof p, "%s/%s/%s/summary-kernel.csv", g->build, exp, gpu);
  x->have_sumk = gen_load_opt(g, p, &x->sumk);
  snprintf(p, sizeof p, "%s/%s/%s/compare-kernel.csv", g->build, exp, gpu);
  x->have_cmpk = gen_load_opt(g, p, &x->cmpk);
  snprintf(p, sizeof p, "%s/%s/%s/claims.csv", g->build, exp, gpu);
  x->have_claims = gen_load_opt(g, p, &x->claims);
  snprintf(p, sizeof p, "%s/%s/%s/sessions.csv", g->build, exp, gpu);
  x->have_sess = gen_load_opt(g, p, &x->sess);
  snprintf(p, sizeof p, "%s/%s/%s/aa-inside.csv", g->build, exp, gpu);
  x->have_aain = gen_load_opt(g, p, &x->aain);
  snprintf(p, sizeof p, "%s/gates.csv", x->dir);
  struct stat gs;
  x->have_gates = stat(p, &gs) == 0 && gs.st_size > 0;
  if (x->have_gates && gt_read(p, GT_TABLE, &x->gates, g->err, sizeof g->err)) gen_die(g);
  snprintf(p, sizeof p, "%s/plots/%s/%s/figures.txt", g->build, exp, gpu);
  FILE *f = fopen(p, "r");
  if (f) {
    char line[2048];
    while (fgets(line, sizeof line, f)) {
      line[strcspn(line, "\n")] = '\0';
      char *a = strtok(line, " "), *b = strtok(NULL, " "), *c = strtok(NULL, "");
      if (!a || !b) continue;
      strlist_add(&x->fig_script, a);
      strlist_add(&x->fig_name, b);
      strlist_add(&x->fig_caption, c ? c : "");
    }
    fclose(f);
  }
}

void gen_load_exp(gen *g, const char *exp, egpu **xs, size_t *nx, strlist *gpus, int *synthetic,
                  long long *emax) {
  char p[4096];
  snprintf(p, sizeof p, "%s/%s", g->data, exp);
  strlist sub = {0};
  subdirs(p, &sub);
  for (size_t k = 0; k < sub.n; k++) {
    *xs = realloc(*xs, (*nx + 1) * sizeof **xs);
    egpu *x = &(*xs)[*nx];
    egpu_load(g, x, exp, strdup(sub.v[k]));
    if (!x->names.n && !x->have_gates) continue; // an empty directory
    for (size_t f = 0; f < x->names.n; f++) {
      const char *s = samples_meta(&x->files[f], "synthetic"), *d = samples_meta(&x->files[f], "date");
      if (s && !strcmp(s, "yes")) *synthetic = 1;
      if (d && gen_parse_date(d) > *emax) *emax = gen_parse_date(d);
    }
    if (!strlist_has(gpus, sub.v[k])) strlist_add(gpus, sub.v[k]);
    (*nx)++;
  }
  strlist_free(&sub);
}

size_t gen_exp_range(const egpu *xs, size_t nx, const char *exp, size_t *first) {
  size_t cnt = 0;
  *first = nx;
  for (size_t k = 0; k < nx; k++)
    if (!strcmp(xs[k].exp, exp)) {
      if (*first == nx) *first = k;
      cnt++;
    }
  return cnt;
}

void gen_read_vars(gen *g, const char *exp, expvars *ev) {
  char p[4096];
  snprintf(p, sizeof p, "%s/%s/experiment.vars", g->build, exp);
  if (expvars_read(p, ev, g->err, sizeof g->err)) gen_die(g);
}

// --- dates: "YYYY-MM-DD[T ]HH:MM[:SS]..." → seconds since 1970 (UTC), or -1 ---------------
static long long days_from_civil(long y, unsigned m, unsigned d) {
  y -= m <= 2;
  long era = (y >= 0 ? y : y - 399) / 400;
  unsigned yoe = (unsigned)(y - era * 400);
  unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return (long long)era * 146097 + doe - 719468;
}

long long gen_parse_date(const char *s) {
  int y, mo, d, h = 0, mi = 0, sec = 0;
  if (sscanf(s, "%4d-%2d-%2d%*[T ]%2d:%2d:%2d", &y, &mo, &d, &h, &mi, &sec) < 3) return -1;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return -1;
  return days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + h * 3600 + mi * 60 + sec;
}
