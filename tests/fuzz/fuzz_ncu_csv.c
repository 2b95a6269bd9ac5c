// fuzz_ncu_csv.c — libFuzzer target of ncu_read and ncu_split (tools/profile/ncu_csv.c).
#include "fuzz_util.h"
#include "profile/ncu_csv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // ncu_split on the whole input as one line (it splits in place)
  char *line = fuzz_str(data, size);
  char *field[64];
  (void)ncu_split(line, field, 64);
  free(line);

  const char *path = fuzz_file(data, size, ".csv");
  if (!path) return 0;
  ncu_table t;
  char err[256];
  if (ncu_read(path, &t, err, sizeof err) == 0) {
    if (t.nmetric) (void)ncu_find(&t, t.metric[0]);
    ncu_free(&t);
  }
  return 0;
}
