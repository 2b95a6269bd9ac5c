#!/usr/bin/env python3
"""Oracle for tests/stats/test_stats.c: writes tests/fixtures/stats/ from scipy and numpy.
Run from the repository root: python3 tests/oracles/make_stats_fixtures.py
(needs numpy and scipy; not run by `make test`). The R half is make_stats_fixtures.R."""
import os
import numpy as np
import scipy
import scipy.special
from scipy import stats
from scipy.stats import _resampling

OUT = "tests/fixtures/stats"
rng = np.random.default_rng(20261121)


def save(name, x):
    np.savetxt(f"{OUT}/{name}.txt", x, fmt="%.17g",
               header=f"data set {name}, made by tests/oracles/make_stats_fixtures.py")
    return x


# Data sets: plain files of one number per line (also read by the R oracle).
D = {}
D["ties_a"] = save("ties_a", rng.poisson(20, 60).astype(float) + 1)
D["ties_b"] = save("ties_b", rng.poisson(22, 45).astype(float) + 1)
D["big_a"] = save("big_a", np.round(rng.lognormal(np.log(10), 0.05, 1000), 3))
D["big_b"] = save("big_b", np.round(rng.lognormal(np.log(9.7), 0.06, 1000), 3))
D["small_a"] = save("small_a", np.round(rng.uniform(5, 10, 6), 6))
D["small_b"] = save("small_b", np.round(rng.uniform(6, 11, 8), 6))
D["mid_a"] = save("mid_a", np.round(rng.normal(50, 5, 20), 6))
D["mid_b"] = save("mid_b", np.round(rng.normal(53, 5, 25), 6))
D["sk_a"] = save("sk_a", np.round(rng.exponential(3, 200) + 1, 4))
D["sk_b"] = save("sk_b", np.round(rng.exponential(3.4, 151) + 1, 4))
D["disj_a"] = save("disj_a", np.round(rng.uniform(20, 30, 12), 5))
D["disj_b"] = save("disj_b", np.round(rng.uniform(10, 19, 10), 5))
D["n8"] = save("n8", np.round(rng.uniform(1, 2, 8), 7))
D["n500"] = save("n500", np.round(rng.uniform(1.2, 2.2, 500), 7))
D["odd7"] = save("odd7", np.array([3.1, 2.2, 9.5, 4.4, 4.4, 7.0, 1.9]))

PAIRS = [("ties_a", "ties_b"), ("big_a", "big_b"), ("small_a", "small_b"), ("mid_a", "mid_b"),
         ("sk_a", "sk_b"), ("disj_a", "disj_b"), ("n8", "n500"), ("small_b", "n8")]

# Mann-Whitney: "pair alternative method continuity U p"
with open(f"{OUT}/mwu.txt", "w") as f:
    f.write(f"# scipy {scipy.__version__} mannwhitneyu(x, y, alternative, method, use_continuity)\n")
    for a, b in PAIRS:
        x, y = D[a], D[b]
        for alt in ("two-sided", "less", "greater"):
            methods = [("auto", 1), ("asymptotic", 1), ("asymptotic", 0)]
            if len(x) * len(y) <= 4000:
                methods.append(("exact", 1))
            for m, c in methods:
                r = stats.mannwhitneyu(x, y, alternative=alt, method=m, use_continuity=bool(c))
                f.write(f"{a} {b} {alt} {m} {c} {r.statistic:.17g} {r.pvalue:.17g}\n")

# Summary statistics: "set n median mean sd min max q1 q3 iqr mad mild severe"
with open(f"{OUT}/summary.txt", "w") as f:
    f.write("# numpy median/mean/std(ddof=1)/percentile(linear), scipy median_abs_deviation,"
            " Tukey fences 1.5/3 IQR\n")
    for k, x in D.items():
        q1, q3 = np.percentile(x, [25, 75])
        iqr = q3 - q1
        severe = np.sum((x < q1 - 3 * iqr) | (x > q3 + 3 * iqr))
        mild = np.sum((x < q1 - 1.5 * iqr) | (x > q3 + 1.5 * iqr)) - severe
        v = [np.median(x), np.mean(x), np.std(x, ddof=1), x.min(), x.max(), q1, q3, iqr,
             stats.median_abs_deviation(x)]
        f.write(f"{k} {len(x)} " + " ".join(f"{t:.17g}" for t in v) + f" {mild} {severe}\n")


def median(x, axis=-1):
    return np.median(x, axis=axis)


def ratio(x, y, axis=-1):
    return np.median(x, axis=axis) / np.median(y, axis=axis)


def jackknife_degenerate(data, stat):
    """True when, for every sample, leaving out any one value gives the same statistic. scipy's
    acceleration is then 0/0 turned into rounding noise (or NaN); the C code uses a = 0."""
    for j, x in enumerate(data):
        vals = [stat(*[np.delete(x, i) if k == j else d for k, d in enumerate(data)])
                for i in range(len(x))]
        if np.ptp(vals) != 0:
            return False
    return True


def bca_a0(data, stat, dist, alpha):
    """scipy's BCa interval (its own _percentile_of_score, ndtri, ndtr, quantile) with a = 0."""
    theta = stat(*data)
    z0 = scipy.special.ndtri(_resampling._percentile_of_score(dist, theta, axis=-1, xp=np))
    za = scipy.special.ndtri(alpha / 2)
    a1, a2 = scipy.special.ndtr(2 * z0 + za), scipy.special.ndtr(2 * z0 - za)
    return stats.quantile(dist, a1), stats.quantile(dist, a2)


def scipy_ci(data, stat, method, alpha, seed, resamples):
    r = stats.bootstrap(data, stat, n_resamples=resamples, method=method, vectorized=True,
                        confidence_level=1 - alpha, rng=np.random.default_rng(seed))
    ci = tuple(r.confidence_interval)
    if method == "BCa" and jackknife_degenerate(data, stat):
        ci = bca_a0(data, stat, r.bootstrap_distribution, alpha)
    return ci, r.bootstrap_distribution


# BCa and percentile math on a fixed bootstrap distribution: scipy's own distribution is written
# out; the test recomputes z0, a and the interval from it.
# "boot_<name>.txt": header line "kind set1 [set2] alpha a_hat lo_bca hi_bca lo_pct hi_pct"
# then the B values of the bootstrap distribution, one per line.
with open(f"{OUT}/boot_cases.txt", "w") as idx:
    idx.write("# name kind sets alpha a_hat bca_lo bca_hi pct_lo pct_hi (scipy.stats.bootstrap)\n")
    cases = [("med_ties", (D["ties_a"],), median, 0.05, "ties_a"),
             ("med_odd7", (D["odd7"],), median, 0.05, "odd7"),
             ("med_sk", (D["sk_b"],), median, 0.10, "sk_b"),
             ("ratio_ties", (D["ties_a"], D["ties_b"]), ratio, 0.05, "ties_a ties_b"),
             ("ratio_sk", (D["sk_a"], D["sk_b"]), ratio, 0.01, "sk_a sk_b"),
             ("ratio_small", (D["small_a"], D["small_b"]), ratio, 0.05, "small_a small_b")]
    for name, data, stat, alpha, sets in cases:
        b, dist = scipy_ci(data, stat, "BCa", alpha, 7, 999)
        p, dist2 = scipy_ci(data, stat, "percentile", alpha, 7, 999)
        assert np.array_equal(dist, dist2)
        a_hat = _resampling._bca_interval(data, stat, axis=-1, alpha=alpha / 2,
                                          theta_hat_b=dist, batch=None, xp=np)[2]
        if jackknife_degenerate(data, stat):
            a_hat = 0.0  # see jackknife_degenerate; the interval is bca_a0's
        np.savetxt(f"{OUT}/boot_{name}.txt", dist, fmt="%.17g")
        kind = "median" if len(data) == 1 else "ratio"
        idx.write(f"{name} {kind} {sets} {alpha} {float(a_hat):.17g} {b[0]:.17g} {b[1]:.17g}"
                  f" {p[0]:.17g} {p[1]:.17g}\n")

# Monte-Carlo agreement: scipy's interval over several seeds (mean and sd of each end), against
# which the full C bootstrap (9999 resamples, its own seed) must fall within a few sd.
with open(f"{OUT}/boot_mc.txt", "w") as f:
    f.write("# name kind sets method alpha lo_mean lo_sd hi_mean hi_sd seeds"
            " (scipy.stats.bootstrap, 9999 resamples)\n")
    cases = [("big", "ratio", "big_a big_b"), ("sk", "ratio", "sk_a sk_b"),
             ("ties", "ratio", "ties_a ties_b"), ("big_a", "median", "big_a"),
             ("sk_b", "median", "sk_b"), ("mid_a", "median", "mid_a")]
    for name, kind, sets in cases:
        data = tuple(D[s] for s in sets.split())
        stat = ratio if kind == "ratio" else median
        for method in ("BCa", "percentile"):
            seeds = 8 if "big" in sets else 20
            ci = np.array([scipy_ci(data, stat, method, 0.05, s, 9999)[0] for s in range(seeds)])
            f.write(f"{name} {kind} {sets} {method.lower()} 0.05 {ci[:, 0].mean():.17g} "
                    f"{ci[:, 0].std(ddof=1):.17g} {ci[:, 1].mean():.17g} "
                    f"{ci[:, 1].std(ddof=1):.17g} {seeds}\n")
print("fixtures written to", OUT)
