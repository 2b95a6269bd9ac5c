// report_gen.c — writes the paper appendix as LaTeX and Markdown twins from the statistics
// (build/<exp>/<gpu>/{summary,compare,claims,sessions}.csv), the raw samples' metadata and gate tables
// (data/<exp>/<gpu>/), the figures list (build/plots/<exp>/<gpu>/figures.txt) and the static
// text in reports/.
//   report_gen --data DIR --build DIR --static DIR --claims CSV --claims-exp EXP
//              [--threshold T] [--seed S --resamples R --alpha A] --tex FILE --md FILE --epoch FILE EXP...
// Nothing depends on the clock: --epoch gets the latest `date` of the samples (for
// SOURCE_DATE_EPOCH). Exit 0, or 2 with "report_gen: FILE:LINE: what".
#include "report_gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_pick.h"

_Noreturn void gen_die(gen *g) {
  fprintf(stderr, "report_gen: %s\n", g->err);
  exit(2);
}

const char *gen_list(const strlist *l) {
  if (!l->n) return "none";
  char *b = (char *)fmt("%s", "");
  size_t used = 0, i = 0;
  for (; i < l->n && used + strlen(l->v[i]) + 4 < 440; i++)
    used += (size_t)snprintf(b + used, 512 - used, "%s`%s`", i ? ", " : "", l->v[i]);
  if (i < l->n) snprintf(b + used, 512 - used, "%s… (%zu in all)", i ? ", " : "", l->n); // never cut silently
  return b;
}

const char *num(double x) {
  if (!isfinite(x)) return "—";
  if (fabs(x) >= 1e4) return fmt("%.0f", x);
  if (fabs(x) >= 1000) return fmt("%.0f", x);
  return fmt("%#.4g", x);
}

const char *num3(double x) {
  if (!isfinite(x)) return "—";
  if (fabs(x) >= 100) return fmt("%.0f", x);
  return fmt("%#.3g", x);
}

const char *ufmt(double u) {
  if (!isfinite(u)) return "—";
  return fmt(u == floor(u) ? "%.0f" : "%.1f", u);
}

const char *ci(double m, double lo, double hi) {
  return fmt("%s [%s, %s]", num(m), num(lo), num(hi));
}

const char *xfmt(double x) {
  if (!isfinite(x)) return "—";
  return fmt(x >= 100 ? "%.0f×" : x >= 10 ? "%.1f×" : x >= 0.01 ? "%.3f×" : "%.2g×", x);
}

const char *xci(double s, double lo, double hi) {
  int dec = s >= 100 ? 0 : s >= 10 ? 1 : 3;
  if (!isfinite(s) || s < 0.01) return fmt("%s [%s, %s]", xfmt(s), num3(lo), num3(hi));
  return fmt("%s [%s, %s]", xfmt(s), isfinite(lo) ? fmt("%.*f", dec, lo) : "—",
             isfinite(hi) ? fmt("%.*f", dec, hi) : "—");
}

const char *pfmt(double p) {
  if (!isfinite(p)) return "—";
  if (p < 1e-4) return fmt("%.1e", p);
  return fmt("%.2g", p);
}

double fld(gen *g, const rcsv *t, size_t r, const char *col) {
  int c = rcsv_col(t, col);
  if (c < 0) {
    snprintf(g->err, sizeof g->err, "%s:1: no column '%s'", t->path, col);
    gen_die(g);
  }
  // stats writes "nan" where a statistic is undefined (too few samples): shown as "—"
  if (!strcmp(rcsv_get(t, r, c), "nan")) return NAN;
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
  if (!x->have_sum) return -1;
  int cf = rcsv_col(&x->sum, "file"), cs = rcsv_col(&x->sum, "shape");
  char b[256];
  for (size_t r = 0; r < x->sum.nrows; r++)
    if (!strcmp(rcsv_get(&x->sum, r, cs), shape) &&
        !strcmp(pick_name(rcsv_get(&x->sum, r, cf), b, sizeof b), name))
      return (long)r;
  return -1;
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
  snprintf(p, sizeof p, "%s/%s/%s/claims.csv", g->build, exp, gpu);
  x->have_claims = gen_load_opt(g, p, &x->claims);
  snprintf(p, sizeof p, "%s/%s/%s/sessions.csv", g->build, exp, gpu);
  x->have_sess = gen_load_opt(g, p, &x->sess);
  snprintf(p, sizeof p, "%s/gates.csv", x->dir);
  x->have_gates = gen_load_opt(g, p, &x->gates);
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

int main(int argc, char **argv) {
  gen g;
  memset(&g, 0, sizeof g);
  g.threshold = 0.03;
  g.seed = "42", g.resamples = "9999", g.alpha = "0.05"; // stats' defaults, when no comparison ran
  const char *tex = NULL, *md = NULL, *epoch = NULL;
  int i = 1;
  for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
    const char *k = argv[i], *v = argv[i + 1];
    if (!strcmp(k, "--data")) g.data = v;
    else if (!strcmp(k, "--build")) g.build = v;
    else if (!strcmp(k, "--static")) g.stat = v;
    else if (!strcmp(k, "--claims")) g.claims_path = v;
    else if (!strcmp(k, "--claims-exp")) g.claims_exp = v;
    else if (!strcmp(k, "--seed")) g.seed = v;
    else if (!strcmp(k, "--resamples")) g.resamples = v;
    else if (!strcmp(k, "--alpha")) g.alpha = v;
    else if (!strcmp(k, "--threshold")) {
      if (rcsv_strtod(v, &g.threshold) || g.threshold < 0) {
        fprintf(stderr, "report_gen: '%s' is not a threshold\n", v);
        return 2;
      }
    } else if (!strcmp(k, "--tex")) tex = v;
    else if (!strcmp(k, "--md")) md = v;
    else if (!strcmp(k, "--epoch")) epoch = v;
    else break;
  }
  if (!g.data || !g.build || !g.stat || !tex || !md || (i < argc && !strncmp(argv[i], "--", 2))) {
    fprintf(stderr, "usage: report_gen --data DIR --build DIR --static DIR [--claims CSV --claims-exp EXP] "
                    "[--threshold T] [--seed S --resamples R --alpha A] --tex FILE --md FILE [--epoch FILE] EXP...\n");
    return 2;
  }
  size_t nexp = (size_t)(argc - i);
  char **exps = argv + i;
  // load every <exp>/<gpu>
  egpu *xs = NULL;
  size_t nx = 0;
  strlist gpus = {0};
  int synthetic = 0;
  long long emax = 0;
  for (size_t e = 0; e < nexp; e++) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", g.data, exps[e]);
    strlist sub = {0};
    subdirs(p, &sub);
    for (size_t k = 0; k < sub.n; k++) {
      xs = realloc(xs, (nx + 1) * sizeof *xs);
      egpu_load(&g, &xs[nx], exps[e], strdup(sub.v[k]));
      egpu *x = &xs[nx];
      if (!x->names.n && !x->have_gates) continue; // an empty directory
      for (size_t f = 0; f < x->names.n; f++) {
        const char *s = samples_meta(&x->files[f], "synthetic"), *d = samples_meta(&x->files[f], "date");
        if (s && !strcmp(s, "yes")) synthetic = 1;
        if (d && gen_parse_date(d) > emax) emax = gen_parse_date(d);
      }
      if (!strlist_has(&gpus, sub.v[k])) strlist_add(&gpus, sub.v[k]);
      nx++;
    }
    strlist_free(&sub);
  }
  strlist_sort(&gpus);
  if (epoch) {
    FILE *f = fopen(epoch, "w");
    if (!f) return fprintf(stderr, "report_gen: %s:0: cannot write\n", epoch), 2;
    fprintf(f, "%lld\n", emax);
    fclose(f);
  }
  size_t ndata = 0;
  for (size_t e = 0; e < nexp; e++)
    for (size_t k = 0; k < nx; k++)
      if (!strcmp(xs[k].exp, exps[e])) {
        ndata++;
        break;
      }
  if (doc_open(&g.d, tex, md, "Appendix: benchmark results of the cudadent42 FlashAttention kernels", synthetic)) {
    fprintf(stderr, "report_gen: %s:0: cannot write\n", tex);
    return 2;
  }
  if (!ndata)
    doc_par(&g.d, "No experiment has published samples under `%s/` yet: the sections below state what "
                  "would be measured and how.", g.data);
  doc_par(&g.d, "This appendix is generated by `make report` from published raw samples; it covers %zu "
                "experiment%s with data on %zu GPU%s. Section A.1 gives the headline result, A.2 the "
                "methodology and the measured setup, A.3 the results per experiment (tables with "
                "confidence intervals, variance components and effect sizes, figures, negative results, "
                "gate rejections), A.4 the seed documents' claims beside our measurements, and A.5 how "
                "the appendix meets the twelve rules of Hoefler and Belli.",
          ndata, ndata == 1 ? "" : "s", gpus.n, gpus.n == 1 ? "" : "s");
  if (g.claims_exp) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s/experiment.vars", g.build, g.claims_exp);
    expvars hv;
    if (expvars_read(p, &hv, g.err, sizeof g.err)) gen_die(&g);
    size_t first = nx, cnt = 0;
    for (size_t k = 0; k < nx; k++)
      if (!strcmp(xs[k].exp, g.claims_exp)) {
        if (first == nx) first = k;
        cnt++;
      }
    headline_section(&g, &hv, cnt ? xs + first : NULL, cnt);
    expvars_free(&hv);
  }
  methodology(&g, xs, nx, &gpus);
  doc_head(&g.d, 1, "Results per experiment");
  strlist nodata = {0};
  expvars claims_vars = {0};
  egpu *cx = NULL;
  size_t ncx = 0;
  for (size_t e = 0; e < nexp; e++) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s/experiment.vars", g.build, exps[e]);
    expvars ev;
    if (expvars_read(p, &ev, g.err, sizeof g.err)) gen_die(&g);
    size_t first = nx, cnt = 0;
    for (size_t k = 0; k < nx; k++)
      if (!strcmp(xs[k].exp, exps[e])) {
        if (first == nx) first = k;
        cnt++;
      }
    if (!cnt) strlist_add(&nodata, exps[e]);
    else exp_section(&g, exps[e], &ev, xs + first, cnt);
    if (g.claims_exp && !strcmp(exps[e], g.claims_exp)) {
      claims_vars = ev;
      cx = cnt ? xs + first : NULL;
      ncx = cnt;
    } else expvars_free(&ev);
  }
  if (nodata.n) {
    doc_head(&g.d, 2, "Experiments without data");
    for (size_t k = 0; k < nodata.n; k++)
      doc_item(&g.d, "`%s`: defined, but no samples under `%s/%s/` — left out.", nodata.v[k], g.data, nodata.v[k]);
  }
  if (g.claims_path) claims_section(&g, &claims_vars, cx, ncx);
  rules_section(&g);
  doc_head(&g.d, 1, "Reproducing this appendix");
  doc_par(&g.d, "`make report` (no GPU needed) rebuilds the statistics, the figures and both the PDF "
                "and the Markdown version of this appendix from `%s/`; `make analyze EXP=<exp>` and "
                "`make plots EXP=<exp>` do one experiment. The intervals at the level of the design "
                "need no resampling and `STATS_SEED` fixes any that is done, so a rebuild gives the "
                "same tables byte for byte.", g.data);
  if (doc_close(&g.d)) {
    fprintf(stderr, "report_gen: %s:0: write failed\n", tex);
    return 2;
  }
  return 0;
}
