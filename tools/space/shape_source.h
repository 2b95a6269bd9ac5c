// shape_source.h — where a problem's grammar is written, for messages that name a file and line:
// kernels/<problem>/problem/<problem>_shape.c and the line that defines its problem_host
// (`const problem_host problem_<problem> = ...`), read relative to the working directory (the
// repository root, where make runs the tools).
#pragma once
#include <stddef.h>

// Writes "FILE:LINE" for problem into buf; 0, or -1 (buf holds "FILE:1") when the file cannot be
// read or holds no such definition.
int shape_source(const char *problem, char *buf, size_t len);
