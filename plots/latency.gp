# latency.gp — latency distribution per variant at one shape: a box plot (quartiles, whiskers at
# 1.5 IQR; ours blue, baselines orange: plots/term.gp's roles) over every sample as a point, spread left to right by round
# (dx, from prep_plots) and marked by session (plots/term.gp's palette: no colour/shape pair twice
# before 42 sessions; a key naming them, right of the panel (above it when the names would not fit
# beside it), when there are several; grey when one).
# The variants' names stand upright under their boxes (about 23 fit beside the session key, about 34
# with the key above the panel).
# Data: name.dat, one block per variant (index i = x position), rows "dx time session";
# settings: name.gpv (catnames, catlen: the names and the longest; seslen: the longest session id).
load dir."/".name.".gpv"
w = (nses > 1 ? 6.6 : 5.0)
# the session key: in a band right of the panel, as wide as the longest session id at 7 pt and its
# marker; when the names would not fit under the narrower panel (each needs its word box, 1.55 x
# 7 pt: tools/report/fig_check.c, plus room; the y axis takes ~60 pt), in rows above the panel
kband = seslen * 0.85 * 7 + 24
keytop = (nses > 1 && nblk * (1.55 * 7 + 0.8) > w * 72 - 60 - kband)
kcols = int((w * 72 - 20) / kband); kcols = (kcols < 1 ? 1 : kcols)
krows = (keytop ? int((nses + kcols - 1) / kcols) : 0)
top = 26 + (keytop ? 4 + krows * 1.6 * 7 : 0); ph = 170; bottom = catlen * 0.85 * 7 + 22  # title (and key); a panel as tall as its axis label; the names
h = (top + ph + bottom) / 72.0
load "plots/term.gp"
# the data drawn, for the check (before the axis ranges, which stats would filter by): each
# sample at its box's place (the block's index) plus its spread
f = dir."/".name.".dat"
stats f using (column(-2) + $1):2 nooutput
g_data = sprintf("x %d %g %g y %d %g %g", STATS_records, STATS_min_x, STATS_max_x, STATS_records, STATS_min_y, STATS_max_y)
set title ttl
set tmargin at screen 1 - sy(top)
set bmargin at screen sy(bottom)
set xrange [-0.6:nblk-0.4]
set xtics rotate by 90 right nomirror font sfont
yl = logy ? "GPU time per call (µs, log scale)" : "GPU time per call (µs)"
set ylabel yl
if (logy) { set logscale y; set yrange [ylo / 1.25:yhi * 1.25]; set ytics 0.125, 2 }
set style fill solid 0.25 border
set style boxplot range 1.5 nooutliers
set style data boxplot
set boxwidth 0.78
if (nses > 1 && !keytop) { set rmargin at screen 1 - sx(kband); set key at screen 1 - sx(4), 1 - sy(4) right top vertical Left reverse samplen 1 }
if (keytop) { set key at screen 0.5, 1 - sy(3) center top horizontal maxcols kcols Left reverse samplen 1 }
if (nses <= 1) { unset key }
col(i) = (word(base, i + 1) eq "1") ? c_base : c_ours
scol(s) = nses > 1 ? pal(s) : 0x444444
sp(s) = mk(s)
plot for [i=0:nblk-1] f index i using (i):2:(0.78) with boxplot lc rgb col(i) lw 1.2 notitle, \
     for [i=0:nblk-1] f index i using (i + $1):2:(sp($3)):(scol($3)) \
       with points pt variable ps 0.2 lc rgb variable notitle, \
     for [s=0:(nses > 1 ? nses - 1 : -1)] NaN with points pt sp(s) ps 0.6 lc rgb scol(s) title word(sesname, s + 1)
g_labels = ttl." ".yl." ".catnames; g_xcat = nblk; g_xcatlen = catlen; g_xrot = 90
if (nses > 1) { g_keyt = sesname; do for [s=0:nses-1] { g_series = g_series.sprintf("%d:%d ", scol(s), sp(s)) } }
load "plots/geom.gp"
