#!/usr/bin/env bash
# test_figures.sh — every forest plot of the fixture (tests/fixtures/report) passes
# build/tools/fig_check as printed: panel not squeezed or empty, data inside the axes, no word cut
# at the edge, overlapping another or printed over the panel, none under 7 pt, no colour/marker
# pair twice, and its PNG twin the PDF's layout and data. Then the check is shown bad figures made
# from a good one, and must fail each: row labels given too narrow a margin (cut at the left
# edge), ticks too close together (labels running into one another), a key pushed off the top, a
# rotated y label off the page, cut at its edge, too small, over the row labels or over the panel,
# a twin whose panel differs, and a figure with no data.
source tests/lib.sh
set -u
FIX=tests/fixtures/report
RB=build/test-figures
rm -rf "$RB" && mkdir -p "$RB"
make -s --no-print-directory DATA=$FIX/data EXPDIR=$FIX/experiments RB=$RB plots EXP=phase1 build/tools/fig_check >"$RB/make.log" 2>&1
check_eq "make plots EXP=phase1 on the fixture" "$?" 0
P=$RB/plots/phase1/nvidia-h100-80gb-hbm3
# fig_check FIGURE [TERM-GEOM-OF-TWIN]: the check of one figure, its words from its PDF
figcheck() {
  pdftotext -bbox "$1.pdf" "$1.words" && build/tools/fig_check "$1.pdf.geom" "$1.words" "$1.png.geom" "$1.png"
}
n=0
for g in $P/*.pdf.geom; do
  f=${g%.pdf.geom}; n=$((n + 1))
  out=$(figcheck "$f"); check_eq "$(basename $f): passes the figure check" "$?/$out" "0/"
done
check "the fixture has forest plots to check ($n)" test "$n" -ge 2

# bad figures, each drawn by the real scripts from an altered copy of the key figure's settings
draw() { for t in pdf png; do gnuplot -e "term='$t'; dir='$RB'; name='$1'" plots/speedup.gp 2>>$RB/gnuplot.log; done; }
bad() {  # bad NAME WHAT SED-EXPRESSION PATTERN: the copy altered by SED fails with PATTERN
  cp $P/key.dat $RB/$1.dat && sed "$3" $P/key.gpv >$RB/$1.gpv && draw $1
  out=$(figcheck $RB/$1); rc=$?
  check_eq "a figure with $2 fails the check (exit 1)" "$rc" 1
  check_grep "... saying so" "$4" <(echo "$out")
}
bad narrow "row labels in too narrow a margin" 's/^rowlen = .*/rowlen = 4/' "is cut at the edge of the figure"
bad ticks "ticks 0.0005 apart" 's/^xtv = .*/xtv = "0.9 0.9005 0.901 0.9015 0.902 1 1.0005 1.001 1.0015 1.002"/' "overlaps|cut at the edge"
bad squeezed "row labels that leave the panel a sliver" 's/^rowlen = .*/rowlen = 90/' "panel -?[0-9]+% of the width"
bad shifted "an axis that leaves its data out" 's/^xlo = .*/xlo = 1.2/' "outside the axis"
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
    sed "s|^set xlabel .*|&\nset ylabel \"latency ratio\" offset $2, 0 ${3:+font \"$3\"}; g_labels = g_labels.\" latency ratio\"|" \
      plots/speedup.gp >$RB/speedup-$1.gp
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
done_testing
