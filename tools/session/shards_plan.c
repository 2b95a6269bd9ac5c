// shards_plan.c — see shards_plan.h.
#define _GNU_SOURCE
#include "session/shards_plan.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "session/session_deal.h"

// a count in [lo, hi], as `session deal` checks it
static int count(const char *opt, const char *v, unsigned long lo, unsigned long hi, unsigned *out, char *err, size_t n) {
  char *end;
  unsigned long x = strtoul(v, &end, 10);
  int dig = *v && strspn(v, "0123456789") == strlen(v);
  if (dig && !*end && x >= lo && x <= hi && strlen(v) < 20) { *out = (unsigned)x; return 0; }
  if (dig && (strlen(v) >= 20 || x > hi)) return run_errf(err, n, "%s '%s' is not a count <= %lu", opt, v, hi);
  return run_errf(err, n, "%s '%s' is not a count >= %lu", opt, v, lo);
}

int shards_parse(shards_in *in, const char *exp, const char *(*get)(const char *), char *err, size_t n) {
  memset(in, 0, sizeof *in);
  in->exp = exp;
  in->b = run_fmt("%s/%s", run_val(get, "B", "build"), exp);
  const char *rounds = run_val(get, "ROUNDS", "10"), *reps = run_val(get, "REPS", "50");
  if (!run_digits(rounds, 1, 64, 1)) return run_errf(err, n, "ROUNDS '%s' is not a count", rounds);
  if (!run_digits(reps, 1, 64, 1)) return run_errf(err, n, "REPS '%s' is not a count", reps);
  const char *runner = run_val(get, "RUNNER", "local");
  if (strcmp(runner, "local") && strcmp(runner, "slurm")) return run_errf(err, n, "RUNNER '%s' is not local or slurm", runner);
  in->slurm = !strcmp(runner, "slurm");
  in->srun = run_val(get, "SRUN", "srun");
  in->gpus_spec = run_val(get, "GPUS", "");
  if (in->slurm) {
    const char *j = run_val(get, "SLURM_JOBS", "1");
    if (!run_digits(j, 1, 3, 1)) return run_errf(err, n, "SLURM_JOBS '%s' is not a count of jobs", j);
    in->slurm_jobs = (unsigned)atoi(j);
  }
  strv all = strv_words(run_val(get, "ALL_VARIANTS", ""));
  if (!all.n) return run_errf(err, n, "no variants (ALL_VARIANTS is empty)");
  strv want = strv_words(run_val(get, "VARIANT", ""));
  strv base = strv_words(run_val(get, "BASELINE", "")), bases = strv_words(run_val(get, "BASELINES", ""));
  strv_add(&in->shared, &base);
  strv_add(&in->shared, &bases);
  const int only = want.n > 0;
  strv_add(&want, &in->shared);
  for (size_t i = 0; i < all.n; i++)
    if (!only || strv_find(&want, all.s[i]) >= 0) strv_push(&in->cand, all.s[i]);
  if (!in->cand.n) return run_errf(err, n, "VARIANT='%s' names none of the experiment's variants", run_val(get, "VARIANT", ""));
  strv_free(&all), strv_free(&want), strv_free(&base), strv_free(&bases);
  strv lib = strv_words(run_val(get, "LIB_BASELINES", ""));
  in->nlib = lib.n;
  strv_free(&lib);
  // the dealing's bounds (session deal's): rounds, reps, a declared plan
  if (count("--rounds", rounds, 1, 100000, &in->rounds, err, n) || count("--reps", reps, 1, 100000000, &in->reps, err, n)) return -1;
  const char *plan = run_val(get, "PLAN_ROUNDS", NULL);
  if (plan && count("--plan-rounds", plan, 1, 100000, &in->plan_rounds, err, n)) return -1;
  for (size_t i = 0; i < in->cand.n; i++)
    for (size_t j = 0; j < i; j++)
      if (!strcmp(in->cand.s[i], in->cand.s[j])) return run_errf(err, n, "variant '%s' named twice", in->cand.s[i]);
  const char *seed = run_val(get, "ORDER_SEED", NULL);
  if (seed) {
    if (!run_digits(seed, 1, 17, 0)) return run_errf(err, n, "ORDER_SEED '%s' is not a number", seed);
    in->have_seed = 1;
    in->seed = strtoull(seed, NULL, 10);
  }
  in->start = run_val(get, "START", NULL);
  in->make_cmd = run_val(get, "MAKE_CMD", "make");
  in->partition = run_val(get, "SLURM_PARTITION", NULL);
  in->account = run_val(get, "SLURM_ACCOUNT", NULL);
  in->slurm_time = run_val(get, "SLURM_TIME", NULL);
  in->run_timeout = (unsigned)atol(run_val(get, "RUN_TIMEOUT", "300"));
  return 0;
}

int shards_gpus(const char *spec, const char *smi, strv *gpus, char *err, size_t n) {
  memset(gpus, 0, sizeof *gpus);
  if (!strcmp(spec, "all")) {
    if (!smi) return run_errf(err, n, "'all' needs nvidia-smi to list the GPUs");
    *gpus = strv_words(smi);
  } else {
    char *s = run_strdup(spec);
    for (char *c = s; *c; c++)
      if (*c == ',') *c = ' ';
    *gpus = strv_words(s);
    free(s);
    if (!gpus->n) strv_push(gpus, "");  // (the shell's: one empty word)
  }
  if (!gpus->n) return run_errf(err, n, "'%s' names no GPU", spec);
  for (size_t i = 0; i < gpus->n; i++) {
    if (!run_digits(gpus->s[i], 1, 3, 0)) return run_errf(err, n, "'%s' is not a GPU index (GPUS=all, or indices such as 0,1)", gpus->s[i]);
    for (size_t j = 0; j < i; j++)
      if (!strcmp(gpus->s[i], gpus->s[j]))
        return run_errf(err, n, "GPU %s is listed twice (two timing jobs on one GPU would disturb each other)", gpus->s[i]);
  }
  return 0;
}

int shards_stream(const shards_in *in, size_t ngpus) { return !in->slurm && (ngpus == 1 || in->rounds < ngpus); }
int shards_queue(const shards_in *in, size_t ngpus) { return !in->slurm && ngpus > 1 && in->rounds < ngpus; }

// S single-quoted for the shell (a ' written as '\''), malloc'd
static char *q(const char *s) {
  size_t k = 0;
  char *o = run_alloc(4 * strlen(s) + 3);
  o[k++] = '\'';
  for (; *s; s++) {
    if (*s == '\'') { memcpy(o + k, "'\\''", 4); k += 4; }
    else o[k++] = *s;
  }
  o[k++] = '\'';
  o[k] = 0;
  return o;
}
static char *joined(const strv *v, const char *sep, int trailing) {
  size_t len = 1;
  for (size_t i = 0; i < v->n; i++) len += strlen(v->s[i]) + strlen(sep);
  char *s = run_alloc(len);
  for (size_t i = 0; i < v->n; i++) {
    strcat(s, v->s[i]);
    if (trailing || i + 1 < v->n) strcat(s, sep);
  }
  return s;
}
static void cat(char **s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cat(char **s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *add;
  if (vasprintf(&add, fmt, ap) < 0) run_die("out of memory");
  va_end(ap);
  char *t = run_fmt("%s%s", *s, add);
  free(*s);
  free(add);
  *s = t;
}

int shards_write(FILE *out, const shards_in *in, const strv *gpus, const char *host, uint64_t queue_seed, char *err, size_t errn) {
  const size_t n = gpus->n;
  const int stream = shards_stream(in, n), queue = shards_queue(in, n);
  if (!session_deal_plan_ok(n, in->rounds, in->plan_rounds)) {
    session_deal_plan_why(err, errn, n, in->rounds, in->reps, in->plan_rounds);
    return -1;
  }
  strv shared_cand = {0};
  for (size_t i = 0; i < in->cand.n; i++)
    if (strv_find(&in->shared, in->cand.s[i]) >= 0) strv_push(&shared_cand, in->cand.s[i]);
  char *all = joined(&in->cand, " ", 0), *qall = q(all);
  char *text = run_strdup("");
  char *gl = joined(gpus, " ", 0);
  cat(&text, "# shards.mk — written by `session shards` for %s on GPUs %s (do not edit)\n", in->exp, gl);
  cat(&text, ".PHONY: all prebuild");
  for (size_t k = 0; k < n; k++) cat(&text, " shard%zu", k);
  cat(&text, "\nall:");
  for (size_t k = 0; k < n; k++) cat(&text, " shard%zu", k);
  cat(&text, "\n");
  if (stream && shared_cand.n) {
    cat(&text, "prebuild:\n\t+@%s", in->make_cmd);
    for (size_t i = 0; i < shared_cand.n; i++) cat(&text, " %s/%s/gate.csv", in->b, shared_cand.s[i]);
    cat(&text, "\n");
  } else if (!stream) {
    cat(&text, "prebuild:\n\t+@%s %s/gates.csv\n", in->make_cmd, in->b);
  } else {
    cat(&text, "prebuild:\n\t@:\n");
  }
  int rc = 0;
  for (size_t k = 0; k < n && !rc; k++) {
    const char *g = gpus->s[k];
    char *args, *stage = NULL;
    if (in->slurm) {
      char *sess = run_fmt("%s-job%s-%s", host, g, in->start);
      stage = run_fmt("%s/slurm/%s", in->b, sess);
      args = run_fmt("SESSION=%s DATA_OUT=%s/data DONE_FILE=%s/DONE", sess, stage, stage);
      free(sess);
    } else {
      args = run_fmt("GPU=%s SESSION=%s-gpu%s-%s DONE_FILE=%s/shards.%zu.done", g, host, g, in->start, in->b, k);
    }
    if (queue) cat(&args, " ORDER_SEED=%llu", (unsigned long long)queue_seed);  // (one schedule for all)
    else if (in->have_seed) cat(&args, " ORDER_SEED=%llu", (unsigned long long)(in->seed + k));
    size_t nmine = in->cand.n, krounds = in->rounds;
    int has_variant = 0;
    if (in->rounds >= n) {
      size_t kr, kreps;
      session_deal_rounds(n, in->rounds, in->reps, k, &kr, &kreps);
      cat(&args, " ROUNDS=%zu REPS=%zu", kr, kreps);
      krounds = kr;
    } else if (!in->slurm) {
      char *sh = joined(&shared_cand, " ", 1), *qsh = q(sh);
      cat(&args, " VARIANT=%s QUEUE=%s/queue QUEUE_SHARED=%s", qall, in->b, qsh);
      free(sh), free(qsh);
      has_variant = 1;
    } else {
      strv mine = {0};
      for (size_t i = 0, d = 0; i < in->cand.n; i++) {
        int sh = strv_find(&in->shared, in->cand.s[i]) >= 0;
        if (session_deal_turn(n, k, d, sh)) strv_push(&mine, in->cand.s[i]);
        d += !sh;
      }
      nmine = mine.n;
      if (!mine.n) {  // (more GPUs than variants)
        cat(&text, "shard%zu:\n\t@:\n", k);
        free(args), free(stage);
        continue;
      }
      char *m = joined(&mine, " ", 0), *qm = q(m);
      cat(&args, " VARIANT=%s", qm);
      free(m), free(qm);
      strv_free(&mine);
      has_variant = 1;
    }
    if (stream) {
      if (!has_variant) cat(&args, " VARIANT=%s", qall);
      cat(&args, " STREAM=1");
    }
    if (in->slurm) {
      size_t nv = (has_variant ? nmine : in->cand.n) + in->nlib;
      char *mins;
      if (!in->slurm_time && in->run_timeout == 0) {
        rc = run_errf(err, errn, "RUN_TIMEOUT=0 (no limit) gives a Slurm job no time limit: set SLURM_TIME (minutes)");
        free(args), free(stage);
        break;
      }
      mins = in->slurm_time ? run_strdup(in->slurm_time) : run_fmt("%zu", (nv * (krounds + 1) * in->run_timeout + 59) / 60);
      if (!run_digits(mins, 1, 64, 1)) {
        rc = run_errf(err, errn, "SLURM_TIME '%s' is not a number of minutes", mins);
        free(mins), free(args), free(stage);
        break;
      }
      char *srun =
          run_fmt("%s --job-name=cudadent42-%s-%s --gres=gpu:1 --ntasks=1 --time=%s --kill-on-bad-exit=1", in->srun, in->exp, g, mins);
      if (in->partition) { char *t = q(in->partition); cat(&srun, " --partition=%s", t); free(t); }
      if (in->account) { char *t = q(in->account); cat(&srun, " --account=%s", t); free(t); }
      cat(&text, "shard%zu: prebuild\n\t+@rm -rf %s && mkdir -p %s && %s --output=%s/job.log %s measure-one %s\n", k, stage, stage, srun,
          stage, in->make_cmd, args);
      free(srun), free(mins);
    } else {
      cat(&text, "shard%zu: prebuild\n\t+@rm -f %s/shards.%zu.done && %s measure-one %s\n", k, in->b, k, in->make_cmd, args);
    }
    free(args), free(stage);
  }
  if (!rc) fputs(text, out);
  free(text), free(all), free(qall), free(gl);
  strv_free(&shared_cand);
  return rc;
}

const char *shards_staged_slug(const char *session_dir, const char *exp, const char *staged) {
  size_t nd = strlen(session_dir), ne = strlen(exp);
  if (strncmp(staged, session_dir, nd) || strncmp(staged + nd, "/data/", 6) || strncmp(staged + nd + 6, exp, ne) ||
      staged[nd + 6 + ne] != '/')
    return NULL;
  const char *slug = staged + nd + 6 + ne + 1;
  size_t n = strlen(slug);
  if (n < 1 || n > 80 || *slug == '-' || strspn(slug, "abcdefghijklmnopqrstuvwxyz0123456789-") != n) return NULL;
  return slug;
}
