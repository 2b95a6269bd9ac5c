// profile_run.c — see profile_run.h.
#define _GNU_SOURCE
#include "profile_run.h"
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "ncu_metrics.h"
#include "profile_ncu.h"
#include "profile_pick.h"

enum { TRIES = 5 };

int pr_run(char *const argv[], const run_io *io, unsigned limit) {
  run_child c;
  if (run_start(&c, argv, io, limit) != 0) run_die("cannot fork: %s", strerror(errno));
  while (run_running(&c)) {
    if (run_signalled) { run_stop(&c); run_check_signal(); }
    run_nap(0.01);
  }
  return c.status;
}

// removes the logs of an earlier run's failed tries, OUT/V.try*.log
static void remove_tries(const char *out, const char *v) {
  char *pat = run_fmt("%s/%s.try*.log", out, v);
  glob_t g;
  if (glob(pat, 0, NULL, &g) == 0) {
    for (size_t k = 0; k < g.gl_pathc; k++) remove(g.gl_pathv[k]);
    globfree(&g);
  }
  free(pat);
}

// ncu on V at SHAPE, KERNEL, again with fewer metrics after a failure; the last run's exit status
static int profile(const pf_settings *s, const pn_run *base, const char *v, const char *log) {
  strv metrics = {0};
  nm_metric_list(&metrics);
  run_io io = {.out = log, .err = "=out"};
  int rc = 0;
  for (int try = 1; try <= TRIES; try++) {
    pn_run r = *base;
    char *joined = nm_join(&metrics);
    r.metrics = joined;
    strv a = {0};
    pn_profile_argv(&r, &a);
    run_touch(log);
    rc = pr_run(a.s, &io, s->timeout);
    strv_free(&a);
    free(joined);
    if (rc == 0 || rc == 124 || rc == 137 || try == TRIES) break;
    char *text = run_read_file(log, NULL), miss[256], line[161];
    if (text && strstr(text, "ERR_NVGPUCTRPERM"))
      run_die("ncu may not read the GPU counters here (ERR_NVGPUCTRPERM): run as root or allow profiling "
              "(NVreg_RestrictProfilingToAdminUsers=0)");
    nm_missing(text, miss, sizeof miss);
    nm_error_line(text, line, sizeof line);
    free(text);
    if (!nm_drop(&metrics, miss)) break;
    run_say("%s: ncu failed (exit %d: %s); retrying without %s", v, rc, line, *miss ? miss : "the EXTRA metrics");
    char *keep = run_fmt("%s/%s.try%d.log", s->out, v, try);
    run_copy_file(log, keep);
    free(keep);
  }
  strv_free(&metrics);
  return rc;
}

// the report read back as the raw page into RAW (base units; without them for an older ncu), then
// made tidy by ncu_csv into TIDY; 0, or -1 having said why
static int convert(const pf_settings *s, const char *ncu, const char *v, const char *shape, const char *kernel,
                   const char *report, const char *log) {
  char *raw = run_fmt("%s/raw/%s.csv", s->out, v), *tmp = run_fmt("%s/.%s.csv.tmp", s->out, v);
  char *tidy = run_fmt("%s/%s.csv", s->out, v), *tool = run_fmt("%s/ncu_csv", s->tools);
  int rc = -1;
  run_io io = {.out = raw, .err = log};
  for (int base = 1; base >= 0 && rc != 0; base--) {
    strv a = {0};
    pn_import_argv(ncu, report, base, &a);
    run_touch(raw);
    rc = pr_run(a.s, &io, 0);
    strv_free(&a);
  }
  if (rc != 0) {
    run_say("%s: ncu --import failed, see %s/%s.log", v, s->out, v);
    rc = -1;
  } else {
    char *a[] = {tool, "--variant", (char *)v, "--shape", (char *)shape, "--kernel", (char *)kernel,
                 "--code", s->code ? s->code : "none", "--git-rev", (char *)s->git_rev, "--gpu", s->gpu ? s->gpu : "unknown",
                 raw, NULL};
    run_io to = {.out = tmp};
    run_touch(tmp);
    rc = pr_run(a, &to, 0) == 0 && rename(tmp, tidy) == 0 ? 0 : -1;
    if (rc) remove(tmp);
  }
  free(raw);
  free(tmp);
  free(tidy);
  free(tool);
  return rc;
}

int pr_variant(const pf_settings *s, const char *ncu, const char *tmp, const char *v, size_t i, size_t n) {
  char *shapes = run_fmt("%s/%s/shapes.txt", s->b, v), *describe = run_fmt("%s/%s/describe.txt", s->b, v);
  char *text = *s->shape ? NULL : run_read_file(shapes, NULL);
  char *shape = *s->shape ? run_strdup(s->shape) : pp_first_line(text);
  free(text);
  text = run_read_file(describe, NULL);
  char *kernel = pp_kernel_of(text ? text : "", shape);
  free(text);
  char *report = run_fmt("%s/%s.ncu-rep", s->out, v), *log = run_fmt("%s/%s.log", s->out, v);
  char *bench = run_fmt("%s/%s/bench", s->b, v), *samples = run_fmt("%s/%s.samples.csv", tmp, v);
  char *exported = run_fmt("%s/%s", s->out, v);
  int rc = -1;
  struct stat st;
  if (!*shape) run_say("%s: no shape", v);
  else if (!pp_kernel_name_ok(kernel)) run_say("%s: no kernel name in %s", v, describe);
  else {
    run_say("[%zu/%zu] %s: %s at %s", i, n, v, kernel, shape);
    time_t t0 = time(NULL);
    remove(report);
    remove_tries(s->out, v);
    pn_run r = {ncu, bench, exported, kernel, NULL, shape, s->seed, samples};
    int st_ncu = profile(s, &r, v, log);
    if (st_ncu != 0 || stat(report, &st) != 0 || st.st_size == 0)
      run_say("%s: ncu failed (exit %d), see %s", v, st_ncu, log);
    else if (convert(s, ncu, v, shape, kernel, report, log) == 0) {
      run_say("%s: %ld s -> %s/%s.csv", v, (long)(time(NULL) - t0), s->out, v);
      rc = 0;
    }
  }
  free(shapes);
  free(describe);
  free(shape);
  free(kernel);
  free(report);
  free(log);
  free(bench);
  free(samples);
  free(exported);
  return rc;
}
