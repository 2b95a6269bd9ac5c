// shards_session.h — `session shards EXP` (shards_plan.h): the makefile of one experiment's
// sessions over several GPUs or Slurm jobs, on stdout.
#pragma once

// the exit status
int run_shards(const char *exp);
