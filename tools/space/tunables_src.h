// tunables_src.h — what a kernel's sources say about its tunables, in the three places besides
// its table (tunables.h) that tunecheck holds against it:
//   doc      the header comment of KERNEL.cu (its leading `//` lines): every line
//            `//   NAME  [DEFAULT]  meaning...`
//   defs     the compiled defaults: `#ifndef NAME` with `#define NAME VALUE` on the next line, in
//            KERNEL.cu and the headers it includes beside itself (quoted includes that resolve
//            in the including file's folder, followed to any depth; the harness's are not read)
//   config   the configuration string, the body of the first `..._config(void) { ... }` defined
//            in those files: every `"NAME=" MACRO(ARG)` (ARG should be NAME), and a `NAME=` inside
//            a literal with a fixed text after it (arg NULL)
// Each entry keeps the file and line it was read from.
#pragma once
#include <stddef.h>

typedef struct {
  char *name;
  char *value;  // doc, defs: the default; config: the macro's argument, NULL for a fixed text
  const char *file;
  size_t line;
} tsrc_entry_t;

typedef struct {
  tsrc_entry_t *e;
  size_t n;
} tsrc_list_t;

typedef struct {
  char **files;  // KERNEL.cu first, then the headers in the order they were found
  size_t nfiles;
  tsrc_list_t doc, defs, config;
  const char *config_file;  // where the ..._config(void) definition is; NULL when none
  size_t config_line;
} tsrc_t;

// Reads KERNEL (a .cu path) and its headers; 0, or -1 with err holding "PATH: what".
int tsrc_read(const char *kernel, tsrc_t *out, char *err, size_t errlen);
void tsrc_free(tsrc_t *s);
