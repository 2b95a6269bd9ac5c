// problems.c — the registry of problems (shape.h): a new problem adds its problem_host here.
#include "shape.h"

extern const problem_host problem_attention, problem_gemm, problem_vecadd;

const problem_host *const problem_hosts[] = {&problem_attention, &problem_gemm, &problem_vecadd, NULL};
