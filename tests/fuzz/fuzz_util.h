// fuzz_util.h — helpers shared by the libFuzzer targets (tests/fuzz/fuzz_*.c, built by
// mk/fuzz.mk): the parsers that take a path get the input through a file under /tmp named
// after the process, rewritten for every input and removed at exit.
#pragma once
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char fuzz_path_buf[64];
static void fuzz_unlink(void) { unlink(fuzz_path_buf); }

// Writes data to this process's temporary file and returns its path (NULL on a write error).
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *ext) {
  if (!fuzz_path_buf[0]) {
    snprintf(fuzz_path_buf, sizeof fuzz_path_buf, "/tmp/cudadent42_fuzz_%ld%s", (long)getpid(), ext);
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
