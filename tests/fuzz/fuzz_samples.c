// fuzz_samples.c — libFuzzer target of samples_read (tools/samples/samples.c), the problems' shape
// parsers (a group name through the registry, parsed and formatted back) and
// the round medians (tools/samples/samples_median.c: each within its round's samples).
#include <math.h>
#include <string.h>

#include "fuzz_util.h"
#include "samples/samples.h"
#include "shape.h"
#include "samples/samples_median.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_file(data, size, ".csv");
  if (!path) return 0;
  samples_file f;
  char err[256];
  if (samples_read(path, &f, err, sizeof err) == 0) {
    (void)samples_meta(&f, "variant");
    for (size_t g = 0; g < f.ngroups; g++) {
      problem_shape s;
      char buf[128], why[160];
      const problem_host *p = problem_host_of_shape(f.groups[g].name);
      if (p && p->parse(f.groups[g].name, &s, why, sizeof why) == 0) {
        p->format(&s, buf, sizeof buf);
        if (strcmp(buf, f.groups[g].name)) abort();  // a strict parse gives its name back
      }
      (void)samples_group_find(&f, f.groups[g].name);
      samples_round *r;
      size_t nr, total = 0;
      if (samples_round_medians(&f.groups[g], &r, &nr)) abort();
      for (size_t k = 0; k < nr; k++) {
        double lo = INFINITY, hi = -INFINITY;
        for (size_t i = 0; i < f.groups[g].n; i++)
          if (f.groups[g].session[i] == r[k].session && f.groups[g].round[i] == r[k].round)
            lo = fmin(lo, f.groups[g].t[i]), hi = fmax(hi, f.groups[g].t[i]);
        if (!(r[k].median >= lo && r[k].median <= hi)) abort();
        total += r[k].n;
      }
      if (total != f.groups[g].n) abort();
      free(r);
    }
  }
  samples_free(&f);
  return 0;
}
