// stats_reproduce.c — `stats reproduce PUB FRESH [PUB FRESH ...]` and `stats reproduce --ratio
// PUB_BASE PUB_CAND FRESH_BASE FRESH_CAND [...]`: is a fresh session a plausible new member of
// the published design (predict.h)? One CSV row per shape the files share: a variant's own time
// (kind time: the shift is published / fresh) or the speedup of a candidate over its base in the
// same rounds (kind ratio, where a GPU's offset cancels: the shift is fresh / published). A SAME
// row says on what grounds (same_by: member, equivalent or both) and every row the drop it reads
// SLOW with 80% power (slow_mde_pct, predict.h): a SAME there cannot rule out a smaller one. delta is
// --delta (the experiment's; 0.03 by default): the A/A calibration describes another design and
// is not used here. With --plan the published side is that plan's sessions alone. An AMBIGUOUS
// row says on stderr what would resolve it.
// A quantity the design cannot estimate (the spread within GPUs when each GPU holds one session;
// an interval without a spread) is an empty field, never NaN.
// Exit: 1 when a row is SLOW, else 3 when one is AMBIGUOUS, else 0; 2 on input errors.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "design.h"
#include "predict.h"
#include "samples/samples.h"
#include "stats_cli.h"

static const char header[] =
    "kind,shape,base,cand,published,fresh,shift,pi_lo,pi_hi,pi_lo90,pi_hi90,verdict,n_gpus,"
    "n_sessions,fresh_sessions,df,sd_gpu_pct,sd_within_pct,delta,scope,same_by,slow_mde_pct,note\n";

// same_by: on what grounds a SAME stands (predict.h)
static const char *same_by_name(same_by_t by) {
  static const char *names[] = {"", "member", "equivalent", "member+equivalent"};
  return names[by];
}

// Session values of one group of file f into v and g (allocated; *k their number).
static int values(const samples_file *f, const samples_group *gr, const char *plan, design_t *d,
                  double **v, unsigned **g, size_t *k) {
  if (design_build_plan(f, gr, NULL, plan, d)) return -1;
  *v = malloc((d->nsessions + 1) * sizeof **v);
  *g = malloc((d->nsessions + 1) * sizeof **g);
  if (!*v || !*g) return -1;
  *k = design_session_values(d, *v, *g);
  return 0;
}

// The session names of d in order (d->nsessions of them).
static const char *session_name(const design_t *d, size_t i) {
  for (size_t u = 0, s = 0; u < d->nunits; u++)
    if (u == 0 || d->units[u].session != d->units[u - 1].session) {
      if (s++ == i) return d->file->sessions[d->units[u].session];
    }
  return "";
}

// Differences base - candidate of the sessions both hold (GPUs of the base), in place into vb/gb.
static size_t paired(const design_t *db, double *vb, unsigned *gb, size_t kb, const design_t *dc,
                     const double *vc, size_t kc) {
  size_t n = 0;
  for (size_t i = 0; i < kb; i++)
    for (size_t j = 0; j < kc; j++)
      if (!strcmp(session_name(db, i), session_name(dc, j))) {
        vb[n] = vb[i] - vc[j];
        gb[n++] = gb[i];
        break;
      }
  return n;
}

typedef struct {
  const samples_file *f[4];  // published base (or the variant), published cand, fresh base, cand
  int ratio;
} operands_t;

static void note_same_gpu(const samples_file *pub, const samples_file *fresh, char *note, size_t n) {
  for (size_t i = 0; i < fresh->nsessions; i++) {
    size_t lf, lp;
    const char *gf = samples_session_gpu(fresh, i, &lf);
    for (size_t j = 0; gf && j < pub->nsessions; j++) {
      const char *gp = samples_session_gpu(pub, j, &lp);
      if (gp && lp == lf && !strncmp(gf, gp, lf)) {
        snprintf(note, n, "the fresh session ran on a GPU the published data holds: not a new GPU");
        return;
      }
    }
  }
}

// One row; returns its verdict, or -1 on an error (after a message).
static int row(const stats_opts *o, FILE *out, const operands_t *op, const char *shape) {
  int nf = op->ratio ? 4 : 2;
  design_t d[4] = {0};
  double *v[4] = {0};
  unsigned *g[4] = {0};
  size_t k[4] = {0};
  int rc = 0, pilot = 0;
  for (int i = 0; i < nf && !rc; i++) {
    const samples_group *gr = samples_group_find(op->f[i], shape);
    // the published side: the declared plan's sessions (--plan), where the file holds any; a file
    // without them (a GPU model the plan has not reached) is judged by all its sessions, said
    int pub = i < nf / 2;
    rc = values(op->f[i], gr, pub ? o->plan : NULL, &d[i], &v[i], &g[i], &k[i]);
    if (!rc && pub && o->plan && !k[i]) {
      design_free(&d[i]), free(v[i]), free(g[i]);
      rc = values(op->f[i], gr, NULL, &d[i], &v[i], &g[i], &k[i]);
      pilot = 1;
    }
  }
  if (rc) {
    fprintf(stderr, "stats: out of memory\n");
    rc = -1;
    goto out;
  }
  // published values into v[0], fresh into v[pf]
  int pf = op->ratio ? 2 : 1;
  size_t kp = k[0], kf = k[pf];
  if (op->ratio) {
    kp = paired(&d[0], v[0], g[0], k[0], &d[1], v[1], k[1]);
    kf = paired(&d[2], v[2], g[2], k[2], &d[3], v[3], k[3]);
  }
  prediction_t p;
  predict_new_session(v[0], g[0], kp, v[pf], g[pf], kf, &p);
  double lo, hi, lo2, hi2, delta = o->threshold;
  int sign = op->ratio ? 1 : -1;
  same_by_t by = SAME_NOT;
  verdict_t vd = kp && kf ? predict_verdict(&p, sign, o->alpha, delta, &lo, &hi, &lo2, &hi2, &by)
                          : VERDICT_AMBIGUOUS;
  if (!kp || !kf) lo = hi = lo2 = hi2 = NAN;
  char note[400] = "";
  note_same_gpu(op->f[0], op->f[pf], note, sizeof note);
  if (!kp || !kf)
    snprintf(note, sizeof note, "%s", !kp ? "no published session to predict from" : "no fresh session");
  else if (pilot && !*note)
    snprintf(note, sizeof note, "no session of plan %s published here: all its sessions are used", o->plan);
  else if (p.G == 1 && !*note)
    snprintf(note, sizeof note, "published on one GPU: a new GPU's offset is not in the interval");
  const char *base = op->f[0]->variant, *cand = op->ratio ? op->f[1]->variant : op->f[pf]->variant;
  if (vd == VERDICT_AMBIGUOUS) {
    char why[400];
    if (!kp || !kf) snprintf(why, sizeof why, "%s", op->ratio ? "no session holds both variants" : note);
    else predict_resolution(&p, o->alpha, delta, why, sizeof why);
    fprintf(stderr, "stats: reproduce %s%s%s: %s: AMBIGUOUS: %s\n", base, op->ratio ? " vs " : "",
            op->ratio ? cand : "", shape, why);
  }
  fprintf(out, "%s", op->ratio ? "ratio" : "time");
  csv_str(out, shape, 0);
  csv_str(out, base, 0);
  csv_str(out, op->ratio ? cand : "", 0);
  double pub = exp(p.published), fresh = exp(p.fresh);
  double w[] = {pub, fresh, op->ratio ? fresh / pub : pub / fresh, lo, hi, lo2, hi2};
  for (size_t i = 0; i < sizeof w / sizeof *w; i++) csv_opt(out, w[i]);
  fprintf(out, ",%s", verdict_name(vd));
  csv_size(out, p.G);
  csv_size(out, p.k);
  csv_size(out, p.m);
  double x[] = {p.df, 100 * sqrt(p.s2_gpu), 100 * sqrt(p.s2_within), delta};
  for (size_t i = 0; i < sizeof x / sizeof *x; i++) csv_opt(out, x[i]);
  fprintf(out, ",%s", !p.G ? "" : p.conditional ? "measured-gpus" : p.G >= 3 ? "any-gpu" : "few-gpus");
  fprintf(out, ",%s", same_by_name(by));
  csv_opt(out, kp && kf ? 100 * predict_slow_mde(&p, o->alpha, delta) : NAN);
  csv_str(out, note, 0);
  fputc('\n', out);
  rc = (int)vd;
out:
  for (int i = 0; i < 4; i++) {
    design_free(&d[i]);
    free(v[i]);
    free(g[i]);
  }
  return rc;
}

static int run(const stats_opts *o, FILE *out, int first, int *worst) {
  int nf = o->ratio ? 4 : 2;
  samples_file f[4];
  for (int i = 0; i < nf; i++)
    if (stats_read(o, o->args[first + i], &f[i])) {
      while (i-- > 0) samples_free(&f[i]);
      return 2;
    }
  operands_t op = {{&f[0], &f[1], nf == 4 ? &f[2] : NULL, nf == 4 ? &f[3] : NULL}, o->ratio};
  int rc = 0;
  size_t rows = 0;
  for (size_t s = 0; s < f[0].ngroups && !rc; s++) {
    const char *shape = f[0].groups[s].name;
    int all = 1;
    for (int i = 1; i < nf; i++) all &= samples_group_find(&f[i], shape) != NULL;
    if (!all) {
      fprintf(stderr, "stats: %s: shape %s is not in every file of the row: skipped\n",
              o->args[first], shape);
      continue;
    }
    int v = row(o, out, &op, shape);
    if (v < 0) rc = 2;
    else {
      rows++;
      if (v == VERDICT_SLOW) *worst = 1;
      else if (v == VERDICT_AMBIGUOUS && *worst != 1) *worst = 3;
    }
  }
  if (!rc && !rows) {
    fprintf(stderr, "stats: %s: no shape in common with %s\n", o->args[first],
            o->args[first + nf - 1]);
    rc = 2;
  }
  for (int i = 0; i < nf; i++) samples_free(&f[i]);
  return rc;
}

int stats_reproduce(const stats_opts *o, FILE *out) {
  int nf = o->ratio ? 4 : 2, worst = 0, rc = 0;  // (the caller checked the operands' count)
  fputs(header, out);
  for (int i = 0; i < o->nargs && !rc; i += nf) rc = run(o, out, i, &worst);
  if (fflush(out) && !rc) {
    fprintf(stderr, "stats: reproduce: the table could not be written\n");
    rc = 2;
  }
  return rc ? rc : worst;
}
