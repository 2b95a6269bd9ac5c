// bench_nvml.h — the few NVML readings the harness records (see bench_nvml.cu).
#pragma once
#include <stddef.h>

// Loads NVML and finds the device matching CUDA device cuda_dev (by PCI bus id). Silent when
// NVML is absent: the readers below then give "unavailable".
void bench_nvml_open(int cuda_dev);
void bench_nvml_max_sm_clock(char *buf, size_t len);  // MHz
void bench_nvml_power_limit(char *buf, size_t len);   // W (enforced limit)
void bench_nvml_temp(char *buf, size_t len);          // °C
void bench_nvml_driver(char *buf, size_t len);        // e.g. 580.159.04
