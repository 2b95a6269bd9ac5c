// flags.h — one variant's flag file: the parser flagcheck runs (and the fuzzer drives).
//
// The file holds one token per line; `#` starts a comment (whole line or after the token);
// blank lines and spaces/tabs around the token are ignored. A token is `-DNAME` or
// `-DNAME=VALUE` with NAME [A-Za-z_][A-Za-z0-9_]* and VALUE [A-Za-z0-9_.+-]* without "..", or
// one of the compiler options of nvcc_options.h (`--use_fast_math`, `--maxrregcount=64`, ...). A
// NAME (an option) may appear once. Anything else (two tokens on a line, quotes, `;`, `$`, backticks,
// control or non-ASCII bytes, NUL) is an error. One CR right before the LF (a CRLF file) is
// stripped; any other CR is an invalid byte. A missing final newline is fine; lines have no
// length limit. With a tunables table (tunables.h), every NAME must be a tunable it declares
// and VALUE (1 for a bare -DNAME) one of its allowed values.
#pragma once
#include <stddef.h>

#include "tunables.h"

typedef struct {
  char *text;     // "-DNAME[=VALUE]"
  size_t namelen; // length of NAME (of an option: its name after "--")
  long line;
} flag_t;

typedef struct {
  flag_t *f;      // in file order
  size_t n;
} flags_t;

// Parses the n bytes of text, read from path (named in messages); tun may be NULL. Returns 0,
// or -1 with err holding "PATH:LINE: 'TOKEN': what" (or "PATH:LINE: what") and out empty.
int flags_parse(const char *path, const char *text, size_t n, const tunables_t *tun,
                flags_t *out, char *err, size_t errlen);
void flags_free(flags_t *fl);
