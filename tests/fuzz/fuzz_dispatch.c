// fuzz_dispatch.c — libFuzzer target of the dispatch file parser (kernels/harness/dispatch_rules.c):
// the input is the file's text, parsed against attention's axes; an accepted table is matched
// against a few shapes (every axis at extreme values), and a rejected one must say file:line.
#include "fuzz_util.h"
#include "dispatch_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_str(data, size);
  char err[256];
  dispatch_table t;
  if (dispatch_parse(text, "f", "B H S K D C", &t, err, sizeof err) == 0) {
    static const long fill[] = {0, 1, 64, 128, 4096, 999999999999999999L};
    long v[SHAPE_AXES_MAX];
    for (size_t k = 0; k < sizeof fill / sizeof *fill; k++) {
      for (int i = 0; i < SHAPE_AXES_MAX; i++) v[i] = fill[(k + (size_t)i) % (sizeof fill / sizeof *fill)];
      const int r = dispatch_match(&t, v);
      if (r < -1 || r >= t.nrules) abort();
    }
    dispatch_free(&t);
  } else if (strncmp(err, "f:", 2) != 0) {
    abort();  // every refusal names the file and a line
  }
  free(text);
  return 0;
}
