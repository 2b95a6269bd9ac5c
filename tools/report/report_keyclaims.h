// report_keyclaims.h — section A.0 of the appendix, the claims (report_keyclaims.c).
#pragma once
#include "report_ctx.h"

typedef struct {
  const char *exp;
  const expvars *e;
  egpu *xs;     // its <exp>/<gpu> entries with data
  size_t n;
  int headline; // the claims experiment (CLAIMS_EXP): its headline rows are stated one by one
} kc_exp;

void keyclaims_section(gen *g, const kc_exp *es, size_t n);
// the rank an experiment's claims take in A.0 (and in brief): its CLAIMS_RANK, those without one
// after (1000001; ranks are below 1000000)
long claims_rank(const kc_exp *k);
