// run_codeid.h — the code ids a session writes into every sample file (`# code:`), so that only
// sessions of the same code are pooled: kernels:<12 hex> for our variants (the sources PATHS),
// <lib>:<12 hex> for a library runner FILE. The one definition is session_code_id.h; this is the
// session's one call of it.
#pragma once
#include <stddef.h>

// KIND "kernels" (ARGS: the source paths) or "runner" (ARGS: the runner file): the id (malloc'd),
// or NULL when it could not be had
char *run_code_id(const char *kind, char *const args[], size_t nargs);
