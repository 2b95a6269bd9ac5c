// samples_fold.h — another machine's copy of a published GPU folder folded into this one (what
// `samples fold DEST FROM` does for `make fold`). Two machines that each appended a session to a
// copy of the same published files hold every session between them; fold makes DEST hold them
// all, as if the sessions had been published one after the other on one machine.
//
// DEST is a GPU folder of an experiment, data/<experiment>/<gpu> (its last two components
// neither `.` nor `..`). For each sample file FROM/<v>.csv (a sample file by its first line; in
// name order) of that experiment (`# experiment:`) and with a session column, each session of it
// (in file order) that DEST/<v>.csv does not hold is cut out — header lines, that session's
// `# session.` line (wherever FROM holds it), FROM's CSV header row, the rows whose session field
// names it, each line ending in one '\n' — checked to read and to hold as many samples as FROM
// holds of that session, and published as measure publishes a session (samples_publish_one):
// written when there is no DEST/<v>.csv, else appended when DEST/<v>.csv is of the same GPU
// model, code, flags, timing and columns (samples_publish_why_not, FROM against DEST). A file
// DEST/<v>.csv may not take is not folded and is left as it is: fold never drops a published
// session. The header lines above the session lines are the newest session's in every sample
// file, so a cut carries FROM's when DEST has no such file or when the session is the one FROM's
// header describes (its `# session:`, else its newest by date=) and is newer (its session line's
// date=) than every session of DEST/<v>.csv; otherwise DEST's own. Nothing is created in DEST before FROM was read and a file of it passed
// these checks; the whole fold holds DEST's publish lock.
//
// The other tables of FROM (its other *.csv and profile/*.csv; numerics.csv is `numtab fold`'s)
// are compared with DEST's and each that differs or that DEST lacks is said and left. Messages:
// "fold: <v>: ..." on msg.
#pragma once
#include <stddef.h>
#include <stdio.h>

// Returns 0 when every session of FROM's sample files is in DEST now, 1 when one is not (or a
// file was refused), 2 when FROM cannot be read or holds no sample file, or DEST is not a GPU
// folder of an experiment or cannot be locked; *folded counts the sessions added.
int samples_fold(const char *dest, const char *from, FILE *msg, size_t *folded);
