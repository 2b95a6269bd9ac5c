// shards_plan.h — `make measure GPUS=...` or `RUNNER=slurm`: one experiment's timing spread over
// several GPUs, written as a makefile (build/EXP/shards.mk) of one target per session that make
// runs at once (-j, one job per GPU or cluster job). Pure: the settings come through GET, the GPUs
// are given; shards_session.c asks the machine (nvidia-smi, srun, the clock, a random seed).
//
// Environment (from make): GPUS (`all`, or GPU indices separated by commas or spaces), B, ROUNDS,
// PLAN_ROUNDS (the rounds a session of the experiment's declared PLAN; optional), REPS,
// ALL_VARIANTS (the experiment's variants and C baselines), VARIANT (optional: only these),
// BASELINE, BASELINES, LIB_BASELINES, ORDER_SEED (optional: GPU k's session gets ORDER_SEED + k),
// MAKE_CMD (how a shard calls make back: the top make with its EXP), START (UTC start, names the
// sessions), RUNNER (local, the default: GPUS of this host; slurm: SLURM_JOBS cluster jobs, each
// one GPU), SRUN, SLURM_PARTITION, SLURM_ACCOUNT, SLURM_TIME, RUN_TIMEOUT.
//
// RUNNER=slurm: each session is a Slurm job step, `srun --gres=gpu:1 --ntasks=1 --time=...`, on
// SLURM_PARTITION / SLURM_ACCOUNT when given; Slurm places it and sets CUDA_VISIBLE_DEVICES. The
// time limit is SLURM_TIME minutes, else what the session may take at most: RUN_TIMEOUT per
// process, (rounds + 1) processes per variant. The session runs in the job, in this tree (a file
// system the nodes share), staged into build/EXP/slurm/<session>/ (DATA_OUT there, DONE written
// last, the job's output in job.log); `session collect` (run_collect.h) publishes the finished ones.
//
// Each GPU runs a session of its own, with its own shuffled round order and its own order seed,
// through `make measure-one GPU=<i>` (`session measure` with GPU and SHARD set):
//   ROUNDS >= GPUs   the rounds are dealt out: GPU k of n runs ROUNDS/n of them (the first
//                    ROUNDS mod n GPUs one more) of every variant, REPS in proportion. Every
//                    variant is timed on every GPU, so the files gain one session per GPU.
//   ROUNDS <  GPUs   (a sweep, one round) the variants are dealt out; the baselines (BASELINE,
//                    BASELINES) run on every GPU. RUNNER=local: from one queue the sessions share
//                    (run_queue.h, build/EXP/queue/, made empty by the driver): every session gets
//                    every variant and the same order seed, so the same schedule, and times those
//                    it claims first, so a GPU that is done takes the next one. RUNNER=slurm: in
//                    turn over the jobs, fixed beforehand (the nodes may share no file system lock).
// (session_deal.h deals.) The statistics see one session per GPU: the GPU is a random effect
// inside the session level.
//
// Builds overlap measuring (RUNNER=local) when each variant is timed on one GPU only (one GPU, or
// the variants dealt out): the sessions get STREAM=1 and VARIANT (the experiment's variants, not
// yet built), and each builds its own variants while it times them (run_build.c). Only what several
// sessions share is built first (target prebuild: the gate rows of the baselines every GPU runs).
// Otherwise prebuild makes the whole gate table first. Local sessions write their session and
// destination to build/EXP/shards.<k>.done, for the driver (mk/measure.mk) to publish the gate
// table once they have all finished.
#pragma once
#include <stdint.h>
#include <stdio.h>
#include "session/run_util.h"

typedef struct {
  const char *exp;
  char *b;                // B/EXP
  int slurm;              // RUNNER=slurm
  unsigned slurm_jobs;
  const char *gpus_spec;  // GPUS (slurm: "0,...,SLURM_JOBS-1", job numbers)
  unsigned rounds, reps, plan_rounds;  // plan_rounds 0: none
  strv cand;              // the variants (ALL_VARIANTS, VARIANT's alone when given)
  strv shared;            // BASELINE and BASELINES: timed on every GPU
  size_t nlib;            // LIB_BASELINES' count
  int have_seed;
  uint64_t seed;          // ORDER_SEED
  const char *start, *make_cmd, *srun, *partition, *account, *slurm_time;
  unsigned run_timeout;
} shards_in;

// Fills IN for experiment EXP from GET. 0, or -1 with the message (no "measure: GPUS: ") in ERR.
int shards_parse(shards_in *in, const char *exp, const char *(*get)(const char *), char *err, size_t n);
// The GPUs SPEC names into GPUS: `all` those listed in SMI (nvidia-smi's index lines; NULL: no
// nvidia-smi here), else indices separated by commas or spaces. 0, or -1 with ERR.
int shards_gpus(const char *spec, const char *smi, strv *gpus, char *err, size_t n);
// whether the sessions on GPUS build while they time (STREAM), or share a queue
int shards_stream(const shards_in *in, size_t ngpus);
int shards_queue(const shards_in *in, size_t ngpus);
// The makefile for GPUS on host HOST, QUEUE_SEED the one order seed of a shared queue, into OUT
// (nothing written on an error). 0, or -1 with ERR.
int shards_write(FILE *out, const shards_in *in, const strv *gpus, const char *host, uint64_t queue_seed, char *err, size_t n);
// The GPU directory a staged session's DONE names (STAGED, resolved), when it is the session's
// own staging: SESSION_DIR (resolved) + "/data/" + EXP + "/" + a slug of 1-80 of [a-z0-9-], the
// first not '-'; else NULL. The slug points into STAGED.
const char *shards_staged_slug(const char *session_dir, const char *exp, const char *staged);
