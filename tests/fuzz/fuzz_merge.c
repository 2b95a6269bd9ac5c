// fuzz_merge.c — libFuzzer target of samples_merge and samples_append (tools/samples/
// samples_merge.c): the input is cut at form feeds into up to 8 round files (in memory); the
// merge must return 0, 3 (a round with other columns), 4 (a time the readers refuse) or -1 and
// write no more rows than the rounds hold; the first two pieces are also appended one to the
// other.
#include "fuzz_util.h"
#include "samples/samples_merge.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = fuzz_str(data, size);
  FILE *in[8];
  const char *names[8];
  size_t n = 0, lines = 0;
  for (char *p = s, *end = s + size; n < 8 && p <= end; n++) {
    char *ff = memchr(p, '\f', (size_t)(end - p));
    size_t len = (size_t)((ff ? ff : end) - p);
    for (size_t i = 0; i < len; i++) lines += p[i] == '\n';
    in[n] = fmemopen(len ? p : (char *)"", len ? len : 1, "r");
    if (!len && in[n]) fgetc(in[n]);  // an empty round file
    if (!in[n]) abort();
    names[n] = "round";
    if (!ff) {
      n++;
      break;
    }
    p = ff + 1;
  }
  samples_merge_opts o = {3, "s1", "2 1 3", "2026-01-01T00:00:00Z", "h", "u", "9", "v", "44", NULL, NULL};
  char *out = NULL, err[256];
  size_t olen = 0;
  FILE *m = open_memstream(&out, &olen);
  int rc = samples_merge(in, names, n, &o, m, err, sizeof err);
  fclose(m);
  if (rc != 0 && rc != SAMPLES_MERGE_COLUMNS && rc != SAMPLES_MERGE_TIME && rc != -1) abort();
  size_t olines = 0;
  for (size_t i = 0; i < olen; i++) olines += out[i] == '\n';
  if (olines > lines + n + 3) abort();  // every input line at most once, plus the 3 added lines
  free(out);
  out = NULL;
  if (n >= 2) {  // the first two pieces as a published file and a session appended to it
    rewind(in[0]), rewind(in[1]);
    m = open_memstream(&out, &olen);
    rc = samples_append(in[0], in[1], "old", "new", m, err, sizeof err);
    fclose(m);
    if (rc != 0 && rc != -1 && rc != SAMPLES_APPEND_DUPLICATE && rc != SAMPLES_MERGE_TIME) abort();
    olines = 0;
    for (size_t i = 0; i < olen; i++) olines += out[i] == '\n';
    if (rc == 0 && olines > 2 * lines + 3) abort();  // NEW is read twice, each line written once
  }
  for (size_t i = 0; i < n; i++) fclose(in[i]);
  free(out);
  free(s);
  return 0;
}
