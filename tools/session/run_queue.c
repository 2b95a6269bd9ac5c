// run_queue.c — see run_queue.h.
#define _POSIX_C_SOURCE 200809L
#include "session/run_queue.h"
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "session/run_util.h"

int run_queue_open(run_queue *q, const char *dir, size_t nv) {
  memset(q, 0, sizeof *q);
  q->dir = dir;
  q->nv = nv;
  q->mine = run_alloc(nv ? nv : 1);
  q->theirs = run_alloc(nv ? nv : 1);
  struct stat st;
  return !dir || (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) ? 0 : -1;
}
void run_queue_close(run_queue *q) {
  free(q->mine);
  free(q->theirs);
  q->mine = q->theirs = NULL;
}

int run_queue_ours(run_queue *q, size_t v, const char *name, int shared) {
  if (!q->dir || shared || q->mine[v]) return 1;
  if (q->theirs[v]) return 0;
  char *d = run_fmt("%s/v.%s", q->dir, name);
  int ok = mkdir(d, 0777) == 0;
  free(d);
  if (ok) q->mine[v] = 1;
  else q->theirs[v] = 1;
  return ok;
}

int run_queue_join(const run_queue *q, pid_t pid) {
  char *f = run_fmt("%s/session.%ld", q->dir, (long)pid);
  int rc = run_touch(f);
  free(f);
  return rc;
}
void run_queue_leave(const run_queue *q, pid_t pid) {
  char *f = run_fmt("%s/session.%ld", q->dir, (long)pid);
  remove(f);
  free(f);
}

int run_queue_others(const run_queue *q, pid_t pid) {
  DIR *d = opendir(q->dir);
  if (!d) return 0;
  struct dirent *e;
  int any = 0;
  while (!any && (e = readdir(d))) {
    if (strncmp(e->d_name, "session.", 8)) continue;
    char *end;
    long p = strtol(e->d_name + 8, &end, 10);
    if (*end || p <= 0 || p == (long)pid) continue;
    any = kill((pid_t)p, 0) == 0 || errno == EPERM;
  }
  closedir(d);
  return any;
}

int run_queue_take_builder(const run_queue *q) {
  char *d = run_fmt("%s/builder", q->dir);
  int ok = mkdir(d, 0777) == 0;
  free(d);
  return ok;
}

int run_queue_set_builder(const run_queue *q, pid_t builder) {
  char *tmp = run_fmt("%s/builder.pid.%ld", q->dir, (long)getpid());
  char *f = run_fmt("%s/builder.pid", q->dir);
  FILE *o = fopen(tmp, "w");
  int rc = o && fprintf(o, "%ld\n", (long)builder) > 0 ? 0 : -1;
  if (o && fclose(o) != 0) rc = -1;
  if (rc == 0 && rename(tmp, f) != 0) rc = -1;
  free(tmp);
  free(f);
  return rc;
}

pid_t run_queue_builder(const run_queue *q) {
  char *f = run_fmt("%s/builder.pid", q->dir);
  char *s = run_read_file(f, NULL);
  free(f);
  long p = s ? strtol(s, NULL, 10) : 0;
  free(s);
  return p > 0 ? (pid_t)p : 0;
}
