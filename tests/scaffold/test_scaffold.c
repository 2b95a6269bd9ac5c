// test_scaffold.c — the scaffold's manifest parse (tools/scaffold/manifest.h) and template
// filling (tools/scaffold/template.h): entries and their lines, each malformed line refused at
// its line, placeholders filled everywhere, an unknown one refused at its line.
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "scaffold/manifest.h"
#include "scaffold/template.h"

static void test_manifest(void) {
  manifest_entry e[MANIFEST_MAX];
  char err[512] = "";
  const char *ok = "# comment\n\na.in   kernels/@NAME@/a.h\n  b.in\tx/@NAME@_b.c  \nc.in y";
  CHECK(manifest_parse("M", ok, e, err, sizeof err) == 3, "a manifest of three entries, a comment and a blank line");
  CHECK(!strcmp(e[0].tmpl, "a.in") && !strcmp(e[0].dest, "kernels/@NAME@/a.h") && e[0].line == 3, "... the first, at line 3");
  CHECK(!strcmp(e[1].tmpl, "b.in") && !strcmp(e[1].dest, "x/@NAME@_b.c") && e[1].line == 4, "... blanks around it ignored");
  CHECK(!strcmp(e[2].dest, "y") && e[2].line == 5, "... the last line without a newline");
  const struct { const char *text, *err; } bad[] = {
      {"a.in x\nlonely\n", "M:2: expected `TEMPLATE DESTINATION`"},
      {"a.in x y\n", "M:1: expected `TEMPLATE DESTINATION`"},
      {"\nsub/a.in x\n", "M:2: a template is a file of the template folder, a destination a path below the tree"},
      {"a.in /etc/x\n", "M:1: a template is a file of the template folder, a destination a path below the tree"},
      {"a.in kernels/../x\n", "M:1: a template is a file of the template folder, a destination a path below the tree"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    err[0] = 0;
    const int n = manifest_parse("M", bad[i].text, e, err, sizeof err);
    CHECK(n == -1 && !strcmp(err, bad[i].err), bad[i].err);
  }
}

static void test_fill(void) {
  const template_values v = {"softsq", "A"};
  char err[512] = "";
  char *s = template_fill("int @NAME@_run(void); // @TAG@<n>, a@b.c, @ alone, @x@\n@NAME@@TAG@", &v, "T", err, sizeof err);
  CHECK(s && !strcmp(s, "int softsq_run(void); // A<n>, a@b.c, @ alone, @x@\nsoftsqA"),
        "@NAME@ and @TAG@ filled, every time; an '@' starting no placeholder copied");
  free(s);
  s = template_fill("line 1\nline 2 @NAMES@\n", &v, "T", err, sizeof err);
  CHECK(!s && !strcmp(err, "T:2: unknown placeholder @NAMES@ (@NAME@ and @TAG@ are filled)"), "an unknown placeholder: refused at its line");
  s = template_fill("", &v, "T", err, sizeof err);
  CHECK(s && !*s, "an empty template: an empty file");
  free(s);
}

int main(void) {
  test_manifest();
  test_fill();
  CHECK_DONE();
}
