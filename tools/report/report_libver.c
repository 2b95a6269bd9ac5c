// report_libver.c — see report_libver.h.
#include "report_libver.h"

#include <ctype.h>
#include <string.h>

#include "report_doc.h"

// the k=v tokens of S (space-separated), lower-case keys alone where LOWER, each once into *out
static void kv_tokens(const char *s, int lower, strlist *out) {
  for (const char *p = s; p && *p;) {
    p += strspn(p, " ");
    size_t n = strcspn(p, " ");
    if (!n) break;
    const char *tok = fmt("%.*s", (int)n, p), *eq = strchr(tok, '=');
    int ok = eq && eq > tok && eq[1];
    for (const char *c = tok; ok && lower && c < eq; c++) ok = islower((unsigned char)*c) || *c == '_' || isdigit((unsigned char)*c);
    const char *kv = ok ? fmt("`%.*s` %s", (int)(eq - tok), tok, eq + 1) : NULL;
    if (kv && !strlist_has(out, kv)) strlist_add(out, kv);
    p += n;
  }
}

void lib_versions(const samples_file *f, strlist *out) {
  const char *code = samples_meta(f, "code");
  if (!code) return;
  if (strncmp(code, "kernels:", 8)) kv_tokens(strchr(code, ' '), 0, out);
  else kv_tokens(samples_meta(f, "kernel_config"), 1, out);
}
