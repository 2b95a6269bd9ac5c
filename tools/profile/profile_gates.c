// profile_gates.c — see profile_gates.h.
#include "profile_gates.h"
#include <stdio.h>
#include <stdlib.h>
#include "profile_run.h"
#include "session/run_proc.h"

char *pg_publish(const pf_settings *s, const strv *done, const char *slug) {
  char *dest = run_fmt("%s/%s/%s", s->data_out, s->exp, slug), *dir = run_fmt("%s/profile", dest);
  if (run_mkdir_p(dir) != 0) run_die("cannot make %s", dir);
  for (size_t i = 0; i < done->n; i++) {
    char *from = run_fmt("%s/%s.csv", s->out, done->s[i]), *tmp = run_fmt("%s/.%s.csv.tmp", dir, done->s[i]);
    char *to = run_fmt("%s/%s.csv", dir, done->s[i]);
    if (run_copy_file(from, tmp) != 0 || rename(tmp, to) != 0) run_die("cannot publish %s to %s", from, to);
    free(from);
    free(tmp);
    free(to);
  }
  free(dir);
  return dest;
}

char *pg_counter_gates(const pf_settings *s, const strv *done, const char *pub) {
  strv a = {0};
  strv_pushf(&a, "%s/counter_gates", s->tools);
  const char *opt[] = {"--bank-conflict-max", s->bank_max, "--coalesce-factor", s->coalesce, "--ideal-sectors", s->ideal};
  for (size_t i = 0; i < sizeof opt / sizeof opt[0]; i++) strv_push(&a, opt[i]);
  for (size_t i = 0; i < done->n; i++) strv_pushf(&a, "%s/%s.csv", s->out, done->s[i]);
  char *table = run_fmt("%s/counter_gates.csv", s->b), *tmp = run_fmt("%s.tmp", table);
  run_io io = {.out = tmp};
  run_touch(tmp);
  if (pr_run(a.s, &io, 0) != 0 || rename(tmp, table) != 0) exit(2);
  strv_free(&a);
  strv_pushf(&a, "%s/gatetab", s->tools);
  strv_push(&a, "stage");
  strv_push(&a, s->b);
  strv_push(&a, "counters");
  strv_push(&a, table);
  if (pub) strv_push(&a, pub);
  char *count = NULL;
  if (run_capture(a.s, NULL, 0, &count) != 0) exit(2);
  strv_free(&a);
  free(table);
  free(tmp);
  return count;
}
