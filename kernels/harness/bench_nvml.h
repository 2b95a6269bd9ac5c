// bench_nvml.h — the few NVML readings the harness records (see bench_nvml.cu).
#pragma once
#include <stddef.h>

// Loads NVML and finds the device matching CUDA device cuda_dev (by PCI bus id). Silent when
// NVML is absent: the readers below then give "unavailable".
void bench_nvml_open(int cuda_dev);
// The static readings (driver, maximum clock, power limit, temperature) from the file a keeper
// writes (bench_nvml_write) instead of NVML, if the file is
// there, written in the last 5 s, when bench_nvml_open runs (a session's keeper has loaded NVML once for all its runs;
// loading it takes tens of milliseconds a process); call before bench_nvml_open.
void bench_nvml_from(const char *path);
// Writes the readings below to PATH ("key value" lines: driver, clock_sm_max_mhz,
// power_limit_w, temp_c), through PATH.tmp and a rename.
void bench_nvml_write(const char *path);
void bench_nvml_max_sm_clock(char *buf, size_t len);  // MHz
// The SM clock now (nvmlDeviceGetClockInfo), read by this process whether or not a keeper
// writes the other readings: MHz, or -1 without NVML.
int bench_nvml_sm_clock_now(void);
// The header's name of that instrument (tools/sdpa_bench.py writes the same words).
#define BENCH_CLOCK_SOURCE "nvml sm clock after each sample"
// The clock the bench waits for before timing: the SM application clock, else the maximum
// SM clock; MHz, or -1 without NVML.
int bench_nvml_sm_clock_target(void);
void bench_nvml_power_limit(char *buf, size_t len);   // W (enforced limit)
void bench_nvml_temp(char *buf, size_t len);          // °C
void bench_nvml_driver(char *buf, size_t len);        // e.g. 580.159.04
