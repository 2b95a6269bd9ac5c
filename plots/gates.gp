# gates.gp — number of variants rejected per gate reason, one bar each; the reasons stand upright
# under their bars, the counts on the y axis (whole numbers). Data: idx count "reason"; settings:
# name.gpv (nrow reasons; catnames, catlen: their names and the longest).
load dir."/".name.".gpv"
top = 10; ph = 110; bottom = catlen * 0.85 * 7 + 22  # a panel as tall as its axis label; the reasons
w = 5.0; h = (top + ph + bottom) / 72.0
load "plots/term.gp"
f = dir."/".name.".dat"
# the data drawn, for the check (before the axis ranges, which stats would filter by)
stats f using 1:2 nooutput
g_data = sprintf("x %d %g %g y %d %g %g", STATS_records, STATS_min_x, STATS_max_x, STATS_records, STATS_min_y, STATS_max_y)
set tmargin at screen 1 - sy(top)
set bmargin at screen sy(bottom)
yl = "variants rejected"
set ylabel yl
set yrange [0:STATS_max_y * 1.15 + 0.5]
set ytics 0, ceil(STATS_max_y / 5.0)
set xrange [-0.6:nrow-0.4]
set xtics rotate by 90 right nomirror font sfont
set style fill solid 0.6 border -1
set boxwidth 0.6
unset key
plot f using 1:2:xtic(3) with boxes lc rgb c_ours
g_labels = yl." ".catnames; g_xcat = nrow; g_xcatlen = catlen; g_xrot = 90
load "plots/geom.gp"
