// dispatch_select.h — the problem-independent half of a dispatching build's kernel contract
// (kernels/<problem>/*_dispatch.cu): which configuration serves a shape, found by name again from
// the plan, and the build's configuration text. The configurations' names, the dispatch file's
// name and its text come from the table the build generates (tools/pipeline/link_dispatch.sh).
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// Defined by a dispatching build's generated table only: its configurations' names (the variants
// they were built as), how many, the dispatch file's name and its text.
extern const char *const dispatch_names[];
extern const int dispatch_nmembers;
extern const char dispatch_file[];
extern const char dispatch_text[];

// The configuration serving a shape whose axes (in the order of problem's axes) are v: its index
// in names[0..n-1]; or -1 with the reason in msg (no rule matches; the file does not parse).
int dispatch_pick(const char *problem, const char *file, const char *text, const char *const *names,
                  int n, const long *v, char *msg, size_t msglen);
// The index of name in names[0..n-1], or -1.
int dispatch_index(const char *const *names, int n, const char *name);
// "dispatch FILE: NAME; NAME; ..." into buf (truncated to len): the build's configuration, as a
// sample file's kernel_config records it (each configuration's own is in its variant's file).
void dispatch_describe_configs(const char *file, const char *const *names, int n, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
