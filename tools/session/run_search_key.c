// run_search_key.c — see run_search_key.h.
#include "session/run_search_key.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session/run_util.h"
#include "session/session_sha256.h"

void run_search_hash(const char *code, const char *graph_calls, char out[17]) {
  char *line = run_fmt("%s graph_calls=%s\n", code, graph_calls), hex[65];
  session_sha256 s;
  unsigned char d[32];
  session_sha256_init(&s);
  session_sha256_update(&s, line, strlen(line));
  session_sha256_final(&s, d);
  session_sha256_hex(d, hex);
  memcpy(out, hex, 16);
  out[16] = 0;
  free(line);
}

int run_search_nvcc(const char *text, char *out, size_t n) {
  int found = 0;
  for (const char *l = text; l && *l;) {
    const char *nl = strchr(l, '\n'), *end = nl ? nl : l + strlen(l), *v = NULL;
    for (const char *c = l; c + 3 <= end; c++)
      if (!strncmp(c, ", V", 3) && c + 3 < end && c[3] >= '0' && c[3] <= '9') v = c + 3;
    if (v) {
      size_t k = strspn(v, "0123456789.");
      if (v + k > end) k = (size_t)(end - v);
      if (k + 1 > n) return -1;
      memcpy(out, v, k);
      out[k] = 0;
      found = 1;
    }
    l = nl ? nl + 1 : end;
  }
  return found ? 0 : -1;
}

char *run_search_tag(const char *hash, const char *gpu, const char *nvcc, const char *shape, unsigned reps, unsigned rounds) {
  return run_fmt("%s/%s/%s/%s/%u/%u", hash, gpu, nvcc, shape, reps, rounds);
}

// whether TEXT has the line LINE, whole
static int has_line(const char *text, const char *line) {
  size_t k = strlen(line);
  for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l))
    if (!strncmp(l, line, k) && (l[k] == '\n' || !l[k])) return 1;
  return 0;
}

int run_search_fresh(const char *text, const char *tag, const char *variant) {
  char *k = run_fmt("# search_key: %s", tag), *v = run_fmt("# variant: %s", variant);
  int f = has_line(text, k) && has_line(text, v);
  free(k);
  free(v);
  return f;
}
