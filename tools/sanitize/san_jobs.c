// san_jobs.c — see san_jobs.h.
#include "sanitize/san_jobs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session/run_proc.h"

void san_job_argv(const san_job *j, const char *cs, const char *b, strv *a) {
  memset(a, 0, sizeof *a);
  strv_push(a, cs);
  strv_push(a, "--tool");
  strv_push(a, j->tool);
  strv_push(a, "--error-exitcode");
  strv_push(a, "9");
  if (!strcmp(j->tool, "memcheck")) {
    strv_push(a, "--leak-check");
    strv_push(a, "full");
  }
  strv_pushf(a, "%s/%s/bench", b, j->variant);
  strv_push(a, "--check");
  for (size_t i = 0; i < j->shapes.n; i++) {
    strv_push(a, "--shape");
    strv_push(a, j->shapes.s[i]);
  }
}

static char *log_path(const san_job *j, const char *b) { return run_fmt("%s/%s/sanitize.%s.log", b, j->variant, j->tool); }

static void say(const san_job *j) {
  run_say("%s %s: %s%s%s%s", j->variant, j->tool, j->r.clean ? "clean" : "error", *j->r.msg ? " (" : "",
          j->r.msg, *j->r.msg ? ")" : "");
}

// starts job J into C; 0, or -1 (its result then says so)
static int start(san_job *j, run_child *c, const char *cs, const char *b, unsigned limit) {
  strv a;
  san_job_argv(j, cs, b, &a);
  char *log = log_path(j, b);
  run_io io = {.in = "/dev/null", .out = log, .err = "=out"};
  int rc = run_touch(log) == 0 && run_start(c, a.s, &io, limit) == 0 ? 0 : -1;
  if (rc) {
    snprintf(j->r.msg, sizeof j->r.msg, "no result");
    say(j);
  }
  free(log);
  strv_free(&a);
  return rc;
}

// job J's verdict once its process ended with status RC
static void finish(san_job *j, int rc, const char *b, unsigned limit) {
  char *log = log_path(j, b), *text = run_read_file(log, NULL);
  san_log_verdict(rc, text, limit, &j->r);
  say(j);
  free(text);
  free(log);
}

void san_jobs_run(san_job *j, size_t n, const char *cs, const char *b, unsigned par, unsigned limit) {
  run_child *c = calloc(par, sizeof *c);
  size_t *who = calloc(par, sizeof *who), next = 0, busy = 0;
  if (!c || !who) run_die("out of memory");
  run_signals();
  while (next < n || busy) {
    for (unsigned k = 0; k < par && next < n; k++)
      if (!c[k].pid) {
        memset(&j[next].r, 0, sizeof j[next].r);
        if (start(&j[next], &c[k], cs, b, limit) == 0) who[k] = next, busy++;
        next++;
      }
    if (run_signalled) {
      for (unsigned k = 0; k < par; k++) run_stop(&c[k]);
      run_check_signal();
    }
    for (unsigned k = 0; k < par; k++)
      if (c[k].pid && !run_running(&c[k])) {
        finish(&j[who[k]], c[k].status, b, limit);
        c[k].pid = 0, busy--;
      }
    if (busy) run_nap(0.01);
  }
  free(c);
  free(who);
}
