// profile_pick.c — see profile_pick.h.
#include "profile_pick.h"
#include <stdlib.h>
#include <string.h>

void pp_variants(const char *pass, const char *variants, const char *variant, strv *out) {
  strv cand = strv_words(pass), want = strv_words(variants);
  for (size_t i = 0; i < cand.n; i++) {
    const char *v = cand.s[i];
    if (want.n && strv_find(&want, v) < 0) continue;
    if (variant && *variant && strcmp(v, variant)) continue;
    strv_push(out, v);
  }
  strv_free(&cand);
  strv_free(&want);
}

// the value of the first blank-separated word of LINE (LEN bytes) starting KEY (malloc'd; "" when none)
static char *field(const char *line, size_t len, const char *key) {
  size_t kl = strlen(key), i = 0;
  char *v = NULL;
  while (i < len) {
    while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
    size_t k = i;
    while (k < len && line[k] != ' ' && line[k] != '\t') k++;
    if (k - i >= kl && !strncmp(line + i, key, kl)) {
      free(v);  // (the last one counts, as awk's loop over the fields leaves it)
      v = run_fmt("%.*s", (int)(k - i - kl), line + i + kl);
    }
    i = k;
  }
  return v ? v : run_strdup("");
}

char *pp_kernel_of(const char *describe, const char *shape) {
  char *first = NULL, *got = NULL;
  for (const char *l = describe; l && *l && !got;) {
    size_t len = strcspn(l, "\n");
    char *sh = field(l, len, "shape="), *k = field(l, len, "kernel=");
    if (!first) first = run_strdup(k);
    if (!strcmp(sh, shape) && *k) got = run_strdup(k);
    free(sh);
    free(k);
    l += len + (l[len] == '\n');
  }
  if (got) { free(first); return got; }
  return first ? first : run_strdup("");
}

int pp_kernel_name_ok(const char *k) {
  if (!((*k >= 'A' && *k <= 'Z') || (*k >= 'a' && *k <= 'z') || *k == '_')) return 0;
  return strspn(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_:") == strlen(k);
}

char *pp_first_line(const char *text) {
  if (!text) return run_strdup("");
  return run_fmt("%.*s", (int)strcspn(text, "\n"), text);
}
