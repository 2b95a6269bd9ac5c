// shape.h — the shapes of every problem, host-side C shared by the bench harness and the host
// tools: one grammar, one registry of problems, and each problem's parse, format and work.
//
// Grammar: a shape name is fields TAG<n> joined by '_', TAG one upper-case letter, n a whole
// number without a leading zero ("0" alone is allowed), at most SHAPE_AXES_MAX fields, e.g.
// B2_H8_S512_D64_C0 (attention) or M4096_N4096_K4096 (GEMM). Which tags, in which order, with
// which ranges and defaults, is the problem's: its parse is strict and gives the canonical name
// back through format. A problem's work is what the roofline and the report divide by: the
// floating-point operations of one call and the fewest bytes it must move to and from DRAM.
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SHAPE_AXES_MAX = 8 };

typedef struct {
  long v[SHAPE_AXES_MAX];  // the problem's axes, in the order of problem_host.axes
} problem_shape;

typedef struct {
  const char *name;  // "attention", "gemm": the folder under kernels/
  const char *axes;  // the names of v[], space-separated, e.g. "M N K"
  // Parses name strictly: 0, or -1 with the reason in why.
  int (*parse)(const char *name, problem_shape *s, char *why, size_t whylen);
  // The canonical name of s.
  void (*format)(const problem_shape *s, char *buf, size_t len);
  // FLOPs of one call, and the minimum bytes it reads and writes.
  void (*work)(const problem_shape *s, double *flops, double *bytes);
  // The axis a scaling figure puts on x, e.g. "S"; axes equal to it in a shape move with it
  // (attention's K when K = S). NULL: no scaling figure.
  const char *scale;
} problem_host;

// Splits name into at most max (tag, value) fields of the grammar above. Returns the number of
// fields, or -1 with the reason in why (naming the offset).
int shape_fields(const char *name, char *tags, long *vals, int max, char *why, size_t whylen);

// The registered problems, NULL-terminated: generated from the folders kernels/*/problem/
// (mk/toolchain.mk), problem <p> being the problem_host problem_<p> of its <p>_shape.c.
extern const problem_host *const problem_hosts[];
// The problem named name, or NULL.
const problem_host *problem_host_find(const char *name);
// The problem whose grammar accepts shape (the first that parses it), or NULL.
const problem_host *problem_host_of_shape(const char *shape);

#ifdef __cplusplus
}
#endif
