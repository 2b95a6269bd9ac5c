// dispatchcheck.c — validate a dispatch file (kernels/harness/dispatch_rules.h) before any build.
//
//   dispatchcheck --problem PROBLEM FILE [VARIANT ...]
//   dispatchcheck --problem PROBLEM --configs FILE
//   dispatchcheck --problem PROBLEM --match FILE SHAPE ...
//
// The rules must parse against PROBLEM's axes, and each rule's configuration must be one of the
// VARIANTs given (the experiment's flag-file variants; a dispatching variant cannot serve as a
// configuration). A rejected file: exit 2 and `dispatchcheck: FILE:LINE: what` on stderr
// (a file that cannot be read, or holds a NUL byte: `dispatchcheck: FILE: what`). Accepted:
// exit 0, nothing printed; with --configs, the distinct configurations one per line in the
// order of their first rule (what a build links, tools/pipeline/link_dispatch.sh); with --match,
// per SHAPE (a name in the problem's grammar) `SHAPE CONFIGURATION line=N`, or `SHAPE - no rule
// matches`: the rule a dispatching build applies (attn_dispatch.cu), found without building.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch_rules.h"
#include "shape.h"
#include "slurp.h"

static _Noreturn void die(const char *msg) {
  fprintf(stderr, "dispatchcheck: %s\n", msg);
  exit(2);
}

static _Noreturn void usage(void) {
  die("usage: dispatchcheck --problem PROBLEM FILE [VARIANT ...] | --problem PROBLEM --configs FILE | "
      "--problem PROBLEM --match FILE SHAPE ...");
}

// The whole file as text: unreadable, or holding a NUL byte, is refused.
static char *read_text(const char *path) {
  char msg[512], *buf;
  size_t n;
  const int r = slurp(path, &buf, &n);
  if (r == SLURP_OPEN) snprintf(msg, sizeof msg, "%s: cannot read", path);
  else if (r == SLURP_READ) snprintf(msg, sizeof msg, "%s: read error", path);
  else if (r == SLURP_NOMEM) snprintf(msg, sizeof msg, "out of memory");
  else if (memchr(buf, 0, n)) snprintf(msg, sizeof msg, "%s: holds a NUL byte (a dispatch file is text)", path);
  else return buf;
  die(msg);
}

int main(int argc, char **argv) {
  if (argc < 4 || strcmp(argv[1], "--problem") != 0) usage();
  const problem_host *ph = problem_host_find(argv[2]);
  char msg[1024];
  if (!ph) {
    snprintf(msg, sizeof msg, "unknown problem '%s'", argv[2]);
    die(msg);
  }
  int configs = strcmp(argv[3], "--configs") == 0, match = strcmp(argv[3], "--match") == 0;
  if ((configs && argc != 5) || (match && argc < 6)) usage();
  const char *file = argv[configs || match ? 4 : 3];
  char *text = read_text(file);
  dispatch_table t;
  if (dispatch_parse(text, file, ph->axes, &t, msg, sizeof msg)) die(msg);
  if (match)
    for (int a = 5; a < argc; a++) {
      problem_shape sh;
      char why[256];
      if (ph->parse(argv[a], &sh, why, sizeof why)) {
        snprintf(msg, sizeof msg, "shape '%s': %s", argv[a], why);
        die(msg);
      }
      const int r = dispatch_match(&t, sh.v);
      if (r < 0) printf("%s - no rule matches\n", argv[a]);
      else printf("%s %s line=%d\n", argv[a], t.rules[r].config, t.rules[r].line);
    }
  if (!configs && !match && argc > 4)
    for (int i = 0; i < t.nrules; i++) {
      int known = 0;
      for (int a = 4; a < argc && !known; a++) known = strcmp(argv[a], t.rules[i].config) == 0;
      if (!known) {
        int n = snprintf(msg, sizeof msg, "%s:%d: '%s' is not a flag-file variant of the experiment (", file,
                         t.rules[i].line, t.rules[i].config);
        for (int a = 4; a < argc && n > 0 && (size_t)n < sizeof msg; a++)
          n += snprintf(msg + n, sizeof msg - (size_t)n, "%s%s", a > 4 ? " " : "", argv[a]);
        if (n > 0 && (size_t)n < sizeof msg) snprintf(msg + n, sizeof msg - (size_t)n, ")");
        die(msg);
      }
    }
  if (configs)
    for (int i = 0; i < t.nrules; i++) {
      int seen = 0;
      for (int j = 0; j < i && !seen; j++) seen = strcmp(t.rules[j].config, t.rules[i].config) == 0;
      if (!seen) puts(t.rules[i].config);
    }
  dispatch_free(&t);
  free(text);
  return 0;
}
