#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the memory-snapshot fixtures of tests/interop: dicts in the shape torch.cuda.memory._snapshot() returns
(torch/csrc/cuda/memory_snapshot.cpp: segments with blocks, device_traces, allocator_settings,
external_annotations), pickled as torch.cuda.memory._dump_snapshot does (pickle.dump; protocols 2 and 4), from a
small model of PyTorch's caching allocator written here (not PyTorch itself: no GPU is needed). Also writes
malformed files the reader must refuse, and expected.json: the allocated / reserved figures of every phase,
computed by this script's own forward replay, for the importer's test to compare with.

    python3 tests/data/snapshots/make_snapshot.py tests/data/snapshots
"""
import json
import os
import pickle
import struct
import sys

MIB = 1 << 20
SMALL_SIZE = 1 * MIB  # requests up to this go to 2 MiB segments
SMALL_BUFFER = 2 * MIB
LARGE_BUFFER = 20 * MIB
MIN_LARGE_ALLOC = 10 * MIB
ROUND_LARGE = 2 * MIB
EPOCH_US = 1_764_590_400_000_000  # 2025-12-01T12:00:00Z, in microseconds: time_us is the wall clock


def round_size(size):
    return 512 if size < 512 else 512 * ((size + 511) // 512)


class Allocator:
    """Bump allocation inside segments, enough to give PyTorch's shapes: each request gets a rounded block in a
    segment with room, else a new segment; a freed block becomes inactive; nothing is split or merged back."""

    def __init__(self, device=0):
        self.device = device
        self.segments = []  # dicts: address, total_size, used, blocks [address, size, requested, state]
        self.next_address = 0x7F0000000000
        self.trace = []
        self.t = EPOCH_US
        self.metadata = ""
        self.live = {}  # address -> (requested, block)

    def tick(self, us=7):
        self.t += us
        return self.t

    def entry(self, action, addr, size, frames=()):
        e = {"action": action, "addr": addr, "size": size, "stream": 0, "compile_context": "N/A",
             "user_metadata": self.metadata}
        if frames:
            e["frames"] = list(frames)
        e["time_us"] = self.tick()
        self.trace.append(e)

    def malloc(self, requested, frames=()):
        size = round_size(requested)
        small = requested <= SMALL_SIZE
        for seg in self.segments:
            if seg["small"] == small and seg["total_size"] - seg["used"] >= size:
                break
        else:
            if small:
                seg_size = SMALL_BUFFER
            elif requested < MIN_LARGE_ALLOC:
                seg_size = LARGE_BUFFER
            else:
                seg_size = ROUND_LARGE * ((size + ROUND_LARGE - 1) // ROUND_LARGE)
            seg = {"address": self.next_address, "total_size": seg_size, "used": 0, "blocks": [], "small": small}
            self.next_address += seg_size + 4 * MIB
            self.segments.append(seg)
            self.entry("segment_alloc", seg["address"], seg_size, frames)
        block = {"address": seg["address"] + seg["used"], "size": size, "requested": requested, "state": "active"}
        seg["used"] += size
        seg["blocks"].append(block)
        self.live[block["address"]] = block
        self.entry("alloc", block["address"], requested, frames)
        return block["address"]

    def free(self, address):
        block = self.live.pop(address)
        self.entry("free_requested", address, block["requested"])
        self.entry("free_completed", address, block["requested"])
        block["state"] = "inactive"

    def empty_cache(self):
        keep = []
        for seg in self.segments:
            if all(b["state"] == "inactive" for b in seg["blocks"]):
                self.entry("segment_free", seg["address"], seg["total_size"])
            else:
                keep.append(seg)
        self.segments = keep

    def oom(self, requested, device_free):
        e = {"action": "oom", "device_free": device_free, "size": requested, "stream": 0,
             "compile_context": "N/A", "user_metadata": self.metadata, "time_us": self.tick()}
        self.trace.append(e)

    def snapshot_segments(self):
        out = []
        for seg in self.segments:
            blocks = []
            at = seg["address"]
            allocated = requested = 0
            for b in seg["blocks"]:
                active = b["state"] == "active"
                blocks.append({"address": at, "size": b["size"],
                               "requested_size": b["requested"] if active else 0,
                               "state": "active_allocated" if active else "inactive", "frames": []})
                at += b["size"]
                if active:
                    allocated += b["size"]
                    requested += b["requested"]
            if at < seg["address"] + seg["total_size"]:
                blocks.append({"address": at, "size": seg["address"] + seg["total_size"] - at, "requested_size": 0,
                               "state": "inactive", "frames": []})
            out.append({"device": self.device, "address": seg["address"], "total_size": seg["total_size"],
                        "allocated_size": allocated, "active_size": allocated, "requested_size": requested,
                        "stream": 0, "segment_type": "small" if seg["small"] else "large",
                        "segment_pool_id": (0, 0), "is_expandable": False, "frames": [], "blocks": blocks})
        return out


FRAMES = [{"name": "forward", "filename": "/work/model.py", "line": 42},
          {"name": "<module>", "filename": "/work/train.py", "line": 7}]


def workload(annotate, metadata, with_oom):
    """A model load, a prefill (with a nested region), a decode; returns the snapshot dict."""
    a = Allocator()
    annotations = []

    def region(name, stage):
        annotations.append({"name": name, "stage": stage, "device": 0, "time_us": a.tick(3)})

    def phase(name):
        if annotate:
            region(name, "START")
        if metadata:
            a.metadata = name

    def end(name):
        if annotate:
            region(name, "END")
        a.metadata = ""

    phase("model_load")
    weights = [a.malloc(n, FRAMES) for n in (4096 * 4096 * 2, 4096 * 2, 11 * MIB + 5, 3000)]
    end("model_load")
    phase("prefill")
    act = [a.malloc(n) for n in (8 * MIB, 700 * 1024, 12 * MIB + 1)]
    if annotate:
        region("attention", "START")  # nested: not a phase of its own
    scores = a.malloc(30 * MIB)
    a.free(scores)
    if annotate:
        region("attention", "END")
    for p in act[:2]:
        a.free(p)
    end("prefill")
    phase("decode")
    kv = a.malloc(2 * MIB + 17)
    tmp = a.malloc(300 * 1024)
    a.free(tmp)
    if with_oom:
        a.oom(80 * (1 << 30), 3 * (1 << 30))
    a.empty_cache()
    end("decode")
    snapshot = {
        "segments": a.snapshot_segments(),
        "device_traces": [a.trace],
        "allocator_settings": {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:False", "max_split_size": -1,
                               "garbage_collection_threshold": 0.0, "expandable_segments": False,
                               "roundup_power2_divisions": {"1": 0, "2": 0}},
        "external_annotations": annotations,
    }
    del weights, kv
    return snapshot


def windowed(snapshot, dropped):
    """As _record_memory_history(max_entries=N) keeps it: the oldest entries gone from the ring."""
    snapshot["device_traces"][0] = snapshot["device_traces"][0][dropped:]
    return snapshot


def expected(snapshot):
    """Forward replay, independent of the importer: the end state minus the trace gives the start."""
    trace = snapshot["device_traces"][0]
    alloc_end = sum(b["requested_size"] for s in snapshot["segments"] for b in s["blocks"]
                    if b["state"] == "active_allocated")
    reserved_end = sum(s["total_size"] for s in snapshot["segments"])
    sign = {"alloc": (1, 0), "free_completed": (-1, 0), "segment_alloc": (0, 1), "segment_free": (0, -1)}
    da = sum(sign.get(e["action"], (0, 0))[0] * e["size"] for e in trace)
    dr = sum(sign.get(e["action"], (0, 0))[1] * e["size"] for e in trace)
    a, r = alloc_end - da, reserved_end - dr
    states = []
    for e in trace:
        sa, sr = sign.get(e["action"], (0, 0))
        a += sa * e["size"]
        r += sr * e["size"]
        states.append((e["time_us"], a, r, e))
    ann = snapshot["external_annotations"]
    spans = []
    depth = 0
    for x in sorted(ann, key=lambda x: x["time_us"]):
        if x["stage"] == "START":
            if depth == 0:
                spans.append([x["name"], x["time_us"], None])
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                spans[-1][2] = x["time_us"]
    if not spans:
        prev = None
        for i, (t, _, _, e) in enumerate(states):
            m = e.get("user_metadata", "")
            if m and prev == m:
                spans[-1][2] = t
            elif m:
                spans.append([m, t, t])
            prev = m
    if not spans:
        spans = [["imported", states[0][0], states[-1][0]]]
    start_a, start_r = alloc_end - da, reserved_end - dr
    phases = []
    for name, t0, t1 in spans:
        before = [(a, r) for t, a, r, _ in states if t < t0]
        inside = [(a, r, e) for t, a, r, e in states if t0 <= t <= t1]
        base = before[-1] if before else (start_a, start_r)
        final = inside[-1][:2] if inside else base
        phases.append({"name": name, "baseline": list(base), "final": list(final),
                       "peak": [max([base[0]] + [x[0] for x in inside]), max([base[1]] + [x[1] for x in inside])],
                       "oom": any(e["action"] == "oom" for _, _, e in inside)})
    return {"phases": phases, "entries": len(trace)}


def main(folder):
    os.makedirs(folder, exist_ok=True)
    fixtures = {
        "annotated_p4": (workload(True, False, False), 4),
        "annotated_p2": (workload(True, False, False), 2),
        "metadata_p4": (workload(False, True, False), 4),
        "plain_p2": (workload(False, False, False), 2),
        "oom_p4": (workload(True, False, True), 4),
        "windowed_p4": (windowed(workload(False, True, False), 6), 4),
    }
    exp = {}
    for name, (snap, protocol) in fixtures.items():
        with open(os.path.join(folder, f"snap_{name}.pickle"), "wb") as f:
            pickle.dump(snap, f, protocol=protocol)
        exp[name] = expected(snap)
    with open(os.path.join(folder, "expected.json"), "w") as f:
        json.dump(exp, f, indent=1, sort_keys=True)
        f.write("\n")

    good = pickle.dumps(fixtures["annotated_p4"][0], protocol=4)
    bad = {
        "truncated": good[: len(good) // 2],
        # A class reference (GLOBAL in protocol 2, STACK_GLOBAL in 4) and its call (REDUCE): what a hostile pickle
        # uses to run code.
        "global_p2": pickle.dumps({"segments": [], "when": __import__("datetime").date(2025, 1, 1)}, protocol=2),
        "global_p4": pickle.dumps({"segments": [], "when": __import__("datetime").date(2025, 1, 1)}, protocol=4),
        # A str that claims 4 GiB - 16 bytes.
        "huge_string": b"\x80\x02}q\x00X" + struct.pack("<I", 0xFFFFFFF0) + b"abc",
        # A list claiming more LONG4 bytes than any integer needs.
        "huge_long": b"\x80\x02\x8b" + struct.pack("<I", 0x7FFFFFFF) + b"\x00" * 8 + b".",
        "deep": pickle.dumps(eval("[" * 200 + "]" * 200), protocol=4),
        "self_reference": pickle.dumps((lambda l: (l.append(l), l)[1])([]), protocol=4),
        "not_a_snapshot": pickle.dumps([1, 2, 3], protocol=4),
        "no_traces": pickle.dumps({"segments": [], "device_traces": [[]]}, protocol=4),
        # An allocation that the end state (no segments, no blocks) does not hold: the counters would go below 0.
        "inconsistent": pickle.dumps({"segments": [], "device_traces": [[
            {"action": "alloc", "addr": 4096, "size": 512, "stream": 0, "time_us": EPOCH_US}]]},
            protocol=4),
    }
    for name, data in bad.items():
        with open(os.path.join(folder, f"bad_{name}.pickle"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
