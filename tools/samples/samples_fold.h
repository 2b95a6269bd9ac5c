// samples_fold.h — another machine's copy of a published GPU folder folded into this one (what
// `samples fold DEST FROM` does for `make fold`). Two machines that each appended a session to a
// copy of the same published files hold every session between them; fold makes DEST hold them
// all, as if the sessions had been published one after the other on one machine.
//
// For each sample file FROM/<v>.csv (a sample file by its first line: the tables measure writes
// beside the samples are not; in name order), each session of it (in file order) that
// DEST/<v>.csv does not hold is cut out of it — FROM's header lines but the other sessions'
// `# session.` lines, the CSV header row, the rows whose session column names it — and published
// as measure publishes a session (samples_publish_one): appended when DEST/<v>.csv is of the same
// GPU model, code, flags, timing and columns, written when there is no DEST/<v>.csv. A session
// DEST holds is left (said); a session DEST/<v>.csv may not take is not folded and DEST/<v>.csv
// is left as it is (fold never drops a published session); a FROM file of another experiment
// than the one DEST's folder is of (`# experiment:` against the name of DEST's parent folder),
// one without a session column, or one the reader refuses is not folded. Each is said on msg as
// "fold: <v>: ..."; the whole call holds DEST's publish lock. GSL-free C11.
#pragma once
#include <stddef.h>
#include <stdio.h>

// Returns 0 when every session of FROM is in DEST now, 1 when one is not, 2 when FROM cannot be
// read or DEST cannot be locked; *folded counts the sessions added.
int samples_fold(const char *dest, const char *from, FILE *msg, size_t *folded);
