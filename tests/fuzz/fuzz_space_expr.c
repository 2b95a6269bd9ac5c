// fuzz_space_expr.c — libFuzzer target of the space constraint expressions (tools/space/space_expr.c):
// the input is the expression text; every name starting with an upper-case letter is a variable
// (one of 26, by a hash of the name, so BLOCK_M of the fixtures works), any other name is
// unknown; the compiled expression is evaluated on a few variable assignments.
#include "fuzz_util.h"
#include "space/space_expr.h"

static int lookup(void *ctx, const char *name, size_t len) {
  (void)ctx;
  if (!len || name[0] < 'A' || name[0] > 'Z') return -1;
  unsigned h = 0;
  for (size_t i = 0; i < len; i++) h = 31 * h + (unsigned char)name[i];
  return (int)(h % 26);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_str(data, size);
  char err[256];
  struct space_expr *e = space_expr_parse(text, lookup, NULL, err, sizeof err);
  if (e) {
    static const long long fill[] = {0, 1, -1, 64, 9223372036854775807LL, -9223372036854775807LL - 1};
    long long vars[26], out;
    const char *why;
    for (size_t k = 0; k < sizeof fill / sizeof *fill; k++) {
      for (int i = 0; i < 26; i++) vars[i] = fill[(k + i) % (sizeof fill / sizeof *fill)];
      (void)space_expr_eval(e, vars, &out, &why);
    }
    space_expr_free(e);
  }
  free(text);
  return 0;
}
