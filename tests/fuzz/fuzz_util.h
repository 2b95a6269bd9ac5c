// fuzz_util.h — helpers shared by the libFuzzer targets (tests/fuzz/fuzz_*.c, built by
// mk/fuzz.mk): the parsers that take a path get the input through a file in a directory of this
// process's own (mkdtemp: mode 0700, so no other user can plant a link there), rewritten for
// every input and removed, with the directory, at exit.
#pragma once
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char fuzz_dir_buf[64], fuzz_path_buf[96];
static void fuzz_unlink(void) {
  unlink(fuzz_path_buf);
  rmdir(fuzz_dir_buf);
}

// Writes data to this process's temporary file and returns its path (NULL on a write error).
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *ext) {
  if (!fuzz_path_buf[0]) {
    snprintf(fuzz_dir_buf, sizeof fuzz_dir_buf, "/tmp/cudadent42_fuzz_XXXXXX");
    if (!mkdtemp(fuzz_dir_buf)) abort();
    snprintf(fuzz_path_buf, sizeof fuzz_path_buf, "%s/input%s", fuzz_dir_buf, ext);
    atexit(fuzz_unlink);
  }
  FILE *f = fopen(fuzz_path_buf, "wb");
  if (!f) return NULL;
  size_t w = fwrite(data, 1, size, f);
  if (fclose(f) || w != size) return NULL;
  return fuzz_path_buf;
}

// A NUL-terminated copy of data (the caller frees it).
static inline char *fuzz_str(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) abort();
  memcpy(s, data, size);
  s[size] = 0;
  return s;
}
