// published_pause.c — the pauses an experiment's published sessions were timed with
// (published_pause.h)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "published/published_pause.h"
#include "published/published_record.h"
#include "published/published_scan.h"
#include "samples/samples.h"

// the GPU folder of PATH (<exp>/<gpu>/<v>.csv) into out
static void gpu_of(const char *path, char *out, size_t len) {
  const char *g = strchr(path, '/');
  g = g ? g + 1 : path;
  snprintf(out, len, "%.*s", (int)strcspn(g, "/"), g);
}

// the folder GPU's pauses (PAUSES: blank-separated, distinct) written or refused; its status
static int flush(const char *tool, const char *data, const char *exp, const char *gpu, const char *pauses, FILE *out) {
  if (!*gpu) return 0;
  if (strchr(pauses, ' ')) {
    char list[2048] = "";  // ("0 300" said as "0, 300")
    for (const char *c = pauses; *c && strlen(list) + 3 < sizeof list; c++)
      strcat(list, *c == ' ' ? ", " : (char[]){*c, 0});
    fprintf(stderr, "%s: %s/%s/%s: its sample files were timed with several pauses (%s ms) before each run: a reproduction "
            "cannot match them all; re-publish it (make measure EXP=%s)\n", tool, data, exp, gpu, list, exp);
    return 1;
  }
  return fprintf(out, "%s %s\n", gpu, pauses) < 0 ? -1 : 0;
}

int published_pauses(const char *tool, const char *data, const char *exp, FILE *out) {
  published_entries files = {0}, recs = {0};
  if (published_scan(tool, data, exp, &files) || published_record_read(data, exp, &recs)) {
    published_entries_free(&files), published_entries_free(&recs);
    return -1;
  }
  int rc = 0;
  char gpu[256] = "", pauses[1024] = "";
  for (size_t i = 0; i < files.n && rc >= 0; i++) {
    const char *rel = files.e[i].path;
    if (published_is_profile(rel) || published_entries_find(&recs, rel)) continue;
    char g[256], p[64], err[512];
    gpu_of(rel, g, sizeof g);
    if (strcmp(g, gpu)) {  // (the scan is sorted by path: a folder's files together)
      int r = flush(tool, data, exp, gpu, pauses, out);
      rc = r < 0 ? r : rc | r;
      snprintf(gpu, sizeof gpu, "%s", g), pauses[0] = 0;
    }
    size_t len = strlen(data) + strlen(rel) + 2;
    char *path = malloc(len);
    samples_file f;
    if (!path) { fprintf(stderr, "%s: out of memory\n", tool); rc = -1; break; }
    snprintf(path, len, "%s/%s", data, rel);
    if (samples_read(path, &f, err, sizeof err)) {
      fprintf(stderr, "%s: %s\n", tool, err);
      rc = -1;
    } else {
      samples_pause(&f, p, sizeof p);
      samples_free(&f);
      char w[80];  // (a distinct pause added to the folder's list)
      snprintf(w, sizeof w, " %s ", p);
      char have[1040];
      snprintf(have, sizeof have, " %s ", pauses);
      if (!strstr(have, w)) snprintf(pauses + strlen(pauses), sizeof pauses - strlen(pauses), "%s%s", *pauses ? " " : "", p);
    }
    free(path);
  }
  if (rc >= 0) {
    int r = flush(tool, data, exp, gpu, pauses, out);
    rc = r < 0 ? r : rc | r;
  }
  published_entries_free(&files), published_entries_free(&recs);
  return rc;
}
