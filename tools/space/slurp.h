// slurp.h — a whole file into memory, for the host tools that parse one (flagcheck, space,
// dispatchcheck); each says what went wrong in its own words.
#pragma once
#include <stddef.h>

enum { SLURP_OK = 0, SLURP_OPEN = -1, SLURP_READ = -2, SLURP_NOMEM = -3 };

// Reads PATH into *buf (malloc'd, NUL bytes included, one NUL after the last byte), its length in
// *len. Returns SLURP_OK, or SLURP_OPEN (errno says why), SLURP_READ or SLURP_NOMEM, *buf NULL.
int slurp(const char *path, char **buf, size_t *len);
