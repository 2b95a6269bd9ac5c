// test_ktime_split.c — the split of CUPTI's kernel records into replays
// (kernels/harness/bench_ktime_split.h), on records written by hand: per replay, the time covered
// by the kernels after its marker (the marker's own time left out): durations summed where kernels
// follow one another, a stretch two kernels cover at once counted once (the union of their
// intervals); and every way the records can fail to split refused with its reason.
#include <string.h>
#include "bench_ktime_split.h"
#include "check.h"

int main(void) {
  double us[4];
  int k = -1;
  char why[200] = "";
  // two replays of two kernels each: 1000 + 500 ns, then 1200 + 300 ns; markers 20 us long
  const bench_krec two[] = {{0, 20000, 1}, {20100, 21100, 0}, {21200, 21700, 0},
                            {30000, 50000, 1}, {50100, 51300, 0}, {51400, 51700, 0}};
  CHECK(bench_ktime_split(two, 6, 2, us, &k, why, sizeof why) == 0, "two replays split");
  CHECK_NEAR(us[0], 1.5, 1e-12, "replay 1: 1000 + 500 ns = 1.5 us (the marker left out)");
  CHECK_NEAR(us[1], 1.5, 1e-12, "replay 2: 1200 + 300 ns = 1.5 us");
  CHECK(k == 2, "two kernels per replay");

  const bench_krec one[] = {{0, 100, 1}, {200, 3700, 0}};
  CHECK(bench_ktime_split(one, 2, 1, us, &k, why, sizeof why) == 0 && k == 1, "one replay, one kernel");
  CHECK_NEAR(us[0], 3.5, 1e-12, "3500 ns = 3.5 us");

  // a programmatic dependent launch: the second kernel's record starts at 20500, under the first
  // (20100..21100), and ends at 21400; the union 20100..21400 = 1.3 us (the durations sum to 1.9),
  // a third kernel of no length at its end; in replay 2 a third kernel lies wholly inside the
  // second (51000..51100 inside 50500..51600): the union 50100..50400 and 50500..51600 = 1.4 us
  const bench_krec pdl[] = {{0, 20000, 1}, {20100, 21100, 0}, {20500, 21400, 0}, {21400, 21400, 0},
                            {30000, 50000, 1}, {50100, 50400, 0}, {50500, 51600, 0}, {51000, 51100, 0}};
  CHECK(bench_ktime_split(pdl, 8, 2, us, &k, why, sizeof why) == 0 && k == 3, "overlapping kernels split");
  CHECK_NEAR(us[0], 1.3, 1e-12, "replay 1: 20100..21400 = 1.3 us, the overlap 20500..21100 counted once");
  CHECK_NEAR(us[1], 1.4, 1e-12, "replay 2: 300 ns, then 50500..51600 = 1100 ns (the kernel inside it adds nothing)");

  CHECK(bench_ktime_split(two, 6, 3, us, &k, why, sizeof why) == -1 && strstr(why, "2 replay markers of 3"),
        "fewer markers than replays: refused");
  CHECK(bench_ktime_split(two, 6, 1, us, &k, why, sizeof why) == -1 && strstr(why, "more than 1"),
        "more markers than replays: refused");
  const bench_krec early[] = {{0, 10, 0}, {20, 30, 1}, {40, 50, 0}};
  CHECK(bench_ktime_split(early, 3, 1, us, &k, why, sizeof why) == -1 && strstr(why, "before the first"),
        "a kernel before the first marker: refused");
  const bench_krec empty[] = {{0, 10, 1}, {20, 30, 1}, {40, 50, 0}};
  CHECK(bench_ktime_split(empty, 3, 2, us, &k, why, sizeof why) == -1 && strstr(why, "replay 1 holds no kernel"),
        "a replay without a kernel: refused");
  const bench_krec uneven[] = {{0, 10, 1}, {20, 30, 0}, {40, 50, 1}, {60, 70, 0}, {80, 90, 0}};
  CHECK(bench_ktime_split(uneven, 5, 2, us, &k, why, sizeof why) == -1 && strstr(why, "replay 2 holds 2 kernels, replay 1 1"),
        "replays of unequal kernel counts (a record lost): refused");
  CHECK(bench_ktime_split(NULL, 0, 1, us, &k, why, sizeof why) == -1 && strstr(why, "0 replay markers of 1"),
        "no records: refused");
  CHECK_DONE();
}
