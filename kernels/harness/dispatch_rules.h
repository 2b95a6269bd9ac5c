// dispatch_rules.h — the table of a dispatching build: which configuration serves which shapes.
//
// A dispatch file (experiments/<exp>/variants/<name>.dispatch) holds one rule per line, `#` to the
// end of a line a comment:
//     CONDITION ... -> CONFIGURATION
// CONDITION is AXIS OP VALUE with no blanks inside: AXIS one of the problem's axes (problem_host
// .axes, e.g. attention's B H S K D C), OP one of = != < <= > >=, VALUE a whole number; `*` alone
// stands for no condition. CONFIGURATION names a variant of the experiment. A shape is served by
// the first rule whose conditions all hold; a shape no rule matches is one the build cannot run.
// Mistakes are refused with the file and line: an unknown axis or operator, a malformed number,
// no `->` or no configuration, anything after it, a `->` not standing alone, more than
// DISPATCH_CONFIGS_MAX configurations, and a rule no shape can reach (after a rule without
// conditions).
#pragma once
#include <stddef.h>

#include "shape.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { DISPATCH_NAME_MAX = 64, DISPATCH_CONDS_MAX = 16, DISPATCH_CONFIGS_MAX = 64 };
enum { DISPATCH_EQ, DISPATCH_NE, DISPATCH_LT, DISPATCH_LE, DISPATCH_GT, DISPATCH_GE };

typedef struct {
  int axis;  // index into the problem's axes (problem_shape.v)
  int op;    // DISPATCH_EQ ...
  long value;
} dispatch_cond;

typedef struct {
  int line;  // of the dispatch file
  int ncond;
  dispatch_cond cond[DISPATCH_CONDS_MAX];
  char config[DISPATCH_NAME_MAX];
} dispatch_rule;

typedef struct {
  int nrules;
  dispatch_rule *rules;
} dispatch_table;

// Parses text, the contents of dispatch file `file`, for a problem with the given axes (names
// separated by blanks). Returns 0, or -1 with `file:line: what` in err (t then holds nothing).
int dispatch_parse(const char *text, const char *file, const char *axes, dispatch_table *t,
                   char *err, size_t errlen);
// The index of the first rule whose conditions hold for the axes' values v, or -1.
int dispatch_match(const dispatch_table *t, const long *v);
void dispatch_free(dispatch_table *t);

#ifdef __cplusplus
}
#endif
