// published_pause.c — the pauses an experiment's sample files were timed with (published_pause.h)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile/profile_metrics.h"
#include "published/published_pause.h"
#include "published/published_scan.h"

#define PAUSE_KEY "# settle_ms:"
enum { PAUSE_MAX = 10000 };  // (the session's bound, tools/session/run_env.c)

// FILE's pause in ms into *ms (0 without the key); 0, or -1 after a message
static int pause_of(const char *tool, const char *file, long *ms) {
  FILE *f = fopen(file, "r");
  if (!f) { fprintf(stderr, "%s: %s: cannot read\n", tool, file); return -1; }
  char *line = NULL;
  size_t cap = 0;
  int rc = 0, seen = 0;
  *ms = 0;
  // (the header: the lines starting with '#' before the first that does not)
  while (!seen && getline(&line, &cap, f) >= 0 && line[0] == '#') {
    const char *v;
    size_t k;
    if (!pm_header_value(line, PAUSE_KEY, &v, &k) || k == 0) continue;
    seen = 1;
    char *end;
    *ms = strtol(v, &end, 10);
    if (end == v || (size_t)(end - v) != k || *ms < 0 || *ms > PAUSE_MAX) {
      fprintf(stderr, "%s: %s: settle_ms '%.*s' is not a whole number of milliseconds in 0..%d\n", tool, file, (int)k, v,
              PAUSE_MAX);
      rc = -1;
    }
  }
  if (ferror(f)) { fprintf(stderr, "%s: %s: cannot read\n", tool, file); rc = -1; }
  free(line);
  fclose(f);
  return rc;
}

int published_pauses(const char *tool, const char *data, const char *exp, FILE *out) {
  published_entries files = {0};
  if (published_scan(tool, data, exp, &files)) return -1;
  static char seen[PAUSE_MAX + 1];
  memset(seen, 0, sizeof seen);
  int rc = 0;
  for (size_t i = 0; i < files.n && rc == 0; i++) {
    if (published_is_profile(files.e[i].path)) continue;
    size_t len = strlen(data) + strlen(files.e[i].path) + 2;
    char *p = malloc(len);
    if (!p) { fprintf(stderr, "%s: out of memory\n", tool); rc = -1; break; }
    snprintf(p, len, "%s/%s", data, files.e[i].path);
    long ms;
    if (pause_of(tool, p, &ms)) rc = -1;
    else seen[ms] = 1;
    free(p);
  }
  for (long ms = 0; rc == 0 && ms <= PAUSE_MAX; ms++)
    if (seen[ms] && fprintf(out, "%ld\n", ms) < 0) rc = -1;
  published_entries_free(&files);
  return rc;
}
