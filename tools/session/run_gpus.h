// run_gpus.h — the GPUs of this host a command is asked for, and the commands that hold one:
//   session gpus SPEC          the indices SPEC names, one a line (`all`: every GPU nvidia-smi
//                              lists; else indices separated by commas or spaces): what `session
//                              search` times on (GPUS=)
//   session gpus --check       exit 0 when an NVIDIA GPU and driver are usable here (nvidia-smi -L
//                              lists a GPU, else the driver is loaded and a /dev/nvidia<N> exists);
//                              else says that `make report` needs none, exit 2: what a GPU goal
//                              runs first (check-gpu)
//   session lock [--gpu I] WHAT CMD...
//                              CMD run holding the host-wide lock of GPU I (with only I visible:
//                              CUDA_VISIBLE_DEVICES=I), else of the GPU it runs on (GPU, else the
//                              first index of CUDA_VISIBLE_DEVICES, else 0), as a measure session
//                              holds it (run_lock.h), so that a tool timing or loading that GPU
//                              (make ceilings, sanitize, profile) never overlaps a session's timing
//                              there. WHAT names the holder in its note; its first word starts
//                              the messages. Exit: CMD's, or 2 when the lock cannot be had.
#pragma once
#include <stddef.h>
#include "session/run_util.h"

// The GPUs SPEC names into GPUS (shards_plan.h's rules; `all` asks nvidia-smi). 0, or -1 with ERR.
int run_gpu_list(const char *spec, strv *gpus, char *err, size_t n);
// the commands above, from argv[2] on; their exit status
int run_gpus_command(int argc, char **argv);
int run_lock_command(int argc, char **argv);
