# term.gp — the output set-up, type sizes and palette every plots/*.gp shares (one owner): called
# with term ('pdf' or 'png'), dir and name; w and h (inches) set by the figure before loading it.
# Print sizes: text 8 pt, dense labels (rows, tick names, session keys) 7 pt, the smallest read
# on a printed page; the PNG twin is the same layout at 160 px per inch (fonts, lines scaled alike),
# so that it shows what the PDF shows. No enhanced text (names keep their underscores).
if (!exists("w")) w = 5.0
if (!exists("h")) h = 3.0
fpt = 8; spt = 7
sc = (term eq "pdf") ? 1.0 : 160 / 72.0
bpt = fpt * sc; small = spt * sc
if (term eq "pdf") {
  set terminal pdfcairo size w*1in, h*1in font sprintf("Sans,%g", fpt) fontscale 1 noenhanced linewidth 1
  set output dir."/".name.".pdf"
} else {
  set terminal pngcairo size int(w*160), int(h*160) font sprintf("Sans,%g", bpt) fontscale 1 noenhanced linewidth sc
  set output dir."/".name.".png"
}
set encoding utf8
set border 3 lw 0.8
set tics nomirror out scale 0.6
set grid ytics lc rgb "#dddddd" lw 0.6
# layout estimates in print points: a line of font f, a character of it (0.85 em: what cairo's
# Sans measures over
# capitals, digits and underscores measured in our names; tools/report/fig_check.c estimates labels
# alike), a length as a share of the width / height
lh(f) = 1.6 * f
cw(f) = 0.85 * f
sx(pt) = pt / (w * 72.0)
sy(pt) = pt / (h * 72.0)
# a key never sits on the data: each figure places it in a band of its own (g_key_* for the check)
set key nobox noreverse Right samplen 1.5 spacing 1.0
sfont = sprintf(",%g", small)
set key font sfont
# Palette: Okabe & Ito's colour-blind-safe colours (their yellow left out: unreadable on white) and
# filled point shapes; series i takes colour i mod 7 and shape i mod 6, so no colour/shape pair
# repeats within a figure before 42 series.
pal_c = "0x0072B2 0xD55E00 0x009E73 0xCC79A7 0xE69F00 0x56B4E9 0x000000"
pal(i) = word(pal_c, int(i) % 7 + 1) + 0
mk(i) = word("7 5 9 11 13 15", int(i) % 6 + 1) + 0
# roles: our variants blue, baselines orange (boxes, lines); the roofs black and grey
c_ours = 0x0072B2; c_base = 0xE69F00; c_roof = 0x222222; c_ds = 0x777777
# verdicts: FAST blue disc, SAME grey circle, AMBIGUOUS orange diamond, SLOW vermillion triangle
v_col(v) = word("0x0072B2 0x777777 0xE69F00 0xD55E00", int(v) + 1) + 0
v_pt(v) = word("7 6 13 9", int(v) + 1) + 0
# the figure check's facts, reported by plots/geom.gp after the plot (empty: none)
g_xt = ""; g_xtlog = 0; g_xrot = 0; g_xcat = 0; g_xcatlen = 0
g_yt = ""; g_rows = 0; g_rowlen = 0
g_key_n = 0; g_key_len = 0; g_key_cols = 1; g_key_x = 0; g_key_y = 0; g_key_anchor = "lt"
g_series = ""; g_data = ""; g_keyt = ""; g_labels = ""
