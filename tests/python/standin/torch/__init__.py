# SPDX-License-Identifier: Apache-2.0
"""A STAND-IN for PyTorch, for the tests of python/iteragpu_probe only: it is not PyTorch and measures nothing.

It mimics the few torch.cuda calls the probe makes, with counters that follow the caching allocator's rules
closely enough to test the probe's bookkeeping: allocations are rounded up to 512 bytes, reserved memory grows
in 2 MiB segments and is kept until empty_cache(), peaks are max(current, peak) and reset to the current value.
Test programs allocate with torch.cuda.standin_alloc(nbytes) (the block is freed when the object is dropped).

Environment: ITERAGPU_STANDIN_GPU=0 makes torch.cuda.is_available() False; ITERAGPU_STANDIN_CAPACITY sets the
device's bytes (default 1 GiB), beyond which an allocation raises torch.cuda.OutOfMemoryError.
"""

import os
import threading

__version__ = "0.0+standin"
STANDIN = True  # what the probe's tests check before trusting a file written against this module


class _Version:
    cuda = "0.0-standin"
    hip = None
    git_version = "standin"


version = _Version()


class device:
    def __init__(self, kind, index=None):
        self.type = kind
        self.index = index

    def __repr__(self):
        return "device(type=%r, index=%r)" % (self.type, self.index)


class cuda:  # a class standing for the module torch.cuda
    class OutOfMemoryError(RuntimeError):
        pass

    _lock = threading.Lock()
    _MIN_BLOCK = 512  # bytes
    _SEGMENT = 2 * 1024 * 1024  # bytes
    _CONTEXT = 300 * 1024 * 1024  # bytes outside the allocator, as a CUDA context takes
    _allocated = 0
    _reserved = 0
    _free_in_segments = 0
    _peak_allocated = 0
    _peak_reserved = 0
    _synchronized = 0

    @staticmethod
    def _capacity():
        return int(os.environ.get("ITERAGPU_STANDIN_CAPACITY", str(1024 ** 3)))

    @staticmethod
    def is_available():
        return os.environ.get("ITERAGPU_STANDIN_GPU", "1") != "0"

    @staticmethod
    def device_count():
        return 1 if cuda.is_available() else 0

    @staticmethod
    def current_device():
        return 0

    @staticmethod
    def synchronize(dev=None):
        cuda._synchronized += 1

    @staticmethod
    def memory_allocated(dev=None):
        return cuda._allocated

    @staticmethod
    def memory_reserved(dev=None):
        return cuda._reserved

    @staticmethod
    def max_memory_allocated(dev=None):
        return cuda._peak_allocated

    @staticmethod
    def max_memory_reserved(dev=None):
        return cuda._peak_reserved

    @staticmethod
    def reset_peak_memory_stats(dev=None):
        with cuda._lock:
            cuda._peak_allocated = cuda._allocated
            cuda._peak_reserved = cuda._reserved

    @staticmethod
    def memory_stats(dev=None):
        with cuda._lock:
            return {"allocated_bytes.all.current": cuda._allocated, "allocated_bytes.all.peak": cuda._peak_allocated,
                    "reserved_bytes.all.current": cuda._reserved, "reserved_bytes.all.peak": cuda._peak_reserved}

    @staticmethod
    def mem_get_info(dev=None):
        total = cuda._capacity()
        return max(0, total - cuda._CONTEXT - cuda._reserved), total

    @staticmethod
    def empty_cache():
        with cuda._lock:
            cuda._reserved -= cuda._free_in_segments // cuda._SEGMENT * cuda._SEGMENT
            cuda._free_in_segments %= cuda._SEGMENT

    class _Props:
        name = "Stand-in device (not a GPU)"
        major = 0
        minor = 0
        multi_processor_count = 1

        def __init__(self, total):
            self.total_memory = total

    @staticmethod
    def get_device_properties(dev=None):
        return cuda._Props(cuda._capacity())

    @staticmethod
    def get_allocator_backend():
        return "native"

    class _Block:
        def __init__(self, nbytes):
            self.nbytes = nbytes

        def __del__(self):
            with cuda._lock:
                cuda._allocated -= self.nbytes
                cuda._free_in_segments += self.nbytes

    @staticmethod
    def standin_alloc(nbytes):
        size = max(1, int(nbytes))
        size = (size + cuda._MIN_BLOCK - 1) // cuda._MIN_BLOCK * cuda._MIN_BLOCK
        with cuda._lock:
            if size > cuda._free_in_segments:
                grow = (size - cuda._free_in_segments + cuda._SEGMENT - 1) // cuda._SEGMENT * cuda._SEGMENT
                if cuda._CONTEXT + cuda._reserved + grow > cuda._capacity():
                    raise cuda.OutOfMemoryError("Stand-in: tried to allocate %d bytes; %d bytes reserved of %d"
                                                % (size, cuda._reserved, cuda._capacity()))
                cuda._reserved += grow
                cuda._free_in_segments += grow
            cuda._free_in_segments -= size
            cuda._allocated += size
            cuda._peak_allocated = max(cuda._peak_allocated, cuda._allocated)
            cuda._peak_reserved = max(cuda._peak_reserved, cuda._reserved)
        return cuda._Block(size)
