# term.gp — output set-up shared by every plots/*.gp: called with term ('pdf' or 'png'), dir and
# name; w and h (inches) may be set by the figure's .gpv file.
# Sets small: the font size for dense tick labels. Column-width fonts, no enhanced
# text (variant and shape names keep their underscores).
if (!exists("w")) w = 5.0
if (!exists("h")) h = 3.0
if (term eq "pdf") {
  small = 6.5
  set terminal pdfcairo size w*1in, h*1in font "Sans,8" noenhanced linewidth 1
  set output dir."/".name.".pdf"
} else {
  small = 10
  set terminal pngcairo size int(w*160), int(h*160) font "Sans,12" noenhanced linewidth 1.5
  set output dir."/".name.".png"
}
set encoding utf8
set border 3 lw 0.8
set tics nomirror out scale 0.6
set grid ytics lc rgb "#dddddd" lw 0.6
set key top left reverse Left samplen 2 spacing 1.1 box lc rgb "#bbbbbb"
