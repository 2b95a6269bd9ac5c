// report_primary.h — the opening of section A.0, in both documents (report_primary.c): the claims
// one experiment declares (PRIMARY), stated with their scope (which build against which library
// and its version, at which shapes, on kernel or call time, on how many GPUs × sessions × rounds ×
// reps, Δ and where it came from), then one table of them: each side's median, our TFLOPS and
// share of the measured roof, the speedup with its 95% CI, the verdict and Δ.
#pragma once
#include "report_keyclaims.h"

// writes the statement and table of K's declared claims; 1 when it has any (a primary row of
// one of its comparison tables), else 0 and nothing written
int primary_opening(gen *g, const kc_exp *k);

// the design of compare row r in words, "5 GPUs × 1 session × 3 rounds × 20 reps" (the smaller
// side's samples; templates/primary.txt units), as the statement and A.1's headline state it
const char *primary_units(gen *g, const rcsv *c, size_t r);
// " (the plan `TAG`, declared before its sessions ran)" of row r's `plan` (or the words for sessions
// beyond it); "" when the row has none
const char *primary_plan(gen *g, const rcsv *c, size_t r);
// the plan of compare row r of x: the row's (primary_plan), else the `plan=` its candidate CAND's
// sessions record (" (the plan `TAG` its sessions record)"), else ""
const char *primary_plan_of(gen *g, const egpu *x, size_t r, const char *cand);
// ", N of the plan's G GPUs so far" when the sessions (CAND's, of the declared PLAN_TAG) cover
// fewer GPUs than the plan declares, and " (fewer than 3 GPUs: …)" when row r is on fewer than 3
const char *primary_sofar(gen *g, const expvars *e, const egpu *x, size_t r, const char *cand);

// the variant name in column COL (cand, base) of compare row r
const char *primary_cmp_name(const rcsv *c, size_t r, const char *col);
// whether compare row r of x is one of the declared claims (family primary)
int primary_is_row(const egpu *x, size_t r);
// whether compare row r of x meets the experiment's goal at its shape (GOAL_AT's, else GOAL) on
// call time: its speedup at or above the goal and its 95% CI's lower end at or above the goal's
// lower end (GOAL's: the goal); -1 where no goal applies at the shape. *kernel: the same on kernel
// time (compare-kernel.csv, the same pair and shape), or -1 where that row is not recorded or no
// goal applies
int primary_goal_met(gen *g, const expvars *e, const egpu *x, size_t r, int *kernel);
// the FLOPs and minimum bytes of SHAPE from the `work.<shape>` header of CAND's file, else BASE's
// (NaN where neither records it)
void primary_work(const egpu *x, const char *cand, const char *base, const char *shape, double *fl, double *by);
// the versions a library's file records (report_libver.h; else the CUDA runtime it was built
// against: times_runtime), from the first of the N GPUs XS whose file of V records any (a GPU
// without the library's file, e.g. one whose data are of an older design, is passed over), in
// words (templates/primary.txt)
const char *primary_versions(gen *g, const egpu *xs, size_t n, const char *v);
// the kernel source(s) candidate V of K is built from: a dispatching build's are its
// configurations' (dispatch_configs of its sample file, each configuration's KERNEL_<name> or
// KERNEL), distinct, in order, joined by "`, `"; any other variant's its own
const char *primary_kernels(const kc_exp *k, const char *v);
