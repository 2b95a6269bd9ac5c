// bench_args.cu — command-line parsing and `bench --help`.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_args.h"
#include "bench_cuda.h"
#include "problem.h"

extern const char bench_help_text[];  // bench_help.cu

static const char *const reserved[] = {
    "gpu", "gpu_slug", "sm_count", "cc", "l2_bytes", "driver", "cuda_driver", "cuda_runtime",
    "clock_sm_max_mhz", "power_limit_w", "temp_start_c", "temp_end_c", "date", "seed",
    "l2_flush", "reps", "warmup", "hot_batch", "graph_calls", "timing", "kernel_config", "kernel",
    "problem", "process", NULL};

int bench_reserved_key(const char *key) {
  for (int i = 0; reserved[i]; i++)
    if (strcmp(key, reserved[i]) == 0) return 1;
  return strncmp(key, "launch.", 7) == 0 || strncmp(key, "unsupported.", 12) == 0 ||
         strncmp(key, "work.", 5) == 0;
}

static long parse_long(const char *opt, const char *v, long lo, long hi) {
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (errno || end == v || *end || x < lo || x > hi)
    bench_usage_fail("%s: '%s' is not an integer in [%ld, %ld]", opt, v, lo, hi);
  return x;
}

static void add_meta(bench_opts *o, const char *kv) {
  const char *eq = strchr(kv, '=');
  if (!eq || eq == kv) bench_usage_fail("--meta: '%s' is not key=value", kv);
  for (const char *c = kv; c < eq; c++)
    if (!strchr("abcdefghijklmnopqrstuvwxyz0123456789_.-", *c))
      bench_usage_fail("--meta: key in '%s' must be [a-z0-9_.-]", kv);
  if (strchr(eq + 1, '\n') || strchr(eq + 1, '\r'))
    bench_usage_fail("--meta: value in '%s' has a line break", kv);
  char *key = strndup(kv, (size_t)(eq - kv));
  if (bench_reserved_key(key)) bench_usage_fail("--meta: key '%s' is written by bench", key);
  for (int i = 0; i < o->nmeta; i++)
    if (strcmp(o->meta_key[i], key) == 0) bench_usage_fail("--meta: key '%s' given twice", key);
  o->meta_key[o->nmeta] = key;
  o->meta_val[o->nmeta] = eq + 1;
  o->nmeta++;
}

static void add_shape(bench_opts *o, const char *name) {
  bench_shape *sh = &o->shapes[o->nshapes];
  char why[160];
  if (strlen(name) >= BENCH_NAME_MAX) bench_usage_fail("shape '%.40s...': name too long", name);
  if (problem_this()->parse(name, &sh->s, why, sizeof why))
    bench_usage_fail("shape '%s': %s", name, why);
  problem_this()->format(&sh->s, sh->name, sizeof sh->name);
  for (int i = 0; i < o->nshapes; i++)
    if (strcmp(o->shapes[i].name, sh->name) == 0)
      bench_usage_fail("shape '%s': given twice", name);
  o->nshapes++;
}

static void set_mode(bench_opts *o, enum bench_mode m, const char *opt) {
  if (o->mode != MODE_TIME && o->mode != m)
    bench_usage_fail("%s: only one of --describe, --check, --check-ref, --occupancy, --gpu-slug, --slug, --hold",
                     opt);
  o->mode = m;
}

void bench_parse_args(int argc, char **argv, bench_opts *o) {
  memset(o, 0, sizeof *o);
  o->mode = MODE_TIME;
  o->reps = 50;
  o->warmup = 10;
  o->hot_batch = 20;
  o->graph_calls = 20;
  o->l2_cold = 1;
  o->seed = 1;
  o->sm_count = 132;
  o->shapes = (bench_shape *)calloc((size_t)argc + 1, sizeof *o->shapes);
  o->meta_key = (const char **)calloc((size_t)argc + 1, sizeof(char *));
  o->meta_val = (const char **)calloc((size_t)argc + 1, sizeof(char *));
  if (!o->shapes || !o->meta_key || !o->meta_val) bench_usage_fail("out of memory");
  for (int i = 1; i < argc; i++) {
    char opt[64];
    const char *a = argv[i], *val = NULL;
    const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
    if (eq && (size_t)(eq - a) < sizeof opt) {  // --opt=value
      memcpy(opt, a, (size_t)(eq - a));
      opt[eq - a] = 0;
      val = eq + 1;
    } else {
      snprintf(opt, sizeof opt, "%s", a);
    }
#define NEEDS_VALUE()                                                          \
  do {                                                                         \
    if (!val) {                                                                \
      if (i + 1 >= argc) bench_usage_fail("%s: missing value", opt);           \
      val = argv[++i];                                                         \
    }                                                                          \
  } while (0)
#define FLAG()                                                                 \
  do {                                                                         \
    if (val) bench_usage_fail("%s: takes no value", opt);                      \
  } while (0)
    if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
      printf(bench_help_text, problem_this()->name, problem_this()->name, problem_this()->axes);
      exit(0);
    } else if (!strcmp(opt, "--shape")) {
      NEEDS_VALUE();
      add_shape(o, val);
    } else if (!strcmp(opt, "--reps")) {
      NEEDS_VALUE();
      o->reps = (int)parse_long(opt, val, 1, 1000000);
    } else if (!strcmp(opt, "--warmup")) {
      NEEDS_VALUE();
      o->warmup = (int)parse_long(opt, val, 0, 1000000);
    } else if (!strcmp(opt, "--hot-batch")) {
      NEEDS_VALUE();
      o->hot_batch = (int)parse_long(opt, val, 1, 100000);
    } else if (!strcmp(opt, "--graph-calls")) {
      NEEDS_VALUE();
      o->graph_calls = (int)parse_long(opt, val, 0, 10000);
    } else if (!strcmp(opt, "--l2")) {
      NEEDS_VALUE();
      if (!strcmp(val, "cold")) o->l2_cold = 1;
      else if (!strcmp(val, "hot")) o->l2_cold = 0;
      else bench_usage_fail("--l2: '%s' is not cold or hot", val);
    } else if (!strcmp(opt, "--seed")) {
      NEEDS_VALUE();
      char *end;
      errno = 0;
      o->seed = strtoull(val, &end, 10);
      if (errno || end == val || *end || *val == '-')
        bench_usage_fail("--seed: '%s' is not an unsigned integer", val);
    } else if (!strcmp(opt, "--out")) {
      NEEDS_VALUE();
      if (!*val) bench_usage_fail("--out: empty file name");
      o->out = val;
    } else if (!strcmp(opt, "--meta")) {
      NEEDS_VALUE();
      add_meta(o, val);
    } else if (!strcmp(opt, "--sm-count")) {
      NEEDS_VALUE();
      o->sm_count = (int)parse_long(opt, val, 1, 100000);
    } else if (!strcmp(opt, "--device")) {
      NEEDS_VALUE();
      o->device = (int)parse_long(opt, val, 0, 1023);
    } else if (!strcmp(opt, "--after")) {
      NEEDS_VALUE();
      if (!*val) bench_usage_fail("--after: empty file name");
      o->after = val;
    } else if (!strcmp(opt, "--parent")) {
      NEEDS_VALUE();
      o->parent = parse_long(opt, val, 1, 4194304);
    } else if (!strcmp(opt, "--gpu-lock")) {
      NEEDS_VALUE();
      if (!*val) bench_usage_fail("--gpu-lock: empty file name");
      o->gpu_lock = val;
    } else if (!strcmp(opt, "--nvml-from")) {
      NEEDS_VALUE();
      if (!*val) bench_usage_fail("--nvml-from: empty file name");
      o->nvml_from = val;
    } else if (!strcmp(opt, "--nvml-out")) {
      NEEDS_VALUE();
      if (!*val) bench_usage_fail("--nvml-out: empty file name");
      o->nvml_out = val;
    } else if (!strcmp(opt, "--limit")) {
      NEEDS_VALUE();
      o->limit = (int)parse_long(opt, val, 1, 86400);
    } else if (!strcmp(opt, "--served")) {
      FLAG();
      o->served = 1;
    } else if (!strcmp(opt, "--slug")) {
      NEEDS_VALUE();
      set_mode(o, MODE_SLUG, opt);
      o->slug_of = val;
    } else if (!strcmp(opt, "--describe")) {
      FLAG();
      set_mode(o, MODE_DESCRIBE, opt);
    } else if (!strcmp(opt, "--check")) {
      FLAG();
      set_mode(o, MODE_CHECK, opt);
    } else if (!strcmp(opt, "--check-ref")) {
      FLAG();
      set_mode(o, MODE_CHECK_REF, opt);
    } else if (!strcmp(opt, "--occupancy")) {
      FLAG();
      set_mode(o, MODE_OCCUPANCY, opt);
    } else if (!strcmp(opt, "--gpu-slug")) {
      FLAG();
      set_mode(o, MODE_GPU_SLUG, opt);
    } else if (!strcmp(opt, "--hold")) {
      FLAG();
      set_mode(o, MODE_HOLD, opt);
    } else {
      bench_usage_fail("unknown option '%s' (try --help)", a);
    }
#undef NEEDS_VALUE
#undef FLAG
  }
  int slug = o->mode == MODE_GPU_SLUG || o->mode == MODE_SLUG || o->mode == MODE_HOLD;
  if (o->nshapes == 0 && !slug && o->mode != MODE_CHECK_REF)
    bench_usage_fail("no --shape given (try --help)");
  if (o->nshapes > 0 && slug) bench_usage_fail("--gpu-slug, --slug and --hold take no --shape");
  if ((o->after || o->limit || o->nvml_from || o->parent || o->served) && o->mode != MODE_TIME)
    bench_usage_fail("--after, --parent, --limit, --nvml-from and --served are for timing runs only");
  if (o->served && o->after) bench_usage_fail("--served: a served job has no --after (its server runs one job at a time)");
  if (o->parent && !o->after) bench_usage_fail("--parent goes with --after");
  if (o->gpu_lock && o->mode != MODE_TIME && o->mode != MODE_HOLD)
    bench_usage_fail("--gpu-lock is for timing runs and --hold only");
  if (o->nvml_out && o->mode != MODE_HOLD) bench_usage_fail("--nvml-out is for --hold only");
}
