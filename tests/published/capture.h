// capture.h — stderr into a file for a while, so that a test reads the messages a call said.
#pragma once
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

// stderr to PATH (emptied) until capture_end; the saved descriptor, or -1
static int capture_begin(const char *path) {
  fflush(stderr);
  int saved = dup(2), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (saved < 0 || fd < 0 || dup2(fd, 2) < 0) { perror(path); _exit(1); }
  close(fd);
  return saved;
}

static void capture_end(int saved) {
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
}
