// samples_write.c — see samples_write.h.
#include "samples_write.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void release(samples_writer *w) {
  free(w->path);
  free(w->tmp);
  memset(w, 0, sizeof *w);
}

int samples_write_open(samples_writer *w, const char *path, char *err, size_t errlen) {
  memset(w, 0, sizeof *w);
  if (!path) {
    w->f = stdout;
    return 0;
  }
  size_t n = strlen(path) + 32;
  w->path = malloc(strlen(path) + 1);
  w->tmp = malloc(n);
  if (!w->path || !w->tmp) {
    snprintf(err, errlen, "%s: out of memory", path);
    release(w);
    return -1;
  }
  strcpy(w->path, path);
  snprintf(w->tmp, n, "%s.tmp.%ld", path, (long)getpid());
  if (!(w->f = fopen(w->tmp, "w"))) {
    snprintf(err, errlen, "%s: cannot create: %s", w->tmp, strerror(errno));
    release(w);
    return -1;
  }
  return 0;
}

void samples_write_meta(samples_writer *w, const char *key, const char *value) {
  fprintf(w->f, "# %s: ", key);
  for (const char *c = value; *c; c++) putc(*c == '\n' || *c == '\r' ? ' ' : *c, w->f);
  putc('\n', w->f);
}

void samples_write_line(samples_writer *w, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(w->f, fmt, ap);
  va_end(ap);
  putc('\n', w->f);
}

int samples_write_close(samples_writer *w, char *err, size_t errlen) {
  const char *where = w->tmp ? w->tmp : "stdout";
  int bad = fflush(w->f) != 0 || ferror(w->f), e = errno;
  if (w->tmp) {
    if (fclose(w->f) != 0 && !bad) bad = 1, e = errno;
    if (!bad && rename(w->tmp, w->path) != 0) bad = 1, e = errno, where = w->path;
    if (bad) remove(w->tmp);
  }
  if (bad) snprintf(err, errlen, "%s: cannot write: %s", where, strerror(e));
  release(w);
  return bad ? -1 : 0;
}

void samples_write_abort(samples_writer *w) {
  if (w->tmp) {
    fclose(w->f);
    remove(w->tmp);
  }
  release(w);
}
