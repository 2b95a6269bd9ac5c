// shapecheck.c — an experiment's shapes judged by their problem's own parse before any build, and
// the problem's grammar judged disjoint from every other registered problem's.
//
//   shapecheck --problem PROBLEM --where FILE:LINE SHAPE ...
//
// Shape grammars must be disjoint: the roofline and the report take a shape for the first problem
// of the registry whose grammar parses it, so a name two grammars accept is silently another
// problem's work. The check runs at two levels, because neither alone suffices:
//  - the experiment's SHAPES, exactly: each must parse strictly as one of PROBLEM's shapes
//    (kernels/harness/shape.h; the parse the bench's --describe runs), and no other problem's
//    grammar may accept it. These are the names that reach the samples, so for them the answer
//    is certain.
//  - PROBLEM's grammar, on representative names (grammar_clash.h: each problem's canonical names
//    over a grid of axis values), against every other problem's. A parse is code and cannot be
//    intersected with another, so this samples; but it reports a new problem whose grammar
//    overlaps an existing one at its first experiment, before the two ever share a shape in
//    data, and it costs milliseconds, so it runs at every check-exp.
// A refusal: exit 2 and one line each on stderr, `shapecheck: FILE:LINE: what`, FILE:LINE the
// experiment's SHAPES line for a shape, the problem_host definition in
// kernels/<problem>/problem/<problem>_shape.c for a grammar. Accepted: exit 0, nothing printed.
#include <stdio.h>
#include <string.h>

#include "space/grammar_clash.h"
#include "space/shape_source.h"
#include "shape.h"

// PROBLEM's grammar against every other registered one: 0, or 2 after a line per clash.
static int check_grammar(const problem_host *p) {
  int rc = 0;
  for (int i = 0; problem_hosts[i]; i++) {
    const problem_host *q = problem_hosts[i];
    char name[128], here[600], there[600];
    if (q == p || !grammar_clash(p, q, name, sizeof name)) continue;
    shape_source(p->name, here, sizeof here);
    shape_source(q->name, there, sizeof there);
    fprintf(stderr, "shapecheck: %s: the grammar of %s accepts '%s', which the grammar of %s (%s) "
            "accepts too: two problems' shape grammars must be disjoint (use tags or an order of "
            "fields no other problem uses)\n", here, p->name, name, q->name, there);
    rc = 2;
  }
  return rc;
}

// One SHAPE of the experiment: 0, or 2 after a line.
static int check_shape(const problem_host *p, const char *where, const char *shape) {
  problem_shape s;
  char why[256];
  if (p->parse(shape, &s, why, sizeof why)) {
    fprintf(stderr, "shapecheck: %s: SHAPES: '%s' is not a shape of %s: %s\n", where, shape, p->name, why);
    return 2;
  }
  int rc = 0;
  for (int i = 0; problem_hosts[i]; i++) {
    const problem_host *q = problem_hosts[i];
    if (q == p || q->parse(shape, &s, why, sizeof why)) continue;
    fprintf(stderr, "shapecheck: %s: SHAPES: '%s' is a shape of %s too: the roofline and the report "
            "would take it as the first registered problem's\n", where, shape, q->name);
    rc = 2;
  }
  return rc;
}

int main(int argc, char **argv) {
  const char *problem = NULL, *where = NULL;
  int i = 1;
  for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
    if (!strcmp(argv[i], "--problem")) problem = argv[i + 1];
    else if (!strcmp(argv[i], "--where")) where = argv[i + 1];
    else break;
  }
  if (!problem || !where || i > argc) {
    fputs("usage: shapecheck --problem PROBLEM --where FILE:LINE SHAPE ...\n", stderr);
    return 2;
  }
  const problem_host *p = problem_host_find(problem);
  if (!p) {
    fprintf(stderr, "shapecheck: %s: '%s' is not a problem of the registry\n", where, problem);
    return 2;
  }
  int rc = check_grammar(p);
  for (; i < argc; i++)
    if (check_shape(p, where, argv[i])) rc = 2;
  return rc;
}
