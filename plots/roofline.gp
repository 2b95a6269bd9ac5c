# roofline.gp — TFLOPS against arithmetic intensity (FLOPs / minimum bytes), log-log.
# Roofs: measured ceilings (bw GB/s, tf TFLOPS, solid) and the datasheet (dbw, dtf, dashed);
# a roof whose value is 0 is not drawn. Points: one block per variant, one point per shape.
load dir."/".name.".gpv"
w = 5.0; h = 3.8
load "plots/term.gp"
set logscale xy
set xrange [xmin:xmax]
set xlabel "arithmetic intensity (FLOP/byte)"
set ylabel "throughput (TFLOPS)"
set key below maxrows 8 width -2 height 1 nobox
set samples 400
roof(x, b, t) = (b > 0) ? ((t > 0 && b * x / 1000.0 > t) ? t : b * x / 1000.0) : (t > 0 ? t : NaN)
mtitle = (bw > 0 || tf > 0) ? sprintf("measured: %.0f GB/s, %.0f TFLOPS", bw, tf) : ""
dtitle = (dbw > 0) ? sprintf("datasheet: %.0f GB/s, %.0f TFLOPS", dbw, dtf) : ""
f = dir."/".name.".dat"
plot roof(x, bw, tf) with lines lw 2 lc rgb "#222222" title mtitle, \
     roof(x, dbw, dtf) with lines lw 1.2 dt 2 lc rgb "#777777" title dtitle, \
     for [i=0:nblk-1] f index i using 1:2 with points pt mk(i) lc rgb pal(i) ps 0.8 title word(names, i + 1)
