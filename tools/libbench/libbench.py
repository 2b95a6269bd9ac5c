"""libbench -- the one runner of library baselines written in Python (kernels/<p>/problem/<lib>_bench.py).

A problem's runner says what to call and on which inputs (a spec: its backends, its shape grammar,
its inputs and numerics check, its versions); this module does the rest the same way for every
library: the arguments, the clocks (NVML, the instrument the harness reads, and the wait for the
clock before a shape's first timed replay), CUDA graph capture, L2 flush, warm-up, the timed
replays, the Python call time, the kernel-only time, the sample file (through `samples write`, the
one writer of the format) and the exit codes. Columns:

  time_us         call time: a CUDA graph of --graph-calls calls is replayed; CUDA events around
                  one replay, divided by --graph-calls (every node the library adds, a memset
                  included). Cold mode writes a buffer of 2x the L2 size before every replay,
                  outside the events; a short spin kernel before the start event keeps the host's
                  launch of the replay outside the timed region.
  sm_clock_mhz    the SM clock through NVML right after each sample (empty if unavailable).
  python_call_us  --graph-calls back-to-back calls from Python, no graph, host clock, / count.
  kernel_us       kernel time: the GPU time of the kernels alone inside one replay (memsets and
                  copies left out; kernels that overlap counted once), / --graph-calls, from CUPTI's activity records (the PyTorch
                  profiler) over a second pass of the same number of replays, each after the same
                  L2 flush; row r holds replay r of that pass. Empty when the records cannot be
                  split into replays (the header says why). Taken under CUPTI, which can lengthen
                  a kernel by a percent or two (on an H100: 99.5 against 97.7 us of call time for
                  one cuBLAS kernel at M4095_N4097_K333): compare kernel_us with kernel_us read
                  the same way, never with another side's call time.

Header lines per shape: numerics.<shape> (the check), clock_wait.<shape>, kernels.<shape> (the
kernels of one call), kernel_time.<shape> (how kernel_us was read), unsupported.<shape> (a
backend that cannot run the shape: no samples for it, the other shapes go on).
Exit: 0 ok; 1 a shape failed numerics (its samples are not written, the rest are); 2 usage or the
output cannot be written; 4 an unexpected CUDA/torch error (nothing written); 5 torch or a CUDA
device is unavailable (the measure stage records the baseline as unavailable).
"""
import argparse
import os
import re
import subprocess
import sys
import time
import warnings

EXIT_NUMERICS, EXIT_USAGE, EXIT_CUDA, EXIT_NO_TORCH = 1, 2, 4, 5
META_KEY_RE = re.compile(r"^[a-z0-9_][a-z0-9_.]*$")
COLUMNS = "shape,rep,time_us,sm_clock_mhz,python_call_us,kernel_us"
SAMPLES_BIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "tools",
                           "samples")


def cannot_run_why(e, warns):
    """The unsupported.<shape> line: the library's error, then the warnings it raised beside it
    ('; ' between them), every run of white space one space, at most 600 characters."""
    text = f"{e} " + "; ".join(str(w.message) for w in warns)
    return " ".join(text.split())[:600]


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


def gpu_slug(name):
    """Lower-case, runs of non-alphanumerics -> one '-', none at the ends (as bench's slug)."""
    return "-".join(re.findall(r"[a-z0-9]+", name.lower()))



def die(prog, code, msg):
    print(f"{prog}: {msg}", file=sys.stderr)
    sys.exit(code)


def parse_args(spec, argv):
    """The runner's arguments; spec.parse_shape makes each --shape (canonical name, parameters)."""
    p = argparse.ArgumentParser(
        prog=spec.PROG, description=spec.DESCRIPTION,
        epilog="exit: 0 ok, 1 numerics failure, 2 usage, 4 CUDA error, 5 no torch or no GPU")
    p.add_argument("--versions", action="store_true",
                   help="print the versions of what the baselines run, and exit")
    p.add_argument("--backend", choices=sorted(spec.BACKENDS))
    p.add_argument("--shape", action="append", metavar="S", help=spec.SHAPE_HELP + "; repeatable")
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
    a.shapes = []
    for s in a.shape:
        ps = spec.parse_shape(s)
        if ps is None:
            p.error(f"--shape: '{s}' is not {spec.SHAPE_HELP}")
        a.shapes.append(ps)
    raw, a.meta = a.meta, []
    for kv in raw:
        k, eq, v = kv.partition("=")
        if not eq or not META_KEY_RE.match(k) or "\n" in v or "\r" in v:
            p.error(f"--meta: '{kv}' is not key=value with key in [a-z0-9_.]")
        a.meta.append((k, v))
    # the name messages use: the published variant (an A/A pair's second name), else the backend
    a.label = dict(a.meta).get("variant", a.backend)
    return a


def capture(torch, call, n):
    """A CUDA graph of n calls (after three calls on a side stream); RuntimeError when it fails."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            call()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(n):
            call()
    torch.cuda.synchronize()
    return graph


def time_shape(torch, call, a, nvml, name, flush):
    """(call time, clock, Python call time) of each timed replay of one shape whose numerics
    passed, and its header lines; (None, [(unsupported.<shape>, why)]) when no graph is captured."""
    n = a.graph_calls
    try:
        graph = capture(torch, call, n)
    except RuntimeError as e:
        return None, [(f"unsupported.{name}", "graph capture failed: " + " ".join(str(e).split()))]
    meta = []
    spin = getattr(torch.cuda, "_sleep", None)
    spin_cycles = 100000  # ~50 us at 2 GHz: covers the host's launch of the replay
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    timed = []
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
            timed.append((gpu_us, clock, py_us))
    del graph
    return timed, meta


def kernel_pass(torch, call, a, name, flush):
    """The kernel time of each of a.reps replays of one shape (None when the records do not split)
    and its header lines: the kernel time's account and the kernels of one call. Run after every
    shape's timed pass: CUPTI, once loaded, slows the host's launches (python_call_us)."""
    from libbench_ktime import device_events, split_replays
    n = a.graph_calls
    try:
        graph = capture(torch, call, n)
        skip = [e[0] for e in device_events(torch, lambda: flush.fill_(1))] if flush is not None else []

        def replays():
            for r in range(a.reps):
                if flush is not None:
                    flush.fill_(r & 0xFF)
                graph.replay()
        kernel, why = split_replays(device_events(torch, replays), a.reps, skip)
        one = device_events(torch, graph.replay)
        del graph
    except Exception as e:  # no profiler, no CUPTI, no graph
        return None, [(f"kernel_time.{name}", "unavailable: " + " ".join(str(e).split())[:200])]
    count = {k: sum(e[1] == k for e in one) for k in ("kernel", "memset", "memcpy")}
    names = sorted({e[0] for e in one})
    return kernel, [
        (f"kernel_time.{name}",
         f"CUPTI activity records of {a.reps} replays, each after the L2 flush: {count['kernel']} "
         f"kernels, {count['memset']} memsets and {count['memcpy']} copies per replay of {n} calls"
         + (f"; not split: {why}" if kernel is None else "")),
        (f"kernels.{name}", ";".join(x.replace(",", " ")[:120] for x in names)[:1000])]


def write_samples(prog, tool, out, meta, rows):
    """The sample file through `samples write` (the one writer of the format): the header lines
    of meta, the columns, the rows; atomically to out (None: stdout). Exit 2 when it fails."""
    cmd = [tool, "write", "--columns", COLUMNS] + (["--out", out] if out else [])
    for k, v in meta:
        cmd += ["--meta", f"{k}={' '.join(str(v).splitlines())}"]
    try:
        p = subprocess.run(cmd, input="".join(x + "\n" for x in rows), text=True)
    except OSError as e:
        die(prog, EXIT_USAGE, f"{tool}: cannot run: {e.strerror} (make {os.path.relpath(tool)})")
    if p.returncode != 0:
        die(prog, EXIT_USAGE, f"{out or 'stdout'}: not written ({tool} write exited {p.returncode})")


def main(spec, argv):
    """A runner's main: spec is its module (see kernels/gemm/problem/matmul_bench.py)."""
    a = parse_args(spec, argv)
    try:
        import torch
    except Exception as e:
        die(spec.PROG, EXIT_NO_TORCH, f"torch is not available ({e}); baseline "
                                      f"{getattr(a, 'label', spec.PROG)} cannot be measured here")
    if a.versions:
        print(spec.versions(torch))
        return 0
    try:  # what the runner needs of torch beyond torch itself (e.g. torch.nn.attention)
        getattr(spec, "require", lambda torch: None)(torch)
    except Exception as e:
        die(spec.PROG, EXIT_NO_TORCH, f"{e}; baseline {a.label} cannot be measured here")
    if not torch.cuda.is_available():
        die(spec.PROG, EXIT_NO_TORCH, f"torch {torch.__version__} sees no CUDA device; "
                                      f"baseline {a.label} cannot be measured here")
    from libbench_clock import CLOCK_SOURCE, Nvml
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
        ("clock_sm_max_mhz", nvml.sm_clock_max()),
        ("clock_source", CLOCK_SOURCE if nvml.sm_clock() else "unavailable"),
        ("clock_target_mhz", nvml.sm_clock_target() or "unavailable"),
        ("power_limit_w", nvml.power_limit_w()), ("temp_start_c", nvml.temp()),
        ("date", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())),
        ("seed", str(a.seed)), ("l2_flush", a.l2), ("reps", str(a.reps)),
        ("warmup", str(a.warmup)), ("graph_calls", str(a.graph_calls)), ("backend", a.backend),
        ("timing", f"time_us = cuda graph of {a.graph_calls} calls, events around one replay, "
                   f"/ {a.graph_calls}; python_call_us = {a.graph_calls} back-to-back python "
                   f"calls, host clock, / {a.graph_calls}; kernel_us = the kernels' GPU time in "
                   f"a replay (CUPTI), / {a.graph_calls}"),
    ] + spec.head(torch, a.backend)
    keys = {k for k, _ in head}
    for k, _ in a.meta:
        if k in keys:
            die(spec.PROG, EXIT_USAGE, f"--meta: key '{k}' is written by {spec.PROG} itself")
    if "variant" not in {k for k, _ in a.meta}:
        head.insert(0, ("variant", a.backend))
    timed, meta, failed = [], [], False  # timed: (name, params, samples) of each shape timed
    try:
        for i, (name, params) in enumerate(a.shapes):
            with spec.context(torch, a.backend)():
                with warnings.catch_warnings(record=True) as warns:
                    warnings.simplefilter("always")
                    try:
                        call, check = spec.prepare(torch, a.backend, params, a.seed)
                        out = call()
                        torch.cuda.synchronize()
                        why = None
                    except (RuntimeError, ValueError) as e:  # the library cannot run the shape
                        why = cannot_run_why(e, warns)
                if why is None:
                    ok, text = check(out)
                    del out
                else:
                    meta.append((f"unsupported.{name}", why))
                    print(f"{spec.PROG}: {a.label}: {name}: cannot run: {why}", file=sys.stderr)
                    continue
                meta.append((f"numerics.{name}", text + (" pass" if ok else " fail")))
                for k, v in getattr(spec, "shape_meta", lambda *x: [])(torch, a.backend, params, a.seed):
                    meta.append((f"{k}.{name}", v))
                if not ok:
                    failed = True
                    print(f"{spec.PROG}: {a.label}: {name}: numerics failed: {text}", file=sys.stderr)
                    continue
                t, m = time_shape(torch, call, a, nvml, name, flush)
                meta += m
                del call
            if t is None:
                print(f"{spec.PROG}: {a.label}: {name}: cannot run: {m[-1][1]}", file=sys.stderr)
                continue
            timed.append((name, params, t))
            print(f"{spec.PROG}: [{i + 1}/{len(a.shapes)}] {a.label} {name} {len(t)} samples, min "
                  f"{min(x[0] for x in t):.3f} us", file=sys.stderr)
        rows = []
        for name, params, t in timed:
            with spec.context(torch, a.backend)():
                call, _ = spec.prepare(torch, a.backend, params, a.seed)
                kernel, m = kernel_pass(torch, call, a, name, flush)
                del call
            meta += m
            n = a.graph_calls
            rows += [f"{name},{r},{g:.3f},{c},{p:.3f},{'' if kernel is None else f'{kernel[r] / n:.3f}'}"
                     for r, (g, c, p) in enumerate(t)]
    except RuntimeError as e:  # CUDA errors outside a shape's first call (torch raises these)
        die(spec.PROG, EXIT_CUDA, f"{a.label}: {' '.join(str(e).split())}")
    # a runner's per-shape keys summed up in the header: every value its shapes gave, '+'-joined
    for k in getattr(spec, "SHAPE_META_KEYS", ()):
        vals = sorted({v for mk, v in meta if mk.startswith(k + ".")})
        head.append((k, "+".join(vals) if vals else "none"))
    head.append(("temp_end_c", nvml.temp()))
    write_samples(spec.PROG, a.samples_bin, a.out, a.meta + head + meta, rows)
    return EXIT_NUMERICS if failed else 0
