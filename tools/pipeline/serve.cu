// serve.cu — one process that keeps a context open on a GPU and times variants in it, one job
// after another (`session measure`, SERVE=1): each variant is also built as a shared object (kernel.so:
// its kernel and the whole harness, entry bench_entry), which this process loads, calls with the
// job's command line (bench --served ...) and unloads. Opening a device costs ~0.25 s on an H200
// and is serialised across a host's GPUs; a job costs its own set-up, numerics check and timing.
//   serve --gpu-lock FILE [--ready FILE] [--device I] [--no-device]
// (--gpu-lock FILE: the runs' lock, which `session measure` makes; opened read-only, never through a
// symbolic link, never created here)
// (--ready FILE: made once the device is open, so that a server that cannot start is told apart
// from a job that fails)
// (--no-device: no device is opened, so only jobs that need none can run, e.g. bench --describe:
// how the protocol is tested on a machine without a GPU)
// Reads the names of job files from stdin, one per line, until end of file (then exits 0). A job
// file holds, one per line: the kernel.so to load, the log file (the job's stdout and stderr,
// appended), then the job's arguments (argv[1], ...; no line holds a newline). When the job has
// returned, its exit status is written to <job file>.rc (a temp file renamed). A job that
// returns non-zero ends the server with that status after its .rc (what it left on the device is
// not known), and a job that exits (a CUDA error: 4, its time limit: 124) ends it the same way,
// without an .rc. Exit: 0 at end of input, 2 usage, a job's kernel.so that cannot be loaded, or a
// job's own status; 3 the server's own failure (the device would not open, a job file, log or
// .rc it could not read or write), which is not the job's.
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include <cuda_runtime.h>

static void usage(const char *why) {
  fprintf(stderr, "serve: %s\nusage: serve --gpu-lock FILE [--ready FILE] [--device I] [--no-device] <job-file names\n", why);
  exit(2);
}

// the lines of FILE (newlines removed) into a NULL-terminated array; NULL when unreadable
static char **read_lines(const char *file, int *n) {
  FILE *f = fopen(file, "r");
  if (!f) return NULL;
  char **v = NULL, *line = NULL;
  size_t cap = 0;
  ssize_t len;
  *n = 0;
  while ((len = getline(&line, &cap, f)) >= 0) {
    if (len > 0 && line[len - 1] == '\n') line[len - 1] = 0;
    char **w = (char **)realloc(v, (size_t)(*n + 2) * sizeof *v);
    if (!w) { fprintf(stderr, "serve: out of memory\n"); exit(2); }
    v = w;
    v[(*n)++] = strdup(line);
    v[*n] = NULL;
  }
  free(line);
  fclose(f);
  return v;
}

static void write_rc(const char *job, int rc) {
  char path[4096], tmp[4200];
  snprintf(path, sizeof path, "%s.rc", job);
  snprintf(tmp, sizeof tmp, "%s.tmp.%d", path, (int)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f || fprintf(f, "%d\n", rc) < 0 || fclose(f) != 0 || rename(tmp, path) != 0) {
    fprintf(stderr, "serve: %s: %s\n", path, strerror(errno));
    exit(3);
  }
}

// one job: its output to its log, its kernel.so loaded and called, unloaded; returns its status
static int run_job(const char *job) {
  int n;
  char **line = read_lines(job, &n);
  if (!line || n < 2) {
    fprintf(stderr, "serve: %s: not a job file (the kernel.so, the log, the arguments)\n", job);
    exit(3);
  }
  int log = open(line[1], O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log < 0) {
    fprintf(stderr, "serve: %s: %s\n", line[1], strerror(errno));
    exit(3);
  }
  fflush(stdout);
  fflush(stderr);
  int out = dup(1), err = dup(2);
  dup2(log, 1);
  dup2(log, 2);
  close(log);
  void *so = dlopen(line[0], RTLD_NOW | RTLD_LOCAL);
  int (*entry)(int, char **) = so ? (int (*)(int, char **))dlsym(so, "bench_entry") : NULL;
  if (!entry) {
    fprintf(stderr, "serve: %s: cannot load its bench: %s\n", line[0], dlerror());
    exit(2);
  }
  char *log_name = line[1];
  char **argv = line + 1;  // argv[0]: the log's line, replaced by the kernel.so
  argv[0] = line[0];
  int rc = entry(n - 1, argv);
  fflush(stdout);
  fflush(stderr);
  dlclose(so);
  dup2(out, 1);
  dup2(err, 2);
  close(out);
  close(err);
  free(log_name);
  for (int i = 0; i < n; i++)
    if (i != 1) free(line[i]);
  free(line);
  return rc;
}

// NVML loaded and initialised once, for the life of the server (best effort): every job reads
// the SM clock after each sample through NVML, and its own load and init then find it ready.
static void keep_nvml(void) {
  void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  int (*init)(void) = lib ? (int (*)(void))dlsym(lib, "nvmlInit_v2") : NULL;
  if (init) (void)init();
}

int main(int argc, char **argv) {
  const char *lock_file = NULL, *ready = NULL;
  int device = 0, no_device = 0;
  for (int i = 1; i < argc; i++) {
    char *end;
    if (!strcmp(argv[i], "--gpu-lock") && i + 1 < argc) lock_file = argv[++i];
    else if (!strcmp(argv[i], "--ready") && i + 1 < argc) ready = argv[++i];
    else if (!strcmp(argv[i], "--no-device")) no_device = 1;
    else if (!strcmp(argv[i], "--device") && i + 1 < argc) {
      device = (int)strtol(argv[++i], &end, 10);
      if (*end || end == argv[i] || device < 0 || device > 1023) usage("--device: not an index in 0..1023");
    } else usage("unknown or incomplete option");
  }
  if (!lock_file) usage("--gpu-lock is required (the runs' lock on the GPU)");
  // the device opened under the GPU's lock, as a run opens it (no other run times meanwhile)
  // (measure made it; read-only, never through a symbolic link: flock needs no write access)
  int lock = open(lock_file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (lock < 0) {
    fprintf(stderr, "serve: --gpu-lock %s: %s\n", lock_file, strerror(errno));
    return 3;
  }
  while (flock(lock, LOCK_EX) != 0 && errno == EINTR) {
  }
  cudaError_t e = no_device ? cudaSuccess : cudaSetDevice(device);
  if (e == cudaSuccess && !no_device) e = cudaFree(0);
  close(lock);
  if (e != cudaSuccess) {
    fprintf(stderr, "serve: device %d: %s\n", device, cudaGetErrorString(e));
    return 3;
  }
  keep_nvml();
  int r = ready ? open(ready, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -2;
  if (r == -1) {
    fprintf(stderr, "serve: --ready %s: %s\n", ready, strerror(errno));
    return 3;
  }
  if (r >= 0) close(r);
  char *job = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline(&job, &cap, stdin)) >= 0) {
    if (len > 0 && job[len - 1] == '\n') job[len - 1] = 0;
    if (!*job) continue;
    int rc = run_job(job);
    write_rc(job, rc);
    if (rc != 0) return rc;
  }
  free(job);
  return 0;
}
