// build_status.h — a variant's build status file (build/<exp>/<v>/status): how its build went,
// written by tools/pipeline/compile.sh and link_dispatch.sh through `gatetab status` and read by
// the static gates (gates.c). Line 1 is `ok` or a reason of the build stage (gate_outcome.h:
// build_failed, build_timeout, invalid_config), line 2 a one-line detail (may be empty).
#pragma once
#include <stddef.h>
#include <stdio.h>

#include "gate_outcome.h"

// The outcome a status word names: GO_PASS for "ok", a build-stage outcome for its reason word;
// -1 for any other word (the other stages' reasons included).
int bs_parse(const char *word);

// Writes the status of O (GO_PASS: ok) with DETAIL as one line (line breaks and carriage returns
// become spaces). 0, or -1 when O is not ok or a build-stage outcome or the write failed.
int bs_write(FILE *out, gate_outcome o, const char *detail);

// Reads PATH's first two lines: the outcome into *o, line 2 into detail (without its line end;
// "" when there is none; at most dlen - 1 bytes). 0, or -1 with err holding "PATH: what" (a file
// that cannot be opened) or "PATH:1: what" (an empty file, an unknown status word).
int bs_read(const char *path, gate_outcome *o, char *detail, size_t dlen, char *err, size_t errlen);
