// stats_bench.c — `stats bench [--repeat N]`: the speed of this stats command (a benchmark, not
// a timed test), each figure the best of N (default 5) runs of the whole process:
//   1. compare, n = 1000 per side, 9999 resamples, BCa (target < 0.5 s), and scipy.stats.bootstrap
//      on the same data and statistic when python3 with scipy is there (target >= 10x faster);
//   2. summary of 100 files of 1000 samples (target < 2 s);
//   3. summary of one file of 10^6 samples (target < 1 s and < 100 MB peak RSS), and compare of
//      it against itself.
// The data are log-normal times (sigma 0.05, 4 decimals), drawn from fixed seeds into a scratch
// directory removed at the end. One line per figure on stdout. Exit 0; 2 on a usage error or when
// the data cannot be written or the command run.
#define _GNU_SOURCE  // (wait4)
#include <fcntl.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "stats_cli.h"

static char dir[] = "/tmp/stats_bench_XXXXXX";

// N log-normal times around median M from SEED into dir/NAME, its path into PATH; 0, or -1 after
// a message
static int gen(const char *name, size_t n, unsigned long seed, double m, char *path, size_t size) {
  snprintf(path, size, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  int ok = f && r;
  if (ok) {
    gsl_rng_set(r, seed);
    for (size_t i = 0; i < n && ok; i++) ok = fprintf(f, "%.4f\n", m * exp(0.05 * gsl_ran_gaussian(r, 1))) > 0;
  }
  if (f && fclose(f)) ok = 0;
  gsl_rng_free(r);
  if (!ok) fprintf(stderr, "stats: bench: %s: cannot write\n", path);
  return ok ? 0 : -1;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// runs ARGV (stdout and stderr to /dev/null) once; its wall time in *s and peak RSS in *mb; 0, or
// -1 when it could not start (its exit code is a verdict, not a failure)
static int run_once(char *const argv[], double *s, double *mb) {
  double t0 = now();
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    int fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) dup2(fd, 1), dup2(fd, 2);
    execv(argv[0], argv);
    _exit(127);
  }
  int st;
  struct rusage ru;
  if (wait4(pid, &st, 0, &ru) < 0) return -1;
  *s = now() - t0;
  *mb = ru.ru_maxrss / 1024.0;
  return WIFEXITED(st) && WEXITSTATUS(st) == 127 ? -1 : 0;
}

// the best wall time of N runs of ARGV, and the peak RSS of the last; 0, or -1 after a message
static int best(size_t n, char *const argv[], double *s, double *mb) {
  *s = INFINITY;
  for (size_t i = 0; i < n; i++) {
    double t;
    if (run_once(argv, &t, mb)) {
      fprintf(stderr, "stats: bench: cannot run %s\n", argv[0]);
      return -1;
    }
    if (t < *s) *s = t;
  }
  return 0;
}

// scipy.stats.bootstrap on BASE and CAND, the same statistic (a ratio of medians, BCa, 9999
// resamples), best of 3: its seconds, or a negative number when python3 with scipy is not here
static double scipy_time(const char *base, const char *cand) {
  static const char script[] =
      "import sys, time\n"
      "try:\n"
      "    import numpy as np\n"
      "    from scipy import stats\n"
      "except ImportError:\n"
      "    sys.exit(3)\n"
      "a, b = np.loadtxt(sys.argv[1]), np.loadtxt(sys.argv[2])\n"
      "def ratio(x, y, axis=-1):\n"
      "    return np.median(x, axis=axis) / np.median(y, axis=axis)\n"
      "best = 1e9\n"
      "for seed in range(3):\n"
      "    t0 = time.perf_counter()\n"
      "    stats.bootstrap((a, b), ratio, n_resamples=9999, method='BCa', vectorized=True,\n"
      "                    rng=np.random.default_rng(seed))\n"
      "    best = min(best, time.perf_counter() - t0)\n"
      "print(f'{best:.3f}')\n";
  int p[2];
  if (pipe(p)) return -1;
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    int fd = open("/dev/null", O_WRONLY);
    dup2(p[1], 1);
    if (fd >= 0) dup2(fd, 2);
    close(p[0]);
    execlp("python3", "python3", "-c", script, base, cand, (char *)NULL);
    _exit(127);
  }
  close(p[1]);
  char buf[64] = "";
  size_t k = 0;
  ssize_t r;
  while (k < sizeof buf - 1 && (r = read(p[0], buf + k, sizeof buf - 1 - k)) > 0) k += (size_t)r;  // (to its end)
  close(p[0]);
  int st;
  waitpid(pid, &st, 0);
  if (!k || !WIFEXITED(st) || WEXITSTATUS(st)) return -1;
  buf[k] = 0;
  char *end;
  double v = strtod(buf, &end);
  return end != buf && v >= 0 ? v : -1;
}

static int bench(size_t repeat, char *self) {
  char base[PATH_MAX], cand[PATH_MAX], big[PATH_MAX], name[32];
  double s, mb;
  if (gen("base.txt", 1000, 1, 10, base, sizeof base) || gen("cand.txt", 1000, 2, 9.5, cand, sizeof cand)) return 2;
  char *cmp[] = {self, "compare", "--resamples", "9999", "--ci", "bca", base, cand, NULL};
  if (best(repeat, cmp, &s, &mb)) return 2;
  printf("compare n=1000/1000, 9999 resamples, BCa: %.3f s (target < 0.5 s)\n", s);
  fflush(stdout);
  double py = scipy_time(base, cand);
  if (py >= 0)
    printf("scipy.stats.bootstrap, same data and statistic: %.3f s (stats is %.0fx faster, target >= 10x)\n", py, py / s);
  else
    printf("scipy.stats.bootstrap: python3 with scipy not available, skipped\n");
  fflush(stdout);

  enum { MANY = 100 };
  char *many[MANY + 3] = {self, "summary"};
  for (int i = 0; i < MANY; i++) {
    char p[PATH_MAX];
    snprintf(name, sizeof name, "v%d.txt", i + 1);
    if (gen(name, 1000, (unsigned long)i + 11, 10, p, sizeof p) || !(many[i + 2] = strdup(p))) return 2;
  }
  int rc = best(repeat, many, &s, &mb) ? 2 : 0;
  for (int i = 0; i < MANY; i++) free(many[i + 2]);
  if (rc) return rc;
  printf("summary of 100 files x 1000 samples: %.3f s (target < 2 s)\n", s);
  fflush(stdout);

  if (gen("big.txt", 1000000, 7, 10, big, sizeof big)) return 2;
  char *sum[] = {self, "summary", big, NULL}, *cmpbig[] = {self, "compare", big, big, NULL};
  if (best(repeat, sum, &s, &mb)) return 2;
  printf("summary of one file of 10^6 samples: %.3f s, peak RSS %.1f MB (target < 1 s, < 100 MB)\n", s, mb);
  fflush(stdout);
  if (best(repeat, cmpbig, &s, &mb)) return 2;
  printf("compare of 10^6 vs 10^6 samples: %.3f s, peak RSS %.1f MB\n", s, mb);
  return fflush(stdout) ? 2 : 0;
}

int stats_bench(int argc, char **argv) {  // argv[0]: "bench"
  unsigned long repeat = 5;
  if (argc == 3 && !strcmp(argv[1], "--repeat")) {
    char *end;
    repeat = strtoul(argv[2], &end, 10);
    if (*end || !*argv[2] || *argv[2] == '-' || repeat < 1 || repeat > 1000) {
      fprintf(stderr, "stats: --repeat '%s' is not a count from 1 to 1000\n", argv[2]);
      return 2;
    }
  } else if (argc != 1) {
    fprintf(stderr, "stats: usage: stats bench [--repeat N]\n");
    return 2;
  }
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    fprintf(stderr, "stats: bench: cannot find this command (/proc/self/exe)\n");
    return 2;
  }
  self[n] = 0;
  if (!mkdtemp(dir)) {
    fprintf(stderr, "stats: bench: cannot make a scratch directory\n");
    return 2;
  }
  int rc = bench((size_t)repeat, self);
  char *rm[] = {"rm", "-rf", dir, NULL};
  pid_t pid = fork();
  if (pid == 0) execvp("rm", rm), _exit(127);
  if (pid > 0) waitpid(pid, NULL, 0);
  return rc;
}
