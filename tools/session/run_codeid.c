// run_codeid.c — see run_codeid.h.
#include "session/run_codeid.h"
#include <stdlib.h>
#include "session/run_proc.h"
#include "session/run_util.h"

char *run_code_id(const char *kind, char *const args[], size_t nargs) {
  strv a = {0};
  strv_push(&a, "tools/pipeline/code_id.sh");
  strv_push(&a, kind);
  for (size_t i = 0; i < nargs; i++) strv_push(&a, args[i]);
  char *out;
  int rc = run_capture(a.s, NULL, 0, &out);
  strv_free(&a);
  if (rc != 0 || !*out) { free(out); return NULL; }
  return out;
}
