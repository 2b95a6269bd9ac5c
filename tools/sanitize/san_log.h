// san_log.h — what one compute-sanitizer run found, from its output (the log of `compute-sanitizer
// --tool T ... bench --check ...`, the bench's own lines among the sanitizer's) and its exit status.
// Pure: the log is a string.
//   errors         the count of the last "ERROR SUMMARY: N" (0 when none)
//   first message  the first line that names a finding: one starting "========= " and a capital
//                  letter (the sanitizer's banner, "========= COMPUTE-SANITIZER", excepted), or
//                  one holding "Invalid", "Race" or "error"; without that prefix, quotes and
//                  commas, at most SAN_MSG_MAX bytes (a field of sanitize.csv)
//   verdict        clean when the sanitizer found nothing and bench --check passed (exit 0) or
//                  failed numerics (exit 1: the numerics gate's finding, not the sanitizer's;
//                  the message says so); else an error: the first message, "timed out after
//                  S s" when the limit stopped the run (124, 137), "exit RC" when no line names one
#pragma once
#include <stddef.h>

enum { SAN_MSG_MAX = 200 };

typedef struct {
  int clean;                      // 1: clean, 0: an error
  long errors;                    // the sanitizer's count
  char msg[SAN_MSG_MAX + 32];     // "" for a clean run that passed
} san_result;

// the count of LOG's last "ERROR SUMMARY: N"; 0 when none
long san_log_errors(const char *log);
// LOG's first message into MSG (N bytes; "" when no line names one)
void san_log_first(const char *log, char *msg, size_t n);
// the verdict of a run that exited RC with output LOG (NULL: none), stopped after LIMIT s
void san_log_verdict(int rc, const char *log, unsigned limit, san_result *r);
