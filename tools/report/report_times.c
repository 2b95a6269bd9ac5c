// report_times.c — see report_times.h. Every number is a field of summary-kernel.csv or
// compare-kernel.csv; every version as report_libver reads it from a sample file's header.
// Words: reports/templates/times.txt.
#include "report_times.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_hrows.h"
#include "report_libver.h"
#include "report_pick.h"
#include "report_tally.h"
#include "report_tmpl.h"

#define T "times"

int times_any_kernel(const egpu *xs, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (gen_has_kernel(&xs[i])) return 1;
  return 0;
}

const char *times_best_kernel(gen *g, const expvars *e, const egpu *x, const char *lib, const char *best, const char *shape) {
  const char *kb = x->have_sumk ? pick_variant(&x->sumk, &x->names, e, "@ours", shape) : NULL;
  if (!kb || !strcmp(kb, best)) return times_kernel_speedup(g, x, lib, best, shape);
  const char *sp = times_kernel_speedup(g, x, lib, kb, shape);
  return !strcmp(sp, fmt_none()) ? sp : tmpl_str(g, T, "best-kernel-other", (const char *const[]){"x", sp, "v", kb, NULL});
}

const char *times_kernel_speedup(gen *g, const egpu *x, const char *base, const char *cand, const char *shape) {
  long r = x->have_cmpk ? cmp_row(&x->cmpk, base, cand, shape) : -1;
  if (r < 0) return fmt_none();
  const char *c = xci(fld(g, &x->cmpk, (size_t)r, "speedup"), fld(g, &x->cmpk, (size_t)r, "speedup_lo"),
                      fld(g, &x->cmpk, (size_t)r, "speedup_hi"));
  // the kernel time's own verdict (the same rules on kernel time) after its CI
  const int cv = rcsv_col(&x->cmpk, "verdict");
  const char *v = cv < 0 ? "" : rcsv_get(&x->cmpk, (size_t)r, cv);
  return *v ? fmt("%s %s", c, v) : c;
}

const char *times_kernel_median(gen *g, const egpu *x, const char *v, const char *shape) {
  long r = x->have_sumk ? sum_row_of(&x->sumk, v, shape) : -1;
  if (r < 0) return fmt_none();
  return ci(fld(g, &x->sumk, (size_t)r, "median"), fld(g, &x->sumk, (size_t)r, "ci_lo"), fld(g, &x->sumk, (size_t)r, "ci_hi"));
}

const char *times_key_kernel(gen *g, const expvars *e, const egpu *x) {
  if (!gen_has_kernel(x) || !x->have_cmpk) return "";
  strlist shapes = {0};
  hrow *h = NULL;
  size_t nh = hrows_of(e, x, &shapes, &h), n = 0;
  tally t = {0};
  double lo = INFINITY, hi = -INFINITY;
  int cv = rcsv_col(&x->cmpk, "verdict");
  for (size_t i = 0; cv >= 0 && i < nh; i++) {
    // the fastest library on kernel time at the shape, not the call time's (x->sumk)
    const char *kb = x->have_sumk ? pick_variant(&x->sumk, &x->names, e, "@lib", h[i].shape) : NULL;
    long r = !kb ? -1 : cmp_row(&x->cmpk, kb, h[i].cand, h[i].shape);
    if (r < 0) continue;
    n++;
    tally_add(&t, rcsv_get(&x->cmpk, (size_t)r, cv));
    double sp = fld(g, &x->cmpk, (size_t)r, "speedup");
    lo = sp < lo ? sp : lo, hi = sp > hi ? sp : hi;
  }
  free(h);
  strlist_free(&shapes);
  const char *const v[] = {"n", fmt("%zu", n), "of", fmt("%zu", nh), "fast", fmt("%zu", t.fast), "same", fmt("%zu", t.same),
                           "amb", fmt("%zu", t.amb), "slow", fmt("%zu", t.slow), "lo", xfmt(lo), "hi", xfmt(hi), NULL};
  return n ? fmt(" %s", tmpl_str(g, T, n == 1 ? "key-kernel-one" : "key-kernel", v)) : fmt(" %s", tmpl_str(g, T, "key-kernel-none", v));
}

const char *times_runtime(gen *g, const samples_file *f) {
  const char *rt = samples_meta(f, "cuda_runtime");
  return rt ? tmpl_str(g, T, "runtime", (const char *const[]){"v", rt, NULL}) : NULL;
}

// whether file f is a library runner's (its code id is not our kernels')
static int runner_file(const samples_file *f) {
  const char *code = samples_meta(f, "code");
  return code && strncmp(code, "kernels:", 8) != 0;
}

void times_libraries(gen *g, const kc_exp *es, size_t n) {
  strlist libs = {0}, vers = {0};  // a library each, and its versions joined (", ")
  int any = 0;
  for (size_t k = 0; k < n; k++) {
    if (!es[k].n || es[k].e->correctness) continue;
    any |= times_any_kernel(es[k].xs, es[k].n);
    for (size_t i = 0; i < es[k].n; i++) {
      const egpu *x = &es[k].xs[i];
      for (size_t f = 0; f < x->names.n; f++) {
        const char *v = x->names.v[f];
        if (!strlist_has(&es[k].e->libraries, v) && !runner_file(&x->files[f])) continue;
        if (strchr(v, '.')) continue;  // <lib>-<backend>.<suffix>: a second name of one baseline (an A/A's)
        strlist got = {0};
        lib_versions(&x->files[f], &got);
        const char *rt = times_runtime(g, &x->files[f]);
        if (!got.n && rt) strlist_add(&got, rt);
        size_t j = 0;
        while (j < libs.n && strcmp(libs.v[j], v)) j++;
        if (j == libs.n) strlist_add(&libs, v), strlist_add(&vers, "");
        for (size_t t = 0; t < got.n; t++)
          if (!strstr(vers.v[j], got.v[t])) {
            char *old = vers.v[j];
            vers.v[j] = strdup(*old ? fmt("%s, %s", old, got.v[t]) : got.v[t]);
            free(old);
          }
        strlist_free(&got);
      }
    }
  }
  // libraries of the same versions named together, in order of first appearance
  strlist items = {0}, done = {0};
  for (size_t j = 0; j < libs.n; j++) {
    if (strlist_has(&done, vers.v[j])) continue;
    strlist_add(&done, vers.v[j]);
    strlist same = {0};
    for (size_t m = j; m < libs.n; m++)
      if (!strcmp(vers.v[m], vers.v[j])) strlist_add(&same, fmt("`%s`", libs.v[m]));
    strlist_add(&items, tmpl_str(g, T, *vers.v[j] ? "library" : "library-bare",
                                 (const char *const[]){"names", gen_join(&same, ", "), "versions", vers.v[j], NULL}));
    strlist_free(&same);
  }
  tmpl_put(g, T, libs.n ? "libraries" : "no-libraries",
           (const char *const[]){"list", gen_join(&items, "; "), "kernel", tmpl_str(g, T, any ? "kernel-some" : "kernel-none", NULL), NULL});
  strlist_free(&items);
  strlist_free(&done);
  strlist_free(&libs);
}
