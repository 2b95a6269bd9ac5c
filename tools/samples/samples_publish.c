// samples_publish.c — a session's sample files appended to, or replacing, the published ones
// (samples_publish.h).
#define _DEFAULT_SOURCE  // flock(2)
#include "samples_publish.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "samples.h"
#include "samples_merge.h"

// Each header line of path (the lines before its first line that is neither blank nor starts with
// '#'), newline dropped, through take(line, arg) until it returns nonzero; then, when row is not
// NULL, the CSV header row into *row (malloc'd, NULL when none). The count of its session lines
// into *sessions when not NULL.
static void header_lines(const char *path, int (*take)(const char *, void *), void *arg, char **row,
                         size_t *sessions) {
  if (row) *row = NULL;
  if (sessions) *sessions = 0;
  FILE *f = fopen(path, "r");
  if (!f) return;
  char *line = NULL, id[256];
  size_t cap = 0;
  ssize_t n;
  int done = 0;
  while ((n = getline(&line, &cap, f)) >= 0) {
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = '\0';
    if (line[0] == '#') {
      if (sessions && samples_session_line(line, id, sizeof id)) ++*sessions;
      if (!done && take) done = take(line, arg);
      continue;
    }
    if (!line[strspn(line, " \t")]) continue;
    if (row) *row = strdup(line);
    break;
  }
  free(line);
  fclose(f);
}

typedef struct {
  const char *key;
  char *out;
  size_t len;
} hval_t;

static int take_hval(const char *line, void *arg) {
  hval_t *h = arg;
  size_t k = strlen(h->key);
  if (strncmp(line, "# ", 2) || strncmp(line + 2, h->key, k) || line[2 + k] != ':') return 0;
  const char *v = line + 3 + k;
  v += strspn(v, " \t");
  size_t n = strlen(v);
  while (n && strchr(" \t", v[n - 1])) n--;
  snprintf(h->out, h->len, "%.*s", (int)n, v);
  return 1;
}

// The value of the first `# KEY:` line of path's header, trimmed, into out ("" when absent or
// unreadable).
static void hval(const char *path, const char *key, char *out, size_t len) {
  out[0] = '\0';
  hval_t h = {key, out, len};
  header_lines(path, take_hval, &h, NULL, NULL);
}

typedef struct {
  char *out;
  size_t len;
} sess_t;

static int take_session(const char *line, void *arg) {
  sess_t *s = arg;
  return samples_session_line(line, s->out, s->len);
}

// The session of a NEW file: the id of its `# session.<id>:` line, else its `# session:` header.
static void session_of(const char *path, char *out, size_t len) {
  out[0] = '\0';
  sess_t s = {out, len};
  header_lines(path, take_session, &s, NULL, NULL);
  if (!out[0]) hval(path, "session", out, len);
}

// Why NEW (one session) may not be appended to OLD, into why ("" when it may).
static void why_not_append(const char *old, const char *new_, char *why, size_t len) {
  // the settings, each with what a file without it means ("": nothing; settle_ms: a file from
  // before the session's pause had none, 0)
  static const struct { const char *key, *absent; } keys[] = {
      {"code", ""}, {"flags", ""}, {"graph_calls", ""}, {"l2_flush", ""}, {"reps", ""}, {"warmup", ""}, {"process", ""},
      {"settle_ms", "0"}};
  char *a, *n;
  header_lines(old, NULL, NULL, &a, NULL);
  header_lines(new_, NULL, NULL, &n, NULL);
  size_t la = a ? strlen(a) : 0;
  char *wrapped = malloc(la + 3);
  if (wrapped) snprintf(wrapped, la + 3, ",%s,", a ? a : "");
  why[0] = '\0';
  if (!wrapped || !strstr(wrapped, ",session,")) {
    snprintf(why, len, "it has no session column (written before sessions were recorded)");
  } else {
    for (size_t i = 0; i < sizeof keys / sizeof keys[0] && !why[0]; i++) {
      char vo[1024], vn[1024];
      hval(old, keys[i].key, vo, sizeof vo);
      hval(new_, keys[i].key, vn, sizeof vn);
      if (!vo[0]) snprintf(vo, sizeof vo, "%s", keys[i].absent);
      if (!vn[0]) snprintf(vn, sizeof vn, "%s", keys[i].absent);
      if (strcmp(vo, vn)) snprintf(why, len, "%s differs (published '%s', now '%s')", keys[i].key, vo, vn);
    }
    if (!why[0] && strcmp(a ? a : "", n ? n : ""))
      snprintf(why, len, "the columns differ (published '%.2000s', now '%.2000s')", a ? a : "", n ? n : "");
  }
  free(wrapped), free(a), free(n);
}

int samples_publish_why_not(const char *old, const char *new_, char *why, size_t len) {
  char go[512], gn[512];
  hval(old, "gpu", go, sizeof go);
  hval(new_, "gpu", gn, sizeof gn);
  why[0] = '\0';
  if (strcmp(go, gn)) {
    snprintf(why, len, "%s is of GPU '%s', this session of '%s'", old, go, gn);
    return 2;
  }
  why_not_append(old, new_, why, len);
  return why[0] != '\0';
}

static int mkdir_p(const char *dir) {
  char p[4096];
  snprintf(p, sizeof p, "%s", dir);
  for (char *s = p + 1; *s; s++)
    if (*s == '/') {
      *s = '\0';
      if (mkdir(p, 0777) && errno != EEXIST) return -1;
      *s = '/';
    }
  return mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
}

static int copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
  char buf[65536];
  size_t k;
  int rc = in && out ? 0 : -1;
  while (!rc && (k = fread(buf, 1, sizeof buf, in)) > 0) rc = fwrite(buf, 1, k, out) == k ? 0 : -1;
  if (in && ferror(in)) rc = -1;
  if (in) fclose(in);
  if (out && fclose(out)) rc = -1;
  return rc;
}

int samples_publish_one(const char *dest, const char *path, int may_replace, const char *who, FILE *msg) {
  const char *base = strrchr(path, '/');
  char v[1024], out[4096], tmp[4200], err[1024], session[256], why[4200];
  snprintf(v, sizeof v, "%s", base ? base + 1 : path);
  size_t n = strlen(v);
  if (n > 4 && !strcmp(v + n - 4, ".csv")) v[n -= 4] = '\0';
  if (n > 8 && !strcmp(v + n - 8, ".session")) v[n - 8] = '\0';
  samples_file sf;
  // what the readers would refuse (a nan, negative or 1e300 time, a session declared twice, ...)
  // is never published: samples_read is the reader every tool reads with
  if (samples_read(path, &sf, err, sizeof err)) {
    fprintf(msg, "%s: %s: not published: %s\n", who, v, err);
    return -1;
  }
  samples_free(&sf);
  snprintf(out, sizeof out, "%s/%s.csv", dest, v);
  snprintf(tmp, sizeof tmp, "%s/.%s.csv.tmp", dest, v);
  session_of(path, session, sizeof session);
  int exists = access(out, F_OK) == 0;
  if (exists) {
    const int r = samples_publish_why_not(out, path, why, sizeof why);
    if (r == 2) {
      fprintf(msg, "%s: %s: not published: %s\n", who, v, why);
      return -1;
    }
    if (r && !may_replace) {
      fprintf(msg, "%s: %s: session %s not published: %s; %s is left as it is\n", who, v, session, why, out);
      return -1;
    }
  }
  if (exists && !why[0]) {
    FILE *o = fopen(out, "r"), *nw = fopen(path, "r"), *t = fopen(tmp, "w");
    int rc = o && nw && t ? samples_append(o, nw, out, path, t, err, sizeof err) : -1;
    if (o) fclose(o);
    if (nw) fclose(nw);
    if (t && fclose(t)) rc = -1;
    if (rc == SAMPLES_APPEND_DUPLICATE) {
      unlink(tmp);
      fprintf(msg, "%s: %s: session %s is already in %s: not published again\n", who, v, session, out);
      return 1;
    }
    if (rc) {
      unlink(tmp);
      fprintf(msg, "%s: %s: cannot append to %s: not published\n", who, v, out);
      return -1;
    }
    size_t ns;
    header_lines(tmp, NULL, NULL, NULL, &ns);
    fprintf(msg, "%s: %s: session %s appended (%zu sessions in %s)\n", who, v, session, ns, out);
  } else {
    if (exists) {
      size_t ns;
      header_lines(out, NULL, NULL, NULL, &ns);
      if (ns) fprintf(msg, "%s: %s: %s replaced: %s; %zu earlier session(s) dropped\n", who, v, out, why, ns);
      else fprintf(msg, "%s: %s: %s replaced: %s; its earlier samples dropped\n", who, v, out, why);
    }
    if (copy_file(path, tmp)) {
      unlink(tmp);
      fprintf(msg, "%s: %s: cannot write %s: not published\n", who, v, tmp);
      return -1;
    }
  }
  // what is renamed into place reads as the tools read it, or nothing is published
  samples_file chk;
  if (samples_read(tmp, &chk, err, sizeof err)) {
    unlink(tmp);
    fprintf(msg, "%s: %s: not published: the file it would make does not read: %s\n", who, v, err);
    return -1;
  }
  samples_free(&chk);
  struct stat st;
  if (stat(tmp, &st) || st.st_size == 0 || rename(tmp, out)) {
    unlink(tmp);
    fprintf(msg, "%s: %s: cannot write %s: not published\n", who, v, out);
    return -1;
  }
  return 0;
}

int samples_publish_lock(const char *dest, const char *who, FILE *msg) {
  char lock[4200];
  snprintf(lock, sizeof lock, "%s/.publish.lock", dest);
  int fd = mkdir_p(dest) ? -1 : open(lock, O_CREAT | O_RDWR, 0666);
  if (fd < 0 || flock(fd, LOCK_EX)) {
    fprintf(msg, "%s: cannot lock %s\n", who, lock);
    if (fd >= 0) close(fd);
    return -1;
  }
  return fd;
}

int samples_publish(const char *dest, const char *const news[], size_t n, FILE *msg, size_t *published) {
  *published = 0;
  int fd = samples_publish_lock(dest, "measure", msg);
  if (fd < 0) return 2;
  int failed = 0;
  for (size_t i = 0; i < n; i++) {
    int r = samples_publish_one(dest, news[i], 1, "measure", msg);
    *published += r == 0;
    failed |= r < 0;
  }
  close(fd);  // (the lock goes with it)
  return failed;
}
