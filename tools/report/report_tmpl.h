// report_tmpl.h — the appendix's fixed text lives in template files, reports/templates/<name>.txt
// (under the --static directory); the generator picks the part, fills in the numbers and lists,
// and report_doc's renderer (doc_render) writes it to both documents.
//
// Template syntax:
//   [part]        a line of its own: part `part` starts (letters, digits, '-' and '_'); it runs to
//                 the next such line. Lines before the first part are a comment.
//   {name}        a placeholder: the value the generator passes under NAME; {{ and }} are a
//                 literal { and }.
//   the rest      report_doc's light markup (report_doc.h, doc_render): paragraphs separated by
//                 blank lines (their lines joined by a space), "- " bullets, "# " to "#### "
//                 headings, `code`, **bold** and *emphasis*.
// A missing file or part, or a placeholder the generator gives no value, is an error:
// "report_gen: FILE:LINE: what", exit 2. The reading itself is report_tmplread.h's.
#pragma once
#include "report_ctx.h"

// VARS: name, value, name, value, …, NULL (NULL for none)

// part PART of template NAME filled with VARS, as markup without its trailing newlines (a piece
// of a sentence can be the value of another part's placeholder); malloc'd, the caller frees it
char *tmpl_text(gen *g, const char *name, const char *part, const char *const vars[]);
// the same as a short string on one line (a caption, a few words) in report_doc's fmt buffers
const char *tmpl_str(gen *g, const char *name, const char *part, const char *const vars[]);
// the same, rendered into the documents
void tmpl_put(gen *g, const char *name, const char *part, const char *const vars[]);
// opens a table of ALIGN's columns (report_doc.h, doc_table): its caption part CAPTION of template
// NAME and its column headers part HEAD, both filled with VARS; HEAD lists the headers separated
// by "|" (spaces around each dropped, so a long list can run over lines), as many as ALIGN has
// columns, else an error "FILE:LINE: …" at the part
void tmpl_table(gen *g, const char *name, const char *caption, const char *head, const char *align,
                const char *const vars[]);
