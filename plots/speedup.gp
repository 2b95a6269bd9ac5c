# speedup.gp — speedup (median base / median candidate) with its 95% CI (stats compare), one row per
# comparison, sorted, coloured by verdict; the line at 1 is "no change".
# Data: idx speedup lo hi verdict_code "label"  (0 FAST, 1 SAME, 2 AMBIGUOUS, 3 SLOW).
load dir."/".name.".gpv"
w = 5.0
load "plots/term.gp"
set xlabel "speedup over base (×, 95% CI)"
set yrange [-0.8:nrow-0.2]
tfont = sprintf(",%g", small)
set ytics scale 0 font tfont
set grid xtics ytics
if (logx) { set logscale x; set xlabel "speedup over base (×, 95% CI, log scale)" }
set arrow 1 from 1, graph 0 to 1, graph 1 nohead dt 2 lc rgb "#555555"
set linetype 11 lc rgb "#1a9850"
set linetype 12 lc rgb "#808080"
set linetype 13 lc rgb "#f08c00"
set linetype 14 lc rgb "#d73027"
set key below horizontal maxrows 1 samplen 1 width 2 height 0.6
f = dir."/".name.".dat"
plot f using 2:1:3:4:(11 + $5):ytic(6) with xerrorbars lc variable pt 7 ps 0.5 notitle, \
     NaN with points pt 7 lc 11 title "FAST", NaN with points pt 7 lc 12 title "SAME", \
     NaN with points pt 7 lc 13 title "AMBIGUOUS", NaN with points pt 7 lc 14 title "SLOW"
