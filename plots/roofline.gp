# roofline.gp — TFLOPS against arithmetic intensity (FLOPs / minimum bytes), log-log.
# Roofs: measured ceilings (bw GB/s, tf TFLOPS, solid) and the datasheet (dbw, dtf, dashed);
# a roof whose value is 0 is not drawn. Points: the winners at each shape, our fastest variant
# (blue discs) and the fastest library or baseline (orange triangles: basekind), one block per
# side present (sides: "ours", "base"); every variant's median is in the full appendix's tables.
# The key sits in a band of its own under the axis label.
load dir."/".name.".gpv"
top = 10; bottom = 86  # tick labels, axis label, the key: a column of 4 rows
w = 5.0; h = 3.7
load "plots/term.gp"
f = dir."/".name.".dat"
# the data drawn, for the check (before the axis ranges, which stats would filter by)
stats f using 1:2 nooutput
g_data = sprintf("x %d %g %g y %d %g %g", STATS_records, STATS_min_x, STATS_max_x, STATS_records, STATS_min_y, STATS_max_y)
set tmargin at screen 1 - sy(top)
set bmargin at screen sy(bottom)
set logscale xy; g_xtlog = 1
set xrange [xmin:xmax]
xl = "arithmetic intensity (FLOP/byte)"; yl = "throughput (TFLOPS)"
set xlabel xl offset 0, 0.3
set ylabel yl
set key at screen 0.5, sy(4) center bottom vertical maxrows 4 Left reverse samplen 2 width 1
set samples 400
roof(x, b, t) = (b > 0) ? ((t > 0 && b * x / 1000.0 > t) ? t : b * x / 1000.0) : (t > 0 ? t : NaN)
mtitle = (bw > 0 || tf > 0) ? sprintf("measured: %.0f GB/s, %.0f TFLOPS", bw, tf) : ""
dtitle = (dbw > 0) ? sprintf("datasheet: %.0f GB/s, %.0f TFLOPS", dbw, dtf) : ""
s_col(s) = (s eq "ours") ? c_ours : c_base
s_pt(s) = (s eq "ours") ? 7 : 9
s_title(s) = (s eq "ours") ? "ours, fastest at each shape" : basekind.", fastest at each shape"
plot roof(x, bw, tf) with lines lw 2 lc rgb c_roof title mtitle, \
     roof(x, dbw, dtf) with lines lw 1.2 dt 2 lc rgb c_ds title dtitle, \
     for [i=0:nblk-1] f index i using 1:2 with points pt s_pt(word(sides, i + 1)) lc rgb s_col(word(sides, i + 1)) \
       ps 1 title s_title(word(sides, i + 1))
g_labels = xl." ".yl; g_keyt = mtitle." ".dtitle
g_series = sprintf("%d:-1 %d:-2 ", c_roof, c_ds)
do for [i=1:nblk] { g_keyt = g_keyt." ".s_title(word(sides, i)); g_series = g_series.sprintf("%d:%d ", s_col(word(sides, i)), s_pt(word(sides, i))) }
load "plots/geom.gp"
