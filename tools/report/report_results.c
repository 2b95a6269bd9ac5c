// report_results.c — see report_results.h. loop1_results.json is one object whose fields the
// appendix reads are strings, numbers, booleans and two-number arrays at its top level; the
// nested ones (rejections, trial_log) are stepped over. A field is found by its key at depth 1.
#include "report_results.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv/csv_table.h"

// the whole of PATH, NUL-terminated (malloc'd), or NULL when it cannot be read
static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *b = malloc(cap);
  for (size_t k; b && (k = fread(b + n, 1, cap - n - 1, f)) > 0;) {
    n += k;
    if (cap - n < 2) b = realloc(b, cap *= 2);
  }
  fclose(f);
  if (b) b[n] = '\0';
  return b;
}

// the end of the string that opens at S (at its closing quote), or NULL
static const char *str_end(const char *s) {
  for (s++; *s && *s != '"'; s++)
    if (*s == '\\' && s[1]) s++;
  return *s ? s : NULL;
}

// the raw value of top-level field KEY in JSON text T: *len bytes from the return (a string's
// without its quotes), or NULL when there is none
static const char *jraw(const char *t, const char *key, size_t *len) {
  int depth = 0;
  for (const char *p = t; *p; p++) {
    if (*p == '"') {
      const char *e = str_end(p);
      if (!e) return NULL;
      const char *q = e + 1;
      while (isspace((unsigned char)*q)) q++;
      if (depth == 1 && *q == ':' && (size_t)(e - p - 1) == strlen(key) && !strncmp(p + 1, key, strlen(key))) {
        for (q++; isspace((unsigned char)*q); q++) {}
        if (*q == '"') {
          const char *qe = str_end(q);
          if (!qe) return NULL;
          *len = (size_t)(qe - q - 1);
          return q + 1;
        }
        int d = 0;
        const char *v = q;
        for (; *q && !(d == 0 && (*q == ',' || *q == '}')); q++) d += (*q == '[' || *q == '{') - (*q == ']' || *q == '}');
        while (q > v && isspace((unsigned char)q[-1])) q--;
        *len = (size_t)(q - v);
        return v;
      }
      p = e;
    } else depth += (*p == '{' || *p == '[') - (*p == '}' || *p == ']');
  }
  return NULL;
}

typedef struct {
  gen *g;
  const char *path, *text;
} jfile;

_Noreturn static void jdie(const jfile *j, const char *key, const char *what) {
  snprintf(j->g->err, sizeof j->g->err, "%s:0: field '%s' %s", j->path, key, what);
  gen_die(j->g);
}

// a string field (escapes dropped)
static const char *jstr(const jfile *j, const char *key, int required) {
  size_t n;
  const char *v = jraw(j->text, key, &n);
  if (!v) {
    if (required) jdie(j, key, "is missing");
    return NULL;
  }
  char *s = malloc(n + 1), *o = s;
  if (!s) abort();
  for (size_t i = 0; i < n; i++) {
    if (v[i] == '\\' && i + 1 < n) i++;
    *o++ = v[i];
  }
  *o = '\0';
  return s;
}

static double jnum_text(const jfile *j, const char *key, const char *s) {
  char *end;
  errno = 0;
  double x = strtod(s, &end);
  while (isspace((unsigned char)*end)) end++;
  if (end == s || errno || *end) jdie(j, key, fmt("'%s' is not a number", s));
  return x;
}

static double jnum(const jfile *j, const char *key) {
  return jnum_text(j, key, jstr(j, key, 1));
}

// a two-number array [lo, hi]
static void jpair(const jfile *j, const char *key, double *lo, double *hi) {
  const char *s = jstr(j, key, 1);
  char a[128], b[128];
  if (sscanf(s, " [ %127[^, ] , %127[^] ] ]", a, b) != 2) jdie(j, key, fmt("'%s' is not [lo, hi]", s));
  *lo = jnum_text(j, key, a), *hi = jnum_text(j, key, b);
}

int results_loop1(gen *g, const char *exp, loop1_result *r) {
  memset(r, 0, sizeof *r);
  if (!g->results) return 0;
  snprintf(r->path, sizeof r->path, "%s/%s/loop1_results.json", g->results, exp);
  char *text = slurp(r->path);
  if (!text) return 0;
  jfile j = {g, r->path, text};
  r->shape = jstr(&j, "shape", 1), r->gpu = jstr(&j, "gpu", 1);
  r->best_config = jstr(&j, "best_config", 1), r->baseline = jstr(&j, "baseline", 1);
  r->verdict = jstr(&j, "verdict", 1), r->level = jstr(&j, "level", 1);
  r->samples_of = jstr(&j, "confirmation_samples_of", 0);  // only when CONFIRM_FROM judged others'
  r->delta_source = jstr(&j, "delta_source", 0), r->criterion = jstr(&j, "criterion", 1);
  const char *ok = jstr(&j, "success", 1);
  if (strcmp(ok, "true") && strcmp(ok, "false")) jdie(&j, "success", fmt("'%s' is not true or false", ok));
  r->success = !strcmp(ok, "true");
  r->best_ms = jnum(&j, "best_latency_ms"), r->base_ms = jnum(&j, "baseline_latency_ms");
  jpair(&j, "ci_95", &r->best_lo, &r->best_hi);
  r->speedup = jnum(&j, "speedup");
  jpair(&j, "speedup_ci_95", &r->speedup_lo, &r->speedup_hi);
  r->delta = jnum(&j, "delta");
  r->n_sessions = (long)jnum(&j, "n_sessions"), r->n_rounds = (long)jnum(&j, "n_rounds");
  r->candidates = (long)jnum(&j, "candidates_found"), r->rejected = (long)jnum(&j, "rejected_count");
  free(text);
  return 1;
}

size_t results_repro(gen *g, const char *exp, repro_run **runs) {
  *runs = NULL;
  if (!g->results) return 0;
  char dir[4096], p[4200];
  snprintf(dir, sizeof dir, "%s/%s", g->results, exp);
  strlist sub = {0};
  subdirs(dir, &sub);
  size_t n = 0;
  for (size_t k = 0; k < sub.n; k++) {
    repro_run run;
    memset(&run, 0, sizeof run);
    run.run = strdup(sub.v[k]);
    snprintf(p, sizeof p, "%s/%s/claims.csv", dir, sub.v[k]);
    run.have_claims = gen_load_opt(g, p, &run.claims);
    snprintf(p, sizeof p, "%s/%s/times.csv", dir, sub.v[k]);
    run.have_times = gen_load_opt(g, p, &run.times);
    if (!run.have_claims && !run.have_times) {
      free(run.run);
      continue;
    }
    *runs = realloc(*runs, (n + 1) * sizeof **runs);
    if (!*runs) abort();
    (*runs)[n++] = run;
  }
  strlist_free(&sub);
  return n;
}
