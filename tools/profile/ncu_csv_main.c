// ncu_csv — Nsight Compute raw-page CSV -> the tidy profile CSV of one variant.
//   ncu_csv --variant V --shape S [--kernel NAME] [--code ID --git-rev REV --gpu SLUG] RAW.csv > V.csv
// With --code (the code id of what was profiled, tools/session/session_code_id.h), --git-rev and
// --gpu the file opens with its provenance (profile_metrics.h): `# cudadent42 profile v1`, then
// `# code: ID`, `# git_rev: REV`, `# gpu: SLUG`; all three or none.
// Keeps the launches of kernel NAME (function base name; default: the only kernel in the file),
// averages every metric of the set in profile_metrics.c over them (missing values skipped) and
// writes variant,shape,metric,value,unit rows, then "launches". Metrics absent from the export
// are left out (counter_gates and the report's profile section say so). Exit 0, or 2 with
// "ncu_csv: FILE:LINE: what" on a broken export or when no launch matches.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncu_csv.h"
#include "profile_metrics.h"

static _Noreturn void usage(const char *why) {
  fprintf(stderr, "ncu_csv: %s\nusage: ncu_csv --variant V --shape S [--kernel NAME] [--code ID --git-rev REV --gpu SLUG] RAW.csv\n", why);
  exit(2);
}

static int csv_safe(const char *s) { return s[0] && strcspn(s, ",\"\n\r") == strlen(s); }

int main(int argc, char **argv) {
  const char *variant = NULL, *shape = NULL, *kernel = NULL, *path = NULL, *code = NULL, *rev = NULL, *gpu = NULL;
  for (int i = 1; i < argc; i++) {
    const char **dst = !strcmp(argv[i], "--variant") ? &variant
                       : !strcmp(argv[i], "--shape") ? &shape
                       : !strcmp(argv[i], "--kernel") ? &kernel
                       : !strcmp(argv[i], "--code") ? &code
                       : !strcmp(argv[i], "--git-rev") ? &rev
                       : !strcmp(argv[i], "--gpu") ? &gpu : NULL;
    if (dst) {
      if (i + 1 >= argc) usage("option needs a value");
      *dst = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "ncu_csv: unknown option '%s'\n", argv[i]);
      exit(2);
    } else if (path) usage("more than one input file");
    else path = argv[i];
  }
  if (!variant || !shape || !path) usage("--variant, --shape and an input file are required");
  if (!csv_safe(variant) || !csv_safe(shape)) usage("variant and shape must be non-empty, without , or \"");
  if ((code || rev || gpu) && !(code && rev && gpu)) usage("--code, --git-rev and --gpu go together");
  if (code && (!pm_header_word(code) || !pm_header_word(rev) || !pm_header_word(gpu)))
    usage("--code, --git-rev and --gpu take one word each, no blanks or control characters");

  ncu_table t;
  char err[600];
  if (ncu_read(path, &t, err, sizeof err)) { fprintf(stderr, "ncu_csv: %s\n", err); return 2; }
  if (!kernel) {
    for (int i = 1; i < t.nlaunch; i++)
      if (strcmp(t.launch[i].kernel, t.launch[0].kernel)) {
        fprintf(stderr, "ncu_csv: %s:%ld: launches of several kernels ('%s', '%s'): pass --kernel\n",
                path, t.launch[i].line, t.launch[0].kernel, t.launch[i].kernel);
        return 2;
      }
    kernel = t.launch[0].kernel;
  }
  int nsel = 0;
  for (int i = 0; i < t.nlaunch; i++) nsel += !strcmp(t.launch[i].kernel, kernel);
  if (nsel == 0) {
    fprintf(stderr, "ncu_csv: %s: no launch of kernel '%s' (the first is '%s')\n", path, kernel,
            t.launch[0].kernel);
    return 2;
  }
  if (code) printf("%s v1\n# code: %s\n# git_rev: %s\n# gpu: %s\n", PM_MAGIC, code, rev, gpu);
  printf("variant,shape,metric,value,unit\n");
  for (int m = 0; m < PM_COUNT; m++) {
    const pm_def *d = &pm_defs[m];
    if (!d->ncu) continue;
    int c = ncu_find(&t, d->ncu);
    if (c < 0) continue;
    if (d->base[0] && strncmp(t.unit[c], d->base, strlen(d->base))) {
      fprintf(stderr, "ncu_csv: %s:2: %s: unit '%s' is not %s\n", path, d->ncu, t.unit[c], d->base);
      return 2;
    }
    double sum = 0;
    int n = 0;
    for (int i = 0; i < t.nlaunch; i++) {
      const ncu_launch *l = &t.launch[i];
      if (strcmp(l->kernel, kernel)) continue;
      if (l->bad[c]) {
        fprintf(stderr, "ncu_csv: %s:%ld: %s: value is not a number\n", path, l->line, d->ncu);
        return 2;
      }
      if (!isnan(l->value[c])) sum += l->value[c], n++;
    }
    if (n) printf("%s,%s,%s,%.10g,%s\n", variant, shape, d->name, sum / n, d->unit);
  }
  printf("%s,%s,launches,%d,count\n", variant, shape, nsel);
  ncu_free(&t);
  return 0;
}
