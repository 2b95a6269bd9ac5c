# search.gp — best latency found so far / true best against the number of trials, for the
# search strategies replayed on a recorded sweep (mk/search.mk): median over seeds, with the
# interquartile band. Called with term, dir, name, data (search_curves.dat: trial, then
# median, q1, q3 per strategy: lhs+tpe, random, lhs) and shape.
w = 5.0; h = 3.0
load "plots/term.gp"
set xlabel "trials (configurations built and measured or gated)"
set ylabel "best so far / true best (median over seeds)"
set title "search strategies replayed on the recorded sweep, ".shape font ",8"
set xrange [1:*]
set yrange [0.98:2.0]
set key top right noreverse Right
set style fill transparent solid 0.15 noborder
names = "lhs+tpe random lhs"
colors = sprintf("#%06x #%06x #%06x", pal(0), pal(1), pal(2))
plot for [k=0:2] data index 0 using 1:(column(3 + 3*k)):(column(4 + 3*k)) with filledcurves \
       lc rgb word(colors, k + 1) notitle, \
     for [k=0:2] data index 0 using 1:(column(2 + 3*k)) with lines lw 1.5 lc rgb word(colors, k + 1) \
       title word(names, k + 1), \
     1.05 with lines dt 2 lc rgb "#777777" title "within 5% of the best"
