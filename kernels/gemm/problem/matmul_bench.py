#!/usr/bin/env python3
"""matmul_bench.py -- torch.matmul as a library baseline of the GEMM problem, through libbench.

C = A·B with A [M, K] and B [K, N] fp16, uniform in [-1, 1) (seeded), C fp16 with fp32
accumulation (torch's reduced-precision fp16 reductions turned off, as the problem's contract has
it); checked against an fp32 product of the same inputs with the problem's criteria
(kernels/gemm/problem/problem.cu: atol = 1e-3 max(1, sqrt(K)/8), rtol = 1e-3, the largest error at
most 1% of the largest reference value). Backends: matmul-cublas (torch's default BLAS,
cuBLAS) and matmul-cublaslt (cuBLASLt, whose heuristics pick the algorithm). Everything else --
arguments, clocks, graphs, L2 flush, call, Python and kernel time, the sample file, exit codes --
is tools/libbench/libbench.py's.
"""
import contextlib
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "tools", "libbench"))
import libbench  # noqa: E402

PROG = "matmul_bench"
DESCRIPTION = "torch.matmul (cuBLAS, cuBLASLt) timed into cudadent42's raw sample format."
BACKENDS = {"matmul-cublas": "cublas", "matmul-cublaslt": "cublaslt"}
SHAPE_HELP = "M<m>_N<n>_K<k>"
SHAPE_RE = re.compile(r"^M([1-9][0-9]*)_N([1-9][0-9]*)_K([1-9][0-9]*)$")


def parse_shape(name):
    """(name, (M, N, K)) or None: the problem's grammar (kernels/gemm/problem/gemm_shape.c)."""
    m = SHAPE_RE.match(name)
    if not m:
        return None
    mm, n, k = (int(x) for x in m.groups())
    if max(mm * k, k * n, mm * n) > 2 ** 31 - 1:
        return None
    return name, (mm, n, k)


def versions(torch):
    return f"torch={torch.__version__} cublas={torch.version.cuda}"


def head(torch, backend):
    return [("blas", BACKENDS[backend]), ("cuda_blas", str(torch.version.cuda)),
            ("inputs", "fp16 uniform [-1, 1), torch.Generator(cuda).manual_seed(seed), A then B"),
            ("accumulate", "fp32 (allow_fp16_reduced_precision_reduction off)")]


def context(torch, backend):
    @contextlib.contextmanager
    def ctx():
        m = torch.backends.cuda.matmul
        old = (torch.backends.cuda.preferred_blas_library(), m.allow_fp16_reduced_precision_reduction,
               m.allow_tf32)
        torch.backends.cuda.preferred_blas_library(BACKENDS[backend])
        m.allow_fp16_reduced_precision_reduction, m.allow_tf32 = False, False
        try:
            yield
        finally:
            torch.backends.cuda.preferred_blas_library(old[0])
            m.allow_fp16_reduced_precision_reduction, m.allow_tf32 = old[1], old[2]
    return ctx


def prepare(torch, backend, params, seed):
    """One call of torch.matmul on seeded inputs, and its numerics check."""
    mm, n, k = params
    g = torch.Generator(device="cuda").manual_seed(seed)
    a = (torch.rand(mm, k, generator=g, device="cuda") * 2 - 1).half()
    b = (torch.rand(k, n, generator=g, device="cuda") * 2 - 1).half()
    out = torch.empty(mm, n, dtype=torch.float16, device="cuda")

    def call():
        return torch.matmul(a, b, out=out)

    def check(c):
        ref = torch.matmul(a.float(), b.float())
        atol, rtol, max_rel = 1e-3 * max(1.0, k ** 0.5 / 8), 1e-3, 1e-2
        diff = (c.float() - ref).abs()
        nan = int((~torch.isfinite(c)).sum().item())
        max_abs = float(diff.nan_to_num(float("inf")).max().item())
        max_ref = float(ref.abs().max().item())
        rel = max_abs / max_ref if max_ref > 0 else (float("inf") if max_abs > 0 else 0.0)
        viol = int((~(diff <= atol + rtol * ref.abs())).sum().item())
        ok = nan == 0 and viol == 0 and rel <= max_rel
        return ok, (f"max_abs_err={max_abs:.3e} max_rel_err={rel:.3e} allclose_violations={viol} "
                    f"nan={nan}")
    return call, check


if __name__ == "__main__":
    sys.exit(libbench.main(sys.modules[__name__], sys.argv[1:]))
