"""libbench_ktime -- the kernel-only time of a library call: CUPTI's activity records (through the
PyTorch profiler) of replays of a CUDA graph, split into replays; a replay's kernel time is the time
during which at least one of its kernels ran (the union of their intervals: the summed durations
where kernels follow one another, a stretch two kernels cover at once -- a programmatic dependent
launch waiting under the kernel before it -- counted once), memsets and copies left out. The bench
harness's C reading of its own records (bench_ktime_split.h) counts the same way. Used by
libbench.py."""


def split_replays(events, replays, skip_names):
    """The kernel time of each replay from profiler device events in start order.

    events: (name, kind, start_us, end_us) with kind 'kernel', 'memset' or 'memcpy'; each replay is
    preceded by the L2 flush, whose kernels are named in skip_names (the flush alone, profiled
    before). Returns (per-replay kernel microseconds, None) or (None, why) when the events do not
    split into `replays` equal groups each opening with the flush's kernels."""
    if replays <= 0:
        return None, "no replays"
    if len(events) % replays:
        return None, f"{len(events)} device events do not split into {replays} replays"
    per = len(events) // replays
    nskip = len(skip_names)
    out = []
    for r in range(replays):
        group = events[r * per:(r + 1) * per]
        if [e[0] for e in group[:nskip]] != list(skip_names):
            return None, f"replay {r + 1} does not open with the L2 flush's kernels"
        body = group[nskip:]
        spans = sorted((b, e) for _, kind, b, e in body if kind == "kernel")
        if not spans:
            return None, f"replay {r + 1} holds no kernel"
        out.append(union_length(spans))
    return out, None


def union_length(spans):
    """The length of the union of (start, end) intervals sorted by start."""
    total, covered = 0.0, None
    for b, e in spans:
        if covered is None or b > covered:
            covered = b
        if e > covered:
            total += e - covered
            covered = e
    return total


def event_kind(name):
    n = name.lower()
    return "memset" if n.startswith("memset") else "memcpy" if n.startswith("memcpy") else "kernel"


def device_events(torch, fn):
    """(name, kind, start_us, end_us) of the device activity fn() causes, in start order."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    evs = [e for e in prof.events()
           if getattr(e, "device_type", None) is not None and "CUDA" in str(e.device_type)]
    evs.sort(key=lambda e: e.time_range.start)
    return [(e.name, event_kind(e.name), float(e.time_range.start), float(e.time_range.end)) for e in evs]
