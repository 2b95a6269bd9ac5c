// csv_table.h — the reader of the CSV tables the pipeline generates, for report and stats alike
// (stats' summary.csv, compare.csv and reproduce-*.csv, the numerics, sanitizer, calibration and
// ceilings tables, sample files read for extra columns, the CSV tables of reports/): a whole table
// in memory, its columns found by name; it knows the CSV, no table's meaning. "# key: value" lines
// are kept as metadata, other '#' lines and blank lines are skipped; the first other line is the
// header row. Fields may be quoted ("a,b" with "" for a quote). Every row must have as many fields
// as the header. Errors are written to err as "FILE:LINE: what".
#pragma once
#include <stddef.h>

typedef struct {
  char **f;      // fields
  size_t line;   // line number in the file
} rcsv_row;

typedef struct {
  char *path;
  char **mkey, **mval; // metadata in file order
  size_t nmeta;
  char **col;          // header names
  size_t ncol;
  rcsv_row *rows;
  size_t nrows;
} rcsv;

// Reads PATH into *t. Returns 0, or -1 with err filled. A file with no header row is an error.
int rcsv_read(const char *path, rcsv *t, char *err, size_t errlen);

// rcsv_read's options (or'ed into FLAGS of rcsv_read_flags).
enum {
  RCSV_EMPTY_OK = 1, // a file with no header row (an empty one) is a table of no columns and no rows
};
// rcsv_read with FLAGS.
int rcsv_read_flags(const char *path, unsigned flags, rcsv *t, char *err, size_t errlen);

// Frees what a read made (after a failed read there is nothing to free).
void rcsv_free(rcsv *t);

// Column index of NAME, or -1.
int rcsv_col(const rcsv *t, const char *name);

// Column indexes of the NULL-terminated NAMES into idx; -1 with "FILE:1: no column 'x'" in err.
int rcsv_need(const rcsv *t, const char *const names[], int idx[], char *err, size_t errlen);

// Field C of row R ("" when C < 0).
const char *rcsv_get(const rcsv *t, size_t r, int c);

// Field C of row R as a finite number; -1 with "FILE:LINE: 'x' is not a number" in err.
int rcsv_num(const rcsv *t, size_t r, int c, double *v, char *err, size_t errlen);

// Metadata value of KEY (the last one), or NULL.
const char *rcsv_meta(const rcsv *t, const char *key);

// Parses S as a whole finite number: 0, or -1.
int rcsv_strtod(const char *s, double *v);
