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

enum { LINE_MAX_ = 8192 };

// The value of the first `# KEY:` line of path's header (the lines before its first line not
// starting with '#'), trimmed, into out ("" when absent or unreadable).
static void hval(const char *path, const char *key, char *out, size_t len) {
  out[0] = '\0';
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[LINE_MAX_];
  size_t k = strlen(key);
  while (fgets(line, sizeof line, f) && line[0] == '#') {
    if (strncmp(line, "# ", 2) || strncmp(line + 2, key, k) || line[2 + k] != ':') continue;
    const char *v = line + 3 + k;
    v += strspn(v, " \t");
    size_t n = strlen(v);
    while (n && strchr(" \t\r\n", v[n - 1])) n--;
    snprintf(out, len, "%.*s", (int)n, v);
    break;
  }
  fclose(f);
}

// The first line of path not starting with '#' (its CSV header row), newline dropped; the count
// of its `# session.` lines into *sessions.
static void header_row(const char *path, char *out, size_t len, size_t *sessions) {
  out[0] = '\0';
  *sessions = 0;
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[LINE_MAX_];
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') {
      *sessions += !strncmp(line, "# session.", 10);
      continue;
    }
    line[strcspn(line, "\r\n")] = '\0';
    snprintf(out, len, "%s", line);
    break;
  }
  fclose(f);
}

// The session of a NEW file: its `# session:` header, else the id of its `# session.<id>:` line.
static void session_of(const char *path, char *out, size_t len) {
  hval(path, "session", out, len);
  FILE *f = out[0] ? NULL : fopen(path, "r");
  char line[LINE_MAX_];
  while (f && fgets(line, sizeof line, f) && line[0] == '#')
    if (!strncmp(line, "# session.", 10)) {
      snprintf(out, len, "%.*s", (int)strcspn(line + 10, ":\r\n"), line + 10);
      break;
    }
  if (f) fclose(f);
}

// Why NEW (one session) may not be appended to OLD, into why ("" when it may).
static void why_not_append(const char *old, const char *new_, char *why, size_t len) {
  static const char *const keys[] = {"code", "flags", "graph_calls", "l2_flush", "reps", "warmup", "process"};
  char a[LINE_MAX_], n[LINE_MAX_], wrapped[LINE_MAX_ + 2];
  size_t s;
  header_row(old, a, sizeof a, &s);
  header_row(new_, n, sizeof n, &s);
  snprintf(wrapped, sizeof wrapped, ",%s,", a);
  why[0] = '\0';
  if (!strstr(wrapped, ",session,")) {
    snprintf(why, len, "it has no session column (written before sessions were recorded)");
    return;
  }
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    char vo[1024], vn[1024];
    hval(old, keys[i], vo, sizeof vo);
    hval(new_, keys[i], vn, sizeof vn);
    if (strcmp(vo, vn)) {
      snprintf(why, len, "%s differs (published '%s', now '%s')", keys[i], vo, vn);
      return;
    }
  }
  if (strcmp(a, n)) snprintf(why, len, "the columns differ (published '%s', now '%s')", a, n);
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
  char v[1024], out[4096], tmp[4200], err[1024], session[256], why[2 * LINE_MAX_ + 64];
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
    char go[512], gn[512];
    hval(out, "gpu", go, sizeof go);
    hval(path, "gpu", gn, sizeof gn);
    if (strcmp(go, gn)) {
      fprintf(msg, "%s: %s: not published: %s is of GPU '%s', this session of '%s'\n", who, v, out, go, gn);
      return -1;
    }
    why_not_append(out, path, why, sizeof why);
    if (why[0] && !may_replace) {
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
    char row[8];
    size_t ns;
    header_row(tmp, row, sizeof row, &ns);
    fprintf(msg, "%s: %s: session %s appended (%zu sessions in %s)\n", who, v, session, ns, out);
  } else {
    if (exists) {
      char row[8];
      size_t ns;
      header_row(out, row, sizeof row, &ns);
      if (ns) fprintf(msg, "%s: %s: %s replaced: %s; %zu earlier session(s) dropped\n", who, v, out, why, ns);
      else fprintf(msg, "%s: %s: %s replaced: %s; its earlier samples dropped\n", who, v, out, why);
    }
    if (copy_file(path, tmp)) {
      unlink(tmp);
      fprintf(msg, "%s: %s: cannot write %s: not published\n", who, v, tmp);
      return -1;
    }
  }
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
