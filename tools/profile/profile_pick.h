// profile_pick.h — what `make profile` profiles, as pure decisions on text the driver read: the
// variants (those that passed every gate so far, as `gatetab list --pass` names them, narrowed by
// VARIANTS and VARIANT), each one's shape (SHAPE, else the first line of its shapes.txt) and its
// main kernel at that shape (describe.txt's launch plan: `shape=S kernel=K ...` lines).
#pragma once
#include "session/run_util.h"

// The variants of PASS (one a line) named in VARIANTS (words; "" or NULL: all) and equal to
// VARIANT ("" or NULL: any), in PASS's order, appended to *out.
void pp_variants(const char *pass, const char *variants, const char *variant, strv *out);
// The kernel= of the first line of DESCRIBE whose shape= is SHAPE and that names a kernel, else
// of its first line; "" when there is none (malloc'd).
char *pp_kernel_of(const char *describe, const char *shape);
// Whether K may be a kernel's function name: [A-Za-z_][A-Za-z0-9_:]* (it goes into ncu's regex).
int pp_kernel_name_ok(const char *k);
// The first line of TEXT (NULL: none), without its line break (malloc'd).
char *pp_first_line(const char *text);
