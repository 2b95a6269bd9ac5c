// run_lock.h — the host-wide GPU locks: the one a session holds, so that two timing jobs never
// share a GPU whichever experiment they belong to, the one `session lock` holds for another
// command (make ceilings, profile), the one `session search` holds for each trial, and the one
// make sanitize takes for itself: the lock directory GPU_LOCK_DIR (default /tmp/cudadent42-locks,
// made sticky and writable by all; refused when it is a symbolic link, or writable by others without
// the sticky bit); a lock file cudadent42-gpu<i>.lock made with O_EXCL, refused when it is not a
// plain file or cannot be read; the holder's note cudadent42-gpu<i>.<uid>.holder ("pid user what
// since"), which a waiter prints. Errors: a message in ERR, -1.
#pragma once
#include <stddef.h>

// the lock file of GPU I (malloc'd)
char *run_lock_path(const char *i);
// makes lock file F if missing (RW: writable by all, for the runs' lock, which bench opens for
// writing); 0, or -1 with ERR
int run_lock_file(const char *f, int rw, char *err, size_t n);
// the live holders of GPU I other than process SELF (0: all), "pid P rest" joined by ';' (malloc'd)
char *run_lock_holders(const char *i, long self);
// the GPU a command that takes no GPUS= setting runs on (`session lock`, make sanitize): GPU, else
// the first of CUDA_VISIBLE_DEVICES when it is an index, else 0
void run_lock_default_gpu(char out[16]);
// takes GPU I's lock for WHAT (words for the note), waiting at most GPU_LOCK_WAIT seconds (3600;
// 0: no limit) and saying so, after "WHO: "; the descriptor (close-on-exec), or -1 with ERR
int run_lock_take(const char *i, const char *who, const char *what, char *err, size_t n);
// waits at most S seconds for F's lock (S < 0: no limit); the descriptor, or -1
int run_lock_wait(const char *f, int create, double s);
// takes the publishing lock of directory DIR (DIR/.publish.lock), waiting as long as it takes, so
// that sessions publishing there append one after the other; the descriptor, or -1
int run_publish_lock(const char *dir);
