# SPDX-License-Identifier: Apache-2.0
"""Measure your own PyTorch program phase by phase, with the protocol IteraGPU Lab uses for its own runs.

    from iteragpu_probe import Probe
    probe = Probe("run.json")              # refuses an existing file (exit code 3)
    with probe.phase("model_load"): model = build()
    with probe.phase("prefill", batch=4, tokens=2048): out = model(x)
    probe.close()                          # writes run.json whole (temporary file + rename)

Each phase follows the six steps of the protocol on the chosen device: synchronize and read the baseline
(memory_allocated, memory_reserved, mem_get_info), reset the peak statistics, run the block, synchronize, read
max_memory_allocated / max_memory_reserved, the finals and mem_get_info again, and record success or the error.
An out-of-memory error (torch.cuda.OutOfMemoryError) is a result: the phase is kept as failed and out of memory,
the error is not raised further and the program goes on, so the file is still written. Any other exception is
recorded the same way and raised again. A sampler thread reads memory_stats() between the phase boundaries at a
clamped rate (10 to 10 000 readings a second, the range of IteraGPU's own sampler).

The file is an "iteragpu.measure/2" result whose workload is the script ("workload": {"kind": "script",
"measured_by": "iteragpu_probe ..."}): `iteragpu explain`, the workbench's views, the ledger and the decision
sheet read it. Without PyTorch or without a GPU the probe writes nothing and the program exits with code 2.

When the environment names ITERAGPU_PROBE_SOCKET (the workbench's File > Run a PyTorch script... does), the probe
also streams its events there as JSON lines, the shape of `iteragpu measure --stream`; Probe(stream=f) streams
to any text file object instead. Only the standard library and torch are used.
"""

import atexit
import datetime
import json
import math
import os
import platform
import random
import socket
import sys
import threading
import time

__all__ = ["Probe", "PhaseFailed", "SCHEMA", "VERSION"]

VERSION = "1.0"
SCHEMA = "iteragpu.measure/2"

# The bounds of IteraGPU's sampler (core/protocol/runtypes.h: kMinSamplingHz, kMaxSamplingHz, clampSamplingHz).
MIN_SAMPLING_HZ = 10.0
MAX_SAMPLING_HZ = 10000.0
# memory_stats() builds a dictionary of some hundred entries under the GIL: a tenth of the native default rate
# keeps the sampler's share of a Python training loop small while a phase of a second still gets 100 readings.
DEFAULT_SAMPLING_HZ = 100.0
DEFAULT_MAX_SAMPLES_PER_PHASE = 2048  # per phase record, like the native runner (kDefaultMaxSamplesPerPhase)
STREAM_INTERVAL_S = 0.033  # at most ~30 deliveries a second, like the workbench's own runs

EXIT_NO_DEVICE = 2  # PyTorch or the GPU is missing; nothing is written (the seeds' rule, and `iteragpu measure`)
EXIT_OUTPUT_EXISTS = 3  # the output file exists; it is left untouched (`iteragpu measure`'s code)

SOCKET_ENV = "ITERAGPU_PROBE_SOCKET"


def clamp_sampling_hz(hz):
    """The rate the sampler really uses: NaN gives the default; values outside [10, 10000] land on the bound."""
    try:
        hz = float(hz)
    except (TypeError, ValueError):
        return DEFAULT_SAMPLING_HZ
    if math.isnan(hz):
        return DEFAULT_SAMPLING_HZ
    return min(max(hz, MIN_SAMPLING_HZ), MAX_SAMPLING_HZ)


class PhaseFailed(Exception):
    """Raised by phase() when the phase could not even start (the device's counters could not be read)."""


def _fail(code, message):
    sys.stderr.write("iteragpu_probe: " + message + "\n")
    sys.stderr.flush()
    raise SystemExit(code)


def _utc_now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class _PeakBuckets:
    """Peak-keeping decimation of a phase's readings (core/sampler/peakdecimator.h, Note [Peak-keeping
    decimation]): a fixed budget of buckets, each keeping the maximum of each counter; when the budget is full
    neighbouring buckets merge pairwise and each new bucket covers twice as many readings."""

    def __init__(self, budget):
        self.budget = max(2, int(budget) // 2 * 2)
        self.buckets = []  # [t, allocated, reserved, device or None, count]
        self.width = 1
        self.readings = 0

    def add(self, t, allocated, reserved, device):
        self.readings += 1
        if self.buckets and self.buckets[-1][4] < self.width:
            b = self.buckets[-1]
            b[1] = max(b[1], allocated)
            b[2] = max(b[2], reserved)
            if device is not None:
                b[3] = device if b[3] is None else max(b[3], device)
            b[4] += 1
            return
        if len(self.buckets) == self.budget:
            merged = []
            for i in range(0, len(self.buckets), 2):
                a, b = self.buckets[i], self.buckets[i + 1]
                dev = [d for d in (a[3], b[3]) if d is not None]
                merged.append([a[0], max(a[1], b[1]), max(a[2], b[2]), max(dev) if dev else None, a[4] + b[4]])
            self.buckets = merged
            self.width *= 2
        self.buckets.append([t, allocated, reserved, device, 1])

    def to_json(self):
        return {
            "count": len(self.buckets),
            "thinned": self.readings - len(self.buckets),
            "t": [b[0] for b in self.buckets],
            "allocated": [b[1] for b in self.buckets],
            "reserved": [b[2] for b in self.buckets],
            "device_used": [b[3] for b in self.buckets],
        }


class _Stream:
    """JSON lines to the workbench's socket or to a text file object; a broken connection stops the streaming,
    never the program."""

    def __init__(self, target):
        self._lock = threading.Lock()
        self._socket = None
        self._file = None
        if isinstance(target, str):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(target)
            self._socket = s
        else:
            self._file = target

    def send(self, event):
        line = json.dumps(event, separators=(",", ":"), allow_nan=False) + "\n"
        with self._lock:
            try:
                if self._socket is not None:
                    self._socket.sendall(line.encode("utf-8"))
                elif self._file is not None:
                    self._file.write(line)
                    self._file.flush()
            except (OSError, ValueError) as e:
                sys.stderr.write("iteragpu_probe: the event stream is closed (%s); measuring goes on\n" % e)
                self._socket = None
                self._file = None

    def close(self):
        with self._lock:
            if self._socket is not None:
                try:
                    self._socket.close()
                except OSError:
                    pass
            self._socket = None
            self._file = None


class _Phase:
    """The context manager of one phase: the protocol's six steps around the with-block."""

    def __init__(self, probe, name, inputs, dimensions):
        self._probe = probe
        self._name = name
        self._inputs = inputs
        self._dimensions = dimensions
        self.record = None

    def __enter__(self):
        self.record = self._probe._begin_phase(self._name, self._inputs, self._dimensions)
        return self.record

    def __exit__(self, exc_type, exc, tb):
        return self._probe._end_phase(self.record, exc_type, exc)


class Probe:
    """One measured run of the program that creates it. See the module's documentation."""

    def __init__(self, path=None, stream=None, device=None, mode="inference", sampling_hz=DEFAULT_SAMPLING_HZ,
                 max_samples_per_phase=DEFAULT_MAX_SAMPLES_PER_PHASE):
        if mode not in ("inference", "training"):
            raise ValueError("mode must be 'inference' or 'training', not %r" % (mode,))
        self._path = os.fspath(path) if path is not None else None
        if self._path is not None and os.path.lexists(self._path):
            _fail(EXIT_OUTPUT_EXISTS, "the output file %s exists; it is left untouched (choose another path)"
                  % self._path)
        try:
            import torch  # noqa: F401 (the probe needs PyTorch, and only it)
        except ImportError as e:
            _fail(EXIT_NO_DEVICE, "PyTorch is not installed (%s); nothing was measured, nothing written" % e)
        self._torch = torch
        if not torch.cuda.is_available():
            _fail(EXIT_NO_DEVICE, "no GPU is available to PyTorch (torch.cuda.is_available() is False); nothing "
                  "was measured, nothing written (a CPU run is never a GPU measurement)")
        self._hip = bool(getattr(torch.version, "hip", None))
        if device is None:
            index = torch.cuda.current_device()
        elif isinstance(device, int):
            index = device
        else:
            text = str(device)
            head, _, tail = text.partition(":")
            if head not in ("cuda", "hip") or not tail.isdigit():
                raise ValueError("device must be an index or 'cuda:N', not %r" % (device,))
            index = int(tail)
        if index < 0 or index >= torch.cuda.device_count():
            _fail(EXIT_NO_DEVICE, "device %d does not exist (PyTorch sees %d)" % (index, torch.cuda.device_count()))
        self._index = index
        self._device = torch.device("cuda", index)
        self._mode = mode
        self._sampling_hz = clamp_sampling_hz(sampling_hz)
        self._max_samples = int(max_samples_per_phase)
        if self._max_samples < 2 or self._max_samples > 1000000:
            raise ValueError("max_samples_per_phase must be between 2 and 1000000")
        self._run_id = random.getrandbits(62) + 1
        self._started = time.monotonic()
        self._started_utc = _utc_now()
        self._phases = []
        self._names = {}
        self._current = None
        self._closed = False
        self._cancelled = False
        self._lock = threading.Lock()
        self._pending_samples = []
        self._current_buckets = None
        self._last_device_used = None
        self._environment = self._read_environment()
        self._stream = None
        target = stream
        if target is None and os.environ.get(SOCKET_ENV):
            target = os.environ[SOCKET_ENV]
        if target is not None:
            try:
                self._stream = _Stream(target)
            except OSError as e:
                sys.stderr.write("iteragpu_probe: cannot reach %s (%s); measuring without streaming\n" % (target, e))
        if self._stream is not None:
            # The run's header (configuration, workload, environment): the result so far, without phases.
            self._stream.send({"event": "run_started", "run_id": self._run_id, "simulated": False,
                               "result": self.result()})
        self._stop = threading.Event()
        self._sampler = threading.Thread(target=self._sample_loop, name="iteragpu_probe sampler", daemon=True)
        self._sampler.start()
        # The file is written when the program ends without close() (an exception, Ctrl+C, sys.exit).
        atexit.register(self._close_at_exit)

    # The public interface ----------------------------------------------------------------------------------------

    @property
    def run_id(self):
        return self._run_id

    @property
    def phases(self):
        """The phase records so far (dictionaries in the result file's shape)."""
        return list(self._phases)

    @property
    def out_of_memory(self):
        """True when a phase so far ran out of memory."""
        return any(p["out_of_memory"] for p in self._phases)

    def phase(self, name, inputs="", **dimensions):
        """A with-block measured as one phase. inputs: the tensors it works on, in words; dimensions: counts
        that describe it (batch=4, tokens=2048), non-negative integers."""
        if self._closed:
            raise RuntimeError("the probe is closed")
        if not isinstance(name, str) or not name:
            raise ValueError("a phase needs a name")
        for key, value in dimensions.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value >= 2 ** 64:
                raise ValueError("dimension %s must be a non-negative integer, not %r" % (key, value))
        if self._current is not None:
            raise RuntimeError("phase %r is still open: phases do not nest" % self._current["name"])
        return _Phase(self, name, str(inputs), dict(dimensions))

    def close(self):
        """Ends the run: stops the sampler, writes the file (when a path was given) and the stream's last event.
        Returns the path written, or None without a path. Calling it again does nothing."""
        if self._closed:
            return self._path
        self._closed = True
        self._stop.set()
        if self._sampler.is_alive() and self._sampler is not threading.current_thread():
            self._sampler.join(timeout=2.0)
        self._flush_samples()
        document = self.result()
        error = None
        if self._path is not None:
            error = _write_whole(self._path, document)
        if self._stream is not None:
            self._stream.send({"event": "run_finished", "run_id": self._run_id, "simulated": False,
                               "completed": document["completed"], "cancelled": document["cancelled"],
                               "error": document["error"], "result": document})
            self._stream.close()
        if error is not None:
            sys.stderr.write("iteragpu_probe: " + error + "\n")
            raise OSError(error)
        return self._path

    def result(self):
        """The run as the result file holds it (a dictionary in the iteragpu.measure/2 schema)."""
        phases = [dict(p) for p in self._phases]
        completed = bool(phases) and all(p["status"] == "ok" for p in phases) and not self._cancelled
        return {
            "schema": SCHEMA,
            "simulated": False,
            "note": "measured from inside the program by iteragpu_probe %s with PyTorch's counters" % VERSION,
            "identity": {"run_id": self._run_id, "app_version": "iteragpu_probe " + VERSION, "commit": "",
                         "seed": 0, "started_at_utc": self._started_utc},
            "config": self._config_json(),
            "workload": self._workload_json(),
            "dimensions": {},
            "environment": self._environment,
            "warmup_policy": "the program's own (the probe measures the phases it is given; it does not warm up)",
            "empty_cache_policy": "the program's own (the probe never calls torch.cuda.empty_cache)",
            "trial_order": [_label(p) for p in phases],
            "completed": completed,
            "cancelled": self._cancelled,
            "device_missing": False,
            "error": None if completed or not phases else _run_error(phases, self._cancelled),
            "wall_seconds": time.monotonic() - self._started,
            "phases": phases,
            "trace": {"dropped": 0, "events": []},
        }

    # The protocol --------------------------------------------------------------------------------------------------

    def _begin_phase(self, name, inputs, dimensions):
        torch = self._torch
        count = self._names.get(name, 0)
        self._names[name] = count + 1
        record = {
            "index": len(self._phases), "name": name, "repeat": count if count > 0 else None,
            "status": "not_run", "inputs": inputs, "dimensions": dimensions,
            "baseline": {"allocated": None, "reserved": None}, "peak": {"allocated": None, "reserved": None},
            "final": {"allocated": None, "reserved": None},
            "device_level": {"before": _no_level(), "after": _no_level()},
            "predicted_peak_allocated": None, "error": None, "out_of_memory": None,
            "start_seconds": None, "end_seconds": None, "duration_seconds": None, "modelled_seconds": None,
            "owners": None, "peak_moment": None, "largest_free_block_at_end": None,
            "samples": _PeakBuckets(self._max_samples).to_json(),
        }
        # 1. The phase is named with its inputs.
        self._send_phase("phase_started", record)
        try:
            # 2. Everything queued before has finished; the baseline.
            torch.cuda.synchronize(self._device)
            record["baseline"] = {"allocated": int(torch.cuda.memory_allocated(self._device)),
                                  "reserved": int(torch.cuda.memory_reserved(self._device))}
            record["device_level"]["before"] = self._device_level()
            # 3. The peaks start again from the current values.
            torch.cuda.reset_peak_memory_stats(self._device)
        except Exception as e:  # the device is gone or broken: the phase cannot start
            record["status"] = "failed"
            record["error"] = "%s: %s" % (type(e).__name__, e)
            record["out_of_memory"] = _is_oom(torch, e)
            self._phases.append(record)
            self._send_phase("phase_finished", record)
            raise PhaseFailed(record["error"]) from e
        self._last_device_used = record["device_level"]["before"]["used"]
        buckets = _PeakBuckets(self._max_samples)
        with self._lock:
            self._current = record
            self._current_buckets = buckets
        record["start_seconds"] = time.monotonic() - self._started
        # 4. The block runs (the with-statement's body).
        return record

    def _end_phase(self, record, exc_type, exc):
        torch = self._torch
        # 5. The phase's work has finished: peaks, finals, the device-level reading, success or the error.
        end_error = None
        try:
            torch.cuda.synchronize(self._device)
        except Exception as e:  # an asynchronous error of the phase surfaces here
            end_error = e
        end = time.monotonic() - self._started
        record["peak"] = {"allocated": _read(torch.cuda.max_memory_allocated, self._device),
                          "reserved": _read(torch.cuda.max_memory_reserved, self._device)}
        record["final"] = {"allocated": _read(torch.cuda.memory_allocated, self._device),
                           "reserved": _read(torch.cuda.memory_reserved, self._device)}
        record["device_level"]["after"] = self._device_level()
        record["end_seconds"] = end
        record["duration_seconds"] = end - record["start_seconds"]
        with self._lock:
            self._current = None
            buckets = self._current_buckets
            self._current_buckets = None
        self._add_reading(buckets, record["index"], end, final=True)  # the last values belong to the phase
        self._flush_samples()
        with self._lock:
            record["samples"] = buckets.to_json()
        failure = exc if exc is not None else end_error
        suppress = False
        if failure is None:
            record["status"] = "ok"
            record["out_of_memory"] = False
        else:
            record["status"] = "failed"
            record["out_of_memory"] = _is_oom(torch, failure)
            record["error"] = ("%s: %s" % (type(failure).__name__, failure)).strip()
            if isinstance(failure, KeyboardInterrupt):
                record["error"] = "interrupted (KeyboardInterrupt): the program was stopped during this phase"
                self._cancelled = True
            # An out-of-memory phase is a result: the program goes on (the seeds' protocol).
            suppress = exc is not None and record["out_of_memory"]
        # 6. The raw bytes are kept.
        self._phases.append(record)
        self._last_device_used = record["device_level"]["after"]["used"]
        self._send_phase("phase_finished", record)
        if end_error is not None and exc is None:
            raise end_error
        return suppress

    def _device_level(self):
        level = _no_level()
        try:
            free, total = self._torch.cuda.mem_get_info(self._device)
            level["free"], level["total"] = int(free), int(total)
            level["used"] = int(total) - int(free)
        except Exception:
            pass  # not read: null, never 0
        return level

    def _sample_loop(self):
        interval = 1.0 / self._sampling_hz
        last_send = time.monotonic()
        next_reading = time.monotonic()
        while not self._stop.is_set():
            with self._lock:
                record, buckets = self._current, self._current_buckets
            index = record["index"] if record is not None else -1
            self._add_reading(buckets, index, time.monotonic() - self._started)
            now = time.monotonic()
            if now - last_send >= STREAM_INTERVAL_S:
                self._flush_samples()
                last_send = now
            next_reading += interval
            delay = next_reading - time.monotonic()
            if delay < 0:  # late (the GIL was busy): no burst to catch up
                next_reading = time.monotonic()
                delay = 0
            self._stop.wait(delay)

    def _add_reading(self, buckets, index, t, final=False):
        try:
            stats = self._torch.cuda.memory_stats(self._device)
            allocated = int(stats["allocated_bytes.all.current"])
            reserved = int(stats["reserved_bytes.all.current"])
        except Exception:
            return  # no reading this time (an empty dictionary before the first allocation, too)
        used = self._last_device_used
        with self._lock:
            # The sampler's reading of a phase that has just ended stays out of its record (and so does the
            # phase index: it is a reading between phases).
            if buckets is not None and not final and buckets is not self._current_buckets:
                buckets, index = None, -1
            if buckets is not None:
                buckets.add(t, allocated, reserved, used)
            if self._stream is not None:
                self._pending_samples.append({"t": t, "allocated": allocated, "reserved": reserved,
                                              "device_used": used, "phase": index})

    def _flush_samples(self):
        if self._stream is None:
            return
        with self._lock:
            batch, self._pending_samples = self._pending_samples, []
        if batch:
            self._stream.send({"event": "samples", "run_id": self._run_id, "simulated": False, "samples": batch})

    def _send_phase(self, event, record):
        if self._stream is None:
            return
        self._flush_samples()
        phase = {k: v for k, v in record.items() if k != "samples"}
        self._stream.send({"event": event, "run_id": self._run_id, "simulated": False, "phase": phase})

    def _close_at_exit(self):
        if self._closed:
            return
        if self._current is not None:  # the program ended inside a phase
            self._cancelled = True
        try:
            self.close()
        except OSError:
            pass  # already said on stderr

    # What the file says about the run ------------------------------------------------------------------------

    def _config_json(self):
        return {
            "device": "%s:%d" % ("hip" if self._hip else "cuda", self._index), "mode": self._mode,
            "batch": None, "context": None, "width": None, "dtype": None, "warmup": None, "repeats": None,
            "allocator": self._environment["allocator"]["backend"], "empty_cache_between_repeats": False,
            "sampling_hz": self._sampling_hz, "sim_capacity_bytes": None, "sim_context_bytes": None,
            "sim_workspace_bytes": None, "max_samples_per_phase": self._max_samples, "workload": "script",
            "sim_card": None, "sim_speed": 1.0,
        }

    def _workload_json(self):
        script = sys.argv[0] if sys.argv and sys.argv[0] not in ("", "-c", "-") else None
        return {"kind": "script", "script": script, "arguments": [str(a) for a in sys.argv[1:]],
                "measured_by": "iteragpu_probe %s (PyTorch %s)" % (VERSION, self._torch.__version__)}

    def _read_environment(self):
        torch = self._torch
        props = torch.cuda.get_device_properties(self._index)
        if self._hip:
            arch = str(getattr(props, "gcnArchName", "") or "")
            runtime_version = "HIP " + str(torch.version.hip)
            backend = "hip"
            conf_name = "PYTORCH_HIP_ALLOC_CONF"
        else:
            arch = "sm_%d%d" % (props.major, props.minor)
            runtime_version = "CUDA " + str(torch.version.cuda)
            backend = "cuda"
            conf_name = "PYTORCH_CUDA_ALLOC_CONF"
        try:
            allocator = torch.cuda.get_allocator_backend()
        except Exception:
            allocator = "native"
        # "cudaMallocAsync": the driver's stream-ordered pool, IteraGPU's "async"; anything else is the caching one.
        allocator = "async" if "Async" in str(allocator) else "native"
        settings = []
        for name in ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF", "PYTORCH_ALLOC_CONF"):
            if os.environ.get(name) is not None:
                settings.append("%s=%s" % (name, os.environ[name]))
        if not settings:
            settings.append("%s not set (PyTorch's defaults)" % conf_name)
        return {
            "backend": backend,
            "runtime": "PyTorch %s, %s, measured by iteragpu_probe %s" % (torch.__version__, runtime_version,
                                                                        VERSION),
            "device": {"id": "%s:%d" % (backend, self._index), "index": self._index, "name": str(props.name),
                       "total_bytes": int(props.total_memory), "arch": arch, "driver_version": "",
                       "runtime_version": runtime_version,
                       "multiprocessors": int(getattr(props, "multi_processor_count", 0)), "simulated": False},
            "allocator": {"backend": allocator, "settings": "; ".join(settings)},
            "os": platform.platform(),
            "compiler": "Python %s" % platform.python_version(),
            "app_version": "iteragpu_probe " + VERSION,
            "commit": "",
            "simulated": False,
        }


def _no_level():
    return {"free": None, "total": None, "used": None, "process_used": None, "process_used_source": None}


def _read(function, device):
    try:
        return int(function(device))
    except Exception:
        return None  # a missing reading is null, never 0


def _is_oom(torch, error):
    oom = getattr(torch.cuda, "OutOfMemoryError", None)
    return bool(oom is not None and isinstance(error, oom))


def _label(phase):
    return phase["name"] if phase["repeat"] is None else "%s#%d" % (phase["name"], phase["repeat"])


def _run_error(phases, cancelled):
    if cancelled:
        return "the program was stopped; the phases measured until then are kept"
    for p in phases:
        if p["status"] == "failed":
            return "phase %s failed: %s" % (_label(p), p["error"])
    return None


def _write_whole(path, document):
    """Writes the document into a temporary file beside path, flushes it, then links it to path: an existing
    file is never replaced, and a reader never sees half a file. Returns None, or the reason in one line."""
    try:
        text = json.dumps(document, indent=1, allow_nan=False) + "\n"
    except ValueError as e:
        return "cannot encode the result: %s" % e
    folder = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(folder, ".%s.tmp-%d-%d" % (os.path.basename(path), os.getpid(), random.getrandbits(32)))
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as e:
        return "cannot create a temporary file in %s: %s" % (folder, e.strerror)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except OSError as e:
        _unlink(tmp)
        return "cannot write %s: %s" % (path, e.strerror)
    try:
        os.link(tmp, path)  # never replaces a file that appeared meanwhile
    except FileExistsError:
        _unlink(tmp)
        return "the output file %s exists; it is left untouched (choose another path)" % path
    except OSError:
        # A file system without hard links: rename, after checking once more.
        if os.path.lexists(path):
            _unlink(tmp)
            return "the output file %s exists; it is left untouched (choose another path)" % path
        try:
            os.rename(tmp, path)
            return None
        except OSError as e:
            _unlink(tmp)
            return "cannot create %s: %s" % (path, e.strerror)
    _unlink(tmp)
    return None


def _unlink(path):
    try:
        os.unlink(path)
    except OSError:
        pass
