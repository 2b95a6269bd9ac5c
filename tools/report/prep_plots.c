// prep_plots.c — turns one <gpu> directory's statistics into gnuplot data for plots/*.gp.
//   prep_plots --out DIR --vars VARS --summary SUMMARY --compare COMPARE --data SAMPLEDIR
//              --static STATIC --ceilings CEILINGS --gpu SLUG
// Writes DIR/<name>.dat (data) and DIR/<name>.gpv (gnuplot settings) per figure and prints one
// line per figure on stdout: "<script> <name> <caption>", the caption part caption-<script> of
// STATIC/templates/plots.txt (reports/). A missing ceilings file or gate table leaves that part
// out. Exit 0, or 2 with "prep_plots: FILE:LINE: what".
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gates/gate_table.h"
#include "report_pick.h"
#include "report_roof.h"
#include "report_tmplread.h"
#include "plot_ticks.h"
#include "samples/samples.h"
#include "shape.h"

static char err[4400];
static const char *out, *stat_dir;
static size_t scaling_min = 3;  // the fewest shapes a scaling figure draws (--scaling-min)

static void die(void) {
  fprintf(stderr, "prep_plots: %s\n", err);
  exit(2);
}

// part PART of templates/plots.txt filled with VARS, on one line (malloc'd); dies on an error
static char *words(const char *part, const char *const vars[]) {
  long at;
  char *s = tmpl_read(stat_dir, "plots", part, vars, &at, err, sizeof err);
  if (!s) die();
  return tmpl_one_line(s);
}

// the figure's line on stdout: SCRIPT, NAME and the caption, part caption-SCRIPT filled with VARS
static void figure(const char *script, const char *name, const char *const vars[]) {
  char part[64];
  snprintf(part, sizeof part, "caption-%s", script);
  char *c = words(part, vars);
  printf("%s %s %s\n", script, name, c);
  free(c);
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

// the inside of a gnuplot string literal: backslash and double quote escaped
static void gpesc(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', f);
    fputc(*s, f);
  }
}

// gnuplot string literal: double quotes, backslash and quote escaped
static void gpstr(FILE *f, const char *s) {
  fputc('"', f);
  gpesc(f, s);
  fputc('"', f);
}

// the settings of a figure's categories: catnames, their names (for the figure check: each is
// printed whole), and catlen, the longest (the room under the panel)
static void gpcats(FILE *f, const strlist *l) {
  size_t len = 0;
  fprintf(f, "catnames = \"");
  for (size_t i = 0; i < l->n; i++) {
    fprintf(f, "%s", i ? " " : "");
    gpesc(f, l->v[i]);
    if (strlen(l->v[i]) > len) len = strlen(l->v[i]);
  }
  fprintf(f, "\"\ncatlen = %zu\n", len);
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
  strlist cats = {0};
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
    strlist_add(&cats, o.v[i]);
    nb++;
  }
  fprintf(g, ")\nnblk = %zu\n", nb);
  gpcats(g, &cats);
  strlist_free(&cats);
  fprintf(g, "base = \"");
  for (size_t i = 0, b = 0; i < o.n; i++)
    if (samples_group_find(file_of(c, o.v[i]), shape))
      fprintf(g, "%s%d", b++ ? " " : "", expvars_is_baseline(&c->e, o.v[i]));
  fprintf(g, "\"\nlogy = %d\nylo = %.6g\nyhi = %.6g\nttl = ", hi > 10 * lo, lo, hi);
  gpstr(g, shape);
  // the sessions' names for the key ("" when the files have no session column)
  size_t seslen = 1;
  fprintf(g, "\nnses = %zu\nsesname = \"", ses->n);
  for (size_t i = 0; i < ses->n; i++) {
    fprintf(g, "%s%s", i ? " " : "", ses->v[i][0] ? ses->v[i] : "-");
    if (strlen(ses->v[i]) > seslen) seslen = strlen(ses->v[i]);
  }
  fprintf(g, "\"\nseslen = %zu\n", seslen);
  fclose(d);
  fclose(g);
  char *rounds = words(ses->n > 1 ? "rounds-sessions" : "rounds-one", NULL);
  char *log = hi > 10 * lo ? words("log-scale", NULL) : NULL;
  figure("latency", name,
         (const char *const[]){"shape", shape, "gpu", c->slug, "rounds", rounds, "log", log ? log : "", NULL});
  free(rounds);
  free(log);
  strlist_free(&o);
}

static int verdict_code(const char *v) {
  return !strcmp(v, "FAST") ? 0 : !strcmp(v, "SAME") ? 1 : !strcmp(v, "SLOW") ? 3 : 2;
}

typedef struct {
  double s, lo, hi;
  double d;         // the verdict's equivalence margin delta (a fraction; NaN where the row has none)
  int v;
  int group;        // the comparison's order among the figure's groups (fgroup)
  size_t shape;     // the shape's place in c->shapes
  char head[200];   // the heading row of its group: "cand vs base:"
  char label[200];  // its row: the shape (and, in "fastest of ours", the variant)
  char full[300];   // "cand vs base, shape", the data file's last column
} srow;

// a field of stats' output: a number, or "nan" where the statistic is undefined
static int num_or_nan(const rcsv *t, size_t r, int c, double *v) {
  if (!strcmp(rcsv_get(t, r, c), "nan")) return *v = NAN, 0;
  return rcsv_num(t, r, c, v, err, sizeof err);
}

// rows in the order of the figure: by group, then shape (then label: no tie is left to qsort)
static int by_group(const void *a, const void *b) {
  const srow *x = a, *y = b;
  if (x->group != y->group) return x->group < y->group ? -1 : 1;
  if (x->shape != y->shape) return x->shape < y->shape ? -1 : 1;
  return strcmp(x->label, y->label);
}

// whether compare row i is one a reader asked for: a COMPARE pair of the experiment, or the
// fastest of ours at that shape against one of its LIBRARIES; with no COMPARE pairs, every row
// (they are the experiment's comparisons with its BASELINE)
static int asked(const ctx *c, const rcsv *t, size_t i, const int x[]) {
  if (!c->e.cmp_cand.n) return 1;
  char cb[128], bb[128];
  const char *cand = pick_name(rcsv_get(t, i, x[6]), cb, sizeof cb), *base = pick_name(rcsv_get(t, i, x[5]), bb, sizeof bb);
  if (expvars_claim(&c->e, cand, base) >= 0) return 1;
  for (size_t k = 0; k < c->e.cmp_cand.n; k++)
    if (!strcmp(c->e.cmp_cand.v[k], cand) && !strcmp(c->e.cmp_base.v[k], base)) return 1;
  const char *best = pick_variant(&c->sum, &c->names, &c->e, "@ours", rcsv_get(t, i, x[0]));
  return (best && !strcmp(best, cand) && strlist_has(&c->e.libraries, base)) ||
         (expvars_is_dispatch(&c->e, cand) && strlist_has(&c->e.libraries, base));
}

// The group of a row and its heading: against a library, the dispatching build first, then a
// COMPARE candidate, then "fastest of ours" (a variant per shape, named in the row); then the other
// COMPARE pairs in their order. Groups below FG_KEY are the key figure's: where the experiment
// declares claims (PRIMARY), they alone, a group each in PRIMARY's order, and the groups that would
// have been the key figure's follow them on the other pages.
enum { FG_KEY = 3000, FG_UNCLAIMED = FG_KEY + 2000 };
static int fgroup_of(const ctx *c, const char *cand, const char *base, int *fastest);
static int fgroup(const ctx *c, const char *cand, const char *base, int *fastest) {
  if (!c->e.primary.n) return fgroup_of(c, cand, base, fastest);
  const int k = expvars_claim(&c->e, cand, base);
  if (k >= 0) return *fastest = 0, k;
  const int g = fgroup_of(c, cand, base, fastest);
  return g < FG_KEY ? FG_UNCLAIMED + g : g;
}
static int fgroup_of(const ctx *c, const char *cand, const char *base, int *fastest) {
  size_t nl = c->e.libraries.n, li = 0;
  *fastest = 0;
  while (li < nl && strcmp(c->e.libraries.v[li], base)) li++;
  for (size_t k = 0; k < c->e.cmp_cand.n; k++)
    if (!strcmp(c->e.cmp_cand.v[k], cand) && !strcmp(c->e.cmp_base.v[k], base))
      return li < nl ? 1000 + (int)k : FG_KEY + (int)k;
  if (li < nl && expvars_is_dispatch(&c->e, cand)) return (int)li;
  if (li < nl) return *fastest = 1, 2000 + (int)li;
  return FG_KEY + 999;  // every comparison with BASELINE (no COMPARE): by candidate below
}

enum { FOREST_ROWS_MAX = 40 };  // rows of one page (plots/speedup.gp: 12 pt each, about 7 in)

// one page of the forest: rows [a, b) of R under their headings, as NAME.dat and NAME.gpv
static size_t forest_page(const char *name, const srow *r, size_t a, size_t b, const char *xtv, double xlo,
                          double xhi, int logx) {
  size_t nrow = 0, rowlen = 0;
  for (size_t i = a; i < b; i++) nrow += 1 + (i == a || strcmp(r[i].head, r[i - 1].head) != 0);
  FILE *d = open_out(name, "dat"), *g = open_out(name, "gpv");
  fprintf(g, "set ytics (");
  char hdr[4096] = "";
  size_t y = nrow, hn = 0, n = 0;
  for (size_t i = a; i < b; i++) {
    if (i == a || strcmp(r[i].head, r[i - 1].head)) {
      y--;
      fprintf(g, "%s", n++ ? ", " : "");
      gpstr(g, r[i].head);
      fprintf(g, " %zu", y);
      if (y + 1 < nrow) hn += (size_t)snprintf(hdr + hn, hn < sizeof hdr ? sizeof hdr - hn : 0, "%s%zu", hn ? " " : "", y);
      if (strlen(r[i].head) > rowlen) rowlen = strlen(r[i].head);
    }
    y--;
    fprintf(g, ", ");
    gpstr(g, r[i].label);
    fprintf(g, " %zu", y);
    if (strlen(r[i].label) > rowlen) rowlen = strlen(r[i].label);
    fprintf(d, "%zu %.6g %.6g %.6g %d %.6g ", y, r[i].s, r[i].lo, r[i].hi, r[i].v, r[i].d);
    gpstr(d, r[i].full);
    fputc('\n', d);
  }
  fprintf(g, ")\nnrow = %zu\nrowlen = %zu\nhdr = \"%s\"\n%s\nxlo = %.6g\nxhi = %.6g\nlogx = %d\n", nrow, rowlen,
          hn < sizeof hdr ? hdr : "", xtv, xlo, xhi, logx);
  fclose(d);
  fclose(g);
  return nrow;
}

// the x axis of a GPU's forests: every CI and 1, padded; log when they span more than 8x
static void forest_axis(const srow *r, size_t n, char *xtv, size_t len, double *xlo, double *xhi, int *logx) {
  double lo = 1, hi = 1, v[TICKS_MAX];
  for (size_t i = 0; i < n; i++) {
    if (isfinite(r[i].lo) && r[i].lo > 0) lo = fmin(lo, r[i].lo);
    if (isfinite(r[i].hi)) hi = fmax(hi, r[i].hi);
    if (isfinite(r[i].s) && r[i].s > 0) lo = fmin(lo, r[i].s), hi = fmax(hi, r[i].s);
  }
  size_t nt;
  *logx = hi > 8 * lo;
  if (*logx) {
    *xlo = lo / 1.15, *xhi = hi * 1.15;
    nt = ticks_log(*xlo, *xhi, 4, 8, v);
  } else {
    double pad = 0.05 * (hi - lo) + 0.002;
    *xlo = lo - pad, *xhi = hi + pad;
    // as many ticks as fit the panel's 200 pt (plots/speedup.gp) with their labels apart: a label
    // of 7 pt takes 6 pt a character and two characters' room
    for (size_t m = 7; m >= 2; m--) {
      char b[32];
      size_t len = 0;
      nt = ticks_linear(*xlo, *xhi, m, v);
      for (size_t i = 0; i < nt; i++) len = fmax(len, (size_t)snprintf(b, sizeof b, "%.6g", v[i]));
      if ((double)nt * (double)(len + 2) * 6.0 <= 190.0) break;
    }
  }
  FILE *f = fmemopen(xtv, len, "w");
  ticks_put(f, "xtv", v, nt);
  fclose(f);
  xtv[strcspn(xtv, "\n")] = '\0';
}

static void speedup(const ctx *c) {
  const rcsv *t = &c->cmp;
  static const char *const need[] = {"shape", "speedup", "speedup_lo", "speedup_hi", "verdict",
                                     "base", "cand", NULL};
  int x[7];
  if (!c->have_cmp || t->nrows == 0) return;
  if (rcsv_need(t, need, x, err, sizeof err)) die();
  const int xd = rcsv_col(t, "delta");  // optional: older comparison tables have no band
  srow *r = calloc(t->nrows, sizeof *r);
  size_t n = 0;
  for (size_t j = 0; j < t->nrows; j++) {
    if (!asked(c, t, j, x)) continue;
    size_t i = n++, row = j;
    if (num_or_nan(t, row, x[1], &r[i].s) || num_or_nan(t, row, x[2], &r[i].lo) ||
        num_or_nan(t, row, x[3], &r[i].hi))
      die();
    r[i].v = verdict_code(rcsv_get(t, row, x[4]));
    r[i].d = NAN;
    if (xd >= 0 && *rcsv_get(t, row, xd) && num_or_nan(t, row, xd, &r[i].d)) die();
    char b[128], cn[128];
    const char *cand = pick_name(rcsv_get(t, row, x[6]), cn, sizeof cn), *base = pick_name(rcsv_get(t, row, x[5]), b, sizeof b),
               *shape = rcsv_get(t, row, x[0]);
    int fastest;
    r[i].group = fgroup(c, cand, base, &fastest);
    r[i].shape = index_of(&c->shapes, shape);
    if (r[i].group == FG_KEY + 999) r[i].group += (int)index_of(&c->names, cand) + 1;
    if (fastest) snprintf(r[i].head, sizeof r[i].head, "fastest of ours vs %s:", base);
    else snprintf(r[i].head, sizeof r[i].head, "%s vs %s:", cand, base);
    snprintf(r[i].label, sizeof r[i].label, fastest ? "%s %s" : "%s", shape, cand);
    snprintf(r[i].full, sizeof r[i].full, "%s vs %s, %s", cand, base, shape);
  }
  if (!n) {
    free(r);
    return;
  }
  qsort(r, n, sizeof *r, by_group);
  char xtv[512], nb[32], mb[32], pb[64];
  double xlo, xhi;
  int logx;
  char *vd = words("verdicts", NULL);
  // the key figure: the groups against a library (none without LIBRARIES), on their own axis
  size_t nk = 0;
  while (nk < n && r[nk].group < FG_KEY) nk++;
  if (nk && nk + 2 * c->e.libraries.n + 4 <= FOREST_ROWS_MAX) {
    forest_axis(r, nk, xtv, sizeof xtv, &xlo, &xhi, &logx);
    forest_page("key", r, 0, nk, xtv, xlo, xhi, logx);
    strlist libs = {0};
    for (size_t i = 0; i < c->e.libraries.n; i++) strlist_add(&libs, c->e.libraries.v[i]);
    char lb[512] = "";
    for (size_t i = 0, u = 0; i < libs.n && u < sizeof lb; i++)
      u += (size_t)snprintf(lb + u, sizeof lb - u, "%s`%s`", i ? ", " : "", libs.v[i]);
    // the kinds of group the figure holds, in its order (fgroup): the caption names these only
    int has[4] = {0};
    for (size_t i = 0; i < nk; i++) has[c->e.primary.n ? 3 : r[i].group < 1000 ? 0 : r[i].group < 2000 ? 1 : 2] = 1;
    static const char *const kind[4] = {"key-dispatch", "key-compare", "key-fastest", "key-claims"};
    char *part[4] = {NULL}, rows[1024] = "";
    size_t nkind = 0, u = 0;
    for (int k = 0; k < 4; k++)
      if (has[k]) part[nkind++] = words(kind[k], NULL);
    for (size_t k = 0; k < nkind && u < sizeof rows; k++)
      u += (size_t)snprintf(rows + u, sizeof rows - u, "%s%s", k == 0 ? "" : k + 1 < nkind ? ", " : " and ", part[k]);
    for (size_t k = 0; k < nkind; k++) free(part[k]);
    figure("key", "key", (const char *const[]){"gpu", c->slug, "libs", lb, "rows", rows, "verdicts", vd, NULL});
    strlist_free(&libs);
  }
  // every row asked for, in pages of at most FOREST_ROWS_MAX rows on one axis; a group stays on
  // one page unless it alone is longer
  forest_axis(r, n, xtv, sizeof xtv, &xlo, &xhi, &logx);
  size_t starts[256], np = 0;
  for (size_t a = 0; a < n && np < 256;) {
    size_t b = a, rows = 0;
    while (b < n) {
      size_t g = b, grows = 1;  // the group starting at b, with its heading
      while (g < n && r[g].group == r[b].group) g++, grows++;
      if (rows + grows > FOREST_ROWS_MAX) {
        if (rows) break;
        g = b + FOREST_ROWS_MAX - 1;  // a group longer than a page: cut it
      }
      rows += g - b + 1, b = g;
    }
    starts[np++] = a;
    a = b;
  }
  snprintf(nb, sizeof nb, "%zu", n);
  snprintf(mb, sizeof mb, "%zu", t->nrows);
  char *which = words(c->e.cmp_cand.n ? "speedup-asked" : "speedup-all", (const char *const[]){"n", nb, "m", mb, NULL});
  for (size_t p = 0; p < np; p++) {
    char name[32];
    snprintf(name, sizeof name, "speedup-%zu", p + 1);
    forest_page(name, r, starts[p], p + 1 < np ? starts[p + 1] : n, xtv, xlo, xhi, logx);
    snprintf(pb, sizeof pb, "%zu", p + 1);
    snprintf(nb, sizeof nb, "%zu", np);
    char *page = np > 1 ? words("speedup-page", (const char *const[]){"p", pb, "np", nb, NULL}) : NULL;
    figure("speedup", name, (const char *const[]){"gpu", c->slug, "which", which, "page", page ? page : "", "verdicts", vd, NULL});
    free(page);
  }
  free(which);
  free(vd);
  free(r);
}

// The roofline: at each shape with a known work, our fastest variant and the fastest library
// (else baseline), the winners only (every variant's median is in the full appendix's tables).
// Data: a block per side present ("ours", "base": sides), rows "ai tflops shape variant";
// basekind: what the other side's points are ("library" when all are LIBRARIES', else "baseline").
static void roofline(const ctx *c, const char *ceil_path) {
  roof_t rf;
  if (roof_read(ceil_path, c->slug, &rf, err, sizeof err)) die();
  double bw = rf.bw_gbs, tf = rf.tflops, dbw = rf.ds_bw_gbs, dtf = rf.ds_tflops;
  FILE *d = open_out("roofline", "dat"), *g = open_out("roofline", "gpv");
  double amin = INFINITY, amax = 0;
  size_t nb = 0;
  int libs = 1;  // every point of the other side a library's
  static const char *const side[2] = {"ours", "base"};
  fprintf(g, "sides = \"");
  for (int w = 0; w < 2; w++) {
    int any = 0;
    for (size_t k = 0; k < c->shapes.n; k++) {
      const char *sh = c->shapes.v[k];
      const char *v = w ? pick_fastest_base(&c->sum, &c->names, &c->e, sh) : pick_variant(&c->sum, &c->names, &c->e, "@ours", sh);
      double med, fl, by;
      if (!v || pick_median(&c->sum, v, sh, &med) || roof_work(sh, &fl, &by)) continue;
      if (!any) fprintf(d, "%s# %s\n", nb ? "\n\n" : "", side[w]);
      any = 1;
      libs &= !w || strlist_has(&c->e.libraries, v);
      double ai = fl / by;
      fprintf(d, "%.6g %.6g %s %s\n", ai, fl / med / 1e6, sh, v);
      amin = fmin(amin, ai), amax = fmax(amax, ai);
    }
    if (any) fprintf(g, "%s%s", nb++ ? " " : "", side[w]);
  }
  if (!nb) {  // no shape with a known work and a median: no figure (an empty roofline misleads)
    fclose(d);
    fclose(g);
    return;
  }
  fprintf(g, "\"\nnblk = %zu\nbasekind = \"%s\"\n", nb, libs ? "library" : "baseline");
  fprintf(g, "bw = %g\ntf = %g\ndbw = %g\ndtf = %g\n", bw, tf, dbw, dtf);
  fprintf(g, "xmin = %g\nxmax = %g\n", amin / 4, fmax(amax * 4, 2 * fmax(tf, dtf) * 1000 / fmax(fmax(bw, dbw), 1)));
  fclose(d);
  fclose(g);
  char *compute = tf > 0 ? words("ceilings-compute", (const char *const[]){"metric", rf.tf_metric, NULL}) : NULL;
  char *meas = words(bw > 0 ? "ceilings-measured" : "ceilings-none",
                     (const char *const[]){"metric", rf.bw_metric, "compute", compute ? compute : "", NULL});
  free(compute);
  char *ds = dbw > 0 ? NULL : words("datasheet-none", NULL);
  figure("roofline", "roofline", (const char *const[]){"gpu", c->slug, "ceilings", meas, "datasheet", ds ? ds : "", NULL});
  free(meas);
  free(ds);
}

// A problem's axis names ("B H S K D C"), split once.
typedef struct {
  char name[SHAPE_AXES_MAX][16];
  int n;
} axes_t;

static void axes_split(const char *axes, axes_t *a) {
  char buf[128];
  snprintf(buf, sizeof buf, "%s", axes);
  a->n = 0;
  for (char *save = NULL, *t = strtok_r(buf, " ", &save); t && a->n < SHAPE_AXES_MAX; t = strtok_r(NULL, " ", &save))
    snprintf(a->name[a->n++], sizeof a->name[0], "%s", t);
}

static int axes_find(const axes_t *a, const char *name) {
  for (int k = 0; k < a->n; k++)
    if (!strcmp(a->name[k], name)) return k;
  return -1;
}

// A shape parsed by its problem (the registry of kernels/harness/shape.h), with its axes.
typedef struct {
  const problem_host *p;
  problem_shape s;
  axes_t ax;
  int naxes, ok;
} pshape;

// Is K in the group of R whose varying axes are the mask V: the same problem, equal to R on every
// other axis, and its varying axes all equal to each other (they move as one: attention's S and K)
static int in_group(const pshape *r, unsigned vary, const pshape *k) {
  if (!k->ok || k->p != r->p) return 0;
  long first = -1;
  for (int a = 0; a < r->naxes; a++) {
    if (!(vary >> a & 1u)) {
      if (k->s.v[a] != r->s.v[a]) return 0;
    } else if (first < 0) {
      first = k->s.v[a];
    } else if (k->s.v[a] != first) {
      return 0;
    }
  }
  return 1;
}

// the scaling figure's group: the largest set (≥ 2) of shapes of one problem that differ only in
// axes moving together, the problem's scale axis among them (its x axis), with distinct values
// of it; the best variant of ours over the group against the baselines
static void scaling(const ctx *c) {
  size_t n = c->shapes.n, best_i = 0, best_n = 0;
  unsigned best_v = 0;
  pshape *s = calloc(n ? n : 1, sizeof *s);
  for (size_t i = 0; i < n; i++) {
    char why[128];
    s[i].p = problem_host_of_shape(c->shapes.v[i]);
    s[i].ok = s[i].p && s[i].p->scale && s[i].p->parse(c->shapes.v[i], &s[i].s, why, sizeof why) == 0;
    if (s[i].ok) axes_split(s[i].p->axes, &s[i].ax), s[i].naxes = s[i].ax.n;
  }
  for (size_t i = 0; i < n; i++) {
    if (!s[i].ok) continue;
    int ax = axes_find(&s[i].ax, s[i].p->scale);
    for (size_t j = 0; j < n && ax >= 0; j++) {
      if (j == i || !s[j].ok || s[j].p != s[i].p) continue;
      unsigned vary = 0;
      for (int a = 0; a < s[i].naxes; a++)
        if (s[i].s.v[a] != s[j].s.v[a]) vary |= 1u << a;
      if (!(vary >> ax & 1u) || !in_group(&s[i], vary, &s[i]) || !in_group(&s[i], vary, &s[j])) continue;
      size_t m = 0;
      for (size_t k = 0; k < n; k++) {
        int dup = 0;
        for (size_t q = 0; q < k && !dup; q++)
          dup = in_group(&s[i], vary, &s[q]) && s[q].s.v[ax] == s[k].s.v[ax];
        m += in_group(&s[i], vary, &s[k]) && !dup;
      }
      if (m > best_n) best_n = m, best_i = i, best_v = vary;
    }
  }
  if (best_n < scaling_min) goto done;  // a line through two points shows no trend
  const pshape *r = &s[best_i];
  int ax = axes_find(&r->ax, r->p->scale);
  int *member = calloc(n ? n : 1, sizeof *member);
  for (size_t k = 0; k < n; k++) {
    member[k] = in_group(r, best_v, &s[k]);
    for (size_t q = 0; q < k && member[k]; q++)
      if (member[q] && s[q].s.v[ax] == s[k].s.v[ax]) member[k] = 0;
  }
  // best of ours: lowest geometric mean of medians over the group, among those with all of it
  const char *best = NULL;
  double bg = INFINITY;
  for (size_t v = 0; v < c->names.n; v++) {
    if (expvars_is_baseline(&c->e, c->names.v[v]) || expvars_is_dispatch(&c->e, c->names.v[v])) continue;
    double lg = 0, med;
    size_t m = 0;
    for (size_t j = 0; j < n; j++)
      if (member[j] && pick_median(&c->sum, c->names.v[v], c->shapes.v[j], &med) == 0) lg += log(med), m++;
    if (m == best_n && lg / m < bg) bg = lg / m, best = c->names.v[v];
  }
  if (!best) {
    free(member);
    goto done;
  }
  // the members in increasing x (the figure draws lines through them in this order)
  size_t *byx = calloc(n ? n : 1, sizeof *byx), nm_ = 0;
  for (size_t k = 0; k < n; k++)
    if (member[k]) {
      size_t q = nm_++;
      for (; q > 0 && s[byx[q - 1]].s.v[ax] > s[k].s.v[ax]; q--) byx[q] = byx[q - 1];
      byx[q] = k;
    }
  FILE *d = open_out("scaling", "dat"), *g = open_out("scaling", "gpv");
  char xname[128] = "", fixed[256] = "";
  size_t xu = 0, fu = 0;
  for (int a = 0; a < r->naxes; a++) {
    const char *an = r->ax.name[a];
    if (best_v >> a & 1u) xu += (size_t)snprintf(xname + xu, sizeof xname - xu, "%s%s", xu ? " = " : "", an);
    else fu += (size_t)snprintf(fixed + fu, sizeof fixed - fu, "%s%s=%ld", fu ? " " : "", an, r->s.v[a]);
  }
  fprintf(g, "xname = \"%s\"\nnames = \"", xname);
  size_t nb = 0;
  int cs = rcsv_col(&c->sum, "shape"), cf = rcsv_col(&c->sum, "file"), cl = rcsv_col(&c->sum, "ci_lo"),
      ch = rcsv_col(&c->sum, "ci_hi"), cm = rcsv_col(&c->sum, "median");
  for (size_t v = 0; v < c->names.n + 1; v++) {
    const char *nm = v == 0 ? best : c->names.v[v - 1];
    if (v > 0 && (!expvars_is_baseline(&c->e, nm) && !(c->e.baseline && !strcmp(nm, c->e.baseline))))
      continue;
    if (v > 0 && !strcmp(nm, best)) continue;
    int any = 0;
    for (size_t mi = 0; mi < nm_; mi++) {
      size_t j = byx[mi];
      for (size_t row = 0; row < c->sum.nrows; row++) {
        char buf[256];
        if (strcmp(rcsv_get(&c->sum, row, cs), c->shapes.v[j]) ||
            strcmp(pick_name(rcsv_get(&c->sum, row, cf), buf, sizeof buf), nm))
          continue;
        if (!any) fprintf(d, "%s# %s\n", nb ? "\n\n" : "", nm);
        any = 1;
        fprintf(d, "%ld %s %s %s\n", s[j].s.v[ax], rcsv_get(&c->sum, row, cm), rcsv_get(&c->sum, row, cl),
                rcsv_get(&c->sum, row, ch));
      }
    }
    if (any) fprintf(g, "%s%s", nb++ ? " " : "", nm);
  }
  fprintf(g, "\"\nnblk = %zu\n", nb);
  fclose(d);
  fclose(g);
  char *at = *fixed ? words("scaling-at", (const char *const[]){"fixed", fixed, NULL}) : NULL;
  figure("scaling", "scaling",
         (const char *const[]){"axes", xname, "at", at ? at : "", "gpu", c->slug, "best", best, NULL});
  free(at);
  free(byx);
  free(member);
done:
  free(s);
}

static void gates(const char *dir, const char *slug) {
  char p[4096];
  snprintf(p, sizeof p, "%s/gates.csv", dir);
  gt_table t;
  if (access(p, F_OK)) return;
  if (gt_read(p, GT_TABLE, &t, err, sizeof err)) die();
  strlist reasons = {0};
  for (size_t i = 0; i < t.n; i++)
    if (!t.rows[i].pass && !strlist_has(&reasons, t.rows[i].f[2])) strlist_add(&reasons, t.rows[i].f[2]);
  strlist_sort(&reasons);
  if (reasons.n) {
    FILE *d = open_out("gates", "dat"), *g = open_out("gates", "gpv");
    strlist cats = {0};
    for (size_t k = 0; k < reasons.n; k++) {
      strlist_add(&cats, reasons.v[k][0] ? reasons.v[k] : "(none given)");
      size_t m = 0;
      for (size_t i = 0; i < t.n; i++) m += !t.rows[i].pass && !strcmp(t.rows[i].f[2], reasons.v[k]);
      fprintf(d, "%zu %zu ", k, m);
      gpstr(d, cats.v[k]);
      fputc('\n', d);
    }
    fprintf(g, "nrow = %zu\n", reasons.n);
    gpcats(g, &cats);
    strlist_free(&cats);
    fclose(d);
    fclose(g);
    figure("gates", "gates", (const char *const[]){"gpu", slug, NULL});
  }
  strlist_free(&reasons);
  gt_free(&t);
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
    else if (!strcmp(k, "--static")) stat_dir = v;
    else if (!strcmp(k, "--scaling-min")) {
      char *end;
      long m = strtol(v, &end, 10);
      if (*end || m < 2 || m > 1000) argc = 0;
      else scaling_min = (size_t)m;
    } else argc = 0;
  }
  if (argc % 2 == 0 || !out || !vars || !sum || !cmp || !data || !stat_dir) {
    fprintf(stderr, "usage: prep_plots --out DIR --vars VARS --summary CSV --compare CSV --data DIR "
                    "--static DIR [--ceilings CSV] [--gpu SLUG] [--scaling-min N (>= 2, default 3)]\n");
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
