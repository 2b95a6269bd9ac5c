#!/usr/bin/env python3
"""fa4_bench.py -- FlashAttention-4 (the flash-attn-4 package: kernels written in the CuTe DSL,
compiled on first use; on Hopper its sm_90 forward) as a library baseline of the attention
problem, through libbench.

Per shape (sdpa_bench's grammar): the q, k and v sdpa_bench makes from the seed, copied once into
the [B, S, H, D] layout flash_attn_func takes (outside the timed call); one call of
flash_attn.cute.flash_attn_func(q, k, v, causal=C) with the library's defaults (scale 1/sqrt(D),
one split, its own tile choice), checked by sdpa_bench's check (the same fp32 reference and
criteria) on the output read as [B, H, S, D]. A shape the library's own checks refuse (their
assertions: on sm_90 a head dimension not a multiple of 8, or over 256) is a shape it cannot run,
as libbench reads a ValueError. Causal with Sq != Skv is not run: FlashAttention
aligns the causal mask to the bottom right, the problem to the top left (the header's
unsupported.<shape> says so). Install: `pip install --pre flash-attn-4 'nvidia-cutlass-dsl[cu13]'`
(CUDA 13; without the extra, the CUDA 12 build of the DSL).
"""
import contextlib
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "tools", "libbench"))
import libbench  # noqa: E402
import sdpa_bench  # noqa: E402

PROG = "fa4_bench"
DESCRIPTION = "FlashAttention-4 (CuTe DSL) timed into cudadent42's raw sample format."
BACKENDS = {"fa4-cute": "flash_attn.cute.flash_attn_func"}
SHAPE_HELP = sdpa_bench.SHAPE_HELP
parse_shape = sdpa_bench.parse_shape


def version_of(dist):
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:
        return "none"


def require(torch):
    # the library's own on-disk cache of compiled kernels (its default directory, under the temp
    # folder), so that the rounds of a session compile each kernel once; unless the user set it
    os.environ.setdefault("FLASH_ATTENTION_CUTE_DSL_CACHE_ENABLED", "1")
    try:
        import flash_attn.cute  # noqa: F401
    except Exception as e:
        raise RuntimeError(f"flash-attn-4 cannot be imported ({type(e).__name__}: {e})")


def versions(torch):
    return (f"torch={torch.__version__} flash_attn_4={version_of('flash-attn-4')} "
            f"cutlass_dsl={version_of('nvidia-cutlass-dsl')}")


def head(torch, backend):
    return [("flash_attn_4", version_of("flash-attn-4")),
            ("cutlass_dsl", version_of("nvidia-cutlass-dsl")),
            ("compile_cache", os.environ.get("FLASH_ATTENTION_CUTE_DSL_CACHE_ENABLED", "0")),
            ("call", BACKENDS[backend] + "(q, k, v, causal=C), q k v [B, S, H, D]"),
            ("inputs", "fp16 uniform [-1, 1), torch.Generator(cuda).manual_seed(seed), q k v "
                       "(sdpa_bench's), copied to [B, S, H, D]")]


def context(torch, backend):
    return contextlib.nullcontext


def prepare(torch, backend, params, seed):
    """One flash_attn_func call on sdpa_bench's inputs, and sdpa_bench's numerics check."""
    b, h, sq, skv, d, c = params
    if c and sq != skv:
        raise ValueError(f"causal with Sq {sq} != Skv {skv}: FlashAttention aligns the mask to the "
                         "bottom right, the problem to the top left")
    from flash_attn.cute import flash_attn_func
    _, check_bhsd = sdpa_bench.prepare(torch, "sdpa-default", params, seed)
    q, k, v = (t.transpose(1, 2).contiguous() for t in sdpa_bench.inputs(torch, params, seed))

    def call():
        try:
            return flash_attn_func(q, k, v, causal=bool(c))[0]
        except AssertionError as e:  # the library's own checks refuse the shape (e.g. its D)
            raise ValueError(f"flash-attn-4 refuses the shape: {e or 'assertion failed'}") from e

    def check(o):
        return check_bhsd(o.transpose(1, 2))
    return call, check


if __name__ == "__main__":
    sys.exit(libbench.main(sys.modules[__name__], sys.argv[1:]))
