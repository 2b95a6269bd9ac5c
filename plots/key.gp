# key.gp — the key figure of an experiment on one GPU (the main appendix's): the forest plot of
# plots/speedup.gp over ours and the dispatching build against each library, one row per shape.
load "plots/speedup.gp"
