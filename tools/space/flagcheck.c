// flagcheck.c — validate one variant's flag file and write the accepted tokens.
//
//   flagcheck IN.flags OUT [TUNABLES]
//
// The rules are flags.h's. With TUNABLES (kernels/<kernel>.tunables, see tunables.h), every
// NAME must be a tunable the kernel declares and VALUE (1 for a bare -DNAME) one of its
// allowed values: a misspelt name (-DNUM_WRAPS=8) or a bad value (-DBLOCK_N=6r4) is refused
// here, at its line, instead of building the default or failing in the kernel's source.
// A rejected file: exit 2, `flagcheck: IN:LINE: what` on stderr, OUT removed.
// On success OUT is written atomically (temporary file in OUT's directory, then rename), one
// token per line, in file order. An empty flag set (only comments) is valid: OUT is empty.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flags.h"
#include "slurp.h"

static _Noreturn void die(const char *out_path, const char *fmt, const char *a, const char *b) {
  fputs("flagcheck: ", stderr);
  fprintf(stderr, fmt, a, b);
  fputc('\n', stderr);
  if (out_path) unlink(out_path);
  exit(2);
}

// The whole file, NUL bytes included (*len bytes).
static char *read_all(const char *path, size_t *len, const char *out_path) {
  char *buf;
  const int r = slurp(path, &buf, len);
  if (r == SLURP_OPEN) die(out_path, "%s: %s", path, strerror(errno));
  if (r == SLURP_NOMEM) die(out_path, "%s: %s", path, "out of memory");
  if (r == SLURP_READ) die(out_path, "%s: %s", path, "read error");
  return buf;
}

static void write_out(const char *out_path, const flags_t *fl) {
  size_t len = strlen(out_path);
  char *tmp = malloc(len + 8);
  if (!tmp) die(NULL, "%s%s", "out of memory", "");
  memcpy(tmp, out_path, len);
  memcpy(tmp + len, ".XXXXXX", 8);
  int fd = mkstemp(tmp);
  mode_t mask = umask(0);
  umask(mask);
  if (fd >= 0) fchmod(fd, 0666 & ~mask);
  FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
  if (!f) die(NULL, "%s: %s", tmp, strerror(errno));
  for (size_t i = 0; i < fl->n; i++) fprintf(f, "%s\n", fl->f[i].text);
  if (fflush(f) || ferror(f) || fclose(f) || rename(tmp, out_path)) {
    int e = errno;
    unlink(tmp);
    die(NULL, "%s: %s", out_path, strerror(e));
  }
  free(tmp);
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) {
    fprintf(stderr, "usage: flagcheck IN.flags OUT [TUNABLES]\n");
    return 2;
  }
  tunables_t tun = {0};
  char err[1600];
  if (argc == 4 && tunables_read(argv[3], &tun, err, sizeof err)) die(argv[2], "%s%s", err, "");
  size_t len;
  char *text = read_all(argv[1], &len, argv[2]);
  flags_t fl;
  if (flags_parse(argv[1], text, len, &tun, &fl, err, sizeof err)) die(argv[2], "%s%s", err, "");
  write_out(argv[2], &fl);
  flags_free(&fl);
  free(text);
  tunables_free(&tun);
  return 0;
}
