// stats_cli.h — options and output helpers shared by the `stats` commands.
#pragma once
#include <stdio.h>

#include "boot.h"
#include "cliff.h"
#include "design.h"
#include "mwu.h"

typedef struct {
  double alpha, threshold;
  size_t resamples;
  unsigned long seed;
  boot_method ci;
  mwu_method method;
  mwu_alternative alternative;
  cliff_ci_method delta_ci;
  int continuity, holm;
  int common_sessions;       // --common-sessions: both sides of a pair on the sessions they share
  level_t level;             // LEVEL_AUTO unless --level
  const char *session;       // --session: only that session's samples (NULL: all)
  const char *metric;        // --metric: "call" (time_us, the default) or "kernel" (kernel_us)
  const char *column;        // the sample files' column of that metric (samples_read_column)
  int delta_set;             // --delta (or --threshold) given
  const char *calibration;   // --calibration FILE: delta from the A/A calibration
  const char *plan;          // --plan TAG: only the sessions of that declared plan
  const char *shape;         // --shape NAME: compare that shape only (NULL: every shared one)
  const char *family;        // --family NAME: the name of the run's Holm family (the CSV's
                             // family column: primary for an experiment's claims, secondary
                             // for its ablations; "all" when not given)
  int ratio;                 // stats reproduce --ratio: operands in fours (ratio rows)
  size_t draws;              // stats aa: null comparisons per shape and kind
  size_t aa_rounds;          // stats aa: rounds per session in a null comparison (0: all)
  char **args;  // the operands (files)
  int nargs;
} stats_opts;

// The sample files' time column of a --metric name ("call": time_us, "kernel": kernel_us), or NULL.
const char *stats_metric_column(const char *metric);

// The metric's samples of PATH (samples_read_column of o->column); 0, or 2 after a message.
int stats_read(const stats_opts *o, const char *path, samples_file *f);

// Whether file f holds rows of shape NAME without samples of the metric read (not recorded).
int stats_unmeasured(const samples_file *f, const char *name);

// Parses argv[1..argc-1] (options and operands in any order; "--" ends options). compare = 0
// refuses the options that only `stats compare` has. Returns 0, or 2 after a message on stderr.
int stats_parse(int argc, char **argv, int compare, stats_opts *o);

// stats_parse (with the options of compare) of a command that has options of its own: NAMES
// (NULL-terminated), each with a value into *VALS[i] (an empty value leaves it as it was), and
// FLAG (NULL: none), which sets *FLAGV; argv[0] is the command. 0, or 2 after a message.
int stats_parse_own(int argc, char **argv, const char *const names[], const char **vals[], const char *flag,
                    int *flagv, stats_opts *o);

// CSV output: a field (quoted when it holds a comma, quote or newline) and a number
// (%.10g; NaN as "nan"). Each prints a leading comma unless first is set.
void csv_str(FILE *f, const char *s, int first);
void csv_num(FILE *f, double x);
// The same, with an empty field where x is not a number (a quantity the design cannot estimate).
void csv_opt(FILE *f, double x);
void csv_size(FILE *f, size_t x);

const char *ci_method_name(boot_method m);

// Helpers of the commands that write files: a formatted string (malloc'd; exits 2 when memory
// is out), whether PATH is a plain file, mkdir -p PATH (0, or -1).
char *stats_fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
int stats_is_file(const char *path);
int stats_mkdirs(const char *path);

// The scope of an interval at a design level: "any-gpu" (GPU-to-GPU variation inside it: 3 GPUs
// or more at level gpu, or as many sessions on distinct GPUs) or "measured-gpus" (conditional on
// the GPUs, or the sessions, measured).
const char *scope_name(const estimate_t *e);

// The commands; they return the exit code.
int stats_summary(const stats_opts *o);
int stats_compare(const stats_opts *o);
// stats aa writes the calibration to OUT, LINES (header lines, each ending in a newline; NULL:
// none) after its first line
int stats_aa(const stats_opts *o, FILE *out, const char *lines);
int stats_reproduce(const stats_opts *o, FILE *out);  // its table to OUT
// `stats verdicts DIR` (stats_verdicts.c): a line per row of each DIR/*/compare.csv, then counts
int stats_verdicts(const char *dir);
// `stats aa-check [options] ROOT...` (stats_aacheck.c): stats aa over each A/A experiment's GPUs,
// into calibration files; argv[0] is "aa-check"
int stats_aacheck(int argc, char **argv);
// `stats reproduce-exp [options] EXP FRESH_ROOT PUBLISHED_ROOT` (stats_reproexp.c): stats reproduce
// of a fresh session against the published data, into its tables; argv[0] is "reproduce-exp"
int stats_reproexp(int argc, char **argv);
// `stats bench [--repeat N]` (stats_bench.c): the speed of this command; argv[0] is "bench"
int stats_bench(int argc, char **argv);
