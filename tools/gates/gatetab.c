// gatetab — the gate table's command, for shell and make (the format: gate_table.h).
//   gatetab header                       the static gates' header line
//   gatetab join ROWFILE...              the header, then the rows of the variants' gate.csv files
//   gatetab waive WAIVERS ROWFILE        GATE_WAIVE's "V:REASON ..." applied to ROWFILE, in place
//   gatetab list [--pass] [--runtime RUNTIME] TABLE
//                                        the variants of TABLE, one a line (--pass: those that
//                                        passed and have no row in RUNTIME, missing = none)
//   gatetab get [--rows] FILE VARIANT COLUMN...
//                                        VARIANT's fields, tab-separated (--rows: FILE is a
//                                        variant's gate.csv, no header; "-": standard input)
//   gatetab count TABLE                  "N variants, P pass, K reason, ..." (reasons in the
//                                        order of gate_outcome.h)
//   gatetab reject RUNTIME VARIANT REASON DETAIL
//                                        appends a runtime row (one write: sessions on other
//                                        GPUs may append at the same time)
//   gatetab exit-reason RC               the reason of a run that exited RC != 0
//   gatetab update RUNTIME STAGE TABLE   TABLE's verdicts of STAGE (e.g. counters) replace the
//                                        runtime rows of its variants with a reason of STAGE
//   gatetab merge BUILD_EXP_DIR [DEST_DIR]
//                                        gates.csv with runtime.csv's rejects folded in ->
//                                        BUILD_EXP_DIR/gates_run.csv, and DEST_DIR/gates.csv
//   gatetab stage BUILD_EXP_DIR STAGE TABLE [DEST_DIR]
//                                        a stage run after the static gates (e.g. counters):
//                                        update BUILD_EXP_DIR/runtime.csv with TABLE, then merge;
//                                        prints TABLE's count (BUILD_EXP_DIR/gates.csv must exist)
//   gatetab clear RUNTIME                RUNTIME made an empty runtime table (a session's start)
//   gatetab status FILE WORD [DETAIL]    a variant's build status (build_status.h) written to
//                                        FILE: WORD ok or a reason of the build stage, DETAIL
//                                        made one line
//   gatetab built [--count] STATUS...    exit 0 when every build status file says ok, else 1 with
//                                        a line "WORD<TAB>DETAIL" for each that does not ("no
//                                        status" for a missing one); --count: "built N, failed M"
// Files are written to a temporary file and renamed. Exit 0; 1 when get finds no row of VARIANT;
// 2 on a usage error or a malformed table ("gatetab: FILE:LINE: what").
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build_status.h"
#include "gate_merge.h"
#include "gate_table.h"

static char err[1024];

static _Noreturn void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("gatetab: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static _Noreturn void usage(void) {
  die("usage: gatetab header | join ROWFILE... | waive WAIVERS ROWFILE | list [--pass] [--runtime RUNTIME] TABLE |"
      " get [--rows] FILE VARIANT COLUMN... | count TABLE | reject RUNTIME VARIANT REASON DETAIL |"
      " exit-reason RC | update RUNTIME STAGE TABLE | merge BUILD_EXP_DIR [DEST_DIR] |"
      " stage BUILD_EXP_DIR STAGE TABLE [DEST_DIR] | clear RUNTIME | status FILE WORD [DETAIL] |"
      " built [--count] STATUS...");
}

static void load(const char *path, gt_kind kind, gt_table *t) {
  if (gt_read(path, kind, t, err, sizeof err)) die("%s", err);
}

// A runtime table: PATH, or an empty one when PATH does not exist.
static void load_runtime(const char *path, gt_table *t) {
  if (path && access(path, F_OK) == 0) load(path, GT_RUNTIME, t);
  else gt_init(t, GT_RUNTIME, path, NULL, 0);
}

// PATH's temporary file (its name with a leading dot and .tmp, in TMP), opened for writing.
static FILE *tmp_open(const char *path, char tmp[4096]) {
  const char *slash = strrchr(path, '/');
  int dir = slash ? (int)(slash - path + 1) : 0;
  if (snprintf(tmp, 4096, "%.*s.%s.tmp", dir, path, path + dir) >= 4096) die("%s: path too long", path);
  FILE *o = fopen(tmp, "w");
  if (!o) die("%s: %s", tmp, strerror(errno));
  return o;
}

// Closes O (BAD: its write failed) and renames TMP to PATH.
static void tmp_commit(FILE *o, int bad, const char *tmp, const char *path) {
  if (fclose(o) || bad) die("%s: cannot write", tmp);
  if (rename(tmp, path)) die("%s: %s", path, strerror(errno));
}

// Writes T to PATH through PATH's temporary file.
static void save(const gt_table *t, const char *path) {
  char tmp[4096];
  FILE *o = tmp_open(path, tmp);
  tmp_commit(o, gt_write(o, t), tmp, path);
}

static int get(int argc, char **argv) {
  int rows = argc > 0 && !strcmp(argv[0], "--rows");
  argv += rows, argc -= rows;
  if (argc < 3) usage();
  gt_table t;
  load(argv[0], rows ? GT_ROWS : GT_TABLE, &t);
  int col[64];
  if (argc - 2 > 64) die("get: more than 64 columns");
  for (int i = 2; i < argc; i++)
    if ((col[i - 2] = gt_col(&t, argv[i])) < 0) die("%s: no column '%s'", argv[0], argv[i]);
  const gt_row *r = gt_find(&t, argv[1]);
  for (int i = 0; r && i < argc - 2; i++)
    printf("%s%s", i ? "\t" : "", (size_t)col[i] < r->nf ? r->f[col[i]] : "");
  if (r) putchar('\n');
  gt_free(&t);
  return r ? 0 : 1;
}

static int list(int argc, char **argv) {
  int pass = 0;
  const char *rtpath = NULL;
  for (; argc > 1; argc--, argv++) {
    if (!strcmp(argv[0], "--pass")) pass = 1;
    else if (!strcmp(argv[0], "--runtime") && argc > 2) rtpath = *++argv, argc--;
    else usage();
  }
  if (argc != 1) usage();
  gt_table t, rt;
  load(argv[0], GT_TABLE, &t);
  load_runtime(rtpath, &rt);
  for (size_t i = 0; i < t.n; i++)
    if (!pass || (t.rows[i].pass && !gt_find(&rt, t.rows[i].f[0]))) puts(t.rows[i].f[0]);
  gt_free(&t);
  gt_free(&rt);
  return 0;
}

static int count(const char *path) {
  gt_table t;
  load(path, GT_TABLE, &t);
  size_t pass = 0, n[GO_COUNT] = {0};
  for (size_t i = 0; i < t.n; i++) {
    if (t.rows[i].pass) pass++;
    else n[t.rows[i].reason]++;
  }
  printf("%zu variants, %zu pass", t.n, pass);
  for (int o = 0; o < GO_COUNT; o++)
    if (n[o]) printf(", %zu %s", n[o], gate_outcome_str((gate_outcome)o));
  putchar('\n');
  gt_free(&t);
  return 0;
}

static int join(int argc, char **argv) {
  gt_table out;
  gt_init(&out, GT_TABLE, "-", gt_static_columns, GT_STATIC_NCOL);
  for (int i = 0; i < argc; i++) {
    gt_table t;
    load(argv[i], GT_ROWS, &t);
    for (size_t k = 0; k < t.n; k++) {
      const gt_row *r = &t.rows[k];
      if (r->nf != GT_STATIC_NCOL) die("%s:%ld: %zu fields, the header has %d", argv[i], r->line, r->nf, GT_STATIC_NCOL);
      if (gt_find(&out, r->f[0])) die("%s:%ld: variant '%s' has a row already", argv[i], r->line, r->f[0]);
      gt_add(&out, r);
    }
    gt_free(&t);
  }
  int rc = gt_write(stdout, &out) ? 2 : 0;
  gt_free(&out);
  return rc;
}

static int waive(const char *waivers, const char *path) {
  gt_table t;
  load(path, GT_ROWS, &t);
  if (gm_waive(&t, waivers, err, sizeof err)) die("%s", err);
  save(&t, path);
  gt_free(&t);
  return 0;
}

static int reject(const char *path, const char *variant, const char *reason, const char *detail) {
  int o = gate_outcome_parse(reason);
  if (o <= GO_PASS) die("reject: '%s' is not a gate reason", reason);
  if (!*variant || strpbrk(variant, ",\"\r\n")) die("reject: '%s' is not a variant name", variant);
  gt_row r;
  gt_runtime_row(&r, variant, (gate_outcome)o, detail);
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m) die("out of memory");
  gt_write_row(m, &r, GT_RUNTIME);
  fclose(m);
  gt_row_free(&r);
  int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0666);
  if (fd < 0) die("%s: %s", path, strerror(errno));
  ssize_t w = write(fd, buf, len);
  if (w != (ssize_t)len || close(fd)) die("%s: cannot append", path);
  free(buf);
  return 0;
}

static int exit_reason(const char *s) {
  char *end;
  errno = 0;
  long rc = strtol(s, &end, 10);
  if (end == s || *end || errno || rc == 0) die("exit-reason: '%s' is not a non-zero exit status", s);
  puts(gate_outcome_str(gate_outcome_of_exit((int)rc)));
  return 0;
}

static int update(const char *rtpath, const char *stage, const char *path) {
  int s = gate_stage_parse(stage);
  if (s < 0) die("update: '%s' is not a stage (build, static, run, counters)", stage);
  gt_table rt, t;
  load_runtime(rtpath, &rt);
  load(path, GT_TABLE, &t);
  for (size_t i = 0; i < t.n; i++)
    if (!t.rows[i].pass && gate_outcome_stage(t.rows[i].reason) != (gate_stage)s)
      die("%s:%ld: '%s' is not a reason of stage %s", path, t.rows[i].line, t.rows[i].f[2], stage);
  gm_runtime_update(&rt, &t, (gate_stage)s);
  save(&rt, rtpath);
  gt_free(&rt);
  gt_free(&t);
  return 0;
}

static int merge(const char *b, const char *dest) {
  char p[4096], q[4096];
  gt_table st, rt, out;
  if (snprintf(p, sizeof p, "%s/gates.csv", b) >= (int)sizeof p) die("%s: path too long", b);
  if (access(p, F_OK)) die("%s: missing", p);
  load(p, GT_TABLE, &st);
  snprintf(q, sizeof q, "%s/runtime.csv", b);
  load_runtime(q, &rt);
  snprintf(q, sizeof q, "%s/gates_run.csv", b);
  gm_merge(&st, &rt, q, &out);
  save(&out, q);
  if (dest) {
    if (mkdir(dest, 0777) && errno != EEXIST) die("%s: %s", dest, strerror(errno));
    if (snprintf(q, sizeof q, "%s/gates.csv", dest) >= (int)sizeof q) die("%s: path too long", dest);
    save(&out, q);
  }
  gt_free(&st);
  gt_free(&rt);
  gt_free(&out);
  return 0;
}

static int stage(const char *b, const char *stage_name, const char *path, const char *dest) {
  char p[4096];
  if (snprintf(p, sizeof p, "%s/gates.csv", b) >= (int)sizeof p) die("%s: path too long", b);
  if (access(p, F_OK)) die("%s: missing", p);
  snprintf(p, sizeof p, "%s/runtime.csv", b);
  update(p, stage_name, path);
  merge(b, dest);
  return count(path);
}

static int status(const char *path, const char *word, const char *detail) {
  int st = bs_parse(word);
  if (st < 0) die("status: '%s' is neither ok nor a reason of the build stage", word);
  char tmp[4096];
  FILE *o = tmp_open(path, tmp);
  tmp_commit(o, bs_write(o, (gate_outcome)st, detail), tmp, path);
  return 0;
}

static int built(int argc, char **argv) {
  int counting = argc > 0 && !strcmp(argv[0], "--count");
  argv += counting, argc -= counting;
  if (argc < 1) usage();
  int ok = 0;
  for (int i = 0; i < argc; i++) {
    gate_outcome o = GO_PASS;
    char detail[1024];
    if (access(argv[i], F_OK) && errno == ENOENT) {
      if (!counting) puts("no status\t");
      continue;
    }
    if (bs_read(argv[i], &o, detail, sizeof detail, err, sizeof err)) die("%s", err);
    if (o == GO_PASS) ok++;
    else if (!counting) printf("%s\t%s\n", gate_outcome_str(o), detail);
  }
  if (counting) printf("built %d, failed %d\n", ok, argc - ok);
  return counting || ok == argc ? 0 : 1;
}

static int clear(const char *path) {
  gt_table t;
  gt_init(&t, GT_RUNTIME, path, NULL, 0);
  save(&t, path);
  gt_free(&t);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) usage();
  const char *c = argv[1];
  int n = argc - 2;
  char **a = argv + 2;
  if (!strcmp(c, "header") && n == 0) {
    gt_table t;
    gt_init(&t, GT_TABLE, "-", gt_static_columns, GT_STATIC_NCOL);
    return gt_write(stdout, &t) ? 2 : 0;
  }
  if (!strcmp(c, "join")) return join(n, a);
  if (!strcmp(c, "waive") && n == 2) return waive(a[0], a[1]);
  if (!strcmp(c, "list")) return list(n, a);
  if (!strcmp(c, "get")) return get(n, a);
  if (!strcmp(c, "count") && n == 1) return count(a[0]);
  if (!strcmp(c, "reject") && n == 4) return reject(a[0], a[1], a[2], a[3]);
  if (!strcmp(c, "exit-reason") && n == 1) return exit_reason(a[0]);
  if (!strcmp(c, "update") && n == 3) return update(a[0], a[1], a[2]);
  if (!strcmp(c, "merge") && (n == 1 || n == 2)) return merge(a[0], n == 2 ? a[1] : NULL);
  if (!strcmp(c, "stage") && (n == 3 || n == 4)) return stage(a[0], a[1], a[2], n == 4 ? a[3] : NULL);
  if (!strcmp(c, "clear") && n == 1) return clear(a[0]);
  if (!strcmp(c, "built")) return built(n, a);
  if (!strcmp(c, "status") && (n == 2 || n == 3)) return status(a[0], a[1], n == 3 ? a[2] : "");
  usage();
}
