// prep_plots.c — turns one <gpu> directory's statistics into gnuplot data for plots/*.gp.
//   prep_plots --out DIR --vars VARS --summary SUMMARY --compare COMPARE --data SAMPLEDIR
//              --ceilings CEILINGS --gpu SLUG
// Writes DIR/<name>.dat (data) and DIR/<name>.gpv (gnuplot settings) per figure and prints one
// line per figure on stdout: "<script> <name> <caption>". A missing ceilings file or gate table
// leaves that part out. Exit 0, or 2 with "prep_plots: FILE:LINE: what".
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_pick.h"
#include "report_roof.h"
#include "samples/samples.h"

static char err[4400];
static const char *out;

static void die(void) {
  fprintf(stderr, "prep_plots: %s\n", err);
  exit(2);
}

static FILE *open_out(const char *name, const char *ext) {
  char p[4096];
  snprintf(p, sizeof p, "%s/%s.%s", out, name, ext);
  FILE *f = fopen(p, "w");
  if (!f) {
    snprintf(err, sizeof err, "%s:0: cannot write", p);
    die();
  }
  return f;
}

// gnuplot string literal: double quotes, backslash and quote escaped
static void gpstr(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

typedef struct {
  strlist names, paths;
  samples_file *files;
  expvars e;
  rcsv sum, cmp;
  int have_cmp;
  strlist shapes; // SHAPES order first, then the others in summary order
  const char *slug;
} ctx;

// order of variants in plots: ours by name, then baselines by name
static void ordered(const ctx *c, strlist *o) {
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < c->names.n; i++)
      if (expvars_is_baseline(&c->e, c->names.v[i]) == pass) strlist_add(o, c->names.v[i]);
}

static const samples_file *file_of(const ctx *c, const char *name) {
  for (size_t i = 0; i < c->names.n; i++)
    if (!strcmp(c->names.v[i], name)) return &c->files[i];
  return NULL;
}

// every session of the files, sorted (ids start with the UTC start time, so this is their order);
// a file without a session column adds "" (one session)
static void all_sessions(const ctx *c, strlist *out) {
  for (size_t i = 0; i < c->names.n; i++)
    for (size_t k = 0; k < c->files[i].nsessions; k++)
      if (!strlist_has(out, c->files[i].sessions[k])) strlist_add(out, c->files[i].sessions[k]);
  strlist_sort(out);
}

static size_t index_of(const strlist *l, const char *s) {
  for (size_t i = 0; i < l->n; i++)
    if (!strcmp(l->v[i], s)) return i;
  return 0;
}

// the unit of sample j (session index in ses, round): its place among the group's units in
// (session, round) order, and the number of units
typedef struct {
  size_t s;
  unsigned r;
} unit_key;

static int by_unit(const void *a, const void *b) {
  const unit_key *x = a, *y = b;
  if (x->s != y->s) return x->s < y->s ? -1 : 1;
  return x->r < y->r ? -1 : x->r > y->r;
}

// Data: one block per variant, rows "dx time session": dx spreads the samples left to right by
// unit (each round a narrow column, sessions in order), session indexes ses for the colour.
static void latency(const ctx *c, const char *shape, int k, const strlist *ses) {
  char name[64];
  snprintf(name, sizeof name, "latency-%d", k);
  strlist o = {0};
  ordered(c, &o);
  FILE *d = open_out(name, "dat"), *g = open_out(name, "gpv");
  double lo = INFINITY, hi = 0;
  size_t nb = 0, maxu = 0;
  fprintf(g, "set xtics (");
  for (size_t i = 0; i < o.n; i++) {
    const samples_file *f = file_of(c, o.v[i]);
    const samples_group *gr = samples_group_find(f, shape);
    if (!gr) continue;
    unit_key *u = calloc(gr->n + 1, sizeof *u);
    size_t nu = 0;
    for (size_t j = 0; j < gr->n; j++) {
      unit_key key = {index_of(ses, f->sessions[gr->session[j]]), gr->round[j]};
      size_t q = 0;
      while (q < nu && by_unit(&u[q], &key)) q++;
      if (q == nu) u[nu++] = key;
    }
    qsort(u, nu, sizeof *u, by_unit);
    if (nu > maxu) maxu = nu;
    fprintf(d, "%s# %s\n", nb ? "\n\n" : "", o.v[i]);
    const double w = 0.72; // the spread of the points, in x units
    for (size_t j = 0; j < gr->n; j++) {
      unit_key key = {index_of(ses, f->sessions[gr->session[j]]), gr->round[j]};
      size_t q = 0;
      while (q < nu && by_unit(&u[q], &key)) q++;
      double phi = (double)j * 0.6180339887, jit = phi - floor(phi) - 0.5; // deterministic
      double dx = w * (((double)q + 0.5 + 0.6 * jit) / (double)nu - 0.5);
      fprintf(d, "%.4f %.6g %zu\n", dx, gr->t[j], key.s);
      if (gr->t[j] < lo) lo = gr->t[j];
      if (gr->t[j] > hi) hi = gr->t[j];
    }
    free(u);
    fprintf(g, "%s", nb ? ", " : "");
    gpstr(g, o.v[i]);
    fprintf(g, " %zu", nb);
    nb++;
  }
  fprintf(g, ")\nnblk = %zu\n", nb);
  fprintf(g, "base = \"");
  for (size_t i = 0, b = 0; i < o.n; i++)
    if (samples_group_find(file_of(c, o.v[i]), shape))
      fprintf(g, "%s%d", b++ ? " " : "", expvars_is_baseline(&c->e, o.v[i]));
  fprintf(g, "\"\nlogy = %d\nylo = %.6g\nyhi = %.6g\nttl = ", hi > 10 * lo, lo, hi);
  gpstr(g, shape);
  // the sessions' names for the key ("" when the files have no session column)
  fprintf(g, "\nnses = %zu\nsesname = \"", ses->n);
  for (size_t i = 0; i < ses->n; i++) fprintf(g, "%s%s", i ? " " : "", ses->v[i][0] ? ses->v[i] : "-");
  fprintf(g, "\"\n");
  fclose(d);
  fclose(g);
  printf("latency %s Latency distribution per variant at `%s` on `%s`: box = quartiles of all samples, "
         "whiskers 1.5 IQR (our variants red, baselines blue); points = every sample, spread left to right "
         "by round (one narrow column per round, %s)%s.\n",
         name, shape, c->slug,
         ses->n > 1 ? "sessions in time order) and coloured by session" : "one session",
         hi > 10 * lo ? " (log scale)" : "");
  strlist_free(&o);
}

static int verdict_code(const char *v) {
  return !strcmp(v, "FAST") ? 0 : !strcmp(v, "SAME") ? 1 : !strcmp(v, "SLOW") ? 3 : 2;
}

typedef struct {
  double s, lo, hi;
  int v;
  char label[200];
} srow;

// a field of stats' output: a number, or "nan" where the statistic is undefined
static int num_or_nan(const rcsv *t, size_t r, int c, double *v) {
  if (!strcmp(rcsv_get(t, r, c), "nan")) return *v = NAN, 0;
  return rcsv_num(t, r, c, v, err, sizeof err);
}

static int by_speedup(const void *a, const void *b) {
  const srow *x = a, *y = b;
  double xs = isnan(x->s) ? -INFINITY : x->s, ys = isnan(y->s) ? -INFINITY : y->s;
  if (xs != ys) return xs < ys ? -1 : 1;
  return strcmp(x->label, y->label);
}

static void speedup(const ctx *c) {
  const rcsv *t = &c->cmp;
  static const char *const need[] = {"shape", "speedup", "speedup_lo", "speedup_hi", "verdict",
                                     "base", "cand", NULL};
  int x[7];
  if (!c->have_cmp || t->nrows == 0) return;
  if (rcsv_need(t, need, x, err, sizeof err)) die();
  srow *r = calloc(t->nrows, sizeof *r);
  for (size_t i = 0; i < t->nrows; i++) {
    if (num_or_nan(t, i, x[1], &r[i].s) || num_or_nan(t, i, x[2], &r[i].lo) ||
        num_or_nan(t, i, x[3], &r[i].hi))
      die();
    r[i].v = verdict_code(rcsv_get(t, i, x[4]));
    char b[128], cn[128];
    snprintf(r[i].label, sizeof r[i].label, "%s vs %s, %s", pick_name(rcsv_get(t, i, x[6]), cn, sizeof cn),
             pick_name(rcsv_get(t, i, x[5]), b, sizeof b), rcsv_get(t, i, x[0]));
  }
  qsort(r, t->nrows, sizeof *r, by_speedup);
  FILE *d = open_out("speedup", "dat"), *g = open_out("speedup", "gpv");
  double lo = INFINITY, hi = 0;
  for (size_t i = 0; i < t->nrows; i++) {
    fprintf(d, "%zu %.6g %.6g %.6g %d ", i, r[i].s, r[i].lo, r[i].hi, r[i].v);
    gpstr(d, r[i].label);
    fputc('\n', d);
    if (r[i].lo < lo) lo = r[i].lo; // NaN compares false: left out
    if (r[i].hi > hi) hi = r[i].hi;
  }
  fprintf(g, "nrow = %zu\nh = %.2f\nlogx = %d\n", t->nrows, fmin(8.0, 1.3 + 0.19 * t->nrows), hi > 8 * lo);
  fclose(d);
  fclose(g);
  printf("speedup speedup Speedup (median base / median candidate) with its 95%% CI at the level of the design, sorted, "
         "coloured by verdict, on `%s`.\n", c->slug);
  free(r);
}

static void roofline(const ctx *c, const char *ceil_path) {
  roof_t rf;
  if (roof_read(ceil_path, c->slug, &rf, err, sizeof err)) die();
  double bw = rf.bw_gbs, tf = rf.tflops, dbw = rf.ds_bw_gbs, dtf = rf.ds_tflops;
  strlist o = {0};
  ordered(c, &o);
  FILE *d = open_out("roofline", "dat"), *g = open_out("roofline", "gpv");
  double amin = INFINITY, amax = 0, pmax = 0;
  size_t nb = 0;
  fprintf(g, "names = \"");
  for (size_t i = 0; i < o.n; i++) {
    int any = 0;
    for (size_t k = 0; k < c->shapes.n; k++) {
      double med, fl, by;
      if (pick_median(&c->sum, o.v[i], c->shapes.v[k], &med) || roof_work(c->shapes.v[k], &fl, &by))
        continue;
      if (!any) fprintf(d, "%s# %s\n", nb ? "\n\n" : "", o.v[i]);
      any = 1;
      double ai = fl / by, tflops = fl / med / 1e6;
      fprintf(d, "%.6g %.6g %s\n", ai, tflops, c->shapes.v[k]);
      amin = fmin(amin, ai), amax = fmax(amax, ai), pmax = fmax(pmax, tflops);
    }
    if (any) fprintf(g, "%s%s", nb++ ? " " : "", o.v[i]);
  }
  if (!nb) {  // no shape with a known work and a median: no figure (an empty roofline misleads)
    fclose(d);
    fclose(g);
    strlist_free(&o);
    return;
  }
  fprintf(g, "\"\nnblk = %zu\nbw = %g\ntf = %g\ndbw = %g\ndtf = %g\n", nb, bw, tf, dbw, dtf);
  fprintf(g, "xmin = %g\nxmax = %g\n", amin / 4, fmax(amax * 4, 2 * fmax(tf, dtf) * 1000 / fmax(fmax(bw, dbw), 1)));
  fclose(d);
  fclose(g);
  printf("roofline roofline Roofline on `%s`: each variant at each shape (arithmetic intensity = FLOPs / "
         "minimum bytes); %s; datasheet roofs dashed%s.\n", c->slug,
         bw > 0 ? "measured ceilings solid (data/ceilings)" : "no measured ceilings for this GPU",
         dbw > 0 ? "" : " (none known for this GPU)");
  strlist_free(&o);
}

// the largest group of shapes that differ only in S (Sq = Skv), ≥ 2, for the best variant
static void scaling(const ctx *c) {
  size_t n = c->shapes.n, best_k = 0, best_n = 0;
  shape_t *s = calloc(n ? n : 1, sizeof *s);
  int *ok = calloc(n ? n : 1, sizeof *ok);
  for (size_t i = 0; i < n; i++) ok[i] = shape_parse(c->shapes.v[i], &s[i]) == 0 && s[i].sq == s[i].skv;
  for (size_t i = 0; i < n; i++) {
    size_t m = 0;
    for (size_t j = 0; j < n; j++)
      m += ok[i] && ok[j] && s[j].b == s[i].b && s[j].h == s[i].h && s[j].d == s[i].d &&
           s[j].causal == s[i].causal;
    if (m > best_n) best_n = m, best_k = i;
  }
  if (best_n < 2) goto done;
  const shape_t *r = &s[best_k];
  // best of ours: lowest geometric mean of medians over the group, among those with all of it
  const char *best = NULL;
  double bg = INFINITY;
  for (size_t v = 0; v < c->names.n; v++) {
    if (expvars_is_baseline(&c->e, c->names.v[v])) continue;
    double lg = 0, med;
    size_t m = 0;
    for (size_t j = 0; j < n; j++)
      if (ok[j] && s[j].b == r->b && s[j].h == r->h && s[j].d == r->d && s[j].causal == r->causal &&
          pick_median(&c->sum, c->names.v[v], c->shapes.v[j], &med) == 0)
        lg += log(med), m++;
    if (m == best_n && lg / m < bg) bg = lg / m, best = c->names.v[v];
  }
  if (!best) goto done;
  FILE *d = open_out("scaling", "dat"), *g = open_out("scaling", "gpv");
  fprintf(g, "names = \"");
  size_t nb = 0;
  int cs = rcsv_col(&c->sum, "shape"), cf = rcsv_col(&c->sum, "file"), cl = rcsv_col(&c->sum, "ci_lo"),
      ch = rcsv_col(&c->sum, "ci_hi"), cm = rcsv_col(&c->sum, "median");
  for (size_t v = 0; v < c->names.n + 1; v++) {
    const char *nm = v == 0 ? best : c->names.v[v - 1];
    if (v > 0 && (!expvars_is_baseline(&c->e, nm) && !(c->e.baseline && !strcmp(nm, c->e.baseline))))
      continue;
    if (v > 0 && !strcmp(nm, best)) continue;
    int any = 0;
    for (size_t j = 0; j < n; j++) {
      if (!(ok[j] && s[j].b == r->b && s[j].h == r->h && s[j].d == r->d && s[j].causal == r->causal))
        continue;
      for (size_t row = 0; row < c->sum.nrows; row++) {
        char buf[256];
        if (strcmp(rcsv_get(&c->sum, row, cs), c->shapes.v[j]) ||
            strcmp(pick_name(rcsv_get(&c->sum, row, cf), buf, sizeof buf), nm))
          continue;
        if (!any) fprintf(d, "%s# %s\n", nb ? "\n\n" : "", nm);
        any = 1;
        fprintf(d, "%ld %s %s %s\n", s[j].sq, rcsv_get(&c->sum, row, cm), rcsv_get(&c->sum, row, cl),
                rcsv_get(&c->sum, row, ch));
      }
    }
    if (any) fprintf(g, "%s%s", nb++ ? " " : "", nm);
  }
  fprintf(g, "\"\nnblk = %zu\n", nb);
  fclose(d);
  fclose(g);
  printf("scaling scaling Scaling over sequence length S at B=%ld H=%ld D=%ld%s on `%s`: the best variant "
         "(`%s`, lowest geometric-mean median) against the baselines; median with 95%% CI.\n",
         r->b, r->h, r->d, r->causal ? " causal" : "", c->slug, best);
done:
  free(s);
  free(ok);
}

static void gates(const char *dir, const char *slug) {
  char p[4096];
  snprintf(p, sizeof p, "%s/gates.csv", dir);
  rcsv t;
  if (rcsv_read(p, &t, err, sizeof err)) return;
  static const char *const need[] = {"variant", "verdict", "reason", NULL};
  int x[3];
  if (rcsv_need(&t, need, x, err, sizeof err)) die();
  strlist reasons = {0};
  for (size_t i = 0; i < t.nrows; i++)
    if (!strcmp(rcsv_get(&t, i, x[1]), "reject") && !strlist_has(&reasons, rcsv_get(&t, i, x[2])))
      strlist_add(&reasons, rcsv_get(&t, i, x[2]));
  strlist_sort(&reasons);
  if (reasons.n) {
    FILE *d = open_out("gates", "dat"), *g = open_out("gates", "gpv");
    for (size_t k = 0; k < reasons.n; k++) {
      size_t m = 0;
      for (size_t i = 0; i < t.nrows; i++)
        m += !strcmp(rcsv_get(&t, i, x[1]), "reject") && !strcmp(rcsv_get(&t, i, x[2]), reasons.v[k]);
      fprintf(d, "%zu %zu ", k, m);
      gpstr(d, reasons.v[k][0] ? reasons.v[k] : "(none given)");
      fputc('\n', d);
    }
    fprintf(g, "nrow = %zu\n", reasons.n);
    fclose(d);
    fclose(g);
    printf("gates gates Variants rejected by the gates on `%s`, by reason (from `gates.csv`).\n", slug);
  }
  strlist_free(&reasons);
  rcsv_free(&t);
}

// DIR/pdfdate: the latest sample `date` as 14 digits (YYYYMMDDHHMMSS), for the recipe to write
// into the PDFs' CreationDate instead of the clock (cairo takes the clock)
static void pdf_date(const ctx *c) {
  char best[15] = "19700101000000";
  for (size_t i = 0; i < c->names.n; i++) {
    const char *d = samples_meta(&c->files[i], "date");
    char dig[15];
    size_t k = 0;
    for (; d && *d && k < 14; d++)
      if (*d >= '0' && *d <= '9') dig[k++] = *d;
    dig[k] = '\0';
    if (k == 14 && strcmp(dig, best) > 0) memcpy(best, dig, sizeof best);
  }
  FILE *f = open_out("pdfdate", "txt");
  fprintf(f, "%s\n", best);
  fclose(f);
}

int main(int argc, char **argv) {
  const char *vars = NULL, *sum = NULL, *cmp = NULL, *data = NULL, *ceil = NULL, *slug = "gpu";
  for (int i = 1; i + 1 < argc; i += 2) {
    const char *k = argv[i], *v = argv[i + 1];
    if (!strcmp(k, "--out")) out = v;
    else if (!strcmp(k, "--vars")) vars = v;
    else if (!strcmp(k, "--summary")) sum = v;
    else if (!strcmp(k, "--compare")) cmp = v;
    else if (!strcmp(k, "--data")) data = v;
    else if (!strcmp(k, "--ceilings")) ceil = v;
    else if (!strcmp(k, "--gpu")) slug = v;
    else argc = 0;
  }
  if (argc % 2 == 0 || !out || !vars || !sum || !cmp || !data) {
    fprintf(stderr, "usage: prep_plots --out DIR --vars VARS --summary CSV --compare CSV --data DIR "
                    "[--ceilings CSV] [--gpu SLUG]\n");
    return 2;
  }
  ctx c;
  memset(&c, 0, sizeof c);
  c.slug = slug;
  if (expvars_read(vars, &c.e, err, sizeof err)) die();
  if (sample_files(data, &c.paths, &c.names, NULL)) {
    snprintf(err, sizeof err, "%s:0: cannot read the directory", data);
    die();
  }
  c.files = calloc(c.names.n + 1, sizeof *c.files);
  for (size_t i = 0; i < c.names.n; i++)
    if (samples_read(c.paths.v[i], &c.files[i], err, sizeof err)) die();
  pdf_date(&c);
  FILE *probe = fopen(sum, "r");
  int empty = probe && fgetc(probe) == EOF;
  if (probe) fclose(probe);
  if (empty) {
    gates(data, slug);
    return 0;
  }
  if (rcsv_read(sum, &c.sum, err, sizeof err)) die();
  probe = fopen(cmp, "r");
  c.have_cmp = probe && fgetc(probe) != EOF;
  if (probe) fclose(probe);
  if (c.have_cmp && rcsv_read(cmp, &c.cmp, err, sizeof err)) die();
  static const char *const need[] = {"file", "shape", "median", "ci_lo", "ci_hi", NULL};
  int x[5];
  if (rcsv_need(&c.sum, need, x, err, sizeof err)) die();
  for (size_t i = 0; i < c.e.shapes.n; i++)
    for (size_t r = 0; r < c.sum.nrows; r++)
      if (!strcmp(rcsv_get(&c.sum, r, x[1]), c.e.shapes.v[i]) && !strlist_has(&c.shapes, c.e.shapes.v[i]))
        strlist_add(&c.shapes, c.e.shapes.v[i]);
  for (size_t r = 0; r < c.sum.nrows; r++)
    if (!strlist_has(&c.shapes, rcsv_get(&c.sum, r, x[1]))) strlist_add(&c.shapes, rcsv_get(&c.sum, r, x[1]));
  strlist ses = {0};
  all_sessions(&c, &ses);
  for (size_t k = 0; k < c.shapes.n; k++) latency(&c, c.shapes.v[k], (int)k, &ses);
  strlist_free(&ses);
  speedup(&c);
  roofline(&c, ceil);
  scaling(&c);
  gates(data, slug);
  return 0;
}
