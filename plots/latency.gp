# latency.gp — latency distribution per variant at one shape: a box plot (quartiles, whiskers at
# 1.5 IQR) over every sample as a point (deterministic jitter); baselines in blue, ours in red.
# Data: name.dat, one block per variant (index i = x position); settings: name.gpv.
load dir."/".name.".gpv"
w = 5.0; h = 2.9
load "plots/term.gp"
set title ttl
set ylabel "GPU time per call (µs)"
set xrange [-0.6:nblk-0.4]
set xtics rotate by 30 right nomirror
if (logy) { set logscale y; set ylabel "GPU time per call (µs, log scale)" }
set style fill solid 0.25 border -1
set style boxplot range 1.5 nooutliers
set style data boxplot
set boxwidth 0.55
unset key
jit(n) = 0.32 * ((n * 0.6180339887) - floor(n * 0.6180339887) - 0.5)
col(i) = (word(base, i + 1) eq "1") ? 0x4575b4 : 0xd73027
plot for [i=0:nblk-1] dir."/".name.".dat" index i using (i):1:(0.55) with boxplot lc rgb col(i) lw 1, \
     for [i=0:nblk-1] dir."/".name.".dat" index i using (i + jit($0)):1 with points pt 7 ps 0.22 lc rgb "#444444"
