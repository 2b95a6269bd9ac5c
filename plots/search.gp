# search.gp — best latency found so far / true best against the number of trials, for the
# search strategies replayed on a recorded sweep (mk/search.mk): median over seeds, with the
# interquartile band. Called with term, dir, name, data (search_curves.dat: trial, then
# median, q1, q3 per strategy: lhs+tpe, random, lhs) and shape. The y axis is logarithmic and
# holds every band whole (the first trials are several times the best); the key sits in a band
# of its own under the axis label, two entries a row.
top = 26; ph = 170; bottom = 36 + 2 * 13 + 8  # the title; a panel as tall as its axis label; ticks, axis label, key
w = 5.0; h = (top + ph + bottom) / 72.0
load "plots/term.gp"
# the data drawn, for the check (before the axis ranges, which stats would filter by): every
# median and band of the three strategies
ylo = 1; yhi = 1; n = 0
do for [k=0:2] { do for [c=2:4] {
  stats data index 0 using 1:(column(c + 3*k)) nooutput
  ylo = (STATS_min_y < ylo ? STATS_min_y : ylo); yhi = (STATS_max_y > yhi ? STATS_max_y : yhi); n = n + STATS_records
} }
g_data = sprintf("x %d %g %g y %d %g %g", STATS_records, STATS_min_x, STATS_max_x, n, ylo, yhi)
set tmargin at screen 1 - sy(top)
set bmargin at screen sy(bottom)
xl = "trials (configurations built and measured or gated)"
yl = "best so far / true best"  # median over seeds (the caption)
set xlabel xl offset 0, 0.3
set ylabel yl
set title shape
set xrange [1:STATS_max_x]
set logscale y
set yrange [ylo / 1.02:yhi * 1.05]
# ticks of the list at least 16 pt apart (a label is 11 pt tall)
set ytics ()
gap = (yhi * 1.05 * 1.02 / ylo) ** (16.0 / ph); prev = 0
do for [t in "1 1.05 1.1 1.2 1.5 2 3 5 10 20 50 100"] {
  if (t + 0 <= yhi * 1.05 && (prev == 0 || t / prev >= gap)) { set ytics add (t t + 0); prev = t + 0 }
}
set key at screen 0.5, sy(4) center bottom vertical maxrows 2 Left reverse samplen 2 width 1
set style fill transparent solid 0.15 noborder
names = "lhs+tpe random lhs"
colors = sprintf("#%06x #%06x #%06x", pal(0), pal(1), pal(2))
best = "within 5% of the best"
plot for [k=0:2] data index 0 using 1:(column(3 + 3*k)):(column(4 + 3*k)) with filledcurves \
       lc rgb word(colors, k + 1) notitle, \
     for [k=0:2] data index 0 using 1:(column(2 + 3*k)) with lines lw 1.5 lc rgb word(colors, k + 1) \
       title word(names, k + 1), \
     1.05 with lines dt 2 lc rgb c_ds title best
g_labels = shape." ".xl." ".yl; g_keyt = names." ".best
g_series = sprintf("%d:-1 %d:-1 %d:-1 %d:-2", pal(0), pal(1), pal(2), c_ds)
load "plots/geom.gp"
