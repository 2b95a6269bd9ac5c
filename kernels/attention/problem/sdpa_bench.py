#!/usr/bin/env python3
"""sdpa_bench.py -- PyTorch SDPA baselines in the raw sample format of the bench harness.

The only Python in cudadent42; used by `make measure` on GPU hosts that have torch.

For each shape: fp16 inputs [B, H, S, D], uniform in [-1, 1) like the harness (seeded), one
numerics check of torch.nn.functional.scaled_dot_product_attention under
torch.nn.attention.sdpa_kernel(<backend>) against an fp32 reference (the harness's criteria:
max_abs_err / max|ref| <= 1e-2, |o - ref| <= 1e-3 + 1e-3 |ref| everywhere, no NaN), then timing:

  time_us         GPU time per call: a CUDA graph of --graph-calls calls is replayed; CUDA events
                  around one replay, divided by --graph-calls. Cold mode writes a buffer of 2x the
                  L2 size before every replay, outside the events (so the first call of each
                  replay starts with a cold L2; the others find what the previous call left).
                  A short spin kernel runs before the start event so that the host's launch of the
                  replay is never inside the timed region.
  sm_clock_mhz    the SM clock read through NVML right after each sample (empty if unavailable):
                  the instrument the harness uses (header clock_source, the same words). Before
                  a shape's first timed replay, as in the harness (kernels/harness/bench_timing.cu),
                  short spin kernels keep the GPU busy until NVML's SM clock is back at its target
                  (the application clock; at most 1 s, 0.1 s once a wait has missed), recorded as
                  `# clock_wait.<shape>:`.
  python_call_us  what a PyTorch user pays per call: --graph-calls back-to-back calls from Python,
                  no graph, host clock from after a synchronize to after the final synchronize,
                  divided by the count (launch overhead included; L2 flushed before in cold mode).

The file is written by `samples write` (build/tools/samples, --samples-bin), the one writer of
the format; the progress line gives each shape's sample count and minimum (medians are the samples
tools' to compute).
A backend that cannot run a shape records no samples for it: the reason goes to stderr and into
the header as `# unsupported.<shape>: <why>`, and the other shapes go on.
`--versions` prints `torch=<version> cudnn=<version>` (the code the baselines run, which the
measure stage folds into the baselines' `code` header) and exits, 5 without torch.
Under `--meta variant=NAME` (the measure stage's A/A pairs: sdpa-cudnn.b is --backend sdpa-cudnn
published as its own variant), the header's variant and the messages name NAME; the header's
backend stays the --backend given.
Exit: 0 ok; 1 a shape failed numerics (its samples are not written, the rest are); 2 usage or
the output cannot be written; 4 an unexpected CUDA/torch error (nothing written); 5 torch or a CUDA device is unavailable (the
measure stage then records the baseline as unavailable).
"""
import argparse
import os
import re
import sys
import time
import warnings

BACKENDS = {
    "sdpa-cudnn": "CUDNN_ATTENTION",
    "sdpa-flash": "FLASH_ATTENTION",
    "sdpa-efficient": "EFFICIENT_ATTENTION",
    "sdpa-default": None,  # no restriction: whatever torch chooses
}
SHAPE_RE = re.compile(r"^B([1-9][0-9]*)_H([1-9][0-9]*)_S([1-9][0-9]*)(?:_K([1-9][0-9]*))?"
                      r"_D([1-9][0-9]*)_C([01])$")
META_KEY_RE = re.compile(r"^[a-z0-9_][a-z0-9_.]*$")
EXIT_NUMERICS, EXIT_USAGE, EXIT_CUDA, EXIT_NO_TORCH = 1, 2, 4, 5
ATOL, RTOL, MAX_REL = 1e-3, 1e-3, 1e-2
PROG = "sdpa_bench"
# the command that owns the sample format (tools/samples/samples_main.c, built by make)
SAMPLES_BIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "build",
                           "tools", "samples")
COLUMNS = "shape,rep,time_us,sm_clock_mhz,python_call_us"
# the clock's instrument and the wait for it, as kernels/harness/bench_nvml.h and
# bench_timing.cu have them (both sides of a comparison read and wait alike)
CLOCK_SOURCE = "nvml sm clock after each sample"
CLOCK_BACK, CLOCK_WAIT_MS, CLOCK_WAIT_AFTER_MISS_MS, CLOCK_SPIN_US = 0.98, 1000, 100, 200


def die(code, msg):
    print(f"{PROG}: {msg}", file=sys.stderr)
    sys.exit(code)


def parse_shape(name):
    """(canonical name, (B, H, Sq, Skv, D, causal)) or None."""
    m = SHAPE_RE.match(name)
    if not m:
        return None
    b, h, sq, skv, d, c = m.groups()
    b, h, sq, d, c = int(b), int(h), int(sq), int(d), int(c)
    skv = int(skv) if skv else sq
    canon = f"B{b}_H{h}_S{sq}" + (f"_K{skv}" if skv != sq else "") + f"_D{d}_C{c}"
    return canon, (b, h, sq, skv, d, c)


def gpu_slug(name):
    """Lower-case, runs of non-alphanumerics -> one '-', none at the ends (as bench's slug)."""
    return "-".join(re.findall(r"[a-z0-9]+", name.lower()))


def positive_int(lo):
    def conv(text):
        try:
            v = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not an integer")
        if v < lo:
            raise argparse.ArgumentTypeError(f"'{text}' is below {lo}")
        return v
    return conv


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog=PROG, description="PyTorch SDPA backends timed into cudadent42's raw sample format.",
        epilog="exit: 0 ok, 1 numerics failure, 2 usage, 4 CUDA error, 5 no torch or no GPU")
    p.add_argument("--versions", action="store_true",
                   help="print 'torch=<version> cudnn=<version>' and exit")
    p.add_argument("--backend", choices=sorted(BACKENDS))
    p.add_argument("--shape", action="append", metavar="S",
                   help="B<b>_H<h>_S<sq>[_K<skv>]_D<d>_C<0|1>; repeatable")
    p.add_argument("--reps", type=positive_int(1), default=100, help="timed samples per shape")
    p.add_argument("--warmup", type=positive_int(0), default=10, help="untimed graph replays")
    p.add_argument("--l2", choices=["cold", "hot"], default="cold")
    p.add_argument("--seed", type=positive_int(0), default=1)
    p.add_argument("--graph-calls", type=positive_int(1), default=20,
                   help="calls per CUDA graph and per Python timing loop (default 20)")
    p.add_argument("--out", help="sample file (written atomically); default stdout")
    p.add_argument("--samples-bin", default=SAMPLES_BIN, metavar="PATH",
                   help="the samples command that writes the file (default: %(default)s)")
    p.add_argument("--meta", action="append", default=[], metavar="K=V",
                   help="extra '# key: value' header line; repeatable")
    a = p.parse_args(argv)
    if a.versions:
        return a
    for opt, val in (("--backend", a.backend), ("--shape", a.shape)):
        if val is None:  # required unless --versions
            p.error(f"the following arguments are required: {opt}")
    shapes = []
    for s in a.shape:
        ps = parse_shape(s)
        if ps is None:
            p.error(f"--shape: '{s}' is not B<b>_H<h>_S<sq>[_K<skv>]_D<d>_C<0|1>")
        shapes.append(ps)
    a.shapes = shapes
    meta = []
    for kv in a.meta:
        k, eq, v = kv.partition("=")
        if not eq or not META_KEY_RE.match(k) or "\n" in v or "\r" in v:
            p.error(f"--meta: '{kv}' is not key=value with key in [a-z0-9_.]")
        meta.append((k, v))
    a.meta = meta
    # the name messages use: the published variant (sdpa-cudnn.b of an A/A pair), else the backend
    a.label = dict(meta).get("variant", a.backend)
    return a


class Nvml:
    """SM clock, driver, power limit, temperature through pynvml where present."""

    def __init__(self, torch, dev):
        self.h = None
        self.missed = False
        try:
            import pynvml
            pynvml.nvmlInit()
            self.nv = pynvml
        except Exception:  # pynvml or NVML missing
            return
        p = torch.cuda.get_device_properties(dev)
        try:  # the same GPU as torch's, whatever CUDA_VISIBLE_DEVICES says
            self.h = pynvml.nvmlDeviceGetHandleByPciBusId(
                f"{p.pci_domain_id:08x}:{p.pci_bus_id:02x}:{p.pci_device_id:02x}.0")
        except Exception:
            if "CUDA_VISIBLE_DEVICES" not in os.environ:
                try:
                    self.h = pynvml.nvmlDeviceGetHandleByIndex(dev)
                except Exception:
                    self.h = None

    def _q(self, f, *args):
        if self.h is None:
            return ""
        try:
            v = f(self.h, *args)
            return v.decode() if isinstance(v, bytes) else str(v)
        except Exception:
            return ""

    def sm_clock(self):
        return self._q(lambda h: self.nv.nvmlDeviceGetClockInfo(h, self.nv.NVML_CLOCK_SM))

    def sm_clock_target(self):
        """The clock waited for: the SM application clock, else the maximum SM clock."""
        v = self._q(lambda h: self.nv.nvmlDeviceGetApplicationsClock(h, self.nv.NVML_CLOCK_SM))
        return v if v and v != "0" else self.sm_clock_max()

    def wait_for_clock(self, torch):
        """Spins the GPU until the SM clock is back at its target; what happened, for the header."""
        target, mhz = self.sm_clock_target(), self.sm_clock()
        spin = getattr(torch.cuda, "_sleep", None)
        if not target or not mhz or spin is None:
            return "unavailable (no NVML clock)"
        target, mhz = int(target), int(mhz)
        t0 = time.monotonic()
        limit = CLOCK_WAIT_AFTER_MISS_MS if self.missed else CLOCK_WAIT_MS
        while mhz < CLOCK_BACK * target and (time.monotonic() - t0) * 1e3 < limit:
            spin(CLOCK_SPIN_US * target)  # cycles: ~CLOCK_SPIN_US us at the target clock
            torch.cuda.synchronize()
            mhz = int(self.sm_clock() or 0)
        back = mhz >= CLOCK_BACK * target
        self.missed |= not back
        return (f"{(time.monotonic() - t0) * 1e3:.0f} ms to {mhz} MHz of target {target}"
                + ("" if back else " (not reached: timed below the target)"))

    def sm_clock_max(self):
        return self._q(lambda h: self.nv.nvmlDeviceGetMaxClockInfo(h, self.nv.NVML_CLOCK_SM))

    def power_limit_w(self):
        v = self._q(self.nv.nvmlDeviceGetPowerManagementLimit) if self.h else ""
        return str(int(v) // 1000) if v else ""

    def temp(self):
        return self._q(lambda h: self.nv.nvmlDeviceGetTemperature(h, self.nv.NVML_TEMPERATURE_GPU))

    def driver(self):
        if self.h is None:
            return "unavailable"
        try:
            v = self.nv.nvmlSystemGetDriverVersion()
            return v.decode() if isinstance(v, bytes) else str(v)
        except Exception:
            return "unavailable"


def reference(torch, q, k, v, causal, scale):
    """fp32 attention, chunked over (b, h) so that no chunk of scores exceeds 256 MiB."""
    b, h, sq, d = q.shape
    skv = k.shape[2]
    qf, kf, vf = (t.reshape(b * h, t.shape[2], d) for t in (q, k, v))
    out = torch.empty(b * h, sq, d, dtype=torch.float32, device=q.device)
    step = max(1, (256 << 20) // (sq * skv * 4))
    mask = None
    if causal:  # top-left: query i sees keys 0..i, as torch's is_causal
        mask = torch.ones(sq, skv, dtype=torch.bool, device=q.device).tril()
    for i in range(0, b * h, step):
        s = torch.bmm(qf[i:i + step].float(), kf[i:i + step].float().transpose(1, 2)) * scale
        if mask is not None:
            s.masked_fill_(~mask, float("-inf"))
        out[i:i + step] = torch.bmm(torch.softmax(s, dim=-1), vf[i:i + step].float())
    return out.reshape(b, h, sq, d)


def check(torch, o, ref):
    """(pass, text) with the harness's criteria."""
    of = o.float()
    diff = (of - ref).abs()
    nan = int((~torch.isfinite(of)).sum().item())
    max_abs = float(diff.nan_to_num(float("inf")).max().item())
    max_ref = float(ref.abs().max().item())
    max_rel = max_abs / max_ref if max_ref > 0 else (float("inf") if max_abs > 0 else 0.0)
    viol = int((~(diff <= ATOL + RTOL * ref.abs())).sum().item())
    ok = nan == 0 and viol == 0 and max_rel <= MAX_REL
    return ok, (f"max_abs_err={max_abs:.3e} max_rel_err={max_rel:.3e} "
                f"allclose_violations={viol} nan={nan}")


def backend_chosen(torch, q, k, v, causal):
    """Name of the backend torch would dispatch to now (SDPBackend name), or 'unknown'."""
    try:
        from torch.nn.attention import SDPBackend
        idx = int(torch._fused_sdp_choice(q, k, v, None, 0.0, bool(causal)))
        for name, member in SDPBackend.__members__.items():
            if int(member.value if hasattr(member, "value") else member) == idx:
                return name.lower()
    except Exception:
        pass
    return "unknown"


def kernel_names(torch, fn):
    """The CUDA kernels one call launches (profiler), ';'-joined, or '' if unavailable."""
    try:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            fn()
            torch.cuda.synchronize()
        names = sorted({e.name for e in prof.events()
                        if getattr(e, "device_type", None) is not None
                        and "CUDA" in str(e.device_type)})
        return ";".join(n.replace(",", " ")[:120] for n in names)[:1000]
    except Exception:
        return ""


def inputs(torch, F, shape, seed):
    """q, k, v (fp16, uniform [-1, 1), seeded) and a function making one SDPA call on them."""
    b, h, sq, skv, d, c = shape[1]
    g = torch.Generator(device="cuda").manual_seed(seed)
    q, k, v = ((torch.rand(b, h, s, d, generator=g, device="cuda") * 2 - 1).half()
               for s in (sq, skv, skv))

    def call():
        return F.scaled_dot_product_attention(q, k, v, is_causal=bool(c))
    return q, k, v, call


def bench_shape(torch, F, ctx, nvml, a, shape, flush):
    """Times one shape; returns (rows, meta, failure) where failure is (code, text) or None."""
    name, (b, h, sq, skv, d, c) = shape
    meta = []
    q, k, v, call = inputs(torch, F, shape, a.seed)
    scale = 1.0 / d ** 0.5
    causal = bool(c)

    with ctx():
        with warnings.catch_warnings(record=True) as warns:
            warnings.simplefilter("always")
            try:
                o = call()
                torch.cuda.synchronize()
            except RuntimeError as e:
                why = " ".join(str(e).split())
                reasons = "; ".join(" ".join(str(w.message).split()) for w in warns)
                return [], meta, ("unsupported", f"{why} {reasons}".strip()[:600])
        ok, text = check(torch, o, reference(torch, q, k, v, causal, scale))
        meta.append((f"numerics.{name}", text + (" pass" if ok else " fail")))
        if not ok:
            return [], meta, ("numerics", text)
        meta.append((f"backend_ran.{name}", backend_chosen(torch, q, k, v, causal)))
        del o

        n = a.graph_calls
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                call()
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        try:
            with torch.cuda.graph(graph):
                for _ in range(n):
                    call()
        except RuntimeError as e:
            return [], meta, ("unsupported", "graph capture failed: " + " ".join(str(e).split()))
        torch.cuda.synchronize()

        spin = getattr(torch.cuda, "_sleep", None)
        spin_cycles = 100000  # ~50 us at 2 GHz: covers the host's launch of the replay
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        rows = []
        for r in range(-a.warmup, a.reps):
            if r == 0:
                meta.append((f"clock_wait.{name}", nvml.wait_for_clock(torch)))
            if flush is not None:
                flush.fill_(r & 0xFF)
            if spin is not None:
                spin(spin_cycles)
            start.record()
            graph.replay()
            end.record()
            end.synchronize()
            gpu_us = start.elapsed_time(end) * 1000.0 / n
            clock = nvml.sm_clock()
            if flush is not None:
                flush.fill_((r + 1) & 0xFF)
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            for _ in range(n):
                call()
            torch.cuda.synchronize()
            py_us = (time.perf_counter() - t0) * 1e6 / n
            if r >= 0:
                rows.append(f"{name},{r},{gpu_us:.3f},{clock},{py_us:.3f}")
        del graph
    return rows, meta, None


def write_samples(tool, out, meta, rows):
    """The sample file through `samples write` (the one writer of the format): the header lines
    of meta, the columns, the rows; atomically to out (None: stdout). Exit 2 when it fails."""
    import subprocess
    cmd = [tool, "write", "--columns", COLUMNS] + (["--out", out] if out else [])
    for k, v in meta:
        cmd += ["--meta", f"{k}={' '.join(str(v).splitlines())}"]
    try:
        p = subprocess.run(cmd, input="".join(x + "\n" for x in rows), text=True)
    except OSError as e:
        die(EXIT_USAGE, f"{tool}: cannot run: {e.strerror} (make {os.path.relpath(tool)})")
    if p.returncode != 0:
        die(EXIT_USAGE, f"{out or 'stdout'}: not written ({tool} write exited {p.returncode})")


def versions():
    """`torch=<v> cudnn=<v>`: what the baselines run besides this script (exit 5 without torch)."""
    try:
        import torch
    except Exception as e:
        die(EXIT_NO_TORCH, f"torch is not available ({e})")
    cudnn = None
    try:
        cudnn = torch.backends.cudnn.version()
    except Exception:
        pass
    print(f"torch={torch.__version__} cudnn={cudnn}")
    return 0


def main(argv):
    a = parse_args(argv)
    if a.versions:
        return versions()
    try:
        import torch
        import torch.nn.functional as F
        from torch.nn.attention import SDPBackend, sdpa_kernel
    except Exception as e:  # ImportError, or a torch too old for torch.nn.attention
        die(EXIT_NO_TORCH, f"torch with torch.nn.attention is not available ({e}); "
                           f"baseline {a.label} cannot be measured here")
    if not torch.cuda.is_available():
        die(EXIT_NO_TORCH, f"torch {torch.__version__} sees no CUDA device; "
                           f"baseline {a.label} cannot be measured here")
    import contextlib
    want = BACKENDS[a.backend]
    if want is None:
        ctx = contextlib.nullcontext
    else:
        ctx = lambda: sdpa_kernel(getattr(SDPBackend, want))  # noqa: E731

    dev = torch.cuda.current_device()
    props = torch.cuda.get_device_properties(dev)
    nvml = Nvml(torch, dev)
    l2 = int(getattr(props, "L2_cache_size", 0) or 0)
    flush = None
    if a.l2 == "cold":
        flush = torch.empty(2 * (l2 if l2 > 0 else 64 << 20), dtype=torch.uint8, device="cuda")

    head = [
        ("gpu", props.name), ("gpu_slug", gpu_slug(props.name)),
        ("sm_count", str(props.multi_processor_count)), ("cc", f"{props.major}.{props.minor}"),
        ("l2_bytes", str(l2)), ("driver", nvml.driver()),
        ("cuda_runtime", str(torch.version.cuda)), ("torch", torch.__version__),
        ("cudnn", str(torch.backends.cudnn.version())),
        ("clock_sm_max_mhz", nvml.sm_clock_max()),
        ("clock_source", CLOCK_SOURCE if nvml.sm_clock() else "unavailable"),
        ("clock_target_mhz", nvml.sm_clock_target() or "unavailable"),
        ("power_limit_w", nvml.power_limit_w()),
        ("temp_start_c", nvml.temp()),
        ("date", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())),
        ("seed", str(a.seed)), ("l2_flush", a.l2), ("reps", str(a.reps)),
        ("warmup", str(a.warmup)), ("graph_calls", str(a.graph_calls)),
        ("backend", a.backend), ("sdpa_kernel", want or "unrestricted"),
        ("timing", f"time_us = cuda graph of {a.graph_calls} calls, events around one replay, "
                   f"/ {a.graph_calls}; python_call_us = {a.graph_calls} back-to-back python "
                   f"calls, host clock, / {a.graph_calls}"),
        ("inputs", "fp16 uniform [-1, 1), torch.Generator(cuda).manual_seed(seed), q k v"),
    ]
    keys = {k for k, _ in head}
    for k, _ in a.meta:
        if k in keys:
            die(EXIT_USAGE, f"--meta: key '{k}' is written by {PROG} itself")
    if "variant" not in {k for k, _ in a.meta}:
        head.insert(0, ("variant", a.backend))

    rows, meta, failed = [], [], False
    try:
        for i, shape in enumerate(a.shapes):
            r, m, fail = bench_shape(torch, F, ctx, nvml, a, shape, flush)
            meta += m
            name = shape[0]
            if fail is not None:
                kind, why = fail
                if kind == "numerics":
                    failed = True
                    print(f"{PROG}: {a.label}: {name}: numerics failed: {why}", file=sys.stderr)
                else:
                    meta.append((f"unsupported.{name}", why))
                    print(f"{PROG}: {a.label}: {name}: cannot run: {why}", file=sys.stderr)
                continue
            rows += r
            # progress only: the medians are the samples tools' (no statistic is computed here)
            ts = min(float(x.split(",")[2]) for x in r)
            ps = min(float(x.split(",")[4]) for x in r)
            print(f"{PROG}: [{i + 1}/{len(a.shapes)}] {a.label} {name} {len(r)} samples, min "
                  f"{ts:.3f} us (python min {ps:.3f} us/call)", file=sys.stderr)
        # the kernels each shape launched, read with the profiler only now: once CUPTI is
        # loaded, host launch overhead grows, which python_call_us would otherwise include
        for shape in a.shapes:
            if any(k == f"backend_ran.{shape[0]}" for k, _ in meta):
                with ctx():
                    kn = kernel_names(torch, inputs(torch, F, shape, a.seed)[3])
                if kn:
                    meta.append((f"kernels.{shape[0]}", kn))
    except RuntimeError as e:  # CUDA errors outside a shape's first call (torch raises these)
        die(EXIT_CUDA, f"{a.label}: {' '.join(str(e).split())}")
    ran = sorted({v for k, v in meta if k.startswith("backend_ran.")})
    head.append(("backend_ran", "+".join(ran) if ran else "none"))
    head.append(("temp_end_c", nvml.temp()))

    write_samples(a.samples_bin, a.out, a.meta + head + meta, rows)
    return EXIT_NUMERICS if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
