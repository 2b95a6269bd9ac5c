// report_problem.h — the problems of the appendix: an experiment's problem is the first path
// component of its KERNEL (attention/flash_attn.cu → attention); text that holds for one problem
// only lives in reports/templates/problem-<problem>.txt and is printed only when an experiment of
// that problem is in the appendix. A problem without such a file has no words of its own; a file
// that lacks a part is an error (report_tmpl.h).
#pragma once
#include "report_ctx.h"

// the problems of the experiments in the appendix (EVS, N of them), once each, sorted
void problems_init(gen *g, const expvars *evs, size_t n);
// the problem of one experiment's KERNEL ("" when it names none), in report_doc's fmt buffers
const char *problem_of(const expvars *e);
// part PART of every present problem's template, joined in the problems' order ("" when none has
// a template), filled with VARS, in report_doc's fmt buffers
const char *problem_text(gen *g, const char *part, const char *const vars[]);
// part PART of PROBLEM's template filled with VARS, or DFLT when PROBLEM has none
const char *problem_one(gen *g, const char *problem, const char *part, const char *const vars[], const char *dflt);
