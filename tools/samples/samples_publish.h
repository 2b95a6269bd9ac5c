// samples_publish.h — one session's sample files into the published directory (what `session measure`
// and `session collect` call through `samples publish DEST NEW...`). Each NEW file (one session of one
// variant, named <variant>.csv or <variant>.session.csv) is appended to DEST/<variant>.csv when
// that file has a session column, the same GPU, code, flags, graph_calls, l2_flush, reps, warmup,
// process and settle_ms (the session's pause; a file without it: 0), and the same columns (samples_append: old rows unchanged); else it replaces the
// file, saying which of these differed and how many sessions were dropped. A NEW file the reader
// refuses (samples_read) is not published, nor one of another GPU model than the published file
// (a directory is of one model), and each is said; a session already in the published file is
// not published again (said, not a failure). Every write goes to DEST/.<variant>.csv.tmp and is
// renamed once the file it would make reads as the tools read it (samples_read; else nothing is
// published, said); the whole call holds flock(2) on DEST/.publish.lock (the lock the shell's
// `flock` takes too), so that sessions finishing at once publish one after the other. Messages go
// to msg as "measure: <variant>: ...". GSL-free C11.
#pragma once
#include <stddef.h>
#include <stdio.h>

// Returns 0 when every file was published (or was there already), 1 when one was not, 2 when
// DEST cannot be made or locked; *published counts the files written.
int samples_publish(const char *dest, const char *const news[], size_t n, FILE *msg, size_t *published);

// One NEW file, as samples_publish publishes each, its messages headed "WHO: " (measure, fold):
// 0 published, 1 there already, -1 not published (said). may_replace 0: a published file NEW may
// not be appended to (other code, flags, timing or columns) is left as it is and NEW is not
// published (fold never drops a session). The caller holds DEST's lock (samples_publish_lock).
int samples_publish_one(const char *dest, const char *path, int may_replace, const char *who, FILE *msg);

// Why the one-session file NEW may not be appended to the published file OLD (another GPU model,
// no session column in OLD, other code, flags, timing or columns), into why: 2 for another GPU
// model (never published: a directory is of one model), 1 for the others, else 0 (why "").
int samples_publish_why_not(const char *old, const char *new_, char *why, size_t len);

// DEST made and its .publish.lock held: the descriptor (closing it releases the lock), or -1
// when it cannot be (said as "WHO: cannot lock PATH").
int samples_publish_lock(const char *dest, const char *who, FILE *msg);
