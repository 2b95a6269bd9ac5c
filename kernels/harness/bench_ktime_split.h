// bench_ktime_split.h — the split of a pass's kernel records into replays (pure; bench_ktime.cu
// and its unit test): records sorted by start, each replay opened by one marker record (the spin
// kernel, whose own time is left out); us[r] = the summed durations (ns / 1000) of the kernels
// after replay r's marker, *kernels = kernels per replay.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
  uint64_t start, end;  // ns
  int marker;           // the spin kernel: opens a replay
} bench_krec;

// 0, or -1 with why: a kernel before the first marker, a replay with no kernel or with another
// count of kernels than replay 1, or not exactly `replays` markers. RECS sorted by start.
static inline int bench_ktime_split(const bench_krec *recs, size_t n, int replays, double *us,
                                    int *kernels, char *why, size_t len) {
  int r = -1, per = -1, k = 0;
  uint64_t covered = 0;  // the end of the union so far in replay r
  for (size_t i = 0; i <= n; i++) {
    if (i == n || recs[i].marker) {  // the end of replay r
      if (r >= 0) {
        if (k == 0) return snprintf(why, len, "replay %d holds no kernel", r + 1), -1;
        if (per >= 0 && k != per)
          return snprintf(why, len, "replay %d holds %d kernels, replay 1 %d", r + 1, k, per), -1;
        per = k;
      }
      if (i == n) break;
      if (++r >= replays) return snprintf(why, len, "more than %d replay markers", replays), -1;
      us[r] = 0, k = 0, covered = 0;
    } else if (r < 0) {
      return snprintf(why, len, "a kernel ran before the first replay's marker"), -1;
    } else {
      const uint64_t from = recs[i].start > covered ? recs[i].start : covered;
      if (recs[i].end > from) us[r] += (double)(recs[i].end - from) / 1e3;
      if (recs[i].end > covered) covered = recs[i].end;
      k++;
    }
  }
  if (r + 1 != replays) return snprintf(why, len, "%d replay markers of %d", r + 1, replays), -1;
  *kernels = per;
  return 0;
}
