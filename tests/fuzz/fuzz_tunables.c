// fuzz_tunables.c — libFuzzer target of tunables_read and tunables_check (tools/space/tunables.c).
// The input is a tunables file; each of its declared names is then checked against a few values.
#include "fuzz_util.h"
#include "space/tunables.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_file(data, size, ".tunables");
  if (!path) return 0;
  tunables_t t;
  char err[256], why[256];
  if (tunables_read(path, &t, err, sizeof err) == 0) {
    static const char *vals[] = {"0", "1", "-1", "64", "abc", "", "9223372036854775807",
                                 "99999999999999999999", "1..2"};
    for (size_t i = 0; i < t.n; i++)
      for (size_t v = 0; v < sizeof vals / sizeof *vals; v++)
        (void)tunables_check(&t, t.t[i].name, strlen(t.t[i].name), vals[v], why, sizeof why);
    // values taken from the file itself, and an unknown name
    for (size_t i = 0; i < t.n; i++)
      for (size_t v = 0; v < t.t[i].nvalues; v++)
        (void)tunables_check(&t, t.t[i].name, strlen(t.t[i].name), t.t[i].values[v], why, sizeof why);
    (void)tunables_check(&t, "NO_SUCH_TUNABLE", 15, "1", why, sizeof why);
    tunables_free(&t);
  }
  return 0;
}
