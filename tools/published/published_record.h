// published_record.h — the record of retired published files, DATA/RETIRED: its one reader and
// writer. A published sample file whose code is not the code that ships (published_check.h)
// stays in DATA as it was measured; it may stay there only when this record names it, so that
// nothing presents it as a measurement of the current code (the appendix notes it: report.mk).
// Format: lines starting with '#' are comments; every other line that is not blank names one
// retired sample file or profile (published_scan.h), its fields separated by blanks:
//   <exp>/<gpu>/<variant>.csv <code> <YYYY-MM-DD> <reason, in words, to the end of the line>
//   <exp>/<gpu>/profile/<variant>.csv <code> <YYYY-MM-DD> <reason>
// the path relative to DATA, the file's `# code:` id up to its first space when it was retired
// (`none`: it had no `# code:` line), the day it was retired (UTC), and why.
#pragma once
#include <stdio.h>
#include "published/published_entry.h"

// DATA's records (of EXP; NULL or "": all) appended to out in the file's order, each with its
// line; no file: none. 0, or -1 after `retired: FILE:LINE: not a record (...)` or `retired: FILE:
// what` on stderr
int published_record_read(const char *data, const char *exp, published_entries *out);
// EXP's records replaced by lines[0..n) (each a record, no newline), the other experiments'
// records and every comment kept: the comments first, then the records sorted bytewise; written
// whole and renamed into place. No file and nothing to record: no file made. 0, or -1 after
// `retire: FILE: cannot write` on stderr
int published_record_write(const char *data, const char *exp, char *const lines[], size_t n);
// per experiment with records of sample files (profiles' records left out: the appendix's profile
// section says what code each profile is of), CSV `exp,files,date,reason,gpus` to out: how many files are
// retired, the latest day and that record's reason (the last of that day), and per GPU (the
// directory under the experiment) its files retired, `gpu:files` separated by spaces in the
// records' order; the header row alone when none
// (what the appendix shows: tools/report/report_retired.c); 0, or -1 when out of memory
int published_record_summary(const published_entries *records, FILE *out);
