// search_log.c — see search_log.h.
#include "search_log.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAGIC "# cudadent42 search trials v1"
#define HEADER "kernel_hash,gpu,nvcc,shape,flags,variant,strategy,seed,verdict,reason,median_us,reps,date"
enum { NCOL = 13 };

static int fail(char *err, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, len, fmt, ap);
  va_end(ap);
  return -1;
}

int slog_field_ok(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+:-", *s)) return 0;
  return 1;
}

int slog_read(const char *path, const slog_key *key, const sp_space *sp, sr_trial **out,
              size_t *n, char *err, size_t errlen) {
  *out = NULL;
  *n = 0;
  FILE *f = fopen(path, "r");
  if (!f) return errno == ENOENT ? 0 : fail(err, errlen, "%s: %s", path, strerror(errno));
  unsigned char *seen = calloc(sp->ncfg, 1);
  char *line = NULL;
  size_t cap = 0, tcap = 0;
  ssize_t len;
  long ln = 0;
  int rc = 0;
  while (!rc && (len = getline(&line, &cap, f)) > 0) {
    ln++;
    if (line[len - 1] != '\n') {
      fprintf(stderr, "search: %s:%ld: incomplete last line ignored\n", path, ln);
      break;
    }
    line[--len] = 0;
    if (len && line[len - 1] == '\r') line[--len] = 0;
    if (ln == 1) {
      if (strcmp(line, MAGIC) != 0) rc = fail(err, errlen, "%s:1: not a trial log (want '%s')", path, MAGIC);
      continue;
    }
    if (ln == 2) {
      if (strcmp(line, HEADER) != 0) rc = fail(err, errlen, "%s:2: header is not '%s'", path, HEADER);
      continue;
    }
    char *c[NCOL], *p = line;
    int k = 0;
    for (; k < NCOL && p; k++) {
      c[k] = p;
      p = strchr(p, ',');
      if (p) *p++ = 0;
    }
    if (k != NCOL || p) {
      rc = fail(err, errlen, "%s:%ld: want %d columns", path, ln, NCOL);
      break;
    }
    if (strcmp(c[0], key->kernel_hash) || strcmp(c[1], key->gpu) || strcmp(c[2], key->nvcc) ||
        strcmp(c[3], key->shape))
      continue;
    long cfg = sp_by_flags(sp, c[4]);
    if (cfg < 0 || seen[cfg]) continue;
    sr_trial t = {(size_t)cfg, 0, NAN, ""};
    if (strcmp(c[8], "pass") == 0) {
      char *end;
      errno = 0;
      t.ok = 1;
      t.y = strtod(c[10], &end);
      if (end == c[10] || *end || errno || !(t.y > 0) || !isfinite(t.y))
        rc = fail(err, errlen, "%s:%ld: median_us '%s' is not a positive number", path, ln, c[10]);
    } else if (strcmp(c[8], "reject") != 0 || !slog_field_ok(c[9])) {
      rc = fail(err, errlen, "%s:%ld: verdict '%s' reason '%s': want pass, or reject with a reason",
                path, ln, c[8], c[9]);
    }
    if (rc) break;
    if (!t.ok) snprintf(t.reason, sizeof t.reason, "%s", c[9]);
    seen[cfg] = 1;
    if (*n == tcap) *out = realloc(*out, (tcap = tcap ? 2 * tcap : 64) * sizeof **out);
    (*out)[(*n)++] = t;
  }
  free(line), free(seen);
  fclose(f);
  if (rc) free(*out), *out = NULL, *n = 0;
  return rc;
}

int slog_append(const char *path, const slog_key *key, const sp_space *sp, size_t cfg,
                const char *strategy, uint64_t seed, const char *reason, double median_us,
                size_t reps, char *err, size_t errlen) {
  const char *kf[] = {key->kernel_hash, key->gpu, key->nvcc, key->shape, strategy};
  for (size_t i = 0; i < sizeof kf / sizeof *kf; i++)
    if (!slog_field_ok(kf[i])) return fail(err, errlen, "%s: '%s' cannot be a log field", path, kf[i]);
  if (reason && !slog_field_ok(reason)) return fail(err, errlen, "%s: '%s' is not a gate reason", path, reason);
  int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0) return fail(err, errlen, "%s: %s", path, strerror(errno));
  char row[8192], date[32];
  time_t now = time(NULL);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  int m = 0;
  if (lseek(fd, 0, SEEK_END) == 0) m = snprintf(row, sizeof row, "%s\n%s\n", MAGIC, HEADER);
  if (reason)
    m += snprintf(row + m, sizeof row - m, "%s,%s,%s,%s,%s,%s,%s,%" PRIu64 ",reject,%s,,,%s\n", key->kernel_hash,
                  key->gpu, key->nvcc, key->shape, sp->flags[cfg], sp->name[cfg], strategy, seed, reason, date);
  else
    m += snprintf(row + m, sizeof row - m, "%s,%s,%s,%s,%s,%s,%s,%" PRIu64 ",pass,,%.6g,%zu,%s\n", key->kernel_hash,
                  key->gpu, key->nvcc, key->shape, sp->flags[cfg], sp->name[cfg], strategy, seed, median_us,
                  reps, date);
  int rc = 0;
  if (m >= (int)sizeof row) rc = fail(err, errlen, "%s: row too long", path);
  else if (write(fd, row, (size_t)m) != m) rc = fail(err, errlen, "%s: %s", path, strerror(errno));
  if (close(fd) && !rc) rc = fail(err, errlen, "%s: %s", path, strerror(errno));
  return rc;
}
