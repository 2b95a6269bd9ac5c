// report_setup.c — see report_setup.h. Words: reports/templates/setup.txt.
#include "report_setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_form.h"
#include "report_parts.h"
#include "report_tmpl.h"
#include "report_words.h"

#define T "setup"

// the distinct values of KEY in the files of XS, a file without it counted as DFLT (NULL: not counted)
static const char *values_or(const egpu *xs, size_t n, const char *key, const char *dflt) {
  strlist v = {0};
  for (size_t i = 0; i < n; i++)
    for (size_t f = 0; f < xs[i].names.n; f++) {
      const char *m = samples_meta(&xs[i].files[f], key);
      if (!m) m = dflt;
      if (m && !strlist_has(&v, m)) strlist_add(&v, m);
    }
  strlist_sort(&v);
  char b[256] = "";
  size_t u = 0;
  for (size_t k = 0; k < v.n && u < sizeof b; k++) u += (size_t)snprintf(b + u, sizeof b - u, "%s%s", k ? ", " : "", v.v[k]);
  strlist_free(&v);
  return fmt("%s", b);
}

const char *setup_meta_values(const egpu *xs, size_t n, const char *key) { return values_or(xs, n, key, NULL); }

// how many of the files of XS (N) hold a header key starting with PREFIX, and how many files in all
static void with_prefix(const egpu *xs, size_t n, const char *prefix, size_t *with, size_t *all) {
  *with = *all = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t f = 0; f < xs[i].names.n; f++) {
      const samples_file *s = &xs[i].files[f];
      int has = 0;
      for (size_t m = 0; m < s->nmeta && !has; m++) has = !strncmp(s->meta[m].key, prefix, strlen(prefix));
      *with += has, *all += 1;
    }
}

// "yes", "no" or "in K of N files"
static const char *share(gen *g, size_t with, size_t all) {
  return with == all ? word(g, "setup-yes") : !with ? word(g, "setup-no")
                                               : tmpl_str(g, T, "some", (const char *const[]){"k", fmt("%zu", with), "n", fmt("%zu", all), NULL});
}

static const char *or_none(const char *s) { return *s ? s : fmt_none(); }

void setup_table(gen *g, const egpu *xs, size_t n, const strlist *only) {
  int open = 0;
  for (size_t i = 0, j; i < n; i = j) {
    for (j = i + 1; j < n && !strcmp(xs[j].exp, xs[i].exp); j++) {}
    if (only && !strlist_has(only, xs[i].exp)) continue;
    // the main appendix: the GPUs of the code that ships (those whose files are not all retired)
    egpu *cur = malloc((j - i) * sizeof *cur);
    if (!cur) gen_die(g);
    size_t nc = 0, files = 0;
    for (size_t k = i; k < j; k++)
      if (form_full(g) || retired_state_gpu(g, xs[k].exp, &xs[k]) != 1) cur[nc++] = xs[k], files += xs[k].names.n;
    if (!files) {  // a gate table alone, or retired data in the main appendix
      free(cur);
      continue;
    }
    if (!open++) tmpl_table(g, T, "caption", "columns", "llrrrllrll", NULL);
    size_t kw, kt, cw, ct;
    with_prefix(cur, nc, "kernel_time.", &kw, &kt);
    with_prefix(cur, nc, "clock_wait.", &cw, &ct);
    // (a file older than the `process` key was timed in a process per variant: own)
    const char *proc = values_or(cur, nc, "process", word(g, "setup-own"));
    doc_row(&g->d, (const char *const[]){fmt("`%s`", xs[i].exp), or_none(setup_meta_values(cur, nc, "l2_flush")),
                                         or_none(setup_meta_values(cur, nc, "graph_calls")),
                                         or_none(setup_meta_values(cur, nc, "warmup")),
                                         or_none(setup_meta_values(cur, nc, "reps")),
                                         proc, or_none(setup_meta_values(cur, nc, "order")),
                                         values_or(cur, nc, "settle_ms", "0"),  // (no key: before the pause existed)
                                         share(g, kw, kt), share(g, cw, ct), NULL});
    free(cur);
  }
  if (open) {
    doc_table_end(&g->d);
    tmpl_put(g, T, "after", NULL);
  }
}
