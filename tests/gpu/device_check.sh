#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# The prepared check for a machine with an NVIDIA GPU, nvcc, CMake and ninja but no Qt (PyTorch optional). Run it
# from the repository root:
#
#   tests/gpu/device_check.sh                 configure, build, check the kernels, measure, compare with PyTorch
#   tests/gpu/device_check.sh --stage-deps    (on a Debian machine with the packages) copy the header-only
#                                             dependencies (nlohmann-json, CLI11) into .devdeps/ for a GPU node
#                                             that lacks them; carry .devdeps there
#
# Steps: configure (GUI, tests and HIP off, CUDA architecture 90) → build iteragpu, the CUDA module and
# iteragpu_gpu_kernel_check → `iteragpu environment --device cuda:0` → the kernel checks, once with cuBLAS and
# once with the portable GEMM kernel the HIP module uses → the seed's `iteragpu measure` in allocator modes native
# and async, and in training mode → the same dense workload in PyTorch, when python3 has torch, printing
# torch.cuda.memory_allocated / max_memory_allocated per phase → the decoder: Llama-2-7B-shaped bf16, 4 096 prompt
# tokens x 4 sequences, 256 generated, sdpa/eager x dynamic/static cache, predicted vs measured per phase, and the
# same decoder in plain PyTorch beside it (memory and seconds per phase) → that decoder again as the user's own
# program measured by the Python probe (tests/gpu/probe_decoder.py, `iteragpu probe --path`), printed beside the
# native decoder's result per phase.
#
# Results go to $OUT (a fresh folder when unset): the log, the result JSON files. Every step runs even when an
# earlier one failed; the exit status is 0 only when all passed.
#
# Environment: OUT, BUILD_DIR (default build/device), JOBS (default: all cores), ITERAGPU_DEPS_PREFIX (default
# .devdeps when it exists), DEVICE (default cuda:0).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT" || exit 1

if [[ "${1:-}" == "--stage-deps" ]]; then
    dest="$ROOT/.devdeps"
    mkdir -p "$dest/include" "$dest/share/cmake"
    for inc in nlohmann CLI; do
        [[ -d /usr/include/$inc ]] || { echo "missing /usr/include/$inc (install nlohmann-json3-dev libcli11-dev)"; exit 1; }
        cp -r "/usr/include/$inc" "$dest/include/"
    done
    for cfg in nlohmann_json CLI11; do
        [[ -d /usr/share/cmake/$cfg ]] || { echo "missing /usr/share/cmake/$cfg"; exit 1; }
        cp -r "/usr/share/cmake/$cfg" "$dest/share/cmake/"
    done
    echo "staged into $dest ($(du -sh "$dest" | cut -f1)); carry it to the GPU node"
    if ! git -C "$ROOT" check-ignore -q .devdeps; then
        echo "note: .devdeps is not ignored by git; add it: echo /.devdeps/ >>\"\$(git rev-parse --git-common-dir)/info/exclude\""
    fi
    exit 0
fi

OUT="${OUT:-$(mktemp -d /tmp/iteragpu-device-check.XXXXXX)}"
BUILD_DIR="${BUILD_DIR:-build/device}"
JOBS="${JOBS:-$(nproc)}"
DEVICE="${DEVICE:-cuda:0}"
DEPS="${ITERAGPU_DEPS_PREFIX:-}"
[[ -z "$DEPS" && -d "$ROOT/.devdeps" ]] && DEPS="$ROOT/.devdeps"
mkdir -p "$OUT"
LOG="$OUT/device_check.log"
: >"$LOG"

failures=()
say() { echo "$*" | tee -a "$LOG"; }
# step NAME COMMAND...: runs one step, logs its output, remembers a failure and goes on.
step() {
    local name="$1"
    shift
    say ""
    say "=== $name: $*"
    local start=$SECONDS
    "$@" 2>&1 | tee -a "$LOG"
    local rc=${PIPESTATUS[0]}
    say "=== $name: exit $rc, $((SECONDS - start)) s"
    ((rc == 0)) || failures+=("$name (exit $rc)")
    return "$rc"
}

say "device check of $(git rev-parse --short HEAD 2>/dev/null || echo '?') on $(hostname), $(date -u +%FT%TZ)"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$LOG"
command -v nvcc >/dev/null && nvcc --version | tail -2 | tee -a "$LOG"
[[ -x /usr/local/cuda/bin/nvcc ]] && /usr/local/cuda/bin/nvcc --version | tail -2 | tee -a "$LOG"

configure=(cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DITERAGPU_BUILD_GUI=OFF
    -DBUILD_TESTING=ON -DITERAGPU_BUILD_HIP=OFF -DITERAGPU_CUDA_ARCHITECTURES=90)
[[ -n "$DEPS" ]] && configure+=("-DCMAKE_PREFIX_PATH=$DEPS")
if ! step configure "${configure[@]}"; then
    say "configure failed: without nlohmann-json and CLI11 run '$0 --stage-deps' on a Debian machine and carry .devdeps"
    exit 1
fi
step build cmake --build "$BUILD_DIR" -j "$JOBS" --target iteragpu iteragpu_backend_cuda iteragpu_gpu_kernel_check \
    || exit 1

CLI="$BUILD_DIR/app/cli/iteragpu"
CHECK="$BUILD_DIR/tests/gpu/iteragpu_gpu_kernel_check"
case "$BUILD_DIR" in
/*) export ITERAGPU_MODULE_DIR="$BUILD_DIR/modules" ;;
*) export ITERAGPU_MODULE_DIR="$ROOT/$BUILD_DIR/modules" ;;
esac

step environment "$CLI" environment --device "$DEVICE"
if [[ "${failures[*]}" == *"environment (exit 2)"* ]]; then
    say "no device $DEVICE here (exit 2): the remaining steps need one; stopping"
    exit 2
fi
step kernels-cublas "$CHECK" "$DEVICE"
step kernels-portable-gemm env ITERAGPU_CUDA_PORTABLE_GEMM=1 "$CHECK" "$DEVICE"

seed=(--device "$DEVICE" --batch 2 --context 128 --width 1024 --dtype float32 --warmup 3 --repeats 5)
for run in inference-native inference-async training-native; do
    mode="${run%%-*}"
    allocator="${run##*-}"
    result="$OUT/measure-$run.json"
    rm -f "$result" # ours from an earlier run in the same folder; measure refuses an existing path
    step "measure-$run" "$CLI" measure "${seed[@]}" --mode "$mode" --allocator "$allocator" --output "$result"
    # Predicted vs measured per phase, read whatever the result's phase list is called; the file stays the record.
    if [[ -f "$result" ]] && command -v python3 >/dev/null; then
        python3 - "$result" <<'PY' 2>&1 | tee -a "$LOG"
import json, sys
doc = json.load(open(sys.argv[1]))
phases = doc.get("phases") or next((v for v in doc.values() if isinstance(v, list) and v and isinstance(v[0], dict) and "name" in v[0]), [])
def get(d, *path):
    for p in path:
        d = d.get(p) if isinstance(d, dict) else None
    return d
print(f"{'phase':<24}{'status':<9}{'peak alloc':>14}{'predicted':>14}{'diff':>10}{'peak reserved':>15}{'driver used':>15}{'process (nvml)':>16}")
for ph in phases:
    peak = get(ph, "peak", "allocated")
    pred = ph.get("predicted_peak_allocated")
    diff = peak - pred if isinstance(peak, int) and isinstance(pred, int) else None
    dev = ph.get("device") or ph.get("device_reading") or {}
    free, total = get(dev, "free"), get(dev, "total")
    used = total - free if isinstance(free, int) and isinstance(total, int) else None
    print(f"{str(ph.get('name')):<24}{str(ph.get('status')):<9}{str(peak):>14}{str(pred):>14}{str(diff):>10}"
          f"{str(get(ph, 'peak', 'reserved')):>15}{str(used):>15}{str(dev.get('process_used')):>16}")
PY
    fi
done

# The same dense workload in PyTorch, for the shape of the comparison: memory_allocated and max_memory_allocated
# per phase. PyTorch's MLP here is width → 4·width → width with GELU (tanh), the layout of the seed's network; the
# iteragpu dense workload documents its own tensor inventory, so compare per phase, not blindly to the byte.
if command -v python3 >/dev/null && python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
    for mode in inference training; do
        step "pytorch-$mode" python3 - "$mode" <<'PY'
import sys, torch
mode = sys.argv[1]
batch, context, width, warmup, repeats = 2, 128, 1024, 3, 5
dev = torch.device("cuda:0")
torch.manual_seed(0)
print(f"torch {torch.__version__}, {torch.cuda.get_device_name(0)}, float32, batch {batch}, context {context}, width {width}")
print(f"{'phase':<24}{'allocated':>14}{'max allocated':>15}{'reserved':>14}{'max reserved':>14}")
def phase(name, fn):
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    out = fn()
    torch.cuda.synchronize()
    print(f"{name:<24}{torch.cuda.memory_allocated():>14}{torch.cuda.max_memory_allocated():>15}"
          f"{torch.cuda.memory_reserved():>14}{torch.cuda.max_memory_reserved():>14}", flush=True)
    return out
model = phase("model_load", lambda: torch.nn.Sequential(torch.nn.Linear(width, 4 * width), torch.nn.GELU(approximate="tanh"),
                                                        torch.nn.Linear(4 * width, width)).to(dev))
x = phase("inputs", lambda: torch.randn(batch, context, width, device=dev))
if mode == "inference":
    with torch.no_grad():
        y = phase("cold_forward", lambda: model(x))
        del y
        def warm():
            for _ in range(warmup):
                model(x)
        phase("warmup", warm)
        for r in range(repeats):
            y = phase(f"warm_forward[{r}]", lambda: model(x))
            del y
else:
    target = phase("targets", lambda: torch.randn(batch, context, width, device=dev))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    y = phase("first_step.forward", lambda: model(x))
    loss = phase("first_step.loss", lambda: torch.nn.functional.mse_loss(y, target))
    phase("first_step.backward", lambda: loss.backward())
    phase("first_step.optimizer", lambda: opt.step())  # AdamW states created here, lazily
    del y, loss
    def step():
        opt.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), target).backward()
        opt.step()
    for r in range(repeats):
        phase(f"warm_step[{r}]", step)
    with torch.no_grad():
        xe = torch.randn(batch, context, width, device=dev)
        phase("evaluation", lambda: model(xe))
    phase("export", lambda: {k: v.cpu() for k, v in model.state_dict().items()})
PY
    done
else
    say ""
    say "=== pytorch: skipped (python3 with CUDA-enabled torch not found)"
fi

# The decoder (issue: measure the model you sized): Llama-2-7B-shaped, bf16, random weights, a prefill of 4 096
# tokens x 4 sequences and 256 generated, eager and sdpa, dynamic and static cache, predicted vs measured per phase.
for run in sdpa-dynamic eager-dynamic sdpa-static eager-static; do
    attention="${run%%-*}"
    cache="${run##*-}"
    result="$OUT/decoder-$run.json"
    rm -f "$result"
    step "decoder-$run" "$CLI" measure --device "$DEVICE" --model llama-2-7b --format bf16 --prompt-tokens 4096 \
        --generated 256 --sequences 4 --attention "$attention" --kv-cache "$cache" --warmup 0 --repeats 1 \
        --output "$result"
    if [[ -f "$result" ]] && command -v python3 >/dev/null; then
        python3 - "$result" <<'PY' 2>&1 | tee -a "$LOG"
import json, sys
doc = json.load(open(sys.argv[1]))
print(f"{'phase':<18}{'status':<9}{'peak alloc':>14}{'predicted':>14}{'diff':>12}{'peak reserved':>15}{'seconds':>10}")
for ph in doc["phases"]:
    peak, pred = ph["peak"]["allocated"], ph.get("predicted_peak_allocated")
    diff = peak - pred if isinstance(peak, int) and isinstance(pred, int) else None
    secs = ph["duration_seconds"]
    print(f"{ph['name'] + ('#' + str(ph['repeat']) if ph['repeat'] is not None else ''):<18}{ph['status']:<9}"
          f"{str(peak):>14}{str(pred):>14}{str(diff):>12}{str(ph['peak']['reserved']):>15}"
          f"{str(round(secs, 4) if secs is not None else None):>10}")
PY
    fi
done

# The same decoder in PyTorch (a Llama-shaped module built from the shape, random weights, no transformers
# needed): memory_allocated / max_memory_allocated and time per phase, for the same four variants.
if command -v python3 >/dev/null && python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
    for run in sdpa-dynamic eager-dynamic sdpa-static eager-static; do
        step "pytorch-decoder-$run" python3 - "${run%%-*}" "${run##*-}" <<'PY'
import sys, time, math, torch
import torch.nn.functional as F
attention, cache = sys.argv[1], sys.argv[2]
L, H, I, Hq, Hk, V = 32, 4096, 11008, 32, 32, 32000
D = H // Hq
B, P, G = 4, 4096, 256
dev, dt = torch.device("cuda:0"), torch.bfloat16
torch.manual_seed(0)
print(f"torch {torch.__version__}, {torch.cuda.get_device_name(0)}, llama-2-7b shape bf16, {attention}, {cache} cache")
print(f"{'phase':<18}{'allocated':>14}{'max allocated':>15}{'max reserved':>14}{'seconds':>10}")
def phase(name, fn):
    torch.cuda.synchronize(); torch.cuda.reset_peak_memory_stats(); t = time.perf_counter()
    out = fn()
    torch.cuda.synchronize()
    print(f"{name:<18}{torch.cuda.memory_allocated():>14}{torch.cuda.max_memory_allocated():>15}"
          f"{torch.cuda.max_memory_reserved():>14}{time.perf_counter() - t:>10.4f}", flush=True)
    return out
def w(*shape): return torch.randn(*shape, device=dev, dtype=dt) * 0.02
def load():
    layers = [dict(n1=torch.ones(H, device=dev, dtype=dt), q=w(Hq * D, H), k=w(Hk * D, H), v=w(Hk * D, H),
                   o=w(H, Hq * D), n2=torch.ones(H, device=dev, dtype=dt), g=w(I, H), u=w(I, H), d=w(H, I))
              for _ in range(L)]
    return dict(emb=w(V, H), layers=layers, norm=torch.ones(H, device=dev, dtype=dt), head=w(V, H))
m = phase("model_load", load)
ids = phase("inputs", lambda: torch.randint(0, V, (B, P), device=dev, dtype=torch.int32))
inv = 1.0 / (10000 ** (torch.arange(0, D, 2, device=dev, dtype=torch.float32) / D))
def rope(x, start):
    t = torch.arange(start, start + x.shape[2], device=dev, dtype=torch.float32)
    f = torch.outer(t, inv)
    c, s = torch.cat([f.cos()] * 2, -1).to(dt), torch.cat([f.sin()] * 2, -1).to(dt)
    x1, x2 = x[..., : D // 2], x[..., D // 2 :]
    return x * c + torch.cat([-x2, x1], -1) * s
def rms(x, g): return (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-5)).to(dt) * g
kv = [None] * L
if cache == "static":
    kv = [(torch.zeros(B, Hk, P + G, D, device=dev, dtype=dt), torch.zeros(B, Hk, P + G, D, device=dev, dtype=dt))
          for _ in range(L)]
def forward(tok, start):
    h = F.embedding(tok, m["emb"])
    T = tok.shape[1]
    for l, p in enumerate(m["layers"]):
        x = rms(h, p["n1"])
        q = (x @ p["q"].T).view(B, T, Hq, D).transpose(1, 2)
        k = (x @ p["k"].T).view(B, T, Hk, D).transpose(1, 2)
        v = (x @ p["v"].T).view(B, T, Hk, D).transpose(1, 2)
        q, k = rope(q, start), rope(k, start)
        if cache == "static":
            kv[l][0][:, :, start:start + T] = k
            kv[l][1][:, :, start:start + T] = v
            K, Vv = kv[l][0][:, :, : start + T], kv[l][1][:, :, : start + T]
        else:
            K = k if kv[l] is None else torch.cat([kv[l][0], k], 2)
            Vv = v if kv[l] is None else torch.cat([kv[l][1], v], 2)
            kv[l] = (K, Vv)
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
    nxt = phase("prefill", lambda: forward(ids, 0))
    def decode():
        global nxt
        for g in range(G):
            nxt = forward(nxt, P + g)
    phase("decode", decode)
PY
    done
fi

# The same decoder as the user's own PyTorch program, measured from inside by the Python probe
# (python/iteragpu_probe, found with `iteragpu probe --path`), beside the native decoder of the same shape: peak
# allocated and reserved per phase from both result files, and `iteragpu explain` reading the probe's file.
if command -v python3 >/dev/null && python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
    probe_path="$("$CLI" probe --path)"
    probe_result="$OUT/probe-decoder-sdpa-dynamic.json"
    rm -f "$probe_result"
    step probe-decoder-sdpa-dynamic env PYTHONPATH="$probe_path" \
        python3 tests/gpu/probe_decoder.py sdpa dynamic "$probe_result"
    step probe-explain "$CLI" explain "$probe_result"
    if [[ -f "$probe_result" && -f "$OUT/decoder-sdpa-dynamic.json" ]]; then
        python3 - "$OUT/decoder-sdpa-dynamic.json" "$probe_result" <<'PY' 2>&1 | tee -a "$LOG"
import json, sys
native, probe = (json.load(open(p)) for p in sys.argv[1:3])
def by_name(doc):
    return {ph["name"]: ph for ph in doc["phases"] if ph["repeat"] is None or ph["repeat"] == 0}
n, p = by_name(native), by_name(probe)
print(f"native: {native['environment']['runtime']}; probe: {probe['workload']['measured_by']}")
print(f"{'phase':<12}{'native peak alloc':>19}{'probe peak alloc':>18}{'diff':>14}"
      f"{'native peak res':>17}{'probe peak res':>16}{'native s':>10}{'probe s':>10}")
for name in [x for x in n if x in p] + [x for x in p if x not in n]:
    a, b = n.get(name, {}), p.get(name, {})
    na, pa = (a.get("peak") or {}).get("allocated"), (b.get("peak") or {}).get("allocated")
    diff = pa - na if isinstance(na, int) and isinstance(pa, int) else None
    ns, ps = a.get("duration_seconds"), b.get("duration_seconds")
    print(f"{name:<12}{str(na):>19}{str(pa):>18}{str(diff):>14}{str((a.get('peak') or {}).get('reserved')):>17}"
          f"{str((b.get('peak') or {}).get('reserved')):>16}{str(round(ns, 3) if ns is not None else None):>10}"
          f"{str(round(ps, 3) if ps is not None else None):>10}")
PY
    fi
else
    say ""
    say "=== probe-decoder: skipped (python3 with CUDA-enabled torch not found)"
fi

say ""
if ((${#failures[@]})); then
    say "FAILED: ${failures[*]}"
    say "results in $OUT"
    exit 1
fi
say "all steps passed; results in $OUT"
