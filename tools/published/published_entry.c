// published_entry.c — lists of sample files and records (published_entry.h)
#include <stdlib.h>
#include <string.h>
#include "published/published_entry.h"

int published_entries_add(published_entries *l, const char *path, const char *code, size_t code_len, const char *line) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 32;
    published_entry *e = realloc(l->e, cap * sizeof *e);
    if (!e) return -1;
    l->e = e, l->cap = cap;
  }
  published_entry *e = &l->e[l->n];
  e->path = strdup(path);
  e->code = strndup(code, code_len);
  e->line = line ? strdup(line) : NULL;
  if (!e->path || !e->code || (line && !e->line)) {
    free(e->path), free(e->code), free(e->line);
    return -1;
  }
  l->n++;
  return 0;
}

void published_entries_free(published_entries *l) {
  for (size_t i = 0; i < l->n; i++) free(l->e[i].path), free(l->e[i].code), free(l->e[i].line);
  free(l->e);
  l->e = NULL, l->n = l->cap = 0;
}

const published_entry *published_entries_find(const published_entries *l, const char *path) {
  for (size_t i = l->n; i-- > 0;)
    if (!strcmp(l->e[i].path, path)) return &l->e[i];
  return NULL;
}

static int by_path(const void *a, const void *b) {
  return strcmp(((const published_entry *)a)->path, ((const published_entry *)b)->path);
}

void published_entries_sort(published_entries *l) {
  if (l->n > 1) qsort(l->e, l->n, sizeof *l->e, by_path);
}
