# gates.gp — number of variants rejected per gate reason. Data: idx count "reason".
load dir."/".name.".gpv"
w = 5.0; h = 2.4
load "plots/term.gp"
set ylabel "variants rejected"
set yrange [0:*]
set xrange [-0.6:nrow-0.4]
set xtics rotate by 20 right
set style fill solid 0.6 border -1
set boxwidth 0.6
set offsets 0, 0, graph 0.15, 0
unset key
f = dir."/".name.".dat"
plot f using 1:2:xtic(3) with boxes lc rgb c_ours, f using 1:2:(sprintf("%d", $2)) with labels offset 0, 0.6
