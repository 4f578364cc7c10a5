#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks a Chrome / Perfetto JSON trace against the fields the Trace Event Format documents (and Perfetto's
JSON importer reads): an object with a traceEvents array and an optional displayTimeUnit ("ms" or "ns"); every
event has name (str), ph (one phase letter), pid and tid (int); every event but metadata has ts (a number, in
microseconds); "X" has dur >= 0; "C" has args of numbers only; "M" is process_name / thread_name with
args.name; "B"/"E" pair up per thread; complete events on one thread nest (Perfetto puts overlaps aside).

And what Perfetto's own JSON importer (google/perfetto src/trace_processor/importers/json/: json_trace_tokenizer.cc,
json_trace_parser_impl.cc, json_utils.cc) keeps rather than counts as json_tokenizer_failure / json_parser_failure
or drops silently: a ts on every event but "M" (CoerceToTs: a number, or a string of one), in microseconds that
still fit int64 nanoseconds; pid and tid that CoerceToUint32 takes (0 <= v < 2^32); "X" with a dur it can coerce
(a null dur drops the slice); "C" with an object of args whose every value is a number or a numeric string (each
becomes the counter track "NAME KEY"); "M" process_name / thread_name with a non-empty args.name (an empty one is
ignored). Exits 1 with the first problem, 0 and a JSON summary on stdout."""
import json
import sys

PHASES = set("BEXIiCMbenSTpFsftPOND(){}R")


class Bad(Exception):
    pass


def need(cond, what):
    if not cond:
        raise Bad(what)


def number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def main(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    need(isinstance(doc, dict), "the document is not an object (the JSON Object Format)")
    events = doc.get("traceEvents")
    need(isinstance(events, list), "traceEvents is not an array")
    if "displayTimeUnit" in doc:
        need(doc["displayTimeUnit"] in ("ms", "ns"), "displayTimeUnit is neither ms nor ns")
    slices = {}
    open_b = {}
    counters = {}
    names = {}
    for i, e in enumerate(events):
        where = f"traceEvents[{i}]"
        need(isinstance(e, dict), f"{where} is not an object")
        need(isinstance(e.get("name"), str), f"{where}.name is not a string")
        need(isinstance(e.get("ph"), str) and len(e["ph"]) == 1 and e["ph"] in PHASES, f"{where}.ph")
        need(isinstance(e.get("pid"), int) and isinstance(e.get("tid"), int), f"{where}: pid and tid must be ints")
        need(0 <= e["pid"] < 2**32 and 0 <= e["tid"] < 2**32, f"{where}: pid / tid beyond what CoerceToUint32 takes")
        ph = e["ph"]
        if ph == "M":
            need(e["name"] in ("process_name", "thread_name", "process_sort_index", "thread_sort_index",
                               "process_labels"), f"{where}: unknown metadata {e['name']}")
            need(isinstance(e.get("args", {}).get("name", ""), str), f"{where}.args.name is not a string")
            if e["name"] in ("process_name", "thread_name"):
                need(e.get("args", {}).get("name"), f"{where}: an empty args.name, which Perfetto ignores")
            names[(e["name"], e["pid"], e["tid"])] = e["args"].get("name")
            continue
        need(number(e.get("ts")) and e["ts"] >= 0, f"{where}.ts is not a non-negative number (microseconds)")
        need(e["ts"] * 1000 < 2**63, f"{where}.ts does not fit Perfetto's int64 nanoseconds")
        if "args" in e:
            need(isinstance(e["args"], dict), f"{where}.args is not an object")
        if ph == "X":
            need(number(e.get("dur")) and e["dur"] >= 0, f"{where}.dur is not a non-negative number")
            slices.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"], e["name"]))
        elif ph == "C":
            args = e.get("args")
            need(isinstance(args, dict) and args, f"{where}: a counter without args")
            need(all(number(v) for v in args.values()), f"{where}: counter args must be numbers")
            need(all(v == v and abs(v) != float("inf") for v in args.values()), f"{where}: a counter that is not finite")
            counters.setdefault(e["name"], 0)
            counters[e["name"]] += 1
        elif ph == "B":
            open_b.setdefault((e["pid"], e["tid"]), []).append(e)
        elif ph == "E":
            stack = open_b.get((e["pid"], e["tid"]), [])
            need(stack, f"{where}: an E without its B")
            stack.pop()
    for key, stack in open_b.items():
        need(not stack, f"thread {key}: a B without its E")
    for key, spans in slices.items():
        spans.sort(key=lambda s: (s[0], -s[1]))
        stack = []
        for begin, end, name in spans:
            while stack and stack[-1][1] <= begin:
                stack.pop()
            need(not stack or end <= stack[-1][1], f"thread {key}: {name} overlaps {stack[-1][2] if stack else ''} "
                 "without nesting")
            stack.append((begin, end, name))
    summary = {"events": len(events), "slices": sorted(n for s in slices.values() for _, _, n in s),
               "counters": counters, "process_names": sorted(v for (k, _, _), v in names.items()
                                                             if k == "process_name"),
               "thread_names": sorted(v for (k, _, _), v in names.items() if k == "thread_name")}
    print(json.dumps(summary, sort_keys=True))


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except Bad as e:
        print(f"perfetto check: {e}", file=sys.stderr)
        sys.exit(1)
