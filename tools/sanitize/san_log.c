// san_log.c — see san_log.h.
#include "sanitize/san_log.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char PREFIX[] = "========= ", BANNER[] = "========= COMPUTE-SANITIZER", SUMMARY[] = "ERROR SUMMARY: ";

long san_log_errors(const char *log) {
  long n = 0;
  for (const char *p = log; p && (p = strstr(p, SUMMARY)); ) {
    p += sizeof SUMMARY - 1;
    if (*p >= '0' && *p <= '9') n = strtol(p, NULL, 10);
  }
  return n;
}

// whether line L (LEN bytes) names a finding
static int names_one(const char *l, size_t len) {
  size_t k = sizeof PREFIX - 1, b = sizeof BANNER - 1;
  if (len == b && !memcmp(l, BANNER, b)) return 0;
  if (len > k && !memcmp(l, PREFIX, k) && l[k] >= 'A' && l[k] <= 'Z') return 1;
  static const char *const words[] = {"Invalid", "Race", "error"};
  for (size_t w = 0; w < 3; w++)
    for (size_t wl = strlen(words[w]), i = 0; i + wl <= len; i++)
      if (!memcmp(l + i, words[w], wl)) return 1;
  return 0;
}

void san_log_first(const char *log, char *msg, size_t n) {
  size_t o = 0;
  for (const char *l = log; l && *l; ) {
    const char *nl = strchr(l, '\n');
    size_t len = nl ? (size_t)(nl - l) : strlen(l);
    if (names_one(l, len)) {
      size_t k = sizeof PREFIX - 1, i = len >= k && !memcmp(l, PREFIX, k) ? k : 0;
      for (; i < len && o < SAN_MSG_MAX && o + 1 < n; i++)
        if (l[i] != '"' && l[i] != ',') msg[o++] = l[i];
      break;
    }
    l = nl ? nl + 1 : l + len;
  }
  if (n) msg[o] = 0;
}

void san_log_verdict(int rc, const char *log, unsigned limit, san_result *r) {
  memset(r, 0, sizeof *r);
  r->errors = san_log_errors(log);
  if (r->errors == 0 && (rc == 0 || rc == 1)) {
    r->clean = 1;
    if (rc == 1) snprintf(r->msg, sizeof r->msg, "no sanitizer error; bench --check failed numerics");
    return;
  }
  san_log_first(log, r->msg, sizeof r->msg);
  if (rc == 124 || rc == 137) snprintf(r->msg, sizeof r->msg, "timed out after %u s", limit);
  if (!r->msg[0]) snprintf(r->msg, sizeof r->msg, "exit %d", rc);
}
