// stats_reproexp.c — `stats reproduce-exp [--claims "CAND:BASE ..."] [--out DIR] [--delta D]
// [--plan TAG] EXP FRESH_ROOT PUBLISHED_ROOT`: is a fresh session of experiment EXP a plausible
// new member of the published design? `stats reproduce` (stats_reproduce.c, predict.h) judges the
// fresh sample files FRESH_ROOT/EXP/<gpu>/<v>.csv against PUBLISHED_ROOT/EXP/<gpu>/<v>.csv:
//   - claims (--claims: the experiment's PRIMARY comparisons, else every variant against
//     BASELINE): the speedup of cand over base in the fresh session's own rounds, where a GPU's
//     offset cancels — the rows a reproduction is judged by (--ratio), on each GPU whose four
//     files (published and fresh, cand and base) exist;
//   - times: each variant's own time, which carries the whole GPU-to-GPU spread.
// delta is --delta (the experiment's DELTA; 0.03 by default): the A/A calibration describes
// another design and is not used here. With --plan the published side is that plan's sessions
// alone. Tables: DIR/EXP/reproduce-claims.csv and reproduce-times.csv (DIR: build), then a line
// per row and the verdicts counted on stdout. A sample file is known by its first line (the gate
// and numerics tables beside them are not); files timed by different methods (graph_calls, or
// the session's pause before each run, settle_ms: 0 where a file has none) do not compare. FRESH_ROOT equal to PUBLISHED_ROOT (published with PUBLISH=1) is nothing to compare.
// Exit 1 when a claim row is SLOW, 3 when one is AMBIGUOUS (or no claim could be judged), else 0;
// 2 on input errors. A time row's verdict is reported, not part of the exit code: a GPU's own
// offset may move it.
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv/csv_table.h"
#include "samples/samples.h"
#include "stats_cli.h"

typedef struct {
  char **s;
  int n;
} list_t;

static void push(list_t *l, char *s) {
  char **t = realloc(l->s, (size_t)(l->n + 2) * sizeof *t);
  if (!t || !s) {
    fprintf(stderr, "stats: out of memory\n");
    exit(2);
  }
  l->s = t;
  l->s[l->n++] = s;
  l->s[l->n] = NULL;
}

static void drop(list_t *l) {
  for (int i = 0; i < l->n; i++) free(l->s[i]);
  free(l->s);
  *l = (list_t){0};
}

// the timing method of a sample file: its graph_calls header's first word ("0" without one: plain
// launches) into m, its settle_ms's (the session's pause before each run; "0" without one: before
// the pause existed) into pause; 0, or 2 after the reader's message
static int method(const stats_opts *o, const char *p, char m[64], char pause[64]) {
  samples_file f;
  if (stats_read(o, p, &f)) return 2;
  const char *g = samples_meta(&f, "graph_calls");
  snprintf(m, 64, "%.*s", g && *g ? (int)strcspn(g, " \t") : 1, g && *g ? g : "0");
  samples_pause(&f, pause, 64);
  samples_free(&f);
  return 0;
}

// `stats reproduce` of O's operands (ratio: in fours) into TABLE, through TABLE.tmp; its exit
// code (0, 1 or 3), or 2 (the table removed)
static int judge(stats_opts *o, const char *table, list_t *files, int ratio) {
  char *tmp = stats_fmt("%s.tmp", table);
  FILE *out = fopen(tmp, "w");
  int rc = 2;
  if (out) {
    o->args = files->s, o->nargs = files->n, o->ratio = ratio;
    rc = stats_reproduce(o, out);
    if (fclose(out) && rc != 2) rc = 2;
  }
  if ((rc == 0 || rc == 1 || rc == 3) && !rename(tmp, table)) {
    free(tmp);
    return rc;
  }
  remove(tmp);
  free(tmp);
  fprintf(stderr, "stats: reproduce-exp: stats reproduce failed (exit %d)\n", rc);
  return 2;
}

typedef struct {
  size_t same, fast, ambiguous, slow;
} counts_t;

enum { C_CAND, C_BASE, C_SHAPE, C_PUB, C_FRESH, C_SHIFT, C_LO, C_HI, C_VERDICT, C_GPUS, C_SESS, C_DELTA, C_BY, C_MDE, NC };
static const char *const cols[NC] = {"cand",    "base",   "shape",      "published", "fresh", "shift",   "pi_lo",
                                     "pi_hi",   "verdict", "n_gpus",    "n_sessions", "delta", "same_by", "slow_mde_pct"};

// a row's line, its verdict counted
static void line_of(const rcsv *t, size_t r, const int c[NC], counts_t *n) {
  const char *f[NC];
  for (int i = 0; i < NC; i++) f[i] = rcsv_get(t, r, c[i]);
  char *name = *f[C_CAND] ? stats_fmt("%s vs %s", f[C_CAND], f[C_BASE]) : stats_fmt("%s", f[C_BASE]);
  char hides[200] = "";
  // a SAME on membership alone: the interval is wider than delta, and says how much it hides
  if (!strcmp(f[C_BY], "member"))
    snprintf(hides, sizeof hides, "; member of the design: a drop of %.1f%% reads SLOW with 80%% power, a smaller one may not",
             strtod(f[C_MDE], NULL));
  printf("  %-32s %-22s published %10.4g  fresh %10.4g  shift %6.3f [%6.3f, %6.3f]  %s (%s GPUs, %s sessions, delta %.2f%%%s)\n",
         name, f[C_SHAPE], strtod(f[C_PUB], NULL), strtod(f[C_FRESH], NULL), strtod(f[C_SHIFT], NULL), strtod(f[C_LO], NULL),
         strtod(f[C_HI], NULL), f[C_VERDICT], f[C_GPUS], f[C_SESS], 100 * strtod(f[C_DELTA], NULL), hides);
  free(name);
  const char *v = f[C_VERDICT];
  n->same += !strcmp(v, "SAME"), n->fast += !strcmp(v, "FAST"), n->ambiguous += !strcmp(v, "AMBIGUOUS"), n->slow += !strcmp(v, "SLOW");
}

// a line per row of TABLE (its columns found by name, csv/csv_table.h; one it lacks reads empty),
// then its verdicts counted under KIND (WHAT: the exit code's meaning)
static void show(const char *table, const char *kind, const char *what) {
  counts_t n = {0};
  rcsv t;
  char err[512];
  int ok = !rcsv_read_flags(table, RCSV_EMPTY_OK, &t, err, sizeof err);
  if (!ok) fflush(stdout), fprintf(stderr, "stats: reproduce-exp: %s\n", err);
  int c[NC];
  for (int i = 0; i < NC && ok; i++) c[i] = rcsv_col(&t, cols[i]);
  for (size_t r = 0; ok && r < t.nrows; r++) line_of(&t, r, c, &n);
  printf("reproduce: %s: %zu SAME, %zu FAST, %zu AMBIGUOUS, %zu SLOW of %zu rows%s%s\n", kind, n.same, n.fast, n.ambiguous,
         n.slow, ok ? t.nrows : 0, *what ? ": " : "", what);
  if (ok) rcsv_free(&t);
}

// the pairs PUB FRESH of every fresh sample file with a published one (its GPU into GPUS); 0, or 2
static int pairs_of(const stats_opts *o, const char *exp, const char *fresh, const char *pub, list_t *pairs, list_t *gpus) {
  char *pat = stats_fmt("%s/%s/*/*.csv", fresh, exp);
  glob_t g;
  int rc = 0;
  if (glob(pat, 0, NULL, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc && !rc; i++) {
      char *f = g.gl_pathv[i];
      if (!stats_is_file(f) || !samples_is_sample_file(f)) continue;
      char *v = strrchr(f, '/') + 1, gpu[256];
      const char *d = v - 1;
      while (d > f && d[-1] != '/') d--;
      snprintf(gpu, sizeof gpu, "%.*s", (int)(v - 1 - d), d);
      char *p = stats_fmt("%s/%s/%s/%s", pub, exp, gpu, v), mp[64], mf[64], wp[64], wf[64];
      if (!stats_is_file(p)) {
        fprintf(stderr, "stats: reproduce-exp: %s/%s/%s: nothing published to compare with\n", exp, gpu, v);
        free(p);
        continue;
      }
      if (method(o, p, mp, wp) || method(o, f, mf, wf)) rc = 2;
      else if (strcmp(mp, mf)) {
        fprintf(stderr,
                "stats: reproduce-exp: %s/%s/%s: published with graph_calls %s, fresh with %s: different timing methods do not "
                "compare (GRAPH_CALLS=%s reproduces the published method)\n",
                exp, gpu, v, mp, mf, mp);
        rc = 2;
      } else if (strcmp(wp, wf)) {
        fprintf(stderr,
                "stats: reproduce-exp: %s/%s/%s: published with settle_ms %s, fresh with %s: different timing methods do not "
                "compare (SETTLE_MS=%s reproduces the published method)\n",
                exp, gpu, v, wp, wf, wp);
        rc = 2;
      }
      if (rc) {
        free(p);
        break;
      }
      push(pairs, p);
      push(pairs, stats_fmt("%s", f));
      int seen = 0;
      for (int k = 0; k < gpus->n; k++) seen |= !strcmp(gpus->s[k], gpu);
      if (!seen) push(gpus, stats_fmt("%s", gpu));
    }
    globfree(&g);
  }
  free(pat);
  return rc;
}

// the fours (published base, published cand, fresh base, fresh cand) of each claim CAND:BASE of
// CLAIMS on each of GPUS whose four files exist, into QUADS
static void claims_of(const char *claims, const char *exp, const char *fresh, const char *pub, const list_t *gpus,
                      list_t *quads) {
  char *cl = stats_fmt("%s", claims), *save = NULL;
  for (char *p = strtok_r(cl, " \t\n", &save); p; p = strtok_r(NULL, " \t\n", &save)) {
    char *colon = strchr(p, ':');
    const char *c = p, *b = colon ? colon + 1 : p;
    if (colon) *colon = 0;
    for (int k = 0; k < gpus->n; k++) {
      char *q[4] = {stats_fmt("%s/%s/%s/%s.csv", pub, exp, gpus->s[k], b), stats_fmt("%s/%s/%s/%s.csv", pub, exp, gpus->s[k], c),
                    stats_fmt("%s/%s/%s/%s.csv", fresh, exp, gpus->s[k], b), stats_fmt("%s/%s/%s/%s.csv", fresh, exp, gpus->s[k], c)};
      int all = 1;
      for (int j = 0; j < 4; j++) all &= stats_is_file(q[j]);
      for (int j = 0; j < 4; j++)
        if (all) push(quads, q[j]);
        else free(q[j]);
    }
  }
  free(cl);
}

int stats_reproexp(int argc, char **argv) {  // argv[0]: "reproduce-exp"
  const char *claims = "", *outdir = "build";
  static const char *const names[] = {"--claims", "--out", NULL};
  const char **vals[] = {&claims, &outdir};
  stats_opts o;
  int rc = stats_parse_own(argc, argv, names, vals, NULL, NULL, &o);
  char **ops = o.args;
  if (!rc && o.nargs != 3) {
    fprintf(stderr, "stats: reproduce-exp needs EXP FRESH_ROOT PUBLISHED_ROOT\n");
    rc = 2;
  }
  if (rc) {
    free(ops);
    return rc;
  }
  const char *exp = ops[0], *fresh = ops[1], *pub = ops[2];
  if (!strcmp(fresh, pub)) {
    fprintf(stderr, "stats: reproduce-exp: published with PUBLISH=1 (a session added to %s/%s); nothing to compare against\n", pub, exp);
    free(ops);
    return 0;
  }
  list_t pairs = {0}, gpus = {0}, quads = {0};
  rc = pairs_of(&o, exp, fresh, pub, &pairs, &gpus);
  if (!rc && !pairs.n) {
    fprintf(stderr, "stats: reproduce-exp: no published data for %s on this GPU\n", exp);
    rc = 2;
  }
  char *dir = stats_fmt("%s/%s", outdir, exp), *tclaims = stats_fmt("%s/reproduce-claims.csv", dir),
       *ttimes = stats_fmt("%s/reproduce-times.csv", dir);
  if (!rc && stats_mkdirs(dir)) {
    fprintf(stderr, "stats: %s: cannot make the directory\n", dir);
    rc = 2;
  }
  if (!rc) claims_of(claims, exp, fresh, pub, &gpus, &quads);
  if (!rc) {
    remove(tclaims), remove(ttimes);
    rc = judge(&o, ttimes, &pairs, 0) == 2 ? 2 : 3;
  }
  if (rc == 3 && quads.n) rc = judge(&o, tclaims, &quads, 1);
  else if (rc == 3)
    fprintf(stderr, "stats: reproduce-exp: no claim of %s has published and fresh files of both sides (claims '%s')\n", exp, claims);
  if (rc != 2) {
    show(ttimes, "times (each variant's own; not in the exit code)", "");
    const char *what = rc == 0   ? "reproduced"
                       : rc == 1 ? "REGRESSION (a SLOW claim; exit 1)"
                                 : "no regression, but some claims are inconclusive (exit 3)";
    if (stats_is_file(tclaims)) show(tclaims, "claims", what);
    printf("reproduce: tables in %s and reproduce-times.csv\n", tclaims);
  }
  drop(&pairs), drop(&gpus), drop(&quads);
  free(dir), free(tclaims), free(ttimes), free(ops);
  fflush(stdout);
  return rc;
}
