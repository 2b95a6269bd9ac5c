// space_expr.h — the constraint expressions of space files: 64-bit integer arithmetic
// + - * / % (C semantics, truncating), comparisons < <= > >= == != (1 or 0), logic && || !
// (short-circuit), unary - +, parentheses, decimal literals and variables. Nonzero is true.
#pragma once
#include <stddef.h>

struct space_expr;

// Resolves a variable name to an index into the vars[] given to space_expr_eval, or -1.
typedef int (*space_expr_lookup)(void *ctx, const char *name, size_t len);

// Compile text. Returns NULL with a message ("unknown name 'X'", "expected ')' at column 7")
// in err on failure.
struct space_expr *space_expr_parse(const char *text, space_expr_lookup lookup, void *ctx,
                                    char *err, size_t errlen);

// Evaluate with variable values vars[]. Returns 0 and *out, or -1 with *err set to
// "division by zero" or "integer overflow".
int space_expr_eval(const struct space_expr *e, const long long *vars, long long *out,
                    const char **err);

void space_expr_free(struct space_expr *e);
