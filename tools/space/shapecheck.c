// shapecheck.c — an experiment's shapes judged by their problem's own parse before any build.
//
//   shapecheck --problem PROBLEM --where FILE:LINE SHAPE ...
//
// Each SHAPE must parse strictly as one of PROBLEM's shapes (kernels/harness/shape.h; the parse
// the bench's --describe runs), so that a shape outside the problem's grammar stops make at the
// experiment's line, not once every variant compiled (`built 0, failed N`). A refused shape:
// exit 2 and `shapecheck: FILE:LINE: SHAPES: 'X' is not a shape of PROBLEM: why` on stderr (every
// bad one said); a shape another problem's grammar also accepts is named too (the roofline picks
// a shape's problem by the first grammar that parses it). Accepted: exit 0, nothing printed.
#include <stdio.h>
#include <string.h>

#include "shape.h"

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
  int rc = 0;
  for (; i < argc; i++) {
    problem_shape s;
    char why[256];
    if (p->parse(argv[i], &s, why, sizeof why)) {
      fprintf(stderr, "shapecheck: %s: SHAPES: '%s' is not a shape of %s: %s\n", where, argv[i], problem, why);
      rc = 2;
      continue;
    }
    const problem_host *first = problem_host_of_shape(argv[i]);
    if (first && first != p) {
      fprintf(stderr, "shapecheck: %s: SHAPES: '%s' is a shape of %s too, which the registry tries "
              "first: the roofline and the report would take it as %s's\n", where, argv[i], first->name, first->name);
      rc = 2;
    }
  }
  return rc;
}
