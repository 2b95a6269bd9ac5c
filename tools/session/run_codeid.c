// run_codeid.c — see run_codeid.h.
#include "session/run_codeid.h"
#include <stdlib.h>
#include <string.h>
#include "session/session_code_id.h"

char *run_code_id(const char *kind, char *const args[], size_t nargs) {
  char id[SESSION_CODE_ID_MAX];
  int rc = -1;
  if (!strcmp(kind, "kernels")) rc = session_code_id_kernels("measure", (const char *const *)args, nargs, id);
  else if (!strcmp(kind, "runner") && nargs == 1) rc = session_code_id_runner("measure", args[0], id);
  return rc == 0 ? strdup(id) : NULL;
}
