"""libbench_ktime -- the kernel-only time of a library call: CUPTI's activity records (through the
PyTorch profiler) of replays of a CUDA graph, split into replays and summed over their kernels
(memsets and copies left out). Used by libbench.py."""


def split_replays(events, replays, skip_names):
    """The kernel time of each replay from profiler device events in start order.

    events: (name, kind, duration_us) with kind 'kernel', 'memset' or 'memcpy'; each replay is
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
        if not any(kind == "kernel" for _, kind, _ in body):
            return None, f"replay {r + 1} holds no kernel"
        out.append(sum(d for _, kind, d in body if kind == "kernel"))
    return out, None


def event_kind(name):
    n = name.lower()
    return "memset" if n.startswith("memset") else "memcpy" if n.startswith("memcpy") else "kernel"


def device_events(torch, fn):
    """(name, kind, duration_us) of the device activity fn() causes, in start order."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    evs = [e for e in prof.events()
           if getattr(e, "device_type", None) is not None and "CUDA" in str(e.device_type)]
    evs.sort(key=lambda e: e.time_range.start)
    return [(e.name, event_kind(e.name), float(e.time_range.end - e.time_range.start)) for e in evs]
