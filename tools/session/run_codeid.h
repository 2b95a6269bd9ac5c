// run_codeid.h — the code ids a session writes into every sample file (`# code:`), so that only
// sessions of the same code are pooled: kernels:<12 hex> for our variants (the sources PATHS),
// <lib>:<12 hex> for a library runner FILE. The one definition is tools/pipeline/code_id.sh,
// asked here as a command (the only place this module does).
#pragma once
#include <stddef.h>

// KIND "kernels" (ARGS: the source paths) or "runner" (ARGS: the runner file): the id (malloc'd),
// or NULL when it could not be had
char *run_code_id(const char *kind, char *const args[], size_t nargs);
