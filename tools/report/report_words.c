// report_words.c — see report_words.h.
#include "report_words.h"

#include <stdlib.h>
#include <string.h>

#include "report_fmt.h"
#include "report_tmpl.h"
#include "report_tmplread.h"

enum { MAX_WORDS = 64 };

const char *word(gen *g, const char *part) {
  static char *key[MAX_WORDS], *val[MAX_WORDS];
  static size_t n;
  for (size_t i = 0; i < n; i++)
    if (!strcmp(key[i], part)) return val[i];
  char *v = tmpl_one_line(tmpl_text(g, "words", part, NULL));
  if (n == MAX_WORDS) return v; // more parts than kept: read each time (never lost)
  key[n] = strdup(part), val[n] = v;
  if (!key[n]) abort();
  return val[n++];
}

void words_init(gen *g) {
  fmt_words(word(g, "none"), word(g, "none-list"));
}
