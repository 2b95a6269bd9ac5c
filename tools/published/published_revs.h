// published_revs.h — the commits an experiment's published files name: each sample file's and
// profile's `# git_rev:` header value and the git_rev= of each `# session.<id>:` line (read by
// pm_header_value's rule: up to the first blank), so that check-published can ask git whether each
// names a commit of the repository (a GIT_REV typed wrong on a GPU host reads as a real one until
// then).
#pragma once
#include <stdio.h>

// One line "REV PATH" per distinct value, the first file (relative to DATA, in path order) that
// names it, for EXP's sample files and profiles (published_scan's), to out. 0, or -1 after
// `tool: ...` on stderr.
int published_revs(const char *tool, const char *data, const char *exp, FILE *out);
