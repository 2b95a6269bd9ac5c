// test_session_code_id.c — the code id (session_code_id.h) against its definition run in the
// shell here: `find PATH... -type f \( -name '*.c' ... \) -print0 | LC_ALL=C sort -zu | xargs -0
// sha256sum | sha256sum | cut -c1-12`, over a tree of sources, files that are not, a hidden one, a
// link (not followed), a file under two of the paths, names sha256sum escapes, paths with and
// without a trailing slash, a path that does not exist, no source at all; the runner's id against
// `sha256sum <FILE` and its <lib> against `basename FILE _bench.py`. The choice of a variant's id
// and an id's base by the shell functions' definitions.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "session/session_code_id.h"

static void put(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) { perror(path); exit(1); }
}

// the first line the shell command CMD prints, or "" when none
static void shell(const char *cmd, char out[SESSION_CODE_ID_MAX]) {
  FILE *p = popen(cmd, "r");
  out[0] = 0;
  if (!p) return;
  if (!fgets(out, SESSION_CODE_ID_MAX, p)) out[0] = 0;
  out[strcspn(out, "\n")] = 0;
  pclose(p);
}

// the kernels id of PATHS (one shell word list) by the definition
static void oracle(const char *paths, char out[SESSION_CODE_ID_MAX]) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd,
           "printf 'kernels:%%s\\n' \"$(find %s -type f \\( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o "
           "-name '*.tunables' \\) -print0 2>/dev/null | LC_ALL=C sort -zu | xargs -0 sha256sum | sha256sum | cut -c1-12)\"",
           paths);
  shell(cmd, out);
}

static void same(const char *what, const char *words, const char *const paths[], size_t n) {
  char got[SESSION_CODE_ID_MAX], want[SESSION_CODE_ID_MAX], msg[256];
  const int rc = session_code_id_kernels("test", paths, n, got);
  oracle(words, want);
  snprintf(msg, sizeof msg, "%s: %.40s", what, want);
  CHECK(rc == 0 && strlen(want) == 20 && !strcmp(got, want), msg);
  if (rc != 0 || strcmp(got, want)) printf("# got %s\n", got);
}

// session_code_id_runner of FILE is "LIB:" and the first 12 hex digits that the shell command
// TEXTS | sha256sum prints (TEXTS: the files it hashes, in order, as a shell command)
static void runner_is(const char *what, const char *file, const char *lib, const char *texts) {
  char cmd[1024], hex[SESSION_CODE_ID_MAX], want[SESSION_CODE_ID_MAX], got[SESSION_CODE_ID_MAX];
  snprintf(cmd, sizeof cmd, "%s | sha256sum | cut -c1-12", texts);
  shell(cmd, hex);
  snprintf(want, sizeof want, "%s:%.12s", lib, hex);
  CHECK(session_code_id_runner("test", file, got) == 0 && !strcmp(got, want), what);
}

int main(void) {
  char dir[] = "/tmp/test_code_id.XXXXXX";
  if (!mkdtemp(dir) || chdir(dir)) { perror(dir); return 1; }
  mkdir("k", 0755), mkdir("k/sub", 0755), mkdir("k/sub/deep", 0755), mkdir("p", 0755), mkdir("empty", 0755);
  put("k/a.c", "int a;\n"), put("k/a.h", "#pragma once\n"), put("k/b.cu", "__global__ void b() {}\n");
  put("k/sub/c.cuh", "// c\n"), put("k/sub/x.tunables", "BM 64 128\n"), put("k/sub/deep/.hidden.h", "");
  put("k/README.md", "not a source\n"), put("k/a.cc", "not one either\n"), put("k/sub/.c", "a name that is all suffix\n");
  put("k/back\\slash.c", "1\n"), put("k/new\nline.h", "2\n"), put("k/car\rret.cu", "3\n");
  put("p/p.c", "int p;\n");
  if (symlink("a.c", "k/link.c") || symlink("sub", "k/linkdir")) { perror("symlink"); return 1; }

  same("a tree: sources only, hidden ones too, links not followed", "k", (const char *const[]){"k"}, 1);
  same("two paths", "k p", (const char *const[]){"k", "p"}, 2);
  same("the order of the paths does not matter", "p k", (const char *const[]){"p", "k"}, 2);
  same("a file under two paths counts once (sort -u)", "k k/a.c k/sub", (const char *const[]){"k", "k/a.c", "k/sub"}, 3);
  same("a trailing slash: the names as find prints them", "k/ p//", (const char *const[]){"k/", "p//"}, 2);
  same("./k: the names start ./", "./k", (const char *const[]){"./k"}, 1);
  same("a file that is not a source, given itself", "k/README.md p", (const char *const[]){"k/README.md", "p"}, 2);
  same("no source at all: sha256sum of the empty input, named -", "empty", (const char *const[]){"empty"}, 1);
  same("a path that does not exist is skipped", "nowhere p", (const char *const[]){"nowhere", "p"}, 2);

  char got[SESSION_CODE_ID_MAX], want[SESSION_CODE_ID_MAX];
  put("sdpa_bench.py", "print('runner')\n");
  runner_is("runner: <lib>:<12 hex> as sha256sum <FILE", "sdpa_bench.py", "sdpa", "cat sdpa_bench.py");
  CHECK(session_code_id_runner("test", "missing_bench.py", got) == -1, "runner: a file that is not there: -1");
  // a runner on libbench: its text, then libbench's *.py files in byte order of their names
  mkdir("lb", 0755);
  put("lb/b.py", "B\n");
  put("lb/a_x.py", "A\n");
  put("lb/notes.txt", "not python\n");
  put("on_bench.py", "import libbench\n");
  setenv("LIBBENCH_DIR", "lb", 1);
  runner_is("runner on libbench: sha256 of its text and libbench's *.py in name order", "on_bench.py", "on",
            "cat on_bench.py lb/a_x.py lb/b.py");
  put("mention_bench.py", "# import libbench is said here\nx = 1\n");
  runner_is("runner: a line that does not start 'import libbench' is no import", "mention_bench.py", "mention",
            "cat mention_bench.py");
  // a runner that imports modules of its own folder: its text, those modules' in name order (each
  // once), then libbench's. Every module named below but alpha, delta, eps, eta and zeta is a
  // file too, so a name taken that should not be shows in the id: a commented import (gone), a
  // dotted one (beta.sub), a name that is only a prefix of the one imported (gam for gamma), the
  // runner itself, the name after `as` (dd), a relative one
  mkdir("rp", 0755);
  const char *sib[] = {"zeta", "alpha", "delta", "eps", "eta", "gone", "beta", "gam", "dd", "rel"};
  for (size_t i = 0; i < sizeof sib / sizeof *sib; i++) {
    char path[64], text[64];
    snprintf(path, sizeof path, "rp/%s.py", sib[i]);
    snprintf(text, sizeof text, "%s\n", sib[i]);
    put(path, text);
  }
  put("rp/two_bench.py", "import libbench\nimport zeta  # noqa\nfrom alpha import f\nimport zeta\n"
                         "import os, delta as dd, eps\nimport eta\r\nimport beta.sub\n# import gone\n"
                         "import gamma\nimport two_bench\nfrom . import rel\nfrom alphax import y\n");
  runner_is("runner: its text, the sibling modules it imports (lists, `as`, CRLF) in name order, then libbench's",
            "rp/two_bench.py", "two", "cat rp/two_bench.py rp/alpha.py rp/delta.py rp/eps.py rp/eta.py rp/zeta.py lb/a_x.py lb/b.py");
  session_code_id_runner("test", "rp/two_bench.py", got);  // (the id before a sibling changes)
  put("rp/alpha.py", "AL2\n");
  char again[SESSION_CODE_ID_MAX];
  CHECK(session_code_id_runner("test", "rp/two_bench.py", again) == 0 && strcmp(got, again) != 0,
        "runner: a change of a sibling it imports changes its id");
  put("rp/solo_bench.py", "import sys\nfrom os import path\n");
  runner_is("runner: imports with no file beside it add nothing", "rp/solo_bench.py", "solo", "cat rp/solo_bench.py");
  unsetenv("LIBBENCH_DIR");
  chmod("k", 0);
  if (access("k/a.c", R_OK) != 0)  // (as root everything reads: nothing to check)
    CHECK(session_code_id_kernels("test", (const char *const[]){"k"}, 1, got) == -1, "a folder that cannot be read: -1");
  chmod("k", 0755);

  const char *libs[] = {"kernels/attention/problem/sdpa_bench.py", "none_bench.py", "_bench.py", "x/y_bench.py/", "plain", "/", ""};
  for (size_t i = 0; i < sizeof libs / sizeof *libs; i++) {
    char cmd[256], msg[128];
    snprintf(cmd, sizeof cmd, "basename '%s' _bench.py", libs[i]);
    shell(cmd, want);
    snprintf(msg, sizeof msg, "lib of '%s': '%.40s' as basename prints", libs[i], want);
    CHECK(session_code_id_lib(libs[i], got) == 0 && !strcmp(got, want), msg);
  }

  const char *k = "kernels:0123456789ab", *r = "sdpa:ba9876543210 torch=2.5 cudnn=9";
  const char *one[] = {r}, *none[] = {""}, *two[] = {"matmul:aaaaaaaaaaaa torch=2.5", r};
  CHECK(session_code_id_for("sdpa-cudnn", k, one, 1) == r, "for: a baseline of the runner takes the runner's id");
  CHECK(session_code_id_for("sdpa-flash.b", k, one, 1) == r, "for: ... a second copy too");
  CHECK(session_code_id_for("v5", k, one, 1) == k, "for: a variant takes the kernels id");
  CHECK(session_code_id_for("sdpa", k, one, 1) == k, "for: the library's bare name is no baseline (<lib>-*)");
  CHECK(session_code_id_for("sdpax-a", k, one, 1) == k, "for: another library's name that starts the same is not");
  CHECK(session_code_id_for("sdpa-cudnn", k, none, 1) == k, "for: an empty runner: the kernels id");
  CHECK(session_code_id_for("sdpa-cudnn", k, NULL, 0) == k, "for: no runner: the kernels id");
  CHECK(session_code_id_for("sdpa-cudnn", k, two, 2) == r, "for: of two runners, the one of the baseline's <lib>");
  CHECK(session_code_id_for("matmul-cublas", k, two, 2) == two[0], "for: ... the other's baseline the other's id");
  CHECK(session_code_id_base_len(r) == strlen("sdpa:ba9876543210"), "base: up to the first space");
  CHECK(session_code_id_base_len(k) == strlen(k), "base: an id without a space whole");
  char rm[64];
  snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
  if (chdir("/") || system(rm)) printf("# %s: not removed\n", dir);
  CHECK_DONE();
}
