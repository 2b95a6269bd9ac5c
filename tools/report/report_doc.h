// report_doc.h — one writer, two documents: every call writes the same content to a LaTeX file
// (booktabs tables, PDF figures) and a Markdown file (pipe tables, PNG figures), so the two stay
// twins. Text takes a small inline markup: `code`, **bold**, *emphasis*; everything else is
// escaped for each target. UTF-8 (µ, ×, δ, α, ≥, –) is passed through; the LaTeX preamble maps it.
#pragma once
#include <stddef.h>
#include <stdio.h>

typedef struct {
  FILE *tex, *md;
  size_t ncol;   // columns of the open table
  // the open table's LaTeX, held until its end (doc_table_end writes it twice: once into a box
  // that measures it, then as the longtable): its column spec, caption and header, the document
  // it goes to (tex holds its rows meanwhile), its font size and the smaller one
  char *tspec, *tcap, *thead, *trows;
  size_t trows_n;
  FILE *tout;
  const char *tsize, *tsmaller;
  int in_list;
  int nfig, ntab;
  int sec[3];    // the numbers of the current section, subsection and subsubsection
} doc;

int doc_open(doc *d, const char *tex, const char *md, const char *title, int synthetic);
int doc_close(doc *d); // 0, or -1 when a write failed
// level 1 section, 2 subsection, 3 subsubsection, 4 paragraph heading; levels 1 to 3 are
// numbered A.0, A.1, … (the first section is A.0), in both documents alike
void doc_head(doc *d, int level, const char *fmt, ...);
// numbers a heading of level 1 to 3 as doc_head does, writing none: a section the other document
// writes keeps its number in this one
void doc_skip(doc *d, int level);
// the number of the current heading of level 1 to 3 ("A.3", "A.3.5"), as the documents print it
const char *doc_secnum(const doc *d, int level);
void doc_par(doc *d, const char *fmt, ...);
void doc_item(doc *d, const char *fmt, ...); // a bullet; the list ends at the next other call
// align: one letter per column, l r c, or 'p' for a wrapping text column (pNN: NN% of the line,
// else the room the other columns leave, shared)
// A table wider than the line at its font (measured by LaTeX: \cdfit of the preamble) narrows the
// gaps between its columns, and where that is not enough takes the next smaller font instead (with
// narrow gaps too where it is still too wide); the Markdown is the same either way.
void doc_table(doc *d, const char *caption, const char *align, const char *const head[]);
void doc_row(doc *d, const char *const cell[]);
void doc_group(doc *d, const char *fmt, ...); // a full-width row that starts a group
void doc_table_end(doc *d);
// Renders TEXT in the light markup of the templates (report_tmpl.h) as the calls above would:
// blocks are separated by blank lines; a block of lines "# T" to "#### T" is one heading each
// (doc_head level 1 to 4), one whose first line starts "- " a list (an item per "- " line, the
// lines after it continue it), any other a paragraph (doc_par); the lines of an item or a
// paragraph are joined by one space. Inline markup as everywhere: `code`, **bold**, *emphasis*.
void doc_render(doc *d, const char *text);
// REL is the figure's path without extension, relative to the documents' directory
void doc_figure(doc *d, const char *rel, const char *caption);

// snprintf into a rotating set of static buffers, for building cells
const char *fmt(const char *f, ...);
