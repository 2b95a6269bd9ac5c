// fuzz_ptxas_report.c — libFuzzer target of ptxas_report_parse (tools/gates/ptxas_report.c), fed
// through an in-memory FILE.
#include "fuzz_util.h"
#include "gates/ptxas_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!size) return 0; // fmemopen of a zero-size buffer fails with EINVAL
  char *buf = fuzz_str(data, size);
  FILE *in = fmemopen(buf, size, "r");
  if (!in) abort();
  struct ptxas_report r = {0};
  char err[256];
  (void)ptxas_report_parse(in, "fuzz.log", &r, err, sizeof err);
  ptxas_report_free(&r);
  fclose(in);
  free(buf);
  return 0;
}
