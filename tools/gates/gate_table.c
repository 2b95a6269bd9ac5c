// gate_table.c — see gate_table.h.
#include "gate_table.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *const gt_static_columns[GT_STATIC_NCOL] = {
    "variant", "verdict", "reason", "detail", "kernel", "regs", "spill_stores", "spill_loads",
    "stack", "smem_static", "smem_dynamic", "threads", "blocks_per_sm", "occupancy", "ctas_min",
    "ctas_max"};

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fputs("gate_table: out of memory\n", stderr);
    exit(2);
  }
  return q;
}

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(xrealloc(NULL, n), s, n);
}

void gt_row_init(gt_row *r, size_t nf) {
  memset(r, 0, sizeof *r);
  r->nf = nf;
  r->f = xrealloc(NULL, nf * sizeof *r->f);
  r->quoted = xrealloc(NULL, nf);
  for (size_t i = 0; i < nf; i++) r->f[i] = xstrdup(""), r->quoted[i] = 0;
  r->reason = GO_PASS;
  r->pass = 1;
}

void gt_row_set(gt_row *r, size_t i, const char *s, int quoted) {
  free(r->f[i]);
  r->f[i] = xstrdup(s);
  r->quoted[i] = (unsigned char)quoted;
}

void gt_row_copy(gt_row *dst, const gt_row *src) {
  gt_row_init(dst, src->nf);
  for (size_t i = 0; i < src->nf; i++) gt_row_set(dst, i, src->f[i], src->quoted[i]);
  dst->line = src->line;
  dst->reason = src->reason, dst->pass = src->pass, dst->waived = src->waived;
}

void gt_row_free(gt_row *r) {
  for (size_t i = 0; i < r->nf; i++) free(r->f[i]);
  free(r->f);
  free(r->quoted);
  memset(r, 0, sizeof *r);
}

void gt_row_verdict(gt_row *r, gate_outcome o, int waived) {
  r->reason = o, r->waived = waived && o != GO_PASS, r->pass = o == GO_PASS || r->waived;
  char reason[64];
  snprintf(reason, sizeof reason, "%s%s", r->waived ? "waived:" : "", gate_outcome_str(o));
  if (r->nf > 1) gt_row_set(r, 1, r->pass ? "pass" : "reject", 0);
  if (r->nf > 2) gt_row_set(r, 2, reason, 0);
}

void gt_runtime_row(gt_row *r, const char *variant, gate_outcome o, const char *detail) {
  gt_row_init(r, 4);
  gt_row_set(r, 0, variant, 0);
  gt_row_verdict(r, o, 0);
  char d[301];
  size_t n = 0;
  for (const char *s = detail; *s && n < sizeof d - 1; s++)
    if (*s != '"' && *s != '\r') d[n++] = *s == '\n' ? ' ' : *s;
  d[n] = 0;
  gt_row_set(r, 3, d, 1);
}

void gt_init(gt_table *t, gt_kind kind, const char *path, const char *const cols[], size_t ncol) {
  memset(t, 0, sizeof *t);
  t->kind = kind;
  t->path = xstrdup(path ? path : "-");
  if (kind != GT_TABLE) return;
  gt_row_init(&t->head, ncol);
  for (size_t i = 0; i < ncol; i++) gt_row_set(&t->head, i, cols[i], 0);
}

void gt_add(gt_table *t, const gt_row *r) {
  if (t->n == t->cap) t->rows = xrealloc(t->rows, (t->cap = t->cap ? 2 * t->cap : 16) * sizeof *t->rows);
  gt_row_copy(&t->rows[t->n++], r);
}

void gt_free(gt_table *t) {
  for (size_t i = 0; i < t->n; i++) gt_row_free(&t->rows[i]);
  gt_row_free(&t->head);
  free(t->rows);
  free(t->path);
  memset(t, 0, sizeof *t);
}

// Splits LINE (no line end) into R's fields. 0, or -1 with what went wrong in err.
static int split(const char *line, gt_row *r, char *err, size_t errlen) {
  memset(r, 0, sizeof *r);
  size_t cap = 0, len = strlen(line);
  char *buf = xrealloc(NULL, len + 1);
  const char *s = line;
  for (;;) {
    size_t n = 0;
    int q = *s == '"';
    if (q) {
      for (s++;; s++) {
        if (!*s) {
          snprintf(err, errlen, "unterminated quoted field %zu", r->nf + 1);
          goto fail;
        }
        if (*s == '"' && s[1] != '"') break;
        buf[n++] = *s;
        if (*s == '"') s++;
      }
      s++;
      if (*s && *s != ',') {
        snprintf(err, errlen, "text after the closing quote of field %zu", r->nf + 1);
        goto fail;
      }
    } else {
      for (; *s && *s != ','; s++) {
        if (*s == '"') {
          snprintf(err, errlen, "a quote inside unquoted field %zu", r->nf + 1);
          goto fail;
        }
        buf[n++] = *s;
      }
    }
    buf[n] = 0;
    if (r->nf == cap) {
      cap = cap ? 2 * cap : 16;
      r->f = xrealloc(r->f, cap * sizeof *r->f);
      r->quoted = xrealloc(r->quoted, cap);
    }
    r->f[r->nf] = xstrdup(buf);
    r->quoted[r->nf++] = (unsigned char)q;
    if (!*s) break;
    s++;  // the comma
  }
  free(buf);
  return 0;
fail:
  free(buf);
  gt_row_free(r);
  return -1;
}

// Checks a row's variant, verdict and reason and sets pass, waived and reason from them.
static int judge(gt_row *r, char *err, size_t errlen) {
  const char *verdict = r->f[1], *reason = r->f[2];
  if (!*r->f[0]) return snprintf(err, errlen, "no variant"), -1;
  if (strcmp(verdict, "pass") && strcmp(verdict, "reject"))
    return snprintf(err, errlen, "verdict '%.40s' is neither pass nor reject", verdict), -1;
  r->pass = !strcmp(verdict, "pass");
  r->waived = r->pass && !strncmp(reason, "waived:", 7);
  int o = gate_outcome_parse(r->waived ? reason + 7 : reason);
  if (o < 0) return snprintf(err, errlen, "unknown gate reason '%.60s'", reason), -1;
  if (!r->pass && o == GO_PASS) return snprintf(err, errlen, "a reject with no reason"), -1;
  if (r->pass && !r->waived && o != GO_PASS)
    return snprintf(err, errlen, "a pass with reason '%.60s' (only waived:<reason>)", reason), -1;
  if (r->waived && o == GO_PASS) return snprintf(err, errlen, "'waived:' names no reason"), -1;
  r->reason = (gate_outcome)o;
  return 0;
}

// A runtime row variant,reason,detail as variant,reject,reason,detail.
static void widen_runtime(gt_row *r) {
  r->f = xrealloc(r->f, 4 * sizeof *r->f);
  r->quoted = xrealloc(r->quoted, 4);
  for (size_t i = 3; i > 1; i--) r->f[i] = r->f[i - 1], r->quoted[i] = r->quoted[i - 1];
  r->f[1] = xstrdup("reject");
  r->quoted[1] = 0;
  r->nf = 4;
}

// Takes line LN of T (LINE, its end stripped). 0, or -1 with "PATH:LN: what" in err.
static int take(gt_table *t, const char *line, long ln, char *err, size_t errlen) {
  char what[512];
  gt_row r;
  int head = t->kind == GT_TABLE && !t->head.nf;
  if (split(line, &r, what, sizeof what)) goto bad;
  r.line = ln;
  size_t want = head ? 0 : t->kind == GT_RUNTIME ? 3 : t->kind == GT_TABLE ? t->head.nf : t->n ? t->rows[0].nf : 0;
  if (head) {
    if (r.nf < 3 || strcmp(r.f[0], "variant") || strcmp(r.f[1], "verdict") || strcmp(r.f[2], "reason")) {
      snprintf(what, sizeof what, "the header does not start with variant,verdict,reason");
      goto bad_row;
    }
    t->head = r;
    return 0;
  }
  if (want && r.nf != want) {
    snprintf(what, sizeof what, "%zu fields, %s %zu", r.nf,
             t->kind == GT_TABLE ? "the header has" : t->kind == GT_RUNTIME ? "a runtime row has" : "the first row has", want);
    goto bad_row;
  }
  if (!want && r.nf < 3) {
    snprintf(what, sizeof what, "%zu fields, a row has at least variant,verdict,reason", r.nf);
    goto bad_row;
  }
  if (t->kind == GT_RUNTIME) widen_runtime(&r);
  if (judge(&r, what, sizeof what)) goto bad_row;
  if (t->kind == GT_TABLE && gt_find(t, r.f[0])) {
    snprintf(what, sizeof what, "variant '%.60s' twice (line %ld first)", r.f[0], gt_find(t, r.f[0])->line);
    goto bad_row;
  }
  if (t->n == t->cap) t->rows = xrealloc(t->rows, (t->cap = t->cap ? 2 * t->cap : 16) * sizeof *t->rows);
  t->rows[t->n++] = r;
  return 0;
bad_row:
  gt_row_free(&r);
bad:
  snprintf(err, errlen, "%s:%ld: %s", t->path, ln, what);
  return -1;
}

int gt_read(const char *path, gt_kind kind, gt_table *t, char *err, size_t errlen) {
  gt_init(t, kind, path, NULL, 0);
  FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    gt_free(t);
    return -1;
  }
  char *line = NULL;
  size_t cap = 0;
  long ln = 0;
  ssize_t len;
  int rc = 0;
  while (!rc && (len = getline(&line, &cap, f)) >= 0) {
    ln++;
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
    if (len) rc = take(t, line, ln, err, errlen);
  }
  if (!rc && ferror(f)) rc = -1, snprintf(err, errlen, "%s: %s", path, strerror(errno));
  if (!rc && kind == GT_TABLE && !t->head.nf) rc = -1, snprintf(err, errlen, "%s: no header line", path);
  free(line);
  if (f != stdin) fclose(f);
  if (rc) gt_free(t);
  return rc;
}

static void put_field(FILE *o, const char *s, int quoted) {
  if (!quoted && !strpbrk(s, ",\"\r\n")) {
    fputs(s, o);
    return;
  }
  fputc('"', o);
  for (; *s; s++) {
    if (*s == '"') fputc('"', o);
    fputc(*s == '\r' || *s == '\n' ? ' ' : *s, o);
  }
  fputc('"', o);
}

void gt_write_row(FILE *o, const gt_row *r, gt_kind kind) {
  for (size_t i = 0, k = 0; i < r->nf; i++) {
    if (kind == GT_RUNTIME && (i == 1 || i > 3)) continue;  // variant,reason,detail
    if (k++) fputc(',', o);
    put_field(o, r->f[i], r->quoted[i]);
  }
  fputc('\n', o);
}

int gt_write(FILE *o, const gt_table *t) {
  if (t->kind == GT_TABLE) gt_write_row(o, &t->head, GT_TABLE);
  for (size_t i = 0; i < t->n; i++) gt_write_row(o, &t->rows[i], t->kind);
  return fflush(o) || ferror(o) ? -1 : 0;
}

int gt_col(const gt_table *t, const char *name) {
  if (t->kind == GT_TABLE) {
    for (size_t i = 0; i < t->head.nf; i++)
      if (!strcmp(t->head.f[i], name)) return (int)i;
    return -1;
  }
  for (int i = 0; i < GT_STATIC_NCOL; i++)
    if (!strcmp(gt_static_columns[i], name)) return t->kind == GT_RUNTIME && i > 3 ? -1 : i;
  return -1;
}

gt_row *gt_find(const gt_table *t, const char *variant) {
  for (size_t i = 0; i < t->n; i++)
    if (!strcmp(t->rows[i].f[0], variant)) return &t->rows[i];
  return NULL;
}
