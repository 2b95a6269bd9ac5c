// fuzz_calib.c — libFuzzer target of calib_read (tools/stats/calib.c), then calib_mde on the result.
#include "stats/calib.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_file(data, size, ".csv");
  if (!path) return 0;
  calib_t c;
  if (calib_read(path, &c) == 0) {
    (void)calib_mde(&c, LEVEL_ROUND, 1, 10, 0.05);
    (void)calib_mde(&c, LEVEL_SESSION, 5, 50, 0.05);
  }
  return 0;
}
