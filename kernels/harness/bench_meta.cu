// bench_meta.cu — device properties, GPU slug, date: the machine half of the sample header.
#include <ctype.h>
#include <string.h>
#include <time.h>
#include "bench_cuda.h"
#include "bench_meta.h"
#include "bench_nvml.h"

void bench_slug(const char *name, char *out, size_t len) {
  size_t n = 0;
  int dash = 0;
  for (const char *c = name; *c && n + 2 < len; c++) {
    if (isalnum((unsigned char)*c)) {
      if (dash && n > 0) out[n++] = '-';
      dash = 0;
      out[n++] = (char)tolower((unsigned char)*c);
    } else {
      dash = 1;
    }
  }
  out[n] = 0;
}

void bench_gpu_query(int dev, bench_gpu *g) {
  cudaDeviceProp p;
  int l2 = 0;
  BENCH_CUDA(cudaGetDeviceProperties(&p, dev));
  snprintf(g->name, sizeof g->name, "%s", p.name);
  bench_slug(g->name, g->slug, sizeof g->slug);
  BENCH_CUDA(cudaDeviceGetAttribute(&g->sm_count, cudaDevAttrMultiProcessorCount, dev));
  BENCH_CUDA(cudaDeviceGetAttribute(&g->cc_major, cudaDevAttrComputeCapabilityMajor, dev));
  BENCH_CUDA(cudaDeviceGetAttribute(&g->cc_minor, cudaDevAttrComputeCapabilityMinor, dev));
  BENCH_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
  g->l2_bytes = l2;
}

static void version(char *buf, size_t len, int v) {
  snprintf(buf, len, "%d.%d", v / 1000, (v % 1000) / 10);
}

void bench_meta_start(int dev, const bench_gpu *g, bench_header *h) {
  char buf[256];
  int v;
  bench_nvml_open(dev);
  bench_header_set(h, "gpu", "%s", g->name);
  bench_header_set(h, "gpu_slug", "%s", g->slug);
  bench_header_set(h, "sm_count", "%d", g->sm_count);
  bench_header_set(h, "cc", "%d.%d", g->cc_major, g->cc_minor);
  bench_header_set(h, "l2_bytes", "%ld", g->l2_bytes);
  bench_nvml_driver(buf, sizeof buf);
  bench_header_set(h, "driver", "%s", buf);
  BENCH_CUDA(cudaDriverGetVersion(&v));
  version(buf, sizeof buf, v);
  bench_header_set(h, "cuda_driver", "%s", buf);
  BENCH_CUDA(cudaRuntimeGetVersion(&v));
  version(buf, sizeof buf, v);
  bench_header_set(h, "cuda_runtime", "%s", buf);
  bench_nvml_max_sm_clock(buf, sizeof buf);
  bench_header_set(h, "clock_sm_max_mhz", "%s", buf);
  // the instrument of column sm_clock_mhz, the same on every side of a comparison
  bench_header_set(h, "clock_source", "%s", bench_nvml_sm_clock_now() > 0 ? BENCH_CLOCK_SOURCE : "unavailable");
  int target = bench_nvml_sm_clock_target();
  if (target > 0) bench_header_set(h, "clock_target_mhz", "%d", target);
  else bench_header_set(h, "clock_target_mhz", "unavailable");
  bench_nvml_power_limit(buf, sizeof buf);
  bench_header_set(h, "power_limit_w", "%s", buf);
  bench_nvml_temp(buf, sizeof buf);
  bench_header_set(h, "temp_start_c", "%s", buf);
  time_t t = time(NULL);
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  bench_header_set(h, "date", "%s", buf);
}

void bench_meta_end(bench_header *h) {
  char buf[64];
  bench_nvml_temp(buf, sizeof buf);
  bench_header_set(h, "temp_end_c", "%s", buf);
}
