// report_sections.h — the sections of the appendix, one file each; only the generator's main
// (report_gen.c), which orders them, includes this.
#pragma once
#include "report_ctx.h"
#include "report_keyclaims.h"

void intro_section(gen *g, size_t ndata, size_t ngpus);                  // report_frame.c
// keyclaims_section (A.0): report_keyclaims.h
void headline_section(gen *g, const expvars *e, egpu *xs, size_t n);     // report_headline.c
void glossary_table(gen *g);  // report_glossary.c: the terms, a table of A.2
// MAIN_EXPS: the experiments whose timing set-up the main appendix tables (the full one: all)
void methodology(gen *g, egpu *xs, size_t n, const strlist *gpus, const strlist *main_exps); // report_method.c
void results_head(gen *g);                                               // report_frame.c
void retired_intro(gen *g, const strlist *exps);                         // report_retired.c
void exp_section(gen *g, const char *exp, const expvars *e, egpu *xs, size_t n); // report_exp.c
void nodata_section(gen *g, const strlist *exps);                        // report_frame.c
void claims_section(gen *g, const expvars *e, egpu *xs, size_t n);       // report_claims.c
void rules_section(gen *g);                                              // report_rules.c
void reproduce_section(gen *g);                                          // report_frame.c
void profile_section(gen *g);                                            // profile_section.c
void search_section(gen *g);                                             // search_section.c
