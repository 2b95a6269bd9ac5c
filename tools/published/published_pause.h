// published_pause.h — the session's pause before each run (`# settle_ms:`, tools/session/
// run_runs.c) that an experiment's published sample files were timed with, for make reproduce to
// time its fresh session the same way (`published pause DATA EXP`).
#pragma once
#include <stdio.h>

// The distinct pauses of EXP's sample files under DATA (published_scan.h; profiles are not
// timed), one a line in ascending order, to out: each file's first `# settle_ms:` value up to a
// blank, `0` for a file without one (timed before the pause existed). Nothing when EXP has no
// sample file. 0, or -1 after `tool: what` on stderr (a file that cannot be read, a value that is
// not a whole number of milliseconds)
int published_pauses(const char *tool, const char *data, const char *exp, FILE *out);
