// nvcc_options.h — the compiler options a variant's flag file may hold besides -D tokens: an
// allow-list of nvcc options that change how the variant's kernel is compiled, never the shared
// harness objects (compile.sh passes a flag file's tokens to the kernel's compile alone), and are
// recorded with the -D flags in its `# flags:` header. One token each, `--name` or `--name=value`:
//   --use_fast_math  --extra-device-vectorization
//   --ftz=B  --prec-div=B  --prec-sqrt=B  --fmad=B          B: true or false
//   --maxrregcount=N                                         N: 16..255 (nvcc ignores it for a
//                                                            kernel with __launch_bounds__)
//   --ptxas-options=-dlcm=ca|cg|cs                           the global loads' cache mode
#pragma once
#include <stddef.h>

// Checks tok (n bytes, starting with "--"). Returns 0 with *keylen the length of its name (what a
// second option of the same name repeats), or -1 with why filled.
int nvcc_option_check(const char *tok, size_t n, size_t *keylen, char *why, size_t whylen);
