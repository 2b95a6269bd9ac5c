// bench_turn.cu — waiting for a turn and the time limit from it (bench_turn.h).
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench_turn.h"

double bench_turn_wait(const char *file, long pid) {
  struct timespec t0, t1, tick = {0, 1000000};
  pid_t parent = getppid();
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long n = 0; access(file, F_OK) != 0; n++) {
    // whoever was to give the turn is gone: never wait on for it (checked every 0.1 s)
    if (n % 100 == 0 && (getppid() != parent || (pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH))) {
      fprintf(stderr, "bench: --after %s: the process that was to give this run its turn is gone; stopping\n", file);
      exit(2);
    }
    nanosleep(&tick, NULL);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
}

static void on_alarm(int sig) {
  (void)sig;
  static const char msg[] = "bench: past the run's time limit (--limit): stopped\n";
  ssize_t w = write(2, msg, sizeof msg - 1);  // async-signal-safe: write and _exit only
  (void)w;
  _exit(124);
}

void bench_turn_limit(int seconds) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigaction(SIGALRM, &sa, NULL);
  alarm((unsigned)seconds);
}

int bench_gpu_lock(const char *file) {
  int fd = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) {
    fprintf(stderr, "bench: --gpu-lock %s: %s\n", file, strerror(errno));
    exit(2);
  }
  while (flock(fd, LOCK_EX) != 0 && errno == EINTR) {
  }
  return fd;
}
