// new_problem.c — the scaffold of a new problem (`make new-problem NAME=<name>`).
//
//   new_problem --name NAME --templates DIR
//
// Writes, from the templates DIR/MANIFEST lists (tools/scaffold/template/), a problem folder
// kernels/NAME/ (the kernel contract NAME.h, a kernel NAME.cu and its tunables, the problem layer
// and shapes under problem/) and an experiment experiments/NAME/ with one variant, paths from the
// working directory (the repository root). Its shapes are <TAG><n>, TAG a letter no registered
// grammar clashes with (pick_tag.h). It writes nothing under kernels/harness/ and needs no edit
// anywhere else: make generates the registry from the folders kernels/*/problem/.
// Refused (exit 2, `new_problem: WHERE: what`, nothing written): a NAME that is not
// [a-z][a-z0-9_]* of at most 32 characters, or one the harness's identifiers use, a NAME
// registered already or whose kernels/NAME or experiments/NAME exists, any destination that
// exists, a template that cannot be read or holds an unknown placeholder.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scaffold/manifest.h"
#include "scaffold/pick_tag.h"
#include "scaffold/template.h"
#include "shape.h"
#include "space/slurp.h"

enum { NAME_MAX_LEN = 32 };

static int fail(const char *where, const char *what) {
  fprintf(stderr, "new_problem: %s: %s\n", where, what);
  return 2;
}

// The reason name cannot be a problem's, or NULL when it can.
static const char *bad_name(const char *name) {
  static const char *const reserved[] = {"harness", "problem", "bench", "kernel", "shape", NULL};
  if (!(name[0] >= 'a' && name[0] <= 'z') || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(name))
    return "a problem name is [a-z][a-z0-9_]* (a folder, and the prefix of C identifiers)";
  if (strlen(name) > NAME_MAX_LEN) return "a problem name has at most 32 characters";
  for (int i = 0; reserved[i]; i++)
    if (!strcmp(name, reserved[i])) return "the harness's own identifiers use this name (problem_shape, bench_shape, ...)";
  return NULL;
}

static int exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

// mkdir -p of the folders above path.
static int make_parents(const char *path) {
  char dir[512];
  snprintf(dir, sizeof dir, "%s", path);
  for (char *s = strchr(dir + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = 0;
    if (mkdir(dir, 0777) && errno != EEXIST) return -1;
    *s = '/';
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 5 || strcmp(argv[1], "--name") || strcmp(argv[3], "--templates")) {
    fputs("usage: new_problem --name NAME --templates DIR\n", stderr);
    return 2;
  }
  const char *name = argv[2], *dir = argv[4];
  char where[600], err[1024];
  snprintf(where, sizeof where, "NAME='%s'", name);
  if (bad_name(name)) return fail(where, bad_name(name));
  if (problem_host_find(name)) return fail(where, "a registered problem already (kernels/NAME/problem/)");
  const char *const own[] = {"kernels/%s", "experiments/%s"};
  for (int i = 0; i < 2; i++) {
    snprintf(where, sizeof where, own[i], name);
    if (exists(where)) return fail(where, "exists: a new problem needs a name no problem or experiment has");
  }
  const char tag[2] = {pick_tag(), 0};
  snprintf(where, sizeof where, "NAME='%s'", name);
  if (!tag[0]) return fail(where, "every one-letter grammar clashes with a registered problem's");

  char mpath[600], *mtext;
  size_t mlen;
  snprintf(mpath, sizeof mpath, "%.256s/MANIFEST", dir);
  if (slurp(mpath, &mtext, &mlen) != SLURP_OK) return fail(mpath, "cannot read the manifest");
  manifest_entry e[MANIFEST_MAX];
  const int n = manifest_parse(mpath, mtext, e, err, sizeof err);
  free(mtext);
  if (n < 0) return fail("manifest", err);
  const template_values v = {name, tag};
  char *text[MANIFEST_MAX], *dest[MANIFEST_MAX];
  for (int i = 0; i < n; i++) {  // every file filled and every destination free before one is written
    char tpath[600], *raw;
    size_t len;
    snprintf(tpath, sizeof tpath, "%.256s/%.127s", dir, e[i].tmpl);
    snprintf(where, sizeof where, "%.270s:%d", mpath, e[i].line);
    if (slurp(tpath, &raw, &len) != SLURP_OK) return fail(where, "its template cannot be read");
    text[i] = template_fill(raw, &v, tpath, err, sizeof err);
    free(raw);
    dest[i] = template_fill(e[i].dest, &v, where, err, sizeof err);
    if (!text[i] || !dest[i]) return fail("template", err);
    if (exists(dest[i])) return fail(dest[i], "exists: the scaffold writes no file over another");
  }
  for (int i = 0; i < n; i++) {
    FILE *f = make_parents(dest[i]) ? NULL : fopen(dest[i], "wx");
    if (!f || fputs(text[i], f) == EOF || fclose(f)) return fail(dest[i], strerror(errno));
    printf("new_problem: wrote %s\n", dest[i]);
  }
  printf("new_problem: the shapes of %s are %s<n> (kernels/%s/problem/%s_shape.c)\n", name, tag, name, name);
  printf("new_problem: registered: make lists kernels/%s/problem/ in the registry it generates\n", name);
  printf("new_problem: (a bench links its own problem alone, so the code ids of the other problems' experiments, "
         "and their published samples, stay as they were)\n");
  printf("new_problem: then: make build gates EXP=%s\n", name);
  return 0;
}
