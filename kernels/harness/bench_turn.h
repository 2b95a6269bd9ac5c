// bench_turn.h — a timing run started ahead of its turn (the session's prestart, tools/session/run_runs.c): the process opens
// the device while the run before it still works the GPU, then waits for its turn before it
// launches anything, and from its turn on it has a time limit of its own.
#pragma once

// Waits until FILE exists (polled every millisecond); returns the milliseconds waited. Exits 2
// if the process that gives the turn is gone meanwhile: PID (> 0; the session, which starts the
// run through timeout(1)), and the parent process in any case.
double bench_turn_wait(const char *file, long pid);

// From now on the process may run for at most SECONDS (> 0): past it, a line on stderr and exit
// 124 (what timeout(1) returns, which the pipeline reads as run_timeout).
void bench_turn_limit(int seconds);

// An exclusive lock on FILE (flock; made if missing), blocking until it is free: the GPU's lock
// between runs, so that one run's opening of the device (a context being made: the driver works
// the GPU's memory) never overlaps another's timing on the same GPU. Returns the descriptor
// (closing it, or the process's exit, releases the lock); exits 2 when FILE cannot be opened.
int bench_gpu_lock(const char *file);
