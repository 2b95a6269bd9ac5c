#!/usr/bin/env bash
# gpu_check.sh — exit 0 when an NVIDIA GPU and driver are usable here; otherwise say what to do.
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then exit 0; fi
[ -e /proc/driver/nvidia/version ] && ls /dev/nvidia[0-9]* >/dev/null 2>&1 && exit 0
cat >&2 <<'MSG'
make: no NVIDIA GPU or driver on this machine: this target measures on a GPU and was stopped
before changing anything. To rebuild the appendix from the published data in data/, run:
    make report
MSG
exit 2
