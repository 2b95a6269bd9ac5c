// run_publish.c — steps 2-4 of a session. 2: a variant is published only if every round of the
// session wrote its file; its rounds are merged by `samples merge` (round 1's header lines,
// `# rounds:`, `# temp_end_c_last_round:`, the session's `# session.<id>:` line, the columns round,
// session and position) and published by `samples publish` (appended to a published file of the
// same code and settings, else replacing it, saying which key differed). 3: the numerics gate's
// errors per shape and run (the runs' `check shape=` lines, failed ones included) appended to the
// numerics table beside the samples (`numtab`). 4: the gate table with runtime verdicts published
// beside the samples (`gatetab merge`; a shard leaves it to the driver, TABLES=0 leaves it
// alone). Publishing and the gate table hold a lock on the destination directory, so that
// sessions finishing together on two GPUs append one after the other.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "session/run_lock.h"
#include "session/run_state.h"

// this session's rounds of V as one sample file OUT (`samples merge`); its exit status
static int merge_session(run_state *s, size_t v, const char *out) {
  const run_env *e = &s->e;
  strv files = {0}, a = {0};
  char *pos = run_strdup("");
  for (unsigned r = 1; r <= e->rounds; r++) {
    char *f = run_round_file(s, v, r);
    strv_push(&files, f);
    free(f);
    char *p = run_fmt("%s%s%u", pos, r > 1 ? " " : "", run_plan_pos(&s->plan, v, r));
    free(pos);
    pos = p;
  }
  char *temp = run_header_value(files.s[e->rounds - 1], "temp_end_c");
  strv_push(&a, e->samples), strv_push(&a, "merge");
  strv_push(&a, "--rounds"), strv_pushf(&a, "%u", e->rounds);
  strv_push(&a, "--session"), strv_push(&a, s->session);
  strv_push(&a, "--positions"), strv_push(&a, pos);
  strv_push(&a, "--fallback-date"), strv_push(&a, s->start_iso);
  strv_push(&a, "--host"), strv_push(&a, s->host);
  strv_push(&a, "--uuid"), strv_push(&a, s->gpu_uuid);
  strv_push(&a, "--seed"), strv_pushf(&a, "%llu", (unsigned long long)s->order_seed);
  strv_push(&a, "--variant"), strv_push(&a, s->timed.s[v]);
  strv_push(&a, "--last-temp"), strv_push(&a, temp);
  strv_push(&a, "--plan"), strv_push(&a, e->plan_tag);
  strv_push(&a, "--machine"), strv_push(&a, s->machine);
  strv_push(&a, "--out"), strv_push(&a, out);
  strv_add(&a, &files);
  int rc = run_command(a.s, NULL, NULL);
  strv_free(&a);
  strv_free(&files);
  free(pos);
  free(temp);
  return rc;
}

void run_publish(run_state *s) {
  const run_env *e = &s->e;
  run_plan *p = &s->plan;
  long published = 0;
  for (size_t v = 0; v < s->timed.n; v++) {
    const char *name = s->timed.s[v];
    if (p->dead[v] || s->q.theirs[v]) continue;
    char *missing = run_strdup("");
    for (unsigned r = 1; r <= e->rounds; r++) {
      char *f = run_round_file(s, v, r);
      if (!run_exists(f)) {
        char *m = run_fmt("%s %u", missing, r);
        free(missing);
        missing = m;
      }
      free(f);
    }
    if (*missing) {
      run_say("%s: no sample file for round(s)%s: not published", name, missing);
      free(missing);
      continue;
    }
    free(missing);
    char *out = run_fmt("%s/%s.session.csv", s->runs, name);
    if (merge_session(s, v, out) != 0) {
      run_say("%s: rounds do not merge: not published", name);
      free(out);
      continue;
    }
    char *a[] = {e->samples, "publish", s->dest, out, NULL}, *n;
    if (run_capture(a, NULL, 0, &n) == 0) published += atol(n);
    free(n);
    free(out);
  }

  // 3. the numerics table: every check line of every run of our variants
  char *rows = run_fmt("%s/numerics.rows", s->runs);
  FILE *all = fopen(rows, "w");
  if (!all) run_die("cannot write %s", rows);
  for (size_t v = 0; v < s->ncand; v++) {
    const char *name = s->timed.s[v];
    char *log = run_fmt("%s/%s.log", s->runs, name), *mine = run_fmt("%s/%s.numrows", s->runs, name);
    if (!s->q.theirs[v] && run_exists(log)) {
      // (a variant's rows join the table only when all of its log reads: none of a log that does not)
      char *a[] = {e->numtab, "rows", "--variant", (char *)name, "--session", s->session, log, NULL};
      if (run_command(a, mine, NULL) == 0) {
        char *t = run_read_file(mine, NULL);
        if (t) fputs(t, all);
        free(t);
      } else {
        run_say("%s: its check lines could not be read (above): its numerics are not published", name);
      }
    }
    free(log);
    free(mine);
  }
  long size = ftell(all);
  fclose(all);
  if (size > 0) {
    int fd = run_publish_lock(s->dest);
    char *a[] = {e->numtab, "publish", "--git-rev", (char *)e->git_rev, "--code", s->code_kernels, rows, s->dest, NULL};
    if (run_command(a, NULL, NULL) != 0) run_say("the numerics table was not published (above)");
    if (fd >= 0) close(fd);
  }
  free(rows);

  // 4. the gate table (a shard leaves it to the driver, which merges once every session has
  // finished: under STREAM the other sessions' variants may still be building)
  if (!e->shard && e->tables) {
    int fd = run_publish_lock(s->dest);
    char *a[] = {e->gatetab, "merge", e->b, s->dest, NULL};
    run_command(a, NULL, NULL);
    if (fd >= 0) close(fd);
  }
  char *t = run_read_file(s->runtime, NULL);
  long rej = 0;
  for (char *c = t; c && *c; c++) rej += *c == '\n';
  free(t);
  size_t passed = 0, nmine = 0, nstatic = 0;  // (QUEUE: of the variants this session ran)
  for (size_t v = 0; v < s->ncand; v++) {
    if (s->q.theirs[v]) continue;
    nmine++;
    passed += !p->dead[v];
    nstatic += s->why && s->why[v] != NULL;
  }
  char *st = e->stream ? run_fmt(" (%zu of %zu stopped by the static gates)", nstatic, nmine) : run_strdup("");
  char *qt = e->queue ? run_fmt(" (%zu taken by the other sessions)", s->ncand - nmine) : run_strdup("");
  run_say("done: session %s, %ld sample files in %s, %zu of %zu variants passed numerics%s%s, %ld rejected at run time", s->session,
          published, s->dest, passed, nmine - nstatic, st, qt, rej);
  free(st);
  free(qt);
}
