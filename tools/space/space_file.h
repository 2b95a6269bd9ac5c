// space_file.h — a parameter space file, parsed and expanded into its configurations; the
// `space` tool writes them as flag files, the fuzzer drives the parser and the expander.
//
// Format (one item per line; `#` starts a comment; blank lines ignored; a CR before the LF is
// stripped):
//   NAME: v1 v2 v3          a parameter and its values, separated by spaces or tabs
//   NAME(abbr): v1 v2       the same, with the abbreviation used in configuration names
//   require: EXPR           a constraint every kept configuration satisfies (nonzero)
// NAME is [A-Za-z_][A-Za-z0-9_]*, unique, and becomes -DNAME=VALUE. Values obey the flag
// file rule, [A-Za-z0-9_.+-]+ without "..", and are unique within a parameter. abbr is
// [A-Za-z0-9]+, unique; it defaults to NAME in lower case. EXPR: 64-bit integers, + - * / %,
// < <= > >= == !=, && || !, parentheses, parameter names (every value of a parameter used in
// a constraint must be a decimal integer); see space_expr.h. Constraints may name parameters
// declared after them.
//   BLOCK_M(m): 64 128
//   NUM_WARPS(w): 4 8
//   require: NUM_WARPS * 16 <= BLOCK_M
// Configurations are the cartesian product (the first parameter varies slowest). The name of
// one is abbr+value per parameter in file order joined by '_' (m64_w4, m128_w4, m128_w8).
// Errors: syntax, unknown names, non-integer values in constraints, division by zero or
// overflow in any configuration, more than the allowed number of configurations, two
// configurations with the same name, every configuration rejected, a NUL or control byte.
#pragma once
#include <stddef.h>

typedef struct {
  char *name, *abbr, **val;
  long long *ival;  // the values as integers, when a constraint uses the parameter
  size_t nval;
  long line;
  int used;         // named by a constraint
} space_param;

typedef struct {
  space_param *par;
  size_t npar;
  char **name;      // kept configurations, sorted by name
  size_t *idx;      // ncfg x npar value indices, in the order of name
  size_t ncfg;
  long total, rejected;
} space_t;

// Parses the len bytes of text (read from path, named in messages) and expands them, keeping at
// most max_configs configurations before the constraints. Returns 0, or -1 with err holding
// "PATH:LINE: what" (or "PATH: what") and *s empty.
int space_read(const char *path, const char *text, size_t len, long max_configs, space_t *s,
               char *err, size_t errlen);
void space_free(space_t *s);
