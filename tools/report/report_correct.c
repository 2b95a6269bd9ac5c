// report_correct.c — one GPU of a correctness-style experiment (REPORT_STYLE := correctness):
// instead of latency and comparison tables, a summary in words and one compact table with, per
// configuration, its flags (abbreviated), its gate verdict (gates.csv), the shapes it has samples
// for out of the experiment's shapes it was planned for (the harness times a shape only after
// it passed numerics) and its compute-sanitizer runs (sanitize.csv); then the configurations
// refused at compile time with their static_assert messages.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_form.h"
#include "report_parts.h"
#include "report_static.h"
#include "report_tmpl.h"
#include "report_words.h"

// short names of compile flags (reports/flag_names.csv: flag,short); a flag not there is shown
// as it is
typedef struct {
  rcsv t;
  int cf, cs;
} flagnames;

static void flagnames_load(gen *g, flagnames *fn) {
  static const char *const need[] = {"flag", "short", NULL};
  int ix[2];
  static_csv(g, "flag_names.csv", &fn->t, need, ix);
  fn->cf = ix[0], fn->cs = ix[1];
}

// FLAGS with "-D" dropped and known names shortened; used[k] set for each short name taken
static const char *abbrev_flags(const flagnames *fn, const char *flags, int *used) {
  char out[512] = "", *copy = strdup(flags), *save = NULL;
  if (!copy) abort();
  size_t n = 0;
  for (char *w = strtok_r(copy, " \t", &save); w && n < sizeof out; w = strtok_r(NULL, " \t", &save)) {
    if (!strncmp(w, "-D", 2)) w += 2;
    size_t len = strcspn(w, "=");
    const char *name = NULL;
    for (size_t k = 0; k < fn->t.nrows && !name; k++) {
      const char *f = rcsv_get(&fn->t, k, fn->cf);
      if (strlen(f) == len && !strncmp(w, f, len)) name = rcsv_get(&fn->t, k, fn->cs), used[k] = 1;
    }
    n += (size_t)snprintf(out + n, sizeof out - n, "%s%s%s", n ? " " : "", name ? name : "", name ? w + len : w);
  }
  free(copy);
  return fmt("%s", out);
}

// the shapes a sample file's header plans (a `launch.<shape>` or `work.<shape>` line each: the
// shapes its bench was given, those its describe accepts); 0 when the header names none
static int planned(const samples_file *f, const char *shape) {
  for (size_t i = 0; i < f->nmeta; i++) {
    const char *k = f->meta[i].key, *dot = strchr(k, '.');
    if (dot && (!strncmp(k, "launch.", 7) || !strncmp(k, "work.", 5)) && !strcmp(dot + 1, shape)) return 1;
  }
  return 0;
}

static int plans_any(const samples_file *f) {
  for (size_t i = 0; i < f->nmeta; i++)
    if (!strncmp(f->meta[i].key, "launch.", 7) || !strncmp(f->meta[i].key, "work.", 5)) return 1;
  return 0;
}

typedef struct {
  size_t runs, clean, smin, smax, nvar;
  strlist tools; // sorted
} santally;

// the sanitizer cell of variant V, and its findings as bullets into *find
static const char *san_cell(gen *g, const rcsv *s, const char *v, santally *t, strlist *find) {
  int cv = rcsv_col(s, "variant"), ct = rcsv_col(s, "tool"), cr = rcsv_col(s, "result"),
      cm = rcsv_col(s, "first_message");
  size_t runs = 0, clean = 0;
  strlist bad = {0};  // "`tool` (errors)", every one whole
  for (size_t r = 0; r < s->nrows; r++) {
    if (strcmp(rcsv_get(s, r, cv), v)) continue;
    const char *tool = rcsv_get(s, r, ct), *res = rcsv_get(s, r, cr);
    double errs = fld(g, s, r, "errors");
    runs++;
    if (!strcmp(res, "clean") && errs == 0) {
      clean++;
      continue;
    }
    strlist_add(&bad, fmt("`%s` (%.0f)", tool, errs));
    strlist_add(find, tmpl_str(g, "words", "san-finding",
                               (const char *const[]){"v", v, "tool", tool, "result", strcmp(res, "error") ? fmt("%s, ", res) : "",
                                                     "errors", fmt("%.0f", errs), "s", errs == 1 ? "" : "s", "message",
                                                     *rcsv_get(s, r, cm) ? fmt("`%s`", rcsv_get(s, r, cm)) : word(g, "san-no-message"),
                                                     NULL}));
  }
  t->runs += runs, t->clean += clean;
  const char *list = gen_join(&bad, ", ");
  strlist_free(&bad);
  if (!runs) return word(g, "san-not-run");
  return tmpl_str(g, "words", clean == runs ? "san-clean" : "san-errors",
                  (const char *const[]){"clean", fmt("%zu", clean), "runs", fmt("%zu", runs), "list", list, NULL});
}

// the shapes each run used, "N" or "A–B" over RANGE's rows (TOOL: NULL for every tool)
static const char *shape_range(gen *g, const rcsv *s, const char *tool) {
  int ct = rcsv_col(s, "tool");
  size_t lo = 0, hi = 0, n = 0;
  for (size_t r = 0; r < s->nrows; r++) {
    if (tool && strcmp(rcsv_get(s, r, ct), tool)) continue;
    size_t sh = (size_t)fld(g, s, r, "shapes");
    if (!n++ || sh < lo) lo = sh;
    if (sh > hi) hi = sh;
  }
  return lo == hi ? fmt("%zu", hi) : fmt("%zu–%zu", lo, hi);
}

// where the tools ran on shape counts of their own (a tool given its own list, SANITIZE_SHAPES_<TOOL>):
// "`a`, `b` on R1; `c` on R2", the tools grouped by their range; else ""
static const char *per_tool_shapes(gen *g, const rcsv *s, const strlist *tools) {
  strlist ranges = {0}, parts = {0};
  for (size_t i = 0; i < tools->n; i++)
    if (!strlist_has(&ranges, shape_range(g, s, tools->v[i]))) strlist_add(&ranges, shape_range(g, s, tools->v[i]));
  if (ranges.n > 1)
    for (size_t k = 0; k < ranges.n; k++) {
      strlist these = {0};
      for (size_t i = 0; i < tools->n; i++)
        if (!strcmp(shape_range(g, s, tools->v[i]), ranges.v[k])) strlist_add(&these, tools->v[i]);
      strlist_add(&parts, fmt("%s on %s", gen_join_code(&these, ", "), ranges.v[k]));
      strlist_free(&these);
    }
  const char *out = ranges.n > 1 ? tmpl_str(g, "correct", "sanitizer-shapes", (const char *const[]){"list", gen_join(&parts, "; "), NULL}) : "";
  strlist_free(&ranges), strlist_free(&parts);
  return out;
}

// "a, b, c" (items already marked up)
// the static_assert message of a gates.csv detail, or the detail as it is
static const char *assert_msg(const char *detail) {
  const char *pre = "static assertion failed with \"";
  size_t n = strlen(pre), len = strlen(detail);
  if (strncmp(detail, pre, n) || len <= n || detail[len - 1] != '"') return detail;
  return fmt("%.*s", (int)(len - n - 1), detail + n);
}

static void load_sanitize(gen *g, const egpu *x, rcsv *s, int *have, santally *t) {
  char p[4096];
  snprintf(p, sizeof p, "%s/sanitize.csv", x->dir);
  *have = gen_load_opt(g, p, s);
  if (!*have) return;
  static const char *const need[] = {"variant", "tool", "shapes", "result", "errors", NULL};
  int idx[5];
  if (rcsv_need(s, need, idx, g->err, sizeof g->err)) gen_die(g);
  for (size_t r = 0; r < s->nrows; r++) {
    size_t sh = (size_t)fld(g, s, r, "shapes");
    if (!r || sh < t->smin) t->smin = sh;
    if (sh > t->smax) t->smax = sh;
    if (!strlist_has(&t->tools, rcsv_get(s, r, idx[1]))) strlist_add(&t->tools, rcsv_get(s, r, idx[1]));
    size_t q = 0;
    while (q < r && strcmp(rcsv_get(s, q, idx[0]), rcsv_get(s, r, idx[0]))) q++;
    t->nvar += q == r;
  }
  strlist_sort(&t->tools);
}

// the tables of the full appendix: the configurations (CELLS, one list per column), the flag
// legend, the sanitizer findings and the configurations refused at compile time
static void correctness_tables(gen *g, const egpu *x, const strlist *all, const strlist cells[5],
                               const flagnames *fn, const int *used, const strlist *find, const strlist *refused) {
  const gt_table *gt = &x->gates;
  const int cx = gt_col(gt, "detail");
  const char *const xg[] = {"exp", x->exp, "gpu", x->gpu, NULL};
  tmpl_table(g, "correct", "caption-configs", "columns-configs", "p18p32p16rp18", xg);
  for (size_t i = 0; i < all->n; i++)
    doc_row(&g->d, (const char *const[]){cells[0].v[i], cells[1].v[i], cells[2].v[i], cells[3].v[i], cells[4].v[i]});
  doc_table_end(&g->d);
  strlist leg = {0};  // "short = `flags`", every one whole
  for (size_t k = 0; k < fn->t.nrows; k++) {
    const char *f = rcsv_get(&fn->t, k, fn->cf), *sh = rcsv_get(&fn->t, k, fn->cs);
    if (used[k] && strcmp(f, sh)) strlist_add(&leg, fmt("%s = `%s`", sh, f));
  }
  if (leg.n) tmpl_put(g, "correct", "flags", (const char *const[]){"legend", gen_join(&leg, ", "), NULL});
  strlist_free(&leg);
  if (find->n) {
    tmpl_put(g, "correct", "findings", NULL);
    for (size_t k = 0; k < find->n; k++) doc_item(&g->d, "%s", find->v[k]);
  }

  // refused configurations and their messages
  if (refused->n) {
    tmpl_table(g, "correct", "caption-refused", "columns-refused", "p30p66", xg);
    for (size_t i = 0; i < refused->n; i++) {
      const char *msg = "";
      for (size_t r = 0; cx >= 0 && r < gt->n; r++)
        if (!strcmp(gt->rows[r].f[0], refused->v[i]) && !gt->rows[r].pass && gt->rows[r].reason == GO_INVALID_CONFIG)
          msg = assert_msg(gt->rows[r].f[cx]);
      doc_row(&g->d, (const char *const[]){fmt("`%s`", refused->v[i]), *msg ? fmt("`%s`", msg) : word(g, "refused-no-message")});
    }
    doc_table_end(&g->d);
  }
}

void correctness_gpu(gen *g, const expvars *e, const egpu *x, corr_counts *counts) {
  rcsv san;
  int have_san;
  santally st = {0};
  load_sanitize(g, x, &san, &have_san, &st);
  const gt_table *gt = &x->gates;
  // every configuration but those refused at compile time, sorted
  strlist all = {0}, refused = {0}, other_rej = {0}, accepted = {0};
  for (size_t r = 0; r < (x->have_gates ? gt->n : 0); r++) {
    const char *v = gt->rows[r].f[0], *why = gt->rows[r].f[2];
    if (!gt->rows[r].pass) {
      if (gt->rows[r].reason == GO_INVALID_CONFIG) {
        strlist_add(&refused, v);
        continue;
      }
      strlist_add(&other_rej, fmt("`%s` (`%s`)", v, why));
    } else if (!strlist_has(&accepted, v)) strlist_add(&accepted, v);
    if (!strlist_has(&all, v)) strlist_add(&all, v);
  }
  for (size_t i = 0; i < x->names.n; i++) {
    if (!strlist_has(&all, x->names.v[i])) strlist_add(&all, x->names.v[i]);
    if (!x->have_gates && !strlist_has(&accepted, x->names.v[i])) strlist_add(&accepted, x->names.v[i]);
  }
  int csv = have_san ? rcsv_col(&san, "variant") : -1;
  for (size_t r = 0; have_san && r < san.nrows; r++)
    if (!strlist_has(&all, rcsv_get(&san, r, csv)) && !strlist_has(&refused, rcsv_get(&san, r, csv)))
      strlist_add(&all, rcsv_get(&san, r, csv));
  strlist_sort(&all), strlist_sort(&refused), strlist_sort(&other_rej), strlist_sort(&accepted);

  // rows first (the summary above the table needs their counts)
  flagnames fn;
  flagnames_load(g, &fn);
  int *used = calloc(fn.t.nrows + 1, sizeof *used);
  if (!used) abort();
  size_t full = 0, want_min = 0, want_max = 0, nwant = 0;
  strlist cells[5] = {{0}}, find = {0}, short_of = {0}; // the table's columns
  for (size_t i = 0; i < all.n; i++) {
    const char *v = all.v[i], *flags = fmt_none(), *gate = word(g, "not-gated");
    const samples_file *sf = NULL;
    for (size_t f = 0; f < x->names.n; f++)
      if (!strcmp(x->names.v[f], v)) sf = &x->files[f];
    if (sf && samples_meta(sf, "flags")) flags = fmt("`%s`", abbrev_flags(&fn, samples_meta(sf, "flags"), used));
    for (size_t r = 0; x->have_gates && r < gt->n; r++)
      if (!strcmp(gt->rows[r].f[0], v))
        gate = *gt->rows[r].f[2] ? fmt("%s: `%s`", gt->rows[r].f[1], gt->rows[r].f[2]) : gt->rows[r].f[1];
    // shapes of the experiment the variant was planned for, and those with samples
    int by_plan = sf && plans_any(sf);
    size_t want = 0, have = 0;
    strlist miss = {0};  // the shapes without samples, every one whole
    for (size_t s = 0; s < e->shapes.n; s++) {
      if (by_plan && !planned(sf, e->shapes.v[s])) continue;
      want++;
      const samples_group *gr = sf ? samples_group_find(sf, e->shapes.v[s]) : NULL;
      if (gr && gr->n) have++;
      else strlist_add(&miss, e->shapes.v[s]);
    }
    const char *missing = gen_join_code(&miss, ", ");
    strlist_free(&miss);
    const char *shapes = sf ? fmt("%zu/%zu", have, want) : word(g, "shapes-none");
    if (strlist_has(&accepted, v)) {
      if (sf && want && have == want) full++;
      else strlist_add(&short_of, tmpl_str(g, "words", sf ? "short-none-at" : "short-no-file",
                                           (const char *const[]){"v", v, "shapes", missing, NULL}));
      if (!nwant++ || want < want_min) want_min = want;
      if (want > want_max) want_max = want;
    }
    const char *sanc = have_san ? san_cell(g, &san, v, &st, &find) : fmt_none();
    const char *row[5] = {fmt("`%s`", v), flags, *gate ? gate : fmt_none(), shapes, sanc};
    for (int k = 0; k < 5; k++) strlist_add(&cells[k], row[k]);
  }

  if (counts) {  // the counts alone: nothing written
    *counts = (corr_counts){accepted.n, full, refused.n, have_san, st.clean, st.runs};
  } else {
    // summary in words
    const char *m = want_min == want_max && want_max == e->shapes.n
                        ? tmpl_str(g, "correct", "shapes-all", (const char *const[]){"n", fmt("%zu", want_max), NULL})
                    : want_min == want_max
                        ? tmpl_str(g, "correct", "shapes-dim", (const char *const[]){"n", fmt("%zu", want_max), NULL})
                        : tmpl_str(g, "correct", "shapes-range",
                                   (const char *const[]){"min", fmt("%zu", want_min), "max", fmt("%zu", want_max), NULL});
    const char *const nv[] = {"n", fmt("%zu", accepted.n), "shapes", m, "full", fmt("%zu", full),
                              "short", accepted.n && full != accepted.n ? gen_join(&short_of, ", ") : "", NULL};
    const char *numerics = tmpl_str(g, "correct", !accepted.n ? "numerics-none" : full != accepted.n ? "numerics-some"
                                                  : accepted.n == 2 ? "numerics-both" : "numerics-all", nv);
    const char *sanit = !have_san ? tmpl_str(g, "correct", "sanitizers-none", NULL)
                        : tmpl_str(g, "correct", "sanitizers",
                                   (const char *const[]){"clean", fmt("%zu", st.clean), "runs", fmt("%zu", st.runs),
                                                         "nvar", fmt("%zu", st.nvar), "ntools", fmt("%zu", st.tools.n),
                                                         "tools", gen_list(&st.tools),
                                                         "nshapes", st.smin == st.smax ? fmt("%zu", st.smax) : fmt("%zu–%zu", st.smin, st.smax),
                                                         "s", st.smax == 1 ? "" : "s", "pertool", per_tool_shapes(g, &san, &st.tools), NULL});
    const char *refu = tmpl_str(g, "correct", !refused.n ? "refused-none" : form_full(g) ? "refused" : "refused-short",
                                (const char *const[]){"n", fmt("%zu", refused.n), "s", refused.n == 1 ? "" : "s", NULL});
    char *rej = other_rej.n ? tmpl_text(g, "correct", "rejected", (const char *const[]){"list", gen_join(&other_rej, ", "), NULL}) : NULL;
    tmpl_put(g, "correct", "summary",
             (const char *const[]){"n", fmt("%zu", accepted.n), "s", accepted.n == 1 ? "" : "s", "numerics", numerics,
                                   "sanitizers", sanit, "refused", refu, "rejected", rej ? rej : "", NULL});
    free(rej);
    if (form_full(g)) {
      correctness_tables(g, x, &all, cells, &fn, used, &find, &refused);
      numerics_table(g, x);
    }
  }
  free(used);
  rcsv_free(&fn.t);
  strlist_free(&all), strlist_free(&refused), strlist_free(&other_rej), strlist_free(&accepted);
  for (int k = 0; k < 5; k++) strlist_free(&cells[k]);
  strlist_free(&find), strlist_free(&short_of), strlist_free(&st.tools);
  if (have_san) rcsv_free(&san);
}

