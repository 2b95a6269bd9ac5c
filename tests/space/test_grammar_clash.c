// test_grammar_clash.c — the grammar clash search (tools/space/grammar_clash.h) and the shape
// source lookup (tools/space/shape_source.h): made-up grammars that overlap are caught with the
// name both accept, disjoint ones are not, and the registered problems are pairwise disjoint.
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "space/grammar_clash.h"
#include "space/shape_source.h"

// N<n>, n >= 1 (as vecadd's), and the same with n even only: they share N2, N64, ...
static int one_field(const char *name, problem_shape *s, char tag, int even) {
  char tags[SHAPE_AXES_MAX], why[128];
  long v[SHAPE_AXES_MAX];
  if (shape_fields(name, tags, v, SHAPE_AXES_MAX, why, sizeof why) != 1 || tags[0] != tag || v[0] < 1) return -1;
  if (even && v[0] % 2) return -1;
  s->v[0] = v[0];
  return 0;
}
static int parse_n(const char *n, problem_shape *s, char *w, size_t l) { (void)w, (void)l; return one_field(n, s, 'N', 0); }
static int parse_even(const char *n, problem_shape *s, char *w, size_t l) { (void)w, (void)l; return one_field(n, s, 'N', 1); }
static int parse_l(const char *n, problem_shape *s, char *w, size_t l) { (void)w, (void)l; return one_field(n, s, 'L', 0); }
static void fmt_n(const problem_shape *s, char *b, size_t l) { snprintf(b, l, "N%ld", s->v[0]); }
static void fmt_l(const problem_shape *s, char *b, size_t l) { snprintf(b, l, "L%ld", s->v[0]); }
// accepts anything: its format writes a name no other grammar takes, yet it clashes with all
static int parse_any(const char *n, problem_shape *s, char *w, size_t l) { (void)n, (void)s, (void)w, (void)l; return 0; }
static void fmt_any(const problem_shape *s, char *b, size_t l) { snprintf(b, l, "Z%ld", s->v[0]); }
static void no_work(const problem_shape *s, double *f, double *b) { (void)s; *f = *b = 0; }

static const problem_host h_n = {"n", "N", parse_n, fmt_n, no_work, NULL};
static const problem_host h_even = {"even", "N", parse_even, fmt_n, no_work, NULL};
static const problem_host h_l = {"l", "L", parse_l, fmt_l, no_work, NULL};
static const problem_host h_any = {"any", "Z", parse_any, fmt_any, no_work, NULL};

int main(void) {
  char name[128] = "";
  CHECK(grammar_clash(&h_n, &h_even, name, sizeof name) == 1, "N<n> and N<even n> clash");
  CHECK(!strcmp(name, "N2"), "... on N2, the first grid name both accept (N1 is odd, N0 not a shape)");
  CHECK(grammar_clash(&h_even, &h_n, name, sizeof name) == 1 && !strcmp(name, "N2"), "... either way round");
  name[0] = 0;
  CHECK(grammar_clash(&h_n, &h_l, name, sizeof name) == 0 && name[0] == 0, "N<n> and L<n> do not clash");
  CHECK(grammar_clash(&h_l, &h_any, name, sizeof name) == 1 && !strcmp(name, "L1"),
        "a grammar that accepts anything clashes, found by the other's names (L1)");
  const problem_host *vecadd = problem_host_find("vecadd"), *gemm = problem_host_find("gemm");
  CHECK(vecadd && grammar_clash(&h_even, vecadd, name, sizeof name) == 1 && !strcmp(name, "N2"),
        "a new N<even n> against the registered vecadd: N2");
  CHECK(gemm && grammar_clash(&h_n, gemm, name, sizeof name) == 0, "N<n> and gemm's M_N_K do not clash");
  CHECK(grammar_axes(problem_host_find("attention")) == 6 && grammar_axes(&h_n) == 1, "axes counted: attention 6, N 1");
  int clashes = 0;
  for (int i = 0; problem_hosts[i]; i++)
    for (int j = i + 1; problem_hosts[j]; j++) clashes += grammar_clash(problem_hosts[i], problem_hosts[j], name, sizeof name);
  CHECK(clashes == 0, "the registered problems' grammars are pairwise disjoint on their names");

  char at[600];
  CHECK(shape_source("vecadd", at, sizeof at) == 0, "vecadd's grammar is found");
  char want[600];
  FILE *g = popen("grep -n '^const problem_host problem_vecadd ' kernels/vecadd/problem/vecadd_shape.c | cut -d: -f1", "r");
  int line = 0;
  if (g) { if (fscanf(g, "%d", &line) != 1) line = 0; pclose(g); }
  snprintf(want, sizeof want, "kernels/vecadd/problem/vecadd_shape.c:%d", line);
  CHECK(line > 0 && !strcmp(at, want), "... at the line defining problem_vecadd");
  CHECK(shape_source("nosuch", at, sizeof at) == -1 && !strcmp(at, "kernels/nosuch/problem/nosuch_shape.c:1"),
        "a problem without a shape source: -1, its would-be file at line 1");
  CHECK_DONE();
}
