// report_static.h — the small CSV tables of the static directory (--static, reports/):
// flag_names.csv, glossary.csv, meta_labels.csv, rejections.csv, rules.csv; read with the columns they must
// have, looked up by their key column.
#pragma once
#include "report_ctx.h"

// reads STATIC/FILE into *t and the indexes of the NULL-terminated columns NEED into ix; dies with
// "report_gen: FILE:LINE: what" when it cannot be read or lacks a column
void static_csv(gen *g, const char *file, rcsv *t, const char *const need[], int ix[]);
// the last row of T whose field KCOL is KEY, or -1
long static_row(const rcsv *t, int kcol, const char *key);
