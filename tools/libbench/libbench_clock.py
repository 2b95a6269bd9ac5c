"""libbench_clock -- the SM clock through NVML (pynvml), read and waited for as the harness does
(kernels/harness/bench_nvml.h, bench_timing.cu): both sides of a comparison read and wait alike.
Used by libbench.py."""
import os
import time

# the wait for the clock before a shape's first timed replay: back to CLOCK_BACK of the target,
# at most CLOCK_WAIT_MS (CLOCK_WAIT_AFTER_MISS_MS once a wait has missed), in spins of CLOCK_SPIN_US
CLOCK_SOURCE = "nvml sm clock after each sample"
CLOCK_BACK, CLOCK_WAIT_MS, CLOCK_WAIT_AFTER_MISS_MS, CLOCK_SPIN_US = 0.98, 1000, 100, 200


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

    def sm_clock_max(self):
        return self._q(lambda h: self.nv.nvmlDeviceGetMaxClockInfo(h, self.nv.NVML_CLOCK_SM))

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
