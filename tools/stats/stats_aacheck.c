// stats_aacheck.c — `stats aa-check [--pairs "A:B ..."] [--out DIR] [--git-rev R] [--publish]
// [--seed S] [--draws N] [--rounds R] ROOT...`: the A/A calibration (`stats aa`, stats_aa.c) of
// each A/A experiment and GPU. ROOT is an A/A experiment's data directory (data/aa: our kernel
// served, one process a round for all our variants; data/aa-own: a process per variant and
// round); each ROOT/<gpu>/ holding pairs gets DIR/<exp>/<gpu>/calibration.csv (DIR: build; with
// --publish also ROOT/<gpu>/calibration.csv), with the process design of its files (`# process:`
// of the first pair's first file) in its header, so that an experiment takes the calibration of
// its own design (mk/report.mk, r_cal). A pair (--pairs, default "a:b sdpa-cudnn:sdpa-cudnn.b")
// whose two files are both absent is not that experiment's; one of two absent is an input error.
// Each calibration is shown as a table on stdout. Exit 0; 1 when a pair fails (stats aa: a
// within-session false-positive rate shown above alpha, or an A/A CI excluding 1); 2 on input
// errors.
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samples/samples.h"
#include "stats_cli.h"

typedef struct {
  const char *pairs, *out, *git_rev;
  int publish;
} aacheck_t;

static const char *base_name(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

// the table at PATH on stdout, its CSV columns aligned (two blanks apart; comment lines as they are)
static void show(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return;
  size_t w[64] = {0}, cap = 0;
  char *line = NULL;
  for (int pass = 0; pass < 2; pass++, rewind(f))
    while (getline(&line, &cap, f) > 0) {
      line[strcspn(line, "\n")] = 0;
      if (pass && *line == '#') {
        puts(line);
        continue;
      }
      if (*line == '#') continue;
      size_t c = 0;
      for (char *s = line; c < 64; c++) {
        size_t n = strcspn(s, ",");
        if (!pass && n > w[c]) w[c] = n;
        if (pass) printf("%s%.*s%*s", c ? "  " : "", (int)n, s, s[n] ? (int)(w[c] - n) : 0, "");
        if (!s[n]) break;
        s += n + 1;
      }
      if (pass) putchar('\n');
    }
  free(line);
  fclose(f);
}

// the files of the pairs PAIRS in GPU directory D of experiment EXP, in order, into FILES (room
// for 2 a pair); their count, or -1 after a message (a pair not A:B, or one file of two absent)
static int pair_files(const char *pairs, const char *d, const char *exp, char **files) {
  char *all = stats_fmt("%s", pairs), *save = NULL;
  int n = 0, rc = 0;
  for (char *p = strtok_r(all, " \t\n", &save); p && !rc; p = strtok_r(NULL, " \t\n", &save)) {
    char *colon = strchr(p, ':');
    if (!colon) {
      fprintf(stderr, "stats: aa-check: pair '%s' is not A:B\n", p);
      rc = -1;
      break;
    }
    *colon = 0;
    char *fa = stats_fmt("%s/%s.csv", d, p), *fb = stats_fmt("%s/%s.csv", d, colon + 1);
    int ha = stats_is_file(fa), hb = stats_is_file(fb);
    if (ha != hb) {
      fprintf(stderr, "stats: %s: missing (the other file of its pair is here; make measure EXP=%s on a GPU host)\n", ha ? fb : fa, exp);
      rc = -1;
    }
    if (ha && hb) files[n++] = fa, files[n++] = fb;
    else free(fa), free(fb);
  }
  free(all);
  if (rc)
    while (n > 0) free(files[--n]);
  return rc ? rc : n;
}

// the calibration's header lines after its first (malloc'd): the commit, the command, the process
// design of the first file (`# process:`'s first word), the files' names in order
static char *header_lines(const aacheck_t *a, const stats_opts *o, char **files, int n) {
  samples_file f0;
  char *proc = NULL;
  if (!stats_read(o, files[0], &f0)) {
    const char *v = samples_meta(&f0, "process");
    if (v && *v) proc = stats_fmt("%.*s", (int)strcspn(v, " \t"), v);
    samples_free(&f0);
  }
  const char **names = malloc((size_t)n * sizeof *names);
  char *list = stats_fmt("%s", "");
  for (int i = 0; names && i < n; i++) names[i] = base_name(files[i]);
  if (names) qsort(names, (size_t)n, sizeof *names, by_name);
  for (int i = 0; names && i < n; i++) {
    char *l = stats_fmt("%s%s%s", list, i ? " " : "", names[i]);
    free(list);
    list = l;
  }
  char *lines = stats_fmt("# git_rev: %s\n# command: make aa-check (stats aa --seed %lu --draws %zu --rounds %zu%s%s)\n# process: %s\n"
                    "# samples: %s (their sessions in their # session.<id> headers%s%s)\n",
                    a->git_rev, o->seed, o->draws, o->aa_rounds, o->plan ? " --plan " : "", o->plan ? o->plan : "",
                    proc ? proc : "unrecorded", list, o->plan ? " of plan " : "", o->plan ? o->plan : "");
  free(names), free(list), free(proc);
  return lines;
}

// CAL copied to D/calibration.csv (through a temporary file beside it); 0, or 2 after a message
static int publish(const char *cal, const char *d) {
  char *tmp = stats_fmt("%s/.calibration.csv.tmp", d), *pub = stats_fmt("%s/calibration.csv", d), *text = NULL;
  size_t m = 0;
  FILE *in = fopen(cal, "rb"), *out = fopen(tmp, "wb");
  int ok = in && out && getdelim(&text, &m, '\0', in) >= 0 && fputs(text, out) >= 0;
  if (in) fclose(in);
  if (out && fclose(out)) ok = 0;
  if (ok && !rename(tmp, pub)) printf("published %s\n", pub);
  else {
    remove(tmp);
    fprintf(stderr, "stats: %s: cannot publish\n", pub);
  }
  free(text), free(tmp), free(pub);
  return ok ? 0 : 2;
}

// whether a session of PATH is of --plan
static int holds_plan(const stats_opts *o, const char *path) {
  samples_file f;
  if (stats_read(o, path, &f)) return 0;
  int in = 0;
  for (size_t s = 0; s < f.nsessions && !in; s++) {
    size_t len = 0;
    const char *v = samples_session_value(&f, s, "plan", &len);
    in = v && len == strlen(o->plan) && !strncmp(v, o->plan, len);
  }
  samples_free(&f);
  return in;
}

// the calibration of GPU directory D of experiment EXP; 0, 1 (a pair fails) or 2
static int gpu_dir(const aacheck_t *a, stats_opts *o, const char *exp, const char *d, int *found) {
  char **files = calloc(2 * strlen(a->pairs) + 2, sizeof *files);
  if (!files) {
    fprintf(stderr, "stats: out of memory\n");
    return 2;
  }
  int n = pair_files(a->pairs, d, exp, files), rc = n < 0 ? 2 : 0;
  if (n > 0 && o->plan && !holds_plan(o, files[0])) {  // a GPU of another design: left as it is
    fprintf(stderr, "stats: %s: no session of plan %s: not calibrated\n", d, o->plan);
    for (int i = 0; i < n; i++) free(files[i]);
    n = 0;
  }
  if (n > 0) {
    *found = 1;
    char *lines = header_lines(a, o, files, n), *dir = stats_fmt("%s/%s/%s", a->out, exp, base_name(d));
    char *cal = stats_fmt("%s/calibration.csv", dir), *tmp = stats_fmt("%s.tmp", cal);
    FILE *t = NULL;
    if (stats_mkdirs(dir) || !(t = fopen(tmp, "w"))) {
      fprintf(stderr, "stats: %s: cannot write\n", tmp);
      rc = 2;
    } else {
      o->args = files;
      o->nargs = n;
      int r = stats_aa(o, t, lines);
      if (fclose(t) && r <= 1) r = 2;
      if (r > 1 || rename(tmp, cal)) {
        remove(tmp);
        fprintf(stderr, "stats: aa-check: stats aa failed for %s (exit %d)\n", d, r);
        rc = 2;
      } else {
        printf("== %s\n", d);
        show(cal);
        if (r == 1) fprintf(stderr, "stats: %s: a false-positive rate shown above alpha, or an A/A CI excluding 1\n", d);
        rc = a->publish && publish(cal, d) ? 2 : r;
      }
    }
    free(lines), free(dir), free(cal), free(tmp);
  }
  for (int i = 0; i < (n > 0 ? n : 0); i++) free(files[i]);
  free(files);
  return rc;
}

int stats_aacheck(int argc, char **argv) {  // argv[0]: "aa-check"
  aacheck_t a = {"a:b sdpa-cudnn:sdpa-cudnn.b", "build", "unknown", 0};
  static const char *const names[] = {"--pairs", "--out", "--git-rev", NULL};
  const char **vals[] = {&a.pairs, &a.out, &a.git_rev};
  stats_opts o;
  int rc = stats_parse_own(argc, argv, names, vals, "--publish", &a.publish, &o);
  if (!rc && !o.nargs) {
    fprintf(stderr, "stats: aa-check needs an A/A experiment's data directory\n");
    rc = 2;
  }
  char **roots = o.args;
  int nroots = o.nargs, found = 0, fail = 0;
  for (int r = 0; r < nroots && !rc; r++) {
    char *pat = stats_fmt("%s/*/", roots[r]);
    glob_t g;
    if (glob(pat, 0, NULL, &g) == 0) {
      for (size_t i = 0; i < g.gl_pathc && !rc; i++) {
        char *d = g.gl_pathv[i];
        d[strlen(d) - 1] = 0;  // (the pattern's '/')
        char *copy = stats_fmt("%s", roots[r]), *exp = copy;
        size_t n = strlen(exp);
        while (n > 1 && exp[n - 1] == '/') exp[--n] = 0;
        int x = gpu_dir(&a, &o, base_name(exp), d, &found);
        free(copy);
        if (x == 1) fail = 1;
        else rc = x;
      }
      globfree(&g);
    }
    free(pat);
  }
  if (!rc && !found && nroots) {
    fprintf(stderr, "stats: no A/A data under");
    for (int r = 0; r < nroots; r++) fprintf(stderr, " %s", roots[r]);
    fprintf(stderr, " (make measure EXP=aa, EXP=aa-own on a GPU host)\n");
    rc = 2;
  }
  free(roots);
  fflush(stdout);
  return rc ? rc : fail;
}
