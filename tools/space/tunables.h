// tunables.h — a kernel's tunables and their allowed values, declared in one place:
// kernels/<kernel>.tunables, read by flagcheck (an unknown name or a value outside the table is
// invalid_config, naming the flags file and line) and listed for users by `make help`-style
// tools. The kernel's static_asserts still judge combinations.
//
// Format: one tunable per line, `NAME VALUE...`; a VALUE is a token of [A-Za-z0-9_.+-] or an
// integer range LO..HI (both ends included). `#` starts a comment; blank lines are skipped.
#pragma once
#include <stddef.h>

typedef struct {
  char *name;
  char **values;  // tokens and "LO..HI" ranges, as written
  size_t nvalues;
} tunable_t;

typedef struct {
  char *path;
  tunable_t *t;
  size_t n;
} tunables_t;

// Reads PATH; 0, or -1 with err holding "PATH:LINE: what".
int tunables_read(const char *path, tunables_t *out, char *err, size_t errlen);
void tunables_free(tunables_t *t);

// Checks NAME (namelen bytes) = VALUE; 0 when allowed, else -1 with why filled
// ("unknown tunable ..." or "... is not one of ...").
int tunables_check(const tunables_t *t, const char *name, size_t namelen, const char *value,
                   char *why, size_t whylen);
