// build_status.c — see build_status.h.
#include "build_status.h"

#include <errno.h>
#include <string.h>

int bs_parse(const char *word) {
  if (!strcmp(word, "ok")) return GO_PASS;
  int o = gate_outcome_parse(word);
  return o > GO_PASS && gate_outcome_stage((gate_outcome)o) == GS_BUILD ? o : -1;
}

int bs_write(FILE *out, gate_outcome o, const char *detail) {
  if (o != GO_PASS && gate_outcome_stage(o) != GS_BUILD) return -1;
  fputs(o == GO_PASS ? "ok" : gate_outcome_str(o), out);
  fputc('\n', out);
  for (const char *p = detail; *p; p++) fputc(*p == '\n' || *p == '\r' ? ' ' : *p, out);
  fputc('\n', out);
  return ferror(out) ? -1 : 0;
}

int bs_read(const char *path, gate_outcome *o, char *detail, size_t dlen, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) return snprintf(err, errlen, "%s: %s", path, strerror(errno)), -1;
  char buf[1024] = "";
  int rc = 0;
  if (!fgets(buf, sizeof buf, f)) {
    snprintf(err, errlen, "%s:1: empty status file", path);
    rc = -1;
  } else {
    buf[strcspn(buf, "\r\n")] = 0;
    int w = bs_parse(buf);
    if (w < 0) {
      snprintf(err, errlen, "%s:1: unknown status '%.60s'", path, buf);
      rc = -1;
    } else {
      *o = (gate_outcome)w;
      if (dlen) detail[0] = 0;
      if (dlen && fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\r\n")] = 0;
        snprintf(detail, dlen, "%s", buf);
      }
    }
  }
  fclose(f);
  return rc;
}
