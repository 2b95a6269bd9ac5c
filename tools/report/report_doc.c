// report_doc.c — see report_doc.h.
#include "report_doc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *vfmt(const char *f, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, f, aq);
  va_end(aq);
  char *s = malloc(n > 0 ? (size_t)n + 1 : 1);
  if (!s) abort();
  vsnprintf(s, (size_t)n + 1, f, ap);
  return s;
}

// fmt's strings live in a ring of FMT_RING heap strings, each as long as it needs to be (a list of
// every session or GPU of an experiment is not cut); a string stays valid for the next FMT_RING
// calls
enum { FMT_RING = 256 };
const char *fmt(const char *f, ...) {
  static char *ring[FMT_RING];
  static unsigned k;
  va_list ap;
  va_start(ap, f);
  char *s = vfmt(f, ap);
  va_end(ap);
  char **slot = &ring[k++ % FMT_RING];
  free(*slot);
  *slot = s;
  return s;
}

static void tex_esc(FILE *f, const char *s, size_t n, int code) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    switch (c) {
    case '#': case '$': case '%': case '&': case '{': case '}': fprintf(f, "\\%c", c); break;
    case '_': fputs(code ? "\\_\\idbreak{}" : "\\_", f); break;
    case '~': fputs("\\textasciitilde{}", f); break;
    case '^': fputs("\\textasciicircum{}", f); break;
    case '\\': fputs("\\textbackslash{}", f); break;
    case '<': fputs("\\textless{}", f); break;
    case '>': fputs("\\textgreater{}", f); break;
    case '|': fputs("\\textbar{}", f); break;
    case '"': fputs("\\textquotedbl{}", f); break;
    case '-': fputs(code ? "-\\idbreak{}" : "-", f); break;
    case '/': fputs(code ? "/\\idbreak{}" : "/", f); break;
    default: fputc(c, f);
    }
  }
}

static void md_esc(FILE *f, const char *s, size_t n, int cell) {
  for (size_t i = 0; i < n; i++) {
    if (strchr("\\*_<>", s[i]) || (cell && s[i] == '|')) fputc('\\', f);
    fputc(s[i], f);
  }
}

// inline markup: `code`, **bold**, *emph*; TEX or MD may be NULL (that target skipped)
static void emit_to(FILE *tex, FILE *md, const char *s, int cell) {
  while (*s) {
    const char *close = NULL;
    int kind = 0; // 1 code, 2 bold, 3 emph
    size_t ol = 1;
    if (*s == '`') kind = 1, close = strchr(s + 1, '`');
    else if (s[0] == '*' && s[1] == '*') kind = 2, ol = 2, close = strstr(s + 2, "**");
    else if (*s == '*' && s[1] && s[1] != ' ') kind = 3, close = strchr(s + 1, '*');
    if (kind && close) {
      const char *open = s + ol;
      size_t n = (size_t)(close - open);
      if (kind == 1) {
        if (tex) fputs("\\texttt{", tex), tex_esc(tex, open, n, 1), fputs("}", tex);
        if (md) {
          fputc('`', md);
          for (size_t i = 0; i < n; i++) {
            if (cell && open[i] == '|') fputc('\\', md);
            fputc(open[i], md);
          }
          fputc('`', md);
        }
      } else {
        const char *mk = kind == 2 ? "**" : "*";
        if (tex) fputs(kind == 2 ? "\\textbf{" : "\\emph{", tex), tex_esc(tex, open, n, 0), fputs("}", tex);
        if (md) fputs(mk, md), md_esc(md, open, n, cell), fputs(mk, md);
      }
      s = close + ol;
      continue;
    }
    const char *e = s + 1;
    while (*e && *e != '`' && *e != '*') e++;
    if (tex) tex_esc(tex, s, (size_t)(e - s), 0);
    if (md) md_esc(md, s, (size_t)(e - s), cell);
    s = e;
  }
}

static void emit(doc *d, const char *s, int cell) {
  emit_to(d->tex, d->md, s, cell);
}

static void end_list(doc *d) {
  if (!d->in_list) return;
  fputs("\\end{itemize}\n\n", d->tex);
  fputs("\n", d->md);
  d->in_list = 0;
}

static const char *preamble =
    "\\documentclass[10pt,a4paper]{article}\n"
    "\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n\\IfFileExists{lmodern.sty}{\\usepackage{lmodern}}{}\n"
    "\\usepackage{textcomp}\n\\usepackage{amsmath}\n\\usepackage[margin=2cm]{geometry}\n"
    "\\usepackage{booktabs}\n\\usepackage{longtable}\n\\usepackage{array}\n\\usepackage{graphicx}\n"
    "\\usepackage{float}\n\\usepackage{xcolor}\n\\usepackage[hidelinks]{hyperref}\n"
    "\\DeclareUnicodeCharacter{00B5}{\\textmu{}}\n\\DeclareUnicodeCharacter{00D7}{\\texttimes{}}\n"
    "\\DeclareUnicodeCharacter{03B4}{\\ensuremath{\\delta}}\n"
    "\\DeclareUnicodeCharacter{03B1}{\\ensuremath{\\alpha}}\n"
    "\\DeclareUnicodeCharacter{0394}{\\ensuremath{\\Delta}}\n"
    "\\DeclareUnicodeCharacter{221A}{\\ensuremath{\\surd}}\n"
    "\\DeclareUnicodeCharacter{2265}{\\ensuremath{\\geq}}\n"
    "\\DeclareUnicodeCharacter{2264}{\\ensuremath{\\leq}}\n"
    "\\DeclareUnicodeCharacter{2212}{\\ensuremath{-}}\n"
    "\\DeclareUnicodeCharacter{00B1}{\\ensuremath{\\pm}}\n"
    "\\DeclareUnicodeCharacter{00B7}{\\ensuremath{\\cdot}}\n"
    "\\DeclareUnicodeCharacter{2192}{\\ensuremath{\\rightarrow}}\n"
    "\\DeclareUnicodeCharacter{2248}{\\ensuremath{\\approx}}\n"
    "\\DeclareUnicodeCharacter{2260}{\\ensuremath{\\neq}}\n"
    "\\DeclareUnicodeCharacter{2014}{---}\n\\DeclareUnicodeCharacter{2013}{--}\n"
    "\\DeclareUnicodeCharacter{2026}{\\ldots{}}\n"
    "\\DeclareUnicodeCharacter{2020}{\\textdagger{}}\n"
    "\\DeclareUnicodeCharacter{00B2}{\\textsuperscript{2}}\n"
    "\\DeclareUnicodeCharacter{00B3}{\\textsuperscript{3}}\n"
    "\\pdfsuppressptexinfo=-1\n\\pdftrailerid{cudadent42-appendix}\n\\setlength{\\tabcolsep}{3.5pt}\n\\setlength{\\emergencystretch}{3em}\n\\setlength{\\LTcapwidth}{\\linewidth}\n\\setcounter{secnumdepth}{3}\n"
    "\\renewcommand{\\thesection}{A.\\arabic{section}}\n\\setcounter{section}{-1}\n"
    // code breaks only after an underscore, a hyphen or a slash of its own, and the line it
    // breaks ends in a continuation mark (a hook arrow); where it fits, it does not break
    "\\DeclareRobustCommand{\\idbreak}{\\discretionary{\\mbox{\\ensuremath{\\scriptstyle\\hookleftarrow}}}{}{}}\n"
    "\\pdfstringdefDisableCommands{\\def\\idbreak{}}\n"
    // \cdfit{GAPS}{SMALLER}{TABLE}: \cdtabbox holds a table as it would be set; where it is wider
    // than the line, its GAPS gaps between columns narrow to 1.5pt a side, and where that is not
    // enough it takes the SMALLER font instead, TABLE set again in it to measure it, and the gaps
    // narrow as well where it is still too wide; where even that is too wide (long words in many
    // columns: AMBIGUOUS in two verdict columns at once), the font goes down to 4.2pt, the last
    // step (doc_table_end); the \\relax ends the last length before the \\ifdim (TeX would
    // expand it while looking for a space after the unit)
    "\\newsavebox{\\cdtabbox}\n\\newlength{\\cdtabw}\n"
    "\\newcommand{\\cdfit}[3]{\\ifdim\\wd\\cdtabbox>\\linewidth\\setlength{\\cdtabw}{\\wd\\cdtabbox}%\n"
    "  \\advance\\cdtabw by -#1\\tabcolsep\\advance\\cdtabw by -#1\\tabcolsep\\advance\\cdtabw by #1pt\\advance\\cdtabw by #1pt\\advance\\cdtabw by #1pt\\relax%\n"
    "  \\ifdim\\cdtabw>\\linewidth#2\\sbox{\\cdtabbox}{#3}\\ifdim\\wd\\cdtabbox>\\linewidth\\setlength{\\tabcolsep}{1.5pt}%\n"
    "    \\sbox{\\cdtabbox}{#3}\\ifdim\\wd\\cdtabbox>\\linewidth\\fontsize{4.2}{5}\\selectfont\\fi\\fi\n"
    "  \\else\\setlength{\\tabcolsep}{1.5pt}\\fi\\fi}\n";

int doc_open(doc *d, const char *tex, const char *md, const char *title, int synthetic) {
  memset(d, 0, sizeof *d);
  d->sec[0] = -1; // the first section is A.0, as the preamble sets LaTeX's counter
  d->tex = fopen(tex, "w");
  d->md = fopen(md, "w");
  if (!d->tex || !d->md) return -1;
  fputs(preamble, d->tex);
  fputs("\\title{", d->tex);
  tex_esc(d->tex, title, strlen(title), 0);
  fputs("}\n\\date{}\n\\author{}\n\\begin{document}\n\\maketitle\n", d->tex);
  fprintf(d->md, "# %s\n\n", title);
  if (synthetic) {
    fputs("\\begin{center}\\fbox{\\parbox{0.9\\linewidth}{\\centering\\textbf{SYNTHETIC DATA.} "
          "Some sample files say \\texttt{synthetic: yes}: the numbers below are made up for "
          "testing and are not measurements.}}\\end{center}\n\n", d->tex);
    fputs("> **SYNTHETIC DATA.** Some sample files say `synthetic: yes`: the numbers below are "
          "made up for testing and are not measurements.\n\n", d->md);
  }
  return 0;
}

int doc_close(doc *d) {
  end_list(d);
  doc_table_end(d);
  fputs("\\end{document}\n", d->tex);
  int e = ferror(d->tex) || ferror(d->md);
  e |= fclose(d->tex) != 0;
  e |= fclose(d->md) != 0;
  return e ? -1 : 0;
}

const char *doc_secnum(const doc *d, int level) {
  if (level < 1) level = 1;
  if (level > 3) level = 3;
  return fmt("A.%d%s%s", d->sec[0], level > 1 ? fmt(".%d", d->sec[1]) : "", level > 2 ? fmt(".%d", d->sec[2]) : "");
}

// the numbers of a new heading of LEVEL (1 to 3)
static void step(doc *d, int level) {
  d->sec[level - 1]++;
  for (int k = level; k < 3; k++) d->sec[k] = 0;
}

static const char *const head_cmd[] = {"section", "subsection", "subsubsection", "paragraph"};

void doc_skip(doc *d, int level) {
  if (level < 1 || level > 3) return;
  end_list(d);
  step(d, level);
  fprintf(d->tex, "\\stepcounter{%s}\n", head_cmd[level - 1]);
}

void doc_head(doc *d, int level, const char *f, ...) {
  end_list(d);
  va_list ap;
  va_start(ap, f);
  char *s = vfmt(f, ap);
  va_end(ap);
  if (level < 1) level = 1;
  if (level > 4) level = 4;
  if (level <= 3) step(d, level);
  fprintf(d->tex, "\\%s{", head_cmd[level - 1]);
  emit_to(d->tex, NULL, s, 0);
  fputs("}\n\n", d->tex);
  fprintf(d->md, "%.*s ", level + 1, "#####");
  if (level <= 3) fprintf(d->md, "%s ", doc_secnum(d, level));
  emit_to(NULL, d->md, s, 0);
  fputs("\n\n", d->md);
  free(s);
}

void doc_par(doc *d, const char *f, ...) {
  end_list(d);
  va_list ap;
  va_start(ap, f);
  char *s = vfmt(f, ap);
  va_end(ap);
  emit(d, s, 0);
  fputs("\n\n", d->tex);
  fputs("\n\n", d->md);
  free(s);
}

void doc_item(doc *d, const char *f, ...) {
  if (!d->in_list) fputs("\\begin{itemize}\n", d->tex), d->in_list = 1;
  va_list ap;
  va_start(ap, f);
  char *s = vfmt(f, ap);
  va_end(ap);
  fputs("\\item ", d->tex);
  fputs("- ", d->md);
  emit(d, s, 0);
  fputs("\n", d->tex);
  fputs("\n", d->md);
  free(s);
}

// a memory stream into *buf, or abort
static FILE *mem(char **buf, size_t *n) {
  FILE *f = open_memstream(buf, n);
  if (!f) abort();
  return f;
}

void doc_table(doc *d, const char *caption, const char *align, const char *const head[]) {
  end_list(d);
  if (d->tout) doc_table_end(d);
  size_t np = 0, nother = 0, n;
  for (const char *a = align; *a; a++)
    if (*a == 'p') np++;
    else if (*a < '0' || *a > '9') nother++;
  d->ncol = np + nother;
  d->ntab++;
  d->tsize = d->ncol >= 6 ? "scriptsize" : "footnotesize";
  d->tsmaller = d->ncol >= 6 ? "tiny" : "scriptsize";
  FILE *f = mem(&d->tspec, &n);
  fputs("@{}", f);
  for (const char *a = align; *a; a++) {
    if (*a >= '0' && *a <= '9') continue;
    if (*a != 'p') {
      fputc(*a, f);
      continue;
    }
    double w = (0.95 - 0.09 * (double)nother) / (double)np; // p45: 45% of the line
    if (a[1] >= '0' && a[1] <= '9') w = strtod(a + 1, NULL) / 100;
    fprintf(f, ">{\\raggedright\\arraybackslash}p{%.2f\\linewidth}", w);
  }
  fputs("@{}", f);
  fclose(f);
  f = mem(&d->tcap, &n);
  emit_to(f, NULL, caption, 0);
  fclose(f);
  f = mem(&d->thead, &n);
  for (size_t i = 0; i < d->ncol; i++) {
    fputs(i ? " & " : "", f);
    fputs("\\textbf{", f), emit_to(f, NULL, head[i], 1), fputs("}", f);
  }
  fclose(f);
  d->tout = d->tex;
  d->tex = mem(&d->trows, &d->trows_n);
  fprintf(d->md, "**Table %d.** ", d->ntab);
  emit_to(NULL, d->md, caption, 0);
  fputs("\n\n|", d->md);
  for (size_t i = 0; i < d->ncol; i++) fputs(" ", d->md), emit_to(NULL, d->md, head[i], 1), fputs(" |", d->md);
  fputs("\n|", d->md);
  for (const char *a = align; *a; a++)
    if (*a < '0' || *a > '9') fputs(*a == 'r' ? " ---: |" : *a == 'c' ? " :---: |" : " --- |", d->md);
  fputs("\n", d->md);
}

void doc_row(doc *d, const char *const cell[]) {
  fputs("|", d->md);
  for (size_t i = 0; i < d->ncol; i++) {
    fputs(i ? " & " : "", d->tex);
    fputs(" ", d->md);
    emit(d, cell[i] ? cell[i] : "", 1);
    fputs(" |", d->md);
  }
  fputs(" \\\\\n", d->tex);
  fputs("\n", d->md);
}

void doc_group(doc *d, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  char *s = vfmt(f, ap);
  va_end(ap);
  fprintf(d->tex, "\\midrule\n\\multicolumn{%zu}{@{}l}{", d->ncol);
  fputs("| ", d->md);
  emit(d, s, 1);
  for (size_t i = 1; i < d->ncol; i++) fputs(" |", d->md);
  fputs(" |\n", d->md);
  fputs("} \\\\\n", d->tex);
  free(s);
}

void doc_table_end(doc *d) {
  if (!d->tout) return;
  fclose(d->tex);
  d->tex = d->tout;
  d->tout = NULL;
  // the rows held in \cdrows, the table set from them into a box to measure it (and again by
  // \cdfit in the smaller font where it needs to), then the longtable, fitted by \cdfit
  fprintf(d->tex,
          "{\\%s\n\\long\\def\\cdrows{%s}%%\n"
          "\\sbox{\\cdtabbox}{\\begin{tabular}{%s}\n%s \\\\\n\\midrule\n\\cdrows\\end{tabular}}%%\n"
          "\\cdfit{%zu}{\\%s}{\\begin{tabular}{%s}\n%s \\\\\n\\midrule\n\\cdrows\\end{tabular}}\n"
          "\\begin{longtable}{%s}\n\\caption{%s}\\\\\n\\toprule\n%s \\\\\n\\midrule\n\\endhead\n"
          "%s\\bottomrule\n\\end{longtable}\n}\n\n",
          d->tsize, d->trows, d->tspec, d->thead, d->ncol ? d->ncol - 1 : 0, d->tsmaller, d->tspec, d->thead, d->tspec,
          d->tcap, d->thead, d->trows);
  fputs("\n", d->md);
  free(d->tspec), free(d->tcap), free(d->thead), free(d->trows);
  d->tspec = d->tcap = d->thead = d->trows = NULL;
  d->ncol = 0;
}

void doc_figure(doc *d, const char *rel, const char *caption) {
  end_list(d);
  d->nfig++;
  fprintf(d->tex, "\\begin{figure}[H]\n\\centering\n\\includegraphics{%s.pdf}\n\\caption{", rel);
  emit_to(d->tex, NULL, caption, 0);
  fputs("}\n\\end{figure}\n\n", d->tex);
  fprintf(d->md, "![Figure %d](%s.png)\n\n**Figure %d.** ", d->nfig, rel, d->nfig);
  emit_to(NULL, d->md, caption, 0);
  fputs("\n\n", d->md);
}

// the lines [p, e) of a paragraph or item joined by single spaces, a continuation line's indent
// dropped (malloc'd)
static char *joined(const char *p, const char *e) {
  char *s = malloc((size_t)(e - p) + 1), *o = s;
  if (!s) abort();
  for (; p < e; p++) {
    *o++ = *p == '\n' ? ' ' : *p;
    if (*p == '\n')
      while (p + 1 < e && (p[1] == ' ' || p[1] == '\t')) p++;
  }
  *o = '\0';
  return s;
}

// "# " … "#### " at the start of line L: the level, else 0
static int head_level(const char *l) {
  int n = 0;
  while (l[n] == '#' && n < 5) n++;
  return n >= 1 && n <= 4 && l[n] == ' ' ? n : 0;
}

void doc_render(doc *d, const char *text) {
  const char *p = text;
  while (*p) {
    if (*p == '\n') {
      p++;
      continue;
    }
    const char *end = strstr(p, "\n\n"), *eol = strchr(p, '\n');
    if (!end) end = p + strlen(p);
    while (end > p && end[-1] == '\n') end--; // the text's last newline
    if (!eol || eol > end) eol = end;
    int lv = head_level(p);
    if (lv) { // a heading is its line; the block goes on after it
      char *s = joined(p + lv + 1, eol);
      doc_head(d, lv, "%s", s);
      free(s);
      p = eol;
      continue;
    }
    if (!strncmp(p, "- ", 2)) { // a list: an item runs to the next "\n- " or the block's end
      while (p < end) {
        const char *next = strstr(p + 2, "\n- ");
        if (!next || next > end) next = end;
        char *s = joined(p + 2, next);
        doc_item(d, "%s", s);
        free(s);
        p = next < end ? next + 1 : end;
      }
      continue;
    }
    char *s = joined(p, end);
    doc_par(d, "%s", s);
    free(s);
    p = end;
  }
}
