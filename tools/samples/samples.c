// samples.c — see samples.h.
#include "samples.h"

#include "samples_rowkeys.h"
#include "shape.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *path;
  size_t line;
  char *err;
  size_t errlen;
} ctx_t;

static int fail(ctx_t *c, const char *fmt, ...) {
  int k = snprintf(c->err, c->errlen, "%s:%zu: ", c->path, c->line);
  if (k >= 0 && (size_t)k < c->errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err + k, c->errlen - k, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
  return s;
}

// A sample: a decimal number > 0 that fills the whole token, within [1e-9, 1e15] (microseconds:
// a femtosecond to 30 years), so that no statistic of a file can overflow or underflow.
const char *samples_time_check(const char *tok, double *v) {
  if (!*tok) return "empty sample";
  char *end;
  errno = 0;
  double x = strtod(tok, &end);
  if (end == tok || *end) return "is not a number";
  if (strpbrk(tok, "xXpP")) return "is not a decimal number";
  if (errno == ERANGE) return "is out of range";
  if (isnan(x) || isinf(x)) return "is not a finite number";
  if (x < 0) return "is negative";
  if (x == 0) return "is not a positive time";
  if (x < 1e-9 || x > 1e15) return "is outside [1e-9, 1e15] us";
  if (v) *v = x;
  return NULL;
}

size_t samples_csv_column(const char *row, const char *name) {
  size_t col = 1, k = strlen(name);
  for (const char *s = row; s; s = strchr(s, ','), s = s ? s + 1 : NULL, col++)
    if (strcspn(s, ",") == k && !memcmp(s, name, k)) return col;
  return 0;
}

const char *samples_csv_field(const char *row, size_t col, char *tok, size_t size) {
  const char *s = col ? row : NULL;
  for (size_t c = 1; c < col && s; c++) s = strchr(s, ','), s = s ? s + 1 : NULL;
  size_t n = s ? strcspn(s, ",") : 0;
  snprintf(tok, size, "%.*s", (int)(n < size - 1 ? n : size - 1), s ? s : "");
  return n < size ? tok : NULL;
}

static int parse_time(ctx_t *c, const char *tok, double *v) {
  const char *why = samples_time_check(tok, v);
  if (!why) return 0;
  return *tok ? fail(c, "'%.40s' %s", tok, why) : fail(c, "%s", why);
}

static int is_key_char(char ch) { return isalnum((unsigned char)ch) || ch == '_' || ch == '.' || ch == '-'; }

int samples_session_line(const char *line, char *id, size_t len) {
  if (line[0] != '#') return 0;
  const char *s = line + 1 + strspn(line + 1, " \t");
  if (strncmp(s, "session.", 8)) return 0;
  size_t k = 8;
  while (is_key_char(s[k])) k++;
  if (k == 8 || s[k] != ':') return 0;
  snprintf(id, len, "%.*s", (int)(k - 8), s + 8);
  return 1;
}

// "# key: value" with key made of [A-Za-z0-9_.-]; other comments are ignored.
static int take_comment(ctx_t *c, samples_file *f, char *s) {
  s = trim(s + 1);
  int version;
  if (sscanf(s, "cudadent42 samples v%d", &version) == 1 && version != 1)
    return fail(c, "unsupported samples format version %d", version);
  size_t k = 0;
  while (is_key_char(s[k])) k++;
  if (k == 0 || s[k] != ':') return 0;
  s[k] = '\0';
  // a session is declared once: a second line of it is a session published twice; any other key
  // given twice must say the same (a file whose header says two things is no sample file)
  const char *value = trim(s + k + 1);
  for (size_t i = 0; i < f->nmeta; i++)
    if (!strcmp(f->meta[i].key, s)) {
      if (!strncmp(s, "session.", 8)) return fail(c, "%s declared twice (a session published twice?)", s);
      if (strcmp(f->meta[i].value, value))
        return fail(c, "'%s' given twice with different values ('%.40s', then '%.40s')", s,
                    f->meta[i].value, value);
    }
  samples_kv *m = realloc(f->meta, (f->nmeta + 1) * sizeof *m);
  if (!m) return fail(c, "out of memory");
  f->meta = m;
  m[f->nmeta].key = xstrdup(s);
  m[f->nmeta].value = xstrdup(value);
  if (!m[f->nmeta].key || !m[f->nmeta].value) {
    free(m[f->nmeta].key);
    free(m[f->nmeta].value);
    return fail(c, "out of memory");
  }
  f->nmeta++;
  return 0;
}

static samples_group *group_get(ctx_t *c, samples_file *f, const char *name, size_t *last) {
  if (*last < f->ngroups && strcmp(f->groups[*last].name, name) == 0) return &f->groups[*last];
  for (size_t i = 0; i < f->ngroups; i++)
    if (strcmp(f->groups[i].name, name) == 0) return &f->groups[*last = i];
  if (!f->plain && !problem_host_of_shape(name)) {
    char known[128] = "";
    for (int i = 0; problem_hosts[i]; i++)
      snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", problem_hosts[i]->name);
    fail(c, "'%.60s' is not a shape name of any problem (%s)", name, known);
    return NULL;
  }
  samples_group *g = realloc(f->groups, (f->ngroups + 1) * sizeof *g);
  if (!g) {
    fail(c, "out of memory");
    return NULL;
  }
  f->groups = g;
  g = &g[f->ngroups];
  memset(g, 0, sizeof *g);
  if (!(g->name = xstrdup(name))) {
    fail(c, "out of memory");
    return NULL;
  }
  *last = f->ngroups++;
  return g;
}

static int push(ctx_t *c, samples_group *g, double v, unsigned round, unsigned session, double clk) {
  if (g->n == g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 256;
    double *t = realloc(g->t, cap * sizeof *t);
    if (t) g->t = t;
    unsigned *r = t ? realloc(g->round, cap * sizeof *r) : NULL;
    if (r) g->round = r;
    unsigned *s = r ? realloc(g->session, cap * sizeof *s) : NULL;
    if (s) g->session = s;
    double *k = s ? realloc(g->clk, cap * sizeof *k) : NULL;
    if (!k) return fail(c, "out of memory");
    g->clk = k;
    g->cap = cap;
  }
  g->t[g->n] = v;
  g->round[g->n] = round;
  g->clk[g->n] = clk;
  g->session[g->n++] = session;
  return 0;
}

// A round: a positive decimal integer below 10^9 filling the whole token.
static int parse_round(ctx_t *c, const char *tok, unsigned *r) {
  size_t n = strlen(tok);
  if (n == 0 || n > 9 || tok[0] < '1' || tok[0] > '9' || strspn(tok, "0123456789") != n)
    return fail(c, "round '%.40s' is not a positive integer", tok);
  *r = (unsigned)strtoul(tok, NULL, 10);
  return 0;
}

// A session: 1-100 characters of [A-Za-z0-9_.:+-]; its index in f->sessions.
static int take_session(ctx_t *c, samples_file *f, const char *tok, unsigned *idx) {
  size_t n = strlen(tok);
  if (n == 0 || n > 100 ||
      strspn(tok, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:+-") != n)
    return fail(c, "session '%.40s' is not 1-100 characters of [A-Za-z0-9_.:+-]", tok);
  for (size_t i = f->nsessions; i-- > 0;)
    if (strcmp(f->sessions[i], tok) == 0) return *idx = (unsigned)i, 0;
  // a file that declares its sessions (`# session.<id>:` lines) declares every one its rows hold
  int declares = 0, declared = 0;
  for (size_t i = 0; i < f->nmeta && !declared; i++)
    if (!strncmp(f->meta[i].key, "session.", 8))
      declares = 1, declared = !strcmp(f->meta[i].key + 8, tok);
  if (declares && !declared)
    return fail(c, "rows of session '%.40s', which no '# session.%.40s:' line declares", tok, tok);
  char **s = realloc(f->sessions, (f->nsessions + 1) * sizeof *s);
  if (!s) return fail(c, "out of memory");
  f->sessions = s;
  if (!(s[f->nsessions] = xstrdup(tok))) return fail(c, "out of memory");
  *idx = (unsigned)f->nsessions++;
  return 0;
}

// Splits s at commas in place; returns the number of fields (at most max are stored).
static size_t split(char *s, char **fld, size_t max) {
  size_t n = 0;
  for (;;) {
    char *comma = strchr(s, ',');
    if (comma) *comma = '\0';
    if (n < max) fld[n] = trim(s);
    n++;
    if (!comma) return n;
    s = comma + 1;
  }
}

enum { MAX_COLS = 64 };

typedef struct {
  const char *column;    // the time column read (samples_read_column): time_us unless another
  int have_header;
  size_t ncols, shape_col, time_col, round_col, session_col, clock_col, rep_col, value_col;
  size_t last;
  samples_rowkeys keys;  // every row's identity, when the file has a rep column
  unsigned char *blank;  // per group: a row of it leaves the column empty
  size_t nblank;
} csv_state;

static int other_column(const csv_state *st) { return strcmp(st->column, "time_us") != 0; }

static int take_header(ctx_t *c, samples_file *f, csv_state *st, char *s) {
  char *fld[MAX_COLS];
  size_t n = split(s, fld, MAX_COLS);
  if (n > MAX_COLS) return fail(c, "more than %d columns", MAX_COLS);
  st->shape_col = st->time_col = st->round_col = st->session_col = st->clock_col = st->rep_col =
      st->value_col = (size_t)-1;
  for (size_t i = 0; i < n; i++) {
    size_t *col = other_column(st) && !strcmp(fld[i], st->column) ? &st->value_col
                  : !strcmp(fld[i], "shape")   ? &st->shape_col
                  : !strcmp(fld[i], "time_us") ? &st->time_col
                  : !strcmp(fld[i], "round")   ? &st->round_col
                  : !strcmp(fld[i], "session") ? &st->session_col
                  : !strcmp(fld[i], "sm_clock_mhz") ? &st->clock_col
                  : !strcmp(fld[i], "rep")     ? &st->rep_col
                                               : NULL;
    if (col && *col != (size_t)-1) return fail(c, "column '%s' named twice", fld[i]);
    if (col) *col = i;
  }
  if (st->time_col == (size_t)-1) return fail(c, "missing 'time_us' column in header row");
  if (st->shape_col == (size_t)-1) return fail(c, "missing 'shape' column in header row");
  if (!other_column(st)) st->value_col = st->time_col;
  st->ncols = n;
  st->have_header = 1;
  f->has_column = st->value_col != (size_t)-1;
  f->has_round = st->round_col != (size_t)-1;
  f->has_session = st->session_col != (size_t)-1;
  f->has_clock = st->clock_col != (size_t)-1;
  return 0;
}

// Notes that group g has a row without a value in the column read.
static int mark_blank(ctx_t *c, csv_state *st, size_t g) {
  if (g >= st->nblank) {
    unsigned char *b = realloc(st->blank, g + 1);
    if (!b) return fail(c, "out of memory");
    memset(b + st->nblank, 0, g + 1 - st->nblank);
    st->blank = b;
    st->nblank = g + 1;
  }
  st->blank[g] = 1;
  return 0;
}

static int take_row(ctx_t *c, samples_file *f, csv_state *st, char *s) {
  char *fld[MAX_COLS];
  size_t n = split(s, fld, MAX_COLS);
  if (n != st->ncols) return fail(c, "expected %zu fields, found %zu", st->ncols, n);
  double v;
  if (parse_time(c, fld[st->time_col], &v)) return -1;
  // another time column: its value is the sample; empty, the row has none in that column
  int blank = 0;
  if (other_column(st) && st->value_col != (size_t)-1) {
    const char *tok = fld[st->value_col], *why = *tok ? samples_time_check(tok, &v) : NULL;
    if (why) return fail(c, "%s '%.40s' %s", st->column, tok, why);
    blank = !*tok;
  }
  if (!*fld[st->shape_col]) return fail(c, "empty shape");
  unsigned round = 1, session = 0;
  if (f->has_round && parse_round(c, fld[st->round_col], &round)) return -1;
  if (f->has_session && take_session(c, f, fld[st->session_col], &session)) return -1;
  double clk = NAN;
  if (f->has_clock) {
    char *end;
    double k = strtod(fld[st->clock_col], &end);
    if (end != fld[st->clock_col] && !*end && isfinite(k) && k > 0) clk = k;
  }
  samples_group *g = group_get(c, f, fld[st->shape_col], &st->last);
  if (g && st->rep_col != (size_t)-1) {
    char *end;
    const char *r = fld[st->rep_col];
    errno = 0;
    unsigned long rep = strtoul(r, &end, 10);
    if (!*r || *end || errno || *r == '-' || *r == '+')
      return fail(c, "rep '%.40s' is not a whole number", r);
    samples_rowkey k = {(size_t)(g - f->groups), c->line, session, round, rep};
    if (samples_rowkeys_add(&st->keys, k)) return fail(c, "out of memory");
  }
  if (!g) return -1;
  if (blank || (other_column(st) && st->value_col == (size_t)-1))
    return mark_blank(c, st, (size_t)(g - f->groups));
  return push(c, g, v, round, session, clk);
}

// The first data line decides: a header row has a comma or names a column we need.
static int looks_like_header(const char *s) {
  return strchr(s, ',') || strcmp(s, "time_us") == 0 || strcmp(s, "shape") == 0;
}

static char *file_stem(const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  const char *dot = strrchr(b, '.');
  size_t n = dot && dot != b ? (size_t)(dot - b) : strlen(b);
  char *s = malloc(n + 1);
  if (s) {
    memcpy(s, b, n);
    s[n] = '\0';
  }
  return s;
}

// A file without a session column is one session, named "".
static int take_session_none(ctx_t *c, samples_file *f) {
  if (!(f->sessions = malloc(sizeof *f->sessions)) || !(f->sessions[0] = xstrdup("")))
    return fail(c, "out of memory");
  f->nsessions = 1;
  return 0;
}

// The groups with a row that left the column read empty: taken out, their names kept in
// f->unmeasured (after the check of repeated rows, which names groups by index). The names' array
// is made first, so that running out of memory leaves the file as it was (samples_free frees it).
static int drop_blank(ctx_t *c, samples_file *f, const csv_state *st) {
  size_t n = 0;
  for (size_t i = 0; i < f->ngroups && i < st->nblank; i++) n += st->blank[i];
  if (!(f->unmeasured = malloc((n ? n : 1) * sizeof *f->unmeasured))) return fail(c, "out of memory");
  size_t kept = 0;
  for (size_t i = 0; i < f->ngroups; i++) {
    samples_group *g = &f->groups[i];
    if (i >= st->nblank || !st->blank[i]) {
      f->groups[kept++] = *g;
      continue;
    }
    f->unmeasured[f->nunmeasured++] = g->name;
    free(g->t), free(g->round), free(g->session), free(g->clk);
  }
  f->ngroups = kept;
  return 0;
}

static int read_lines(ctx_t *c, FILE *fp, samples_file *f, const char *column) {
  csv_state st = {.column = column};
  int decided = 0;
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len;
  int rc = 0;
  while (rc == 0 && (len = getline(&buf, &cap, fp)) >= 0) {
    c->line++;
    if ((size_t)len != strlen(buf)) {
      rc = fail(c, "NUL byte in line");
      break;
    }
    char *s = trim(buf);
    if (!*s) continue;
    if (*s == '#') {
      rc = take_comment(c, f, s);
      continue;
    }
    if (!decided) {
      decided = 1;
      f->plain = !looks_like_header(s);
      f->has_column = f->plain && !other_column(&st);
      if (!f->plain) {
        rc = take_header(c, f, &st, s);
        continue;
      }
    }
    if (f->plain) {
      double v;
      samples_group *g;
      rc = parse_time(c, s, &v);
      if (rc == 0 && !(g = group_get(c, f, SAMPLES_PLAIN_GROUP, &st.last))) rc = -1;
      if (rc == 0) rc = other_column(&st) ? mark_blank(c, &st, 0) : push(c, g, v, 1, 0, NAN);
    } else {
      rc = take_row(c, f, &st, s);
    }
  }
  free(buf);
  if (rc == 0 && ferror(fp)) rc = fail(c, "read error");
  if (rc == 0 && !decided) {
    if (c->line == 0) c->line = 1;
    rc = fail(c, "no samples");
  }
  if (rc == 0 && f->ngroups == 0) rc = fail(c, "no samples after the header row");
  if (rc == 0 && !f->has_session) rc = take_session_none(c, f);
  samples_rowkey a, b;
  if (rc == 0 && samples_rowkeys_repeated(&st.keys, &a, &b)) {
    c->line = b.line;
    rc = fail(c, "the row of line %zu again (shape %s, session '%s', round %u, rep %lu): a session's "
              "rows merged twice?", a.line, f->groups[a.group].name, f->sessions[a.session],
              a.round, a.rep);
  }
  samples_rowkeys_free(&st.keys);
  if (rc == 0 && st.nblank) rc = drop_blank(c, f, &st);
  free(st.blank);
  return rc;
}

int samples_read(const char *path, samples_file *out, char *err, size_t errlen) {
  return samples_read_column(path, NULL, out, err, errlen);
}

int samples_read_column(const char *path, const char *column, samples_file *out, char *err,
                        size_t errlen) {
  memset(out, 0, sizeof *out);
  ctx_t c = {path, 0, err, errlen};
  FILE *fp = fopen(path, "r");
  if (!fp) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  int rc = read_lines(&c, fp, out, column ? column : "time_us");
  fclose(fp);
  if (rc == 0) {
    const char *v = samples_meta(out, "variant");
    out->path = xstrdup(path);
    out->variant = v && *v ? xstrdup(v) : file_stem(path);
    if (!out->path || !out->variant) rc = fail(&c, "out of memory");
  }
  if (rc) samples_free(out);
  return rc;
}

void samples_free(samples_file *f) {
  for (size_t i = 0; i < f->nmeta; i++) {
    free(f->meta[i].key);
    free(f->meta[i].value);
  }
  for (size_t i = 0; i < f->ngroups; i++) {
    free(f->groups[i].name);
    free(f->groups[i].t);
    free(f->groups[i].round);
    free(f->groups[i].session);
    free(f->groups[i].clk);
  }
  for (size_t i = 0; i < f->nunmeasured; i++) free(f->unmeasured[i]);
  free(f->unmeasured);
  for (size_t i = 0; i < f->nsessions; i++) free(f->sessions[i]);
  free(f->sessions);
  free(f->meta);
  free(f->groups);
  free(f->path);
  free(f->variant);
  memset(f, 0, sizeof *f);
}

const char *samples_meta(const samples_file *f, const char *key) {
  for (size_t i = f->nmeta; i-- > 0;)
    if (strcmp(f->meta[i].key, key) == 0) return f->meta[i].value;
  return NULL;
}

void samples_pause(const samples_file *f, char *out, size_t len) {
  const char *w = samples_meta(f, "settle_ms");
  if (!w || !*w) w = "0";
  snprintf(out, len, "%.*s", (int)strcspn(w, " \t"), w);
}

const char *samples_session_value(const samples_file *f, size_t s, const char *key, size_t *len) {
  if (s >= f->nsessions) return NULL;
  const char *name = f->sessions[s];
  size_t kl = strlen(key);
  for (size_t i = f->nmeta; i-- > 0;) {
    const char *k = f->meta[i].key;
    if (strncmp(k, "session.", 8) || strcmp(k + 8, name)) continue;
    // the value is "key=value" tokens separated by spaces
    for (const char *v = f->meta[i].value; (v = strstr(v, key)) != NULL; v++) {
      if ((v != f->meta[i].value && v[-1] != ' ') || v[kl] != '=') continue;
      v += kl + 1;
      *len = strcspn(v, " \t");
      return *len ? v : NULL;
    }
    return NULL;
  }
  return NULL;
}

int samples_plan_parse(const char *tag, unsigned long n[3]) {
  const char *x = strrchr(tag, '/');
  size_t name = x ? (size_t)(x - tag) : 0;
  if (!name || name > 40 ||
      strspn(tag, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-") != name)
    return -1;
  for (int i = 0; i < 3; i++) {
    if (!isdigit((unsigned char)x[1])) return -1;
    char *end;
    n[i] = strtoul(x + 1, &end, 10);
    x = end;
    if (*x != (i < 2 ? 'x' : '\0')) return -1;
  }
  return 0;
}

const char *samples_session_gpu(const samples_file *f, size_t s, size_t *len) {
  if (s >= f->nsessions) return NULL;
  const char *v = samples_session_value(f, s, "gpu_uuid", len);
  if (v) return *len == 7 && !strncmp(v, "unknown", 7) ? NULL : v;
  for (size_t i = 0; i < f->nmeta; i++)
    if (!strncmp(f->meta[i].key, "session.", 8) && !strcmp(f->meta[i].key + 8, f->sessions[s]))
      return NULL;  // the session's line names no GPU
  const char *g = f->nsessions == 1 ? samples_meta(f, "gpu_uuid") : NULL;
  if (!g || !*g || !strcmp(g, "unknown")) return NULL;
  *len = strlen(g);
  return g;
}

const samples_group *samples_group_find(const samples_file *f, const char *name) {
  for (size_t i = 0; i < f->ngroups; i++)
    if (strcmp(f->groups[i].name, name) == 0) return &f->groups[i];
  return NULL;
}

int samples_is_sample_file(const char *path) {
  static const char magic[] = "# cudadent42 samples";
  char line[sizeof magic] = "";
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  int yes = fgets(line, sizeof line, f) && !strcmp(line, magic);
  fclose(f);
  return yes;
}
