// search_main.c — `search`: the proposals, trial log and replay of the Loop 1 search.
//
//   search propose KEY --dir VARIANTS --log LOG [--strategy lhs+tpe|random|lhs] [--seed 42]
//                  [--init 20] [--gamma 0.25] [--cand 24] [--batch 8] [--max-trials 100]
//       prints the names of the next configurations to try (one a line; none: done)
//   search record KEY --dir VARIANTS --log LOG --variant V (--samples FILE | --gated REASON)
//                 [--strategy S] [--seed N]
//       appends the trial (the median of FILE's samples at the shape, or the gate)
//   search best KEY --dir VARIANTS --log LOG
//       prints "variant median_us trials measured gated"; exit 1 when nothing was measured
//   search replay --dir VARIANTS --data DIR --shape S [--shape S ...] [--seeds 50] [--seed 1]
//                 [--trials 100] [--tol 0.05] [--batch 1] [--init 20] --out CSV [--curves DAT]
//       the strategy comparison on a recorded sweep (search_replay.h)
//   search results KEY --dir VARIANTS --log LOG --compare CSV --summary CSV --baseline NAME
//                  --exp EXP [--variant CONFIRMED] [--seed N] [--strategy S] --out JSON
//       loop1_results.json from the confirmation's `stats compare` and `stats summary` rows
// KEY: --kernel-hash H --gpu G --nvcc V --shape S (the trial log's key; see search_log.h).
// Exit: 0 success, 1 nothing measured (best), 2 usage or input error.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gates/gate_outcome.h"
#include "samples/samples.h"
#include "samples/samples_median.h"
#include "search_opts.h"
#include "search_oracle.h"
#include "search_replay.h"

int search_results(const search_opts *o, const sp_space *sp, const sr_trial *hist, size_t n);

static const char usage[] =
    "usage: search propose|record|best|results --kernel-hash H --gpu G --nvcc V --shape S\n"
    "                --dir VARIANTS --log LOG [options]   (see tools/search/search_main.c)\n"
    "       search replay --dir VARIANTS --data DIR --shape S --out CSV [--curves DAT]\n";

static int need_key(const search_opts *o) {
  return search_need(o, o->key.kernel_hash, "--kernel-hash") || search_need(o, o->key.gpu, "--gpu") ||
         search_need(o, o->key.nvcc, "--nvcc") || search_need(o, o->key.shape, "--shape") ||
         search_need(o, o->log, "--log");
}

static int cmd_record(const search_opts *o, const sp_space *sp) {
  char err[1024];
  if (search_need(o, o->variant, "--variant")) return 2;
  if (!o->samples == !o->gated) {
    fprintf(stderr, "search: record: give one of --samples and --gated\n");
    return 2;
  }
  long c = sp_by_name(sp, o->variant);
  if (c < 0) {
    fprintf(stderr, "search: record: '%s' is not a configuration of %s\n", o->variant, o->dir);
    return 2;
  }
  if (o->gated && gate_outcome_parse(o->gated) <= GO_PASS) {
    fprintf(stderr, "search: record: --gated '%s' is not a gate reason (gates/gate_outcome.h)\n", o->gated);
    return 2;
  }
  double med = NAN;
  size_t reps = 0;
  if (o->samples) {
    samples_file f;
    if (samples_read(o->samples, &f, err, sizeof err)) {
      fprintf(stderr, "search: %s\n", err);
      return 2;
    }
    const samples_group *g = samples_group_find(&f, o->key.shape);
    if (!g || !g->n) {
      fprintf(stderr, "search: %s: no samples of shape %s\n", o->samples, o->key.shape);
      samples_free(&f);
      return 2;
    }
    double *x = malloc(g->n * sizeof *x);
    memcpy(x, g->t, g->n * sizeof *x);
    reps = g->n;
    med = samples_median(x, reps);
    free(x);
    samples_free(&f);
  }
  if (slog_append(o->log, &o->key, sp, (size_t)c, sr_kind_name(o->so.kind), o->so.seed, o->gated, med, reps,
                  err, sizeof err)) {
    fprintf(stderr, "search: %s\n", err);
    return 2;
  }
  return 0;
}

static int cmd_replay(const search_opts *o, const sp_space *sp) {
  if (search_need(o, o->data, "--data") || search_need(o, o->out, "--out")) return 2;
  if (!o->nshapes) return search_need(o, NULL, "--shape");
  FILE *csv = fopen(o->out, "w"), *cur = o->curves ? fopen(o->curves, "w") : NULL;
  if (!csv || (o->curves && !cur)) {
    perror(o->curves && !cur ? o->curves : o->out);
    if (csv) fclose(csv);
    return 2;
  }
  fprintf(csv, "strategy,shape,median_evals,q1_evals,q3_evals,seeds\n");
  int rc = 0;
  for (size_t i = 0; i < o->nshapes && !rc; i++) {
    sr_oracle orc;
    char err[1024];
    if (sr_oracle_load(sp, o->data, o->shapes[i], &orc, err, sizeof err)) {
      fprintf(stderr, "search: %s\n", err);
      rc = 2;
      break;
    }
    if (orc.nunmeasured)
      fprintf(stderr, "search: %s: %zu of %zu configurations have neither samples at %s nor a gate row: "
              "replayed as gated (unmeasured)\n", o->data, orc.nunmeasured, sp->ncfg, o->shapes[i]);
    fprintf(stderr, "search: replay %s: %zu configurations, %zu measured, best %s %.6g us\n", o->shapes[i],
            sp->ncfg, orc.nok, sp->name[orc.best_cfg], orc.best);
    sr_replay(sp, &o->so, &orc, o->shapes[i], o->seeds, o->batch, o->tol, o->trials, csv, cur);
    sr_oracle_free(&orc);
  }
  if (fclose(csv) || (cur && fclose(cur))) rc = 2, perror("search: replay");
  return rc;
}

int main(int argc, char **argv) {
  search_opts o;
  if (argc < 2 || strcmp(argv[1], "--help") == 0) {
    fputs(usage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  int replay = strcmp(argv[1], "replay") == 0, rc;
  if (!replay && strcmp(argv[1], "propose") && strcmp(argv[1], "record") && strcmp(argv[1], "best") &&
      strcmp(argv[1], "results")) {
    fprintf(stderr, "search: '%s' is not a command\n%s", argv[1], usage);
    return 2;
  }
  if (replay) {  // replay defaults: one trial at a time, seeds counted from 1
    char *seeded = NULL, *batched = NULL;
    for (int i = 2; i < argc; i++) {
      if (!strcmp(argv[i], "--seed")) seeded = argv[i];
      if (!strcmp(argv[i], "--batch")) batched = argv[i];
    }
    if ((rc = search_parse(argc, argv, &o))) return rc;
    if (!seeded) o.so.seed = 1;
    if (!batched) o.batch = 1;
  } else if ((rc = search_parse(argc, argv, &o))) {
    return rc;
  }
  if (search_need(&o, o.dir, "--dir") || (!replay && need_key(&o))) return 2;
  sp_space sp;
  char err[1024];
  if (sp_load(o.dir, &sp, err, sizeof err)) {
    fprintf(stderr, "search: %s\n", err);
    return 2;
  }
  if (replay) {
    rc = cmd_replay(&o, &sp);
    sp_free(&sp);
    return rc;
  }
  sr_trial *hist;
  size_t n;
  if (slog_read(o.log, &o.key, &sp, &hist, &n, err, sizeof err)) {
    fprintf(stderr, "search: %s\n", err);
    sp_free(&sp);
    return 2;
  }
  rc = 0;
  if (!strcmp(o.cmd, "propose")) {
    size_t want = o.max_trials > n ? o.max_trials - n : 0, *out = malloc((o.batch + 1) * sizeof *out);
    if (want > o.batch) want = o.batch;
    size_t k = want ? sr_propose(&sp, &o.so, hist, n, want, out) : 0;
    for (size_t i = 0; i < k; i++) printf("%s\n", sp.name[out[i]]);
    free(out);
  } else if (!strcmp(o.cmd, "record")) {
    rc = cmd_record(&o, &sp);
  } else if (!strcmp(o.cmd, "best")) {
    long b = -1;
    size_t nok = 0;
    for (size_t i = 0; i < n; i++)
      if (hist[i].ok && (nok++, b < 0 || hist[i].y < hist[b].y)) b = (long)i;
    if (b < 0) {
      fprintf(stderr, "search: best: no measured trial in %s for this key\n", o.log);
      rc = 1;
    } else {
      printf("%s %.6g %zu %zu %zu\n", sp.name[hist[b].cfg], hist[b].y, n, nok, n - nok);
    }
  } else {
    rc = search_results(&o, &sp, hist, n);
  }
  free(hist);
  sp_free(&sp);
  return rc;
}
