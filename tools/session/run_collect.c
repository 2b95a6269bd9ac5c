// run_collect.c — see run_collect.h.
#define _XOPEN_SOURCE 700  // realpath
#include "session/run_collect.h"
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "samples/samples.h"
#include "session/run_lock.h"
#include "session/run_proc.h"
#include "session/run_util.h"
#include "session/shards_plan.h"

typedef struct {
  const char *exp, *b, *data_out, *samples, *numtab;
  strv dests;  // the directories published into, once each
  int rc;
  size_t taken;
} collect_t;

static const char *env(const char *k) { return getenv(k); }

// the paths PATTERN matches, in order (none: empty)
static strv matches(const char *pattern) {
  strv v = {0};
  glob_t g;
  if (glob(pattern, 0, NULL, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc; i++) strv_push(&v, g.gl_pathv[i]);
    globfree(&g);
  }
  return v;
}

// the second word on of DONE's line ("<session> <staged dir>"), trimmed as `read -r _ x` does;
// NULL when DONE cannot be read
static char *done_staged(const char *done) {
  char *t = run_read_file(done, NULL);
  if (!t) return NULL;
  t[strcspn(t, "\n")] = 0;
  char *s = t + strspn(t, " \t");
  s += strcspn(s, " \t");
  s += strspn(s, " \t");
  size_t n = strlen(s);
  while (n && strchr(" \t", s[n - 1])) n--;
  char *r = run_fmt("%.*s", (int)n, s);
  free(t);
  return r;
}

// the slug of the GPU directory STAGED when it is the staging of session directory DIR, else NULL
// (malloc'd): the resolved path must be DIR's own <dir>/data/EXP/<slug>, the slug STAGED's name
static char *own_slug(const char *dir, const char *exp, const char *staged) {
  char rd[PATH_MAX], rs[PATH_MAX];
  if (!realpath(dir, rd) || !realpath(staged, rs)) return NULL;
  const char *slug = shards_staged_slug(rd, exp, rs);
  size_t n = strlen(staged);
  while (n > 1 && staged[n - 1] == '/') n--;
  size_t k = n;
  while (k && staged[k - 1] != '/') k--;
  if (!slug || strlen(slug) != n - k || strncmp(slug, staged + k, n - k)) return NULL;
  return run_strdup(slug);
}

// the staged numerics table's rows (its lines after the header and the columns line) published
// into DEST; 0, or -1 after a message
static int numerics(collect_t *c, const char *s, const char *dir, const char *table, const char *dest) {
  char *text = run_read_file(table, NULL), *rows = run_fmt("%s/numerics.rows", dir);
  char *rev = run_header_value(table, "git_rev"), *code = run_header_value(table, "code");
  FILE *out = fopen(rows, "w");
  int ok = text && out;
  if (ok) {
    char *l = text;
    while (*l == '#') l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l);  // the header
    l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l);                       // the columns
    ok = fputs(l, out) >= 0;
  }
  if (out && fclose(out)) ok = 0;
  if (ok) {
    int fd = run_publish_lock(dest);
    char *a[] = {(char *)c->numtab, "publish", "--git-rev", *rev ? rev : "unknown", "--code", *code ? code : "none",
                 rows, (char *)dest, NULL};
    int nrc = run_command(a, NULL, "/dev/null");
    if (fd >= 0) close(fd);
    ok = nrc == 0 || nrc == 3;  // 3: its session is in the table already (a collect killed before marking it)
  }
  if (!ok) run_say("session %s: its numerics table was not published", s);
  free(text), free(rows), free(rev), free(code);
  return ok ? 0 : -1;
}

// session directory DIR (no trailing '/'), named S
static void one(collect_t *c, const char *dir, const char *s) {
  char *published = run_fmt("%s/PUBLISHED", dir), *failed = run_fmt("%s/FAILED", dir), *done = run_fmt("%s/DONE", dir);
  char *staged = NULL, *slug = NULL, *dest = NULL, *pat = NULL;
  strv files = {0};
  if (run_exists(published) || run_exists(failed)) goto out;
  if (!run_exists(done)) {
    // collect runs once make has waited for every job: a session without DONE will not finish
    run_say("session %s: its job did not finish (failed, timed out or pre-empted; see %s/job.log): nothing of it published", s, dir);
    run_touch(failed), c->rc = 1;
    goto out;
  }
  staged = done_staged(done);
  if (!staged || !(slug = own_slug(dir, c->exp, staged))) {
    run_say("session %s: DONE names '%s', not a GPU directory of its own staging (%s/data/%s/<gpu>): nothing of it published", s,
            staged ? staged : "", dir, c->exp);
    run_touch(failed), c->rc = 1;
    goto out;
  }
  dest = run_fmt("%s/%s/%s", c->data_out, c->exp, slug);
  pat = run_fmt("%s/*.csv", staged);
  strv all = matches(pat);
  for (size_t i = 0; i < all.n; i++)
    if (samples_is_sample_file(all.s[i])) strv_push(&files, all.s[i]);
  strv_free(&all);
  if (!files.n) {
    run_say("session %s: no sample file staged", s);
    c->rc = 1;
    goto out;
  }
  strv a = {0};
  strv_push(&a, c->samples), strv_push(&a, "publish"), strv_push(&a, dest);
  strv_add(&a, &files);
  char *n = NULL;
  if (run_capture(a.s, NULL, 0, &n) != 0) c->rc = 1;
  strv_free(&a);
  char *table = run_fmt("%s/numerics.csv", staged);
  if (run_exists(table) && numerics(c, s, dir, table, dest)) c->rc = 1;
  free(table);
  run_touch(published);
  c->taken++;
  run_say("session %s: %s sample files published in %s", s, n && *n ? n : "0", dest);
  free(n);
  if (strv_find(&c->dests, dest) < 0) strv_push(&c->dests, dest);
out:
  strv_free(&files);
  free(published), free(failed), free(done), free(staged), free(slug), free(dest), free(pat);
}

int run_collect(const char *exp) {
  const char *b = run_val(env, "B", "build");
  char *bexp = run_fmt("%s/%s", b, exp), *pat = run_fmt("%s/slurm/*/", bexp);
  char *samples = run_fmt("%s/tools/samples", b), *numtab = run_fmt("%s/tools/numtab", b), *gatetab = run_fmt("%s/tools/gatetab", b);
  collect_t c = {exp, bexp, run_val(env, "DATA_OUT", "data"), run_val(env, "SAMPLES_BIN", samples),
                 run_val(env, "NUMTAB", numtab), {0}, 0, 0};
  strv dirs = matches(pat);
  for (size_t i = 0; i < dirs.n; i++) {
    char *d = dirs.s[i];
    size_t n = strlen(d);
    while (n > 1 && d[n - 1] == '/') d[--n] = 0;
    one(&c, d, strrchr(d, '/') ? strrchr(d, '/') + 1 : d);
  }
  strv_free(&dirs);
  for (size_t i = 0; i < c.dests.n; i++) {
    int fd = run_publish_lock(c.dests.s[i]);
    char *a[] = {(char *)run_val(env, "GATETAB", gatetab), "merge", bexp, c.dests.s[i], NULL};
    run_command(a, NULL, NULL);
    if (fd >= 0) close(fd);
  }
  run_say("collected %zu session(s) of %s", c.taken, exp);
  strv_free(&c.dests);
  free(bexp), free(pat), free(samples), free(numtab), free(gatetab);
  return c.rc;
}
