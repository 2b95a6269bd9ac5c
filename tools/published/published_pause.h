// published_pause.h — the session's pause before each run (`# settle_ms:`, tools/session/
// run_runs.c) that an experiment's published sessions were timed with, per GPU folder, for make
// reproduce to time its fresh session the same way (`published pause DATA EXP`).
#pragma once
#include <stdio.h>

// Per GPU folder of EXP under DATA, "<gpu> <pause>" lines to out, in the folders' order: the
// pause of its sample files (published_scan.h; profiles are not timed) that DATA/RETIRED does not
// record, as the samples reader gives it (samples_pause: 0 for a file from before the pause).
// Nothing for an experiment without such files. 0; 1 when a folder's files were timed with
// several pauses, after `tool: DATA/EXP/<gpu>: its sample files were timed with several pauses
// (A, B ms): ...` on stderr for each (its line is not written); -1 after `tool: what` on stderr
// (a file the reader refuses, the record unreadable)
int published_pauses(const char *tool, const char *data, const char *exp, FILE *out);
