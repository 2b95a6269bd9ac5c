// published_revs.c — the commits an experiment's published files name (published_revs.h)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "published/published_revs.h"
#include "published/published_scan.h"
#include "profile/profile_metrics.h"

typedef struct {
  char **rev;
  size_t n;
} seen_t;

// REV (len bytes) printed with PATH unless seen; 0, or -1 when out of memory
static int take(seen_t *s, const char *rev, size_t len, const char *path, FILE *out) {
  if (!len) return 0;
  for (size_t i = 0; i < s->n; i++)
    if (strlen(s->rev[i]) == len && !strncmp(s->rev[i], rev, len)) return 0;
  char **g = realloc(s->rev, (s->n + 1) * sizeof *g);
  if (!g) return -1;
  s->rev = g;
  if (!(g[s->n] = strndup(rev, len))) return -1;
  s->n++;
  fprintf(out, "%s %s\n", g[s->n - 1], path);
  return 0;
}

int published_revs(const char *tool, const char *data, const char *exp, FILE *out) {
  published_entries files = {0};
  if (published_scan(tool, data, exp, &files)) return -1;
  seen_t s = {0};
  char *line = NULL;
  size_t cap = 0;
  int rc = 0;
  for (size_t i = 0; rc == 0 && i < files.n; i++) {
    char *p = malloc(strlen(data) + strlen(files.e[i].path) + 2);
    if (!p) { rc = -1; break; }
    sprintf(p, "%s/%s", data, files.e[i].path);
    FILE *f = fopen(p, "r");
    free(p);
    if (!f) { fprintf(stderr, "%s: %s/%s: cannot read\n", tool, data, files.e[i].path); rc = -1; break; }
    while (rc == 0 && getline(&line, &cap, f) >= 0 && line[0] == '#') {
      const char *v;
      size_t len;
      if (pm_header_value(line, "# git_rev:", &v, &len)) rc = take(&s, v, len, files.e[i].path, out);
      else if (!strncmp(line, "# session.", 10) && (v = strstr(line, " git_rev=")))
        v += 9, rc = take(&s, v, strcspn(v, " \t\r\n"), files.e[i].path, out);
    }
    fclose(f);
    if (rc) fprintf(stderr, "%s: out of memory\n", tool);
  }
  for (size_t i = 0; i < s.n; i++) free(s.rev[i]);
  free(s.rev), free(line);
  published_entries_free(&files);
  return rc;
}
