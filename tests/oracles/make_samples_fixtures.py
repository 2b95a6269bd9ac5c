#!/usr/bin/env python3
"""Oracle for the round medians of the samples library (tests/samples/): numpy's median of every
(shape, session, round) of the hand-written sample files tests/fixtures/samples/rounds*.csv, as
`samples medians` prints them, into tests/fixtures/samples/rounds_medians.csv. Run from the
repository root (needs numpy; not run by `make test`): python3 tests/oracles/make_samples_fixtures.py

Order: files as given, shapes and sessions in order of first appearance, rounds ascending; a file
without a session column is one session named "", without a round column one round (1)."""
import numpy as np

DIR = "tests/fixtures/samples"
FILES = ["rounds.csv", "rounds_plain.txt"]


def read(path):
    """(variant, {shape: {session: {round: [t]}}}) in order of first appearance."""
    variant, cols, groups = None, None, {}
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            if line.startswith("# variant:"):
                variant = line.split(":", 1)[1].strip()
            continue
        if cols is None and "," in line:
            cols = line.split(",")
            continue
        f = dict(zip(cols, line.split(","))) if cols else {"shape": "all", "time_us": line}
        g = groups.setdefault(f["shape"], {}).setdefault(f.get("session", ""), {})
        g.setdefault(int(f.get("round", 1)), []).append(float(f["time_us"]))
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return variant or stem, groups


with open(f"{DIR}/rounds_medians.csv", "w") as out:
    out.write("file,variant,shape,session,round,n,median_us\n")
    for name in FILES:
        path = f"{DIR}/{name}"
        variant, groups = read(path)
        sessions = []  # the file's order of first appearance, across shapes
        for g in groups.values():
            sessions += [s for s in g if s not in sessions]
        for shape, g in groups.items():
            for s in sorted(g, key=sessions.index):
                for r in sorted(g[s]):
                    t = np.array(g[s][r])
                    out.write(f"{path},{variant},{shape},{s},{r},{len(t)},{np.median(t):.10g}\n")
