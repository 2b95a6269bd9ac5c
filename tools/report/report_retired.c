// report_retired.c — what the appendix says of retired sample files (published from earlier code,
// kept as measured, never to be read as timings of the code that ships): the heading of an
// experiment with retired files is marked in both documents; the full one says when and why in
// the experiment's section, and both say it for all of them at the head of the results (the main
// one has no room for a note per experiment). Input: report_gen --retired CSV, the summary of
// DATA/RETIRED that `published summary` writes (tools/published/published_record.h;
// exp,files,date,reason,gpus: per experiment the files retired, the latest day and its reason, and
// each GPU's files retired, by which A.0's groups of an experiment on a GPU are marked); text:
// reports/templates/exp.txt (head-retired*, retired*).
#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_form.h"
#include "report_parts.h"
#include "report_sections.h"
#include "report_tmpl.h"

// the summary into *t with its columns in c; 0 when there is none (no --retired)
static int load(gen *g, rcsv *t, int c[4]) {
  if (!g->retired) return 0;
  if (rcsv_read(g->retired, t, g->err, sizeof g->err) ||
      rcsv_need(t, (const char *const[]){"exp", "files", "date", "reason", NULL}, c, g->err, sizeof g->err))
    gen_die(g);
  return 1;
}

// the row of EXP, or -1; its file count in *files
static long row_of(gen *g, const rcsv *t, const int c[4], const char *exp, double *files) {
  for (size_t r = 0; r < t->nrows; r++) {
    if (strcmp(rcsv_get(t, r, c[0]), exp)) continue;
    if (rcsv_num(t, r, c[1], files, g->err, sizeof g->err)) gen_die(g);
    return (long)r;
  }
  return -1;
}

static size_t samples_of(const egpu *xs, size_t n) {
  size_t total = 0;
  for (size_t k = 0; k < n; k++) total += xs[k].paths.n;
  return total;
}

int retired_state(gen *g, const char *exp, const egpu *xs, size_t n) {
  rcsv t;
  int c[4];
  double files = 0;
  if (!load(g, &t, c)) return -1;
  long r = row_of(g, &t, c, exp, &files);
  rcsv_free(&t);
  return r < 0 ? -1 : files >= (double)samples_of(xs, n);
}

int retired_state_gpu(gen *g, const char *exp, const egpu *x) {
  rcsv t;
  int c[4];
  double files = 0;
  if (!load(g, &t, c)) return -1;
  long r = row_of(g, &t, c, exp, &files);
  int cg = rcsv_col(&t, "gpus"), st = -1;
  // the row's GPUs, `gpu:files` separated by spaces
  const char *p = r >= 0 && cg >= 0 ? rcsv_get(&t, (size_t)r, cg) : "";
  const size_t glen = strlen(x->gpu);
  while (*p) {
    p += strspn(p, " ");
    const size_t k = strcspn(p, " ");
    const char *colon = memchr(p, ':', k);
    if (colon && (size_t)(colon - p) == glen && !strncmp(p, x->gpu, glen)) {
      st = strtod(colon + 1, NULL) >= (double)x->paths.n;
      break;
    }
    p += k;
  }
  rcsv_free(&t);
  return st;
}

void retired_section(gen *g, const char *exp, const egpu *xs, size_t n) {
  const int st = retired_state(g, exp, xs, n);
  tmpl_put(g, "exp", st < 0 ? "head" : st ? "head-retired" : "head-retired-some", (const char *const[]){"exp", exp, NULL});
  rcsv t;
  int c[4];
  double files = 0;
  if (st < 0 || !form_full(g) || !load(g, &t, c)) return;
  long r = row_of(g, &t, c, exp, &files);
  tmpl_put(g, "exp", st ? "retired" : "retired-some",
           (const char *const[]){"date", rcsv_get(&t, (size_t)r, c[2]), "reason", rcsv_get(&t, (size_t)r, c[3]), "n",
                                 fmt("%.0f", files), "total", fmt("%zu", samples_of(xs, n)), NULL});
  rcsv_free(&t);
}

void retired_intro(gen *g, const strlist *exps) {
  rcsv t;
  int c[4];
  if (!load(g, &t, c)) return;
  // a sentence per day and reason, naming its experiments (those with data in this appendix):
  // "Retired on DAY (`a`, `b`): REASON."
  strlist when = {0}, names = {0}, reasons = {0};
  for (size_t e = 0; e < exps->n; e++) {
    double files;
    long r = row_of(g, &t, c, exps->v[e], &files);
    if (r < 0) continue;
    const char *day = rcsv_get(&t, (size_t)r, c[2]), *why = rcsv_get(&t, (size_t)r, c[3]);
    const char *w = fmt("%s\n%s", day, why);
    size_t k = 0;
    while (k < when.n && strcmp(when.v[k], w)) k++;
    if (k == when.n) {
      strlist_add(&when, w);
      strlist_add(&names, fmt("%s (`%s`", day, exps->v[e]));
      strlist_add(&reasons, why);
    } else {
      const char *joined = fmt("%s, `%s`", names.v[k], exps->v[e]);
      free(names.v[k]);
      names.v[k] = strdup(joined);
    }
  }
  strlist clauses = {0};
  for (size_t k = 0; k < when.n; k++) strlist_add(&clauses, fmt("Retired on %s): %s%s", names.v[k], reasons.v[k], reasons.v[k][0] && reasons.v[k][strlen(reasons.v[k]) - 1] == '.' ? "" : "."));
  if (clauses.n)
    tmpl_put(g, "exp", "retired-intro", (const char *const[]){"when", gen_join(&clauses, " "), NULL});
  strlist_free(&when);
  strlist_free(&names);
  strlist_free(&reasons);
  strlist_free(&clauses);
  rcsv_free(&t);
}

const char *retired_code_of(const egpu *x) {
  const char *any = NULL;
  for (size_t i = 0; i < x->names.n; i++) {
    const char *c = samples_meta(&x->files[i], "code");
    if (!c) continue;
    if (!any) any = c;
    if (!strncmp(c, "kernels:", 8)) return fmt("%.*s", (int)strcspn(c, " "), c);
  }
  return any ? fmt("%.*s", (int)strcspn(any, " "), any) : "";
}

const char *primary_retired_short(gen *g, const char *exp, const egpu *x) {
  const int st = retired_state_gpu(g, exp, x);
  return st < 0 ? "" : tmpl_str(g, "primary", st ? "group-retired" : "group-retired-some", NULL);
}

const char *primary_retired_mark(gen *g, const char *exp, const egpu *x) {
  const int st = retired_state_gpu(g, exp, x);
  if (st < 0) return "";
  if (!form_full(g) || !retired_code_of(x)[0]) return tmpl_str(g, "primary", st ? "group-retired" : "group-retired-some", NULL);
  return tmpl_str(g, "primary", st ? "group-retired-code" : "group-retired-some-code", (const char *const[]){"code", retired_code_of(x), NULL});
}
