// space.c — expand a parameter space file into one flag file per configuration.
//
//   space SPACE_FILE OUTDIR
//
// The format and the expansion are space_file.h's; at most 1,000,000 configurations. Each kept
// one is written to OUTDIR/<name>.flags; the file holds `# space: FILE` then one -DNAME=VALUE
// line per parameter. A file is rewritten only when its content changes (new files are created
// in place, existing ones replaced by rename); *.flags files in OUTDIR that are not in the
// space are deleted. Prints `space: N configurations (M rejected by constraints)` to stderr.
// Errors (exit 2, nothing written): `space: FILE:LINE: what`.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "slurp.h"
#include "space_file.h"

#define MAX_CONFIGS 1000000L

static _Noreturn void die(const char *what, const char *detail) {
  fprintf(stderr, "space: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  exit(2);
}

static void *xrealloc(void *p, size_t n) {
  if (!(p = realloc(p, n ? n : 1))) die("out of memory", NULL);
  return p;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void mkdirs(char *dir) {
  for (char *p = dir + 1;; p++)
    if (*p == '/' || !*p) {
      char c = *p;
      *p = 0;
      if (mkdir(dir, 0777) && errno != EEXIST) die(dir, strerror(errno));
      if (!(*p = c)) return;
    }
}

// Write content to file unless it already holds exactly that. A new file is created in place
// (a partial one left by an interruption differs from the content and is rewritten next run);
// an existing one is replaced atomically (temporary file, rename).
static void write_if_changed(const char *file, const char *content) {
  size_t n = strlen(content);
  int fd = open(file, O_RDONLY);
  if (fd >= 0) {
    char *old = xrealloc(NULL, n + 1);
    ssize_t got = read(fd, old, n + 1);
    close(fd);
    int same = got == (ssize_t)n && !memcmp(old, content, n);
    free(old);
    if (same) return;
  }
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", file, (long)getpid());
  const char *target = fd >= 0 ? tmp : file;
  fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0 || write(fd, content, n) != (ssize_t)n || close(fd) || (target == tmp && rename(tmp, file))) {
    int e = errno;
    unlink(tmp);
    die(file, strerror(e));
  }
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: space SPACE_FILE OUTDIR\n"); return 2; }
  const char *path = argv[1];
  size_t len;
  char *text;
  const int r = slurp(path, &text, &len);
  if (r == SLURP_OPEN) die(path, strerror(errno));
  if (r == SLURP_READ) die(path, "read error");
  if (r == SLURP_NOMEM) die(path, "out of memory");
  space_t sp;
  char err[1024];
  if (space_read(path, text, len, MAX_CONFIGS, &sp, err, sizeof err)) die(err, NULL);
  free(text);

  char *dir = strdup(argv[2]);
  mkdirs(dir);
  size_t clen = strlen(path) + 16;
  for (size_t i = 0; i < sp.npar; i++) {
    size_t longest = 0;
    for (size_t j = 0; j < sp.par[i].nval; j++)
      if (strlen(sp.par[i].val[j]) > longest) longest = strlen(sp.par[i].val[j]);
    clen += strlen(sp.par[i].name) + longest + 5;
  }
  char *content = xrealloc(NULL, clen), file[4096];
  for (size_t k = 0; k < sp.ncfg; k++) {
    char *p = content + sprintf(content, "# space: %s\n", path);
    for (size_t i = 0; i < sp.npar; i++)
      p += sprintf(p, "-D%s=%s\n", sp.par[i].name, sp.par[i].val[sp.idx[k * sp.npar + i]]);
    if (snprintf(file, sizeof file, "%s/%s.flags", dir, sp.name[k]) >= (int)sizeof file) die(path, "output path too long");
    write_if_changed(file, content);
  }

  // Delete *.flags that are no longer in the space.
  DIR *d = opendir(dir);
  if (!d) die(dir, strerror(errno));
  for (struct dirent *de; (de = readdir(d));) {
    size_t n = strlen(de->d_name);
    if (n <= 6 || strcmp(de->d_name + n - 6, ".flags")) continue;
    char *key = strndup(de->d_name, n - 6);
    int keep = bsearch(&key, sp.name, sp.ncfg, sizeof *sp.name, by_name) != NULL;
    free(key);
    if (keep) continue;
    snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
    if (unlink(file)) die(file, strerror(errno));
  }
  closedir(d);
  fprintf(stderr, "space: %zu configurations (%ld rejected by constraints)\n", sp.ncfg, sp.rejected);
  space_free(&sp);
  free(content);
  free(dir);
  return 0;
}
