// published_scan.h — the sample files of an experiment under DATA and the code each was measured
// with: DATA/<exp>/<gpu>/<v>.csv (names not starting with '.'), those whose first line starts
// `# cudadent42 samples`; gate tables, profiles, ceilings and calibrations are not samples.
#pragma once
#include "published/published_entry.h"

// EXP's sample files appended to out, sorted by path: the path relative to DATA and the value of
// the header's first non-empty `# code:` line up to its first blank (`none` without one; the
// header ends at the first line not starting with '#'). No DATA/EXP: none. 0, or -1 after
// `tool: DATA/EXP: cannot read its sample files` on stderr
int published_scan(const char *tool, const char *data, const char *exp, published_entries *out);
