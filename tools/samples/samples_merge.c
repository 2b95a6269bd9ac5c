// samples_merge.c — see samples_merge.h.
#include "samples_merge.h"

#include "samples.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

// The per-shape counters of the rep renumbering (few shapes per file: a list, last hit first).
typedef struct {
  char **key;
  unsigned long *count;
  size_t n, last;
} counters;

static long next_count(counters *c, const char *key, size_t len) {
  if (c->last < c->n && strlen(c->key[c->last]) == len && !memcmp(c->key[c->last], key, len))
    return (long)c->count[c->last]++;
  for (size_t i = 0; i < c->n; i++)
    if (strlen(c->key[i]) == len && !memcmp(c->key[i], key, len)) return (long)c->count[c->last = i]++;
  char **k = realloc(c->key, (c->n + 1) * sizeof *k);
  if (k) c->key = k;
  unsigned long *v = k ? realloc(c->count, (c->n + 1) * sizeof *v) : NULL;
  if (v) c->count = v;
  char *s = v ? malloc(len + 1) : NULL;
  if (!s) return -1;
  memcpy(s, key, len);
  s[len] = '\0';
  c->key[c->n] = s;
  c->count[c->n] = 1;
  c->last = c->n++;
  return 0;
}

static void counters_free(counters *c) {
  for (size_t i = 0; i < c->n; i++) free(c->key[i]);
  free(c->key);
  free(c->count);
}

// The K-th (1-based) blank-separated word of s as [*w, *w + *len); empty when there is none.
static void word(const char *s, unsigned k, const char **w, size_t *len) {
  *w = "", *len = 0;
  for (unsigned i = 1; s && *s; i++) {
    while (*s && isspace((unsigned char)*s)) s++;
    if (!*s) return;
    size_t n = 0;
    while (s[n] && !isspace((unsigned char)s[n])) n++;
    if (i == k) {
      *w = s, *len = n;
      return;
    }
    s += n;
  }
}

// The value of a "# key: value" line (the line itself when it is not of that form).
static const char *meta_value(const char *line) {
  const char *colon = strchr(line, ':');
  if (line[0] != '#' || line[1] != ' ' || !colon) return line;
  return colon[1] == ' ' ? colon + 2 : colon + 1;
}

// Whether the key of a '#' line (from its third character up to the first ':') is KEY.
static int meta_key_is(const char *line, const char *key) {
  size_t n = strlen(key);
  return strlen(line) >= 2 && strncmp(line + 2, key, n) == 0 && (line[2 + n] == ':' || line[2 + n] == '\0');
}

typedef struct {
  const samples_merge_opts *o;
  FILE *out;
  char *date, *git_rev, *order, *first;  // round 1's `# date:`, `# git_rev:`, `# order:`, CSV header row
  size_t timecol;                // 1-based column of `time_us` (0: none)
  size_t repcol;                 // 1-based column of `rep` in the header row (0: none)
  counters seen;
} merge_t;

static int remember(char **slot, const char *s) {
  free(*slot);
  *slot = malloc(strlen(s) + 1);
  if (!*slot) return -1;
  strcpy(*slot, s);
  return 0;
}

// Round 1's header row: the lines that go before it, then the row with the new columns.
static int take_first_header(merge_t *m, const char *line) {
  const samples_merge_opts *o = m->o;
  fprintf(m->out, "# rounds: %u\n", o->rounds);
  if (o->rounds > 1 && o->last_temp && *o->last_temp)
    fprintf(m->out, "# temp_end_c_last_round: %s\n", o->last_temp);
  fprintf(m->out, "# session.%s: date=%s host=%s gpu_uuid=%s git_rev=%s rounds=%u order_seed=%s%s%s%s%s%s%s\n",
          o->session, m->date ? m->date : o->fallback_date, o->host, o->uuid,
          m->git_rev ? m->git_rev : "unknown", o->rounds, o->seed,
          m->order ? " order=" : "", m->order ? m->order : "",
          o->machine && *o->machine ? " machine=" : "", o->machine && *o->machine ? o->machine : "",
          o->plan && *o->plan ? " plan=" : "", o->plan && *o->plan ? o->plan : "");
  fprintf(m->out, "%s,round,session,position\n", line);
  size_t col = 1;
  for (const char *s = line;; col++) {
    size_t n = strcspn(s, ",");
    if (n == 3 && !memcmp(s, "rep", 3)) m->repcol = col;
    if (!s[n]) break;
    s += n + 1;
  }
  m->timecol = samples_csv_column(line, "time_us");
  return remember(&m->first, line);
}

// The sample time of a row (field col, 1-based; 0: no time column) by the reader's rule: NULL
// when it holds, else the message "NAME:LINE: 'TOKEN' what" in err.
static const char *row_time(const char *line, size_t col, const char *name, size_t lineno, char *err,
                            size_t errlen) {
  if (!col) return NULL;
  char tok[64];
  const char *f = samples_csv_field(line, col, tok, sizeof tok);
  const char *why = f ? samples_time_check(f, NULL) : "is not a number (longer than any time)";
  if (why) snprintf(err, errlen, "%s:%zu: '%.40s' %s", name, lineno, tok, why);
  return why;
}

// A row of round f: its fields with rep renumbered, then round, session and position.
static int take_row(merge_t *m, const char *line, unsigned f) {
  const char *w;
  size_t wl;
  word(m->o->positions, f, &w, &wl);
  size_t key_len = strcspn(line, ",");
  long count = 0;
  if (m->repcol && (count = next_count(&m->seen, line, key_len)) < 0) return -1;
  if (!*line) {  // no field at all: only a renumbered first column shows
    if (m->repcol == 1) fprintf(m->out, "%ld", count);
  } else {
    size_t col = 1;
    for (const char *s = line;; col++) {
      size_t n = strcspn(s, ",");
      if (col > 1) putc(',', m->out);
      if (col == m->repcol) fprintf(m->out, "%ld", count);
      else fwrite(s, 1, n, m->out);
      if (!s[n]) break;
      s += n + 1;
    }
  }
  fprintf(m->out, ",%u,%s,%.*s\n", f, m->o->session, (int)wl, w);
  return 0;
}

int samples_merge(FILE *const in[], const char *const names[], size_t n, const samples_merge_opts *o,
                  FILE *out, char *err, size_t errlen) {
  merge_t m = {.o = o, .out = out};
  char *buf = NULL;
  size_t cap = 0;
  unsigned f = 0;
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    int started = 0, hdr = 0;
    size_t lineno = 0;
    ssize_t len;
    while (rc == 0 && (len = getline(&buf, &cap, in[i])) >= 0) {
      lineno++;
      if (len && buf[len - 1] == '\n') buf[--len] = '\0';
      if (!started) started = 1, f++;
      if (buf[0] == '#') {
        if (f != 1) continue;
        fprintf(out, "%s\n", buf);
        if (meta_key_is(buf, "date")) rc = remember(&m.date, meta_value(buf));
        else if (meta_key_is(buf, "git_rev")) rc = remember(&m.git_rev, meta_value(buf));
        else if (meta_key_is(buf, "order")) rc = remember(&m.order, meta_value(buf));
      } else if (!hdr) {
        hdr = 1;
        if (f == 1) rc = take_first_header(&m, buf);
        else if (strcmp(buf, m.first ? m.first : "") != 0) {
          snprintf(err, errlen, "measure: %s: round %u has columns %s, round 1 %s", o->variant, f, buf,
                   m.first ? m.first : "");
          rc = SAMPLES_MERGE_COLUMNS;
        }
      } else if (row_time(buf, m.timecol, names[i], lineno, err, errlen)) {
        rc = SAMPLES_MERGE_TIME;
        break;
      } else {
        rc = take_row(&m, buf, f);
      }
      if (rc < 0) snprintf(err, errlen, "%s: out of memory", names[i]);
    }
    if (rc == 0 && ferror(in[i])) rc = -1, snprintf(err, errlen, "%s: read error", names[i]);
  }
  free(buf);
  free(m.date), free(m.git_rev), free(m.order), free(m.first);
  counters_free(&m.seen);
  return rc;
}

// The lines of f through take(line, arg); stops early when take returns nonzero. -1 on a read error.
static int each_line(FILE *f, int (*take)(const char *, void *), void *arg) {
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len;
  int rc = 0;
  while (rc == 0 && (len = getline(&buf, &cap, f)) >= 0) {
    if (len && buf[len - 1] == '\n') buf[--len] = '\0';
    rc = take(buf, arg);
  }
  free(buf);
  return rc == 0 && ferror(f) ? -1 : rc;
}

typedef struct {
  FILE *out;
  char *sessions;   // NEW's `# session.` lines, each with its newline
  size_t nsessions;
  char *row;        // NEW's CSV header row
  int seen;         // a line not starting with '#' was seen in this pass
  char dup[128];    // the id of a session of NEW that OLD already holds ("" if none)
  size_t timecol, lineno;  // NEW's time_us column (1-based; 0: none), the line being read
  const char *new_name;
  char *err;
  size_t errlen;
} append_t;

static int is_session_line(const char *line) { return strncmp(line, "# session.", 10) == 0; }

static int new_header(const char *line, void *arg) {
  append_t *a = arg;
  if (is_session_line(line)) {
    size_t n = strlen(line);
    char *s = realloc(a->sessions, a->nsessions + n + 2);
    if (!s) return -1;
    memcpy(s + a->nsessions, line, n);
    s[a->nsessions + n] = '\n';
    s[a->nsessions += n + 1] = '\0';
    a->sessions = s;
  } else if (line[0] == '#') {
    fprintf(a->out, "%s\n", line);
  } else if (!a->row || !*a->row) {
    if (remember(&a->row, line)) return -1;
  }
  return 0;
}

// 1 when NEW's session lines hold the session id of OLD's session line `line` (into a->dup)
static int already_there(append_t *a, const char *line) {
  size_t n = strcspn(line, ":");  // "# session.<id>" up to the colon
  for (const char *s = a->sessions; s && *s; s += strcspn(s, "\n") + 1)
    if (!strncmp(s, line, n) && s[n] == ':') {
      snprintf(a->dup, sizeof a->dup, "%.*s", (int)(n - 10 < 100 ? n - 10 : 100), line + 10);
      return 1;
    }
  return 0;
}

static int old_body(const char *line, void *arg) {
  append_t *a = arg;
  if (is_session_line(line) && already_there(a, line)) return 1;  // (stops the pass)
  if (is_session_line(line)) fprintf(a->out, "%s\n", line);
  else if (line[0] != '#' && !a->seen++)
    fprintf(a->out, "%s%s\n", a->sessions ? a->sessions : "", a->row ? a->row : "");
  else if (line[0] != '#') fprintf(a->out, "%s\n", line);
  return 0;
}

static int new_rows(const char *line, void *arg) {
  append_t *a = arg;
  a->lineno++;
  if (line[0] != '#' && a->seen++) {
    if (row_time(line, a->timecol, a->new_name, a->lineno, a->err, a->errlen)) return 2;
    fprintf(a->out, "%s\n", line);
  }
  return 0;
}

int samples_append(FILE *old, FILE *new_, const char *old_name, const char *new_name, FILE *out,
                   char *err, size_t errlen) {
  append_t a = {.out = out};
  const char *who = new_name, *why = "read error or out of memory";
  if (!each_line(new_, new_header, &a) && !(why = a.row ? NULL : "no CSV header row")) {
    who = old_name, why = "read error or out of memory";
    int rc = each_line(old, old_body, &a);
    if (rc == 1) {
      snprintf(err, errlen, "%s: session %s is already in %s", new_name, a.dup, old_name);
      free(a.sessions);
      free(a.row);
      return SAMPLES_APPEND_DUPLICATE;
    }
    if (!rc && !(why = a.seen ? NULL : "no CSV header row")) {
      who = new_name, why = "read error or out of memory";
      a.seen = 0;
      rewind(new_);
      a.timecol = samples_csv_column(a.row, "time_us");
      a.new_name = new_name, a.err = err, a.errlen = errlen;
      int r = each_line(new_, new_rows, &a);
      if (r == 2) {  // a time the readers refuse: err holds where
        free(a.sessions);
        free(a.row);
        return SAMPLES_MERGE_TIME;
      }
      if (!r) why = NULL;
    }
  }
  if (why) snprintf(err, errlen, "%s: %s", who, why);
  free(a.sessions);
  free(a.row);
  return why ? -1 : 0;
}
