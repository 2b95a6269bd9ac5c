// fuzz_samples.c — libFuzzer target of samples_read (tools/samples/samples.c) and shape_parse.
#include "fuzz_util.h"
#include "samples/samples.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_file(data, size, ".csv");
  if (!path) return 0;
  samples_file f;
  char err[256];
  if (samples_read(path, &f, err, sizeof err) == 0) {
    (void)samples_meta(&f, "variant");
    for (size_t g = 0; g < f.ngroups; g++) {
      shape_t s;
      char buf[128];
      if (shape_parse(f.groups[g].name, &s) == 0) shape_format(&s, buf, sizeof buf);
      (void)samples_group_find(&f, f.groups[g].name);
    }
  }
  samples_free(&f);
  return 0;
}
