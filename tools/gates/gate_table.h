// gate_table.h — the gate table's row format, the one reader and writer of gates.csv (and of a
// variant's gate.csv and the runtime rows, runtime.csv). Every other tool goes through this
// module or through its command, gatetab (tools/gates/gatetab.c).
//
// A row is one line of comma-separated fields: variant,verdict,reason,detail,<more columns>.
// verdict is pass or reject; reason is a word of gate_outcome.h: empty for a pass (or
// `waived:<reason>`, a reject let through by GATE_WAIVE), never empty for a reject. A field that
// holds a comma, a quote or a line break is written in double quotes with a quote doubled and a
// line break turned into a space, so a row is always one line; a field read in quotes is written
// in quotes again, so a table read and written back is the same bytes.
// Three layouts (gt_kind):
//   GT_TABLE    gates.csv: a header line starting variant,verdict,reason, then one row per
//               variant, each with as many fields as the header
//   GT_ROWS     a variant's gate.csv: rows without a header, each with as many fields as the first
//   GT_RUNTIME  runtime.csv: rows variant,reason,"detail" (the GPU stages' rejects; a variant may
//               have several, the first counts), held in memory as variant,reject,reason,detail
// Errors are "FILE:LINE: what" (FILE alone when no line applies).
#pragma once
#include <stddef.h>
#include <stdio.h>

#include "gate_outcome.h"

typedef enum { GT_TABLE, GT_ROWS, GT_RUNTIME } gt_kind;

// The columns of the static gates' table (tools/gates/gates.c), in order.
enum { GT_STATIC_NCOL = 16 };
extern const char *const gt_static_columns[GT_STATIC_NCOL];

typedef struct {
  char **f;               // fields: f[0] variant, f[1] verdict, f[2] reason, f[3] detail, ...
  unsigned char *quoted;  // 1: the field is written in quotes whether or not it needs them
  size_t nf;
  long line;              // its line in the file it was read from (0: made in memory)
  gate_outcome reason;    // f[2] as an outcome (of `waived:<reason>`, the reason waived)
  int pass, waived;       // the verdict; 1 when f[2] is waived:<reason>
} gt_row;

typedef struct {
  char *path;
  gt_kind kind;
  gt_row head;  // GT_TABLE: the header (its fields are column names)
  gt_row *rows;
  size_t n, cap;
} gt_table;

// An empty table of KIND (GT_TABLE: with the header of the NCOL column names COLS).
void gt_init(gt_table *t, gt_kind kind, const char *path, const char *const cols[], size_t ncol);
// Reads PATH ("-": standard input) as a table of KIND into *t. 0, or -1 with err filled: a
// missing or unreadable file, an unterminated or misplaced quote, a row whose field count
// differs, a header that does not start variant,verdict,reason, an empty variant, a verdict
// other than pass or reject, an unknown reason, a reject without a reason or a pass with one,
// a variant twice in a GT_TABLE. Blank lines are skipped.
int gt_read(const char *path, gt_kind kind, gt_table *t, char *err, size_t errlen);
void gt_free(gt_table *t);

// Writes T in its layout (GT_TABLE: the header first). 0, or -1 when the write failed.
int gt_write(FILE *o, const gt_table *t);
// Writes row R in the layout KIND, one line.
void gt_write_row(FILE *o, const gt_row *r, gt_kind kind);

// Column NAME of a GT_TABLE's header, or -1 (GT_ROWS, GT_RUNTIME: the columns of the static
// table, variant,verdict,reason,detail for a runtime row).
int gt_col(const gt_table *t, const char *name);
// The first row of VARIANT, or NULL.
gt_row *gt_find(const gt_table *t, const char *variant);

// A row of NF empty fields (reason GO_PASS, pass).
void gt_row_init(gt_row *r, size_t nf);
// Field I of R set to a copy of S, QUOTED as the writer should; a copy of a row; free.
void gt_row_set(gt_row *r, size_t i, const char *s, int quoted);
void gt_row_copy(gt_row *dst, const gt_row *src);
void gt_row_free(gt_row *r);
// Sets R's verdict and reason fields (and pass, waived, reason) to O, WAIVED as given.
void gt_row_verdict(gt_row *r, gate_outcome o, int waived);
// A runtime row of VARIANT: reject with O, the detail one line of at most 300 bytes without
// quotes or carriage returns (line breaks become spaces), always quoted.
void gt_runtime_row(gt_row *r, const char *variant, gate_outcome o, const char *detail);
// Appends a copy of R to T.
void gt_add(gt_table *t, const gt_row *r);
