// fuzz_space_file.c — libFuzzer target of the space file parser and expander
// (tools/space/space_file.c), which `space` runs on every space experiment. The input is a space file;
// at most 10,000 configurations are expanded (the tool allows 1,000,000) to keep runs fast.
#include "fuzz_util.h"
#include "space/space_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  space_t s;
  char err[1024];
  if (space_read("in.space", (const char *)data, size, 10000, &s, err, sizeof err) == 0) {
    if (!s.ncfg || !s.npar || s.ncfg + (size_t)s.rejected != (size_t)s.total) abort();
    for (size_t k = 1; k < s.ncfg; k++)
      if (strcmp(s.name[k - 1], s.name[k]) >= 0) abort();  // sorted, unique
    space_free(&s);
  }
  return 0;
}
