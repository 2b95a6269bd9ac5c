// run_search_key.h — what keys a search's trial log and its confirmation (search_log.h: a trial
// counts only for the key it was measured under), as pure functions of text: the kernel hash (the
// code id `session measure` writes as `# code:`, with the timing method GRAPH_CALLS), the nvcc
// version `nvcc --version` prints, the confirmation's tag, and whether a confirmation file is one
// of this key.
#pragma once
#include <stddef.h>

// the kernel hash of code id CODE timed with GRAPH_CALLS graph calls: the first 16 hex digits of
// the SHA-256 of the line "CODE graph_calls=GRAPH_CALLS\n" (what `printf '%s graph_calls=%s\n' |
// sha256sum | cut -c1-16` gives)
void run_search_hash(const char *code, const char *graph_calls, char out[17]);
// the version in `nvcc --version`'s output TEXT: the digits and dots after the last ", V" of the
// last line that has one ("release 13.0, V13.0.48": 13.0.48) into OUT; 0, or -1 when none
int run_search_nvcc(const char *text, char *out, size_t n);
// the confirmation's tag (its `# search_key:`): HASH/GPU/NVCC/SHAPE/REPS/ROUNDS (malloc'd)
char *run_search_tag(const char *hash, const char *gpu, const char *nvcc, const char *shape, unsigned reps, unsigned rounds);
// whether sample file TEXT (NULL: none) is a confirmation of VARIANT under TAG: it has the lines
// "# search_key: TAG" and "# variant: VARIANT"
int run_search_fresh(const char *text, const char *tag, const char *variant);
