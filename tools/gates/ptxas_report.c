// ptxas_report.c — see ptxas_report.h.
#include "ptxas_report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static struct ptxas_func *find_or_add(struct ptxas_report *r, const char *name, size_t len,
                                      const char *arch, const char *section) {
  for (size_t i = 0; i < r->n; i++)
    if (strlen(r->f[i].name) == len && !strncmp(r->f[i].name, name, len) && !strcmp(r->f[i].arch, arch) &&
        !strcmp(r->f[i].section, section))
      return &r->f[i];
  struct ptxas_func *f = realloc(r->f, (r->n + 1) * sizeof *f);
  if (!f) return NULL;
  r->f = f;
  f = &r->f[r->n];
  memset(f, 0, sizeof *f);
  if (!(f->name = strndup(name, len))) return NULL;
  snprintf(f->arch, sizeof f->arch, "%s", arch);
  snprintf(f->section, sizeof f->section, "%s", section);
  r->n++;
  return f;
}

// Parse "N unit" items separated by commas: each item whose text after the number starts
// with a known unit sets that field. "Used N registers" and "used N barriers" put the word
// first. Returns 0, or -1 for a number that does not parse or exceeds 2^40 (no resource count
// comes near it, and the gates' sums of two such values cannot overflow).
static int parse_items(char *s, struct ptxas_func *f) {
  for (char *item = strtok(s, ","); item; item = strtok(NULL, ",")) {
    while (*item == ' ' || *item == '\t') item++;
    if (!strncmp(item, "Used ", 5)) item += 5;
    else if (!strncmp(item, "used ", 5)) item += 5;
    char *end;
    errno = 0;
    long v = strtol(item, &end, 10);
    if (end == item || errno || v < 0 || v > (1L << 40)) return -1;
    while (*end == ' ') end++;
    if (!strncmp(end, "registers", 9)) f->regs = v;
    else if (!strncmp(end, "barriers", 8)) f->barriers = v;
    else if (!strncmp(end, "bytes smem", 10)) f->smem_static = v;
    else if (!strncmp(end, "bytes stack frame", 17)) f->stack = v;
    else if (!strncmp(end, "bytes spill stores", 18)) f->spill_stores = v;
    else if (!strncmp(end, "bytes spill loads", 17)) f->spill_loads = v;
  }
  return 0;
}

int ptxas_report_parse(FILE *in, const char *path, struct ptxas_report *r, char *err, size_t errlen) {
  static const char info[] = "ptxas info    : ";
  char *buf = NULL, arch[16] = "", *entry = NULL, section[64] = "";
  size_t cap = 0;
  long line = 0;
  struct ptxas_func *props = NULL; // target of the next "bytes stack frame" line
  const char *what = NULL;
  r->f = NULL;
  r->n = 0;
  while (!what && getline(&buf, &cap, in) >= 0) {
    line++;
    buf[strcspn(buf, "\r\n")] = 0;
    if (!strncmp(buf, "== configuration ", 17)) {  // a dispatching build's next configuration
      const char *nm = buf + 17;
      size_t nl = strcspn(nm, " ");
      if (nl == 0 || nl >= sizeof section) {
        what = "malformed '== configuration NAME' line";
        break;
      }
      snprintf(section, sizeof section, "%.*s", (int)nl, nm);
      free(entry);
      entry = NULL;
      props = NULL;
    } else if (!strncmp(buf, info, sizeof info - 1)) {
      char *s = buf + sizeof info - 1, *q, *a;
      if (!strncmp(s, "Compiling entry function '", 26)) {
        s += 26;
        if (!(q = strchr(s, '\'')) || !(a = strstr(q, " for '")) || !strchr(a + 6, '\'')) {
          what = "malformed 'Compiling entry function' line";
          break;
        }
        a += 6;
        snprintf(arch, sizeof arch, "%.*s", (int)(strchr(a, '\'') - a), a);
        struct ptxas_func *f = find_or_add(r, s, (size_t)(q - s), arch, section);
        if (!f) { what = "out of memory"; break; }
        f->is_entry = 1;
        free(entry);
        entry = strdup(f->name);
        props = NULL;
      } else if (!strncmp(s, "Function properties for ", 24)) {
        s += 24;
        props = find_or_add(r, s, strlen(s), arch, section);
        if (!props) what = "out of memory";
      } else if (!strncmp(s, "Used ", 5)) {
        struct ptxas_func *f = entry ? find_or_add(r, entry, strlen(entry), arch, section) : NULL;
        if (!f) what = "'Used N registers' line outside an entry function";
        else if (parse_items(s, f)) what = "malformed number in 'Used' line";
      }
    } else if (props && strstr(buf, " bytes stack frame")) {
      if (parse_items(buf, props)) what = "malformed number in stack frame line";
      props = NULL;
    }
  }
  free(buf);
  free(entry);
  if (what) {
    snprintf(err, errlen, "%s:%ld: %s", path, line, what);
    ptxas_report_free(r);
    return -1;
  }
  if (ferror(in)) {
    snprintf(err, errlen, "%s: read error", path);
    ptxas_report_free(r);
    return -1;
  }
  return 0;
}

void ptxas_report_free(struct ptxas_report *r) {
  for (size_t i = 0; i < r->n; i++) free(r->f[i].name);
  free(r->f);
  r->f = NULL;
  r->n = 0;
}
