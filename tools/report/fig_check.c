// fig_check.c — checks one figure as printed: the geometry gnuplot drew it with (NAME.pdf.geom,
// written by plots/geom.gp) and the boxes of the words in its PDF (`pdftotext -bbox`, poppler).
//   fig_check PDF_GEOM WORDS [PNG_GEOM PNG]
// A figure fails when its panel is empty or squeezed (under 30% of the width or 20% of the
// height: the old forest plot's 15%), when a data point or CI lies outside its axes, when a word
// leaves the page or touches its edge (a clipped legend or label: pdftotext clips a word's box to
// the page), overlaps another word (labels or ticks running together) or sits on the panel (a
// legend over the data), when a word is set under 7 pt, when a colour/marker pair is drawn for
// two series, or when a word of a key title, an axis label or the title (the geometry's
// `keytitles` and `labels` lines) is not printed at all. Words set upright (an axis label,
// category labels turned 90 degrees: the geometry's `xcat` line) are measured across their
// lines. With the PNG twin: its panel must be the PDF's (same share of the canvas within 1%), its
// data the same (rows, points, ranges), and the PNG file as large as its canvas. Prints one line
// per defect, `fig_check: FILE:LINE: what`; exit 0 when none, 1 when any, 2 when a file cannot be
// read.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WORDS_MAX = 4096 };
static const double MIN_PT = 7.0, BOX_PER_PT = 1.55;  // pdftotext's word box: 1.55 x the font size
static const double EDGE = 1.0;  // the least room between a word and the page's edge (points)

typedef struct {
  double cw, ch, px0, px1, py0, py1;  // canvas, panel (terminal units, y up)
  double xr[2], yr[2];                 // axis ranges
  int xcat;                            // categories at x = 0 .. xcat-1 (0: none) ...
  double xrot;                         // ... their labels turned xrot degrees
  char data[2048], rows[64], series[2048], keyt[1024], labels[1024];
} geom;

typedef struct {
  double x0, y0, x1, y1;  // PDF points, y down
  char text[128];
  long line;
  int upright;  // set turned 90 degrees: its lines run down the page
} word;

typedef struct {
  double w, h;  // the page (PDF points)
  size_t n;
  word *v;
} words;

static int bad;

static void defect(const char *file, long line, const char *what, const char *a, const char *b) {
  printf("fig_check: %s:%ld: ", file, line);
  printf(what, a, b);
  printf("\n");
  bad = 1;
}

static void die(const char *file, const char *what) {
  fprintf(stderr, "fig_check: %s:0: %s\n", file, what);
  exit(2);
}

static void geom_read(const char *path, geom *g) {
  FILE *f = fopen(path, "r");
  if (!f) die(path, "cannot read the geometry (plots/geom.gp)");
  memset(g, 0, sizeof *g);
  char l[2048];
  int have = 0;
  while (fgets(l, sizeof l, f)) {
    l[strcspn(l, "\n")] = '\0';
    if (sscanf(l, "canvas %lf %lf", &g->cw, &g->ch) == 2) have |= 1;
    else if (sscanf(l, "panel %lf %lf %lf %lf", &g->px0, &g->px1, &g->py0, &g->py1) == 4) have |= 2;
    else if (sscanf(l, "xrange %lf %lf", &g->xr[0], &g->xr[1]) == 2) continue;
    else if (sscanf(l, "yrange %lf %lf", &g->yr[0], &g->yr[1]) == 2) continue;
    else if (sscanf(l, "xcat %d %*d %lf", &g->xcat, &g->xrot) == 2) continue;
    else if (!strncmp(l, "data ", 5)) snprintf(g->data, sizeof g->data, "%.2000s", l + 5);
    else if (!strncmp(l, "rows ", 5)) snprintf(g->rows, sizeof g->rows, "%.63s", l + 5);
    else if (!strncmp(l, "keytitles ", 10)) snprintf(g->keyt, sizeof g->keyt, "%.1000s", l + 10);
    else if (!strncmp(l, "labels ", 7)) snprintf(g->labels, sizeof g->labels, "%.1000s", l + 7);
    else if (!strncmp(l, "series ", 7)) snprintf(g->series, sizeof g->series, "%.2000s", l + 7);
  }
  fclose(f);
  if (have != 3) die(path, "no 'canvas' or 'panel' line");
}

// the panel and its data (geometry of gnuplot's own drawing)
static void check_panel(const char *path, const geom *g) {
  char a[64], b[64];
  double fw = (g->px1 - g->px0) / g->cw, fh = (g->py1 - g->py0) / g->ch;
  snprintf(a, sizeof a, "%.0f%%", 100 * fw), snprintf(b, sizeof b, "%.0f%%", 100 * fh);
  if (fw < 0.30 || fh < 0.20) defect(path, 2, "panel %s of the width, %s of the height (at least 30%% and 20%%)", a, b);
  // data: groups "axis n min max"; the axis range from the xrange / yrange lines
  const double *xr = g->xr, *yr = g->yr;
  if (!*g->data) return defect(path, 0, "no data line: the figure reports no plotted data%s%s", "", "");
  char ax[8];
  int n, off = 0, k;
  double lo, hi;
  while (sscanf(g->data + off, "%7s %d %lf %lf%n", ax, &n, &lo, &hi, &k) == 4) {
    off += k;
    const double *r = ax[0] == 'y' ? yr : xr;
    if (n <= 0) defect(path, 0, "empty panel: no %s value drawn%s", ax, "");
    else if (lo < fmin(r[0], r[1]) || hi > fmax(r[0], r[1])) {
      snprintf(a, sizeof a, "%g to %g", lo, hi), snprintf(b, sizeof b, "%g to %g", r[0], r[1]);
      defect(path, 0, "data %s outside the axis %s", a, b);
    }
  }
  // series: "colour:marker" pairs, none twice
  char tok[64][32];
  int nt = 0;
  off = 0;
  while (nt < 64 && sscanf(g->series + off, "%31s%n", tok[nt], &k) == 1) off += k, nt++;
  for (int i = 0; i < nt; i++)
    for (int j = 0; j < i; j++)
      if (!strcmp(tok[i], tok[j])) defect(path, 0, "colour/marker pair %s drawn for two series%s", tok[i], "");
}

static void words_read(const char *path, words *ws) {
  FILE *f = fopen(path, "r");
  if (!f) die(path, "cannot read the words (pdftotext -bbox)");
  char l[1024];
  long line = 0;
  ws->n = 0, ws->w = ws->h = -1;
  while (fgets(l, sizeof l, f) && ws->n < WORDS_MAX) {
    line++;
    const char *p = strstr(l, "<page ");
    if (p && sscanf(p, "<page width=\"%lf\" height=\"%lf\"", &ws->w, &ws->h) != 2)
      die(path, "a <page> line without its size");
    if (!(p = strstr(l, "<word "))) continue;
    word *x = &ws->v[ws->n];
    if (sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">", &x->x0, &x->y0, &x->x1, &x->y1) != 4)
      die(path, "a <word> line without its box");
    const char *t = strchr(p, '>') + 1, *e = strstr(t, "</word>");
    snprintf(x->text, sizeof x->text, "%.*s", e ? (int)(e - t) : 0, t);
    x->line = line;
    ws->n++;
  }
  fclose(f);
  if (ws->w <= 0 || ws->h <= 0) die(path, "no <page> size (not pdftotext -bbox output)");
}

// which words are set upright: a word taller than wide, longer than 2 characters (a short word
// is as tall as wide either way), and the other words of its line (the same column: a short word
// of an upright axis label); a category label under the panel (the geometry's xcat, turned),
// centred on its category
static void words_upright(const geom *g, words *ws) {
  double span = g->xr[1] - g->xr[0], below = g->ch - g->py0;  // the panel's bottom, y down
  for (size_t i = 0; i < ws->n; i++) {
    word *x = &ws->v[i];
    x->upright = x->x1 - x->x0 < x->y1 - x->y0 && strlen(x->text) > 2;
  }
  for (size_t i = 0; i < ws->n; i++)
    for (size_t j = 0; j < ws->n && !ws->v[i].upright; j++)
      if (ws->v[j].upright && strlen(ws->v[j].text) > 2 && fabs(ws->v[j].x0 - ws->v[i].x0) < 0.3 &&
          fabs(ws->v[j].x1 - ws->v[i].x1) < 0.3)
        ws->v[i].upright = 1;
  for (size_t i = 0; i < ws->n; i++) {
    word *x = &ws->v[i];
    if (!g->xcat || g->xrot == 0 || span == 0 || x->y0 < below - 0.3) continue;
    double c = (x->x0 + x->x1) / 2, half = (x->x1 - x->x0) / 2 + 0.5;
    for (int k = 0; k < g->xcat; k++)
      if (fabs(g->px0 + (k - g->xr[0]) / span * (g->px1 - g->px0) - c) <= half) x->upright = 1;
  }
}

// the printed words: on the page and clear of its edge, apart, off the panel, large enough (an
// upright word's size is its box's width)
static void check_words(const char *path, const geom *g, const words *ws) {
  const double tol = 0.3;
  char a[160], b[160];
  // panel in PDF points, y down (the PDF's canvas is the geometry's, in points)
  double X0 = g->px0, X1 = g->px1, Y0 = g->ch - g->py1, Y1 = g->ch - g->py0;
  for (size_t i = 0; i < ws->n; i++) {
    const word *x = &ws->v[i];
    if (x->x0 < EDGE || x->y0 < EDGE || x->x1 > ws->w - EDGE || x->y1 > ws->h - EDGE)
      defect(path, x->line, "'%s' is cut at the edge of the figure%s", x->text, "");
    double pt = (x->upright ? x->x1 - x->x0 : x->y1 - x->y0) / BOX_PER_PT;
    if (pt < MIN_PT - 0.05) {
      snprintf(a, sizeof a, "%.1f", pt);
      defect(path, x->line, "'%s' is set in %s pt (at least 7)", x->text, a);
    }
    if (x->x0 < X1 - tol && x->x1 > X0 + tol && x->y0 < Y1 - tol && x->y1 > Y0 + tol)
      defect(path, x->line, "'%s' is printed over the panel%s", x->text, "");
    for (size_t j = 0; j < i; j++) {
      const word *y = &ws->v[j];
      if (x->x0 < y->x1 - tol && y->x0 < x->x1 - tol && x->y0 < y->y1 - tol && y->y0 < x->y1 - tol) {
        snprintf(a, sizeof a, "%s", x->text), snprintf(b, sizeof b, "%s", y->text);
        defect(path, x->line, "'%s' overlaps '%s'", a, b);
      }
    }
  }
}

// every word of the key's titles and of the axis labels and title is printed (a word cairo cut
// off whole leaves no word)
static void check_printed(const char *path, const char *list, const char *what, const words *ws) {
  char t[128];
  int off = 0, k;
  while (sscanf(list + off, "%127s%n", t, &k) == 1) {
    off += k;
    size_t i = 0;
    while (i < ws->n && strcmp(ws->v[i].text, t)) i++;
    if (i == ws->n) defect(path, 0, what, t, "");
  }
}

// the PNG twin: the same panel share, the same data, a file as large as its canvas
static void check_twin(const char *pdfg, const geom *p, const char *pngg, const geom *q, const char *png) {
  double d[4] = {p->px0 / p->cw - q->px0 / q->cw, p->px1 / p->cw - q->px1 / q->cw, p->py0 / p->ch - q->py0 / q->ch,
                 p->py1 / p->ch - q->py1 / q->ch};
  for (int i = 0; i < 4; i++)
    if (fabs(d[i]) > 0.01) return defect(pngg, 2, "the panel is not the PDF's (%s)%s", pdfg, "");
  if (strcmp(p->data, q->data) || strcmp(p->rows, q->rows))
    defect(pngg, 0, "the data drawn are not the PDF's (%s)%s", pdfg, "");
  FILE *f = fopen(png, "rb");
  unsigned char h[24];
  if (!f || fread(h, 1, 24, f) != 24 || memcmp(h + 1, "PNG", 3)) die(png, "not a PNG file");
  fclose(f);
  double wpx = (double)((unsigned long)h[16] << 24 | h[17] << 16 | h[18] << 8 | h[19]);
  double hpx = (double)((unsigned long)h[20] << 24 | h[21] << 16 | h[22] << 8 | h[23]);
  if (fabs(wpx - q->cw) > 2 || fabs(hpx - q->ch) > 2) defect(png, 0, "the image is not its canvas%s%s", "", "");
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 5) {
    fprintf(stderr, "usage: fig_check PDF_GEOM WORDS [PNG_GEOM PNG]\n");
    return 2;
  }
  static word w[WORDS_MAX];
  words ws = {.v = w};
  geom g, q;
  geom_read(argv[1], &g);
  check_panel(argv[1], &g);
  words_read(argv[2], &ws);
  words_upright(&g, &ws);
  check_words(argv[2], &g, &ws);
  check_printed(argv[1], g.keyt, "key entry '%s' is not on the page (the key is clipped)%s", &ws);
  check_printed(argv[1], g.labels, "label word '%s' is not on the page (the label is cut off)%s", &ws);
  if (argc == 5) {
    geom_read(argv[3], &q);
    check_twin(argv[1], &g, argv[3], &q, argv[4]);
  }
  return bad;
}
