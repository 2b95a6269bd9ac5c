// run_lock.c — see run_lock.h.
#define _GNU_SOURCE
#include "session/run_lock.h"
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "session/run_proc.h"
#include "session/run_util.h"

static const char *lock_dir(void) {
  const char *d = getenv("GPU_LOCK_DIR");
  return d && *d ? d : "/tmp/cudadent42-locks";
}
char *run_lock_path(const char *i) { return run_fmt("%s/cudadent42-gpu%s.lock", lock_dir(), i); }

static int dir_ok(char *err, size_t n) {
  const char *d = lock_dir(), *given = getenv("GPU_LOCK_DIR");
  struct stat st;
  if (lstat(d, &st) != 0) {
    if (run_mkdir_p(d) != 0 || (!(given && *given) && chmod(d, 01777) != 0))
      return run_errf(err, n, "cannot make the lock directory %s (GPU_LOCK_DIR chooses it)", d);
  }
  if (lstat(d, &st) != 0 || !S_ISDIR(st.st_mode))
    return run_errf(err, n, "the lock directory %s is not a directory (a symbolic link?): refused", d);
  if ((st.st_mode & 01002) == 2)
    return run_errf(err, n, "the lock directory %s may be written by others without the sticky bit (mode %o): refused", d,
                (unsigned)(st.st_mode & 07777));
  return 0;
}

int run_lock_file(const char *f, int rw, char *err, size_t n) {
  if (dir_ok(err, n)) return -1;
  struct stat st;
  if (lstat(f, &st) != 0) {
    int fd = open(f, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      close(fd);
      if (rw && stat(f, &st) == 0) chmod(f, (st.st_mode & 07777) | 0666);
    }
  }
  if (lstat(f, &st) != 0 || !S_ISREG(st.st_mode))
    return run_errf(err, n, "%s is not a plain file (a symbolic link?): refused as a GPU lock", f);
  if (access(f, R_OK) != 0) {
    struct passwd *pw = getpwuid(st.st_uid);
    return run_errf(err, n, "%s cannot be read (owner %s, mode %o): a lock another user made unreadable", f,
                pw ? pw->pw_name : "?", (unsigned)(st.st_mode & 07777));
  }
  return 0;
}

char *run_lock_holders(const char *i, long self) {
  char *pat = run_fmt("%s/cudadent42-gpu%s.*.holder", lock_dir(), i);
  glob_t g;
  size_t n = 0, cap = 256;
  char *out = run_alloc(cap);
  if (glob(pat, 0, NULL, &g) == 0) {
    for (size_t k = 0; k < g.gl_pathc; k++) {
      struct stat st;
      if (lstat(g.gl_pathv[k], &st) != 0 || !S_ISREG(st.st_mode)) continue;
      char *s = run_read_file(g.gl_pathv[k], NULL);
      if (!s) continue;
      s[strcspn(s, "\n")] = 0;
      char *end;
      long pid = strtol(s, &end, 10);
      char *proc = run_fmt("/proc/%ld", pid);
      if (end != s && (*end == ' ' || !*end) && pid != self && run_exists(proc)) {
        char *rest = *end ? end + 1 : end;
        rest += strspn(rest, " \t");
        char *line = run_fmt("%spid %ld %s", n ? ";" : "", pid, rest);
        size_t l = strlen(line);
        if (n + l + 1 > cap) { cap = 2 * (n + l + 1); out = realloc(out, cap); if (!out) run_die("out of memory"); }
        memcpy(out + n, line, l + 1);
        n += l;
        free(line);
      }
      free(proc);
      free(s);
    }
    globfree(&g);
  }
  free(pat);
  return out;
}

int run_lock_wait(const char *f, int create, double s) {
  int fd = open(f, O_RDONLY | O_CLOEXEC | (create ? O_CREAT : 0), 0666);
  if (fd < 0) return -1;
  double t0 = run_now();
  while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (s >= 0 && run_now() - t0 >= s) { close(fd); return -1; }
    run_check_signal();
    run_nap(0.05);
  }
  return fd;
}

void run_lock_default_gpu(char out[16]) {
  const char *g = getenv("GPU");
  if (!g || !*g) g = getenv("CUDA_VISIBLE_DEVICES");
  if (!g || !*g) g = "0";
  size_t k = strcspn(g, ",");
  snprintf(out, 16, "%.*s", (int)k, g);
  if (!run_digits(out, 1, 3, 0)) strcpy(out, "0");
}

int run_lock_take(const char *i, const char *who, const char *what, char *err, size_t n) {
  const char *w = getenv("GPU_LOCK_WAIT");
  if (!w || !*w) w = "3600";
  if (!*w || strspn(w, "0123456789") != strlen(w)) return run_errf(err, n, "GPU_LOCK_WAIT '%s' is not a count of seconds", w);
  long wait = atol(w);
  char *f = run_lock_path(i);
  if (run_lock_file(f, 0, err, n)) { free(f); return -1; }
  int fd = open(f, O_RDONLY | O_CLOEXEC);
  if (fd < 0) { run_errf(err, n, "cannot open %s", f); free(f); return -1; }
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    char *holders = run_lock_holders(i, 0);
    char *most = wait > 0 ? run_fmt(" at most %ld s", wait) : run_strdup("");
    fprintf(stderr, "%s: GPU %s is busy%s%s%s: waiting%s (GPU_LOCK_WAIT)\n", who, i, *holders ? " (held by " : "", holders,
            *holders ? ")" : "", most);
    free(most);
    double t0 = run_now();
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
      if (wait > 0 && run_now() - t0 >= (double)wait) {
        run_errf(err, n, "GPU %s was still held after %ld s%s%s (%s): not measured", i, wait, *holders ? " by " : "", holders, f);
        free(holders);
        free(f);
        close(fd);
        return -1;
      }
      run_check_signal();
      run_nap(0.05);
    }
    free(holders);
  }
  free(f);
  // the holder's note, written whole (a temp file renamed)
  struct passwd *pw = getpwuid(getuid());
  char *note = run_fmt("%s/cudadent42-gpu%s.%ld.holder", lock_dir(), i, (long)getuid());
  char *tmp = run_fmt("%s.%ld", note, (long)getpid());
  remove(tmp);
  int nf = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (nf >= 0) {
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    char since[16];
    strftime(since, sizeof since, "%H:%M:%SZ", &tm);
    char *line = pw ? run_fmt("%ld %s %s since %s\n", (long)getpid(), pw->pw_name, what, since)
                    : run_fmt("%ld %ld %s since %s\n", (long)getpid(), (long)getuid(), what, since);
    int ok = write(nf, line, strlen(line)) == (ssize_t)strlen(line);
    close(nf);
    free(line);
    if (!ok || rename(tmp, note) != 0) remove(tmp);
  }
  free(tmp);
  free(note);
  return fd;
}

int run_publish_lock(const char *dir) {
  char *f = run_fmt("%s/.publish.lock", dir);
  FILE *t = fopen(f, "w");  // (made, or emptied, as the shell's 8> did)
  if (t) fclose(t);
  int fd = run_lock_wait(f, 1, -1);
  free(f);
  return fd;
}
