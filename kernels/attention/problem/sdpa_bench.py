#!/usr/bin/env python3
"""sdpa_bench.py -- PyTorch's scaled_dot_product_attention as library baselines of the attention
problem, through libbench (tools/libbench/libbench.py: arguments, clocks, graphs, L2 flush, call,
Python and kernel time, the sample file, exit codes).

Per shape B<b>_H<h>_S<sq>[_K<skv>]_D<d>_C<0|1>: q, k, v fp16 [B, H, S, D], uniform in [-1, 1)
(seeded); one call under torch.nn.attention.sdpa_kernel(<backend>) checked against an fp32
reference with the harness's criteria (max_abs_err / max|ref| <= 1e-2, |o - ref| <= 1e-3 +
1e-3 |ref| everywhere, no NaN). Backends: sdpa-cudnn, sdpa-flash, sdpa-efficient and sdpa-default
(no restriction: whatever torch chooses); the header records the backend torch ran per shape
(`backend_ran.<shape>`). `--versions` prints `torch=<version> cudnn=<version>`.
"""
import contextlib
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "tools", "libbench"))
import libbench  # noqa: E402

PROG = "sdpa_bench"
DESCRIPTION = "PyTorch SDPA backends timed into cudadent42's raw sample format."
BACKENDS = {"sdpa-cudnn": "CUDNN_ATTENTION", "sdpa-flash": "FLASH_ATTENTION",
            "sdpa-efficient": "EFFICIENT_ATTENTION", "sdpa-default": None}
SHAPE_HELP = "B<b>_H<h>_S<sq>[_K<skv>]_D<d>_C<0|1>"
SHAPE_RE = re.compile(r"^B([1-9][0-9]*)_H([1-9][0-9]*)_S([1-9][0-9]*)(?:_K([1-9][0-9]*))?"
                      r"_D([1-9][0-9]*)_C([01])$")
SHAPE_META_KEYS = ("backend_ran",)
ATOL, RTOL, MAX_REL = 1e-3, 1e-3, 1e-2


def parse_shape(name):
    """(canonical name, (B, H, Sq, Skv, D, causal)) or None: the problem's grammar."""
    m = SHAPE_RE.match(name)
    if not m:
        return None
    b, h, sq, skv, d, c = m.groups()
    b, h, sq, d, c = int(b), int(h), int(sq), int(d), int(c)
    skv = int(skv) if skv else sq
    return f"B{b}_H{h}_S{sq}" + (f"_K{skv}" if skv != sq else "") + f"_D{d}_C{c}", (b, h, sq, skv, d, c)


def require(torch):
    try:
        import torch.nn.attention  # noqa: F401
    except Exception as e:
        raise RuntimeError(f"torch with torch.nn.attention is not available ({e})")


def versions(torch):
    cudnn = None
    try:
        cudnn = torch.backends.cudnn.version()
    except Exception:
        pass
    return f"torch={torch.__version__} cudnn={cudnn}"


def head(torch, backend):
    return [("cudnn", str(torch.backends.cudnn.version())),
            ("sdpa_kernel", BACKENDS[backend] or "unrestricted"),
            ("inputs", "fp16 uniform [-1, 1), torch.Generator(cuda).manual_seed(seed), q k v")]


def context(torch, backend):
    from torch.nn.attention import SDPBackend, sdpa_kernel
    want = BACKENDS[backend]
    return contextlib.nullcontext if want is None else lambda: sdpa_kernel(getattr(SDPBackend, want))


def inputs(torch, params, seed):
    b, h, sq, skv, d, c = params
    g = torch.Generator(device="cuda").manual_seed(seed)
    return tuple((torch.rand(b, h, s, d, generator=g, device="cuda") * 2 - 1).half() for s in (sq, skv, skv))


def reference(torch, q, k, v, causal, scale):
    """fp32 attention, chunked over (b, h) so that no chunk of scores exceeds 256 MiB."""
    b, h, sq, d = q.shape
    skv = k.shape[2]
    qf, kf, vf = (t.reshape(b * h, t.shape[2], d) for t in (q, k, v))
    out = torch.empty(b * h, sq, d, dtype=torch.float32, device=q.device)
    step = max(1, (256 << 20) // (sq * skv * 4))
    mask = torch.ones(sq, skv, dtype=torch.bool, device=q.device).tril() if causal else None
    for i in range(0, b * h, step):  # causal: top-left, query i sees keys 0..i, as torch's is_causal
        s = torch.bmm(qf[i:i + step].float(), kf[i:i + step].float().transpose(1, 2)) * scale
        if mask is not None:
            s.masked_fill_(~mask, float("-inf"))
        out[i:i + step] = torch.bmm(torch.softmax(s, dim=-1), vf[i:i + step].float())
    return out.reshape(b, h, sq, d)


def prepare(torch, backend, params, seed):
    """One SDPA call on seeded inputs, and its numerics check."""
    import torch.nn.functional as F
    q, k, v = inputs(torch, params, seed)
    causal = bool(params[5])

    def call():
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal)

    def check(o):
        ref = reference(torch, q, k, v, causal, 1.0 / params[4] ** 0.5)
        of = o.float()
        diff = (of - ref).abs()
        nan = int((~torch.isfinite(of)).sum().item())
        max_abs = float(diff.nan_to_num(float("inf")).max().item())
        max_ref = float(ref.abs().max().item())
        rel = max_abs / max_ref if max_ref > 0 else (float("inf") if max_abs > 0 else 0.0)
        viol = int((~(diff <= ATOL + RTOL * ref.abs())).sum().item())
        return (nan == 0 and viol == 0 and rel <= MAX_REL,
                f"max_abs_err={max_abs:.3e} max_rel_err={rel:.3e} allclose_violations={viol} nan={nan}")
    return call, check


def shape_meta(torch, backend, params, seed):
    """The backend torch would dispatch to for this shape (SDPBackend's name), or 'unknown'."""
    try:
        from torch.nn.attention import SDPBackend
        q, k, v = inputs(torch, params, seed)
        idx = int(torch._fused_sdp_choice(q, k, v, None, 0.0, bool(params[5])))
        for name, member in SDPBackend.__members__.items():
            if int(member.value if hasattr(member, "value") else member) == idx:
                return [("backend_ran", name.lower())]
    except Exception:
        pass
    return [("backend_ran", "unknown")]


if __name__ == "__main__":
    sys.exit(libbench.main(sys.modules[__name__], sys.argv[1:]))
