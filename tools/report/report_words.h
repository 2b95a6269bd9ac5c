// report_words.h — the short words of the appendix's cells (reports/templates/words.txt): a
// table's "not gated", "memory", "—" and the like, read once and kept.
#pragma once
#include "report_ctx.h"

// part PART of templates/words.txt (no placeholders), read on first use; dies when it is missing
const char *word(gen *g, const char *part);
// reads the words the number formats use (report_fmt.h: fmt_words): call once before any section
void words_init(gen *g);
