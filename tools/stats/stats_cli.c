// stats_cli.c — see stats_cli.h.
#include "stats_cli.h"

#include <errno.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int bad(const char *opt, const char *val, const char *what) {
  fprintf(stderr, "stats: %s: '%s' %s\n", opt, val, what);
  return 2;
}

static int num(const char *opt, const char *val, double lo, double hi, double *out) {
  char *end;
  errno = 0;
  double x = strtod(val, &end);
  if (end == val || *end || errno == ERANGE || !isfinite(x)) return bad(opt, val, "is not a number");
  if (!(x > lo && x < hi)) {
    fprintf(stderr, "stats: %s: '%s' is not between %g and %g\n", opt, val, lo, hi);
    return 2;
  }
  *out = x;
  return 0;
}

static int unum(const char *opt, const char *val, unsigned long min, unsigned long *out) {
  char *end;
  errno = 0;
  unsigned long x = strtoul(val, &end, 10);
  if (end == val || *end || errno == ERANGE || val[0] == '-' || val[0] == '+')
    return bad(opt, val, "is not a non-negative integer");
  if (x < min) {
    fprintf(stderr, "stats: %s: '%s' is less than %lu\n", opt, val, min);
    return 2;
  }
  *out = x;
  return 0;
}

// Index of val in names (NULL-terminated), or -1 after a message.
static int choice(const char *opt, const char *val, const char *const names[]) {
  for (int i = 0; names[i]; i++)
    if (strcmp(val, names[i]) == 0) return i;
  fprintf(stderr, "stats: %s: '%s' is not one of", opt, val);
  for (int i = 0; names[i]; i++) fprintf(stderr, " %s", names[i]);
  fputc('\n', stderr);
  return -1;
}

static const char *const ci_names[] = {"bca", "percentile", NULL};
static const char *const method_names[] = {"auto", "exact", "asymptotic", NULL};
static const char *const alt_names[] = {"two-sided", "less", "greater", NULL};
static const char *const delta_names[] = {"consistent-normal", "unbiased-t", NULL};
static const char *const level_names[] = {"auto", "sample", "round", "session", "gpu", NULL};
static const char *const metric_names[] = {"call", "kernel", NULL};
static const char *const metric_columns[] = {"time_us", "kernel_us", NULL};

const char *stats_metric_column(const char *metric) {
  for (int i = 0; metric_names[i]; i++)
    if (!strcmp(metric, metric_names[i])) return metric_columns[i];
  return NULL;
}

int stats_read(const stats_opts *o, const char *path, samples_file *f) {
  char err[512];
  if (!samples_read_column(path, o->column, f, err, sizeof err)) return 0;
  fprintf(stderr, "stats: %s\n", err);
  return 2;
}

int stats_unmeasured(const samples_file *f, const char *name) {
  for (size_t i = 0; i < f->nunmeasured; i++)
    if (!strcmp(f->unmeasured[i], name)) return 1;
  return 0;
}

const char *scope_name(const estimate_t *e) { return e->conditional ? "measured-gpus" : "any-gpu"; }

const char *ci_method_name(boot_method m) { return ci_names[m]; }

// Options that take a value; the ones from --method on are for compare only.
static const char *const valued[] = {"--alpha",       "--resamples", "--seed",   "--ci",
                                     "--level",       "--session",   "--plan",   "--metric", "--method", "--alternative",
                                     "--threshold",   "--delta",     "--delta-ci", "--calibration",
                                     "--draws",       "--rounds",    "--family", "--shape", NULL};
enum { FIRST_COMPARE_ONLY = 8 };

// *slot = val when it is 1..max characters of chars; else 2 after a message ending in why.
static int token(const char *opt, const char *val, const char *chars, size_t max, const char *why,
                 const char **slot) {
  size_t n = strlen(val);
  if (!n || n > max || strspn(val, chars) != n) return bad(opt, val, why);
  *slot = val;
  return 0;
}

static int take(const char *opt, const char *val, stats_opts *o) {
  unsigned long u;
  int k;
  if (!strcmp(opt, "--alpha")) return num(opt, val, 0, 1, &o->alpha);
  if (!strcmp(opt, "--threshold") || !strcmp(opt, "--delta")) {
    if (num(opt, val, -INFINITY, INFINITY, &o->threshold)) return 2;
    o->delta_set = 1;
    return o->threshold < 0 ? bad(opt, val, "is negative") : 0;
  }
  if (!strcmp(opt, "--session"))
    return token(opt, val, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:+-", 100,
                 "is not a session name ([A-Za-z0-9_.:+-], 1-100 characters)", &o->session);
  if (!strcmp(opt, "--plan")) {
    unsigned long n[3];
    if (samples_plan_parse(val, n)) return bad(opt, val, "is not a plan (NAME/GxSxR of [A-Za-z0-9_.+-] and counts)");
    o->plan = val;
    return 0;
  }
  if (!strcmp(opt, "--family"))
    return token(opt, val, "abcdefghijklmnopqrstuvwxyz0123456789-", 40,
                 "is not a family name ([a-z0-9-], 1-40 characters)", &o->family);
  if (!strcmp(opt, "--shape"))
    return token(opt, val, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_", 100,
                 "is not a shape name ([A-Za-z0-9_], 1-100 characters)", &o->shape);
  if (!strcmp(opt, "--calibration")) {
    if (!*val) return bad(opt, val, "is not a file name");
    o->calibration = val;
    return 0;
  }
  if (!strcmp(opt, "--draws") || !strcmp(opt, "--rounds")) {
    if (unum(opt, val, !strcmp(opt, "--draws") ? 1 : 0, &u)) return 2;
    *(!strcmp(opt, "--draws") ? &o->draws : &o->aa_rounds) = u;
    return 0;
  }
  if (!strcmp(opt, "--resamples")) {
    if (unum(opt, val, 2, &u)) return 2;
    o->resamples = u;
    return 0;
  }
  if (!strcmp(opt, "--seed")) return unum(opt, val, 0, &o->seed) ? 2 : 0;
  if (!strcmp(opt, "--metric")) {
    if ((k = choice(opt, val, metric_names)) < 0) return 2;
    o->metric = metric_names[k];
    o->column = metric_columns[k];
    return 0;
  }
  if (!strcmp(opt, "--level")) {
    if ((k = choice(opt, val, level_names)) < 0) return 2;
    o->level = (level_t)k;
  } else if (!strcmp(opt, "--ci")) {
    if ((k = choice(opt, val, ci_names)) < 0) return 2;
    o->ci = (boot_method)k;
  } else if (!strcmp(opt, "--method")) {
    if ((k = choice(opt, val, method_names)) < 0) return 2;
    o->method = (mwu_method)k;
  } else if (!strcmp(opt, "--alternative")) {
    if ((k = choice(opt, val, alt_names)) < 0) return 2;
    o->alternative = (mwu_alternative)k;
  } else if (!strcmp(opt, "--delta-ci")) {
    if ((k = choice(opt, val, delta_names)) < 0) return 2;
    o->delta_ci = (cliff_ci_method)k;
  }
  return 0;
}

int stats_parse(int argc, char **argv, int compare, stats_opts *o) {
  *o = (stats_opts){.alpha = 0.05, .threshold = 0.03, .resamples = 9999, .seed = 42,
                    .ci = BOOT_BCA, .method = MWU_AUTO, .alternative = MWU_TWO_SIDED,
                    .delta_ci = CLIFF_CONSISTENT_NORMAL, .continuity = 1,
                    .level = LEVEL_AUTO, .draws = 200, .aa_rounds = 10,
                    .metric = "call", .column = "time_us"};
  o->args = calloc((size_t)argc + 1, sizeof *o->args);
  if (!o->args) {
    fprintf(stderr, "stats: out of memory\n");
    return 2;
  }
  int only_operands = 0;
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (only_operands || a[0] != '-' || a[1] == '\0') {
      o->args[o->nargs++] = a;
      continue;
    }
    if (!strcmp(a, "--")) {
      only_operands = 1;
      continue;
    }
    char name[32];
    const char *val = NULL, *eq = strchr(a, '=');
    size_t len = eq ? (size_t)(eq - a) : strlen(a);
    if (len >= sizeof name) len = sizeof name - 1;
    memcpy(name, a, len);
    name[len] = '\0';
    int k = -1;
    for (int j = 0; valued[j]; j++)
      if (!strcmp(name, valued[j])) k = j;
    int flag = !strcmp(name, "--holm") || !strcmp(name, "--no-continuity") ||
               !strcmp(name, "--common-sessions") || !strcmp(name, "--ratio");
    if (k < 0 && !flag) {
      fprintf(stderr, "stats: '%s' is not an option\n", a);
      return 2;
    }
    if (!compare && (flag || k >= FIRST_COMPARE_ONLY)) {
      fprintf(stderr, "stats: '%s' is an option of compare only\n", name);
      return 2;
    }
    if (flag) {
      if (eq) return bad(name, eq + 1, "is not expected: the option takes no value");
      if (!strcmp(name, "--holm")) o->holm = 1;
      else if (!strcmp(name, "--common-sessions")) o->common_sessions = 1;
      else if (!strcmp(name, "--ratio")) o->ratio = 1;
      else o->continuity = 0;
      continue;
    }
    if (eq) val = eq + 1;
    else if (i + 1 < argc) val = argv[++i];
    else {
      fprintf(stderr, "stats: %s: missing value\n", name);
      return 2;
    }
    if (take(name, val, o)) return 2;
  }
  return 0;
}

void csv_str(FILE *f, const char *s, int first) {
  if (!first) fputc(',', f);
  if (!strpbrk(s, ",\"\n\r")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

void csv_opt(FILE *f, double x) {
  if (isnan(x)) fputc(',', f);
  else csv_num(f, x);
}

void csv_num(FILE *f, double x) {
  if (isnan(x)) fputs(",nan", f);
  else fprintf(f, ",%.10g", x);
}

void csv_size(FILE *f, size_t x) { fprintf(f, ",%zu", x); }

int stats_parse_own(int argc, char **argv, const char *const names[], const char **vals[], const char *flag,
                    int *flagv, stats_opts *o) {
  char **rest = calloc((size_t)argc + 1, sizeof *rest);
  int nrest = 1;
  *o = (stats_opts){0};
  if (!rest) {
    fprintf(stderr, "stats: out of memory\n");
    return 2;
  }
  rest[0] = argv[0];
  for (int i = 1; i < argc; i++) {
    int k = 0;
    while (names[k] && strcmp(argv[i], names[k])) k++;
    if (flag && !strcmp(argv[i], flag)) *flagv = 1;
    else if (names[k] && i + 1 < argc) {
      if (*argv[++i]) *vals[k] = argv[i];  // (empty: the default)
    } else if (names[k]) {
      fprintf(stderr, "stats: %s: missing value\n", argv[i]);
      free(rest);
      return 2;
    } else rest[nrest++] = argv[i];
  }
  int rc = stats_parse(nrest, rest, 1, o);
  free(rest);
  return rc;
}

char *stats_fmt(const char *f, ...) {
  va_list ap, aq;
  va_start(ap, f);
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, f, ap);
  char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (!s) {
    fprintf(stderr, "stats: out of memory\n");
    exit(2);
  }
  vsnprintf(s, (size_t)n + 1, f, aq);
  va_end(aq);
  va_end(ap);
  return s;
}

int stats_is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int stats_mkdirs(const char *path) {
  char *p = stats_fmt("%s", path);
  int rc = 0;
  for (char *s = p + 1; !rc; s++)
    if (*s == '/' || !*s) {
      char c = *s;
      *s = 0;
      rc = mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
      *s = c;
      if (!c) break;
    }
  free(p);
  return rc;
}
