# scaling.gp — median GPU time with 95% CI against the problem's scale axis (xname), log-log: the best variant
# (first block) and the baselines.
load dir."/".name.".gpv"
w = 5.0; h = 3.0
load "plots/term.gp"
set logscale x 2
set logscale y
set xlabel xname
set ylabel "GPU time per call (µs, median, 95% CI)"
set offsets graph 0.05, graph 0.05, 0, 0
f = dir."/".name.".dat"
plot for [i=0:nblk-1] f index i using 1:2:3:4 with yerrorlines lw (i == 0 ? 2 : 1) pt mk(i) lc rgb pal(i) \
     ps 0.7 title word(names, i + 1)
