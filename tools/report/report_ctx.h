// report_ctx.h — the context of report_gen, the appendix generator: its options and writer (gen),
// everything loaded for one <exp>/<gpu> (egpu), the error exit, and the accessors every section
// reads the statistics with. Sections include this, never the generator's main.
#pragma once
#include "csv/csv_table.h"
#include "gates/gate_table.h"
#include "report_doc.h"
#include "report_vars.h"
#include "samples/samples.h"

typedef struct {
  const char *exp, *gpu;
  char dir[2048];        // data/<exp>/<gpu>
  strlist paths, names;  // sample files and variant names
  strlist others;        // other *.csv files there (not read)
  samples_file *files;
  rcsv sum, cmp, claims, sess; // sess: one-session comparisons (sessions.csv)
  gt_table gates;              // the gate table, gates.csv (gates/gate_table.h)
  rcsv aain;             // the A/As inside the design (aa-inside.csv: a dispatching build against
                         // the configuration that served each shape)
  rcsv sumk, cmpk;       // the same statistics on the kernel time (summary-kernel.csv,
                         // compare-kernel.csv: stats --metric kernel), rows only where recorded
  int have_sum, have_cmp, have_gates, have_claims, have_sess, have_aain, have_sumk, have_cmpk;
  strlist fig_script, fig_name, fig_caption; // from figures.txt
} egpu;

typedef struct {
  const char *data, *build, *stat, *claims_path, *claims_exp;
  const char *seed, *resamples, *alpha; // the statistics options make passes (shown when no CSV has them)
  double threshold;
  int full;             // 1: the full appendix (every table), 0: the main one (report_form.h)
  int any_kernel;       // some experiment of the appendix has statistics on the kernel time
                        // (report_times.h); without, the opening says so once for all
  strlist profiles;     // --profile: DATA/<exp>/<gpu>/profile/<v>.csv, in the order given
  strlist strategies;   // --strategies: `search replay` tables, one per recorded sweep
  strlist search_plots; // --search-plot: the replay figures, relative to the documents, no extension
  strlist problems;     // the problems of the experiments in the appendix (report_problem.h)
  const char *retired;  // --retired: the retired files per experiment (report_retired.c), or NULL
  const char *results;  // --results: the published results of searches and reproductions
                        // (report_results.h), or NULL
  strlist shown;        // the experiments given a section or a row so far, in order (report_shown.h)
  size_t nodata;        // the experiments named as having no data
  strlist pointed;      // the main appendix: the parts whose pointer into the full one said what it holds
  strlist pointed_at;   // ... and the section each was said for (pointed's order)
  doc d;
  char err[4400];
} gen;

// writes "report_gen: <g->err>" and exits 2
_Noreturn void gen_die(gen *g);
// loads everything of one <exp>/<gpu>; dies with file:line on broken input
void egpu_load(gen *g, egpu *x, const char *exp, const char *gpu);
// the <exp>/<gpu> directories of EXP with data appended to *xs (*nx of them), their GPUs to gpus
// (once each); *synthetic set when a sample file says `synthetic: yes`, *emax raised to the
// latest sample date (seconds since 1970)
void gen_load_exp(gen *g, const char *exp, egpu **xs, size_t *nx, strlist *gpus, int *synthetic, long long *emax);
// the entries of EXP in xs (they are consecutive): the count, the first in *first (nx when none)
size_t gen_exp_range(const egpu *xs, size_t nx, const char *exp, size_t *first);
// build/<exp>/experiment.vars into *ev; dies on a broken file
void gen_read_vars(gen *g, const char *exp, expvars *ev);
// a CSV that may be missing or empty (nothing to compare): 1 loaded, 0 absent or empty
int gen_load_opt(gen *g, const char *path, rcsv *t);
// "YYYY-MM-DD[T ]HH:MM[:SS]…" → seconds since 1970 (UTC), or -1
long long gen_parse_date(const char *s);

// summary row of NAME at SHAPE, or -1; sum_row_of: of summary table T (x->sum, x->sumk)
long sum_row(const egpu *x, const char *name, const char *shape);
long sum_row_of(const rcsv *t, const char *name, const char *shape);
// 1 when x has any statistic on the kernel time (a row of summary-kernel.csv)
int gen_has_kernel(const egpu *x);
// row of comparison table C (compare.csv, claims.csv) of BASE → CAND at SHAPE, or -1
long cmp_row(const rcsv *c, const char *base, const char *cand, const char *shape);
double fld(gen *g, const rcsv *t, size_t r, const char *col); // numeric field or die
double fld_opt(gen *g, const rcsv *t, size_t r, const char *col); // the same, NaN when no such column
// shapes of x: SHAPES order first, then the others in summary order
void gen_shapes(const egpu *x, const expvars *e, strlist *out);
