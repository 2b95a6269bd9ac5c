# speedup.gp — a forest plot: speedup (median base / median candidate) with its 95% CI (stats
# compare), one row per shape under a heading row per comparison ("cand vs base:"), marked by
# verdict (colour and shape); the dashed line at 1 is "no change". Rows are 12 pt apart with 7 pt
# labels; prep_plots splits a GPU's comparisons into pages of at most 40 rows.
# Behind each row a pale bar spans its equivalence band [1/(1 + delta), 1 + delta], the band its
# verdict uses (none where the row has no delta).
# Data: name.dat rows "y speedup lo hi verdict_code delta label" (0 FAST, 1 SAME, 2 AMBIGUOUS, 3
# SLOW; delta a fraction, nan where there is none);
# name.gpv: nrow, the ytics (headings and shapes), rowlen, hdr (the heading rows), xtv (ticks),
# xlo, xhi, logx.
load dir."/".name.".gpv"
pitch = 12; top = 30; bottom = 44  # two lines below the panel: tick labels, axis label
# as wide as the labels need for a panel of 200 pt, within the text width (6.6 in)
w = (rowlen * 0.85 * 7 + 22 + 200) / 72.0; w = (w < 5.0 ? 5.0 : (w > 6.6 ? 6.6 : w))
h = (nrow * pitch + top + bottom) / 72.0
load "plots/term.gp"
# the data drawn, for the check (before the axis ranges, which stats would filter by)
f = dir."/".name.".dat"
stats f using 2 nooutput
g_data = sprintf("x %d %g %g", STATS_records, STATS_min, STATS_max)
stats f using 3:4 nooutput
g_data = g_data.sprintf(" x %d %g %g", STATS_records, STATS_min_x, STATS_max_y)
set tmargin at screen 1 - sy(top)
set lmargin at screen sx(rowlen * cw(spt) + 10)
# room on the right for half the last tick's label, which may sit on the panel's edge
rpad = strlen(word(xtv, words(xtv))) * cw(spt) / 2 + 3; rpad = (rpad < 12 ? 12 : rpad)
set rmargin at screen 1 - sx(rpad)
set bmargin at screen sy(bottom)
set yrange [-0.5:nrow-0.5]
set ytics scale 0 font sfont
set grid xtics noytics
set xrange [xlo:xhi]
if (logx) { set logscale x; g_xtlog = 1 }
xl = logx ? "speedup (×, 95% CI, log scale)" : "speedup (×, 95% CI)"
set xlabel xl offset 0, 0.3
set xtics () font sfont
do for [i=1:words(xtv)] { set xtics add (word(xtv, i) word(xtv, i) + 0) }
do for [i=1:words(hdr)] { y = word(hdr, i) + 0; set arrow from graph 0, first y + 0.5 to graph 1, first y + 0.5 nohead lc rgb "#bbbbbb" lw 0.5 }
set arrow from 1, graph 0 to 1, graph 1 nohead dt 2 lc rgb "#555555" front
set key at screen 0.5, 1 - sy(4) center top vertical maxrows 2 reverse Left samplen 0.5 width 1
vname = "FAST SAME AMBIGUOUS SLOW"
plot f using (1):1:(1 / (1 + $6)):(1 + $6):($1 - 0.3):($1 + 0.3) with boxxyerror fs solid 1.0 noborder lc rgb "#e4e4e4" notitle, \
     f using 2:1:3:4:(v_col($5)) with xerrorbars lc rgb variable pt 0 lw 1 notitle, \
     f using 2:1:(v_pt($5)):(v_col($5)) with points pt variable lc rgb variable ps 0.55 notitle, \
     for [v=0:3] NaN with points pt v_pt(v) lc rgb v_col(v) ps 0.7 title word(vname, v + 1)
g_labels = xl; g_xt = xtv; g_rows = nrow; g_rowlen = rowlen; g_keyt = vname
g_key_n = 4; g_key_len = 9; g_key_cols = 4; g_key_x = 0.5; g_key_y = 1 - sy(4); g_key_anchor = "ct"
g_series = ""; do for [v=0:3] { g_series = g_series.sprintf("%d:%d ", v_col(v), v_pt(v)) }
load "plots/geom.gp"
