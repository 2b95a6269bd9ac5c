// design.c — see design.h.
#include "design.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples_median.h"

const char *level_name(level_t l) {
  static const char *const names[] = {"auto", "sample", "round", "session", "gpu"};
  return names[l];
}

int design_nested(const design_t *d) {
  for (size_t i = 0; i < d->nunits; i++) {
    if (i && d->units[i].session == d->units[i - 1].session) continue;
    // a session of a GPU that an earlier session already ran on
    for (size_t j = 0; j < i; j++)
      if (d->gpu[d->units[j].session] == d->gpu[d->units[i].session] &&
          d->units[j].session != d->units[i].session)
        return 1;
  }
  return 0;
}

level_t design_auto_level(const design_t *a, const design_t *b) {
  size_t k = a->nsessions, g = a->ngpus;
  int nested = design_nested(a);
  if (b) {
    if (b->nsessions > k) k = b->nsessions;
    if (b->ngpus > g) g = b->ngpus;
    nested |= design_nested(b);
  }
  if (k < 2) return LEVEL_ROUND;
  return nested && g >= 3 ? LEVEL_GPU : LEVEL_SESSION;
}

// --- building -------------------------------------------------------------------------------

// Median of sorted x and the robust variance (1.4826 MAD)^2; work holds n doubles.
static void robust(const double *x, size_t n, double *work, double *med, double *var) {
  *med = samples_median_sorted(x, 1, n);
  for (size_t i = 0; i < n; i++) work[i] = fabs(x[i] - *med);
  double mad = 1.482602218505602 * samples_median(work, n);
  *var = mad * mad;
}

// The GPUs of the file's sessions as small ids (equal uuids, equal ids; a session whose GPU is
// not recorded gets an id of its own), and the number of GPUs that hold units.
static size_t count_gpus(const design_t *d) {
  size_t n = 0;
  for (size_t i = 0; i < d->nunits; i++) {
    int seen = 0;
    for (size_t j = 0; j < i && !seen; j++) seen = d->gpu[d->units[j].session] == d->gpu[d->units[i].session];
    n += !seen;
  }
  return n;
}

static int map_gpus(design_t *d) {
  const samples_file *f = d->file;
  d->gpu = malloc((f->nsessions ? f->nsessions : 1) * sizeof *d->gpu);
  if (!d->gpu) {
    design_free(d);
    return -1;
  }
  for (size_t s = 0; s < f->nsessions; s++) {
    size_t len = 0, lj = 0;
    const char *g = samples_session_gpu(f, s, &len);
    d->gpu[s] = (unsigned)s;
    for (size_t j = 0; g && j < s; j++) {
      const char *h = samples_session_gpu(f, j, &lj);
      if (h && lj == len && !strncmp(g, h, len)) {
        d->gpu[s] = d->gpu[j];
        break;
      }
    }
  }
  d->ngpus = count_gpus(d);
  return 0;
}

static int in_plan(const samples_file *f, unsigned s, const char *plan) {
  size_t len = 0;
  const char *v = plan ? samples_session_value(f, s, "plan", &len) : NULL;
  return !plan || (v && len == strlen(plan) && !strncmp(v, plan, len));
}

int design_build(const samples_file *f, const samples_group *g, const char *only_session,
                 design_t *d) {
  return design_build_plan(f, g, only_session, NULL, d);
}

int design_beyond_plan(const design_t *d, const char *plan) {
  unsigned long n[3];
  if (!plan || samples_plan_parse(plan, n)) return 0;
  unsigned long G = n[0], S = n[1];
  if (d->ngpus > G) return 1;
  for (size_t i = 0; i < d->nunits; i++) {
    size_t n = 0;  // sessions on the GPU of unit i
    for (size_t j = 0; j < d->nunits; j++)
      n += d->gpu[d->units[j].session] == d->gpu[d->units[i].session] &&
           (j == 0 || d->units[j].session != d->units[j - 1].session);
    if (n > S) return 1;
  }
  return 0;
}

int design_build_plan(const samples_file *f, const samples_group *g, const char *only_session,
                      const char *plan, design_t *d) {
  memset(d, 0, sizeof *d);
  d->file = f;
  samples_sample *o = malloc((g->n ? g->n : 1) * sizeof *o);
  double *x = malloc((g->n ? g->n : 1) * sizeof *x), *w = malloc((g->n ? g->n : 1) * sizeof *w);
  d->units = malloc((g->n ? g->n : 1) * sizeof *d->units);
  if (!o || !x || !w || !d->units) {
    free(o), free(x), free(w);
    design_free(d);
    return -1;
  }
  // the samples in round order (sessions in order of first appearance), only_session's alone
  samples_round_order(g, o);
  size_t n = 0;
  for (size_t i = 0; i < g->n; i++)
    if ((!only_session || strcmp(f->sessions[o[i].session], only_session) == 0) &&
        in_plan(f, o[i].session, plan))
      o[n++] = o[i];
  d->nsamples = n;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    double clk = INFINITY;
    while (j < n && o[j].session == o[i].session && o[j].round == o[i].round) {
      x[j - i] = log(o[j].t);
      clk = isnan(o[j].clk) || isnan(clk) ? NAN : fmin(clk, o[j].clk);
      j++;
    }
    unit_t *u = &d->units[d->nunits++];
    u->clk_min = clk;
    u->session = o[i].session;
    u->round = o[i].round;
    u->nrep = j - i;
    robust(x, u->nrep, w, &u->u, &u->rep_var);
    if (d->nunits == 1 || d->units[d->nunits - 2].session != u->session) d->nsessions++;
    i = j;
  }
  free(o), free(x), free(w);
  return map_gpus(d);
}

static const char *sname(const design_t *d, const unit_t *u) { return d->file->sessions[u->session]; }

static int holds_session(const design_t *d, const char *name) {
  for (size_t i = 0; i < d->nunits; i++)
    if (!strcmp(sname(d, &d->units[i]), name)) return 1;
  return 0;
}

size_t design_shared_sessions(const design_t *a, const design_t *b) {
  size_t n = 0;
  for (size_t i = 0; i < a->nunits; i++)
    if ((i == 0 || a->units[i].session != a->units[i - 1].session) &&
        holds_session(b, sname(a, &a->units[i])))
      n++;
  return n;
}

// Keeps the units for which keep(d, unit, arg) holds; nsessions, nsamples and ngpus follow.
static void keep_units(design_t *d, int (*keep)(const design_t *, const unit_t *, const void *),
                       const void *arg) {
  size_t n = 0;
  d->nsessions = d->nsamples = 0;
  for (size_t i = 0; i < d->nunits; i++) {
    if (!keep(d, &d->units[i], arg)) continue;
    if (n == 0 || d->units[n - 1].session != d->units[i].session) d->nsessions++;
    d->nsamples += d->units[i].nrep;
    d->units[n++] = d->units[i];
  }
  d->nunits = n;
  d->ngpus = count_gpus(d);
}

static int in_sessions_of(const design_t *d, const unit_t *u, const void *other) {
  return holds_session(other, sname(d, u));
}

void design_keep_shared(design_t *d, const design_t *other) { keep_units(d, in_sessions_of, other); }

static int full_clock(const design_t *d, const unit_t *u, const void *mhz) {
  (void)d;
  return u->clk_min >= *(const double *)mhz;  // (false for NaN)
}

size_t design_keep_full_clock(design_t *d, double mhz) {
  keep_units(d, full_clock, &mhz);
  return d->nunits;
}

static int in_rounds_of(const design_t *d, const unit_t *u, const void *other) {
  const design_t *o = other;
  for (size_t i = 0; i < o->nunits; i++)
    if (o->units[i].round == u->round && !strcmp(sname(o, &o->units[i]), sname(d, u))) return 1;
  return 0;
}

void design_keep_shared_rounds(design_t *d, const design_t *other) {
  keep_units(d, in_rounds_of, other);
}

int design_copy(const design_t *src, design_t *dst) {
  *dst = *src;
  size_t nu = src->nunits ? src->nunits : 1, ns = src->file->nsessions ? src->file->nsessions : 1;
  dst->units = malloc(nu * sizeof *dst->units);
  dst->gpu = malloc(ns * sizeof *dst->gpu);
  if (!dst->units || !dst->gpu) {
    design_free(dst);
    return -1;
  }
  memcpy(dst->units, src->units, src->nunits * sizeof *dst->units);
  memcpy(dst->gpu, src->gpu, src->file->nsessions * sizeof *dst->gpu);
  return 0;
}

void design_free(design_t *d) {
  free(d->units);
  free(d->gpu);
  memset(d, 0, sizeof *d);
}

// --- the numbers of one level ---------------------------------------------------------------

// Values v[i] of units with session labels s[i] (ordered by session), their count, the GPU of
// each file session, and for the components the mean sampling variance of a unit and the mean
// within-round variance of log t.
typedef struct {
  double *v;
  unsigned *s;
  size_t n;
  const unsigned *gpu;
  double med_var, rep_var;
} series_t;

static double mean(const double *v, size_t n) { return gsl_stats_mean(v, 1, n); }

// Session means of a series into m and their GPUs into g (room for n); returns their number.
static size_t session_means(const series_t *x, double *m, unsigned *g) {
  size_t k = 0;
  for (size_t i = 0; i < x->n;) {
    size_t j = i;
    while (j < x->n && x->s[j] == x->s[i]) j++;
    g[k] = x->gpu[x->s[i]];
    m[k++] = mean(x->v + i, j - i);
    i = j;
  }
  return k;
}

// 1 when i is the first session of its GPU; then the mean of that GPU's sessions and their number.
static int gpu_first(const double *v, const unsigned *g, size_t k, size_t i, double *m, size_t *n) {
  for (size_t j = 0; j < i; j++)
    if (g[j] == g[i]) return 0;
  double sum = 0;
  *n = 0;
  for (size_t j = i; j < k; j++)
    if (g[j] == g[i]) sum += v[j], ++*n;
  *m = sum / (double)*n;
  return 1;
}

void design_nested_summary(const double *v, const unsigned *g, size_t k, nested_t *o) {
  *o = (nested_t){0, NAN, NAN, 0, 0, 0, k, 0};
  double sum_means = 0, ss_w = 0, m;
  size_t n;
  for (size_t i = 0; i < k; i++) {
    if (!gpu_first(v, g, k, i, &m, &n)) continue;
    for (size_t j = i; j < k; j++)
      if (g[j] == g[i]) ss_w += (v[j] - m) * (v[j] - m);
    o->G++;
    o->dfw += n - 1;
    o->inv_sum += 1.0 / (double)n;
    sum_means += m;
  }
  if (!o->G) return;
  o->est = sum_means / (double)o->G;
  o->h = o->inv_sum / (double)o->G;
  if (o->G >= 2) {
    double ss = 0;
    for (size_t i = 0; i < k; i++)
      if (gpu_first(v, g, k, i, &m, &n)) ss += (m - o->est) * (m - o->est);
    o->s2_gpu = ss / (double)(o->G - 1);
  }
  if (o->dfw) o->s2_within = ss_w / (double)o->dfw;
}

size_t design_session_values(const design_t *d, double *v, unsigned *g) {
  size_t k = 0;
  for (size_t i = 0; i < d->nunits;) {
    size_t j = i;
    double sum = 0;
    while (j < d->nunits && d->units[j].session == d->units[i].session) sum += d->units[j++].u;
    g[k] = d->gpu[d->units[i].session];
    v[k++] = sum / (double)(j - i);
    i = j;
  }
  return k;
}

// The components of a series whose session means m (GPUs sg) summarise as N.
static components_t components(const series_t *x, const double *m, size_t k, const nested_t *N) {
  components_t c = {sqrt(x->rep_var), NAN, NAN, NAN};
  double ss = 0, hinv = 0;
  size_t dfw = 0, si = 0;
  for (size_t i = 0; i < x->n; si++) {
    size_t j = i;
    while (j < x->n && x->s[j] == x->s[i]) j++;
    for (size_t t = i; t < j; t++) ss += (x->v[t] - m[si]) * (x->v[t] - m[si]);
    dfw += j - i - 1;
    hinv += 1.0 / (double)(j - i);
    i = j;
  }
  double s2w = dfw ? ss / (double)dfw : NAN;
  if (dfw) c.round = sqrt(fmax(0, s2w - x->med_var));
  // the round part of a session mean's variance (harmonic mean of the rounds per session)
  double within = dfw ? s2w * hinv / (double)k : 0;
  if (N->dfw) {
    c.session = sqrt(fmax(0, N->s2_within - within));
    if (N->G >= 2) c.gpu = sqrt(fmax(0, N->s2_gpu - N->s2_within * N->h));
  } else if (k >= 2) {
    c.session = sqrt(fmax(0, gsl_stats_variance(m, 1, k) - within));
  }
  return c;
}

// se and df of the estimate of nested summary N at level lv (n rounds v at level round).
static void level_se(const nested_t *N, level_t lv, const double *v, size_t n, double *se,
                     double *df) {
  *se = *df = NAN;
  if (lv == LEVEL_ROUND) {
    if (n >= 2) *se = gsl_stats_sd(v, 1, n) / sqrt((double)n), *df = (double)(n - 1);
  } else if (lv == LEVEL_SESSION && N->dfw) {
    *se = sqrt(N->s2_within * N->inv_sum) / (double)N->G;
    *df = (double)N->dfw;
  } else if (N->G >= 2) {  // gpu, or sessions on distinct GPUs
    *se = sqrt(N->s2_gpu / (double)N->G);
    *df = (double)(N->G - 1);
  }
}

static int is_conditional(const nested_t *N, level_t lv) {
  return N->G < 3 || lv == LEVEL_ROUND || (lv == LEVEL_SESSION && N->dfw);
}

// Estimate from a series at level lv; m has room for x->n doubles, g for x->n labels.
static void estimate(const series_t *x, level_t lv, double *m, unsigned *g, estimate_t *e) {
  size_t k = session_means(x, m, g);
  nested_t N;
  design_nested_summary(m, g, k, &N);
  e->level = lv;
  e->n_gpus = N.G;
  e->n_sessions = k;
  e->n_rounds = x->n;
  e->comp = components(x, m, k, &N);
  e->est = N.est;  // every GPU weighs the same, and every session within it, whatever the level
  level_se(&N, lv, x->v, x->n, &e->se, &e->df);
  e->conditional = is_conditional(&N, lv);
}

static int series_of(const design_t *d, series_t *x) {
  x->n = d->nunits;
  x->gpu = d->gpu;
  x->v = malloc((x->n ? x->n : 1) * sizeof *x->v);
  x->s = malloc((x->n ? x->n : 1) * sizeof *x->s);
  if (!x->v || !x->s) return -1;
  x->med_var = x->rep_var = 0;
  for (size_t i = 0; i < x->n; i++) {
    const unit_t *u = &d->units[i];
    x->v[i] = u->u;
    x->s[i] = u->session;
    x->rep_var += u->rep_var / (double)x->n;
    x->med_var += 1.5707963267948966 * u->rep_var / (double)u->nrep / (double)x->n;
  }
  return 0;
}

static void series_free(series_t *x) {
  free(x->v);
  free(x->s);
}

static const estimate_t none = {LEVEL_ROUND, NAN, NAN, NAN, 0, 0, 0, 0, 1, {NAN, NAN, NAN, NAN}};

int design_estimate(const design_t *d, level_t lv, estimate_t *e) {
  memset(e, 0, sizeof *e);
  series_t x = {0};
  size_t cap = d->nunits ? d->nunits : 1;
  double *m = malloc(cap * sizeof *m);
  unsigned *g = malloc(cap * sizeof *g);
  int rc = !m || !g || series_of(d, &x) ? -1 : 0;
  if (lv == LEVEL_AUTO) lv = design_auto_level(d, NULL);
  if (rc || !d->nunits) {
    *e = none;
    e->level = lv;
  } else {
    estimate(&x, lv, m, g, e);
  }
  e->paired = 0;
  series_free(&x);
  free(m);
  free(g);
  return rc;
}

// --- comparisons ----------------------------------------------------------------------------

// 1 when both designs have the same units (at levels session and gpu: the same sessions).
static int same_units(const design_t *b, const design_t *c, level_t lv) {
  if (lv == LEVEL_ROUND && b->nunits != c->nunits) return 0;
  if (lv != LEVEL_ROUND && b->nsessions != c->nsessions) return 0;
  if (lv == LEVEL_ROUND) {
    for (size_t i = 0; i < b->nunits; i++)
      if (b->units[i].round != c->units[i].round ||
          strcmp(sname(b, &b->units[i]), sname(c, &c->units[i])))
        return 0;
    return 1;
  }
  // sessions in order of first appearance: compare the sequences of distinct names
  size_t i = 0, j = 0;
  while (i < b->nunits && j < c->nunits) {
    if (strcmp(sname(b, &b->units[i]), sname(c, &c->units[j]))) return 0;
    unsigned si = b->units[i].session, sj = c->units[j].session;
    while (i < b->nunits && b->units[i].session == si) i++;
    while (j < c->nunits && c->units[j].session == sj) j++;
  }
  return i == b->nunits && j == c->nunits;
}

// The units an estimate at level lv rests on.
static double units_at(const estimate_t *e, level_t lv) {
  return (double)(lv == LEVEL_ROUND ? e->n_rounds : lv == LEVEL_GPU ? e->n_gpus : e->n_sessions);
}

int design_compare(const design_t *b, const design_t *c, level_t lv, estimate_t *e) {
  memset(e, 0, sizeof *e);
  if (lv == LEVEL_AUTO) lv = design_auto_level(b, c);
  series_t xb = {0}, xc = {0};
  size_t cap = b->nunits + c->nunits + 1;
  double *mb = malloc(cap * sizeof *mb), *mc = malloc(cap * sizeof *mc);
  unsigned *g = malloc(cap * sizeof *g);
  int rc = !mb || !mc || !g || series_of(b, &xb) || series_of(c, &xc) ? -1 : 0;
  if (rc || !b->nunits || !c->nunits) {
    *e = none;
    e->level = lv;
    goto out;
  }
  estimate_t eb, ec;
  estimate(&xb, lv, mb, g, &eb);
  estimate(&xc, lv, mc, g, &ec);
  e->paired = same_units(b, c, lv);
  if (e->paired) {
    series_t xd = xb;
    xd.v = malloc(xb.n * sizeof *xd.v);
    if (!xd.v) {
      rc = -1;
      goto out;
    }
    xd.med_var = xb.med_var + xc.med_var;
    xd.rep_var = xb.rep_var + xc.rep_var;
    if (same_units(b, c, LEVEL_ROUND)) {
      // the differences per round, nested in their sessions and GPUs
      for (size_t i = 0; i < xb.n; i++) xd.v[i] = xb.v[i] - xc.v[i];
      estimate(&xd, lv, mb, g, e);
    } else {
      // the same sessions, other rounds: the session means differenced
      size_t k = session_means(&xb, mb, g);
      session_means(&xc, mc, g + k);  // (c's labels aside: the sessions nest as b's do)
      for (size_t i = 0; i < k; i++) xd.v[i] = mb[i] - mc[i];
      nested_t N;
      design_nested_summary(xd.v, g, k, &N);
      e->level = lv;
      e->est = N.est;
      level_se(&N, lv, xd.v, k, &e->se, &e->df);  // (level round: the session differences)
      e->conditional = is_conditional(&N, lv);
      e->comp = (components_t){sqrt(xd.rep_var), NAN, NAN, NAN};
      if (N.dfw) {
        e->comp.session = sqrt(N.s2_within);
        if (N.G >= 2) e->comp.gpu = sqrt(fmax(0, N.s2_gpu - N.s2_within * N.h));
      } else if (k >= 2) {
        e->comp.session = gsl_stats_sd(xd.v, 1, k);
      }
    }
    e->paired = 1;
    free(xd.v);
  } else {
    e->level = lv;
    e->est = eb.est - ec.est;
    double nb = units_at(&eb, lv), nc = units_at(&ec, lv);
    double vb = eb.se * eb.se, vc = ec.se * ec.se;  // variances of the two estimates
    // one unit on one side: its unit variance borrowed from the other side
    if (isnan(vb) && !isnan(vc)) vb = vc * nc / nb;
    if (isnan(vc) && !isnan(vb)) vc = vb * nb / nc;
    double dfb = isnan(eb.se) ? 0 : eb.df, dfc = isnan(ec.se) ? 0 : ec.df;
    e->se = sqrt(vb + vc);
    if (dfb && dfc) e->df = (vb + vc) * (vb + vc) / (vb * vb / dfb + vc * vc / dfc);
    else e->df = dfb + dfc > 0 ? dfb + dfc : NAN;
    e->conditional = eb.conditional || ec.conditional;
    e->comp.rep = sqrt(xb.rep_var + xc.rep_var);
    e->comp.round = hypot(eb.comp.round, ec.comp.round);
    e->comp.session = hypot(eb.comp.session, ec.comp.session);
    if (isnan(e->comp.session)) e->comp.session = isnan(eb.comp.session) ? ec.comp.session : eb.comp.session;
    e->comp.gpu = hypot(eb.comp.gpu, ec.comp.gpu);
    if (isnan(e->comp.gpu)) e->comp.gpu = isnan(eb.comp.gpu) ? ec.comp.gpu : eb.comp.gpu;
  }
  e->n_gpus = eb.n_gpus < ec.n_gpus ? eb.n_gpus : ec.n_gpus;
  e->n_sessions = eb.n_sessions < ec.n_sessions ? eb.n_sessions : ec.n_sessions;
  e->n_rounds = eb.n_rounds < ec.n_rounds ? eb.n_rounds : ec.n_rounds;
out:
  series_free(&xb);
  series_free(&xc);
  free(mb);
  free(mc);
  free(g);
  return rc;
}

double design_p_value(double est, double se, double df) {
  if (isnan(est) || isnan(se) || isnan(df)) return NAN;
  if (se == 0) return est == 0 ? 1 : 0;
  return 2 * gsl_cdf_tdist_Q(fabs(est) / se, df);
}

double design_halfwidth(double se, double df, double a) {
  if (isnan(se) || isnan(df) || df <= 0) return NAN;
  return gsl_cdf_tdist_Qinv(a / 2, df) * se;
}
