#!/usr/bin/env python3
"""Oracle for the design levels of `stats` (tests/stats/test_stats_cli.sh): writes sample files with
rounds and sessions to tests/fixtures/stats/ and the answers scipy gives for them to
tests/fixtures/stats/design_expect.txt. Run from the repository root (needs numpy and scipy;
not run by `make test`): python3 tests/oracles/make_design_fixtures.py

The unit of a round is the log of its median time; a session's value is the mean of its rounds'.
  level round, paired:    scipy.stats.ttest_rel on the rounds' log medians
  level session, paired:  scipy.stats.ttest_rel on the sessions' means
  level session, unpaired with one fresh session: the fresh session against the published
                          sessions' mean, variance s^2 (1/k + 1), k - 1 degrees of freedom
                          (a prediction interval for a new session), by hand with scipy's t."""
import numpy as np
from scipy import stats

OUT = "tests/fixtures/stats"
rng = np.random.default_rng(20261122)


def write(name, variant, rows, sessions=True):
    with open(f"{OUT}/{name}.csv", "w") as f:
        f.write("# cudadent42 samples v1\n# experiment: fixture\n")
        f.write(f"# variant: {variant}\n# made by: tests/oracles/make_design_fixtures.py\n")
        f.write("shape,rep,time_us,round,session,position\n" if sessions else
                "shape,rep,time_us,round\n")
        for shape, rep, t, r, s in rows:
            f.write(f"{shape},{rep},{t:.6g},{r}" + (f",{s},1\n" if sessions else "\n"))


SHAPE = "B2_H8_S512_D64_C0"
K, R, N = 3, 4, 5  # sessions, rounds per session, reps per round
sess = [f"h{i}-20261122T0{i}0000Z" for i in range(K)]
base, cand, units_b, units_c = [], [], {}, {}
for i, s in enumerate(sess):
    so = rng.normal(0, 0.02)
    for r in range(1, R + 1):
        ob, oc = rng.normal(0, 0.01, 2)
        tb = np.round(np.exp(np.log(10.0) + so + ob + rng.normal(0, 0.005, N)), 4)
        tc = np.round(np.exp(np.log(8.0) + so + 0.01 * i + oc + rng.normal(0, 0.005, N)), 4)
        base += [(SHAPE, q, t, r, s) for q, t in enumerate(tb)]
        cand += [(SHAPE, q, t, r, s) for q, t in enumerate(tc)]
        units_b[(i, r)] = np.log(np.median(tb))
        units_c[(i, r)] = np.log(np.median(tc))
write("design_base", "base", base)
write("design_cand", "cand", cand)
# a fresh session of the base variant (another machine), for the reproduce question
fresh, units_f = [], []
so = rng.normal(0, 0.02)
for r in range(1, R + 1):
    ob = rng.normal(0, 0.01)
    tf = np.round(np.exp(np.log(10.0) + so + ob + rng.normal(0, 0.005, N)), 4)
    fresh += [(SHAPE, q, t, r, "h9-20261123T000000Z") for q, t in enumerate(tf)]
    units_f.append(np.log(np.median(tf)))
write("design_fresh", "base", fresh)

ub = np.array([units_b[k] for k in sorted(units_b)])
uc = np.array([units_c[k] for k in sorted(units_c)])
out = {}
# level round over all 12 rounds, paired
t = stats.ttest_rel(ub, uc)
d = ub - uc
h = stats.t.ppf(0.975, len(d) - 1) * d.std(ddof=1) / np.sqrt(len(d))
out["round_speedup"] = np.exp(d.mean())
out["round_lo"], out["round_hi"] = np.exp(d.mean() - h), np.exp(d.mean() + h)
out["round_p"] = t.pvalue
# level session, paired: session means
mb = np.array([np.mean([units_b[(i, r)] for r in range(1, R + 1)]) for i in range(K)])
mc = np.array([np.mean([units_c[(i, r)] for r in range(1, R + 1)]) for i in range(K)])
t = stats.ttest_rel(mb, mc)
d = mb - mc
h = stats.t.ppf(0.975, K - 1) * d.std(ddof=1) / np.sqrt(K)
h90 = stats.t.ppf(0.95, K - 1) * d.std(ddof=1) / np.sqrt(K)
out["session_speedup"] = np.exp(d.mean())
out["session_lo"], out["session_hi"] = np.exp(d.mean() - h), np.exp(d.mean() + h)
out["session_lo90"], out["session_hi90"] = np.exp(d.mean() - h90), np.exp(d.mean() + h90)
out["session_p"] = t.pvalue
out["session_median_base"] = np.exp(mb.mean())
# base's own median CI at level session (summary)
hb = stats.t.ppf(0.975, K - 1) * mb.std(ddof=1) / np.sqrt(K)
out["summary_lo"], out["summary_hi"] = np.exp(mb.mean() - hb), np.exp(mb.mean() + hb)
# one session only (--session of the first): level round, paired, 4 rounds
d1 = np.array([units_b[(0, r)] - units_c[(0, r)] for r in range(1, R + 1)])
h1 = stats.t.ppf(0.975, R - 1) * d1.std(ddof=1) / np.sqrt(R)
out["one_speedup"], out["one_lo"], out["one_hi"] = (np.exp(d1.mean()), np.exp(d1.mean() - h1),
                                                    np.exp(d1.mean() + h1))
# fresh session vs the published base sessions: a prediction interval for a new session
mf = np.mean(units_f)
sp = mb.std(ddof=1)
se = sp * np.sqrt(1 / K + 1)
hf = stats.t.ppf(0.975, K - 1) * se
out["fresh_speedup"] = np.exp(mb.mean() - mf)
out["fresh_lo"], out["fresh_hi"] = np.exp(mb.mean() - mf - hf), np.exp(mb.mean() - mf + hf)
out["fresh_p"] = 2 * stats.t.sf(abs(mb.mean() - mf) / se, K - 1)
with open(f"{OUT}/design_expect.txt", "w") as f:
    f.write("# answers of scipy for design_*.csv, made by tests/oracles/make_design_fixtures.py\n")
    for k, v in out.items():
        f.write(f"{k} {v:.15g}\n")
