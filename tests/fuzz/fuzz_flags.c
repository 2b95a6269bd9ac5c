// fuzz_flags.c — libFuzzer target of the flag file parser (tools/space/flags.c), which flagcheck runs
// on every variant. The input is a flag file; it is parsed without a tunables table and with
// the attention kernel's (kernels/attention/flash_attn.tunables, read once; the fuzzer runs from the
// repository's root).
#include "space/flags.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tunables_t tun;
  static int loaded;
  char err[1600];
  if (!loaded) {
    loaded = 1;
    if (tunables_read("kernels/attention/flash_attn.tunables", &tun, err, sizeof err)) tun = (tunables_t){0};
  }
  flags_t fl;
  if (flags_parse("in.flags", (const char *)data, size, NULL, &fl, err, sizeof err) == 0)
    flags_free(&fl);
  if (tun.n && flags_parse("in.flags", (const char *)data, size, &tun, &fl, err, sizeof err) == 0)
    flags_free(&fl);
  return 0;
}
