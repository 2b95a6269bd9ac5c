// samples_main.c — `samples`: the command that owns the sample file (format in samples.h).
//   samples merge [options] ROUND_FILE...   one session's round files as one sample file
//                                          (samples_merge.h; what `session measure` calls)
//   samples append [--out F] OLD NEW        the session NEW appended to the published file OLD
//   samples medians FILE...                 CSV of round medians
//   samples check FILE...                   read and validate; errors as "samples: FILE:LINE: what"
//   samples publish DEST NEW...             a session's files appended to, or replacing, the
//                                          published ones (samples_publish.h)
//   samples write [--out F] [--meta K=V]... --columns C   header lines, then rows from stdin
// GSL-free: it is built and run on the GPU hosts too.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "samples.h"
#include "samples_median.h"
#include "samples_merge.h"
#include "samples_fold.h"
#include "samples_publish.h"
#include "samples_write.h"

static const char usage[] =
    "usage: samples merge --rounds R --session ID [--positions \"P1 P2 ...\"] [--fallback-date ISO]\n"
    "                     [--host H] [--uuid U] [--seed S] [--variant V] [--last-temp T]\n"
    "                     [--out FILE] ROUND_FILE...\n"
    "       samples append [--out FILE] OLD NEW\n"
    "       samples medians FILE...\n"
    "       samples check FILE...\n"
    "       samples publish DEST NEW...\n"
    "       samples fold DEST FROM\n"
    "       samples write [--out FILE] [--meta KEY=VALUE]... --columns COL,COL,... < ROWS\n"
    "merge: round 1's header lines, # rounds:, # temp_end_c_last_round: (R > 1 and T given),\n"
    "  # session.ID: date= host= gpu_uuid= git_rev= rounds= order_seed= [order=] (round 1's # order:),\n"
    "  the CSV header row with\n"
    "  round,session,position added, the rows of every round (rep renumbered per shape);\n"
    "  exit 3 when a round's CSV header row differs from round 1's\n"
    "append: NEW's header lines, the # session. lines of OLD then NEW, the CSV header row, OLD's\n"
    "  rows, NEW's rows (session measure, when a session of the same code is added to a published file);\n"
    "  exit 3, nothing written, when OLD already holds a session of NEW (published once)\n"
    "medians: file,variant,shape,session,round,n,median_us per round (sessions in order of first\n"
    "  appearance, rounds ascending)\n"
    "check: every file read as the tools read it; exit 2 on the first error of each\n"
    "publish: each NEW (one session of one variant) appended to DEST/<variant>.csv when the code,\n"
    "  timing and columns are the same, else replacing it (said); prints the count published;\n"
    "  exit 1 when a file was not published, 2 when DEST cannot be locked\n"
    "write: # cudadent42 samples v1, a # KEY: VALUE line per --meta, the columns, then the rows on\n"
    "  stdin (each with as many fields as columns), written as FILE.tmp.<pid> and renamed\n"
    "  (default stdout)\n"
    "fold: each session of FROM's sample files (another copy of the GPU folder DEST) that DEST\n"
    "  lacks, published as measure publishes one; never replaces a file (exit 1 when one is not)\n"
    "output on stdout unless --out; exit: 0 ok, 2 usage or input error, 3 merge: the columns\n"
    "  differ, append: the session is already there\n";

static int usage_fail(const char *fmt, const char *arg) {
  fputs("samples: ", stderr);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  fputs(usage, stderr);
  return 2;
}

// A whole number 1..999999999 without sign or leading zero.
static int parse_count(const char *s, unsigned *v) {
  size_t n = strlen(s);
  if (n == 0 || n > 9 || s[0] < '1' || s[0] > '9' || strspn(s, "0123456789") != n) return -1;
  *v = (unsigned)strtoul(s, NULL, 10);
  return 0;
}

// The value of option argv[*i] (moving *i past it), or NULL when it has none.
static const char *opt_value(int argc, char **argv, int *i) {
  return *i + 1 < argc ? argv[++*i] : NULL;
}

static int finish(samples_writer *w, int rc) {
  char err[512];
  if (rc) samples_write_abort(w);
  else if (samples_write_close(w, err, sizeof err)) rc = 2, fprintf(stderr, "samples: %s\n", err);
  return rc;
}

static int cmd_merge(int argc, char **argv) {
  samples_merge_opts o = {0, NULL, "", "", "", "", "", "", "", "", ""};
  const char *out = NULL, *rounds = NULL;
  int i = 1;
  for (; i < argc && !strncmp(argv[i], "--", 2); i++) {
    static const char *const names[] = {"--rounds", "--session", "--positions", "--fallback-date", "--host",
                                        "--uuid", "--seed", "--variant", "--last-temp", "--out", "--plan", "--machine"};
    const char **slot[] = {&rounds, &o.session, &o.positions, &o.fallback_date, &o.host,
                           &o.uuid, &o.seed, &o.variant, &o.last_temp, &out, &o.plan, &o.machine};
    size_t k = 0;
    while (k < sizeof names / sizeof *names && strcmp(argv[i], names[k])) k++;
    if (k == sizeof names / sizeof *names) return usage_fail("merge: unknown option '%s'", argv[i]);
    const char *v = opt_value(argc, argv, &i);
    if (!v) return usage_fail("merge: %s needs a value", names[k]);
    *slot[k] = v;
  }
  if (!rounds || parse_count(rounds, &o.rounds))
    return usage_fail("merge: --rounds '%s' is not a count >= 1", rounds ? rounds : "");
  if (!o.session || !*o.session) return usage_fail("merge: %s", "--session ID is needed");
  unsigned long counts[3];
  if (o.plan && *o.plan && samples_plan_parse(o.plan, counts))
    return usage_fail("merge: --plan '%s' is not a plan (NAME/GxSxR of [A-Za-z0-9_.+-] and counts)", o.plan);
  if (o.machine && strspn(o.machine, "abcdefghijklmnopqrstuvwxyz0123456789") != strlen(o.machine))
    return usage_fail("merge: --machine '%s' is not a machine id ([a-z0-9])", o.machine);
  if (i == argc) return usage_fail("merge: %s", "no round file");
  size_t n = (size_t)(argc - i);
  FILE **in = calloc(n, sizeof *in);
  if (!in) return fputs("samples: out of memory\n", stderr), 2;
  int rc = 0;
  for (size_t k = 0; k < n && !rc; k++)
    if (!(in[k] = fopen(argv[i + k], "r")))
      rc = 2, fprintf(stderr, "samples: %s: cannot open: %s\n", argv[i + k], strerror(errno));
  samples_writer w;
  char err[1024];
  if (!rc && samples_write_open(&w, out, err, sizeof err)) rc = 2, fprintf(stderr, "samples: %s\n", err);
  else if (!rc) {
    rc = samples_merge(in, (const char *const *)argv + i, n, &o, w.f, err, sizeof err);
    if (rc) fprintf(stderr, "%s%s\n", rc == SAMPLES_MERGE_COLUMNS ? "" : "samples: ", err);
    if (rc < 0 || rc == SAMPLES_MERGE_TIME) rc = 2;
    rc = finish(&w, rc);
  }
  for (size_t k = 0; k < n; k++)
    if (in[k]) fclose(in[k]);
  free(in);
  return rc;
}

static int cmd_append(int argc, char **argv) {
  const char *out = NULL;
  int i = 1;
  if (i < argc && !strcmp(argv[i], "--out")) {
    if (!(out = opt_value(argc, argv, &i))) return usage_fail("append: %s", "--out needs a value");
    i++;
  }
  if (argc - i != 2) return usage_fail("append: %s", "needs the files OLD NEW");
  FILE *old = fopen(argv[i], "r"), *new_ = old ? fopen(argv[i + 1], "r") : NULL;
  int rc = 0;
  if (!new_)
    rc = 2, fprintf(stderr, "samples: %s: cannot open: %s\n", argv[old ? i + 1 : i], strerror(errno));
  samples_writer w;
  char err[512];
  if (!rc && samples_write_open(&w, out, err, sizeof err)) rc = 2, fprintf(stderr, "samples: %s\n", err);
  else if (!rc) {
    int a = samples_append(old, new_, argv[i], argv[i + 1], w.f, err, sizeof err);
    if (a) rc = a == SAMPLES_APPEND_DUPLICATE ? 3 : 2, fprintf(stderr, "samples: %s\n", err);
    rc = finish(&w, rc);
  }
  if (old) fclose(old);
  if (new_) fclose(new_);
  return rc;
}

// Reads each file (argv[1..]) and hands it to use; a file that does not read is reported as
// "samples: FILE:LINE: what". Returns 0, or 2 when a file did not read or use failed.
static int each_file(int argc, char **argv, int (*use)(const char *path, const samples_file *f)) {
  int rc = 0;
  for (int i = 1; i < argc; i++) {
    samples_file f;
    char err[512];
    if (samples_read(argv[i], &f, err, sizeof err)) {
      fprintf(stderr, "samples: %s\n", err);
      rc = 2;
      continue;
    }
    if (use(argv[i], &f)) rc = 2;
    samples_free(&f);
  }
  return rc;
}

static int print_medians(const char *path, const samples_file *f) {
  for (size_t g = 0; g < f->ngroups; g++) {
    samples_round *r;
    size_t nr;
    if (samples_round_medians(&f->groups[g], &r, &nr))
      return fprintf(stderr, "samples: %s: out of memory\n", path), -1;
    for (size_t k = 0; k < nr; k++)
      printf("%s,%s,%s,%s,%u,%zu,%.10g\n", f->path, f->variant, f->groups[g].name, f->sessions[r[k].session],
             r[k].round, r[k].n, r[k].median);
    free(r);
  }
  return 0;
}

static int cmd_medians(int argc, char **argv) {
  if (argc < 2) return usage_fail("medians: %s", "no file");
  printf("file,variant,shape,session,round,n,median_us\n");
  return each_file(argc, argv, print_medians);
}

static int print_check(const char *path, const samples_file *f) {
  size_t n = 0;
  for (size_t g = 0; g < f->ngroups; g++) n += f->groups[g].n;
  printf("%s: %zu samples, %zu shapes, %zu sessions\n", path, n, f->ngroups, f->nsessions);
  return 0;
}

static int cmd_check(int argc, char **argv) {
  if (argc < 2) return usage_fail("check: %s", "no file");
  return each_file(argc, argv, print_check);
}

static int cmd_publish(int argc, char **argv) {
  if (argc < 3) return usage_fail("publish: %s", "needs DEST and at least one NEW file");
  size_t n = 0;
  int rc = samples_publish(argv[1], (const char *const *)argv + 2, (size_t)argc - 2, stderr, &n);
  printf("%zu\n", n);
  return rc;
}

static size_t fields(const char *s) {
  size_t n = 1;
  for (; *s; s++) n += *s == ',';
  return n;
}

static int cmd_write(int argc, char **argv) {
  const char *out = NULL, *columns = NULL;
  int i = 1;
  for (; i < argc; i++) {
    const char *v;
    if (strcmp(argv[i], "--out") && strcmp(argv[i], "--meta") && strcmp(argv[i], "--columns"))
      return usage_fail("write: unknown argument '%s'", argv[i]);
    if (!(v = opt_value(argc, argv, &i))) return usage_fail("write: %s needs a value", argv[i]);
    if (!strcmp(argv[i - 1], "--out")) out = v;
    else if (!strcmp(argv[i - 1], "--columns")) columns = v;
    else if (!strchr(v, '=') || strchr(v, '=') == v || strpbrk(v, "\n\r"))
      return usage_fail("write: --meta '%s' is not KEY=VALUE", v);
  }
  if (!columns || !samples_csv_column(columns, "shape") || !samples_csv_column(columns, "time_us"))
    return usage_fail("write: %s", "--columns COL,COL,... naming shape and time_us is needed");
  samples_writer w;
  char err[512];
  if (samples_write_open(&w, out, err, sizeof err)) return fprintf(stderr, "samples: %s\n", err), 2;
  samples_write_line(&w, "%s", SAMPLES_VERSION_LINE);
  for (int k = 1; k < argc; k += 2)
    if (!strcmp(argv[k], "--meta")) {
      char *eq = strchr(argv[k + 1], '=');
      *eq = '\0';
      samples_write_meta(&w, argv[k + 1], eq + 1);
      *eq = '=';
    }
  samples_write_line(&w, "%s", columns);
  size_t ncol = fields(columns), line = 0, tcol = samples_csv_column(columns, "time_us");
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len;
  int rc = 0;
  while (!rc && (len = getline(&buf, &cap, stdin)) >= 0) {
    line++;
    if (len && buf[len - 1] == '\n') buf[--len] = '\0';
    if ((size_t)len != strlen(buf)) rc = 2, fprintf(stderr, "samples: stdin:%zu: NUL byte in line\n", line);
    else if (fields(buf) != ncol || buf[0] == '#')
      rc = 2, fprintf(stderr, "samples: stdin:%zu: expected a row of %zu fields (%s), found '%.60s'\n", line,
                      ncol, columns, buf);
    else {
      char tok[64];
      const char *f = samples_csv_field(buf, tcol, tok, sizeof tok);
      const char *why = f ? samples_time_check(f, NULL) : "is not a number (longer than any time)";
      if (why) rc = 2, fprintf(stderr, "samples: stdin:%zu: '%.40s' %s\n", line, tok, why);
      else samples_write_line(&w, "%s", buf);
    }
  }
  free(buf);
  if (!rc && ferror(stdin)) rc = 2, fputs("samples: stdin: read error\n", stderr);
  return finish(&w, rc);
}

static int cmd_fold(int argc, char **argv) {
  if (argc != 3) return usage_fail("fold: %s", "needs the folders DEST FROM");
  size_t folded;
  int rc = samples_fold(argv[1], argv[2], stderr, &folded);
  fprintf(stderr, "fold: %zu session(s) added to %s\n", folded, argv[1]);
  return rc;
}

int main(int argc, char **argv) {
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(usage, stdout);
    return 0;
  }
  static const struct {
    const char *name;
    int (*run)(int, char **);
  } cmds[] = {{"merge", cmd_merge},     {"append", cmd_append}, {"medians", cmd_medians},
              {"check", cmd_check},     {"write", cmd_write},   {"publish", cmd_publish},
              {"fold", cmd_fold}};
  for (size_t k = 0; argc >= 2 && k < sizeof cmds / sizeof *cmds; k++)
    if (!strcmp(argv[1], cmds[k].name)) return cmds[k].run(argc - 1, argv + 1);
  if (argc >= 2) return usage_fail("'%s' is not a command", argv[1]);
  fputs(usage, stderr);
  return 2;
}
