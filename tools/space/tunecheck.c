// tunecheck.c — a kernel's tunables table against the three other places that name its tunables.
//
//   tunecheck TABLE...
//
// TABLE is kernels/<problem>/<kernel>.tunables (tunables.h); its kernel is <kernel>.cu beside it,
// read with the headers it includes beside itself (tunables_src.h). The table is the reference:
//   - the header comment of <kernel>.cu lists exactly the table's names, each once, with a
//     default in brackets;
//   - every tunable has one compiled default (`#ifndef NAME` / `#define NAME VALUE`), and no
//     other name has one (flagcheck would refuse -DNAME);
//   - the header comment's default and the compiled one are the same, and the table's when it
//     declares one (`[DEFAULT]`), and it is one of the table's allowed values;
//   - the configuration string (`..._config(void)`: a sample file's `# kernel_config:`, by which
//     the search's confirmation knows a configuration) prints every tunable once as
//     NAME=<its value> and no other name's value.
// Each disagreement is one line `tunecheck: FILE:LINE: what` on stderr; a table whose places all
// agree is one line `TABLE: N tunables agree with KERNEL` on stdout.
// Exit 0 when every table agrees, 1 when any disagreement was found, 2 when a file could not be
// read or a table is malformed (the other tables are still checked).
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tunables.h"
#include "tunables_src.h"

static int found;  // disagreements so far

static void disagree(const char *file, size_t line, const char *fmt, ...) {
  fprintf(stderr, "tunecheck: %s:%zu: ", file, line);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  found++;
}

// The first entry of l named NAME after index from - 1, or NULL.
static const tsrc_entry_t *find(const tsrc_list_t *l, const char *name, size_t from) {
  for (size_t i = from; i < l->n; i++)
    if (!strcmp(l->e[i].name, name)) return &l->e[i];
  return NULL;
}

// Names listed twice in l (what: "the header comment", ...).
static void twice(const tsrc_list_t *l, const char *what) {
  for (size_t i = 0; i < l->n; i++) {
    const tsrc_entry_t *d = find(l, l->e[i].name, i + 1);
    if (d)
      disagree(d->file, d->line, "%s names '%s' again (first at line %zu)", what, d->name,
               l->e[i].line);
  }
}

// One tunable of the table against the doc, the defaults and the configuration string.
static void check_one(const tunables_t *tab, const tunable_t *t, const tsrc_t *s,
                      const char *kernel) {
  const tsrc_entry_t *doc = find(&s->doc, t->name, 0), *def = find(&s->defs, t->name, 0);
  if (!doc)
    disagree(tab->path, t->line, "'%s' is not in the header comment of %s", t->name, kernel);
  if (!def)
    disagree(tab->path, t->line,
             "'%s' has no default in %s or its headers (#ifndef %s / #define %s VALUE)", t->name,
             kernel, t->name, t->name);
  for (const tsrc_entry_t *d = def;
       d && (d = find(&s->defs, t->name, (size_t)(d - s->defs.e) + 1));)
    if (strcmp(d->value, def->value))
      disagree(d->file, d->line, "'%s' defaults to %s, but to %s at %s:%zu", t->name, d->value,
               def->value, def->file, def->line);
  if (t->def && doc && strcmp(doc->value, t->def))
    disagree(doc->file, doc->line,
             "the header comment gives '%s' the default [%s], %s:%zu declares [%s]", t->name,
             doc->value, tab->path, t->line, t->def);
  if (t->def && def && strcmp(def->value, t->def))
    disagree(def->file, def->line, "'%s' defaults to %s, %s:%zu declares [%s]", t->name, def->value,
             tab->path, t->line, t->def);
  if (!t->def && doc && def && strcmp(doc->value, def->value))
    disagree(def->file, def->line, "'%s' defaults to %s, the header comment (%s:%zu) says [%s]",
             t->name, def->value, doc->file, doc->line, doc->value);
  char why[800];
  if (def && tunables_check(tab, t->name, strlen(t->name), def->value, why, sizeof why))
    disagree(def->file, def->line, "'%s' defaults to a value the table refuses: %s", t->name, why);
  const tsrc_entry_t *c = find(&s->config, t->name, 0);
  if (s->config_file && !c)
    disagree(tab->path, t->line, "'%s' is not in the configuration string (%s:%zu)", t->name,
             s->config_file, s->config_line);
  if (c && !c->value)
    disagree(c->file, c->line,
             "the configuration string prints '%s' with a fixed text, not its value", t->name);
  if (c && c->value && strcmp(c->value, t->name))
    disagree(c->file, c->line, "the configuration string prints '%s=' with the value of '%s'",
             t->name, c->value);
}

// The places against the table, both ways; 0, or 2 when a file could not be read.
static int check_table(const char *table) {
  tunables_t tab;
  char err[1600];
  if (tunables_read(table, &tab, err, sizeof err)) {
    fprintf(stderr, "tunecheck: %s\n", err);
    return 2;
  }
  size_t n = strlen(table);
  const size_t ext = strlen(".tunables");
  char *kernel = malloc(n + 1);
  if (!kernel || n <= ext || strcmp(table + n - ext, ".tunables")) {
    fprintf(stderr, "tunecheck: %s: %s\n", table,
            kernel ? "not a .tunables file" : "out of memory");
    free(kernel);
    tunables_free(&tab);
    return 2;
  }
  snprintf(kernel, n + 1, "%.*s.cu", (int)(n - ext), table);
  tsrc_t s;
  if (tsrc_read(kernel, &s, err, sizeof err)) {
    fprintf(stderr, "tunecheck: %s\n", err);
    free(kernel);
    tunables_free(&tab);
    return 2;
  }
  const int before = found;
  if (!s.config_file)
    disagree(kernel, 1, "no configuration string (a ..._config(void) definition)");
  for (size_t i = 0; i < tab.n; i++) check_one(&tab, &tab.t[i], &s, kernel);
  for (size_t i = 0; i < s.doc.n; i++)
    if (!tunables_find(&tab, s.doc.e[i].name, strlen(s.doc.e[i].name)))
      disagree(s.doc.e[i].file, s.doc.e[i].line,
               "the header comment lists '%s', which %s does not declare", s.doc.e[i].name, table);
  for (size_t i = 0; i < s.defs.n; i++)
    if (!tunables_find(&tab, s.defs.e[i].name, strlen(s.defs.e[i].name)))
      disagree(s.defs.e[i].file, s.defs.e[i].line,
               "'%s' has a default here, but %s does not declare it (flagcheck refuses -D%s)",
               s.defs.e[i].name, table, s.defs.e[i].name);
  for (size_t i = 0; i < s.config.n; i++)
    if (s.config.e[i].value && !tunables_find(&tab, s.config.e[i].name, strlen(s.config.e[i].name)))
      disagree(s.config.e[i].file, s.config.e[i].line,
               "the configuration string names '%s', which %s does not declare", s.config.e[i].name,
               table);
  twice(&s.doc, "the header comment");
  twice(&s.config, "the configuration string");
  if (found == before) printf("%s: %zu tunables agree with %s\n", table, tab.n, kernel);
  tsrc_free(&s);
  free(kernel);
  tunables_free(&tab);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: tunecheck TABLE...\n");
    return 2;
  }
  int rc = 0;
  for (int i = 1; i < argc; i++)
    if (check_table(argv[i])) rc = 2;
  return rc ? rc : found ? 1 : 0;
}
