# latency.gp — latency distribution per variant at one shape: a box plot (quartiles, whiskers at
# 1.5 IQR; ours red, baselines blue) over every sample as a point, spread left to right by round
# (dx, from prep_plots) and coloured by session (one colour and point shape per session, a key
# naming them when there are several; grey when there is one).
# Data: name.dat, one block per variant (index i = x position), rows "dx time session";
# settings: name.gpv.
load dir."/".name.".gpv"
w = 5.0; h = (nses > 1 ? 3.2 : 2.9)
load "plots/term.gp"
set title ttl
set ylabel "GPU time per call (µs)"
set xrange [-0.6:nblk-0.4]
set xtics rotate by 30 right nomirror
if (logy) { set logscale y; set ylabel "GPU time per call (µs, log scale)"; set yrange [ylo / 1.25:yhi * 1.25]; set ytics 0.125, 2 }
set style fill solid 0.18 border -1
set style boxplot range 1.5 nooutliers
set style data boxplot
set boxwidth 0.78
kfont = sprintf(",%g", small)
if (nses > 1) { set key outside top center horizontal Left reverse samplen 1 font kfont } else { unset key }
col(i) = (word(base, i + 1) eq "1") ? 0x4575b4 : 0xd73027
# session colours (Dark2) and point shapes, by session index
sc(s) = nses > 1 ? word("0x1b9e77 0xd95f02 0x7570b3 0xe7298a 0x66a61e 0xe6ab02 0xa6761d 0x666666", int(s) % 8 + 1) + 0 : 0x444444
sp(s) = word("7 5 9 11 13 15 7 5", int(s) % 8 + 1) + 0
plot for [i=0:nblk-1] dir."/".name.".dat" index i using (i):2:(0.78) with boxplot lc rgb col(i) lw 1 notitle, \
     for [i=0:nblk-1] dir."/".name.".dat" index i using (i + $1):2:(sp($3)):(sc($3)) \
       with points pt variable ps 0.2 lc rgb variable notitle, \
     for [s=0:(nses > 1 ? nses - 1 : -1)] NaN with points pt sp(s) ps 0.6 lc rgb sc(s) title word(sesname, s + 1)
