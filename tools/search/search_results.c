// search_results.c — `search results`: loop1_results.json, the seeds' record of a Loop 1
// search. Fields: success (the verdict of `stats compare BASE CAND` is FAST and the lower end of
// the 95% CI of the speedup is >= 1.10; the CI is at the level of the design: across sessions
// when the confirmation has several, else across the rounds of its one session), level,
// n_sessions, n_rounds, delta and its source, best_config, best_latency_ms and ci_95 (the
// confirmation's median and its 95% CI from `stats summary`, ms), speedup and speedup_ci_95
// (baseline median / best median), improvement_pct ((baseline - best) / baseline x 100),
// candidates_found
// (measured trials), rejected_count (gated trials), rejections by reason, the seed, the key,
// and the trial log in trial order.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search_opts.h"

enum { MAXCOL = 64 };

typedef struct {
  char *buf, *col[MAXCOL], *hdr[MAXCOL];
  int ncol;
} csvrow;

// The first data row of PATH whose column `k1` equals v1 and (k2 NULL or) `k2` equals v2.
static int find_row(const char *path, const char *k1, const char *v1, const char *k2, const char *v2,
                    csvrow *r) {
  FILE *f = fopen(path, "r");
  if (!f) return fprintf(stderr, "search: %s: cannot open\n", path), 2;
  static char hbuf[8192];
  char *line = NULL;
  size_t cap = 0;
  long ln = 0;
  int i1 = -1, i2 = -1, found = 0;
  while (!found && getline(&line, &cap, f) > 0) {
    ln++;
    line[strcspn(line, "\r\n")] = 0;
    char *cells[MAXCOL] = {0}, *p = ln == 1 ? strcpy(hbuf, line) : line;
    int n = 0;
    for (; p && n < MAXCOL; n++) {
      cells[n] = p;
      if ((p = strchr(p, ','))) *p++ = 0;
    }
    if (ln == 1) {
      memcpy(r->hdr, cells, sizeof cells);
      r->ncol = n;
      for (int i = 0; i < n; i++) {
        if (!strcmp(cells[i], k1)) i1 = i;
        if (k2 && !strcmp(cells[i], k2)) i2 = i;
      }
      if (i1 < 0 || (k2 && i2 < 0)) break;
      continue;
    }
    if (n != r->ncol) {
      fprintf(stderr, "search: %s:%ld: %d columns, header has %d\n", path, ln, n, r->ncol);
      break;
    }
    if (!strcmp(cells[i1], v1) && (!k2 || !strcmp(cells[i2], v2))) {
      found = 1;
      r->buf = line;
      memcpy(r->col, cells, sizeof cells);
    }
  }
  fclose(f);
  if (!found) {
    free(line);
    fprintf(stderr, "search: %s: no row with %s=%s%s%s%s\n", path, k1, v1, k2 ? " and " : "", k2 ? k2 : "",
            k2 ? "=" : "");
    if (k2) fprintf(stderr, "search: (%s=%s)\n", k2, v2);
    return 2;
  }
  return 0;
}

static const char *get(const csvrow *r, const char *k) {
  for (int i = 0; i < r->ncol; i++)
    if (!strcmp(r->hdr[i], k)) return r->col[i];
  return NULL;
}

static int getnum(const csvrow *r, const char *path, const char *k, double *x) {
  const char *v = get(r, k);
  char *end;
  *x = v ? strtod(v, &end) : NAN;
  if (!v || end == v || *end) return fprintf(stderr, "search: %s: column %s: '%s' is not a number\n", path, k, v ? v : ""), 2;
  return 0;
}

static void jnum(FILE *f, double x) {
  if (isfinite(x)) fprintf(f, "%.6g", x);
  else fprintf(f, "null");
}

int search_results(const search_opts *o, const sp_space *sp, const sr_trial *hist, size_t n) {
  if (search_need(o, o->compare, "--compare") || search_need(o, o->summary, "--summary") ||
      search_need(o, o->baseline, "--baseline") || search_need(o, o->out, "--out") ||
      search_need(o, o->exp, "--exp"))
    return 2;
  long b = -1;
  size_t nok = 0;
  for (size_t i = 0; i < n; i++)
    if (hist[i].ok && (nok++, b < 0 || hist[i].y < hist[b].y)) b = (long)i;
  if (b < 0) return fprintf(stderr, "search: results: no measured trial in %s\n", o->log), 1;
  const char *best = sp->name[hist[b].cfg];
  if (o->variant && strcmp(o->variant, best)) {  // the confirmed one must be the log's best
    fprintf(stderr, "search: results: the confirmation measured %s, but the best in %s is %s: rerun make search\n",
            o->variant, o->log, best);
    return 2;
  }
  csvrow cmp = {0}, sum = {0};
  double sp_, lo, hi, mb, mc, p, d, clo, chi;
  if (find_row(o->compare, "shape", o->key.shape, NULL, NULL, &cmp)) return 2;
  int rc = getnum(&cmp, o->compare, "speedup", &sp_) || getnum(&cmp, o->compare, "speedup_lo", &lo) ||
           getnum(&cmp, o->compare, "speedup_hi", &hi) || getnum(&cmp, o->compare, "median_base", &mb) ||
           getnum(&cmp, o->compare, "median_cand", &mc) || getnum(&cmp, o->compare, "p_value", &p) ||
           getnum(&cmp, o->compare, "cliffs_delta", &d);
  const char *ov = get(&cmp, "median_ci_overlap"), *verdict = get(&cmp, "verdict");
  const char *level = get(&cmp, "level"), *ns = get(&cmp, "n_sessions"), *nr = get(&cmp, "n_rounds");
  const char *delta = get(&cmp, "delta"), *dsrc = get(&cmp, "delta_source");
  if (!rc && (!ov || !verdict || !level || !ns || !nr || !delta || !dsrc))
    rc = 2, fprintf(stderr, "search: %s: a column of stats compare is missing (median_ci_overlap, verdict, level, "
                    "n_sessions, n_rounds, delta, delta_source)\n", o->compare);
  // the confirmation's samples may be filed under another name (a published variant of the
  // same configuration): --filed-as
  const char *filed = o->filed_as ? o->filed_as : best;
  if (!rc && find_row(o->summary, "variant", filed, "shape", o->key.shape, &sum)) rc = 2;
  if (!rc) rc = getnum(&sum, o->summary, "ci_lo", &clo) || getnum(&sum, o->summary, "ci_hi", &chi);
  if (rc) return free(cmp.buf), free(sum.buf), 2;
  // written to OUT.tmp and renamed: a killed run leaves the previous file whole
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s.tmp", o->out) >= (int)sizeof tmp)
    return fprintf(stderr, "search: %s: name too long\n", o->out), free(cmp.buf), free(sum.buf), 2;
  FILE *f = fopen(tmp, "w");
  if (!f) return perror(tmp), free(cmp.buf), free(sum.buf), 2;
  int success = !strcmp(verdict, "FAST") && lo >= 1.10;
  fprintf(f, "{\n  \"experiment\": \"%s\",\n  \"shape\": \"%s\",\n  \"gpu\": \"%s\",\n", o->exp, o->key.shape, o->key.gpu);
  fprintf(f, "  \"kernel_hash\": \"%s\",\n  \"nvcc\": \"%s\",\n  \"strategy\": \"%s\",\n  \"seed\": %llu,\n",
          o->key.kernel_hash, o->key.nvcc, sr_kind_name(o->so.kind), (unsigned long long)o->so.seed);
  fprintf(f, "  \"success\": %s,\n  \"criterion\": \"verdict FAST and the lower end of the 95%% CI of the "
          "speedup >= 1.10 (the CI at the level of the design: across sessions when there are several)\",\n",
          success ? "true" : "false");
  fprintf(f, "  \"level\": \"%s\",\n  \"n_sessions\": %s,\n  \"n_rounds\": %s,\n  \"delta\": %s,\n"
          "  \"delta_source\": \"%s\",\n", level, ns, nr, delta, dsrc);
  if (o->filed_as) fprintf(f, "  \"confirmation_samples_of\": \"%s\",\n", o->filed_as);
  fprintf(f, "  \"verdict\": \"%s\",\n  \"best_config\": \"%s\",\n  \"best_flags\": \"%s\",\n", verdict, best,
          sp->flags[hist[b].cfg]);
  fprintf(f, "  \"best_latency_ms\": ");
  jnum(f, mc / 1000);
  fprintf(f, ",\n  \"ci_95\": [");
  jnum(f, clo / 1000);
  fprintf(f, ", ");
  jnum(f, chi / 1000);
  fprintf(f, "],\n  \"baseline\": \"%s\",\n  \"baseline_latency_ms\": ", o->baseline);
  jnum(f, mb / 1000);
  fprintf(f, ",\n  \"speedup\": ");
  jnum(f, sp_);
  fprintf(f, ",\n  \"speedup_ci_95\": [");
  jnum(f, lo);
  fprintf(f, ", ");
  jnum(f, hi);
  fprintf(f, "],\n  \"improvement_pct\": ");
  jnum(f, (mb - mc) / mb * 100);
  fprintf(f, ",\n  \"p_value\": ");
  jnum(f, p);
  fprintf(f, ",\n  \"cliffs_delta\": ");
  jnum(f, d);
  fprintf(f, ",\n  \"median_ci_overlap\": \"%s\",\n  \"search_best_median_us\": ", ov);
  jnum(f, hist[b].y);
  fprintf(f, ",\n  \"trials\": %zu,\n  \"candidates_found\": %zu,\n  \"rejected_count\": %zu,\n  \"rejections\": {",
          n, nok, n - nok);
  int first = 1;
  for (size_t i = 0; i < n; i++) {  // reasons in order of first appearance
    if (hist[i].ok) continue;
    size_t k = 0, c = 0;
    for (; k < i; k++)
      if (!hist[k].ok && !strcmp(hist[k].reason, hist[i].reason)) break;
    if (k < i) continue;
    for (k = i; k < n; k++) c += !hist[k].ok && !strcmp(hist[k].reason, hist[i].reason);
    fprintf(f, "%s\"%s\": %zu", first ? "" : ", ", hist[i].reason, c);
    first = 0;
  }
  fprintf(f, "},\n  \"trial_log\": [\n");
  for (size_t i = 0; i < n; i++) {
    fprintf(f, "    {\"trial\": %zu, \"config\": \"%s\", \"verdict\": \"%s\", ", i + 1, sp->name[hist[i].cfg],
            hist[i].ok ? "pass" : "reject");
    if (hist[i].ok) fprintf(f, "\"median_us\": %.6g}", hist[i].y);
    else fprintf(f, "\"reason\": \"%s\"}", hist[i].reason);
    fprintf(f, "%s\n", i + 1 < n ? "," : "");
  }
  fprintf(f, "  ]\n}\n");
  int bad = fclose(f) != 0 || rename(tmp, o->out) != 0;
  if (bad) perror(o->out), remove(tmp);
  else printf("%s: %s, %s %.4gx vs %s (95%% CI %.4g-%.4g), %s\n", o->out, best, verdict, sp_, o->baseline, lo, hi,
              success ? "success" : "no success");
  free(cmp.buf), free(sum.buf);  // verdict points into cmp.buf
  return bad ? 2 : 0;
}
