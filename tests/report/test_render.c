// test_render.c — the template renderer (report_doc.c: doc_render) and the template reader
// (report_tmpl.c: tmpl_text, tmpl_str, tmpl_table): known markup in, LaTeX and Markdown written by
// hand out.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "report/report_tmpl.h"

static char dir[] = "/tmp/test_render.XXXXXX";

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  static char buf[1 << 16];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

// the body of the documents: what doc_render wrote after doc_open's preamble and title
static void render(const char *markup, char *tex, char *md, size_t len) {
  char pt[600], pm[600];
  snprintf(pt, sizeof pt, "%s/r.tex", dir);
  snprintf(pm, sizeof pm, "%s/r.md", dir);
  doc d;
  if (doc_open(&d, pt, pm, "T", 0)) abort();
  doc_render(&d, markup);
  doc_close(&d);
  const char *t = strstr(slurp(pt), "\\maketitle\n") + strlen("\\maketitle\n");
  snprintf(tex, len, "%.*s", (int)(strstr(t, "\\end{document}\n") - t), t);
  snprintf(md, len, "%s", slurp(pm) + strlen("# T\n\n"));
}

static void check_render(const char *what, const char *markup, const char *want_tex, const char *want_md) {
  char tex[4096], md[4096], w[256];
  render(markup, tex, md, sizeof tex);
  snprintf(w, sizeof w, "%s: LaTeX", what);
  CHECK(!strcmp(tex, want_tex), w);
  if (strcmp(tex, want_tex)) printf("# got:\n%s# want:\n%s", tex, want_tex);
  snprintf(w, sizeof w, "%s: Markdown", what);
  CHECK(!strcmp(md, want_md), w);
  if (strcmp(md, want_md)) printf("# got:\n%s# want:\n%s", md, want_md);
}

int main(void) {
  if (!mkdtemp(dir)) return 2;
  check_render("a paragraph: lines joined by one space, inline markup, escapes",
               "First line\nsecond **bold**, *emph* and `a_b` at 50% & $1.\n",
               "First line second \\textbf{bold}, \\emph{emph} and \\texttt{a\\_\\idbreak{}b} at 50\\% \\& \\$1.\n\n",
               "First line second **bold**, *emph* and `a_b` at 50% & $1.\n\n");
  // code breaks only after its own underscores, hyphens and slashes, each break marked: the line
  // it ends shows a hook arrow (\idbreak's pre-break text), nothing is added where it does not break
  check_render("code: a break only after _ - /, each a marked one",
               "`B4_H16` and `data/aa-x`\n",
               "\\texttt{B4\\_\\idbreak{}H16} and \\texttt{data/\\idbreak{}aa-\\idbreak{}x}\n\n",
               "`B4_H16` and `data/aa-x`\n\n");
  {
    char pt[600], pm[600];
    snprintf(pt, sizeof pt, "%s/p.tex", dir), snprintf(pm, sizeof pm, "%s/p.md", dir);
    doc d;
    if (doc_open(&d, pt, pm, "T", 0)) abort();
    doc_close(&d);
    const char *t = slurp(pt);
    CHECK(strstr(t, "\\DeclareRobustCommand{\\idbreak}{\\discretionary{\\mbox{\\ensuremath{\\scriptstyle\\hookleftarrow}}}{}{}}\n") != NULL,
          "preamble: \\idbreak is a break whose line ends in a hook arrow, empty where it does not break");
    CHECK(strstr(t, "\\pdfstringdefDisableCommands{\\def\\idbreak{}}") != NULL, "preamble: \\idbreak is dropped from PDF bookmarks");
    CHECK(strstr(t, "allowbreak") == NULL, "preamble: no unmarked break");
  }
  // levels 1 to 3 numbered A.0, A.0.1, … in the Markdown as LaTeX numbers them (the first section
  // is A.0); level 4 is not numbered
  check_render("two paragraphs and headings of each level",
               "# One `x_y`\n\nText.\n\n## Two\n### Three\n#### Four\nMore\ntext.\n",
               "\\section{One \\texttt{x\\_\\idbreak{}y}}\n\nText.\n\n\\subsection{Two}\n\n"
               "\\subsubsection{Three}\n\n\\paragraph{Four}\n\nMore text.\n\n",
               "## A.0 One `x_y`\n\nText.\n\n### A.0.1 Two\n\n#### A.0.1.1 Three\n\n##### Four\n\nMore text.\n\n");
  check_render("a second section restarts the subsection numbers",
               "# One\n\n## Two\n\n## Three\n\n# Four\n\n## Five\n",
               "\\section{One}\n\n\\subsection{Two}\n\n\\subsection{Three}\n\n\\section{Four}\n\n\\subsection{Five}\n\n",
               "## A.0 One\n\n### A.0.1 Two\n\n### A.0.2 Three\n\n## A.1 Four\n\n### A.1.1 Five\n\n");
  check_render("a list: continuation lines (indent dropped), then a paragraph",
               "- item one\n  continued\n- item two\n\nAfter <it>.\n",
               "\\begin{itemize}\n\\item item one continued\n\\item item two\n\\end{itemize}\n\n"
               "After \\textless{}it\\textgreater{}.\n\n",
               "- item one continued\n- item two\n\nAfter \\<it\\>.\n\n");
  check_render("blank lines around blocks are no paragraphs", "\n\nOnly.\n\n\n", "Only.\n\n", "Only.\n\n");

  // the template reader: parts, placeholders, literal braces
  char p[600];
  snprintf(p, sizeof p, "%s/templates", dir);
  if (mkdir(p, 0777)) return 2;
  snprintf(p, sizeof p, "%s/templates/t.txt", dir);
  FILE *f = fopen(p, "w");
  fputs("a comment before the first part\n[one]\nValue {x} and {{literal}} {y}.\nSecond line.\n\n"
        "[cap]\nTable of `{x}`,\nover two lines.\n\n[cols]\nName | n |\n  {more}\n\n"
        "[two-b]\n- {x}\n", f);
  fclose(f);
  gen g;
  memset(&g, 0, sizeof g);
  g.stat = dir;
  char *s = tmpl_text(&g, "t", "one", (const char *const[]){"x", "1", "y", "`y`", NULL});
  CHECK(!strcmp(s, "Value 1 and {literal} `y`.\nSecond line."), "tmpl_text: placeholders filled, {{ }} literal, trailing newlines dropped");
  free(s);
  s = tmpl_text(&g, "t", "two-b", (const char *const[]){"x", "2", NULL});
  CHECK(!strcmp(s, "- 2"), "tmpl_text: the last part runs to the end of the file");
  free(s);
  CHECK(!strcmp(tmpl_str(&g, "t", "one", (const char *const[]){"x", "1", "y", "2", NULL}),
                "Value 1 and {literal} 2. Second line."), "tmpl_str: one line");

  // a table: caption and column headers from the template, a placeholder may add headers
  char pt[600], pm[600];
  snprintf(pt, sizeof pt, "%s/t.tex", dir);
  snprintf(pm, sizeof pm, "%s/t.md", dir);
  if (doc_open(&g.d, pt, pm, "T", 0)) abort();
  tmpl_table(&g, "t", "cap", "cols", "lrr", (const char *const[]){"x", "a", "more", "Session 1", NULL});
  doc_row(&g.d, (const char *const[]){"v", "1", "2"});
  doc_table_end(&g.d);
  doc_close(&g.d);
  CHECK(!strcmp(slurp(pm), "# T\n\n**Table 1.** Table of `a`, over two lines.\n\n| Name | n | Session 1 |\n"
                           "| --- | ---: | ---: |\n| v | 1 | 2 |\n\n"),
        "tmpl_table: caption on one line, headers split at | and trimmed, placeholders filled first");
  // the LaTeX: the rows held in \cdrows, the table set from them into a box, measured by \cdfit
  // (its 2 gaps; the smaller font of a table of 3 columns, the table again to measure it in that),
  // then the longtable of the same rows
  const char *t = slurp(pt), *rows = strstr(t, "{\\footnotesize\n\\long\\def\\cdrows{v & 1 & 2 \\\\\n}%\n"),
             *box = strstr(t, "\\sbox{\\cdtabbox}{\\begin{tabular}{@{}lrr@{}}\n"),
             *fit = strstr(t, "\\cdrows\\end{tabular}}%\n\\cdfit{2}{\\scriptsize}{\\begin{tabular}{@{}lrr@{}}\n"),
             *lt = strstr(t, "\\cdrows\\end{tabular}}\n\\begin{longtable}{@{}lrr@{}}\n");
  CHECK(rows && box && fit && lt && rows < box && box < fit && fit < lt &&
            strstr(lt, "\\endhead\nv & 1 & 2 \\\\\n\\bottomrule\n\\end{longtable}\n}\n"),
        "doc_table: the rows set into a box that \\cdfit measures, then as the longtable");
  CHECK_DONE();
}
