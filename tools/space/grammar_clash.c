// grammar_clash.c — see grammar_clash.h.
#include "grammar_clash.h"

#include <stdio.h>
#include <string.h>

// Axis values, most telling first: the small ones every grammar's lower bound meets (0 for
// flags such as attention's C), then the powers of two kernels are tuned at, then odd sizes.
static const long grid_values[] = {1, 0, 2, 64, 128, 7, 1000, 4096, 3, 8, 256, 65536, 1048576, 100000, 1L << 30};
enum { GRID_N = sizeof grid_values / sizeof grid_values[0] };

int grammar_axes(const problem_host *p) {
  int n = 0;
  for (const char *s = p->axes; *s;) {
    while (*s == ' ') s++;
    if (!*s) break;
    n++;
    while (*s && *s != ' ') s++;
  }
  return n;
}

// The grid values per axis for n axes: the most whose n-th power is at most GRAMMAR_PROBES_MAX.
static int per_axis(int n) {
  int g = GRID_N;
  for (;;) {
    long total = 1;
    for (int i = 0; i < n && total <= GRAMMAR_PROBES_MAX; i++) total *= g;
    if (total <= GRAMMAR_PROBES_MAX || g == 1) return g;
    g--;
  }
}

// Parses every canonical name of from's grid with its own parse, then with other's: 1 at the
// first that both accept (in name).
static int probe(const problem_host *from, const problem_host *other, char *name, size_t len) {
  const int n = grammar_axes(from) > SHAPE_AXES_MAX ? SHAPE_AXES_MAX : grammar_axes(from);
  const int g = per_axis(n);
  int idx[SHAPE_AXES_MAX] = {0};
  char why[256];
  for (;;) {
    problem_shape s = {{0}}, back;
    for (int i = 0; i < n; i++) s.v[i] = grid_values[idx[i]];
    char buf[128];
    from->format(&s, buf, sizeof buf);
    if (!from->parse(buf, &back, why, sizeof why) && !other->parse(buf, &back, why, sizeof why)) {
      snprintf(name, len, "%s", buf);
      return 1;
    }
    int i = n - 1;  // the next grid point, the last axis fastest
    for (; i >= 0 && ++idx[i] == g; i--) idx[i] = 0;
    if (i < 0) return 0;
  }
}

int grammar_clash(const problem_host *a, const problem_host *b, char *name, size_t len) {
  return probe(a, b, name, len) || probe(b, a, name, len);
}
