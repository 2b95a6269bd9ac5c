// test_stats.c — unit tests of the stats modules (mwu, cliff, boot, summary, holm, verdict)
// against known answers worked by hand and fixtures made by tests/oracles/ with scipy and R.
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <stdlib.h>
#include <string.h>

#include "stats/boot.h"
#include "check.h"
#include "stats/cliff.h"
#include "stats/holm.h"
#include "stats/mwu.h"
#include "samples/samples.h"
#include "stats/summary.h"
#include "stats/verdict.h"

#define FIX "tests/fixtures/stats/"

// |got - want| <= rtol |want| (exact equality also passes, e.g. both 0)
#define CHECK_REL(got, want, rtol, what)                                               \
  do {                                                                                 \
    double g2_ = (got), w2_ = (want);                                                  \
    if (g2_ == w2_ || fabs(g2_ - w2_) <= (rtol) * fabs(w2_)) printf("ok %s\n", what);  \
    else { printf("not ok %s: got %.17g want %.17g (rtol %g)\n", what, g2_, w2_,        \
                  (double)(rtol)); check_failures++; }                                 \
  } while (0)

typedef struct {
  double *x;
  size_t n;
} vec;

// A data set of tests/fixtures/stats, sorted.
static vec load(const char *name) {
  char path[256], err[512];
  samples_file f;
  snprintf(path, sizeof path, FIX "%s.txt", name);
  vec v = {NULL, 0};
  if (samples_read(path, &f, err, sizeof err)) {
    printf("not ok load %s: %s\n", name, err);
    check_failures++;
    return v;
  }
  v.n = f.groups[0].n;
  v.x = malloc(v.n * sizeof *v.x);
  memcpy(v.x, f.groups[0].t, v.n * sizeof *v.x);
  gsl_sort(v.x, 1, v.n);
  samples_free(&f);
  return v;
}

static FILE *open_fixture(const char *name) {
  FILE *f = fopen(name, "r");
  if (!f) {
    printf("not ok open %s\n", name);
    check_failures++;
  }
  return f;
}

// Reads the next non-comment line into buf; 0 at the end.
static int next_line(FILE *f, char *buf, size_t len) {
  while (fgets(buf, (int)len, f))
    if (buf[0] != '#' && buf[0] != '\n') return 1;
  return 0;
}

static void sorted(double *x, size_t n) { gsl_sort(x, 1, n); }

static void known_answers(void) {
  double x[] = {19, 22, 16, 29, 24}, y[] = {20, 11, 17, 12};
  sorted(x, 5);
  sorted(y, 4);
  mwu_result r;
  mwu_test(x, 1, 5, y, 1, 4, MWU_TWO_SIDED, MWU_AUTO, 1, &r);
  CHECK_REL(r.u, 17, 1e-12, "known: U = 17");
  CHECK(r.exact, "known: auto picks exact for n = 5, 4 without ties");
  CHECK_REL(r.p, 0.1111111111111111, 1e-9, "known: exact p");
  mwu_test(x, 1, 5, y, 1, 4, MWU_TWO_SIDED, MWU_ASYMPTOTIC, 1, &r);
  CHECK_REL(r.p, 0.11134688653314041, 1e-9, "known: asymptotic p with continuity");
  mwu_test(x, 1, 5, y, 1, 4, MWU_TWO_SIDED, MWU_ASYMPTOTIC, 0, &r);
  CHECK_REL(r.p, 0.0864107329737, 1e-9, "known: asymptotic p without continuity");
  cliff_result c;
  cliff_delta(x, 1, 5, y, 1, 4, 0.05, CLIFF_CONSISTENT_NORMAL, &c);
  CHECK_REL(c.delta, 0.7, 1e-12, "known: delta = 0.7");

  double a[] = {1, 2, 3, 4}, b[] = {1, 2, 3, 4, 5};
  mwu_test(a, 1, 4, b, 1, 5, MWU_TWO_SIDED, MWU_AUTO, 1, &r);
  CHECK_REL(r.u, 8, 1e-12, "known ties: U = 8");
  CHECK(!r.exact, "known ties: auto picks asymptotic with ties");
  CHECK_REL(r.p, 0.7086240584439, 1e-9, "known ties: p");
  cliff_delta(a, 1, 4, b, 1, 5, 0.05, CLIFF_CONSISTENT_NORMAL, &c);
  CHECK_REL(c.delta, -0.2, 1e-12, "known ties: delta = -0.2");

  double t[] = {10, 10, 20, 20, 20, 30, 30, 30, 40, 50}, k[] = {10, 20, 30, 40, 40, 50};
  cliff_delta(t, 1, 10, k, 1, 6, 0.05, CLIFF_UNBIASED_T, &c);
  CHECK_REL(c.delta, -0.25, 1e-12, "known effsize: delta = -0.25");
  CHECK(!strcmp(cliff_magnitude(c.delta), "small"), "known effsize: magnitude small");
  CHECK_NEAR(c.lo, -0.7265846, 1e-6, "known effsize: CI low (effsize defaults)");
  CHECK_NEAR(c.hi, 0.3890062, 1e-6, "known effsize: CI high (effsize defaults)");
  // effsize's comment on the same data: S_i. 0.2669753, S_.j 0.447, S_ij 1.0055556
  cliff_delta(t, 1, 10, k, 1, 6, 0.05, CLIFF_CONSISTENT_NORMAL, &c);
  CHECK_NEAR(c.var, (5 * 0.2669753 + 9 * 0.447 + 1.0055556) / 60, 1e-8,
             "known effsize: consistent variance from its three terms");

  // scipy's BCa test: acceleration of mean(z) - mean(y), jackknife over both samples
  double z[] = {16, 23, 38, 94, 99, 141, 197}, w[] = {10, 27, 31, 40, 46, 50, 52, 104, 146};
  double jz[7], jw[9], sz = 0, sw = 0;
  for (int i = 0; i < 7; i++) sz += z[i];
  for (int i = 0; i < 9; i++) sw += w[i];
  for (int i = 0; i < 7; i++) jz[i] = (sz - z[i]) / 6 - sw / 9;
  for (int i = 0; i < 9; i++) jw[i] = sz / 7 - (sw - w[i]) / 8;
  const double *jack[2] = {jz, jw};
  size_t nj[2] = {7, 9};
  CHECK_REL(boot_accel(jack, nj, 2), 0.011008228344026734, 1e-9, "known: BCa acceleration");
}

static void mwu_fixtures(void) {
  FILE *f = open_fixture(FIX "mwu.txt");
  if (!f) return;
  char line[512], xs[32], ys[32], alt[32], meth[32], what[200];
  int cont, n = 0;
  double u, p;
  while (next_line(f, line, sizeof line)) {
    if (sscanf(line, "%31s %31s %31s %31s %d %lf %lf", xs, ys, alt, meth, &cont, &u, &p) != 7)
      continue;
    vec x = load(xs), y = load(ys);
    mwu_alternative a = !strcmp(alt, "less") ? MWU_LESS : !strcmp(alt, "greater") ? MWU_GREATER
                                                                                  : MWU_TWO_SIDED;
    mwu_method m = !strcmp(meth, "exact") ? MWU_EXACT : !strcmp(meth, "asymptotic")
                                                            ? MWU_ASYMPTOTIC : MWU_AUTO;
    mwu_result r;
    int rc = mwu_test(x.x, 1, x.n, y.x, 1, y.n, a, m, cont, &r);
    snprintf(what, sizeof what, "scipy mwu %s vs %s %s %s cont=%d: U", xs, ys, alt, meth, cont);
    CHECK(rc == 0, what);
    CHECK_REL(r.u, u, 1e-12, what);
    snprintf(what, sizeof what, "scipy mwu %s vs %s %s %s cont=%d: p", xs, ys, alt, meth, cont);
    CHECK_REL(r.p, p, 1e-9, what);
    free(x.x), free(y.x);
    n++;
  }
  fclose(f);
  CHECK(n >= 80, "mwu fixture has all its cases");
  // the exact path refuses what would take too long, and says so
  double sf;
  CHECK(mwu_exact_sf(500000, 1000, 1000, &sf) == GSL_EFAILED, "exact sf refuses k > max");
  CHECK(mwu_exact_sf(0, 3, 4, &sf) == 0 && sf == 1, "exact sf at U = 0 is 1");
  double e[1] = {1};
  mwu_result r;
  CHECK(mwu_test(e, 1, 0, e, 1, 1, MWU_TWO_SIDED, MWU_AUTO, 1, &r) == GSL_EINVAL,
        "mwu refuses an empty sample");
  double c5[5] = {2, 2, 2, 2, 2};
  mwu_test(c5, 1, 5, c5, 1, 5, MWU_TWO_SIDED, MWU_ASYMPTOTIC, 0, &r);
  CHECK(r.p == 1, "mwu: all values tied gives p = 1");
}

static void summary_fixtures(void) {
  FILE *f = open_fixture(FIX "summary.txt");
  if (!f) return;
  char line[1024], name[32], what[160];
  int n = 0;
  while (next_line(f, line, sizeof line)) {
    double v[9];
    size_t cnt, mild, severe;
    if (sscanf(line, "%31s %zu %lf %lf %lf %lf %lf %lf %lf %lf %lf %zu %zu", name, &cnt, &v[0],
               &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &mild, &severe) != 13)
      continue;
    vec x = load(name);
    double *work = malloc(x.n * sizeof *work);
    summary_t s;
    summary_compute(x.x, 1, x.n, work, &s);
    double got[9] = {s.median, s.mean, s.sd, s.min, s.max, s.q1, s.q3, s.iqr, s.mad};
    const char *names[9] = {"median", "mean", "sd", "min", "max", "q1", "q3", "iqr", "mad"};
    for (int i = 0; i < 9; i++) {
      snprintf(what, sizeof what, "numpy summary %s: %s", name, names[i]);
      CHECK_NEAR(got[i], v[i], 1e-12, what);
    }
    snprintf(what, sizeof what, "numpy summary %s: n and outliers", name);
    CHECK(s.n == cnt && s.mild_outliers == mild && s.severe_outliers == severe, what);
    free(work), free(x.x);
    n++;
  }
  fclose(f);
  CHECK(n >= 15, "summary fixture has all its sets");
  double one = 3, w1;
  summary_t s;
  CHECK(summary_compute(&one, 1, 0, &w1, &s) == GSL_EINVAL, "summary refuses n = 0");
  summary_compute(&one, 1, 1, &w1, &s);
  CHECK(s.median == 3 && isnan(s.sd), "summary of one value: sd is NaN");
}

static void cliff_fixtures(void) {
  FILE *f = open_fixture(FIX "cliff.txt");
  if (!f) return;
  char line[512], xs[32], ys[32], meth[32], what[200];
  double alpha, d, lo, hi, var;
  int n = 0;
  while (next_line(f, line, sizeof line)) {
    if (sscanf(line, "%31s %31s %31s %lf %lf %lf %lf %lf", xs, ys, meth, &alpha, &d, &lo, &hi,
               &var) != 8)
      continue;
    vec x = load(xs), y = load(ys);
    cliff_result r;
    cliff_ci_method m = !strcmp(meth, "unbiased-t") ? CLIFF_UNBIASED_T : CLIFF_CONSISTENT_NORMAL;
    cliff_delta(x.x, 1, x.n, y.x, 1, y.n, alpha, m, &r);
    snprintf(what, sizeof what, "R cliff %s vs %s %s alpha %g: delta", xs, ys, meth, alpha);
    CHECK_NEAR(r.delta, d, 1e-12, what);
    snprintf(what, sizeof what, "R cliff %s vs %s %s alpha %g: CI", xs, ys, meth, alpha);
    if (isnan(lo)) CHECK(isnan(r.lo) && fabs(r.hi - hi) < 1e-9, what);
    else if (isnan(hi)) CHECK(isnan(r.hi) && fabs(r.lo - lo) < 1e-9, what);
    else CHECK(fabs(r.lo - lo) < 1e-9 && fabs(r.hi - hi) < 1e-9, what);
    free(x.x), free(y.x);
    n++;
  }
  fclose(f);
  CHECK(n >= 30, "cliff fixture has all its cases");
  double one = 1;
  cliff_result r;
  CHECK(cliff_delta(&one, 1, 0, &one, 1, 1, 0.05, CLIFF_CONSISTENT_NORMAL, &r) == GSL_EINVAL,
        "cliff refuses an empty sample");
  CHECK(cliff_delta(&one, 1, 1, &one, 1, 1, 0.05, CLIFF_CONSISTENT_NORMAL, &r) == 0 &&
            r.delta == 0 && isnan(r.lo),
        "cliff with one value each: delta 0, no CI");
  CHECK(!strcmp(cliff_magnitude(0.1469), "negligible") && !strcmp(cliff_magnitude(-0.147), "small") &&
            !strcmp(cliff_magnitude(0.33), "medium") && !strcmp(cliff_magnitude(-0.474), "large"),
        "cliff magnitude thresholds 0.147, 0.33, 0.474");
}

static void holm_fixtures(void) {
  FILE *f = open_fixture(FIX "holm.txt");
  if (!f) return;
  char line[4096];
  int cases = 0;
  while (next_line(f, line, sizeof line)) {
    char *s = line, *end;
    size_t n = strtoul(s, &end, 10);
    double p[64], want[64], got[64];
    s = end;
    for (size_t i = 0; i < n; i++) p[i] = strtod(s, &s);
    for (size_t i = 0; i < n; i++) want[i] = strtod(s, &s);
    holm_adjust(p, n, got);
    int good = 1;
    for (size_t i = 0; i < n; i++) good &= fabs(got[i] - want[i]) <= 1e-12 * fmax(1e-300, want[i]);
    char what[64];
    snprintf(what, sizeof what, "R p.adjust holm, case %d (n = %zu)", ++cases, n);
    CHECK(good, what);
  }
  fclose(f);
  CHECK(cases >= 7, "holm fixture has all its cases");
  double p[3] = {0.01, NAN, 0.02}, adj[3];
  holm_adjust(p, 3, adj);
  CHECK(adj[0] == 0.02 && isnan(adj[1]) && adj[2] == 0.02, "holm skips NaN and does not count it");
}

// BCa and percentile from scipy's own bootstrap distribution: same numbers to 1e-9.
static void boot_exact_fixtures(void) {
  FILE *f = open_fixture(FIX "boot_cases.txt");
  if (!f) return;
  char line[512], name[64], kind[16], s1[32], s2[32], what[160];
  int n = 0;
  while (next_line(f, line, sizeof line)) {
    double alpha, a, bl, bh, pl, ph;
    int two = sscanf(line, "%63s ratio %31s %31s %lf %lf %lf %lf %lf %lf", name, s1, s2, &alpha,
                     &a, &bl, &bh, &pl, &ph) == 9;
    if (!two && sscanf(line, "%63s %15s %31s %lf %lf %lf %lf %lf %lf", name, kind, s1, &alpha, &a,
                       &bl, &bh, &pl, &ph) != 9)
      continue;
    char path[128];
    snprintf(path, sizeof path, "boot_%s", name);
    vec dist = load(path), x = load(s1), y = two ? load(s2) : (vec){NULL, 0};
    double *jx = malloc(x.n * sizeof *jx), *jy = two ? malloc(y.n * sizeof *jy) : NULL;
    boot_jackknife_median(x.x, 1, x.n, jx);
    double mx = gsl_stats_median_from_sorted_data(x.x, 1, x.n), theta = mx;
    size_t nj[2] = {x.n, y.n};
    const double *jack[2] = {jx, jy};
    if (two) {
      double my = gsl_stats_median_from_sorted_data(y.x, 1, y.n);
      boot_jackknife_median(y.x, 1, y.n, jy);
      for (size_t i = 0; i < x.n; i++) jx[i] /= my;
      for (size_t i = 0; i < y.n; i++) jy[i] = mx / jy[i];
      theta = mx / my;
    }
    double acc = boot_accel(jack, nj, two ? 2 : 1), lo, hi;
    snprintf(what, sizeof what, "scipy bootstrap %s: acceleration", name);
    CHECK_NEAR(acc, a, 1e-9, what);  // 0 where every jackknife value is equal (see the oracle)
    boot_interval(dist.x, dist.n, theta, acc, alpha, BOOT_PERCENTILE, &lo, &hi);
    snprintf(what, sizeof what, "scipy bootstrap %s: percentile interval", name);
    CHECK(fabs(lo - pl) <= 1e-9 * fabs(pl) && fabs(hi - ph) <= 1e-9 * fabs(ph), what);
    boot_interval(dist.x, dist.n, theta, acc, alpha, BOOT_BCA, &lo, &hi);
    snprintf(what, sizeof what, "scipy bootstrap %s: BCa interval", name);
    CHECK(fabs(lo - bl) <= 1e-9 * fabs(bl) && fabs(hi - bh) <= 1e-9 * fabs(bh), what);
    free(jx), free(jy), free(dist.x), free(x.x), free(y.x);
    n++;
  }
  fclose(f);
  CHECK(n == 6, "boot fixture has all its cases");
  double d[4] = {1, 2, 3, 4}, lo, hi;
  CHECK(boot_interval(d, 4, 0.5, 0, 0.05, BOOT_BCA, &lo, &hi) == GSL_EDOM && isnan(lo),
        "BCa with every resample above the estimate is undefined (NaN)");
}

// The full bootstrap (9999 resamples, seed 42) against scipy's interval over several seeds.
static void boot_mc_fixtures(void) {
  FILE *f = open_fixture(FIX "boot_mc.txt");
  if (!f) return;
  char line[512], name[32], kind[16], s1[32], s2[32], meth[16], what[200];
  int n = 0;
  boot_workspace *w = boot_alloc(9999);
  while (next_line(f, line, sizeof line)) {
    double alpha, lm, ls, hm, hs;
    int seeds;
    int two = sscanf(line, "%31s ratio %31s %31s %15s %lf %lf %lf %lf %lf %d", name, s1, s2, meth,
                     &alpha, &lm, &ls, &hm, &hs, &seeds) == 10;
    if (!two && sscanf(line, "%31s %15s %31s %15s %lf %lf %lf %lf %lf %d", name, kind, s1, meth,
                       &alpha, &lm, &ls, &hm, &hs, &seeds) != 10)
      continue;
    vec x = load(s1), y = two ? load(s2) : (vec){NULL, 0};
    boot_params p = {alpha, 9999, 42, !strcmp(meth, "bca") ? BOOT_BCA : BOOT_PERCENTILE};
    boot_ci r, mx, my;
    if (two) boot_ratio(w, &p, x.x, x.n, y.x, y.n, &r, &mx, &my);
    else boot_median(w, &p, x.x, x.n, &r);
    // 4 standard deviations of the difference of two Monte-Carlo estimates, plus rounding
    double tl = 4 * ls * sqrt(1 + 1.0 / seeds) + 1e-12 * fabs(lm);
    double th = 4 * hs * sqrt(1 + 1.0 / seeds) + 1e-12 * fabs(hm);
    snprintf(what, sizeof what, "scipy MC %s %s: low %.6g within %.2g of %.6g", name, meth, r.lo,
             tl, lm);
    CHECK(fabs(r.lo - lm) <= tl, what);
    snprintf(what, sizeof what, "scipy MC %s %s: high %.6g within %.2g of %.6g", name, meth, r.hi,
             th, hm);
    CHECK(fabs(r.hi - hm) <= th, what);
    free(x.x), free(y.x);
    n++;
  }
  fclose(f);
  boot_free(w);
  CHECK(n == 12, "boot MC fixture has all its cases");
}

// The O(1) resampled median has the law of the median of a with-replacement resample. For odd n
// that law is known in closed form: P(median <= x_(j)) = P(Binomial(n, j/n) >= (n+1)/2).
static void resample_law(void) {
  double x[7] = {1, 2, 3, 4, 5, 6, 7};
  size_t n = 7, draws = 200000, count[7] = {0};
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(r, 1);
  for (size_t i = 0; i < draws; i++) count[(size_t)boot_resample_median(r, x, 1, n) - 1]++;
  int good = 1;
  double cum = 0, prev = 0;
  for (size_t j = 1; j <= n; j++) {
    double pj = gsl_cdf_binomial_Q(3, (double)j / n, 7);  // P(Bin >= 4)
    double pexp = pj - prev, se = sqrt(pexp * (1 - pexp) / draws);
    cum += count[j - 1];
    good &= fabs(count[j - 1] / (double)draws - pexp) <= 5 * se + 1e-12;
    prev = pj;
  }
  CHECK(good && cum == draws, "resampled median (odd n) follows the exact bootstrap law");

  // even n: against naive resampling (draw indices, sort, average the middle two)
  double y[6] = {1, 2, 4, 8, 16, 32}, naive_sum = 0, fast_sum = 0, naive_sq = 0;
  double buf[6];
  size_t hits_fast[64] = {0}, hits_naive[64] = {0};
  for (size_t i = 0; i < draws; i++) {
    for (int k = 0; k < 6; k++) buf[k] = y[gsl_rng_uniform_int(r, 6)];
    gsl_sort(buf, 1, 6);
    double m = (buf[2] + buf[3]) / 2, fm = boot_resample_median(r, y, 1, 6);
    naive_sum += m;
    naive_sq += m * m;
    fast_sum += fm;
    hits_naive[(size_t)(2 * m) % 64]++;
    hits_fast[(size_t)(2 * fm) % 64]++;
  }
  double mean = naive_sum / draws, sd = sqrt(naive_sq / draws - mean * mean);
  CHECK(fabs(fast_sum / draws - mean) <= 5 * sd * sqrt(2.0 / draws),
        "resampled median (even n): mean agrees with naive resampling");
  good = 1;
  for (int k = 0; k < 64; k++) {
    double pa = hits_naive[k] / (double)draws, pb = hits_fast[k] / (double)draws;
    good &= fabs(pa - pb) <= 5 * sqrt((pa * (1 - pa) + pb * (1 - pb)) / draws) + 1e-12;
  }
  CHECK(good, "resampled median (even n): every value's frequency agrees with naive resampling");
  gsl_rng_free(r);

  // jackknife medians against the naive leave-one-out
  double z[9] = {1, 1, 2, 3, 5, 8, 13, 21, 34}, jack[9], tmp[9];
  good = 1;
  for (size_t len = 2; len <= 9; len++) {
    boot_jackknife_median(z, 1, len, jack);
    for (size_t i = 0; i < len; i++) {
      size_t k = 0;
      for (size_t j = 0; j < len; j++)
        if (j != i) tmp[k++] = z[j];
      good &= jack[i] == gsl_stats_median_from_sorted_data(tmp, 1, len - 1);
    }
  }
  CHECK(good, "jackknife medians equal naive leave-one-out medians (n = 2..9)");
}

static void boot_properties(void) {
  vec x = load("sk_a"), y = load("sk_b");
  boot_workspace *w = boot_alloc(999);
  boot_params p = {0.05, 999, 7, BOOT_BCA};
  boot_ci r1, r2, a, b, m;
  boot_ratio(w, &p, x.x, x.n, y.x, y.n, &r1, &a, &b);
  boot_ratio(w, &p, x.x, x.n, y.x, y.n, &r2, &a, &b);
  CHECK(r1.lo == r2.lo && r1.hi == r2.hi, "same seed, same interval");
  boot_median(w, &p, x.x, x.n, &m);
  CHECK(m.lo == a.lo && m.hi == a.hi, "median CI of the first sample of a ratio = boot_median");
  p.seed = 8;
  boot_ratio(w, &p, x.x, x.n, y.x, y.n, &r2, &a, &b);
  CHECK(r1.lo != r2.lo || r1.hi != r2.hi, "another seed, another interval");
  p.resamples = 5;
  CHECK(boot_median(w, &p, x.x, x.n, &m) == GSL_EINVAL, "boot refuses a workspace of another size");
  p.resamples = 999;
  CHECK(boot_median(w, &p, x.x, 1, &m) == GSL_EINVAL, "boot refuses n < 2");
  double c[6] = {5, 5, 5, 5, 5, 5};
  boot_ratio(w, &p, c, 6, c, 6, &r1, &a, &b);
  CHECK(r1.est == 1 && r1.lo == 1 && r1.hi == 1, "constant samples: ratio CI [1, 1]");
  boot_free(w);
  free(x.x), free(y.x);
}

static void verdicts(void) {
  // p, alpha, speedup, lo, hi, threshold
  CHECK(verdict_decide(0.001, 0.05, 1.10, 1.05, 1.15, 0.03) == VERDICT_FAST, "verdict FAST");
  CHECK(verdict_decide(0.06, 0.05, 1.10, 1.05, 1.15, 0.03) == VERDICT_AMBIGUOUS,
        "verdict: not significant is not FAST");
  CHECK(verdict_decide(0.001, 0.05, 1.02, 1.01, 1.04, 0.03) == VERDICT_AMBIGUOUS,
        "verdict: inside the band but CI leaves it");
  CHECK(verdict_decide(0.001, 0.05, 1.10, 0.99, 1.2, 0.03) == VERDICT_AMBIGUOUS,
        "verdict: CI reaching below 1 is not FAST");
  CHECK(verdict_decide(0.001, 0.05, 0.90, 0.85, 0.95, 0.03) == VERDICT_SLOW, "verdict SLOW");
  CHECK(verdict_decide(0.001, 0.05, 1 / 1.03 + 1e-9, 0.9, 0.95, 0.03) == VERDICT_AMBIGUOUS,
        "verdict: speedup just inside 1/(1+t) is not SLOW");
  CHECK(verdict_decide(0.5, 0.05, 1.0, 1 / 1.03, 1.03, 0.03) == VERDICT_SAME,
        "verdict SAME (CI on the band's edges)");
  CHECK(verdict_decide(0.001, 0.05, 1.01, 1.005, 1.02, 0.03) == VERDICT_SAME,
        "verdict SAME even when significant");
  CHECK(verdict_decide(NAN, 0.05, 1.5, NAN, NAN, 0.03) == VERDICT_AMBIGUOUS, "verdict: NaN");
  CHECK(verdict_decide(0.01, 0.05, 1.2, 1.1, 1.3, 0.25) == VERDICT_AMBIGUOUS,
        "verdict: threshold is a parameter");
  verdict_t v[3] = {VERDICT_FAST, VERDICT_SAME, VERDICT_FAST};
  CHECK(verdict_exit_code(v, 3) == 0, "exit 0 for FAST and SAME");
  v[1] = VERDICT_AMBIGUOUS;
  CHECK(verdict_exit_code(v, 3) == 3, "exit 3 with an AMBIGUOUS row");
  v[2] = VERDICT_SLOW;
  CHECK(verdict_exit_code(v, 3) == 1, "exit 1 with a SLOW row, even beside AMBIGUOUS");
  CHECK(!strcmp(verdict_name(VERDICT_SAME), "SAME"), "verdict names");
}

// Reproducers of crashes: samples near the ends of double's range made the BCa acceleration
// overflow to NaN and the quantile index run outside the bootstrap distribution.
static void extreme_values(void) {
  boot_workspace *w = boot_alloc(999);
  boot_params p = {0.05, 999, 7, BOOT_BCA};
  double big[] = {1, 2, 1e200}, a[] = {1, 2, 3, 4, 5}, tiny[] = {1e-300, 2e-300, 3e-300, 4e-300, 5e-300};
  boot_ci m, r, mx, my;
  int rc = boot_median(w, &p, big, 3, &m);
  CHECK(rc == 0 && (isnan(m.lo) || (m.lo >= 1 && m.hi <= 1e200)),
        "extreme: median CI of 1, 2, 1e200 computed inside the data or undefined (no crash)");
  rc = boot_ratio(w, &p, a, 5, tiny, 5, &r, &mx, &my);
  CHECK(rc == 0 && isfinite(r.accel) && (isnan(r.lo) || (r.lo > 0 && r.lo <= r.hi)),
        "extreme: ratio of 1..5 to 1e-300..5e-300 with a finite acceleration (no crash)");
  double j1[] = {1e200, -1e200, 3e199}, j2[] = {1e-300, 2e-300, 4e-300};
  const double *jk1[] = {j1}, *jk2[] = {j2};
  size_t n3 = 3;
  double a1 = boot_accel(jk1, &n3, 1), a2 = boot_accel(jk2, &n3, 1);
  // the acceleration is scale-free: the same values scaled to 1 give the same a
  double u1[] = {1, -1, 0.3}, u2[] = {1, 2, 4};
  const double *ju1[] = {u1}, *ju2[] = {u2};
  CHECK_NEAR(a1, boot_accel(ju1, &n3, 1), 1e-12, "extreme: acceleration of values near 1e200 = of the same scaled to 1");
  CHECK_NEAR(a2, boot_accel(ju2, &n3, 1), 1e-12, "extreme: acceleration of values near 1e-300 = of the same scaled to 1");
  boot_free(w);
}

int main(void) {
  gsl_set_error_handler_off();
  extreme_values();
  known_answers();
  mwu_fixtures();
  summary_fixtures();
  cliff_fixtures();
  holm_fixtures();
  boot_exact_fixtures();
  boot_mc_fixtures();
  resample_law();
  boot_properties();
  verdicts();
  CHECK_DONE();
}
