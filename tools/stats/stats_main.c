// stats_main.c — `stats summary FILE...`, `stats compare BASE CAND [BASE CAND ...]` and
// `stats aa A B [A B ...]`: summaries, confidence intervals at the level of the design,
// Mann-Whitney U, Cliff's delta, verdicts and the A/A calibration from raw sample files; `stats
// aa-check ROOT...`: the A/A calibration of each experiment and GPU into its files; `stats
// reproduce-exp EXP FRESH PUB`: a fresh session judged against the published data; `stats
// verdicts DIR`: the closing summary of the comparisons a run wrote; `stats bench`: its speed.
#include <gsl/gsl_errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats_cli.h"

static const char usage[] =
    "usage: stats summary [--level L] [--session ID] [--metric M] [--alpha A] [--resamples N]\n"
    "                     [--seed S] [--ci bca|percentile] FILE...\n"
    "       stats compare [options] BASE CAND [BASE CAND ...]\n"
    "       stats aa [--draws N] [--rounds R] [--seed S] [--alpha A] A B [A B ...]\n"
    "       stats reproduce [--delta D] [--alpha A] PUB FRESH [PUB FRESH ...]\n"
    "       stats reproduce --ratio [--delta D] [--alpha A] PUB_BASE PUB_CAND FRESH_BASE\n"
    "                       FRESH_CAND [...]\n"
    "       stats aa-check [--pairs \"A:B ...\"] [--out DIR] [--git-rev R] [--publish] [--seed S]\n"
    "                      [--draws N] [--rounds R] ROOT...\n"
    "       stats reproduce-exp [--claims \"CAND:BASE ...\"] [--out DIR] [--delta D] [--plan TAG]\n"
    "                           EXP FRESH_ROOT PUBLISHED_ROOT\n"
    "       stats verdicts DIR\n"
    "       stats bench [--repeat N]\n"
    "  reproduce: is a fresh session a plausible new member of the published design (GPUs and\n"
    "  sessions nested), per shape, for a variant's time or (--ratio) a speedup in shared rounds\n"
    "  aa-check: stats aa of each ROOT/<gpu>/ (an A/A experiment's data) into\n"
    "  DIR/<exp>/<gpu>/calibration.csv (DIR: build; --publish: also ROOT/<gpu>/); --pairs: the\n"
    "  pairs of variants (default \"a:b sdpa-cudnn:sdpa-cudnn.b\"); --git-rev: the commit it names\n"
    "  reproduce-exp: stats reproduce of FRESH_ROOT/EXP/<gpu>/*.csv against PUBLISHED_ROOT's, the\n"
    "  claims (--claims) as ratios, into DIR/EXP/reproduce-{claims,times}.csv (DIR: build)\n"
    "  verdicts: a line per row of each DIR/*/compare.csv, then the rows counted per verdict\n"
    "  bench: the speed of this command on generated data, each figure the best of N runs (5)\n"
    "  --level auto|sample|round|session|gpu  the unit of the statistics (auto: round with one\n"
    "                                   session; gpu when sessions repeat on a GPU and there are\n"
    "                                   3 GPUs or more; else session, conditional on the GPUs\n"
    "                                   when they are fewer than 3; sample: every rep as\n"
    "                                   independent, bootstrap CIs, for the record only)\n"
    "  --session ID                     only the samples of session ID\n"
    "  --metric call|kernel             the time analysed: call (time_us, the call time: the whole\n"
    "                                   call in a graph replay, every node it adds; the default) or\n"
    "                                   kernel (kernel_us, its kernels alone, from CUPTI); a shape a\n"
    "                                   file holds without it is skipped, said on stderr, no error\n"
    "  --plan NAME/GxSxR                only the sessions of that declared plan (plan= on their\n"
    "                                   header line); a design beyond it is said on stderr\n"
    "options of compare, besides those of summary:\n"
    "  --method auto|exact|asymptotic   Mann-Whitney p-value (auto: exact when no ties and\n"
    "                                   min(n) <= 8, as scipy)\n"
    "  --no-continuity                  no continuity correction in the normal approximation\n"
    "  --alternative two-sided|less|greater  (greater: BASE tends to be slower than CAND)\n"
    "  --delta D (or --threshold D)     smallest effect that matters: FAST needs the speedup\n"
    "                                   above 1 + D, SAME the 90% CI inside [1/(1+D), 1+D]\n"
    "                                   (0.03 unless --calibration gives it)\n"
    "  --calibration FILE               delta = the minimum detectable effect of each row's\n"
    "                                   design from an A/A calibration (stats aa's output)\n"
    "  --holm                           Holm-Bonferroni over all rows of the run\n"
    "  --shape NAME                     only that shape of each pair (e.g. an A/A of a dispatching\n"
    "                                   build against the configuration it runs at that shape)\n"
    "  --family NAME                    names the run's family of comparisons in the family\n"
    "                                   column (primary: an experiment's claims; secondary: its\n"
    "                                   ablations)\n"
    "  --common-sessions                at the levels round and session, each side keeps only\n"
    "                                   the sessions both hold, when they share 2 or more (same\n"
    "                                   sessions in the same order pair): a baseline whose file\n"
    "                                   pools sessions of other machines is compared within the\n"
    "                                   candidate's own\n"
    "  --delta-ci consistent-normal|unbiased-t  Cliff's delta CI (effsize::cliff.delta with\n"
    "                                   use.unbiased=FALSE, use.normal=TRUE, or its defaults)\n"
    "options of aa: --draws N null comparisons per shape and kind (200), --rounds R rounds\n"
    "  per session in each (10; 0: all)\n"
    "intervals are two-sided at 1 - alpha whatever the alternative; rows with fewer than 3\n"
    "rounds a side (level sample: 5 samples) are AMBIGUOUS\n"
    "defaults: --alpha 0.05 --resamples 9999 --seed 42 --ci bca; CSV on stdout\n"
    "exit: 0 ok, 1 a row is SLOW, 2 usage or input error, 3 a row is AMBIGUOUS or too few samples\n";

int main(int argc, char **argv) {
  gsl_set_error_handler_off();
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(usage, stdout);
    return 0;
  }
  if (argc >= 2 && !strcmp(argv[1], "verdicts")) {
    if (argc == 3) return stats_verdicts(argv[2]);
    fprintf(stderr, "stats: verdicts needs one directory\n");
    fputs(usage, stderr);
    return 2;
  }
  if (argc >= 2 && !strcmp(argv[1], "aa-check")) return stats_aacheck(argc - 1, argv + 1);
  if (argc >= 2 && !strcmp(argv[1], "bench")) return stats_bench(argc - 1, argv + 1);
  if (argc >= 2 && !strcmp(argv[1], "reproduce-exp")) return stats_reproexp(argc - 1, argv + 1);
  int aa = argc >= 2 && !strcmp(argv[1], "aa");
  int repro = argc >= 2 && !strcmp(argv[1], "reproduce");
  int compare = argc >= 2 && (!strcmp(argv[1], "compare") || aa || repro);
  if (argc < 2 || (!compare && strcmp(argv[1], "summary"))) {
    if (argc >= 2) fprintf(stderr, "stats: '%s' is not a command\n", argv[1]);
    fputs(usage, stderr);
    return 2;
  }
  stats_opts o;
  int rc = stats_parse(argc - 1, argv + 1, compare, &o);
  if (!rc && (o.nargs == 0 || (compare && o.nargs % (o.ratio ? 4 : 2)))) {
    fprintf(stderr, repro     ? "stats: reproduce needs pairs PUB FRESH (--ratio: fours)\n"
                    : aa      ? "stats: aa needs pairs of files A B\n"
                    : compare ? "stats: compare needs pairs of files BASE CAND\n"
                              : "stats: summary needs at least one file\n");
    fputs(usage, stderr);
    rc = 2;
  }
  if (!rc && o.ratio && !repro) {
    fprintf(stderr, "stats: --ratio is an option of reproduce only\n");
    rc = 2;
  }
  if (!rc)
    rc = repro ? stats_reproduce(&o, stdout) : aa ? stats_aa(&o, stdout, NULL) : compare ? stats_compare(&o) : stats_summary(&o);
  free(o.args);
  return rc;
}
