// report_pick.h — choices the report makes from summary.csv (stats summary output): the median
// of a variant at a shape, the best variant of a kind at a shape, the variant standing for a
// ladder rung ("v4" stands for v4, v4s2, v4-stages3 …: the fastest of them), and the shape that
// stands for a shape named in a claim (the same one, else one that agrees on the tags the claim
// names).
// Names are variant names = sample file names without directory and ".csv".
#pragma once
#include "csv/csv_table.h"
#include "report_vars.h"

// Variant name of a `file` field: directory and ".csv" dropped, into buf.
const char *pick_name(const char *file, char *buf, size_t len);

// Median of NAME at SHAPE from summary S: 0, or -1 when absent.
int pick_median(const rcsv *s, const char *name, const char *shape, double *med);

// "@ours": the fastest non-baseline that is not a dispatching build (its times are its
// configurations', measured again); "@lib": the fastest of LIBRARIES; "@base": the fastest
// baseline; else the fastest variant whose name is WHO or WHO followed by a non-digit. NULL when
// none has SHAPE. Returned string is one of NAMES' entries.
const char *pick_variant(const rcsv *s, const strlist *names, const expvars *e, const char *who,
                         const char *shape);

// The fastest of LIBRARIES at SHAPE, else (an experiment without a library among its
// baselines) the fastest baseline: the other side of the roofline figure and of its table. NULL
// when no baseline has SHAPE.
const char *pick_fastest_base(const rcsv *s, const strlist *names, const expvars *e, const char *shape);

// The variant of ours the experiment pits against a library: the candidate of the first COMPARE pair
// whose base is one of LIBRARIES and whose candidate is not a baseline; NULL when none.
const char *pick_headline(const expvars *e);

// The variant of ours the experiment claims against a library: the candidate of the first PRIMARY
// pair (cand:base) whose base is one of LIBRARIES, as NAMES spells it; NULL when none.
const char *pick_claimed(const expvars *e, const strlist *names);

// The measured shape standing for WANT: WANT itself, else the first shape of S whose fields agree
// with WANT's on every tag of MATCH (space-separated tags of the shape grammar, e.g. "S D C";
// NULL or "": WANT only). NULL when none; the returned string points into S.
const char *pick_shape(const rcsv *s, const char *want, const char *match);
