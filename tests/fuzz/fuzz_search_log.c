// fuzz_search_log.c — libFuzzer target of slog_read (tools/search/search_log.c): the input is a trial
// log read for a fixed key against a small space of three configurations, loaded once from
// flag files written under /tmp.
#include <sys/stat.h>

#include "fuzz_util.h"
#include "search/search_log.h"

static sp_space sp;
static char dir[64];

static void cleanup(void) {
  char p[128];
  for (int i = 0; i < 3; i++) {
    snprintf(p, sizeof p, "%s/c%d.flags", dir, i);
    unlink(p);
  }
  rmdir(dir);
  sp_free(&sp);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  snprintf(dir, sizeof dir, "/tmp/cudadent42_fuzz_space_XXXXXX");  // (this process's own, 0700)
  if (!mkdtemp(dir)) abort();
  static const char *flags[] = {"-DBM=64\n-DBN=64\n", "-DBM=128\n-DBN=64\n", "-DBM=64\n-DSWZ\n"};
  for (int i = 0; i < 3; i++) {
    char p[128];
    snprintf(p, sizeof p, "%s/c%d.flags", dir, i);
    FILE *f = fopen(p, "w");
    if (!f) abort();
    fputs(flags[i], f);
    fclose(f);
  }
  char err[256];
  if (sp_load(dir, &sp, err, sizeof err)) {
    fprintf(stderr, "fuzz_search_log: %s\n", err);
    abort();
  }
  atexit(cleanup);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_file(data, size, ".csv");
  if (!path) return 0;
  slog_key key = {"abc123", "h100", "12.4", "B1_H1_S128_D64_C0"};
  sr_trial *t = NULL;
  size_t n = 0;
  char err[256];
  (void)slog_read(path, &key, &sp, &t, &n, err, sizeof err);
  free(t);
  return 0;
}
