// bench_nvml.cu — NVML through dlopen: the binary needs no NVML at link time and runs where the
// library is missing (every value is then "unavailable"). Prototypes follow nvml.h's C API.
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "bench_cuda.h"
#include "bench_nvml.h"

typedef int nvml_ret;  // nvmlReturn_t; 0 = NVML_SUCCESS
typedef void *nvml_dev;
enum { NVML_CLOCK_SM = 1, NVML_TEMPERATURE_GPU = 0 };

static struct {
  int tried, ok;
  nvml_dev dev;
  nvml_ret (*max_clock)(nvml_dev, int, unsigned *);
  nvml_ret (*clock)(nvml_dev, int, unsigned *);      // nvmlDeviceGetClockInfo: the clock now
  nvml_ret (*app_clock)(nvml_dev, int, unsigned *);  // nvmlDeviceGetApplicationsClock
  nvml_ret (*power_limit)(nvml_dev, unsigned *);
  nvml_ret (*temperature)(nvml_dev, int, unsigned *);
  nvml_ret (*driver)(char *, unsigned);
} nv;

// bench_nvml_from: a keeper's readings file to read instead of NVML (NULL: NVML itself)
static const char *from_file;
void bench_nvml_from(const char *path) { from_file = path; }

// file_value(KEY): the value of the line "KEY VALUE" of the readings file, read afresh
static int file_value(const char *key, char *buf, size_t len) {
  FILE *f = fopen(from_file, "r");
  if (!f) return 0;
  char line[256];
  size_t k = strlen(key);
  int found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    if (strncmp(line, key, k) != 0 || line[k] != ' ') continue;
    line[strcspn(line, "\r\n")] = 0;
    snprintf(buf, len, "%s", line + k + 1);
    found = 1;
  }
  fclose(f);
  return found;
}
// from the file when there is one: 1 with buf set ("unavailable" for a key it lacks)
static int from_keeper(const char *key, char *buf, size_t len) {
  if (!from_file) return 0;
  if (!file_value(key, buf, len)) snprintf(buf, len, "unavailable");
  return 1;
}

void bench_nvml_open(int cuda_dev) {
  if (nv.tried) return;
  nv.tried = 1;
  struct stat st;  // the keeper's readings, if it is alive (it rewrites them every 0.2 s);
                   // NVML is loaded all the same: the SM clock is read after every sample
  if (!(from_file && stat(from_file, &st) == 0 && time(NULL) - st.st_mtime <= 5 && access(from_file, R_OK) == 0))
    from_file = NULL;
  void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return;
  nvml_ret (*init)(void) = (nvml_ret(*)(void))dlsym(lib, "nvmlInit_v2");
  nvml_ret (*by_pci)(const char *, nvml_dev *) =
      (nvml_ret(*)(const char *, nvml_dev *))dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
  nv.max_clock = (nvml_ret(*)(nvml_dev, int, unsigned *))dlsym(lib, "nvmlDeviceGetMaxClockInfo");
  nv.clock = (nvml_ret(*)(nvml_dev, int, unsigned *))dlsym(lib, "nvmlDeviceGetClockInfo");
  nv.app_clock = (nvml_ret(*)(nvml_dev, int, unsigned *))dlsym(lib, "nvmlDeviceGetApplicationsClock");
  nv.power_limit = (nvml_ret(*)(nvml_dev, unsigned *))dlsym(lib, "nvmlDeviceGetEnforcedPowerLimit");
  nv.temperature = (nvml_ret(*)(nvml_dev, int, unsigned *))dlsym(lib, "nvmlDeviceGetTemperature");
  nv.driver = (nvml_ret(*)(char *, unsigned))dlsym(lib, "nvmlSystemGetDriverVersion");
  if (!init || !by_pci || init() != 0) return;
  char pci[64];
  BENCH_CUDA(cudaDeviceGetPCIBusId(pci, (int)sizeof pci, cuda_dev));
  if (by_pci(pci, &nv.dev) != 0) return;
  nv.ok = 1;  // the library stays loaded for the life of the process
}

// Formats reading v (scaled by div) or "unavailable" when NVML or the call failed.
static void put(char *buf, size_t len, int ok, unsigned v, double div) {
  if (ok && div == 1) snprintf(buf, len, "%u", v);
  else if (ok) snprintf(buf, len, "%.1f", v / div);
  else snprintf(buf, len, "unavailable");
}

void bench_nvml_max_sm_clock(char *buf, size_t len) {
  if (from_keeper("clock_sm_max_mhz", buf, len)) return;
  unsigned v = 0;  // read before put(): argument evaluation order is unspecified in C
  int ok = nv.ok && nv.max_clock && nv.max_clock(nv.dev, NVML_CLOCK_SM, &v) == 0;
  put(buf, len, ok, v, 1);
}

int bench_nvml_sm_clock_now(void) {
  unsigned v = 0;
  return nv.ok && nv.clock && nv.clock(nv.dev, NVML_CLOCK_SM, &v) == 0 && v ? (int)v : -1;
}

int bench_nvml_sm_clock_target(void) {
  unsigned v = 0;
  if (nv.ok && nv.app_clock && nv.app_clock(nv.dev, NVML_CLOCK_SM, &v) == 0 && v) return (int)v;
  return nv.ok && nv.max_clock && nv.max_clock(nv.dev, NVML_CLOCK_SM, &v) == 0 && v ? (int)v : -1;
}

void bench_nvml_power_limit(char *buf, size_t len) {  // NVML reports mW
  if (from_keeper("power_limit_w", buf, len)) return;
  unsigned v = 0;
  int ok = nv.ok && nv.power_limit && nv.power_limit(nv.dev, &v) == 0;
  put(buf, len, ok, v, 1000.0);
}

void bench_nvml_temp(char *buf, size_t len) {
  if (from_keeper("temp_c", buf, len)) return;
  unsigned v = 0;
  int ok = nv.ok && nv.temperature && nv.temperature(nv.dev, NVML_TEMPERATURE_GPU, &v) == 0;
  put(buf, len, ok, v, 1);
}

void bench_nvml_driver(char *buf, size_t len) {
  if (from_keeper("driver", buf, len)) return;
  char v[96];
  if (nv.ok && nv.driver && nv.driver(v, sizeof v) == 0)
    snprintf(buf, len, "%s", v);
  else
    snprintf(buf, len, "unavailable");
}

void bench_nvml_write(const char *path) {
  char tmp[4096], v[4][128];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  bench_nvml_driver(v[0], sizeof v[0]);
  bench_nvml_max_sm_clock(v[1], sizeof v[1]);
  bench_nvml_power_limit(v[2], sizeof v[2]);
  bench_nvml_temp(v[3], sizeof v[3]);
  FILE *f = fopen(tmp, "w");
  if (!f) return;
  fprintf(f, "driver %s\nclock_sm_max_mhz %s\npower_limit_w %s\ntemp_c %s\n", v[0], v[1], v[2], v[3]);
  if (fclose(f) == 0) rename(tmp, path);
}
