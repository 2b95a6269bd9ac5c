// ceilings.cu — measured roofline ceilings of the GPU at hand, for the roofline plot:
//   dram_copy_bw        a device-to-device copy kernel with 16-byte loads and stores over a
//                       1 GiB buffer (bytes read + bytes written per second); four variants (4 or 8
//                       loads in flight per thread, with or without streaming cache hints), the
//                       best median reported
//   memcpy_d2d_bw       the same copy through cudaMemcpyAsync (bytes read + bytes written per second)
//   dram_read_bw        a read-only streaming kernel over the same 1 GiB buffer: 16-byte loads,
//                       folded by XOR into one 4-byte word per thread that is stored at the end (so
//                       the loads cannot be dropped); counted as the bytes read plus those words
//                       written (grid x 256 x 4 bytes, about 0.1% of the reads); four variants
//                       (4 or 8 loads in flight, with or without the evict-first hint), the best
//                       median reported
// The report's memory roof is the highest of the three (tools/report/report_roof.h): a GPU reads
// faster than it copies, and a copy kernel of ours is no limit of the machine.
//   mma_f16_f32_tflops  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 in a register-only loop,
//                       MMA_ACC independent accumulators per warp, MMA_WARPS warps per CTA,
//                       every SM filled to the occupancy the kernel allows
//   wgmma_f16_f32_tflops  compute capability 9.0 only (elsewhere the row is left out, saying why on
//                       stderr and in the header): wgmma.mma_async m64n128k16 f32.f16.f16 with A
//                       and B from shared memory in a pipelined loop, two warpgroups per CTA, every
//                       SM filled (ceilings_wgmma.h; built for sm_90a apart, ceilings_wgmma.cu);
//                       counted as 2 x 64 x 128 x 16 FLOPs per wgmma; the sums the launch stores are
//                       checked against the host's, and the row is left out when they disagree
// The report's compute roof is the higher of the two (tools/report/report_roof.h).
// Each is the median of --runs timed runs (CUDA events around one launch) after 3 warm-ups.
//
// Usage: ceilings [--out FILE|DIR/] [--runs N] [--meta key=value]...
// Writes (to stdout, FILE, or DIR/<gpu_slug>.csv; files atomically through a temporary + rename):
//   # cudadent42 ceilings v1
//   # key: value               gpu, gpu_slug, sm_count, cc, driver, cuda_runtime, clocks, date, ...
//   metric,value,unit,n,min,max
// Build (mk/baselines.mk): nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -Itools
//   -Ikernels/attention -c tools/pipeline/ceilings_wgmma.cu -o ceilings_wgmma.o, then
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -Itools tools/pipeline/ceilings.cu
//   ceilings_wgmma.o tools/samples/samples_median.c -ldl
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "ceilings_wgmma.h"
#include "samples/samples_median.h"

#ifndef MMA_ACC
#define MMA_ACC 8  // independent accumulators (m16n8 fp32 tiles) per warp
#endif
#ifndef MMA_WARPS
#define MMA_WARPS 8  // warps per CTA
#endif
static_assert(MMA_ACC >= 1 && MMA_ACC <= 32, "MMA_ACC must be in 1..32");
static_assert(MMA_WARPS >= 1 && MMA_WARPS <= 32, "MMA_WARPS must be in 1..32");

static const size_t COPY_BYTES = (size_t)1 << 30;  // per buffer: 1 GiB read, 1 GiB written
static const int MMA_ITERS = 16384;                // loop trips per launch (~2 ms on an H100)
static const int WGMMA_ITERS = 4096;               // loop trips per launch (~2.5 ms at 900 TFLOPS, 132 SMs)
static const unsigned SEED = 12345u;               // of the operands of both MMA loops
static const int WARMUPS = 3;

#define CUDA_CALL(call)                                                                     \
  do {                                                                                      \
    cudaError_t e_ = (call);                                                                \
    if (e_ != cudaSuccess) {                                                                \
      fprintf(stderr, "ceilings: %s:%d: %s: %s\n", __FILE__, __LINE__, #call,              \
              cudaGetErrorString(e_));                                                      \
      exit(1);                                                                              \
    }                                                                                       \
  } while (0)

// ---- kernels ---------------------------------------------------------------------------------

// Grid-stride copy: U 16-byte loads in flight per thread before the U stores; STREAM uses the
// evict-first cache hints (ld.global.cs / st.global.cs) so the copy does not churn L2.
template <int U, bool STREAM>
__global__ void copy16(const uint4 *__restrict__ src, uint4 *__restrict__ dst, size_t n) {
  size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (; i + (U - 1) * stride < n; i += U * stride) {
    uint4 r[U];
#pragma unroll
    for (int u = 0; u < U; ++u) r[u] = STREAM ? __ldcs(src + i + u * stride) : src[i + u * stride];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      if (STREAM) __stcs(dst + i + u * stride, r[u]);
      else dst[i + u * stride] = r[u];
    }
  }
  for (; i < n; i += stride) dst[i] = src[i];
}

// Grid-stride read: U 16-byte loads in flight per thread, XOR-folded into one word per thread
// written to sink[thread] (STREAM: ld.global.cs, evict-first).
template <int U, bool STREAM>
__global__ void read16(const uint4 *__restrict__ src, unsigned *__restrict__ sink, size_t n) {
  size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x, i = t;
  unsigned acc = 0;
  for (; i + (U - 1) * stride < n; i += U * stride) {
    uint4 r[U];
#pragma unroll
    for (int u = 0; u < U; ++u) r[u] = STREAM ? __ldcs(src + i + u * stride) : src[i + u * stride];
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= r[u].x ^ r[u].y ^ r[u].z ^ r[u].w;
  }
  for (; i < n; i += stride) {
    uint4 v = src[i];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  sink[t] = acc;
}

typedef void (*read_fn)(const uint4 *, unsigned *, size_t);
static const struct {
  const char *name;
  read_fn fn;
} read_variants[] = {
    {"u4", read16<4, false>}, {"u8", read16<8, false>},
    {"u4cs", read16<4, true>}, {"u8cs", read16<8, true>},
};

typedef void (*copy_fn)(const uint4 *, uint4 *, size_t);
static const struct {
  const char *name;
  copy_fn fn;
} copy_variants[] = {
    {"u4", copy16<4, false>}, {"u8", copy16<8, false>},
    {"u4cs", copy16<4, true>}, {"u8cs", copy16<8, true>},
};

// Operands are fp16 pairs in [1/16, 1/8) with random signs and mantissas derived from seed (so
// the tensor cores see data, not constants). Each warp runs MMA_ACC independent chains.
__global__ void __launch_bounds__(MMA_WARPS * 32) mma_loop(float *out, int iters, unsigned seed) {
  unsigned h = seed ^ (blockIdx.x * 0x9e3779b9u) ^ (threadIdx.x * 0x85ebca6bu);
  unsigned a[4], b[2];
  for (int r = 0; r < 6; ++r) {
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    unsigned v = (0x2c002c00u | (h & 0x83ff83ffu));
    if (r < 4) a[r] = v; else b[r - 4] = v;
  }
  float acc[MMA_ACC][4] = {};
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int k = 0; k < MMA_ACC; ++k) {
      asm volatile(
          "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
          "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
          : "+f"(acc[k][0]), "+f"(acc[k][1]), "+f"(acc[k][2]), "+f"(acc[k][3])
          : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
  }
  float s = 0.f;
  for (int k = 0; k < MMA_ACC; ++k) s += acc[k][0] + acc[k][1] + acc[k][2] + acc[k][3];
  out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// ---- NVML, loaded with dlopen where present (clocks, driver, power, temperature) --------------

typedef struct nvml_dev_st *nvml_dev;
static struct {
  int ok;
  nvml_dev dev;
  int (*clock)(nvml_dev, int, unsigned *);
  int (*max_clock)(nvml_dev, int, unsigned *);
  int (*power_limit)(nvml_dev, unsigned *);
  int (*temp)(nvml_dev, int, unsigned *);
  int (*driver)(char *, unsigned);
} nvml;

static void nvml_open(int cuda_dev) {
  void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
  if (!lib) return;
  int (*init)(void) = (int (*)(void))dlsym(lib, "nvmlInit_v2");
  int (*by_pci)(const char *, nvml_dev *) =
      (int (*)(const char *, nvml_dev *))dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
  nvml.clock = (int (*)(nvml_dev, int, unsigned *))dlsym(lib, "nvmlDeviceGetClockInfo");
  nvml.max_clock = (int (*)(nvml_dev, int, unsigned *))dlsym(lib, "nvmlDeviceGetMaxClockInfo");
  nvml.power_limit = (int (*)(nvml_dev, unsigned *))dlsym(lib, "nvmlDeviceGetPowerManagementLimit");
  nvml.temp = (int (*)(nvml_dev, int, unsigned *))dlsym(lib, "nvmlDeviceGetTemperature");
  nvml.driver = (int (*)(char *, unsigned))dlsym(lib, "nvmlSystemGetDriverVersion");
  char bus[32];
  if (!init || !by_pci || init() != 0) return;
  if (cudaDeviceGetPCIBusId(bus, sizeof bus, cuda_dev) != cudaSuccess) return;
  nvml.ok = by_pci(bus, &nvml.dev) == 0;
}

enum { NVML_CLOCK_GRAPHICS = 0, NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2 };

// NVML value as text, or "" when NVML or the query is unavailable.
static std::string nvml_clock(int which, int max) {
  unsigned v;
  int (*f)(nvml_dev, int, unsigned *) = max ? nvml.max_clock : nvml.clock;
  if (!nvml.ok || !f || f(nvml.dev, which, &v) != 0) return "";
  return std::to_string(v);
}

// ---- measurement -----------------------------------------------------------------------------

struct result {
  const char *metric, *unit;
  double median, min, max;
  int n;
};

// the median is the samples library's (it sorts v, so min and max are its ends)
static result summarize(const char *metric, const char *unit, std::vector<double> v) {
  double med = samples_median(v.data(), v.size());
  return result{metric, unit, med, v.front(), v.back(), (int)v.size()};
}

// Times fn() with events: WARMUPS untimed calls, then runs timed ones; returns milliseconds.
template <class F>
static std::vector<double> time_runs(int runs, F fn) {
  cudaEvent_t t0, t1;
  CUDA_CALL(cudaEventCreate(&t0));
  CUDA_CALL(cudaEventCreate(&t1));
  for (int i = 0; i < WARMUPS; ++i) fn();
  CUDA_CALL(cudaDeviceSynchronize());
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    CUDA_CALL(cudaEventRecord(t0));
    fn();
    CUDA_CALL(cudaEventRecord(t1));
    CUDA_CALL(cudaEventSynchronize(t1));
    float f;
    CUDA_CALL(cudaEventElapsedTime(&f, t0, t1));
    ms.push_back(f);
  }
  CUDA_CALL(cudaEventDestroy(t0));
  CUDA_CALL(cudaEventDestroy(t1));
  return ms;
}

static std::vector<double> rate(const std::vector<double> &ms, double units) {
  std::vector<double> r;
  for (double t : ms) r.push_back(units / (t * 1e-3));
  return r;
}

// the launch variant of a kernel with the highest median rate: its times, name and grid, and
// every variant's median rate as "name=rate …" for the header
struct best_t {
  std::vector<double> ms;
  std::string name, all;
  unsigned grid = 0;
  double median = 0;
};

// VARIANTS: {name, fn} kernels of 256 threads per block, each launched by launch(fn, grid) on a
// grid that fills every SM to its occupancy; GB(grid): the gigabytes one launch moves
template <class V, class L, class B>
static best_t best_variant(const V &variants, int runs, int sms, L launch, B gb) {
  best_t b;
  for (const auto &v : variants) {
    int bpsm = 0;
    CUDA_CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&bpsm, v.fn, 256, 0));
    unsigned grid = (unsigned)(bpsm * sms);
    std::vector<double> ms = time_runs(runs, [&] {
      launch(v.fn, grid);
      CUDA_CALL(cudaGetLastError());
    });
    double med = summarize("", "", rate(ms, gb(grid))).median;
    char buf[64];
    snprintf(buf, sizeof buf, "%s%s=%.1f", b.all.empty() ? "" : " ", v.name, med);
    b.all += buf;
    if (med > b.median) b.median = med, b.ms = ms, b.name = v.name, b.grid = grid;
  }
  return b;
}

// the wgmma loop (ceilings_wgmma.h) on compute capability 9.0: its times, grid and the SM clock
// after it; on another GPU, or when the sums it stored disagree with the host's, no times and WHY
// says why
struct wgmma_run {
  std::vector<double> ms;
  unsigned grid = 0;
  std::string clock, why;
};

static wgmma_run measure_wgmma(const cudaDeviceProp &prop, int runs) {
  wgmma_run w;
  char why[256];
  if (prop.major != 9 || prop.minor != 0) {
    snprintf(why, sizeof why, "the GPU is compute capability %d.%d; the wgmma loop is built for sm_90a, which "
             "runs on 9.0 only", prop.major, prop.minor);
    w.why = why;
    return w;
  }
  CUDA_CALL((cudaError_t)wgmma_prepare(prop.multiProcessorCount, &w.grid));
  if (w.grid == 0) {
    w.why = "no CTA of the wgmma loop fits on a multiprocessor";
    return w;
  }
  float *sink;
  CUDA_CALL(cudaMalloc(&sink, (size_t)w.grid * WGMMA_THREADS * sizeof(float)));
  w.ms = time_runs(runs, [&] { CUDA_CALL((cudaError_t)wgmma_launch(sink, w.grid, WGMMA_ITERS, SEED)); });
  w.clock = nvml_clock(NVML_CLOCK_SM, 0);
  int c = wgmma_check(sink, w.grid, WGMMA_ITERS, SEED, why, sizeof why);
  if (c < 0) {
    fprintf(stderr, "ceilings: %s\n", why);
    exit(1);
  }
  if (c > 0) {
    w.why = std::string("the sums the wgmma loop stored disagree with the host's: ") + why;
    w.ms.clear();
  }
  CUDA_CALL(cudaFree(sink));
  return w;
}

// ---- command line and output -------------------------------------------------------------------

static void usage(void) {
  fprintf(stderr, "usage: ceilings [--out FILE|DIR/] [--runs N] [--meta key=value]...\n");
  exit(2);
}

static bool valid_meta(const char *kv) {
  const char *eq = strchr(kv, '=');
  if (!eq || eq == kv) return false;
  for (const char *p = kv; p < eq; ++p)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')) return false;
  for (const char *p = eq + 1; *p; ++p)
    if (*p == '\n' || *p == '\r') return false;
  return true;
}

// Lower-case; each run of non-alphanumerics becomes one '-', none at the ends (as bench's slug).
static std::string slug(const char *name) {
  std::string s;
  bool dash = false;
  for (const char *p = name; *p; ++p) {
    char c = *p;
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      if (dash && !s.empty()) s += '-';
      dash = false;
      s += c;
    } else {
      dash = true;
    }
  }
  return s;
}

static bool is_dir(const std::string &p) {
  struct stat st;
  return !p.empty() && (p.back() == '/' || (stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode)));
}

int main(int argc, char **argv) {
  const char *out = NULL;
  int runs = 30;
  std::vector<std::string> meta;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      fprintf(stdout, "usage: ceilings [--out FILE|DIR/] [--runs N] [--meta key=value]...\n"
                      "measures device-memory copy bandwidth and the mma.sync f16->f32 rate, and\n"
                      "on compute capability 9.0 the wgmma f16->f32 rate;\n"
                      "writes '# cudadent42 ceilings v1' CSV to stdout, FILE or DIR/<gpu_slug>.csv\n");
      return 0;
    } else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
      out = argv[++i];
    } else if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
      char *end;
      errno = 0;
      long v = strtol(argv[++i], &end, 10);
      if (errno || end == argv[i] || *end || v < 1 || v > 100000) {
        fprintf(stderr, "ceilings: --runs: '%s' is not a count in 1..100000\n", argv[i]);
        return 2;
      }
      runs = (int)v;
    } else if (!strcmp(argv[i], "--meta") && i + 1 < argc) {
      if (!valid_meta(argv[++i])) {
        fprintf(stderr, "ceilings: --meta: '%s' is not key=value with key in [a-z0-9_]\n", argv[i]);
        return 2;
      }
      meta.push_back(argv[i]);
    } else {
      fprintf(stderr, "ceilings: unknown or incomplete argument '%s'\n", argv[i]);
      usage();
    }
  }

  int dev = 0, n_dev = 0;
  cudaError_t e = cudaGetDeviceCount(&n_dev);
  if (e != cudaSuccess || n_dev == 0) {
    fprintf(stderr, "ceilings: no CUDA device: %s\n",
            e != cudaSuccess ? cudaGetErrorString(e) : "device count is 0");
    return 1;
  }
  CUDA_CALL(cudaSetDevice(dev));
  cudaDeviceProp prop;
  CUDA_CALL(cudaGetDeviceProperties(&prop, dev));
  int clock_khz = 0, mem_khz = 0, drv = 0, rt = 0;
  CUDA_CALL(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
  CUDA_CALL(cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, dev));
  CUDA_CALL(cudaDriverGetVersion(&drv));
  CUDA_CALL(cudaRuntimeGetVersion(&rt));
  nvml_open(dev);
  std::string temp_start;
  unsigned tv;
  if (nvml.ok && nvml.temp && nvml.temp(nvml.dev, 0, &tv) == 0) temp_start = std::to_string(tv);

  // copy: 1 GiB in, 1 GiB out
  size_t n16 = COPY_BYTES / sizeof(uint4);
  uint4 *src, *dst;
  CUDA_CALL(cudaMalloc(&src, COPY_BYTES));
  CUDA_CALL(cudaMalloc(&dst, COPY_BYTES));
  CUDA_CALL(cudaMemset(src, 0x5a, COPY_BYTES));
  // every copy and read variant timed; the best median is the ceiling (all are listed in the header)
  int sms = prop.multiProcessorCount;
  best_t copy = best_variant(
      copy_variants, runs, sms, [&](copy_fn fn, unsigned grid) { fn<<<grid, 256>>>(src, dst, n16); },
      [](unsigned) { return 2.0 * COPY_BYTES / 1e9; });
  std::string clk_copy = nvml_clock(NVML_CLOCK_SM, 0);
  std::vector<double> memcpy_ms = time_runs(runs, [&] {
    CUDA_CALL(cudaMemcpyAsync(dst, src, COPY_BYTES, cudaMemcpyDeviceToDevice));
  });
  unsigned *sink_read;  // one word per thread of the largest grid the occupancy allows
  CUDA_CALL(cudaMalloc(&sink_read, (size_t)prop.maxThreadsPerMultiProcessor * sms * sizeof(unsigned)));
  best_t rd = best_variant(
      read_variants, runs, sms, [&](read_fn fn, unsigned grid) { fn<<<grid, 256>>>(src, sink_read, n16); },
      [](unsigned grid) { return ((double)COPY_BYTES + (double)grid * 256 * sizeof(unsigned)) / 1e9; });
  CUDA_CALL(cudaFree(sink_read));
  CUDA_CALL(cudaFree(src));
  CUDA_CALL(cudaFree(dst));

  // mma.sync
  int mma_bpsm = 0;
  CUDA_CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&mma_bpsm, mma_loop, MMA_WARPS * 32, 0));
  unsigned mma_grid = (unsigned)(mma_bpsm * prop.multiProcessorCount);
  float *sink;
  CUDA_CALL(cudaMalloc(&sink, (size_t)mma_grid * MMA_WARPS * 32 * sizeof(float)));
  std::vector<double> mma_ms = time_runs(runs, [&] {
    mma_loop<<<mma_grid, MMA_WARPS * 32>>>(sink, MMA_ITERS, SEED);
    CUDA_CALL(cudaGetLastError());
  });
  std::string clk_mma = nvml_clock(NVML_CLOCK_SM, 0);
  CUDA_CALL(cudaFree(sink));
  double mma_flops = (double)mma_grid * MMA_WARPS * MMA_ITERS * MMA_ACC * (2.0 * 16 * 8 * 16);

  // wgmma (compute capability 9.0 only)
  wgmma_run wg = measure_wgmma(prop, runs);
  if (!wg.why.empty()) fprintf(stderr, "ceilings: wgmma_f16_f32_tflops omitted: %s\n", wg.why.c_str());
  double wgmma_flops = wgmma_flop(wg.grid, WGMMA_ITERS);

  std::vector<result> rows;
  rows.push_back(summarize("dram_copy_bw", "GB/s", rate(copy.ms, 2.0 * COPY_BYTES / 1e9)));
  rows.push_back(summarize("memcpy_d2d_bw", "GB/s", rate(memcpy_ms, 2.0 * COPY_BYTES / 1e9)));
  rows.push_back(summarize("dram_read_bw", "GB/s",
                           rate(rd.ms, ((double)COPY_BYTES + (double)rd.grid * 256 * sizeof(unsigned)) / 1e9)));
  rows.push_back(summarize("mma_f16_f32_tflops", "TFLOPS", rate(mma_ms, mma_flops / 1e12)));
  if (!wg.ms.empty()) rows.push_back(summarize("wgmma_f16_f32_tflops", "TFLOPS", rate(wg.ms, wgmma_flops / 1e12)));

  // ---- output
  std::string gslug = slug(prop.name);
  std::string path, tmp;
  FILE *f = stdout;
  if (out) {
    path = out;
    if (is_dir(path)) path += (path.back() == '/' ? "" : "/") + gslug + ".csv";
    tmp = path + ".tmp." + std::to_string((long)getpid());
    f = fopen(tmp.c_str(), "w");
    if (!f) {
      fprintf(stderr, "ceilings: %s: cannot write: %s\n", tmp.c_str(), strerror(errno));
      return 1;
    }
  }
  char date[32];
  time_t now = time(NULL);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  char drv_text[96] = "";
  if (!(nvml.ok && nvml.driver && nvml.driver(drv_text, sizeof drv_text) == 0))
    snprintf(drv_text, sizeof drv_text, "cuda %d.%d", drv / 1000, drv % 1000 / 10);
  unsigned plim = 0;
  std::string power;
  if (nvml.ok && nvml.power_limit && nvml.power_limit(nvml.dev, &plim) == 0)
    power = std::to_string(plim / 1000);
  std::string temp_end;
  if (nvml.ok && nvml.temp && nvml.temp(nvml.dev, 0, &tv) == 0) temp_end = std::to_string(tv);

  fprintf(f, "# cudadent42 ceilings v1\n");
  fprintf(f, "# gpu: %s\n# gpu_slug: %s\n# sm_count: %d\n# cc: %d.%d\n", prop.name, gslug.c_str(),
          prop.multiProcessorCount, prop.major, prop.minor);
  fprintf(f, "# driver: %s\n# cuda_driver: %d.%d\n# cuda_runtime: %d.%d\n", drv_text,
          drv / 1000, drv % 1000 / 10, rt / 1000, rt % 1000 / 10);
  fprintf(f, "# clock_sm_max_mhz: %s\n", nvml_clock(NVML_CLOCK_SM, 1).c_str());
  fprintf(f, "# clock_sm_attr_mhz: %d\n# clock_mem_attr_mhz: %d\n", clock_khz / 1000, mem_khz / 1000);
  fprintf(f, "# clock_sm_after_copy_mhz: %s\n# clock_sm_after_mma_mhz: %s\n", clk_copy.c_str(),
          clk_mma.c_str());
  fprintf(f, "# clock_sm_after_wgmma_mhz: %s\n", wg.clock.c_str());
  fprintf(f, "# power_limit_w: %s\n# temp_start_c: %s\n# temp_end_c: %s\n", power.c_str(),
          temp_start.c_str(), temp_end.c_str());
  fprintf(f, "# l2_bytes: %d\n# mem_bytes: %zu\n", prop.l2CacheSize, prop.totalGlobalMem);
  fprintf(f, "# date: %s\n# runs: %d\n# warmup: %d\n", date, runs, WARMUPS);
  fprintf(f, "# copy: copy16 kernel variant %s (best median), %zu bytes read + %zu written per "
             "run, grid %u x 256\n# copy_variants_gbps: %s\n",
          copy.name.c_str(), COPY_BYTES, COPY_BYTES, copy.grid, copy.all.c_str());
  fprintf(f, "# memcpy: cudaMemcpyAsync device to device, %zu bytes read + %zu written per run\n",
          COPY_BYTES, COPY_BYTES);
  fprintf(f, "# read: read16 kernel variant %s (best median), %zu bytes read + %zu written (one "
             "4-byte XOR per thread) per run, grid %u x 256\n# read_variants_gbps: %s\n",
          rd.name.c_str(), COPY_BYTES, (size_t)rd.grid * 256 * sizeof(unsigned), rd.grid, rd.all.c_str());
  fprintf(f, "# mma: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32, %d accumulators/warp, "
             "%d warps/cta, grid %u, %d iterations, %.6g flop per run\n",
          MMA_ACC, MMA_WARPS, mma_grid, MMA_ITERS, mma_flops);
  if (wg.ms.empty()) fprintf(f, "# wgmma: omitted: %s\n", wg.why.c_str());
  else
    fprintf(f, "# wgmma: wgmma.mma_async.sync.aligned.m%dn%dk%d.f32.f16.f16, A and B from shared memory "
               "(128-byte swizzle), %d per warpgroup per trip, %d warpgroups/cta, grid %u, %d iterations, "
               "%.6g flop per run; the sums of CTAs 0 and %u checked against the host's\n",
            WGMMA_M, WGMMA_N, WGMMA_K, WGMMA_SETS * WGMMA_KSTEPS, WGMMA_WARPGROUPS, wg.grid, WGMMA_ITERS,
            wgmma_flops, wg.grid - 1);
  fprintf(f, "# value: median of n runs; min and max of the same runs\n");
  for (const std::string &kv : meta) {
    size_t eq = kv.find('=');
    fprintf(f, "# %s: %s\n", kv.substr(0, eq).c_str(), kv.substr(eq + 1).c_str());
  }
  fprintf(f, "metric,value,unit,n,min,max\n");
  for (const result &r : rows)
    fprintf(f, "%s,%.1f,%s,%d,%.1f,%.1f\n", r.metric, r.median, r.unit, r.n, r.min, r.max);
  for (const result &r : rows)
    fprintf(stderr, "ceilings: %-20s %10.1f %s (min %.1f, max %.1f, n %d)\n", r.metric, r.median,
            r.unit, r.min, r.max, r.n);
  if (out) {
    if (fflush(f) != 0 || fsync(fileno(f)) != 0 || fclose(f) != 0 ||
        rename(tmp.c_str(), path.c_str()) != 0) {
      fprintf(stderr, "ceilings: %s: cannot write: %s\n", path.c_str(), strerror(errno));
      unlink(tmp.c_str());
      return 1;
    }
    fprintf(stderr, "ceilings: wrote %s\n", path.c_str());
  }
  return 0;
}
