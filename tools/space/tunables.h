// tunables.h — a kernel's tunables and their allowed values, declared in one place:
// kernels/<kernel>.tunables, read by flagcheck (an unknown name or a value outside the table is
// invalid_config, naming the flags file and line) and listed for users by `make help`-style
// tools. The kernel's static_asserts still judge combinations.
//
// Format: one tunable per line, `NAME VALUE... [[DEFAULT] MEANING]`; a VALUE is a token of
// [A-Za-z0-9_.+-] or an integer range LO..HI (both ends included). An optional `[DEFAULT]` after
// the values is the value the kernel builds without -DNAME (one of the allowed values), and the
// rest of the line after it the tunable's one-line meaning. `#` starts a comment; blank lines are
// skipped. tunecheck (tunecheck.c) checks the kernel's sources against the table.
#pragma once
#include <stddef.h>

typedef struct {
  char *name;
  char **values;  // tokens and "LO..HI" ranges, as written
  size_t nvalues;
  char *def;      // the declared default, or NULL
  char *meaning;  // the one-line meaning after the default, or NULL
  size_t line;    // where the table declares it
} tunable_t;

typedef struct {
  char *path;
  tunable_t *t;
  size_t n;
} tunables_t;

// Reads PATH; 0, or -1 with err holding "PATH:LINE: what".
int tunables_read(const char *path, tunables_t *out, char *err, size_t errlen);
void tunables_free(tunables_t *t);

// The tunable NAME (namelen bytes), or NULL.
const tunable_t *tunables_find(const tunables_t *t, const char *name, size_t namelen);

// Checks NAME (namelen bytes) = VALUE; 0 when allowed, else -1 with why filled
// ("unknown tunable ..." or "... is not one of ...").
int tunables_check(const tunables_t *t, const char *name, size_t namelen, const char *value,
                   char *why, size_t whylen);
