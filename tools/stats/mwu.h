// mwu.h — Mann-Whitney U test of two independent samples, as scipy.stats.mannwhitneyu.
// Inputs are sorted ascending. U is the statistic of x: U1 = R1 - n1(n1+1)/2 with average ranks.
// p-values: exact from the null distribution of U (Loeffler's recurrence, as scipy), or the
// normal approximation with tie correction and optional continuity correction.
#pragma once
#include <stddef.h>

typedef enum { MWU_TWO_SIDED, MWU_LESS, MWU_GREATER } mwu_alternative;
typedef enum { MWU_AUTO, MWU_EXACT, MWU_ASYMPTOTIC } mwu_method;

// Largest min(U, n1*n2 - U) for which the exact p-value is computed (the cost grows as its square).
#define MWU_EXACT_MAX_K 20000

typedef struct {
  double u;        // U of x
  double p;
  int exact;       // 1 when p came from the exact distribution
  double tie_term; // sum of t^3 - t over groups of tied values
} mwu_result;

// U of x and the tie term, from sorted x and y.
void mwu_statistic(const double x[], size_t xstride, size_t nx, const double y[], size_t ystride,
                   size_t ny, double *u, double *tie_term);

// P(U >= u) under the null for sample sizes n1, n2 without ties (u truncated to an integer as
// scipy does). Returns 0, or GSL_EFAILED when min(u, n1*n2-u) > MWU_EXACT_MAX_K.
int mwu_exact_sf(double u, size_t n1, size_t n2, double *sf);

// p-value of the normal approximation for the statistic u used by the alternative (before the
// two-sided doubling): P(Z >= (u - n1*n2/2 - 0.5*continuity) / sigma). 1 when sigma is 0.
double mwu_asymptotic_sf(double u, size_t n1, size_t n2, double tie_term, int continuity);

// The whole test. Returns 0, GSL_EINVAL for an empty sample, or GSL_EFAILED as mwu_exact_sf.
int mwu_test(const double x[], size_t xstride, size_t nx, const double y[], size_t ystride,
             size_t ny, mwu_alternative alt, mwu_method method, int continuity, mwu_result *r);
