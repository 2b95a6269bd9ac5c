// published_scan.h — the published files of an experiment under DATA that carry the code they
// were measured with: its sample files, DATA/<exp>/<gpu>/<v>.csv (names not starting with '.')
// whose first line starts `# cudadent42 samples`, and its Nsight Compute profiles,
// DATA/<exp>/<gpu>/profile/<v>.csv (tools/profile/profile_metrics.h: a first line starting
// `# cudadent42 profile`, or, written before profiles carried their code, the column line
// `variant,shape,metric,value,unit`: code `none`); gate tables, ceilings and calibrations carry none.
// published_is_profile says which an entry is.
#pragma once
#include "published/published_entry.h"

// EXP's sample files and profiles appended to out, sorted by path: the path relative to DATA and
// the value of the header's first non-empty `# code:` line up to its first blank (`none` without
// one; the header ends at the first line not starting with '#'). No DATA/EXP: none. 0, or -1 after
// `tool: DATA/EXP: cannot read its sample files` on stderr
int published_scan(const char *tool, const char *data, const char *exp, published_entries *out);
// whether PATH (relative to DATA, as published_scan gives it) is a profile's, <exp>/<gpu>/profile/<v>.csv
int published_is_profile(const char *path);
