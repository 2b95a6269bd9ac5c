// published_entry.h — what the published-data check holds in lists: a sample file of DATA (its
// path relative to DATA and the code id its header carries, up to the first space) or a record of
// DATA/RETIRED (the same, with the record's line as written).
#pragma once
#include <stddef.h>

typedef struct {
  char *path;  // <exp>/<gpu>/<variant>.csv, relative to DATA
  char *code;  // the code id up to its first space, or "none"
  char *line;  // a record's whole line (NULL for a sample file)
} published_entry;

typedef struct {
  published_entry *e;
  size_t n, cap;
} published_entries;

// a copy of path, code (the first code_len bytes) and line (may be NULL) appended; 0, or -1 when
// out of memory
int published_entries_add(published_entries *l, const char *path, const char *code, size_t code_len, const char *line);
void published_entries_free(published_entries *l);
// the last entry whose path is PATH (a record given twice: the last counts), or NULL
const published_entry *published_entries_find(const published_entries *l, const char *path);
// sorts by path, bytewise
void published_entries_sort(published_entries *l);
