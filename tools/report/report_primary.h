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
