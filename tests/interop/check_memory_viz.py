#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Loads a memory-snapshot pickle with Python's pickle and walks it as PyTorch's viewers do
(torch/cuda/_memory_viz.py: segsum, trace; torch/utils/viz/MemoryViz.js: the state at the end replayed
backwards through device_traces). Exits 1 with the first problem, 0 and a JSON summary on stdout when the
snapshot holds together:

  * the keys and types those readers use: segments [device, address, total_size, stream, segment_type,
    allocated_size, active_size, blocks [address?, size, requested_size, state, frames]], device_traces
    [[action, addr | device_free, size, stream, frames?, time_us?]];
  * every segment's blocks tile it exactly (segsum asserts free + allocated == total_size);
  * replayed backwards from the end state (as MemoryViz.js simulate_memory), every alloc undoes a live block,
    every free_completed brings back a block that was not live, every segment_alloc removes a live segment and
    every segment_free brings one back, and every block lies inside a segment at every step;
  * replayed forwards, every free_requested / free_completed follows an alloc of the same address and size
    (or, when iteragpu.events_dropped says older events were dropped, a block live before the window);
  * what each of the five views of MemoryViz.js (torch/utils/viz/MemoryViz.js and process_alloc_data.js in
    pytorch/pytorch) reads from each field has the type that code needs (views(), below).
"""
import json
import pickle
import sys

ACTIONS = {"alloc", "free_requested", "free_completed", "segment_alloc", "segment_free", "segment_map",
           "segment_unmap", "oom", "snapshot", "annotate", "user_defined"}


class Bad(Exception):
    pass


def need(cond, what):
    if not cond:
        raise Bad(what)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_frames(frames, where):
    need(isinstance(frames, list), f"{where}.frames is not a list")
    for f in frames:
        need(isinstance(f, dict) and isinstance(f.get("filename"), str) and is_int(f.get("line"))
             and isinstance(f.get("name"), str), f"{where}.frames holds a frame without filename/line/name")


def segsum(data):
    """_memory_viz.segsum's arithmetic: per segment, allocated + internal free + external free == total_size."""
    total_reserved = total_allocated = 0
    for i, seg in enumerate(data["segments"]):
        where = f"segments[{i}]"
        for key in ("device", "address", "total_size", "stream", "allocated_size", "active_size"):
            need(is_int(seg.get(key)), f"{where}.{key} is not an int")
        need(seg.get("segment_type") in ("small", "large"), f"{where}.segment_type is not small/large")
        check_frames(seg.get("frames", []), where)
        need(isinstance(seg.get("blocks"), list), f"{where}.blocks is not a list")
        allocated = free_internal = free_external = 0
        at = seg["address"]
        for k, b in enumerate(seg["blocks"]):
            bw = f"{where}.blocks[{k}]"
            need(is_int(b.get("size")) and b["size"] > 0, f"{bw}.size is not a positive int")
            need(b.get("state") in ("active_allocated", "active_pending_free", "inactive"), f"{bw}.state")
            need(is_int(b.get("requested_size", b["size"])), f"{bw}.requested_size is not an int")
            if "address" in b:
                need(b["address"] == at, f"{bw}.address does not follow the previous block")
            check_frames(b.get("frames", []), bw)
            if b["state"] == "active_allocated":
                req = b.get("requested_size", b["size"])
                need(req <= b["size"], f"{bw}.requested_size exceeds its size")
                allocated += req
                free_internal += b["size"] - req
            else:
                free_external += b["size"]
            at += b["size"]
        need(allocated + free_internal + free_external == seg["total_size"],
             f"{where}: its blocks add up to {allocated + free_internal + free_external}, not total_size "
             f"{seg['total_size']}")
        total_reserved += seg["total_size"]
        total_allocated += allocated
    return total_reserved, total_allocated


def check_entries(data):
    need(isinstance(data.get("device_traces"), list), "device_traces is not a list")
    count = 0
    for d, entries in enumerate(data["device_traces"]):
        need(isinstance(entries, list), f"device_traces[{d}] is not a list")
        for i, e in enumerate(entries):
            where = f"device_traces[{d}][{i}]"
            need(isinstance(e, dict), f"{where} is not a dict")
            need(e.get("action") in ACTIONS, f"{where}.action {e.get('action')!r} is not one PyTorch writes")
            need(is_int(e.get("size")) and e["size"] >= 0, f"{where}.size is not a non-negative int")
            need(is_int(e.get("stream")), f"{where}.stream is not an int")
            if e["action"] == "oom":
                need("device_free" in e and (e["device_free"] is None or is_int(e["device_free"])),
                     f"{where}: an oom entry without device_free")
            else:
                need(is_int(e.get("addr")), f"{where}.addr is not an int")
            if "time_us" in e:
                need(is_int(e["time_us"]) and e["time_us"] >= 0, f"{where}.time_us is not a non-negative int")
            if "user_metadata" in e:
                need(isinstance(e["user_metadata"], str), f"{where}.user_metadata is not a str")
            if "category" in e:
                need(isinstance(e["category"], str), f"{where}.category is not a str")
            check_frames(e.get("frames", []), where)
            count += 1
    return count


def replay_backwards(data, device):
    """MemoryViz.js simulate_memory(0): from the end state back to before the first entry."""
    segments = {s["address"]: s["total_size"] for s in data["segments"] if s["device"] == device}
    blocks = {}
    for s in data["segments"]:
        if s["device"] != device:
            continue
        at = s["address"]
        for b in s["blocks"]:
            addr = b.get("address", at)
            if b["state"] in ("active_allocated", "active_pending_free"):
                blocks[addr] = b.get("requested_size", b["size"])
            at += b["size"]

    def inside_segment(addr, size):
        return any(a <= addr and addr + size <= a + n for a, n in segments.items())

    entries = data["device_traces"][device] if device < len(data["device_traces"]) else []
    for i in range(len(entries) - 1, -1, -1):
        e = entries[i]
        where = f"device_traces[{device}][{i}] ({e['action']})"
        act = e["action"]
        if act == "alloc":
            need(e["addr"] in blocks, f"{where}: undoing an alloc of a block that is not live")
            del blocks[e["addr"]]
        elif act == "free_completed":
            need(e["addr"] not in blocks, f"{where}: a free of a block that is live again")
            blocks[e["addr"]] = e["size"]
            need(inside_segment(e["addr"], e["size"]), f"{where}: the freed block lies in no segment")
        elif act in ("segment_alloc", "segment_map"):
            need(e["addr"] in segments, f"{where}: undoing a segment_alloc of a segment that is not there")
            del segments[e["addr"]]
            need(all(not (e["addr"] <= a < e["addr"] + e["size"]) for a in blocks),
                 f"{where}: a block is live in a segment before it was allocated")
        elif act in ("segment_free", "segment_unmap"):
            need(e["addr"] not in segments, f"{where}: a segment freed twice")
            segments[e["addr"]] = e["size"]
        if act == "alloc" or act == "free_completed":
            for a, n in blocks.items():
                need(inside_segment(a, n), f"{where}: block {a:#x} lies in no segment")
    return len(blocks), len(segments)


def replay_forwards(data, device, dropped):
    entries = data["device_traces"][device] if device < len(data["device_traces"]) else []
    live = {}
    requested = set()
    unmatched = 0
    for i, e in enumerate(entries):
        where = f"device_traces[{device}][{i}] ({e['action']})"
        if e["action"] == "alloc":
            need(e["addr"] not in live, f"{where}: an alloc of an address already live")
            live[e["addr"]] = e["size"]
        elif e["action"] == "free_requested":
            if e["addr"] not in live:
                need(dropped > 0, f"{where}: a free without its alloc")
                unmatched += 1
                live[e["addr"]] = e["size"]
            need(live[e["addr"]] == e["size"], f"{where}: a free of {e['size']} bytes, the alloc was "
                 f"{live[e['addr']]}")
            requested.add(e["addr"])
        elif e["action"] == "free_completed":
            need(e["addr"] in requested, f"{where}: free_completed without free_requested")
            requested.discard(e["addr"])
            del live[e["addr"]]
    return unmatched


# Epoch microseconds from 2001 to 2100: what `new Date(elem.time_us / 1000)` in process_alloc_data.js's
# context_for_id turns into a date a user can read (a count from the start of a run reads 1 January 1970).
EPOCH_US = (978307200 * 10**6, 4102444800 * 10**6)

# allocator_settings as torch.cuda.memory._snapshot() writes them (torch/csrc/cuda/Module.cpp), by type.
SETTINGS = {"PYTORCH_CUDA_ALLOC_CONF": str, "max_split_size": int, "garbage_collection_threshold": (int, float),
            "expandable_segments": bool, "roundup_power2_divisions": dict}


def number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def views(data, device, imported):
    """A replica of the field reads of MemoryViz.js's five views (the kinds table at its end); a field that code
    formats as a number must be one (formatSize calls num.toFixed: None throws a TypeError and stops the view)."""
    entries = data["device_traces"][device] if device < len(data["device_traces"]) else []
    for i, e in enumerate(entries):
        where = f"device_traces[{device}][{i}] ({e['action']})"
        # 'Allocator State History': EventSelector -> formatEvent / eventStack.
        need(number(e.get("size")), f"{where}: formatSize(event.size) needs a number")
        if e["action"] == "oom":
            need(number(e.get("device_free")), f"{where}: formatSize(event.device_free) needs a number, not "
                 f"{e.get('device_free')!r}")
        elif e["action"] != "snapshot":
            need(is_int(e.get("addr")), f"{where}: formatAddr calls event.addr.toString(16)")
        md = e.get("user_metadata")
        need(md is None or isinstance(md, (str, dict)), f"{where}: format_user_metadata takes a str or a dict")
        need(isinstance(e.get("frames", []), list), f"{where}: format_frames needs a list")
        # 'Active Memory Timeline', 'Allocated Memory (incl. Private Pools)', 'Active Cached Segment Timeline':
        # process_alloc_data's context_for_id prints compile_context and new Date(time_us / 1000).
        if e["action"] in ("alloc", "free_completed", "free", "segment_alloc", "segment_free"):
            need(isinstance(e.get("compile_context"), str),
                 f"{where}: no compile_context (PyTorch writes 'N/A' outside torch.compile)")
            need(is_int(e.get("time_us")) and EPOCH_US[0] <= e["time_us"] < EPOCH_US[1],
                 f"{where}: time_us {e.get('time_us')!r} is not microseconds since 1970 (the hover's date)")
    for k, seg in enumerate(data["segments"]):
        pool = seg.get("segment_pool_id")
        need(pool is None or (isinstance(pool, (list, tuple)) and len(pool) == 2),
             f"segments[{k}].segment_pool_id is not a pair (isPrivatePoolId reads [0] and [1])")
    # 'Allocator Settings': JSON.stringify(snapshot.allocator_settings), or "No allocator settings found."
    if not imported:
        need("allocator_settings" in data, "no allocator_settings: the Allocator Settings view finds none")
    if "allocator_settings" in data:
        settings = data["allocator_settings"]
        need(isinstance(settings, dict), "allocator_settings is not a dict")
        for key, kind in SETTINGS.items():
            if imported and key not in settings:
                continue  # an imported snapshot's own settings, as it had them
            need(isinstance(settings.get(key), kind) and (kind is not int or not isinstance(settings[key], bool)),
                 f"allocator_settings.{key} is not what PyTorch writes ({settings.get(key)!r})")


def main(path):
    with open(path, "rb") as f:
        data = pickle.load(f)
    need(isinstance(data, dict), "the pickle is not a dict")
    need(isinstance(data.get("segments"), list), "segments is not a list")
    reserved, allocated = segsum(data)
    entries = check_entries(data)
    extra = data.get("iteragpu", {})
    dropped = extra.get("events_dropped", 0)
    devices = {s["device"] for s in data["segments"]} | {d for d, t in enumerate(data["device_traces"]) if t}
    summary = {"entries": entries, "segments": len(data["segments"]), "reserved_end": reserved,
               "allocated_end": allocated, "devices": sorted(devices), "actions": {}, "unmatched_frees": 0,
               "annotations": 0, "phases_in_metadata": []}
    imported = extra.get("imported", False) is True
    for device in devices:
        views(data, device, imported)
        replay_backwards(data, device)
        summary["unmatched_frees"] += replay_forwards(data, device, dropped)
    for t in data["device_traces"]:
        for e in t:
            summary["actions"][e["action"]] = summary["actions"].get(e["action"], 0) + 1
            m = e.get("user_metadata", "")
            if m and (not summary["phases_in_metadata"] or summary["phases_in_metadata"][-1] != m):
                summary["phases_in_metadata"].append(m)
    ann = data.get("external_annotations", [])
    need(isinstance(ann, list), "external_annotations is not a list")
    for i, a in enumerate(ann):
        need(isinstance(a, dict) and isinstance(a.get("name"), str) and a.get("stage") in ("START", "END")
             and is_int(a.get("time_us")) and is_int(a.get("device")), f"external_annotations[{i}]")
    summary["annotations"] = len(ann)
    print(json.dumps(summary, sort_keys=True))


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except Bad as e:
        print(f"memory_viz check: {e}", file=sys.stderr)
        sys.exit(1)
