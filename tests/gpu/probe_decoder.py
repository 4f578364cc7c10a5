# SPDX-License-Identifier: Apache-2.0
"""The device check's decoder in plain PyTorch, measured by iteragpu_probe: the Llama-2-7B shape in bf16 with
random weights, 4 096 prompt tokens x 4 sequences, 256 generated, the attention and cache given, phases
model_load, inputs, prefill, decode (the native decoder's). tests/gpu/device_check.sh prints its result beside
`iteragpu measure --model llama-2-7b` of the same shape.

    PYTHONPATH=$(iteragpu probe --path) python3 tests/gpu/probe_decoder.py sdpa dynamic probe-decoder.json
"""

import math
import sys

import torch
import torch.nn.functional as F
from iteragpu_probe import Probe

attention, cache, output = sys.argv[1], sys.argv[2], sys.argv[3]
L, H, I, Hq, Hk, V = 32, 4096, 11008, 32, 32, 32000
D = H // Hq
B, P, G = 4, 4096, 256
dt = torch.bfloat16
probe = Probe(output, sampling_hz=200)
dev = torch.device("cuda", torch.cuda.current_device())
torch.manual_seed(0)


def w(*shape):
    return torch.randn(*shape, device=dev, dtype=dt) * 0.02


with probe.phase("model_load", inputs="llama-2-7b shape, bf16, random weights", layers=L, hidden=H):
    m = dict(emb=w(V, H), norm=torch.ones(H, device=dev, dtype=dt), head=w(V, H),
             layers=[dict(n1=torch.ones(H, device=dev, dtype=dt), q=w(Hq * D, H), k=w(Hk * D, H), v=w(Hk * D, H),
                          o=w(H, Hq * D), n2=torch.ones(H, device=dev, dtype=dt), g=w(I, H), u=w(I, H), d=w(H, I))
                     for _ in range(L)])
with probe.phase("inputs", inputs="token ids [4, 4096] int32", sequences=B, prompt_tokens=P):
    ids = torch.randint(0, V, (B, P), device=dev, dtype=torch.int32)
inv = 1.0 / (10000 ** (torch.arange(0, D, 2, device=dev, dtype=torch.float32) / D))


def rope(x, start):
    t = torch.arange(start, start + x.shape[2], device=dev, dtype=torch.float32)
    f = torch.outer(t, inv)
    c, s = torch.cat([f.cos()] * 2, -1).to(dt), torch.cat([f.sin()] * 2, -1).to(dt)
    x1, x2 = x[..., : D // 2], x[..., D // 2:]
    return x * c + torch.cat([-x2, x1], -1) * s


def rms(x, g):
    return (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-5)).to(dt) * g


kv = [None] * L


def forward(tok, start):
    h = F.embedding(tok, m["emb"])
    T = tok.shape[1]
    for li, p in enumerate(m["layers"]):
        x = rms(h, p["n1"])
        q = (x @ p["q"].T).view(B, T, Hq, D).transpose(1, 2)
        k = (x @ p["k"].T).view(B, T, Hk, D).transpose(1, 2)
        v = (x @ p["v"].T).view(B, T, Hk, D).transpose(1, 2)
        q, k = rope(q, start), rope(k, start)
        if cache == "static":
            kv[li][0][:, :, start:start + T] = k
            kv[li][1][:, :, start:start + T] = v
            K, Vv = kv[li][0][:, :, : start + T], kv[li][1][:, :, : start + T]
        else:
            K = k if kv[li] is None else torch.cat([kv[li][0], k], 2)
            Vv = v if kv[li] is None else torch.cat([kv[li][1], v], 2)
            kv[li] = (K, Vv)
        if attention == "sdpa":
            a = F.scaled_dot_product_attention(q, K, Vv, is_causal=T > 1)
        else:
            s = (q @ K.transpose(2, 3)) / math.sqrt(D)
            if T > 1:
                s = s + torch.full((T, K.shape[2]), float("-inf"), device=dev, dtype=dt).triu(1 + K.shape[2] - T)
            a = F.softmax(s, dim=-1, dtype=torch.float32).to(dt) @ Vv
            del s
        h = h + a.transpose(1, 2).reshape(B, T, Hq * D) @ p["o"].T
        x = rms(h, p["n2"])
        h = h + (F.silu(x @ p["g"].T) * (x @ p["u"].T)) @ p["d"].T
    return (rms(h[:, -1:], m["norm"]) @ m["head"].T).argmax(-1).to(torch.int32)


with torch.no_grad():
    if cache == "static":
        with probe.phase("kv_cache", inputs="static cache [4, 32, 4352, 128] bf16 x 2 x 32 layers"):
            kv = [(torch.zeros(B, Hk, P + G, D, device=dev, dtype=dt), torch.zeros(B, Hk, P + G, D, device=dev,
                                                                                   dtype=dt)) for _ in range(L)]
    with probe.phase("prefill", inputs="4 x 4096 tokens", sequences=B, tokens=P):
        nxt = forward(ids, 0)
    with probe.phase("decode", inputs="256 steps of 4 tokens", sequences=B, generated=G):
        for g in range(G):
            nxt = forward(nxt, P + g)
probe.close()
print("written", output)
