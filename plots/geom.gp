# geom.gp — loaded by every plots/*.gp after its plot: writes NAME.TERM.geom, the geometry gnuplot
# drew (canvas, panel, character cell, axis ranges, in the terminal's units) and the facts the
# figure set in g_* (ticks, rows, key, axis labels and title, series, data ranges), for
# tools/report/fig_check.c.
set print dir."/".name.".".term.".geom"
S = GPVAL_TERM_SCALE * 1.0
print sprintf("canvas %g %g", GPVAL_TERM_XSIZE / S, GPVAL_TERM_YSIZE / S)
print sprintf("panel %g %g %g %g", GPVAL_TERM_XMIN, GPVAL_TERM_XMAX, GPVAL_TERM_YMIN, GPVAL_TERM_YMAX)
print sprintf("font %g %g %g", sc, fpt, spt)
print sprintf("vchar %g", GPVAL_TERM_VCHAR * 1.0 / S / fpt)
print sprintf("xrange %g %g %d", GPVAL_X_MIN, GPVAL_X_MAX, g_xtlog)
print sprintf("yrange %g %g", GPVAL_Y_MIN, GPVAL_Y_MAX)
if (strlen(g_xt) > 0) { print "xticks ".g_xt }
if (strlen(g_yt) > 0) { print "yticks ".g_yt }
if (g_xcat > 0) { print sprintf("xcat %d %d %g", g_xcat, g_xcatlen, g_xrot) }
if (g_rows > 0) { print sprintf("rows %d %d", g_rows, g_rowlen) }
if (g_key_n > 0) { print sprintf("key %d %d %d %g %g %s", g_key_n, g_key_len, g_key_cols, g_key_x, g_key_y, g_key_anchor) }
if (strlen(g_keyt) > 0) { print "keytitles ".g_keyt }
if (strlen(g_labels) > 0) { print "labels ".g_labels }
if (strlen(g_series) > 0) { print "series ".g_series }
if (strlen(g_data) > 0) { print "data ".g_data }
set print
