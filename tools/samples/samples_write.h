// samples_write.h — the writer of sample files (format in samples.h): "# key: value" header
// lines, the CSV header row, then one row per sample, written to PATH.tmp.<pid> and renamed
// onto PATH once the last line is out and flushed, so PATH is either the previous file or the
// whole new one, never a half file. GSL-free C11; the extern "C" guards let the CUDA C++
// harness link it.
#pragma once
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SAMPLES_VERSION_LINE "# cudadent42 samples v1"

typedef struct {
  FILE *f;      // where lines go (the temporary file, or stdout)
  char *path;   // the destination (NULL: stdout)
  char *tmp;    // the temporary file beside it
} samples_writer;

// Opens PATH's temporary file (PATH NULL: writes to stdout). Returns 0, or -1 with err filled
// ("PATH.tmp.<pid>: cannot create: why").
int samples_write_open(samples_writer *w, const char *path, char *err, size_t errlen);

// One "# key: value" line; line breaks in value become spaces (one header line per key).
void samples_write_meta(samples_writer *w, const char *key, const char *value);

// One line (a comment, the CSV header row or a row), printf-formatted; the newline is added.
void samples_write_line(samples_writer *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// Flushes and closes the temporary file and renames it onto PATH. Returns 0, or -1 with err
// filled; on failure the temporary file is removed and PATH is left as it was.
int samples_write_close(samples_writer *w, char *err, size_t errlen);

// Drops what was written: removes the temporary file (PATH is left as it was).
void samples_write_abort(samples_writer *w);

#ifdef __cplusplus
}
#endif
