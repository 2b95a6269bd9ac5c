// ncu_metrics.c — see ncu_metrics.h.
#include "ncu_metrics.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile_metrics.h"

// the EXTRA metrics, in the order ncu is given them
static const pm_id extra[] = {PM_SH_CONF, PM_SH_WAVE, PM_LDGSTS_SECT, PM_LDGSTS_REQ, PM_GLD_BPS_PCT, PM_GST_BPS_PCT};
enum { NEXTRA = sizeof extra / sizeof extra[0] };

int nm_is_extra(const char *name) {
  for (int i = 0; i < NEXTRA; i++)
    if (!strcmp(pm_defs[extra[i]].ncu, name)) return 1;
  return 0;
}

void nm_metric_list(strv *out) {
  for (int m = 0; m < PM_COUNT; m++)
    if (pm_defs[m].ncu && !nm_is_extra(pm_defs[m].ncu)) strv_push(out, pm_defs[m].ncu);
  for (int i = 0; i < NEXTRA; i++) strv_push(out, pm_defs[extra[i]].ncu);
}

static int word_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

int nm_missing(const char *log, char *out, size_t n) {
  static const char key[] = "Failed to find metric ";
  for (const char *p = log ? strstr(log, key) : NULL; p; p = strstr(p + 1, key)) {
    const char *s = p + sizeof key - 1;
    if (!strncmp(s, "regex:^", 7)) s += 7;
    size_t k = 0;
    while (word_char(s[k])) k++;
    if (!k) continue;  // (not a name: the next mention, as grep -m1 -oE would find it)
    if (k >= n) k = n - 1;
    memcpy(out, s, k);
    out[k] = 0;
    return 1;
  }
  if (n) out[0] = 0;
  return 0;
}

void nm_error_line(const char *log, char *out, size_t n) {
  if (!n) return;
  out[0] = 0;
  for (const char *l = log; l && *l;) {
    size_t len = strcspn(l, "\n");
    char *line = run_fmt("%.*s", (int)len, l);
    int hit = strstr(line, "==ERROR==") || strstr(line, "error");
    if (hit) snprintf(out, n, "%s", line);
    free(line);
    if (hit) return;
    l += len + (l[len] == '\n');
  }
}

// whether metric NAME's base name (up to the first '.') is BASE
static int has_base(const char *name, const char *base) {
  size_t k = strcspn(name, ".");
  return strlen(base) == k && !strncmp(name, base, k);
}

size_t nm_drop(strv *metrics, const char *miss) {
  size_t kept = 0, n = metrics->n;
  for (size_t i = 0; i < n; i++) {
    char *m = metrics->s[i];
    if (*miss ? has_base(m, miss) : nm_is_extra(m)) free(m);
    else metrics->s[kept++] = m;
  }
  metrics->n = kept;
  if (metrics->s) metrics->s[kept] = NULL;
  return n - kept;
}

char *nm_join(const strv *metrics) {
  size_t len = 1;
  for (size_t i = 0; i < metrics->n; i++) len += strlen(metrics->s[i]) + 1;
  char *s = run_alloc(len), *p = s;
  for (size_t i = 0; i < metrics->n; i++) {
    if (i) *p++ = ',';
    size_t k = strlen(metrics->s[i]);
    memcpy(p, metrics->s[i], k);
    p += k;
  }
  *p = 0;
  return s;
}
