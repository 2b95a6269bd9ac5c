// published_check.c — the sample files of an experiment against the code that ships and the
// record of retired ones (published_check.h)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "published/published_check.h"
#include "published/published_record.h"
#include "published/published_scan.h"
#include "session/session_code_id.h"

// the id a sample file at PATH (<exp>/<gpu>/<v>.csv) must carry, up to its first space, into
// want; "" when nothing ships
static void want_of(const published_job *j, const char *path, char want[SESSION_CODE_ID_MAX]) {
  want[0] = 0;
  if (!*j->kernels) return;
  const char *name = strrchr(path, '/') + 1;
  char variant[SESSION_CODE_ID_MAX];
  snprintf(variant, sizeof variant, "%.*s", (int)(strlen(name) - 4), name);
  const char *id = session_code_id_for(variant, j->kernels, j->runners, j->nrunners);
  snprintf(want, SESSION_CODE_ID_MAX, "%.*s", (int)session_code_id_base_len(id), id);
}

int published_check(published_mode mode, const published_job *j) {
  const char *tool = mode == PUBLISHED_RETIRE ? "retire" : mode == PUBLISHED_STALE ? "reproduce" : "check-published";
  const char *d = j->data, *e = j->exp;
  published_entries files = {0}, recs = {0};
  if (published_scan("check-published", d, e, &files)) return 2;
  if (published_record_read(d, e, &recs)) { published_entries_free(&files); return 2; }
  char **added = calloc(files.n + recs.n + 1, sizeof *added), *seen = calloc(recs.n + 1, 1);
  size_t nadd = 0, kept = 0, newly = 0, dropped = 0;
  int bad = 0, rc = !added || !seen ? 2 : 0, oom = rc;
  size_t nprof = 0;  // profiles among the files retired
  for (size_t i = 0; rc == 0 && i < files.n; i++) {
    const char *p = files.e[i].path, *have = files.e[i].code;
    const int prof = published_is_profile(p);
    // a fresh session is judged against the timings alone
    if (prof && mode == PUBLISHED_STALE) continue;
    const published_entry *r = published_entries_find(&recs, p);
    for (size_t k = 0; k < recs.n; k++) seen[k] |= !strcmp(recs.e[k].path, p);
    char want[SESSION_CODE_ID_MAX];
    want_of(j, p, want);
    if (*want && !strcmp(have, want)) {  // of the code that ships
      if (!r) continue;
      if (mode == PUBLISHED_CHECK) {
        fprintf(stderr, "%s: %s/%s: retired in %s/RETIRED, but its code %s is the code that ships: drop the record (make retire EXP=%s)\n",
                tool, d, p, d, have, e);
        bad = 1;
      } else if (mode == PUBLISHED_RETIRE) {
        fprintf(stderr, "%s: %s/%s: its code %s is the code that ships again: record dropped\n", tool, d, p, have);
        dropped++;
      }
      continue;
    }
    if (mode == PUBLISHED_STALE) {
      fprintf(stderr, "%s: %s/%s: published from code %s, not the code that ships (%s%s%s): a fresh session cannot be judged against it; re-publish it (make measure EXP=%s)\n",
              tool, d, p, have, *want ? want : "nothing: ", *want ? "" : e, *want ? "" : " has no experiment.mk", e);
      bad = 1;
    } else if (mode == PUBLISHED_CHECK) {
      if (r && !strcmp(r->code, have)) continue;
      if (*want && prof) {
        const char *v = strrchr(p, '/') + 1;
        fprintf(stderr, "%s: %s/%s: code %s is not the code that ships (%s): profile it again (make profile EXP=%s VARIANT=%.*s PUBLISH=1) or retire it (make retire EXP=%s)\n",
                tool, d, p, have, want, e, (int)(strlen(v) - 4), v, e);
      } else if (*want)
        fprintf(stderr, "%s: %s/%s: code %s is not the code that ships (%s): re-publish it (make measure EXP=%s) or retire it (make retire EXP=%s)\n",
                tool, d, p, have, want, e, e);
      else fprintf(stderr, "%s: %s/%s: code %s, but nothing of %s ships (no experiment.mk): retire it (make retire EXP=%s)\n", tool, d, p, have, e, e);
      bad = 1;
    } else if (r && !strcmp(r->code, have)) {
      if (!(added[nadd++] = strdup(r->line))) rc = oom = 2;
      kept++, nprof += prof;
    } else {
      nprof += prof;
      const size_t n = strlen(p) + strlen(have) + strlen(j->day) + strlen(j->reason) + 4;
      if (!(added[nadd] = malloc(n))) rc = oom = 2;
      else snprintf(added[nadd++], n, "%s %s %s %s", p, have, j->day, j->reason);
      newly++;
    }
  }
  // records of EXP whose file is gone (a path recorded twice: said once)
  for (size_t k = 0; rc == 0 && k < recs.n; k++) {
    if (seen[k] || published_entries_find(&recs, recs.e[k].path) != &recs.e[k]) continue;
    if (mode == PUBLISHED_CHECK) {
      fprintf(stderr, "%s: %s/%s: retired in %s/RETIRED, but there is no such %s: drop the record (make retire EXP=%s)\n",
              tool, d, recs.e[k].path, d, published_is_profile(recs.e[k].path) ? "profile" : "sample file", e);
      bad = 1;
    } else if (mode == PUBLISHED_RETIRE) {
      fprintf(stderr, "%s: %s/%s: no such %s: record dropped\n", tool, d, recs.e[k].path,
              published_is_profile(recs.e[k].path) ? "profile" : "sample file");
      dropped++;
    }
  }
  if (rc == 0 && mode == PUBLISHED_RETIRE) {
    if (published_record_write(d, e, added, nadd)) rc = 2;
    else fprintf(stderr, "%s: %s: %zu stale %s retired in %s/RETIRED (%zu newly, %zu already), %zu records dropped\n",
                 tool, e, kept + newly, nprof ? "files (sample files and profiles)" : "sample files", d, newly, kept, dropped);
  }
  if (oom) fprintf(stderr, "%s: out of memory\n", tool);
  for (size_t i = 0; added && i < nadd; i++) free(added[i]);
  free(added);
  free(seen);
  published_entries_free(&files);
  published_entries_free(&recs);
  return rc ? rc : bad;
}
