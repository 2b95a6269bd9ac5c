// run_queue.h — the queue the sessions of one host's GPUs share (QUEUE, a directory; `make
// measure GPUS=...` with the variants dealt out). Every session walks the same schedule and runs a
// variant only if it claims it first: QUEUE/v.<variant>, made with mkdir (atomic: one session
// succeeds); once claimed, all its rounds are that session's. The baselines every GPU times (the
// shared ones, and the library baselines) are run without a claim. A session says it is alive with
// QUEUE/session.<pid>; the one that makes QUEUE/builder first runs the builder for all of them and
// writes its pid to QUEUE/builder.pid.
#pragma once
#include <stddef.h>
#include <sys/types.h>

typedef struct {
  const char *dir;  // NULL: no queue (every variant is this session's)
  char *mine, *theirs;  // per variant: claimed by this session / by another
  size_t nv;
} run_queue;

// a queue in DIR (NULL: none) for NV variants; 0, or -1 when DIR is not a directory
int run_queue_open(run_queue *q, const char *dir, size_t nv);
void run_queue_close(run_queue *q);
// 1 when this session runs variant V named NAME (SHARED: run by every session), claiming it now
// if no session has; 0 when another session claimed it
int run_queue_ours(run_queue *q, size_t v, const char *name, int shared);
// this session is alive (QUEUE/session.<PID>) / has ended; 0, or -1
int run_queue_join(const run_queue *q, pid_t pid);
void run_queue_leave(const run_queue *q, pid_t pid);
// whether a session of the queue other than PID is alive
int run_queue_others(const run_queue *q, pid_t pid);
// 1 when this session takes the builder (the first to ask), 0 when another has
int run_queue_take_builder(const run_queue *q);
// the builder's pid written (atomically), or read: 0 when not written yet
int run_queue_set_builder(const run_queue *q, pid_t builder);
pid_t run_queue_builder(const run_queue *q);
