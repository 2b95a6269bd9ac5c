#!/usr/bin/env bash
# test_figures.sh — every figure of the fixture (tests/fixtures/report), of every kind the appendix
# draws (latency, forest: key and speedup, roofline, scaling, gates, and search on made-up replay
# curves), passes build/tools/fig_check as printed: panel not squeezed or empty, data inside the
# axes, no word cut at the edge, overlapping another or printed over the panel, none under 7 pt,
# no label or key word missing, no colour/marker pair twice, and its PNG twin the PDF's layout and
# data; so does a made-up latency figure of 20 and of 32 variants over three sessions (past ~23 the
# session key moves above the panel). Then the check is shown bad figures made from good ones, and
# must fail each: forest plots
# with row labels given too narrow a margin (cut at the left edge), ticks too close together
# (labels running into one another), a key pushed off the top, a twin whose panel differs and a
# figure with no data; a latency figure whose variant names have no room, a roofline whose axis
# leaves a point out, a scaling figure whose axis label runs off the page, a gates figure whose
# reasons have no room, a search figure whose fixed y range clips the first trials; a forest plot's
# rotated y label off the page, cut at its edge, too small, over the row labels or over the panel.
# Last, a build whose figure fails the check stops, with fig_check's lines.
source tests/lib.sh
set -u
FIX=tests/fixtures/report
RB=build/test-figures
rm -rf "$RB" && mkdir -p "$RB"
# SCALING_MIN=2: the fixture's phase1 has a scaling group of 3 shapes
MK=(make -s --no-print-directory DATA=$FIX/data EXPDIR=$FIX/experiments SCALING_MIN=2)
"${MK[@]}" RB=$RB plots EXP=phase1 build/tools/fig_check >"$RB/make.log" 2>&1
check_eq "make plots EXP=phase1 on the fixture (every figure checked as it is drawn)" "$?" 0
"${MK[@]}" RB=$RB plots EXP=beta >>"$RB/make.log" 2>&1
check_eq "make plots EXP=beta on the fixture" "$?" 0
P=$RB/plots/phase1/nvidia-h100-80gb-hbm3
# the search figure on replay curves of a made-up sweep (mk/search.mk draws it from a real one):
# three strategies from 2.6x the best down to it, the first trials above the old fixed range of 2
awk 'BEGIN { print "# synthetic: best so far / true best"; print "# trial lhs+tpe_median lhs+tpe_q1 lhs+tpe_q3 random_median random_q1 random_q3 lhs_median lhs_q1 lhs_q3"
  for (t = 1; t <= 60; t++) { printf "%d", t
    for (k = 0; k < 3; k++) { m = 1 + 1.6 * exp(-t / (6 + 5 * k)); printf " %.4f %.4f %.4f", m, 1 + (m - 1) * 0.7, 1 + (m - 1) * 1.3 }
    print "" } }' >$RB/search_curves.dat
search() {  # search NAME [SCRIPT]: the search figure of the made-up curves as $RB/NAME
  for t in pdf png; do gnuplot -e "term='$t'; dir='$RB'; name='$1'; data='$RB/search_curves.dat'; shape='B2_H8_S512_D64_C0'" \
    "${2:-plots/search.gp}" 2>>$RB/gnuplot.log; done
}
search search
# fig_check FIGURE: the check of one figure and its PNG twin, its words from its PDF
figcheck() {
  pdftotext -bbox "$1.pdf" "$1.words" && build/tools/fig_check "$1.pdf.geom" "$1.words" "$1.png.geom" "$1.png"
}
n=0; kinds=" "
for g in $RB/plots/*/*/*.pdf.geom $RB/search.pdf.geom; do
  f=${g%.pdf.geom}; n=$((n + 1)); k=$(basename $f); kinds="$kinds${k%%-[0-9]*} "
  out=$(figcheck "$f"); check_eq "${f#$RB/}: passes the figure check" "$?/$out" "0/"
done
for k in latency key speedup roofline scaling gates search; do
  check "the fixture has a $k figure to check" grep -q " $k " <<<"$kinds"
done
# a latency figure of many variants over several sessions (made up: N variants of 6 samples, three
# sessions, names of 10 characters): up to ~23 names fit beside the session key; past that the key
# goes to a band above the panel, which then spans the width, and every figure still passes
many() {  # many N: $RB/many-N.{dat,gpv,pdf,png}
  awk -v n="$1" -v dat="$RB/many-$1.dat" 'BEGIN {
    printf "set xtics ("; for (i = 0; i < n; i++) printf "%s\"variant_%02d\" %d", i ? ", " : "", i, i; print ")"
    printf "nblk = %d\ncatnames = \"", n; for (i = 0; i < n; i++) printf "%svariant_%02d", i ? " " : "", i; print "\""
    print "catlen = 10"; printf "base = \""; for (i = 0; i < n; i++) printf "%s%d", i ? " " : "", (i >= n - 2); print "\""
    printf "logy = 0\nylo = 20\nyhi = %g\nttl = \"M64_N4096_K4096\"\nnses = 3\n", 20 + n + 0.5
    print "sesname = \"vm-20261129T094624Z vm-20261129T095944Z vm-20261129T100303Z\"\nseslen = 19"
    for (i = 0; i < n; i++) { if (i) print "\n" > dat; printf "# variant_%02d\n", i > dat
      for (j = 0; j < 6; j++) printf "%.3f %.3f %d\n", (j - 2.5) * 0.1, 20 + i + j * 0.1, j % 3 > dat } }' >"$RB/many-$1.gpv"
  for t in pdf png; do gnuplot -e "term='$t'; dir='$RB'; name='many-$1'" plots/latency.gp 2>>$RB/gnuplot.log; done
}
for n in 20 32; do
  many $n; out=$(figcheck $RB/many-$n); check_eq "a latency figure of $n variants over 3 sessions passes the figure check" "$?/$out" "0/"
done
check_eq "... at 20 the session key stands right of the panel (its right edge under 75% of the width)" \
  "$(awk '$1 == "canvas" { w = $2 } $1 == "panel" { print ($3 < 0.75 * w) }' $RB/many-20.pdf.geom)" 1
check_eq "... at 32 above it (the panel reaches past 90% of the width)" \
  "$(awk '$1 == "canvas" { w = $2 } $1 == "panel" { print ($3 > 0.9 * w) }' $RB/many-32.pdf.geom)" 1
check "the fixture's figures are $n (at least 12)" test "$n" -ge 12

# the key figure's caption names the kinds of row group its panel holds, none it does not: the
# headings of key.gpv's ytics (the strings ending in ":"), read here with sed: "d vs lib:" with d a
# variants/d.dispatch of the experiment is the dispatching build, "fastest of ours vs lib:" the
# fastest of ours, any other a COMPARE pair (the fixture's phase1: v4s2:sdpa-flash, no dispatch)
heads=$(grep -o '"[^"]*:"' $P/key.gpv | tr -d '"')
cap=$(awk '$1 == "key" && $2 == "key"' $P/figures.txt)
has_d=0 has_c=0 has_f=0
while read -r h; do
  c=${h%% vs *}
  if [ "$c" = "fastest of ours" ]; then has_f=1
  elif [ -f "$FIX/experiments/phase1/variants/$c.dispatch" ]; then has_d=1
  else has_c=1; fi
done <<<"$heads"
check "the fixture's key figure has COMPARE and fastest-of-ours groups ($(echo $heads))" test $has_c$has_f = 11
for kw in "d:the dispatching build" "c:the \`COMPARE\` candidates" "f:the fastest of ours"; do
  k=${kw%%:*} w=${kw#*:}; eval "want=\$has_$k"
  check_eq "the key figure's caption names '$w' exactly when its panel has that group" "$(grep -cF "$w" <<<"$cap")" "$want"
done

# bad figures, each drawn by the real scripts from an altered copy of a good figure's settings
draw() { for t in pdf png; do gnuplot -e "term='$t'; dir='$RB'; name='$2'" plots/$1.gp 2>>$RB/gnuplot.log; done; }
bad() {  # bad SCRIPT FIGURE NAME WHAT SED PATTERN: FIGURE's settings altered by SED fail with PATTERN
  cp $2.dat $RB/$3.dat && sed "$5" $2.gpv >$RB/$3.gpv && draw $1 $3
  out=$(figcheck $RB/$3); rc=$?
  check_eq "a $1 figure with $4 fails the check (exit 1)" "$rc" 1
  check_grep "... saying so" "$6" <(echo "$out")
}
bad speedup $P/key narrow "row labels in too narrow a margin" 's/^rowlen = .*/rowlen = 4/' "is cut at the edge of the figure"
bad speedup $P/key ticks "ticks 0.0005 apart" 's/^xtv = .*/xtv = "0.9 0.9005 0.901 0.9015 0.902 1 1.0005 1.001 1.0015 1.002"/' "overlaps|cut at the edge"
bad speedup $P/key squeezed "row labels that leave the panel a sliver" 's/^rowlen = .*/rowlen = 90/' "panel -?[0-9]+% of the width"
bad speedup $P/key shifted "an axis that leaves its data out" 's/^xlo = .*/xlo = 1.2/' "outside the axis"
# each forest row carries its comparison's equivalence margin (compare.csv's delta), the pale band
# speedup.gp draws behind it
C=$RB/phase1/nvidia-h100-80gb-hbm3/compare.csv
bad_d=$(awk -F, 'NR == FNR { if (FNR == 1) { for (i = 1; i <= NF; i++) h[$i] = i; next }
    d[$h["cand"] " vs " $h["base"] ", " $h["shape"]] = $h["delta"]; next }
  { split($0, f, " "); l = $0; sub(/^[^"]*"/, "", l); sub(/"$/, "", l); n++
    if (!(l in d) || d[l] == "" || (f[6] + 0) - d[l] > 1e-6 || d[l] - (f[6] + 0) > 1e-6) { bad++; print "# " FILENAME ": " l ": " f[6] " against " d[l] > "/dev/stderr" } }
  END { print (n ? bad + 0 : "no rows") }' $C $P/speedup-*.dat)
check_eq "every forest row of the fixture carries its compare.csv row's delta" "$bad_d" 0
# a forest whose last tick, a long label, sits on the panel's right edge: the margin makes room for
# half of it (a 12 pt margin cut '1.005' in two on an A/A's 0.992-1.005 axis)
read -r flo fhi < <(awk '{ for (i = 2; i <= 4; i++) { if (lo == "" || $i < lo) lo = $i; if (hi == "" || $i > hi) hi = $i } }
  END { if (lo > 1) lo = 1; if (hi < 1) hi = 1; printf "%.4f %.5f\n", lo - 0.01, hi + 0.21234 }' $P/key.dat)
cp $P/key.dat $RB/edge.dat && sed -e "s/^xtv = .*/xtv = \"1 $fhi\"/" -e "s/^xlo = .*/xlo = $flo/" -e "s/^xhi = .*/xhi = $fhi/" $P/key.gpv >$RB/edge.gpv
draw speedup edge
out=$(figcheck $RB/edge); check_eq "a forest whose last tick ($fhi) is the axis's end passes the check" "$?/$out" "0/"
bad latency $P/latency-0 catlen "no room under the panel for the variants' names" 's/^catlen = .*/catlen = 1/' "label word 'cublas-naive' is not on the page"
bad roofline $P/roofline axis "an axis that leaves the lowest intensity out" 's/^xmin = .*/xmin = 100/' "data .* outside the axis"
bad scaling $P/scaling label "an axis label longer than the page" \
  's/^xname = .*/xname = "S = K, the sequence length of the queries and of the keys and values, in tokens of the model"/' \
  "label word '.*' is not on the page|'.*' is cut at the edge"
bad gates $RB/plots/beta/nvidia-h200/gates reasons "no room under the panel for the reasons" 's/^catlen = .*/catlen = 1/' "label word 'build_failed' is not on the page"
# the search figure of before: a fixed y range [0.98:2] that cut off the first trials
sed 's/^set yrange .*/set yrange [0.98:2.0]/' plots/search.gp >$RB/search-clipped.gp && search clipped $RB/search-clipped.gp
out=$(figcheck $RB/clipped); rc=$?
check_eq "a search figure whose y range clips the first trials fails the check (exit 1)" "$rc" 1
check_grep "... saying so" "data 1 to 2.[0-9]+ outside the axis" <(echo "$out")
cp $P/key.pdf $P/key.png $P/key.png.geom $RB/ && sed 's/^data x [0-9]*/data x 0/' $P/key.pdf.geom >$RB/key.pdf.geom
out=$(figcheck $RB/key); rc=$?
check_eq "a figure that drew no data fails the check (exit 1)" "$rc" 1
check_grep "... saying so" "empty panel" <(echo "$out")
cp $P/key.dat $RB/keyoff.dat && cp $P/key.gpv $RB/keyoff.gpv && \
  sed 's|^set key at screen 0.5, 1 - sy(4)|set key at screen 0.02, 1 - sy(4)|' plots/speedup.gp >$RB/speedup-keyoff.gp
for t in pdf png; do gnuplot -e "term='$t'; dir='$RB'; name='keyoff'" $RB/speedup-keyoff.gp 2>>$RB/gnuplot.log; done
out=$(figcheck $RB/keyoff); rc=$?
check_eq "a figure whose key is pushed off the page fails the check (exit 1)" "$rc" 1
check_grep "... naming a word of the clipped key" "key entry '(FAST|SAME)' is not on the page|'(FAST|SAME|AMBIGUOUS|SLOW)' is cut at the edge" <(echo "$out")
# a y-axis label, set rotated, declared as the figure's (g_labels) and moved OFFSET characters from
# where gnuplot puts it: gnuplot puts it wholly off the page (the row labels fill the margin), so
# cairo prints none of its words; moved in, it is cut at the edge, then clear, then it runs into
# the row labels, then it sits on the panel; clear but in 5 pt, it is too small
ylabel() {  # ylabel NAME OFFSET [FONT]: draws NAME.pdf and NAME.png, then checks them
  cp $P/key.dat $RB/$1.dat && cp $P/key.gpv $RB/$1.gpv &&
    sed -e "s|^set xlabel .*|&\nset ylabel \"latency ratio\" offset $2, 0 ${3:+font \"$3\"}|" \
        -e "s|^g_labels = xl;|g_labels = xl.\" latency ratio\";|" plots/speedup.gp >$RB/speedup-$1.gp
  grep -q '^g_labels = xl." latency ratio";' $RB/speedup-$1.gp || echo "speedup.gp: no 'g_labels = xl;' line to declare the label in" >&2
  for t in pdf png; do gnuplot -e "term='$t'; dir='$RB'; name='$1'" $RB/speedup-$1.gp 2>>$RB/gnuplot.log; done
  figcheck $RB/$1
}
out=$(ylabel yoff 0); rc=$?
check_eq "a figure whose rotated y label is pushed off the page fails the check (exit 1)" "$rc" 1
check_grep "... naming each of its words" "label word 'latency' is not on the page.*label word 'ratio' is not on the page" \
  <(echo "$out" | tr '\n' ' ')
out=$(ylabel ycut 5); rc=$?
check_eq "a figure whose rotated y label is cut at the left edge fails the check (exit 1)" "$rc" 1
check_grep "... saying so" "'latency' is cut at the edge of the figure" <(echo "$out")
out=$(ylabel yclear 6); rc=$?
check_eq "a rotated y label clear of the edge, the row labels and the panel passes" "$rc/$out" "0/"
check_eq "... and it is printed rotated: its box taller than wide ($(grep -o '<word [^>]*>latency' $RB/yclear.words))" \
  "$(awk -F'"' '/>latency</ { print ($6 - $2 < $8 - $4) }' $RB/yclear.words)" 1
out=$(ylabel ysmall 6 ',5'); rc=$?
check_eq "a figure whose rotated y label is set in 5 pt fails the check (exit 1)" "$rc" 1
check_grep "... its size read across its line (the box's width)" "'latency' is set in 5\.0 pt" <(echo "$out")
out=$(ylabel yrows 10); rc=$?
check_eq "a figure whose rotated y label runs into the row labels fails the check (exit 1)" "$rc" 1
check_grep "... saying which words overlap" "'latency' overlaps|overlaps 'latency'" <(echo "$out")
out=$(ylabel ypanel 40); rc=$?
check_eq "a figure whose rotated y label sits on the panel fails the check (exit 1)" "$rc" 1
check_grep "... saying so" "'latency' is printed over the panel" <(echo "$out")
# a twin whose panel is not the PDF's (the PNG's geometry of another figure)
cp $P/key.pdf $P/key.pdf.geom $RB/ && cp $RB/narrow.png.geom $RB/key.png.geom && cp $RB/narrow.png $RB/key.png
out=$(figcheck $RB/key); rc=$?
check_eq "a PNG twin with another panel fails the check (exit 1)" "$rc" 1
check_grep "... saying so" "the panel is not the PDF's" <(echo "$out")
check_eq "an unreadable geometry is an error (exit 2)" \
  "$(build/tools/fig_check $RB/none.geom $RB/none.words 2>&1 >/dev/null; echo $?)" "fig_check: $RB/none.geom:0: cannot read the geometry (plots/geom.gp)
2"

# the build: a gnuplot that squeezes the latency figure's panel to 20 pt; make plots stops (exit
# 2) with fig_check's lines on stderr, and leaves no figures.txt (the figures are not taken)
cat >$RB/gnuplot-squeeze <<'SH'
#!/usr/bin/env bash
s=${@: -1}
if [ "$s" = plots/latency.gp ]; then t=${0%/*}/latency-squeezed.gp; sed 's/ ph = 170;/ ph = 20;/' "$s" >"$t"; set -- "${@:1:$#-1}" "$t"; fi
exec gnuplot "$@"
SH
chmod +x $RB/gnuplot-squeeze
"${MK[@]}" RB=$RB/build plots EXP=phase1 GNUPLOT=$RB/gnuplot-squeeze >$RB/build.out 2>$RB/build.err
check_eq "make plots with a figure that fails the check exits 2" "$?" 2
check_grep "... with fig_check's line naming the figure and its defect" \
  "^fig_check: $RB/build/plots/phase1/nvidia-h100-80gb-hbm3\.tmp\.[0-9]+/latency-0\.pdf\.geom:2: panel [0-9]+% of the width, [0-9]+% of the height" $RB/build.err
check_grep "... and which figure failed" "^report: .*/latency-0\.pdf fails the figure check" $RB/build.err
check "... and no figures.txt of that GPU" test ! -e $RB/build/plots/phase1/nvidia-h100-80gb-hbm3/figures.txt
done_testing
