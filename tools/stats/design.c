// design.c — see design.h.
#include "design.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples_median.h"

const char *level_name(level_t l) {
  static const char *const names[] = {"auto", "sample", "round", "session"};
  return names[l];
}

level_t design_auto_level(size_t nsessions_max) {
  return nsessions_max >= 2 ? LEVEL_SESSION : LEVEL_ROUND;
}

// --- building -------------------------------------------------------------------------------

// Median of sorted x and the robust variance (1.4826 MAD)^2; work holds n doubles.
static void robust(const double *x, size_t n, double *work, double *med, double *var) {
  *med = samples_median_sorted(x, 1, n);
  for (size_t i = 0; i < n; i++) work[i] = fabs(x[i] - *med);
  double mad = 1.482602218505602 * samples_median(work, n);
  *var = mad * mad;
}

int design_build(const samples_file *f, const samples_group *g, const char *only_session,
                 design_t *d) {
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
    if (!only_session || strcmp(f->sessions[o[i].session], only_session) == 0) o[n++] = o[i];
  d->nsamples = n;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && o[j].session == o[i].session && o[j].round == o[i].round) x[j - i] = log(o[j].t), j++;
    unit_t *u = &d->units[d->nunits++];
    u->session = o[i].session;
    u->round = o[i].round;
    u->nrep = j - i;
    robust(x, u->nrep, w, &u->u, &u->rep_var);
    if (d->nunits == 1 || d->units[d->nunits - 2].session != u->session) d->nsessions++;
    i = j;
  }
  free(o), free(x), free(w);
  return 0;
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

void design_keep_shared(design_t *d, const design_t *other) {
  size_t n = 0;
  d->nsessions = d->nsamples = 0;
  for (size_t i = 0; i < d->nunits; i++) {
    if (!holds_session(other, sname(d, &d->units[i]))) continue;
    if (n == 0 || d->units[n - 1].session != d->units[i].session) d->nsessions++;
    d->nsamples += d->units[i].nrep;
    d->units[n++] = d->units[i];
  }
  d->nunits = n;
}

void design_free(design_t *d) {
  free(d->units);
  memset(d, 0, sizeof *d);
}

// --- the numbers of one level ---------------------------------------------------------------

// Values v[i] of units with session labels s[i] (ordered by session), their count, and for the
// components the mean sampling variance of a unit and the mean within-round variance of log t.
typedef struct {
  double *v;
  unsigned *s;
  size_t n;
  double med_var, rep_var;
} series_t;

static double mean(const double *v, size_t n) { return gsl_stats_mean(v, 1, n); }

// Session means of a series into m (room for n); returns their number.
static size_t session_means(const series_t *x, double *m) {
  size_t k = 0;
  for (size_t i = 0; i < x->n;) {
    size_t j = i;
    while (j < x->n && x->s[j] == x->s[i]) j++;
    m[k++] = mean(x->v + i, j - i);
    i = j;
  }
  return k;
}

static components_t components(const series_t *x, const double *m, size_t k) {
  components_t c = {sqrt(x->rep_var), NAN, NAN};
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
  if (k >= 2) {
    double s2b = gsl_stats_variance(m, 1, k);
    // harmonic mean of the rounds per session: the round part of a session mean's variance
    double within = dfw ? s2w * hinv / (double)k : 0;
    c.session = sqrt(fmax(0, s2b - within));
  }
  return c;
}

// Estimate from a series at level lv; m has room for x->n doubles.
static void estimate(const series_t *x, level_t lv, double *m, estimate_t *e) {
  size_t k = session_means(x, m);
  e->level = lv;
  e->n_sessions = k;
  e->n_rounds = x->n;
  e->comp = components(x, m, k);
  const double *v = lv == LEVEL_SESSION ? m : x->v;
  size_t nv = lv == LEVEL_SESSION ? k : x->n;
  e->est = mean(m, k);  // every session weighs the same, whatever the level
  e->se = e->df = NAN;
  if (nv >= 2) {
    e->se = gsl_stats_sd(v, 1, nv) / sqrt((double)nv);
    e->df = (double)(nv - 1);
  }
}

static int series_of(const design_t *d, series_t *x) {
  x->n = d->nunits;
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

int design_estimate(const design_t *d, level_t lv, estimate_t *e) {
  memset(e, 0, sizeof *e);
  series_t x;
  double *m = malloc((d->nunits ? d->nunits : 1) * sizeof *m);
  if (!m || series_of(d, &x)) {
    free(m);
    series_free(&x);
    return -1;
  }
  if (lv == LEVEL_AUTO) lv = design_auto_level(d->nsessions);
  if (d->nunits) estimate(&x, lv, m, e);
  else *e = (estimate_t){lv, NAN, NAN, NAN, 0, 0, 0, {NAN, NAN, NAN}};
  e->paired = 0;
  series_free(&x);
  free(m);
  return 0;
}

// --- comparisons ----------------------------------------------------------------------------

// 1 when both designs have the same units (at level session: the same sessions).
static int same_units(const design_t *b, const design_t *c, level_t lv) {
  if (lv == LEVEL_ROUND && b->nunits != c->nunits) return 0;
  if (lv == LEVEL_SESSION && b->nsessions != c->nsessions) return 0;
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

static double welch_df(double vb, double nb, double vc, double nc) {
  double a = vb / nb, c = vc / nc;
  return (a + c) * (a + c) / (a * a / (nb - 1) + c * c / (nc - 1));
}

int design_compare(const design_t *b, const design_t *c, level_t lv, estimate_t *e) {
  memset(e, 0, sizeof *e);
  if (lv == LEVEL_AUTO)
    lv = design_auto_level(b->nsessions > c->nsessions ? b->nsessions : c->nsessions);
  e->level = lv;
  series_t xb = {0}, xc = {0};
  size_t cap = b->nunits + c->nunits + 1;
  double *mb = malloc(cap * sizeof *mb), *mc = malloc(cap * sizeof *mc);
  int rc = !mb || !mc || series_of(b, &xb) || series_of(c, &xc) ? -1 : 0;
  if (rc || !b->nunits || !c->nunits) {
    *e = (estimate_t){lv, NAN, NAN, NAN, 0, 0, 0, {NAN, NAN, NAN}};
    goto out;
  }
  estimate_t eb, ec;
  estimate(&xb, lv, mb, &eb);
  estimate(&xc, lv, mc, &ec);
  e->paired = same_units(b, c, lv);
  e->est = eb.est - ec.est;
  if (e->paired) {
    // the differences per unit: rounds, or (level session) rounds whose session means differ
    series_t xd = xb;
    xd.v = malloc(xb.n * sizeof *xd.v);
    if (!xd.v) {
      rc = -1;
      goto out;
    }
    if (lv == LEVEL_ROUND)
      for (size_t i = 0; i < xb.n; i++) xd.v[i] = xb.v[i] - xc.v[i];
    xd.med_var = xb.med_var + xc.med_var;
    xd.rep_var = xb.rep_var + xc.rep_var;
    estimate_t ed;
    if (lv == LEVEL_ROUND) {
      estimate(&xd, lv, mb, &ed);
    } else {
      // session means of each side, differenced; their spread is the session-level noise
      size_t k = session_means(&xb, mb);
      session_means(&xc, mc);
      for (size_t i = 0; i < k; i++) xd.v[i] = mb[i] - mc[i];
      ed.est = mean(xd.v, k);
      ed.se = k >= 2 ? gsl_stats_sd(xd.v, 1, k) / sqrt((double)k) : NAN;
      ed.df = k >= 2 ? (double)(k - 1) : NAN;
      ed.comp = (components_t){sqrt(xd.rep_var), NAN, NAN};
      if (k >= 2) ed.comp.session = gsl_stats_sd(xd.v, 1, k);
      // the round part: the rounds' differences, when the rounds pair too
      if (same_units(b, c, LEVEL_ROUND)) {
        for (size_t i = 0; i < xb.n; i++) xd.v[i] = xb.v[i] - xc.v[i];
        estimate_t er;
        estimate(&xd, LEVEL_ROUND, mb, &er);
        ed.comp = er.comp;
      }
    }
    free(xd.v);
    e->est = ed.est;
    e->se = ed.se;
    e->df = ed.df;
    e->comp = ed.comp;
  } else {
    double nb = lv == LEVEL_SESSION ? (double)eb.n_sessions : (double)eb.n_rounds;
    double nc = lv == LEVEL_SESSION ? (double)ec.n_sessions : (double)ec.n_rounds;
    double vb = eb.se * eb.se * nb, vc = ec.se * ec.se * nc;  // unit variances (NaN with 1 unit)
    if (isnan(vb) && !isnan(vc)) vb = vc;  // one session on one side: the other side's spread
    if (isnan(vc) && !isnan(vb)) vc = vb;
    double dfb = isnan(eb.se) ? 0 : nb - 1, dfc = isnan(ec.se) ? 0 : nc - 1;
    e->se = sqrt(vb / nb + vc / nc);
    if (dfb && dfc) e->df = welch_df(vb, nb, vc, nc);
    else e->df = dfb + dfc > 0 ? dfb + dfc : NAN;
    e->comp.rep = sqrt(xb.rep_var + xc.rep_var);
    e->comp.round = hypot(eb.comp.round, ec.comp.round);
    e->comp.session = hypot(eb.comp.session, ec.comp.session);
    if (isnan(e->comp.session)) e->comp.session = isnan(eb.comp.session) ? ec.comp.session : eb.comp.session;
  }
  e->n_sessions = eb.n_sessions < ec.n_sessions ? eb.n_sessions : ec.n_sessions;
  e->n_rounds = eb.n_rounds < ec.n_rounds ? eb.n_rounds : ec.n_rounds;
out:
  series_free(&xb);
  series_free(&xc);
  free(mb);
  free(mc);
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
