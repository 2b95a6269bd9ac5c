// san_table.h — the sanitizer table, build/<e>/sanitize.csv, published as data/<e>/<gpu>/sanitize.csv
// (the report reads it: tools/report/report_correct.c). It names what measured it, as a sample file
// does, in a `# key: value` header, then one row per run:
//   # cudadent42 sanitize v1
//   # experiment: EXP
//   # git_rev: REV
//   # gpu_slug: GPU
//   # date: 2026-01-31T12:00:00Z
//   # tools: memcheck racecheck ...
//   # shapes.TOOL: the shapes asked of each tool (SANITIZE_SHAPES[_TOOL]; a line per tool asked any)
//   variant,tool,shapes,result,errors,first_message
//   V,T,SHAPES,clean|error,ERRORS,"MESSAGE"
// (shapes: how many the run used; the message never holds a quote or a comma: san_log.h).
#pragma once
#include <stdio.h>
#include <time.h>
#include "sanitize/san_log.h"
#include "session/run_util.h"

// the header, with the date of T (UTC); WANT_OF: the shapes asked of each tool of TOOLS, in its order
void san_table_head(FILE *o, const char *exp, const char *git_rev, const char *slug, time_t t, const strv *tools,
                    const strv *want_of);
// the row of variant V's run of tool TOOL over NSHAPES shapes
void san_table_row(FILE *o, const char *v, const char *tool, size_t nshapes, const san_result *r);
