#!/usr/bin/env python3
"""Oracle for the GPU level and the reproduction prediction of `stats` (tests/stats/
test_stats_cli.sh): writes sample files whose sessions are nested in GPUs (4 GPUs holding 1, 2, 2
and 3 sessions; each session's GPU on its "# session.<id>:" header line, as `make measure`
writes it) and a fresh session on a fifth GPU, to tests/fixtures/stats/nested_*.csv, and the
answers numpy and scipy's t distribution give for them to tests/fixtures/stats/nested_expect.txt.
Run from the repository root (needs numpy and scipy; not run by `make test`):
python3 tests/oracles/make_nested_fixtures.py

A round's unit is the log of its median time, a session's value the mean of its rounds', a GPU's
the mean of its sessions', the estimate the mean of the GPUs'.
  level gpu, paired:      t on the GPU means of the per-session log ratios, G - 1 df
  level session, nested:  the pooled within-GPU variance s_w^2 of the session values,
                          se = s_w sqrt(sum 1/S_g) / G, sum(S_g - 1) df (conditional on the GPUs)
  reproduce:              D = fresh - estimate, Var = s_G^2 (1/G + 1) + s_w^2 (1 - mean 1/S_g),
                          Satterthwaite df; the 95% interval of the shift."""
import numpy as np
from scipy import stats

OUT = "tests/fixtures/stats"
rng = np.random.default_rng(20261127)
SHAPE = "B2_H8_S512_D64_C0"
PER = [1, 2, 2, 3]
R, N = 4, 5


def write(name, variant, rows, sessions):
    with open(f"{OUT}/{name}.csv", "w") as f:
        f.write("# cudadent42 samples v1\n# experiment: fixture\n")
        f.write(f"# variant: {variant}\n# made by: tests/oracles/make_nested_fixtures.py\n")
        for s, g in sessions:
            f.write(f"# session.{s}: date=2026-11-27T00:00:00Z host=h gpu_uuid=GPU-{g:04d}-fix "
                    f"git_rev=x rounds={R}\n")
        f.write("shape,rep,time_us,round,session,position\n")
        for shape, rep, t, r, s in rows:
            f.write(f"{shape},{rep},{t:.6g},{r},{s},1\n")


def simulate(layout, first_session, first_gpu):
    """Rows of base and cand and their session values (log) with GPU labels."""
    base, cand, vb, vc, gl, sess = [], [], [], [], [], []
    s_id = first_session
    for gi, n in enumerate(layout):
        g = first_gpu + gi
        ag, ab, ac = rng.normal(0, 0.02), rng.normal(0, 0.01), rng.normal(0, 0.01)
        for _ in range(n):
            s = f"h{s_id}-20261127T0{s_id % 10}0000Z"
            s_id += 1
            sess.append((s, g))
            so = rng.normal(0, 0.005)
            ub, uc = [], []
            for r in range(1, R + 1):
                ob, oc = rng.normal(0, 0.008, 2)
                tb = np.round(np.exp(np.log(10.0) + ag + ab + so + ob + rng.normal(0, 0.005, N)), 4)
                tc = np.round(np.exp(np.log(8.0) + ag + ac + so + oc + rng.normal(0, 0.005, N)), 4)
                base += [(SHAPE, q, t, r, s) for q, t in enumerate(tb)]
                cand += [(SHAPE, q, t, r, s) for q, t in enumerate(tc)]
                ub.append(np.log(np.median(tb)))
                uc.append(np.log(np.median(tc)))
            vb.append(np.mean(ub))
            vc.append(np.mean(uc))
            gl.append(g)
    return base, cand, np.array(vb), np.array(vc), np.array(gl), sess


def nested(v, g):
    labels = list(dict.fromkeys(g))
    means = np.array([v[g == x].mean() for x in labels])
    sizes = np.array([np.sum(g == x) for x in labels])
    dfw = int(np.sum(sizes - 1))
    ssw = sum(((v[g == x] - v[g == x].mean()) ** 2).sum() for x in labels)
    return means, sizes, (ssw / dfw if dfw else np.nan), dfw


pb, pc, vb, vc, g, sess = simulate(PER, 0, 0)
write("nested_base", "base", pb, sess)
write("nested_cand", "cand", pc, sess)
fb, fc, fvb, fvc, _, fsess = simulate([1], 20, 9)
write("nested_fresh_base", "base", fb, fsess)
write("nested_fresh_cand", "cand", fc, fsess)

out = {}
d = vb - vc
means, sizes, s2w, dfw = nested(d, g)
G = len(means)
est, se = means.mean(), means.std(ddof=1) / np.sqrt(G)
h = stats.t.ppf(0.975, G - 1) * se
out["gpu_speedup"], out["gpu_lo"], out["gpu_hi"] = np.exp(est), np.exp(est - h), np.exp(est + h)
out["gpu_p"] = 2 * stats.t.sf(abs(est) / se, G - 1)
out["gpu_df"] = G - 1
se_c = np.sqrt(s2w * np.sum(1 / sizes)) / G
h = stats.t.ppf(0.975, dfw) * se_c
out["cond_lo"], out["cond_hi"], out["cond_df"] = np.exp(est - h), np.exp(est + h), dfw


def predict(v, f, sign):
    means, sizes, s2w, dfw = nested(v, g)
    G = len(means)
    s2g = means.var(ddof=1)
    a, b = s2g * (1 / G + 1), s2w * (1 - np.mean(1 / sizes))
    df = (a + b) ** 2 / (a * a / (G - 1) + b * b / dfw)
    D = sign * (f - means.mean())
    h = stats.t.ppf(0.975, df) * np.sqrt(a + b)
    # the drop read SLOW in 80% of fresh sessions at delta 3%: log 1.03 + (t_0.975 + t_0.8) se
    mde = -np.expm1(-(np.log(1.03) + h + stats.t.ppf(0.8, df) * np.sqrt(a + b)))
    return np.exp(D), np.exp(D - h), np.exp(D + h), df, 100 * mde


for k, (v, f, sign) in {"time": (vb, fvb[0], -1), "ratio": (d, fvb[0] - fvc[0], 1)}.items():
    (out[f"{k}_shift"], out[f"{k}_lo"], out[f"{k}_hi"], out[f"{k}_df"],
     out[f"{k}_mde_pct"]) = predict(v, f, sign)
with open(f"{OUT}/nested_expect.txt", "w") as f:
    f.write("# answers of numpy and scipy for nested_*.csv, made by "
            "tests/oracles/make_nested_fixtures.py\n")
    for k, v in out.items():
        f.write(f"{k} {v:.15g}\n")
