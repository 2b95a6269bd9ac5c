// run_util.c — see run_util.h.
#define _XOPEN_SOURCE 700
#include "session/run_util.h"
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *run_prog = "measure";

static void vsay(const char *fmt, va_list ap) {
  char buf[8192];
  vsnprintf(buf, sizeof buf, fmt, ap);
  fprintf(stderr, "%s: %s\n", run_prog, buf);
}
void run_say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsay(fmt, ap);
  va_end(ap);
}
void run_die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsay(fmt, ap);
  va_end(ap);
  exit(2);
}
int run_errf(char *err, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, n, fmt, ap);
  va_end(ap);
  return -1;
}
void *run_alloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p) run_die("out of memory");
  return p;
}
static char *vfmt(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  char *s = run_alloc((size_t)n + 1);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}
char *run_fmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = vfmt(fmt, ap);
  va_end(ap);
  return s;
}
char *run_strdup(const char *s) {
  char *d = run_alloc(strlen(s) + 1);
  return strcpy(d, s);
}

void strv_push(strv *v, const char *s) {
  if (v->n + 2 > v->cap) {
    v->cap = v->cap ? 2 * v->cap : 16;
    v->s = realloc(v->s, v->cap * sizeof *v->s);
    if (!v->s) run_die("out of memory");
  }
  v->s[v->n++] = run_strdup(s);
  v->s[v->n] = NULL;
}
void strv_pushf(strv *v, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = vfmt(fmt, ap);
  va_end(ap);
  strv_push(v, s);
  free(s);
}
void strv_add(strv *v, const strv *w) {
  for (size_t i = 0; i < w->n; i++) strv_push(v, w->s[i]);
}
void strv_free(strv *v) {
  for (size_t i = 0; i < v->n; i++) free(v->s[i]);
  free(v->s);
  v->s = NULL;
  v->n = v->cap = 0;
}
strv strv_words(const char *s) {
  strv v = {0};
  while (s && *s) {
    s += strspn(s, " \t\n");
    size_t k = strcspn(s, " \t\n");
    if (!k) break;
    char *w = run_alloc(k + 1);
    memcpy(w, s, k);
    strv_push(&v, w);
    free(w);
    s += k;
  }
  return v;
}
long strv_find(const strv *v, const char *s) {
  for (size_t i = 0; i < v->n; i++)
    if (!strcmp(v->s[i], s)) return (long)i;
  return -1;
}

char *run_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t n = 0, cap = 4096;
  char *s = run_alloc(cap);
  size_t k;
  while ((k = fread(s + n, 1, cap - n - 1, f)) > 0) {
    n += k;
    if (cap - n - 1 == 0) {
      cap *= 2;
      s = realloc(s, cap);
      if (!s) run_die("out of memory");
    }
  }
  fclose(f);
  s[n] = 0;
  if (len) *len = n;
  return s;
}
int run_exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}
int run_copy_file(const char *from, const char *to) {
  size_t len;
  char *s = run_read_file(from, &len);
  if (!s) return -1;
  FILE *f = fopen(to, "w");
  int ok = f && fwrite(s, 1, len, f) == len;
  if (f && fclose(f) != 0) ok = 0;
  free(s);
  return ok ? 0 : -1;
}
int run_touch(const char *path) {
  FILE *f = fopen(path, "w");
  return f && fclose(f) == 0 ? 0 : -1;
}
static int rm1(const char *p, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(p) == 0 || errno == ENOENT ? 0 : -1;
}
int run_rm_rf(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return errno == ENOENT ? 0 : -1;
  return nftw(path, rm1, 16, FTW_DEPTH | FTW_PHYS);
}
int run_mkdir_p(const char *path) {
  char *p = run_strdup(path);
  for (char *s = p + 1; *s; s++) {
    if (*s != '/') continue;
    *s = 0;
    if (mkdir(p, 0777) != 0 && errno != EEXIST) { free(p); return -1; }
    *s = '/';
  }
  int rc = mkdir(p, 0777) == 0 || errno == EEXIST ? 0 : -1;
  struct stat st;
  if (rc == 0 && (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))) rc = -1;
  free(p);
  return rc;
}
void run_nap(double s) {
  struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  nanosleep(&ts, NULL);
}
double run_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

char *run_host_name(void) {
  char h[256] = "";
  if (gethostname(h, sizeof h - 1) != 0 || !*h) strcpy(h, "unknown");
  h[strcspn(h, ".")] = 0;
  if (!*h) strcpy(h, "unknown");
  for (char *c = h; *c; c++)
    if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-", *c)) *c = '-';
  return run_strdup(h);
}

int run_digits(const char *s, size_t lo, size_t hi, int nonzero) {
  size_t n = strlen(s);
  return n >= lo && n <= hi && strspn(s, "0123456789") == n && !(nonzero && s[0] == '0');
}
const char *run_val(const char *(*get)(const char *), const char *k, const char *dflt) {
  const char *v = get(k);
  return v && *v ? v : dflt;
}
char *run_tool(const char *(*get)(const char *), const char *k, const char *b, const char *name) {
  const char *v = run_val(get, k, NULL);
  return v ? run_strdup(v) : run_fmt("%s/tools/%s", b, name);
}
unsigned long run_random31(void) {
  unsigned x = 0;
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0 || read(fd, &x, sizeof x) != (ssize_t)sizeof x) x = (unsigned)time(NULL) ^ (unsigned)getpid() << 16;
  if (fd >= 0) close(fd);
  return x & 0x7fffffffu;
}

char *run_header_value(const char *path, const char *key) {
  char *text = run_read_file(path, NULL), *v = NULL;
  char *k = run_fmt("# %s:", key);
  for (char *l = text, *nl; l && *l == '#'; l = nl + 1) {
    nl = strchr(l, '\n');
    if (nl) *nl = 0;
    if (!strncmp(l, k, strlen(k))) {
      char *s = l + strlen(k);
      s += strspn(s, " \t");
      size_t n = strlen(s);
      while (n && strchr(" \t\r", s[n - 1])) n--;
      v = run_fmt("%.*s", (int)n, s);
      break;
    }
    if (!nl) break;
  }
  free(k);
  free(text);
  return v ? v : run_strdup("");
}
