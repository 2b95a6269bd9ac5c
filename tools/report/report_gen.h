// report_gen.h — shared state of report_gen, the appendix generator: report_gen.c (main, loading,
// formatting), report_headline.c (the headline table), report_method.c (methodology),
// report_design.c (the design's units, variance components and band in words and cells),
// report_exp.c (one experiment), report_gates.c and
// report_rooftab.c (two of its tables), report_correct.c (a correctness-style experiment),
// report_claims.c (seed claims vs measured),
// report_static.c (the 12-rules section, gate reason meanings).
#pragma once
#include "report_csv.h"
#include "report_doc.h"
#include "report_vars.h"
#include "samples/samples.h"

typedef struct {
  const char *exp, *gpu;
  char dir[2048];        // data/<exp>/<gpu>
  strlist paths, names;  // sample files and variant names
  strlist others;        // other *.csv files there (not read)
  samples_file *files;
  rcsv sum, cmp, gates, claims, sess; // sess: one-session comparisons (sessions.csv)
  int have_sum, have_cmp, have_gates, have_claims, have_sess;
  strlist fig_script, fig_name, fig_caption; // from figures.txt
} egpu;

typedef struct {
  const char *data, *build, *stat, *claims_path, *claims_exp;
  const char *seed, *resamples, *alpha; // the statistics options make passes (shown when no CSV has them)
  double threshold;
  doc d;
  char err[4400];
} gen;

_Noreturn void gen_die(gen *g);
// loads everything of one <exp>/<gpu>; dies with file:line on broken input
void egpu_load(gen *g, egpu *x, const char *exp, const char *gpu);

// a CSV that may be missing or empty (nothing to compare): 1 loaded, 0 absent or empty
int gen_load_opt(gen *g, const char *path, rcsv *t);
// "YYYY-MM-DD[T ]HH:MM[:SS]…" → seconds since 1970 (UTC), or -1
long long gen_parse_date(const char *s);

void headline_section(gen *g, const expvars *e, egpu *xs, size_t n); // report_headline.c
void methodology(gen *g, egpu *xs, size_t n, const strlist *gpus); // report_method.c
void gate_table(gen *g, const egpu *x);                                              // report_gates.c
void roof_table(gen *g, const expvars *e, const egpu *x, const strlist *shapes);      // report_rooftab.c
void exp_section(gen *g, const char *exp, const expvars *e, egpu *xs, size_t n);
void correctness_gpu(gen *g, const expvars *e, const egpu *x); // report_correct.c
void claims_section(gen *g, const expvars *e, egpu *xs, size_t n);
void rules_section(gen *g);
// meaning and fix of a gate reason from reports/rejections.csv ("" when unknown)
void reason_text(gen *g, const char *reason, const char **meaning, const char **fix);

// number formatting shared by the sections
const char *gen_list(const strlist *l);          // "`a`, `b`", "`a`, … (N in all)" when long, or "none"
const char *num(double x);                       // 4 significant digits, no exponent ≥ 1
const char *num3(double x);                      // 3 significant digits (CI bounds of ratios)
const char *ufmt(double u);                      // U statistic: integer or one decimal
const char *ci(double m, double lo, double hi);  // "m [lo, hi]"
const char *xfmt(double x);                      // speedup "1.23×"
const char *xci(double s, double lo, double hi); // "1.305× [1.300, 1.310]": bounds with s's decimals
const char *pfmt(double p);
// summary row of NAME at SHAPE, or -1
long sum_row(const egpu *x, const char *name, const char *shape);
// row of comparison table C (compare.csv, claims.csv) of BASE → CAND at SHAPE, or -1
long cmp_row(const rcsv *c, const char *base, const char *cand, const char *shape);
double fld(gen *g, const rcsv *t, size_t r, const char *col); // numeric field or die
double fld_opt(gen *g, const rcsv *t, size_t r, const char *col); // the same, NaN when no such column
// shapes of x: SHAPES order first, then the others in summary order
void gen_shapes(const egpu *x, const expvars *e, strlist *out);

// report_design.c: the design in cells and words
// "3 × 10": sessions × rounds per session from n_sessions and n_rounds (rounds in all), "—" if NaN
const char *units_cell(double ns, double nr);
// "0.48" (an SD as % of the median), or "—"
const char *sd_cell(double pct);
// "session, paired, 3 × 10" of compare row r (level, pairing, units)
const char *level_cell(gen *g, const rcsv *c, size_t r);
// the band Δ of comparison table c in words: "Δ = 2.42% (the minimum detectable effect … `FILE`)"
const char *band_words(gen *g, const rcsv *c);
// the smallest Δ of c as a fraction (NaN when c has no delta column or no rows)
double band_min(gen *g, const rcsv *c);
// one sentence on the design of comparison table c: its units, the MDE and Δ
void design_sentence(gen *g, const rcsv *c);
