// session_code_id.h — the one definition of "the same code": the id a sample file's `# code:`
// header carries (measure writes it), the search's trial log is keyed by and the published data
// are held to (tools/published/).
//   kernels:<12 hex>  our variants: the first 12 hex digits of the sha256 of what
//       `find PATH... -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh'
//       -o -name '*.tunables' \) -print0 | LC_ALL=C sort -zu | xargs -0 sha256sum` prints, the
//       sorted names and contents of the C/CUDA sources and tunables under PATH... (make's
//       CODE_SRC, mk/measure.mk: the harness, the problem's folder, the host C a bench links)
//   <lib>:<12 hex>    a library runner <lib>_bench.py (LIB_BENCH) by the sha256 of its text,
//       followed by the text of each module of its own folder that a line starting `import NAME`
//       (a list: `import A, B as C`) or `from NAME import` names (NAME.py beside it, in byte order
//       of the names: a runner that reuses another's inputs and check; dotted and relative names
//       and a sibling's own imports are not followed), then by the text of every tools/libbench/*.py, or
//       LIBBENCH_DIR's, in byte order of their names, when a line of it starts `import libbench`
//       (the shared runner it stands on);
//       measure appends the library's versions after a space (`sdpa:8f48afd4958b torch=…`),
//       which only a GPU host knows, so ids are compared up to the first space (the base)
// The ids hash the sources themselves, not git: the GPU host's copy of the tree may carry no or
// a stale .git, and a change elsewhere in the repository changes nothing that runs.
#pragma once
#include <stddef.h>

#define SESSION_CODE_ID_HEX 12  // hex digits of an id's hash
#define SESSION_CODE_ID_MAX 4200 // room for an id (a runner's name is a file name)

// the kernels id of the sources under paths[0..n) into out; files and folders are walked as find
// walks them (symbolic links not followed, the paths as find prints them); a path that does not
// exist is skipped with a warning, as find skips it. 0, or -1 after `tool: what` on stderr (a
// folder or file that cannot be read)
int session_code_id_kernels(const char *tool, const char *const paths[], size_t n, char out[SESSION_CODE_ID_MAX]);
// the id of a library runner FILE: <lib>:<12 hex>; 0, or -1 after `tool: what` on stderr
int session_code_id_runner(const char *tool, const char *file, char out[SESSION_CODE_ID_MAX]);
// <lib> of a runner path, as `basename FILE _bench.py` (none_bench.py: none); 0, or -1 when the
// name does not fit
int session_code_id_lib(const char *file, char out[SESSION_CODE_ID_MAX]);
// the id a variant's file carries: that of runners[0..n) (the versions may follow it) for a
// baseline <lib>-* of it (empty ones skipped: a problem may have several runners), else kernels
const char *session_code_id_for(const char *variant, const char *kernels, const char *const runners[], size_t n);
// the length of an id's base: the id up to its first space
size_t session_code_id_base_len(const char *id);
