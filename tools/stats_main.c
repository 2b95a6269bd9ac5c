// stats_main.c — `stats summary FILE...` and `stats compare BASE CAND [BASE CAND ...]`:
// summaries, bootstrap CIs, Mann-Whitney U, Cliff's delta and verdicts from raw sample files.
#include <gsl/gsl_errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats_cli.h"

static const char usage[] =
    "usage: stats summary [--alpha A] [--resamples N] [--seed S] [--ci bca|percentile] FILE...\n"
    "       stats compare [options] BASE CAND [BASE CAND ...]\n"
    "options of compare, besides those of summary:\n"
    "  --method auto|exact|asymptotic   Mann-Whitney p-value (auto: exact when no ties and\n"
    "                                   min(n) <= 8, as scipy)\n"
    "  --no-continuity                  no continuity correction in the normal approximation\n"
    "  --alternative two-sided|less|greater  (greater: BASE tends to be slower than CAND)\n"
    "  --threshold T                    practical band [1/(1+T), 1+T] of the speedup (0.03)\n"
    "  --holm                           Holm-Bonferroni over all rows of the run\n"
    "  --delta-ci consistent-normal|unbiased-t  Cliff's delta CI (effsize::cliff.delta with\n"
    "                                   use.unbiased=FALSE, use.normal=TRUE, or its defaults)\n"
    "intervals are two-sided at 1 - alpha whatever the alternative; rows with fewer than 5\n"
    "samples in a group are AMBIGUOUS\n"
    "defaults: --alpha 0.05 --resamples 9999 --seed 42 --ci bca; CSV on stdout\n"
    "exit: 0 ok, 1 a row is SLOW, 2 usage or input error, 3 a row is AMBIGUOUS or too few samples\n";

int main(int argc, char **argv) {
  gsl_set_error_handler_off();
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(usage, stdout);
    return 0;
  }
  int compare = argc >= 2 && !strcmp(argv[1], "compare");
  if (argc < 2 || (!compare && strcmp(argv[1], "summary"))) {
    if (argc >= 2) fprintf(stderr, "stats: '%s' is not a command\n", argv[1]);
    fputs(usage, stderr);
    return 2;
  }
  stats_opts o;
  int rc = stats_parse(argc - 1, argv + 1, compare, &o);
  if (!rc && (o.nargs == 0 || (compare && o.nargs % 2))) {
    fprintf(stderr, compare ? "stats: compare needs pairs of files BASE CAND\n"
                            : "stats: summary needs at least one file\n");
    fputs(usage, stderr);
    rc = 2;
  }
  if (!rc) rc = compare ? stats_compare(&o) : stats_summary(&o);
  free(o.args);
  return rc;
}
