# scaling.gp — median GPU time with 95% CI against the problem's scale axis (xname), log-log: the best variant
# (first block) and the baselines. The key sits in a band of its own under the axis label, two
# entries a row.
# Data: name.dat, one block per variant, rows "x median ci_lo ci_hi"; settings: name.gpv.
load dir."/".name.".gpv"
krows = int((nblk + 1) / 2)
top = 10; bottom = 36 + krows * 13 + 8  # tick labels and axis label; the key
w = 5.0; h = (top + 170 + bottom) / 72.0  # a panel as tall as its axis label
load "plots/term.gp"
f = dir."/".name.".dat"
# the data drawn, for the check (before the axis ranges, which stats would filter by): the points
# and the ends of their CIs
stats f using 1:3 nooutput
g_data = sprintf("x %d %g %g y %d %g", STATS_records, STATS_min_x, STATS_max_x, STATS_records, STATS_min_y)
stats f using 1:4 nooutput
g_data = g_data.sprintf(" %g", STATS_max_y)
set tmargin at screen 1 - sy(top)
set bmargin at screen sy(bottom)
set logscale x 2; g_xtlog = 1
set logscale y
set xlabel xname offset 0, 0.3
yl = "GPU time per call (µs, median)"  # the bars: 95% CI (the caption)
set ylabel yl
set format x "%.0f"
set offsets graph 0.05, graph 0.05, 0, 0
set key at screen 0.5, sy(4) center bottom vertical maxrows krows Left reverse samplen 2 width 1
plot for [i=0:nblk-1] f index i using 1:2:3:4 with yerrorlines lw (i == 0 ? 2 : 1) pt mk(i) lc rgb pal(i) \
     ps 0.7 title word(names, i + 1)
g_labels = xname." ".yl; g_keyt = names
do for [i=0:nblk-1] { g_series = g_series.sprintf("%d:%d ", pal(i), mk(i)) }
load "plots/geom.gp"
