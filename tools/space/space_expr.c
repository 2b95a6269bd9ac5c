// space_expr.c — recursive-descent parser into a node array, recursive evaluator.
// Precedence, lowest first: || ; && ; == != ; < <= > >= ; + - ; * / % ; unary - + !.
#include "space_expr.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum op { NUM, VAR, NEG, NOT, ADD, SUB, MUL, DIV, MOD, LT, LE, GT, GE, EQ, NE, AND, OR };

struct node {
  enum op op;
  long long val; // NUM: the value; VAR: the index
  int a, b;      // operands (node indices)
};

struct space_expr {
  struct node *n;
  int count, cap, root;
};

struct parser {
  const char *s, *p;
  struct space_expr *e;
  space_expr_lookup lookup;
  void *ctx;
  char *err;
  size_t errlen;
  int depth, failed;
};

static int fail(struct parser *ps, const char *what) {
  if (!ps->failed) snprintf(ps->err, ps->errlen, "%s at column %d", what, (int)(ps->p - ps->s) + 1);
  ps->failed = 1;
  return -1;
}

static int add_node(struct parser *ps, enum op op, long long val, int a, int b) {
  if (ps->failed || a < 0 || b < 0) return -1;
  struct space_expr *e = ps->e;
  if (e->count >= 10000) return fail(ps, "expression too long");
  if (e->count == e->cap) {
    e->cap = e->cap ? 2 * e->cap : 16;
    struct node *n = realloc(e->n, (size_t)e->cap * sizeof *n);
    if (!n) return fail(ps, "out of memory");
    e->n = n;
  }
  e->n[e->count] = (struct node){op, val, a, b};
  return e->count++;
}

static void skip(struct parser *ps) {
  while (*ps->p == ' ' || *ps->p == '\t') ps->p++;
}

// Consume the operator tok if it comes next (and is not the start of a longer one).
static int eat(struct parser *ps, const char *tok) {
  skip(ps);
  size_t n = strlen(tok);
  if (strncmp(ps->p, tok, n)) return 0;
  if (n == 1 && (*tok == '<' || *tok == '>' || *tok == '!') && ps->p[1] == '=') return 0;
  ps->p += n;
  return 1;
}

static int parse_or(struct parser *ps);

static int parse_unary(struct parser *ps) {
  if (++ps->depth > 200) return fail(ps, "expression nested too deeply");
  int r;
  skip(ps);
  const char *c = ps->p;
  if (eat(ps, "-")) r = add_node(ps, NEG, 0, parse_unary(ps), 0);
  else if (eat(ps, "+")) r = parse_unary(ps);
  else if (eat(ps, "!")) r = add_node(ps, NOT, 0, parse_unary(ps), 0);
  else if (eat(ps, "(")) {
    r = parse_or(ps);
    if (r >= 0 && !eat(ps, ")")) r = fail(ps, "expected ')'");
  } else if (*c >= '0' && *c <= '9') {
    char *end;
    errno = 0;
    long long v = strtoll(c, &end, 10);
    if (errno) return fail(ps, "number too large");
    ps->p = end;
    r = add_node(ps, NUM, v, 0, 0);
  } else if ((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || *c == '_') {
    const char *q = c;
    while ((*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') || *q == '_' || (*q >= '0' && *q <= '9')) q++;
    int idx = ps->lookup(ps->ctx, c, (size_t)(q - c));
    if (idx < 0) {
      char what[120];
      snprintf(what, sizeof what, "unknown name '%.*s'", (int)(q - c) > 60 ? 60 : (int)(q - c), c);
      return fail(ps, what);
    }
    ps->p = q;
    r = add_node(ps, VAR, idx, 0, 0);
  } else r = fail(ps, *c ? "expected a number, a name or '('" : "unexpected end of expression");
  ps->depth--;
  return r;
}

// One precedence level: operand (op operand)*, left-associative.
static int level(struct parser *ps, int (*operand)(struct parser *), const char *const *toks,
                 const enum op *ops) {
  int l = operand(ps);
  for (;;) {
    int i = 0;
    while (toks[i] && !eat(ps, toks[i])) i++;
    if (!toks[i] || l < 0) return l;
    l = add_node(ps, ops[i], 0, l, operand(ps));
  }
}

#define LEVEL(name, next, ...)                                                             \
  static int name(struct parser *ps) {                                                     \
    static const char *const toks[] = {__VA_ARGS__, NULL};                                 \
    return level(ps, next, toks, name##_ops);                                              \
  }
static const enum op parse_mul_ops[] = {MUL, DIV, MOD}, parse_add_ops[] = {ADD, SUB},
                     parse_rel_ops[] = {LE, GE, LT, GT}, parse_eq_ops[] = {EQ, NE},
                     parse_and_ops[] = {AND}, parse_or_ops[] = {OR};
LEVEL(parse_mul, parse_unary, "*", "/", "%")
LEVEL(parse_add, parse_mul, "+", "-")
LEVEL(parse_rel, parse_add, "<=", ">=", "<", ">")
LEVEL(parse_eq, parse_rel, "==", "!=")
LEVEL(parse_and, parse_eq, "&&")
LEVEL(parse_or, parse_and, "||")

struct space_expr *space_expr_parse(const char *text, space_expr_lookup lookup, void *ctx,
                                    char *err, size_t errlen) {
  struct space_expr *e = calloc(1, sizeof *e);
  if (!e) { snprintf(err, errlen, "out of memory"); return NULL; }
  struct parser ps = {text, text, e, lookup, ctx, err, errlen, 0, 0};
  e->root = parse_or(&ps);
  skip(&ps);
  if (!ps.failed && *ps.p) fail(&ps, *ps.p == '=' ? "unexpected '=' (equality is '==')" : "unexpected text");
  if (ps.failed) { space_expr_free(e); return NULL; }
  return e;
}

static int eval(const struct space_expr *e, int i, const long long *vars, long long *out, const char **err) {
  const struct node *n = &e->n[i];
  long long a, b;
  switch (n->op) {
  case NUM: *out = n->val; return 0;
  case VAR: *out = vars[n->val]; return 0;
  default: break;
  }
  if (eval(e, n->a, vars, &a, err)) return -1;
  switch (n->op) {
  case NEG: if (a == LLONG_MIN) goto overflow; *out = -a; return 0;
  case NOT: *out = !a; return 0;
  case AND: if (!a) { *out = 0; return 0; } break;
  case OR: if (a) { *out = 1; return 0; } break;
  default: break;
  }
  if (eval(e, n->b, vars, &b, err)) return -1;
  switch (n->op) {
  case ADD: if (__builtin_add_overflow(a, b, out)) goto overflow; return 0;
  case SUB: if (__builtin_sub_overflow(a, b, out)) goto overflow; return 0;
  case MUL: if (__builtin_mul_overflow(a, b, out)) goto overflow; return 0;
  case DIV: case MOD:
    if (!b) { *err = "division by zero"; return -1; }
    if (a == LLONG_MIN && b == -1) goto overflow;
    *out = n->op == DIV ? a / b : a % b;
    return 0;
  case LT: *out = a < b; return 0;
  case LE: *out = a <= b; return 0;
  case GT: *out = a > b; return 0;
  case GE: *out = a >= b; return 0;
  case EQ: *out = a == b; return 0;
  case NE: *out = a != b; return 0;
  case AND: case OR: *out = b != 0; return 0;
  default: break;
  }
overflow:
  *err = "integer overflow";
  return -1;
}

int space_expr_eval(const struct space_expr *e, const long long *vars, long long *out, const char **err) {
  return eval(e, e->root, vars, out, err);
}

void space_expr_free(struct space_expr *e) {
  if (e) free(e->n);
  free(e);
}
