#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the GGUF fixtures of tests/sizing/tst_ggufreader.cpp: small valid files (version 2, version 3, version 3
big-endian) of a two-layer Llama-shaped model with tensors of several ggml types (no real weights: zero bytes), and
malformed files, one fault each. Also expected.json: what a correct reader must find in the valid files, computed
here from the block layouts of ggml-common.h, independently of the C++ reader.

    python3 tests/data/gguf/make_gguf.py [OUTPUT_FOLDER]   (default: the folder of this script)
"""
import json
import os
import struct
import sys

# ggml_type id -> (name, elements per block, bytes per block), from ggml-common.h's block structs.
GGML = {
    0: ("F32", 1, 4),
    1: ("F16", 1, 2),
    2: ("Q4_0", 32, 18),
    3: ("Q4_1", 32, 20),
    6: ("Q5_0", 32, 22),
    7: ("Q5_1", 32, 24),
    8: ("Q8_0", 32, 34),
    12: ("Q4_K", 256, 144),
    14: ("Q6_K", 256, 210),
    20: ("IQ4_NL", 32, 18),
    30: ("BF16", 1, 2),
}

UINT8, INT8, UINT16, INT16, UINT32, INT32, FLOAT32, BOOL, STRING, ARRAY, UINT64, INT64, FLOAT64 = range(13)


class Writer:
    def __init__(self, big_endian=False):
        self.e = ">" if big_endian else "<"
        self.out = bytearray()

    def raw(self, b):
        self.out += b

    def u8(self, v):
        self.out += struct.pack(self.e + "B", v)

    def u32(self, v):
        self.out += struct.pack(self.e + "I", v)

    def i32(self, v):
        self.out += struct.pack(self.e + "i", v)

    def u64(self, v):
        self.out += struct.pack(self.e + "Q", v)

    def f32(self, v):
        self.out += struct.pack(self.e + "f", v)

    def f64(self, v):
        self.out += struct.pack(self.e + "d", v)

    def string(self, s):
        b = s.encode() if isinstance(s, str) else s
        self.u64(len(b))
        self.out += b

    def value(self, t, v):
        if t == UINT8:
            self.u8(v)
        elif t == INT8:
            self.out += struct.pack(self.e + "b", v)
        elif t == UINT16:
            self.out += struct.pack(self.e + "H", v)
        elif t == INT16:
            self.out += struct.pack(self.e + "h", v)
        elif t == UINT32:
            self.u32(v)
        elif t == INT32:
            self.i32(v)
        elif t == FLOAT32:
            self.f32(v)
        elif t == BOOL:
            self.u8(1 if v else 0)
        elif t == STRING:
            self.string(v)
        elif t == UINT64:
            self.u64(v)
        elif t == INT64:
            self.out += struct.pack(self.e + "q", v)
        elif t == FLOAT64:
            self.f64(v)
        elif t == ARRAY:
            et, items = v
            self.u32(et)
            self.u64(len(items))
            for item in items:
                self.value(et, item)

    def kv(self, key, t, v):
        self.string(key)
        self.u32(t)
        self.value(t, v)


HIDDEN, HEADS, KV_HEADS, FF, VOCAB, LAYERS, CONTEXT = 64, 4, 2, 256, 32, 2, 2048


def model_tensors():
    """(name, dims with ne0 first, ggml type) of the fixture model."""
    t = [("token_embd.weight", [HIDDEN, VOCAB], 8), ("output_norm.weight", [HIDDEN], 0),
         ("output.weight", [HIDDEN, VOCAB], 30)]
    head_dim = HIDDEN // HEADS
    for i in range(LAYERS):
        b = "blk.%d." % i
        t += [(b + "attn_norm.weight", [HIDDEN], 0),
              (b + "attn_q.weight", [HIDDEN, HEADS * head_dim], 2),
              (b + "attn_k.weight", [HIDDEN, KV_HEADS * head_dim], 2),
              (b + "attn_v.weight", [HIDDEN, KV_HEADS * head_dim], 8),
              (b + "attn_output.weight", [HEADS * head_dim, HIDDEN], 3),
              (b + "ffn_norm.weight", [HIDDEN], 0),
              (b + "ffn_gate.weight", [HIDDEN, FF], 6),
              (b + "ffn_up.weight", [HIDDEN, FF], 20),
              (b + "ffn_down.weight", [FF, HIDDEN], 12 if i == 0 else 14)]
    return t


def tensor_bytes(dims, t):
    _, block, size = GGML[t]
    n = 1
    for d in dims:
        n *= d
    assert dims[0] % block == 0
    return n // block * size, n


def model_metadata(version):
    md = [("general.architecture", STRING, "llama"),
          ("general.name", STRING, "fixture llama v%d" % version),
          ("general.alignment", UINT32, 32),
          ("general.file_type", UINT32, 15),
          ("llama.block_count", UINT32, LAYERS),
          ("llama.context_length", UINT32, CONTEXT),
          ("llama.embedding_length", UINT32, HIDDEN),
          ("llama.feed_forward_length", UINT32, FF),
          ("llama.attention.head_count", UINT32, HEADS),
          ("llama.attention.head_count_kv", UINT32, KV_HEADS),
          ("llama.rope.freq_base", FLOAT32, 500000.0),
          ("llama.attention.layer_norm_rms_epsilon", FLOAT32, 1e-5),
          ("tokenizer.ggml.model", STRING, "gpt2"),
          ("tokenizer.ggml.tokens", ARRAY, (STRING, ["tok%d" % i for i in range(VOCAB)])),
          ("tokenizer.ggml.scores", ARRAY, (FLOAT32, [0.5] * VOCAB)),
          ("tokenizer.ggml.token_type", ARRAY, (INT32, [1] * VOCAB)),
          ("tokenizer.ggml.add_bos_token", BOOL, True),
          ("fixture.every_type.u8", UINT8, 200),
          ("fixture.every_type.i8", INT8, -100),
          ("fixture.every_type.u16", UINT16, 60000),
          ("fixture.every_type.i16", INT16, -30000),
          ("fixture.every_type.i32", INT32, -2000000000),
          ("fixture.every_type.u64", UINT64, 2 ** 63 + 5),
          ("fixture.every_type.i64", INT64, -(2 ** 62)),
          ("fixture.every_type.f64", FLOAT64, 0.25),
          ("fixture.every_type.nested", ARRAY, (ARRAY, [(UINT16, [1, 2, 3]), (UINT16, [4])]))]
    return md


def build(version=3, big_endian=False, metadata=None, tensors=None, alignment=32, mutate=None, tensor_count=None,
          kv_count=None, magic=b"GGUF"):
    w = Writer(big_endian)
    md = model_metadata(version) if metadata is None else metadata
    ts = model_tensors() if tensors is None else tensors
    w.raw(magic)
    w.u32(version)
    w.u64(len(ts) if tensor_count is None else tensor_count)
    w.u64(len(md) if kv_count is None else kv_count)
    for key, t, v in md:
        w.kv(key, t, v)
    offset = 0
    placed = []
    for name, dims, t in ts:
        w.string(name)
        w.u32(len(dims))
        for d in dims:
            w.u64(d)
        w.u32(t)
        off = offset
        if mutate and name in mutate.get("offsets", {}):
            off = mutate["offsets"][name]
        w.u64(off)
        nbytes = tensor_bytes(dims, t)[0] if t in GGML and dims[0] % GGML[t][1] == 0 else 0
        placed.append((name, off, nbytes))
        offset += (nbytes + alignment - 1) // alignment * alignment
    header = len(w.out)
    pad = (alignment - header % alignment) % alignment
    w.raw(b"\0" * pad)
    w.raw(b"\0" * offset)  # the data section as laid out (a mutated offset may point elsewhere)
    return bytes(w.out)


def expected(version, big_endian):
    by_type = {}
    total_bytes = total_elements = 0
    for _, dims, t in model_tensors():
        nbytes, n = tensor_bytes(dims, t)
        name = GGML[t][0]
        e = by_type.setdefault(name, {"tensors": 0, "elements": 0, "bytes": 0})
        e["tensors"] += 1
        e["elements"] += n
        e["bytes"] += nbytes
        total_bytes += nbytes
        total_elements += n
    return {"version": version, "big_endian": big_endian, "tensors": len(model_tensors()),
            "metadata": len(model_metadata(version)), "total_bytes": total_bytes, "total_elements": total_elements,
            "by_type": by_type,
            "shape": {"layers": LAYERS, "hidden": HIDDEN, "heads": HEADS, "kv_heads": KV_HEADS, "intermediate": FF,
                      "vocab": VOCAB, "trained_context": CONTEXT, "head_dim": HIDDEN // HEADS}}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(out, exist_ok=True)
    files = {
        "llama-v3.gguf": build(3),
        "llama-v2.gguf": build(2),
        "llama-v3-big-endian.gguf": build(3, big_endian=True),
        # Small enough for a fuzzer's seed (tests/fuzz/corpus/gguf): the model's metadata, one tensor.
        "small-llama-v3.gguf": build(3, tensors=[("token_embd.weight", [HIDDEN, VOCAB], 8)]),
    }
    exp = {"llama-v3.gguf": expected(3, False), "llama-v2.gguf": expected(2, False),
           "llama-v3-big-endian.gguf": expected(3, True)}
    good = files["llama-v3.gguf"]
    one = [("general.architecture", STRING, "llama")]
    tiny = [("t.weight", [32], 2)]
    md_with = lambda extra: model_metadata(3) + extra
    bad = {
        "bad-magic.gguf": build(metadata=one, tensors=tiny, magic=b"GGML"),
        "version1.gguf": build(1, metadata=one, tensors=tiny),
        "version4.gguf": build(4, metadata=one, tensors=tiny),
        "truncated-header.gguf": good[:200],
        "truncated-data.gguf": good[:-1000],
        "huge-tensor-count.gguf": build(metadata=one, tensors=tiny, tensor_count=2 ** 60),
        "huge-metadata-count.gguf": build(metadata=one, tensors=tiny, kv_count=2 ** 60),
        "huge-string.gguf": build(metadata=one, tensors=tiny)[:24] + struct.pack("<Q", 2 ** 62) + b"general" + b"\0" * 64,
        "huge-array.gguf": build(metadata=[("a", ARRAY, (UINT32, []))], tensors=tiny)[:24 + 8 + 1 + 4 + 4]
        + struct.pack("<Q", 2 ** 61) + b"\0" * 64,
        "deep-array.gguf": build(metadata=[("deep", ARRAY, nested(9))], tensors=tiny),
        "overlapping-tensors.gguf": build(metadata=one, tensors=[("a.weight", [64], 2), ("b.weight", [64], 2)],
                                          mutate={"offsets": {"b.weight": 32}}),
        "unknown-type.gguf": build(metadata=one, tensors=[("a.weight", [32], 99)]),
        "removed-type.gguf": build(metadata=one, tensors=[("a.weight", [32], 31)]),
        "misaligned-offset.gguf": build(metadata=one, tensors=[("a.weight", [32], 2)],
                                        mutate={"offsets": {"a.weight": 8}}),
        "bad-alignment.gguf": build(metadata=[("general.alignment", UINT32, 48)], tensors=tiny),
        "bad-bool.gguf": bad_bool(),
        "duplicate-key.gguf": build(metadata=one + one, tensors=tiny),
        "duplicate-tensor.gguf": build(metadata=one, tensors=tiny + tiny),
        "too-many-dims.gguf": build(metadata=one, tensors=[("a.weight", [32, 1, 1, 1, 1], 2)]),
        "row-not-whole-blocks.gguf": build(metadata=one, tensors=[("a.weight", [48], 2)]),
        "tensor-beyond-file.gguf": build(metadata=one, tensors=[("a.weight", [32], 2)],
                                         mutate={"offsets": {"a.weight": 2 ** 40}}),
        "unknown-value-type.gguf": unknown_value_type(),
        # More experts used per token than the model has: refused by the shape reader (estimate sized it).
        "moe-more-used-than-experts.gguf": build(3, metadata=md_with([("llama.expert_count", UINT32, 4),
                                                                     ("llama.expert_used_count", UINT32, 5)]),
                                                 tensors=[("token_embd.weight", [HIDDEN, VOCAB], 8)]),
        "empty.gguf": b"",
    }
    for name, data in list(files.items()) + list(bad.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(exp, f, indent=1, sort_keys=True)
        f.write("\n")


def nested(depth):
    v = (UINT8, [1])
    for _ in range(depth - 1):
        v = (ARRAY, [v])
    return v


def bad_bool():
    data = bytearray(build(metadata=[("flag", BOOL, True)], tensors=[("t.weight", [32], 2)]))
    # magic 4, version 4, counts 16, key length 8 + "flag" 4, type 4: the bool is the next byte
    at = 4 + 4 + 16 + 8 + 4 + 4
    assert data[at] == 1
    data[at] = 2
    return bytes(data)


def unknown_value_type():
    data = bytearray(build(metadata=[("k", UINT8, 1)], tensors=[("t.weight", [32], 2)]))
    at = 4 + 4 + 16 + 8 + 1
    data[at:at + 4] = struct.pack("<I", 13)
    return bytes(data)


if __name__ == "__main__":
    main()
