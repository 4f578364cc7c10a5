// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/decodertrainingsizer.h"

#include "core/alloc/cachingallocator.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/weightestimator.h"
#include "core/sizing/weightformat.h"
#include "core/training/frameworkprofile.h"
#include "core/units/checkedmath.h"

#include <algorithm>
#include <array>
#include <utility>

namespace iteragpu::sizing {

// Note [Training step in closed form]
// The decoder workload allocates a training step tensor by tensor (core/workloads/DECODER.md, "Training"); its
// predictor replays that list on the caching allocator. This sizing does not replay it: it writes each stage of
// the inventory (a norm, a linear with its adapter, the attention, the gated MLP, the loss, a layer's backward,
// the optimizer's step of one tensor) as the sum of the tensors alive at that stage's largest moment, and a
// phase's peak is the largest of its stages' sums. Sizes are allocated bytes: each tensor is rounded up to a
// multiple of 512 bytes (alloc::roundSize), as the caching allocator's allocated_bytes counts it; what the
// allocator reserves above that (2 MiB and 20 MiB segments, cached free blocks, an unsplit large block) is the
// allocator's, and the ledger names it. T = B·S tokens, s = bytes of the compute dtype, a = the adapters' bytes
// (4 with float32 adapters, else s), X = [T, H]·s, and for a Llama layer (two norms, gated MLP, sdpa, no biases):
//
//   kept for the backward (what the backward reads), per layer:
//     h (its input) + q [T, Hq·D] + k, v [T, Hk·D] + attn [T, Hq·D] + lse float32 [B, Hq, S] + h1 + g, u [T, I]
//     + x when a linear reading it is trainable or has an adapter in the compute dtype (x2 likewise for gate/up,
//     act for down_proj)
//     + per adapter: lora_x [T, in] (a ≠ s) and lora_mid [T, r] (a)
//     eager attention keeps probs [B, Hq, S, S] (s) instead of attn and lse; with checkpointing only h is kept
//     (and one layer's set is recomputed in its backward)
//   the loss: logits [T, V] (s) + logprobs float32 [T, V] + loss; chunked in n: the same in n pieces
//   the loss backward's largest moment: logits + logprobs + dlogprobs + dlogits32 = T·V·(s + 12) (whole), or
//     T·V·(s + 4) + 2·(T/n)·V·4 (chunked: one chunk's float32 buffers at a time)
//   a layer's backward, its largest moments: the gated activation's backward (dact, dg, du [T, I] beside g and u),
//     each linear's backward (dx, and with an adapter dy_a, dmid, dx_a, dx_c and the fresh gradients), the
//     attention's (dq, dk, dv, and eager's dscores [B, Hq, S, S])
//   gradients: one per trainable tensor in its parameter's dtype (AccumulateGrad), made in the backward, freed
//     after the optimizer step (or stepped and freed at once in the backward with optimizer_in_bwd)
//   optimizer states, made at a tensor's first step: AdamW 2·n·dtype, 8-bit 2·n + 2·4·ceil(n / 2048), SGD none;
//     paged: none on the device, one page of the tensor's states while it is stepped
//   master weights (full, 16-bit weights): float32 [n] per tensor, and a float32 copy of its gradient while
//     stepped
// Where DECODER.md leaves a moment open this sizing takes: a tensor freed "at its last use" is alive while the
// tensor made from it is allocated (lora_x with lora_mid); a saved input of down_proj (act) is freed after
// down_proj's backward, its only reader; the attention sinks get no gradient (no kernel reads them) and so no
// states, but are exported.
namespace {

    namespace checked = units::checked;
    using i18n::Arg;
    using i18n::Message;
    using training::Method;
    using training::OptimizerKind;

    constexpr const char* kWhat = "training step size";
    constexpr std::uint64_t kTokenIdBytes = 4; // int32 input_ids and labels
    constexpr std::uint64_t kFloat32 = 4;
    constexpr std::uint64_t kExportBytes = 2; // checkpoint_save's copies are 16-bit
    constexpr std::uint64_t kLossBytes = 4; // the loss, float32 [1]

    Arg g(std::uint64_t n) { return Arg::grouped(n); }

    std::uint64_t mul(std::initializer_list<std::uint64_t> factors) { return checked::mul(factors, kWhat); }
    std::uint64_t add(std::uint64_t a, std::uint64_t b) { return checked::add(a, b, kWhat); }
    std::uint64_t sub(std::uint64_t a, std::uint64_t b)
    {
        if (b > a)
            throw SizingError("internal: a training tensor freed twice in the closed-form sizing");
        return a - b;
    }
    // One tensor as the caching allocator counts it: its bytes rounded up to 512 (a multiple of kMinBlockSize).
    std::uint64_t tensor(std::initializer_list<std::uint64_t> dimsAndBytes)
    {
        return alloc::roundSize(mul(dimsAndBytes));
    }

    // What is alive at a moment, by the part it is counted in. Weights, adapters and inputs are the same all
    // through a phase and are added when the phase is written.
    struct Moment {
        std::uint64_t activations = 0; // kept for the backward: layer inputs, saved tensors, the final norm's output
        std::uint64_t logits = 0; // logits, their log-probabilities, the loss
        std::uint64_t gradients = 0;
        std::uint64_t states = 0; // optimizer states and a paged optimizer's page
        std::uint64_t master = 0;
        std::uint64_t exports = 0; // checkpoint_save's copies
        std::uint64_t transient = 0; // everything else: the stage's working tensors

        std::uint64_t total() const
        {
            std::uint64_t t = 0;
            for (std::uint64_t part : { activations, logits, gradients, states, master, exports, transient })
                t = add(t, part);
            return t;
        }
    };

    using Part = std::uint64_t Moment::*;

    Moment operator+(Moment a, const Moment& b)
    {
        for (Part p : { &Moment::activations, &Moment::logits, &Moment::gradients, &Moment::states, &Moment::master,
                 &Moment::exports, &Moment::transient })
            a.*p = add(a.*p, b.*p);
        return a;
    }

    Moment of(Part part, std::uint64_t bytes)
    {
        Moment m;
        m.*part = bytes;
        return m;
    }
    Moment tr(std::uint64_t bytes) { return of(&Moment::transient, bytes); }

    void grow(Moment& m, Part part, std::uint64_t bytes) { m.*part = add(m.*part, bytes); }
    void release(Moment& m, Part part, std::uint64_t bytes) { m.*part = sub(m.*part, bytes); }

    Moment larger(const Moment& a, const Moment& b) { return b.total() > a.total() ? b : a; }

    // Where a moment is: "backward layer 31: down_proj". Written only when it becomes a phase's peak.
    struct Where {
        const char* pass = "";
        std::int64_t layer = -1;
        const char* stage = "";

        std::string text() const
        {
            std::string s = pass;
            if (layer >= 0)
                s += " layer " + std::to_string(layer);
            return s + ": " + stage;
        }
    };

    // The largest moment of a phase (the first to reach it), and where it is.
    struct Peak {
        Moment moment;
        Where where;
        bool set = false;

        void at(const Moment& m, const char* pass, std::int64_t layer, const char* stage)
        {
            if (!set || m.total() > moment.total()) {
                moment = m;
                where = { pass, layer, stage };
                set = true;
            }
        }
    };

    // The stage names of one pass over a layer: "forward", "recompute", "backward", "eval".
    struct Stages {
        Peak& peak;
        const char* pass;
        std::int64_t layer;

        void at(const Moment& m, const char* stage) const { peak.at(m, pass, layer, stage); }
    };

    // One trainable tensor: its gradient and what its optimizer step keeps and holds.
    struct Param {
        bool trainable = false;
        std::uint64_t elements = 0;
        std::uint64_t grad = 0; // in its dtype
        std::uint64_t states = 0; // made at its first step, resident (0 when paged)
        std::uint64_t page = 0; // a paged optimizer's page while it is stepped
        std::uint64_t master = 0; // float32 master copy, made at its first step
        std::uint64_t grad32 = 0; // float32 copy of the gradient while it is stepped on its master
        std::uint64_t exportCopy = 0;
    };

    // What the recipe and the formats say, once.
    struct Setup {
        bool full = false;
        bool quantized = false;
        bool doubleQuant = false;
        std::uint64_t blockSize = 64;
        std::uint64_t s = 2; // compute dtype
        std::uint64_t w = 2; // float weights' dtype (their gradients' and states' in a full fine-tune)
        std::uint64_t kept = 2; // modules kept in 16 bit beside quantized linears
        std::uint64_t a = 4; // adapters
        std::uint64_t rank = 8;
        std::array<bool, training::kLoraTargetCount> targets {};
        OptimizerKind optimizer = OptimizerKind::AdamW;
        bool momentum = false;
        bool paged = false;
        bool masterWeights = false;
        bool inBackward = false;
        bool eager = false;
        bool checkpointing = false;
        std::uint64_t chunks = 0;
        std::uint64_t sequence = 0;
        std::uint64_t hidden = 0;
        std::uint64_t vocab = 0;
        bool tied = false;
    };

    Param makeParam(std::uint64_t n, std::uint64_t dtype, const Setup& k, bool trainable = true)
    {
        Param p;
        p.trainable = trainable;
        p.elements = n;
        p.exportCopy = tensor({ n, kExportBytes });
        if (!trainable)
            return p;
        p.grad = tensor({ n, dtype });
        std::uint64_t resident = 0;
        std::uint64_t stateBytes = 0;
        switch (k.optimizer) {
        case OptimizerKind::AdamW: // exp_avg and exp_avg_sq, zeros_like the parameter
            resident = mul({ 2, tensor({ n, dtype }) });
            stateBytes = mul({ 2, n, dtype });
            break;
        case OptimizerKind::AdamW8bit: { // state1, state2 uint8 [n]; absmax1, absmax2 float32 [ceil(n / 2048)]
            const std::uint64_t blocks = checked::ceilDiv(n, training::kAdam8bitBlock);
            resident = add(mul({ 2, tensor({ n }) }), mul({ 2, tensor({ blocks, kFloat32 }) }));
            stateBytes = add(mul({ 2, n }), mul({ 2, blocks, kFloat32 }));
            break;
        }
        case OptimizerKind::Sgd:
            if (k.momentum) { // momentum_buffer, a clone of the first gradient
                resident = tensor({ n, dtype });
                stateBytes = mul({ n, dtype });
            }
            break;
        }
        if (k.paged)
            p.page = stateBytes > 0 ? alloc::roundSize(stateBytes) : 0;
        else
            p.states = resident;
        if (k.masterWeights && k.full && dtype < kFloat32) {
            p.master = tensor({ n, kFloat32 });
            p.grad32 = tensor({ n, kFloat32 });
        }
        return p;
    }

    // How the backward meets a tensor's fresh gradient (DECODER.md "Its gradient").
    enum class GradMode {
        First, // the gradient becomes .grad and stays until the optimizer step
        Accumulate, // .grad exists: grad += fresh, the fresh one freed
        InBackwardFirst, // stepped at once (its states and master made, first step), then freed
        InBackwardWarm, // stepped at once with its states there, then freed
    };

    // A tensor's gradient used again in the same backward (the chunks of the lm_head, a tied embedding).
    GradMode again(GradMode m)
    {
        return m == GradMode::First          ? GradMode::Accumulate
            : m == GradMode::InBackwardFirst ? GradMode::InBackwardWarm
                                             : m;
    }

    // What a stage holds at its largest moment (beyond what was alive before it) and what stays after it.
    struct Event {
        Moment at;
        Moment stays;
    };

    Event gradient(const Param& p, GradMode mode)
    {
        Event e;
        if (!p.trainable)
            return e;
        e.at = of(&Moment::gradients, p.grad);
        switch (mode) {
        case GradMode::First:
            e.stays = e.at;
            break;
        case GradMode::Accumulate:
            break;
        case GradMode::InBackwardFirst:
            e.at = e.at + of(&Moment::states, add(p.states, p.page)) + of(&Moment::master, p.master) + tr(p.grad32);
            e.stays = of(&Moment::states, p.states) + of(&Moment::master, p.master);
            break;
        case GradMode::InBackwardWarm:
            e.at = e.at + of(&Moment::states, p.page) + tr(p.grad32);
            break;
        }
        return e;
    }

    // Gradients of a group made one after the other (a norm's weight and bias).
    Event gradients(const std::vector<Param>& params, GradMode mode)
    {
        Event all;
        for (const auto& p : params) {
            const Event e = gradient(p, mode);
            all.at = larger(all.at, all.stays + e.at);
            all.stays = all.stays + e.stays;
        }
        return all;
    }

    enum Target : int { Q = 0, K, V, O, Gate, Up, Down };
    constexpr const char* kLinearNames[training::kLoraTargetCount]
        = { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" };

    // One linear of a layer and the tensors its forward and backward make (DECODER.md "A quantized linear",
    // "Linear backward").
    struct Linear {
        bool present = false;
        bool adapter = false;
        std::uint64_t y = 0; // [T, out] s
        std::uint64_t dx = 0; // [T, in] s
        std::uint64_t wdeq = 0; // [out, in] s: a quantized base dequantized for its GEMM
        std::uint64_t lx = 0, lm = 0, lo = 0, lc = 0; // lora_x (a ≠ s), lora_mid, lora_out, lora_cast (a ≠ s)
        std::uint64_t dya = 0, dm = 0, dxa = 0, dxc = 0; // dy_a (a ≠ s), dmid, dx_a, dx_c (a ≠ s)
        Param weight, bias, loraA, loraB;
        bool hasBias = false;

        std::uint64_t saved() const { return add(lx, lm); } // what the adapter keeps for the backward
    };

    // A linear's forward: its largest moment (y included) and what stays (y, and the adapter's saved tensors).
    Event linearForward(const Linear& l, bool keep, Part yPart)
    {
        const Moment y = of(yPart, l.y);
        Event e { y + tr(l.wdeq), y };
        if (!l.adapter)
            return e;
        if (keep) { // lora_x and lora_mid saved; at lora_cast, lora_out is alive
            e.at = larger(e.at, y + of(&Moment::activations, l.saved()) + tr(add(l.lo, l.lc)));
            e.stays = y + of(&Moment::activations, l.saved());
        } else { // each freed once the next is made
            for (const std::uint64_t pair : { add(l.lx, l.lm), add(l.lm, l.lo), add(l.lo, l.lc) })
                e.at = larger(e.at, y + tr(pair));
        }
        return e;
    }

    // A linear's backward given dy: dx first (through W_deq), then the weight's gradients or the adapter's.
    Event linearBackward(const Linear& l, GradMode mode)
    {
        const Moment dx = tr(l.dx);
        Event e { dx + tr(l.wdeq), dx };
        for (const Param* p : { &l.weight, &l.bias }) {
            if (p == &l.bias && !l.hasBias)
                continue;
            const Event grad = gradient(*p, mode);
            e.at = larger(e.at, e.stays + grad.at);
            e.stays = e.stays + grad.stays;
        }
        if (l.adapter) {
            const Event b = gradient(l.loraB, mode);
            const Event a = gradient(l.loraA, mode);
            e.at = larger(e.at, e.stays + tr(l.dya) + b.at); // dB = dy_aᵀ·lora_mid
            const Moment withB = e.stays + b.stays;
            e.at = larger(e.at, withB + tr(add(l.dya, l.dm))); // dmid = dy_a·B
            e.at = larger(e.at, withB + tr(l.dm) + a.at); // dA (dy_a freed)
            const Moment withA = withB + a.stays;
            e.at = larger(e.at, withA + tr(add(l.dm, l.dxa))); // dx_a = dmid·A
            e.at = larger(e.at, withA + tr(add(l.dxa, l.dxc))); // dx_c (dmid freed)
            e.stays = withA;
        }
        return e;
    }

    // One layer's tensors at T tokens (DECODER.md "Layers", "The forward of a training step").
    struct Layer {
        int norms = 2; // n_l: 1 (parallel), 2, or 4 (Gemma-2)
        bool gated = true;
        bool qkNorm = false;
        bool eager = false;
        std::uint64_t x = 0; // [T, H] s: h, x, h1, x2, o, d, h2 and their gradients
        std::uint64_t q = 0; // [T, Hq·D] s
        std::uint64_t kv = 0; // [T, Hk·D] s
        std::uint64_t inter = 0; // [T, I] s
        std::uint64_t lse = 0; // float32 [B, Hq, S] (lse and delta)
        std::uint64_t scores = 0; // eager [B, Hq, S, S] s (scores, probs, dscores)
        std::uint64_t probs32 = 0; // eager float32 [B, Hq, S, S]
        std::array<Linear, training::kLoraTargetCount> linears {};
        std::vector<Param> inputNorm, postAttentionNorm, preFeedforwardNorm, postFeedforwardNorm, qNorm, kNorm, sinks;
        // What the backward reads besides q, k, v, h1, g, u (DECODER.md "What the backward reads").
        bool saveX = false, saveAttn = false, saveX2 = false, saveAct = false;
    };

    enum class Pass {
        Keep, // the training forward (and a checkpointed layer's recompute): what the backward reads is kept
        Checkpointed, // a checkpointed layer's forward: every tensor freed at its last use but the layer's input
        Eval, // no gradients: every tensor freed at its last use, the layer's input too
    };

    // One layer's forward over what is alive before it (`held`, the layer's input h among it); returns what is
    // alive after it (its output h2 added). DECODER.md "The forward of a training step", steps a to i.
    Moment layerForward(const Layer& L, Moment held, Pass pass, const Stages& st)
    {
        const bool keep = pass == Pass::Keep;
        const bool parallel = L.norms == 1;
        const bool four = L.norms == 4;
        const auto part = [&](bool saved) -> Part { return keep && saved ? &Moment::activations : &Moment::transient; };
        const Part stream = pass == Pass::Eval ? &Moment::transient : &Moment::activations; // h, h2
        const auto linear = [&](int j, Part yPart, const char* name) {
            const Linear& l = L.linears[j];
            const Event e = linearForward(l, keep, yPart);
            st.at(held + e.at, name);
            held = held + e.stays;
        };
        // a, b: x = RMSNorm(h); q, k, v
        const Part xPart = part(L.saveX);
        grow(held, xPart, L.x);
        linear(Q, part(true), "q_proj");
        linear(K, part(true), "k_proj");
        linear(V, part(true), "v_proj");
        if (!parallel && xPart == &Moment::transient)
            release(held, xPart, L.x);
        // c: q/k norms (keep: q and k saved as the norms' inputs, q_norm and k_norm as the attention's)
        if (L.qkNorm) {
            if (keep) {
                grow(held, &Moment::activations, add(L.q, L.kv));
                st.at(held, "q_norm, k_norm");
            } else {
                st.at(held + tr(L.q), "q_norm"); // q_norm made while q is alive, then q freed; k likewise
            }
        }
        // d: the attention
        const Part attnPart = part(L.saveAttn);
        const std::uint64_t qkv = add(L.q, mul({ 2, L.kv }));
        if (!L.eager) {
            grow(held, part(true), L.lse);
            grow(held, attnPart, L.q);
            st.at(held, "attention");
            if (!keep)
                release(held, &Moment::transient, add(qkv, L.lse));
        } else {
            st.at(held + tr(add(L.scores, L.probs32)), "attention scores");
            st.at(held + tr(L.probs32) + of(part(true), L.scores), "attention softmax");
            grow(held, part(true), L.scores); // probs
            grow(held, attnPart, L.q);
            st.at(held, "attention");
            if (!keep)
                release(held, &Moment::transient, add(qkv, L.scores));
        }
        // e: o = linear(attn, o_proj); attn freed unless saved
        const Part oPart = part(four);
        linear(O, oPart, "o_proj");
        if (attnPart == &Moment::transient)
            release(held, attnPart, L.q);
        // f: the residual (n = 4: through post_attention_layernorm)
        if (L.norms == 2) {
            st.at(held + of(part(true), L.x), "residual");
            grow(held, part(true), L.x); // h1
            release(held, oPart, L.x);
        } else if (four) {
            st.at(held + tr(L.x), "post_attention_layernorm"); // o2
            if (!keep)
                release(held, oPart, L.x);
            st.at(held + tr(L.x) + of(part(true), L.x), "residual"); // h1 beside o2
            grow(held, part(true), L.x);
        }
        if (pass == Pass::Eval && !parallel)
            release(held, stream, L.x); // h: its last use was the residual
        // g: x2 = RMSNorm(h1) (parallel: x2 is x)
        const Part x2Part = parallel ? xPart : part(L.saveX2);
        if (!parallel) {
            grow(held, x2Part, L.x);
            st.at(held, "post_attention norm");
        }
        // h: the MLP
        if (L.gated)
            linear(Gate, part(true), "gate_proj");
        linear(Up, part(true), "up_proj");
        if (x2Part == &Moment::transient)
            release(held, x2Part, L.x);
        const Part actPart = part(L.saveAct);
        grow(held, actPart, L.inter);
        st.at(held, "activation");
        if (!keep)
            release(held, &Moment::transient, mul({ L.gated ? 2u : 1u, L.inter }));
        linear(Down, part(four), "down_proj");
        if (actPart == &Moment::transient)
            release(held, actPart, L.inter);
        // i: the output h2 (the next layer's input)
        if (four) {
            st.at(held + tr(L.x), "post_feedforward_layernorm"); // d2
            if (!keep)
                release(held, part(four), L.x);
            st.at(held + tr(L.x) + of(stream, L.x), "output");
            grow(held, stream, L.x);
            if (!keep)
                release(held, &Moment::transient, L.x); // h1
        } else {
            st.at(held + of(stream, L.x), "output");
            grow(held, stream, L.x);
            release(held, &Moment::transient, L.x); // d
            if (parallel) {
                release(held, oPart, L.x); // o
                if (pass == Pass::Eval)
                    release(held, stream, L.x); // h
            } else if (!keep) {
                release(held, &Moment::transient, L.x); // h1
            }
        }
        return held;
    }

    // One layer's backward over what is alive before it: the layer's saved tensors (its input h among them), dh2
    // (transient) and the gradients so far; returns what is alive after it: dh (transient), the layer's saved
    // tensors freed, its gradients made. DECODER.md "The backward", step 4, a to k.
    Moment layerBackward(const Layer& L, Moment held, GradMode mode, const Stages& st)
    {
        const bool parallel = L.norms == 1;
        const bool four = L.norms == 4;
        const Part A = &Moment::activations;
        const Part T = &Moment::transient;
        const auto norm = [&](const std::vector<Param>& params, const char* name) {
            const Event e = gradients(params, mode);
            st.at(held + tr(L.x) + e.at, name);
            held = held + tr(L.x) + e.stays;
        };
        const auto linear = [&](int j, const char* name) {
            const Linear& l = L.linears[j];
            const Event e = linearBackward(l, mode);
            st.at(held + e.at, name);
            held = held + e.stays;
            release(held, A, l.saved()); // lora_x, lora_mid
        };
        // a: n = 4: dd through post_feedforward_layernorm (input d)
        if (four) {
            norm(L.postFeedforwardNorm, "post_feedforward_layernorm");
            release(held, A, L.x); // d
        }
        // b: dact through down_proj; act freed after its only reader
        linear(Down, "down_proj");
        if (L.saveAct)
            release(held, A, L.inter);
        if (four)
            release(held, T, L.x); // dd
        // c: the activation's backward
        if (L.gated) {
            st.at(held + tr(mul({ 2, L.inter })), "activation");
            grow(held, T, L.inter); // dg, du in, dact out
            release(held, A, mul({ 2, L.inter })); // g, u
        } else {
            release(held, A, L.inter); // u (du is dact, in place)
        }
        // d: dx2 through gate_proj and up_proj
        if (L.gated) {
            linear(Gate, "gate_proj");
            release(held, T, L.inter); // dg
        }
        linear(Up, "up_proj");
        if (L.gated)
            release(held, T, L.x); // dx2u, added to dx2
        release(held, T, L.inter); // du
        if (!parallel && L.saveX2)
            release(held, A, L.x);
        // e: dh1 through the norm before the MLP, + dh2; n = 4: do through post_attention_layernorm
        if (!parallel) {
            norm(four ? L.preFeedforwardNorm : L.postAttentionNorm, four ? "pre_feedforward_layernorm" : "residual");
            release(held, T, mul({ 2, L.x })); // dx2, dh2
            release(held, A, L.x); // h1
            if (four) {
                norm(L.postAttentionNorm, "post_attention_layernorm");
                release(held, A, L.x); // o
            }
        }
        // f: dattn through o_proj
        linear(O, "o_proj");
        if (four)
            release(held, T, L.x); // do
        if (L.eager && L.saveAttn)
            release(held, A, L.q); // attn
        // g: the attention's backward
        const std::uint64_t qkv = add(L.q, mul({ 2, L.kv }));
        if (!L.eager) {
            st.at(held + tr(add(L.lse, qkv)), "attention"); // delta, dq, dk, dv
            release(held, A, add(L.lse, L.q)); // lse, attn
        } else {
            st.at(held + tr(add(L.scores, qkv)), "attention"); // dscores, dq, dk, dv
            release(held, A, L.scores); // probs
        }
        grow(held, T, qkv);
        release(held, T, L.q); // dattn
        release(held, A, qkv); // q, k, v
        // h: q/k norms
        if (L.qkNorm) {
            const Event nq = gradients(L.qNorm, mode);
            st.at(held + tr(L.q) + nq.at, "q_norm");
            held = held + nq.stays;
            const Event nk = gradients(L.kNorm, mode);
            st.at(held + tr(L.kv) + nk.at, "k_norm");
            held = held + nk.stays;
            release(held, A, add(L.q, L.kv)); // the pre-norm q and k
        }
        // i: dx through q_proj, k_proj, v_proj
        linear(Q, "q_proj");
        release(held, T, L.q); // dq
        linear(K, "k_proj");
        release(held, T, add(L.x, L.kv)); // dxk, dk
        linear(V, "v_proj");
        release(held, T, add(L.x, L.kv)); // dxv, dv
        // j
        if (parallel)
            release(held, T, L.x); // dx2
        if (L.saveX)
            release(held, A, L.x);
        // k: dh through input_layernorm, + dh1 (dh2)
        norm(L.inputNorm, "input_layernorm");
        release(held, T, mul({ 2, L.x })); // dx, dh1
        release(held, A, L.x); // h
        return held;
    }

    // The model's tensors at T = batch x sequence tokens.
    struct Step {
        Setup k;
        std::uint64_t batch = 0;
        std::uint64_t tokens = 0;
        std::uint64_t x = 0; // [T, H] s
        std::vector<Layer> distinct; // layers with their own sizes
        std::vector<std::size_t> layerOf; // per layer, its entry of `distinct`
        Param embed, lmHead, lmHeadBias;
        bool hasLmHeadBias = false;
        std::vector<Param> finalNorm;
        std::vector<std::uint64_t> chunkRows; // the loss's chunks (one: the whole logits)
        const Layer& layer(std::size_t l) const { return distinct[layerOf[l]]; }
    };

    std::uint64_t logitsOf(const Step& m, std::uint64_t rows) { return tensor({ rows, m.k.vocab, m.k.s }); }
    std::uint64_t float32Of(const Step& m, std::uint64_t rows) { return tensor({ rows, m.k.vocab, kFloat32 }); }

    Layer buildLayer(
        const model::LayerSpec& spec, std::uint64_t normWidth, const Setup& k, std::uint64_t B, std::uint64_t T)
    {
        const model::AttentionSpec& at = spec.attention;
        const model::MlpSpec& mlp = spec.mlp;
        const std::uint64_t H = k.hidden;
        const std::uint64_t S = k.sequence;
        Layer L;
        L.norms = static_cast<int>(spec.normParameters / normWidth);
        L.gated = mlp.gated;
        L.qkNorm = at.qkNormParameters > 0;
        L.eager = k.eager;
        const std::uint64_t qWidth = mul({ at.heads, at.headDim });
        const std::uint64_t kvWidth = mul({ at.kvHeads, at.headDim });
        L.x = tensor({ T, H, k.s });
        L.q = tensor({ T, qWidth, k.s });
        L.kv = tensor({ T, kvWidth, k.s });
        L.inter = tensor({ T, mlp.intermediate, k.s });
        L.lse = tensor({ B, at.heads, S, kFloat32 });
        if (k.eager) {
            L.scores = tensor({ B, at.heads, S, S, k.s });
            L.probs32 = tensor({ B, at.heads, S, S, kFloat32 });
        }
        const std::uint64_t widths[training::kLoraTargetCount][2] = { { H, qWidth }, { H, kvWidth }, { H, kvWidth },
            { qWidth, H }, { H, mlp.intermediate }, { H, mlp.intermediate }, { mlp.intermediate, H } };
        const bool biases[training::kLoraTargetCount]
            = { at.qkvBias, at.qkvBias, at.qkvBias, at.outputBias, mlp.bias, mlp.bias, mlp.bias };
        bool saveInput[training::kLoraTargetCount] {};
        for (int j = 0; j < training::kLoraTargetCount; ++j) {
            Linear& l = L.linears[j];
            l.present = j != Gate || L.gated;
            if (!l.present)
                continue;
            const std::uint64_t in = widths[j][0];
            const std::uint64_t out = widths[j][1];
            l.y = tensor({ T, out, k.s });
            l.dx = tensor({ T, in, k.s });
            if (k.quantized)
                l.wdeq = tensor({ out, in, k.s });
            l.hasBias = biases[j];
            if (k.full) {
                l.weight = makeParam(mul({ out, in }), k.w, k);
                l.bias = makeParam(out, k.w, k, l.hasBias);
                saveInput[j] = true;
            }
            l.adapter = !k.full && k.targets[static_cast<std::size_t>(j)];
            if (l.adapter) {
                const bool cast = k.a != k.s; // PEFT casts the input to the adapters' dtype
                l.lx = cast ? tensor({ T, in, k.a }) : 0;
                l.lm = tensor({ T, k.rank, k.a });
                l.lo = tensor({ T, out, k.a });
                l.lc = cast ? tensor({ T, out, k.s }) : 0;
                l.dya = cast ? tensor({ T, out, k.a }) : 0;
                l.dm = tensor({ T, k.rank, k.a });
                l.dxa = tensor({ T, in, k.a });
                l.dxc = cast ? tensor({ T, in, k.s }) : 0;
                l.loraA = makeParam(mul({ k.rank, in }), k.a, k);
                l.loraB = makeParam(mul({ out, k.rank }), k.a, k);
                saveInput[j] = saveInput[j] || !cast;
            }
        }
        const bool parallel = L.norms == 1;
        L.saveX = saveInput[Q] || saveInput[K] || saveInput[V] || (parallel && (saveInput[Gate] || saveInput[Up]));
        L.saveAttn = !k.eager || saveInput[O];
        L.saveX2 = !parallel && (saveInput[Gate] || saveInput[Up]);
        L.saveAct = saveInput[Down];
        const auto normParams = [&](std::uint64_t width) {
            std::vector<Param> p { makeParam(width, k.w, k, k.full) };
            if (normWidth == 2 * H)
                p.push_back(makeParam(width, k.w, k, k.full));
            return p;
        };
        L.inputNorm = normParams(H);
        if (L.norms >= 2)
            L.postAttentionNorm = normParams(H);
        if (L.norms == 4) {
            L.preFeedforwardNorm = normParams(H);
            L.postFeedforwardNorm = normParams(H);
        }
        if (L.qkNorm) {
            const bool perHead = at.qkNormParameters == 2 * at.headDim;
            L.qNorm = { makeParam(perHead ? at.headDim : qWidth, k.w, k, k.full) };
            L.kNorm = { makeParam(perHead ? at.headDim : kvWidth, k.w, k, k.full) };
        }
        if (at.sinks)
            L.sinks = { makeParam(at.heads, k.w, k, false) }; // no kernel reads them: no gradient
        return L;
    }

    Step buildStep(const model::ModelShape& shape, const Setup& k, std::uint64_t batch)
    {
        Step m;
        m.k = k;
        m.batch = batch;
        m.tokens = mul({ batch, k.sequence });
        m.x = tensor({ m.tokens, k.hidden, k.s });
        const std::uint64_t H = k.hidden;
        const std::uint64_t normWidth = !shape.layerSpecs.empty() && shape.finalNormParameters == 2 * H ? 2 * H : H;
        if (shape.layerSpecs.empty()) { // uniform layers: one entry (a window changes no byte of a training step)
            m.distinct.push_back(buildLayer(shape.uniformLayer(0), normWidth, k, batch, m.tokens));
            m.layerOf.assign(shape.layers, 0);
        } else {
            for (std::uint64_t l = 0; l < shape.layers; ++l) {
                m.layerOf.push_back(m.distinct.size());
                m.distinct.push_back(buildLayer(shape.layerSpecs.at(l), normWidth, k, batch, m.tokens));
            }
        }
        const std::uint64_t vocabRows = mul({ k.vocab, H });
        m.embed = makeParam(vocabRows, k.w, k, k.full);
        if (!k.tied)
            m.lmHead = makeParam(vocabRows, k.w, k, k.full);
        m.hasLmHeadBias = shape.lmHeadBias;
        if (m.hasLmHeadBias)
            m.lmHeadBias = makeParam(k.vocab, k.w, k, k.full);
        m.finalNorm = { makeParam(H, k.w, k, k.full) };
        if (normWidth == 2 * H)
            m.finalNorm.push_back(makeParam(H, k.w, k, k.full));
        if (k.chunks == 0) {
            m.chunkRows = { m.tokens };
        } else { // chunk c: rows floor(T c / n) .. floor(T (c + 1) / n) - 1
            for (std::uint64_t c = 0; c < k.chunks; ++c) {
                const std::uint64_t from = mul({ m.tokens, c }) / k.chunks;
                const std::uint64_t to = mul({ m.tokens, c + 1 }) / k.chunks;
                if (to > from)
                    m.chunkRows.push_back(to - from);
            }
        }
        return m;
    }

    // Every trainable tensor in model_load order (the optimizer's order), sinks included (they have no gradient).
    std::vector<const Param*> trainables(const Step& m)
    {
        std::vector<const Param*> out;
        const auto addAll = [&](const std::vector<Param>& ps) {
            for (const auto& p : ps)
                out.push_back(&p);
        };
        if (m.k.full)
            out.push_back(&m.embed);
        for (std::size_t l = 0; l < m.layerOf.size(); ++l) {
            const Layer& L = m.layer(l);
            if (!m.k.full) {
                for (const auto& lin : L.linears)
                    if (lin.adapter) {
                        out.push_back(&lin.loraA);
                        out.push_back(&lin.loraB);
                    }
                continue;
            }
            addAll(L.inputNorm);
            for (int j : { Q, K, V, O }) {
                out.push_back(&L.linears[j].weight);
                if (L.linears[j].hasBias)
                    out.push_back(&L.linears[j].bias);
            }
            addAll(L.qNorm);
            addAll(L.kNorm);
            addAll(L.sinks);
            addAll(L.postAttentionNorm);
            addAll(L.preFeedforwardNorm);
            addAll(L.postFeedforwardNorm);
            for (int j : { Gate, Up, Down }) {
                if (!L.linears[j].present)
                    continue;
                out.push_back(&L.linears[j].weight);
                if (L.linears[j].hasBias)
                    out.push_back(&L.linears[j].bias);
            }
        }
        if (m.k.full) {
            addAll(m.finalNorm);
            if (!m.k.tied)
                out.push_back(&m.lmHead);
            if (m.hasLmHeadBias)
                out.push_back(&m.lmHeadBias);
        }
        return out;
    }

    // The forward of one micro-batch: the embedding's output, every layer, the final norm's output hn.
    Moment forward(const Step& m, Moment held, Peak& peak)
    {
        grow(held, &Moment::activations, m.x); // h = embed(input_ids)
        peak.at(held, "forward", -1, "embedding");
        const Pass pass = m.k.checkpointing ? Pass::Checkpointed : Pass::Keep;
        for (std::size_t l = 0; l < m.layerOf.size(); ++l)
            held = layerForward(m.layer(l), held, pass, { peak, "forward", static_cast<std::int64_t>(l) });
        grow(held, &Moment::activations, m.x); // hn
        peak.at(held, "forward", -1, "model.norm");
        return held;
    }

    // The loss (DECODER.md "The loss"): the logits (kept), their float32 log-probabilities (kept), the loss.
    Moment loss(const Step& m, Moment held, Peak& peak)
    {
        for (const std::uint64_t rows : m.chunkRows) {
            grow(held, &Moment::logits, logitsOf(m, rows));
            peak.at(held, "loss", -1, "logits");
        }
        if (!m.k.full)
            release(held, &Moment::activations, m.x); // hn, freed after the last logits
        if (m.k.chunks > 0)
            grow(held, &Moment::logits, alloc::roundSize(kLossBytes));
        for (const std::uint64_t rows : m.chunkRows) {
            const std::uint64_t f32 = float32Of(m, rows);
            peak.at(held + tr(f32) + of(&Moment::logits, f32), "loss", -1, "log-softmax in float32");
            grow(held, &Moment::logits, f32); // logprobs, logits32 freed
        }
        if (m.k.chunks == 0) {
            grow(held, &Moment::logits, alloc::roundSize(kLossBytes));
            peak.at(held, "loss", -1, "loss");
        }
        return held;
    }

    // The backward of one micro-batch (DECODER.md "The backward", 1 to 5).
    Moment backward(const Step& m, Moment held, GradMode mode, Peak& peak)
    {
        const Part T = &Moment::transient;
        const Param& head = m.k.tied ? m.embed : m.lmHead;
        // 1, 2: the loss and lm_head, chunk by chunk from the last (one chunk: the whole logits)
        std::uint64_t dhnChunks = 0;
        for (std::size_t i = m.chunkRows.size(); i-- > 0;) {
            const std::uint64_t rows = m.chunkRows[i];
            const std::uint64_t f32 = float32Of(m, rows);
            const std::uint64_t lg = logitsOf(m, rows);
            peak.at(held + tr(mul({ 2, f32 })), "backward", -1, "loss (float32 buffers)"); // dlogprobs, dlogits32
            release(held, &Moment::logits, f32); // logprobs
            peak.at(held + tr(add(f32, lg)), "backward", -1, "loss (dlogits)");
            const std::uint64_t dhn = tensor({ rows, m.k.hidden, m.k.s });
            grow(held, T, add(lg, dhn)); // dlogits, dhn.c
            peak.at(held, "backward", -1, "lm_head");
            if (m.k.full) {
                const GradMode lmMode = i + 1 == m.chunkRows.size() ? mode : again(mode);
                Event e = gradient(head, lmMode);
                if (m.hasLmHeadBias) {
                    const Event b = gradient(m.lmHeadBias, lmMode);
                    e.at = larger(e.at, e.stays + b.at);
                    e.stays = e.stays + b.stays;
                }
                peak.at(held + e.at, "backward", -1, "lm_head's gradient");
                held = held + e.stays;
            }
            release(held, T, lg); // dlogits
            dhnChunks = add(dhnChunks, dhn);
        }
        if (m.chunkRows.size() > 1) { // dhn = the chunks concatenated
            grow(held, T, m.x);
            peak.at(held, "backward", -1, "dhn (the chunks concatenated)");
            release(held, T, dhnChunks);
        }
        if (m.k.full)
            release(held, &Moment::activations, m.x); // hn
        held.logits = 0; // the loss and the logits freed
        // 3: model.norm
        const Event fn = gradients(m.finalNorm, mode);
        peak.at(held + tr(m.x) + fn.at, "backward", -1, "model.norm");
        held = held + tr(m.x) + fn.stays;
        release(held, T, m.x); // dhn
        release(held, &Moment::activations, m.x); // h, the last layer's output
        // 4: the layers, each recomputed first when checkpointed
        for (std::size_t l = m.layerOf.size(); l-- > 0;) {
            const Layer& L = m.layer(l);
            const auto layer = static_cast<std::int64_t>(l);
            if (m.k.checkpointing) {
                held = layerForward(L, held, Pass::Keep, { peak, "recompute", layer });
                release(held, &Moment::activations, m.x); // h2, freed at once
            }
            held = layerBackward(L, held, mode, { peak, "backward", layer });
        }
        // 5: the embedding
        if (m.k.full) {
            const Event e = gradient(m.embed, m.k.tied ? again(mode) : mode);
            peak.at(held + e.at, "backward", -1, "embedding's gradient");
            held = held + e.stays;
        }
        release(held, T, m.x); // dh
        return held;
    }

    // The optimizer step of every trainable tensor in model_load order; first: its states and master made.
    Moment optimizer(const Step& m, Moment held, bool first, Peak& peak)
    {
        for (const Param* p : trainables(m)) {
            if (!p->trainable)
                continue;
            Moment at = of(&Moment::states, p->page) + tr(p->grad32);
            if (first)
                at = at + of(&Moment::states, p->states) + of(&Moment::master, p->master);
            peak.at(held + at, "optimizer", -1, "step");
            if (first)
                held = held + of(&Moment::states, p->states) + of(&Moment::master, p->master);
        }
        held.gradients = 0; // zero_grad(set_to_none=True)
        return held;
    }

    // eval: one forward without gradients, every tensor freed at its last use, the loss without saving.
    void evaluation(const Step& e, Moment held, Peak& peak)
    {
        grow(held, &Moment::transient, e.x); // h
        peak.at(held, "eval", -1, "embedding");
        for (std::size_t l = 0; l < e.layerOf.size(); ++l)
            held = layerForward(e.layer(l), held, Pass::Eval, { peak, "eval", static_cast<std::int64_t>(l) });
        grow(held, &Moment::transient, e.x); // hn
        peak.at(held, "eval", -1, "model.norm");
        release(held, &Moment::transient, e.x); // h
        for (const std::uint64_t rows : e.chunkRows) {
            grow(held, &Moment::logits, logitsOf(e, rows));
            peak.at(held, "eval", -1, "logits");
        }
        release(held, &Moment::transient, e.x); // hn
        const std::uint64_t lossScalar = alloc::roundSize(kLossBytes);
        if (e.k.chunks > 0)
            grow(held, &Moment::logits, lossScalar);
        for (const std::uint64_t rows : e.chunkRows) { // logits32 and logprobs, neither kept
            const std::uint64_t f32 = float32Of(e, rows);
            peak.at(held + tr(mul({ 2, f32 })), "eval", -1, "log-softmax in float32");
            if (e.k.chunks == 0)
                peak.at(held + tr(f32) + of(&Moment::logits, lossScalar), "eval", -1, "loss");
        }
    }

    std::uint64_t sum(const std::vector<const Param*>& params, std::uint64_t Param::*field)
    {
        std::uint64_t s = 0;
        for (const Param* p : params)
            s = add(s, p->*field);
        return s;
    }

    // --- the lines and notes -------------------------------------------------------------------------------

    Message computation(const char* source, std::vector<Arg> args)
    {
        return { source, std::move(args), kComputationContext };
    }

    struct Habit {
        Message message;
        bool defaulted = false;
    };

    // A habit of the profile the user left alone, or the choice the user made.
    Habit habitOf(bool chosen, const std::string& profileText, const std::string& chosenText, training::Framework f)
    {
        if (chosen)
            return { { //: %1 what the user chose (English, e.g. "chunked cross-entropy in 4 chunks")
                         ITERAGPU_TRANSLATE_NOOP("Assumption", "%1 (chosen)"), { chosenText } },
                false };
        return { { //: %1 the framework's habit (English, e.g. "adapters in float32 (PEFT's autocast_adapter_dtype)"),
                   //: %2 the framework (hf, torchtune)
                     ITERAGPU_TRANSLATE_NOOP("Assumption", "%1 (%2's default)"),
                     { profileText, training::frameworkName(f) } },
            true };
    }

    std::string lossText(const training::TrainingRecipe& r)
    {
        return r.lossChunks == 0 ? std::string("the loss over the whole logits, upcast to float32")
                                 : "chunked cross-entropy in " + std::to_string(r.lossChunks) + " chunks";
    }

    std::string optimizerText(const training::TrainingRecipe& r, bool momentum)
    {
        std::string t = r.optimizer == OptimizerKind::Sgd && momentum ? std::string("sgd with momentum")
                                                                      : training::optimizerKindName(r.optimizer);
        if (r.pagedOptimizer)
            t += ", paged in host memory";
        if (r.optimizerInBackward)
            t += ", stepped inside the backward pass";
        return t;
    }

} // namespace

const PhaseEstimate* TrainingStepEstimate::phase(const std::string& name) const
{
    for (const auto& p : phases)
        if (p.phase == name)
            return &p;
    return nullptr;
}

std::string DecoderTrainingSizer::unsupported(const model::ModelShape& shape, const Inputs& in)
{
    if (const std::string why = shape.decoderUnsupported(); !why.empty())
        return why;
    bool moe = shape.experts > 0;
    for (const auto& l : shape.layerSpecs)
        moe = moe || l.mlp.kind == model::MlpSpec::Kind::Moe;
    if (moe)
        return "the decoder's training step does not build MoE layers (the routed experts' backward is not written)";
    for (const auto& l : shape.layerSpecs)
        if (!l.attention.present || l.mlp.kind == model::MlpSpec::Kind::None)
            return "the decoder's training step does not build state layers or layers without attention or an MLP "
                   "(their backward is not written)";
    const WeightFormat f = in.weights.format;
    const bool quantized = f == WeightFormat::NF4 || f == WeightFormat::NF4DoubleQuant;
    if (!quantized && f != WeightFormat::FP32 && f != WeightFormat::FP16 && f != WeightFormat::BF16)
        return std::string("the decoder trains on fp32, fp16 or bf16 weights, or adapters on nf4 or nf4-dq, not ")
            + weightFormatInfo(f).name;
    if (quantized && in.choices.method == Method::Full)
        return std::string("a full fine-tune of ") + weightFormatInfo(f).name
            + " weights: their codes are frozen (LoRA adapters on them are QLoRA)";
    if (in.weights.keptModules)
        return "modules kept in another type by choice";
    const ScalarType c = in.weights.compute;
    if (c != ScalarType::FP32 && c != ScalarType::FP16 && c != ScalarType::BF16)
        return std::string("the decoder computes in fp32, fp16 or bf16, not ") + scalarName(c);
    if (shape.layers == 0 || shape.hidden == 0 || shape.vocab == 0)
        return "the model shape is incomplete";
    return {};
}

TrainingStepEstimate DecoderTrainingSizer::estimate(const model::ModelShape& shape, const Inputs& in)
{
    if (const std::string why = unsupported(shape, in); !why.empty())
        throw SizingError("the training step cannot be sized from the decoder's inventory: " + why);
    training::RecipeChoices choices = in.choices;
    const bool nf4 = in.weights.format == WeightFormat::NF4 || in.weights.format == WeightFormat::NF4DoubleQuant;
    if (choices.method != Method::Full)
        choices.method = nf4 ? Method::Qlora : Method::Lora;
    const training::TrainingRecipe r = training::resolveRecipe(choices);
    if (const std::string why = training::validateRecipe(r); !why.empty())
        throw SizingError(why);
    const training::FrameworkProfile profile = training::frameworkProfile(choices.framework, choices.method);

    TrainingStepEstimate out;
    out.recipe = r;
    Setup k;
    k.full = r.method == Method::Full;
    k.quantized = nf4;
    k.doubleQuant = in.weights.format == WeightFormat::NF4DoubleQuant;
    k.blockSize = in.weights.blockSize;
    k.s = scalarBits(in.weights.compute) / 8;
    k.w = in.weights.format == WeightFormat::FP32 ? 4 : 2;
    k.kept = std::max<std::uint64_t>(1, scalarBits(in.weights.keptType) / 8);
    k.a = r.adapterFp32 ? kFloat32 : k.s;
    k.rank = r.rank;
    for (const auto t : r.targets)
        k.targets[static_cast<std::size_t>(t)] = true;
    k.optimizer = r.optimizer;
    k.momentum = in.sgdMomentum && r.optimizer == OptimizerKind::Sgd;
    k.paged = r.pagedOptimizer;
    k.masterWeights = r.masterWeights;
    k.inBackward = r.optimizerInBackward;
    k.eager = in.attention == AttentionImpl::Eager;
    k.checkpointing = r.checkpointing;
    k.chunks = r.lossChunks;
    k.sequence = r.sequenceLength;
    k.hidden = shape.hidden;
    k.vocab = shape.vocab;
    k.tied = shape.tieWordEmbeddings;

    const Step m = buildStep(shape, k, r.microBatch);

    // The weights as model_load allocates them, tensor by tensor (DECODER.md "Formats"): the engine's count
    // (WeightEstimator) as requested, each tensor rounded as allocated.
    {
        WeightOptions wo = in.weights;
        out.weightsRequested = WeightEstimator::estimate(shape, wo).bytes;
        std::uint64_t allocated = 0;
        const auto kept = [&](std::uint64_t n) { allocated = add(allocated, tensor({ n, nf4 ? k.kept : k.w })); };
        const auto linearWeight = [&](std::uint64_t n) {
            if (!nf4) {
                allocated = add(allocated, tensor({ n, k.w }));
                return;
            }
            const std::uint64_t blocks = checked::ceilDiv(n, k.blockSize);
            allocated = add(allocated, alloc::roundSize(checked::ceilDiv(n, 2))); // the 4-bit codes
            if (k.doubleQuant) // absmax uint8, nested_absmax, nested_quant_map, quant_map, offset
                for (std::uint64_t t : { blocks, mul({ checked::ceilDiv(blocks, 256), kFloat32 }),
                         std::uint64_t { 256 * kFloat32 }, std::uint64_t { 16 * kFloat32 }, kFloat32 })
                    allocated = add(allocated, alloc::roundSize(t));
            else // absmax, quant_map
                allocated = add(add(allocated, tensor({ blocks, kFloat32 })), alloc::roundSize(16 * kFloat32));
        };
        const std::uint64_t vocabRows = mul({ shape.vocab, shape.hidden });
        kept(vocabRows);
        for (std::size_t l = 0; l < m.layerOf.size(); ++l) {
            const Layer& L = m.layer(l);
            const auto norms = [&](const std::vector<Param>& ps) {
                for (const auto& p : ps)
                    kept(p.elements);
            };
            norms(L.inputNorm);
            const model::LayerSpec spec = shape.layerSpecs.empty() ? shape.uniformLayer(l) : shape.layerSpecs[l];
            const std::uint64_t qWidth = mul({ spec.attention.heads, spec.attention.headDim });
            const std::uint64_t kvWidth = mul({ spec.attention.kvHeads, spec.attention.headDim });
            const std::uint64_t I = spec.mlp.intermediate;
            const std::uint64_t H = shape.hidden;
            const std::uint64_t outs[] = { qWidth, kvWidth, kvWidth, H, I, I, H };
            const std::uint64_t ins[] = { H, H, H, qWidth, H, H, I };
            for (int j : { Q, K, V, O }) {
                linearWeight(mul({ outs[j], ins[j] }));
                if (L.linears[j].hasBias)
                    kept(outs[j]);
            }
            norms(L.qNorm);
            norms(L.kNorm);
            norms(L.sinks);
            norms(L.postAttentionNorm);
            norms(L.preFeedforwardNorm);
            norms(L.postFeedforwardNorm);
            for (int j : { Gate, Up, Down }) {
                if (!L.linears[j].present)
                    continue;
                linearWeight(mul({ outs[j], ins[j] }));
                if (L.linears[j].hasBias)
                    kept(outs[j]);
            }
        }
        for (const auto& p : m.finalNorm)
            kept(p.elements);
        if (!k.tied)
            kept(vocabRows);
        if (shape.lmHeadBias)
            kept(shape.vocab);
        out.weights = allocated;
    }
    const std::vector<const Param*> params = trainables(m);
    std::uint64_t adapters = 0;
    for (const Param* p : params) {
        if (!p->trainable)
            continue;
        out.trainableTensors += 1;
        out.trainableElements = add(out.trainableElements, p->elements);
        out.largestTrainableElements = std::max(out.largestTrainableElements, p->elements);
        if (!k.full)
            adapters = add(adapters, tensor({ p->elements, k.a }));
    }
    out.adapters = adapters;
    out.inputs = mul({ 2, tensor({ m.tokens, kTokenIdBytes }) });
    std::uint64_t largestGrad = 0;
    std::uint64_t largestPage = 0;
    for (const Param* p : params) {
        largestGrad = std::max(largestGrad, p->grad);
        largestPage = std::max(largestPage, p->page);
    }
    out.gradients = k.inBackward ? largestGrad : sum(params, &Param::grad);
    out.optimizerStates = sum(params, &Param::states);
    out.optimizerPage = largestPage;
    out.masterWeights = sum(params, &Param::master);
    std::uint64_t exports = 0;
    for (const Param* p : params)
        exports = add(exports, p->exportCopy);

    // --- the phases ---
    struct Written {
        const char* name;
        Peak peak;
        std::uint64_t extraInputs = 0;
    };
    std::vector<Written> written;
    const auto start = [](const Moment& m) {
        Peak p;
        p.at(m, "start", -1, "what the phase starts with");
        return p;
    };
    const GradMode firstMode = k.inBackward ? GradMode::InBackwardFirst : GradMode::First;
    {
        Peak load;
        load.at({}, "model_load", -1, "the weights and the adapters");
        written.push_back({ "model_load", load, 0 });
        Peak inputs;
        inputs.at({}, "inputs", -1, "input_ids and labels");
        written.push_back({ "inputs", inputs, 0 });
    }
    Peak fwd = start({});
    const Moment afterForward = forward(m, {}, fwd);
    written.push_back({ "first_step.forward", fwd, 0 });
    Peak lossPeak = start(afterForward);
    const Moment afterLoss = loss(m, afterForward, lossPeak);
    written.push_back({ "first_step.loss", lossPeak, 0 });
    Peak bwd = start(afterLoss);
    Moment held = backward(m, afterLoss, firstMode, bwd);
    written.push_back({ "first_step.backward", bwd, 0 });
    const auto accumulation = [&](Moment base, Peak& p) {
        Moment h = loss(m, forward(m, base, p), p);
        return backward(m, h, GradMode::Accumulate, p);
    };
    if (r.gradAccum > 1) {
        Peak acc = start(held);
        held = accumulation(held, acc);
        written.push_back({ "first_step.accumulate", acc, 0 });
    }
    if (!k.inBackward) {
        Peak opt = start(held);
        held = optimizer(m, held, true, opt);
        written.push_back({ "first_step.optimizer", opt, 0 });
    }
    if (held.activations != 0 || held.logits != 0 || held.transient != 0 || held.gradients != 0)
        throw SizingError("internal: the closed-form training step does not free what it made");
    const Moment resident = held; // the states and master weights, from the first step on
    {
        Peak warm = start(resident);
        Moment h = loss(m, forward(m, resident, warm), warm);
        h = backward(m, h, k.inBackward ? GradMode::InBackwardWarm : GradMode::First, warm);
        if (r.gradAccum > 1)
            h = accumulation(h, warm);
        if (!k.inBackward)
            optimizer(m, h, false, warm);
        written.push_back({ "warm_step", warm, 0 });
    }
    std::string evalStage;
    if (r.evalBatch > 0) {
        const Step e = buildStep(shape, k, r.evalBatch);
        const std::uint64_t evalInputs = mul({ 2, tensor({ e.tokens, kTokenIdBytes }) });
        Peak ev = start(resident);
        evaluation(e, resident, ev);
        written.push_back({ "eval", ev, evalInputs });
        out.evaluation = add(sub(ev.moment.total(), resident.total()), evalInputs);
        evalStage = ev.where.text();
    }
    if (r.exportCopy) {
        Peak ex = start(resident);
        ex.at(resident + of(&Moment::exports, exports), "checkpoint_save", -1, "16-bit copies");
        written.push_back({ "checkpoint_save", ex, 0 });
        out.exportCopy = exports;
    }
    out.activations = afterForward.activations;
    out.lossBuffers = afterLoss.logits;

    // --- the habits, the parts, the lines ---
    const training::Framework fw = choices.framework;
    const bool lora = !k.full;
    const Habit optimizerHabit = habitOf(
        choices.optimizer.has_value() || choices.pagedOptimizer.has_value() || choices.optimizerInBackward.has_value(),
        profile.optimizerHabit, optimizerText(r, k.momentum), fw);
    const Habit lossHabit = habitOf(choices.lossChunks.has_value(), profile.lossHabit, lossText(r), fw);
    const std::string checkpointText
        = r.checkpointing ? "activation checkpointing of every layer" : "no activation checkpointing";
    const Habit checkpointHabit = habitOf(choices.checkpointing.has_value(), checkpointText, checkpointText, fw);
    const Habit gradientHabit { { ITERAGPU_TRANSLATE_NOOP("Assumption",
                                    "each gradient in its parameter's dtype, freed after the optimizer step (PyTorch's "
                                    "AccumulateGrad, zero_grad(set_to_none=True))") },
        false };
    const std::string targetText = "rank " + std::to_string(r.rank) + " on " + training::loraTargetList(r.targets);
    const Habit adaptersHabit
        = habitOf(choices.rank && choices.targets && choices.adapterFp32, targetText + ", " + profile.adapterHabit,
            targetText + (r.adapterFp32 ? ", adapters in float32" : ", adapters in the compute dtype"), fw);
    const std::string dtypeA = k.a == kFloat32 ? "fp32" : scalarName(in.weights.compute);
    const std::string dtypeS = scalarName(in.weights.compute);
    const auto line = [&](const char* id, Message formula, std::uint64_t bytes, const Habit* habit) {
        ComputationLine l;
        l.componentId = id;
        l.formula = std::move(formula);
        l.bytes = bytes;
        if (habit && habit->defaulted) {
            l.provenance = Provenance::Assumed;
            l.source = habit->message;
        }
        out.lines.push_back(std::move(l));
    };
    if (lora)
        line("lora_adapters",
            computation( //: %1 adapter tensors, %2 the rank, %3 elements, %4 their data type (fp32, bf16), %5 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 adapter tensors (A [r, in] and B [out, r], rank %2) of %3 elements in %4, each rounded up to "
                    "512 bytes = %5 bytes"),
                { g(out.trainableTensors), g(r.rank), g(out.trainableElements), dtypeA, g(out.adapters) }),
            out.adapters, &adaptersHabit);
    line("inputs",
        computation( //: %1 sequences, %2 tokens per sequence, %3 bytes
            ITERAGPU_TRANSLATE_NOOP(
                "Computation", "input_ids and labels, int32 [%1, %2] each, rounded up to 512 bytes = %3 bytes"),
            { g(r.microBatch), g(r.sequenceLength), g(out.inputs) }),
        out.inputs, nullptr);
    if (k.inBackward)
        line("gradients",
            computation( //: %1 elements of the largest trainable tensor, %2 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "one gradient at a time, stepped and freed in the backward: the largest, of %1 elements = %2 "
                    "bytes"),
                { g(out.largestTrainableElements), g(out.gradients) }),
            out.gradients, &optimizerHabit);
    else
        line("gradients",
            computation( //: %1 gradients (one per trainable tensor), %2 elements, %3 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 gradients of %2 elements in their parameters' dtype, each rounded up to 512 bytes = %3 "
                    "bytes"),
                { g(out.trainableTensors), g(out.trainableElements), g(out.gradients) }),
            out.gradients, nullptr);
    {
        Message f;
        if (k.paged)
            f = computation( //: %1 bytes of the largest page, %2 bytes on the device (0)
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "paged in host memory, none on the device (a page of at most %1 bytes while one tensor is "
                    "stepped) = %2 bytes"),
                { g(out.optimizerPage), g(out.optimizerStates) });
        else if (k.optimizer == OptimizerKind::AdamW)
            f = computation( //: %1 trainable elements, %2 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 elements x 2 moments in their parameters' dtype (AdamW's zeros_like), each rounded up to 512 "
                    "bytes = %2 bytes"),
                { g(out.trainableElements), g(out.optimizerStates) });
        else if (k.optimizer == OptimizerKind::AdamW8bit) {
            std::uint64_t blocks = 0;
            for (const Param* p : params)
                if (p->trainable)
                    blocks = add(blocks, checked::ceilDiv(p->elements, training::kAdam8bitBlock));
            f = computation( //: %1 trainable elements, %2 blocks of 2048 elements, %3 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 elements x 2 uint8 moments + 2 float32 absmax per block of 2048 elements (%2 blocks), each "
                    "tensor rounded up to 512 bytes = %3 bytes"),
                { g(out.trainableElements), g(blocks), g(out.optimizerStates) });
        } else if (k.momentum)
            f = computation( //: %1 trainable elements, %2 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 elements x 1 momentum buffer in their parameters' dtype, each rounded up to 512 bytes = %2 "
                    "bytes"),
                { g(out.trainableElements), g(out.optimizerStates) });
        else
            f = computation( //: %1 bytes (0)
                ITERAGPU_TRANSLATE_NOOP("Computation", "SGD keeps no state = %1 bytes"), { g(out.optimizerStates) });
        line("optimizer_states", std::move(f), out.optimizerStates, &optimizerHabit);
    }
    if (k.masterWeights)
        line("master_weights",
            computation( //: %1 trainable elements, %2 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 elements x 4 bytes (float32 master copy), each rounded up to 512 bytes = %2 bytes"),
                { g(out.trainableElements), g(out.masterWeights) }),
            out.masterWeights, nullptr);
    {
        const std::uint64_t tail = mul({ 2, m.x }); // the last layer's output and hn
        const std::uint64_t layers = sub(out.activations, tail);
        if (k.checkpointing)
            line("activations",
                computation( //: %1 layers, %2 bytes of their inputs, %3 bytes, %4 bytes
                    ITERAGPU_TRANSLATE_NOOP("Computation",
                        "activation checkpointing: %1 layer inputs, %2 bytes, + the last layer's output and the final "
                        "norm's, %3 bytes = %4 bytes; each layer's saved tensors are recomputed in its backward"),
                    { g(shape.layers), g(layers), g(tail), g(out.activations) }),
                out.activations, &checkpointHabit);
        else
            line("activations",
                computation( //: %1 layers, %2 bytes kept by them, %3 bytes, %4 bytes
                    ITERAGPU_TRANSLATE_NOOP("Computation",
                        "what the backward reads over %1 layers, %2 bytes, + the last layer's output and the final "
                        "norm's, %3 bytes = %4 bytes"),
                    { g(shape.layers), g(layers), g(tail), g(out.activations) }),
                out.activations, &checkpointHabit);
    }
    if (k.chunks == 0)
        line("logits",
            computation( //: %1 tokens, %2 vocabulary, %3 compute data type (bf16), %4 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "logits [%1, %2] in %3 + their float32 log-probabilities + the loss, each rounded up to 512 bytes "
                    "= %4 bytes"),
                { g(m.tokens), g(shape.vocab), dtypeS, g(out.lossBuffers) }),
            out.lossBuffers, &lossHabit);
    else
        line("logits",
            computation( //: %1 tokens, %2 vocabulary, %3 chunks, %4 compute data type (bf16), %5 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "logits [%1, %2] in %3 chunks in %4 + their float32 log-probabilities + the loss, each rounded up "
                    "to 512 bytes = %5 bytes"),
                { g(m.tokens), g(shape.vocab), g(m.chunkRows.size()), dtypeS, g(out.lossBuffers) }),
            out.lossBuffers, &lossHabit);

    if (r.evalBatch > 0)
        line("evaluation",
            computation( //: %1 sequences, %2 tokens per sequence, %3 the moment (English), %4 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "a forward without gradients of %1 sequences x %2 tokens at its largest moment, %3 (its inputs "
                    "included) = %4 bytes"),
                { g(r.evalBatch), g(r.sequenceLength), evalStage, g(out.evaluation) }),
            out.evaluation, nullptr);
    if (r.exportCopy)
        line("export_copy",
            computation( //: %1 trainable elements, %2 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 trainable elements in 16 bit, one copy per tensor rounded up to 512 bytes = %2 bytes"),
                { g(out.trainableElements), g(out.exportCopy) }),
            out.exportCopy, nullptr);

    // The phases' parts, and the largest phase.
    const Message rounding { //: %1 bytes as stored, %2 bytes the 512-byte rounding adds
        ITERAGPU_TRANSLATE_NOOP("Assumption", "%1 bytes as stored + %2 bytes of 512-byte block rounding"),
        { g(out.weightsRequested), g(sub(std::max(out.weights, out.weightsRequested), out.weightsRequested)) }
    };
    const auto lineOf = [&](const char* id) -> Message {
        for (const auto& l : out.lines)
            if (l.componentId == id)
                return l.formula;
        return {};
    };
    for (const Written& w : written) {
        PhaseEstimate p;
        p.phase = w.name;
        const bool loaded = std::string(w.name) != "model_load";
        const Moment& mo = w.peak.moment;
        p.peakStage = w.peak.where.text();
        const auto partOf = [&](const char* id, std::uint64_t bytes, std::uint64_t whole, const Habit* habit) {
            if (bytes == 0)
                return;
            PhasePart part;
            part.id = id;
            part.bytes = bytes;
            part.provenance = habit && habit->defaulted ? Provenance::Assumed : Provenance::Computed;
            if (bytes == whole)
                part.note = lineOf(id);
            else
                part.note = { //: %1 bytes of this part at the phase's peak, %2 bytes of it at most in the step
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "%1 bytes at this moment, %2 bytes at most in the step"),
                    { g(bytes), g(whole) }
                };
            if (habit)
                part.habit = habit->message;
            p.parts.push_back(std::move(part));
        };
        {
            PhasePart weights { "weights", out.weights, Provenance::Computed, true, rounding, {} };
            p.parts.push_back(std::move(weights));
        }
        partOf("lora_adapters", out.adapters, out.adapters, &adaptersHabit);
        if (loaded)
            partOf("inputs", add(out.inputs, w.extraInputs), add(out.inputs, w.extraInputs), nullptr);
        if (loaded && std::string(w.name) != "inputs") {
            partOf("gradients", mo.gradients, out.gradients, k.inBackward ? &optimizerHabit : &gradientHabit);
            partOf("optimizer_states", mo.states, k.paged ? out.optimizerPage : out.optimizerStates, &optimizerHabit);
            partOf("master_weights", mo.master, out.masterWeights, nullptr);
            partOf("activations", mo.activations, out.activations, &checkpointHabit);
            partOf("logits", mo.logits, out.lossBuffers, &lossHabit);
            partOf("export_copy", mo.exports, exports, nullptr);
            if (mo.transient > 0) {
                const std::string where = p.peakStage;
                const Habit* habit = where.rfind("backward: loss", 0) == 0 || where.rfind("loss", 0) == 0 ? &lossHabit
                    : where.rfind("recompute", 0) == 0 ? &checkpointHabit
                    : where.rfind("optimizer", 0) == 0 ? &optimizerHabit
                                                       : nullptr;
                PhasePart part;
                part.id = "training_transient";
                part.bytes = mo.transient;
                part.provenance = Provenance::Assumed;
                part.note = { //: %1 the moment (English, e.g. "backward layer 31: down_proj")
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "the working tensors of %1"), { where }
                };
                if (habit)
                    part.habit = habit->message;
                p.parts.push_back(std::move(part));
            }
        }
        p.peakAllocated = 0;
        for (const auto& part : p.parts)
            p.peakAllocated = add(p.peakAllocated, part.bytes);
        if (out.peakPhase.empty() || p.peakAllocated > out.peakBytes) {
            out.peakPhase = p.phase;
            out.peakBytes = p.peakAllocated;
            out.transient = p.bytesOf("training_transient");
        }
        out.phases.push_back(std::move(p));
    }
    const PhaseEstimate& top = *out.phase(out.peakPhase);
    line("training_transient",
        computation( //: %1 the phase (first_step.backward, ...), %2 its moment (English), %3 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation", "the working tensors of %1 at its peak, %2 = %3 bytes"),
            { out.peakPhase, top.peakStage, g(out.transient) }),
        out.transient, nullptr);
    out.lines.back().provenance = Provenance::Assumed;

    // The assumptions.
    out.assumptions.push_back({ //: %1 full, lora or qlora, %2 weight format (bf16, nf4), %3 eager or sdpa, %4
                                //: sequences, %5 tokens per sequence, %6 the framework (hf, torchtune)
        ITERAGPU_TRANSLATE_NOOP("Assumption",
            "training step: the decoder's tensor inventory (core/workloads/DECODER.md, Training) in closed form: %1 "
            "on %2 weights, %3 attention, micro-batch %4 x %5 tokens, %6's habits"),
        { training::methodName(r.method), weightFormatInfo(in.weights.format).name, attentionImplName(in.attention),
            g(r.microBatch), g(r.sequenceLength), training::frameworkName(fw) } });
    out.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
        "allocated bytes: every tensor rounded up to 512 bytes as the caching allocator counts it; its 2 MiB and "
        "20 MiB segments and cached free blocks (reserved above allocated) are the allocator's, named by the "
        "ledger, not counted here") });
    out.assumptions.push_back({ //: %1 the framework (hf, torchtune), %2 the documents its defaults follow (English)
        ITERAGPU_TRANSLATE_NOOP("Assumption", "framework profile %1: %2"),
        { training::frameworkName(fw), profile.source } });
    for (const auto& taken : training::profileDefaultsTaken(choices))
        out.assumptions.push_back({ //: %1 the default (English, e.g. "activation checkpointing (torchtune's default)")
            ITERAGPU_TRANSLATE_NOOP("Assumption", "framework default taken: %1"), { taken } });
    if (k.s != (nf4 ? k.s : k.w))
        out.assumptions.push_back({ //: %1 compute data type, %2 the weights' data type
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "training: activations in %1 (the compute type), the weights and their gradients and optimizer states "
                "in %2; an autocast's cast copies of the weights are not counted"),
            { dtypeS, k.w == 4 ? "fp32" : weightFormatInfo(in.weights.format).name } });
    if (k.momentum)
        out.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
            "optimizer: SGD with momentum keeps one buffer per parameter, in its dtype, made at its first step") });
    {
        std::string largest;
        std::uint64_t largestBytes = 0;
        for (const auto& part : top.parts)
            if (part.bytes > largestBytes) {
                largest = part.id;
                largestBytes = part.bytes;
            }
        out.assumptions.push_back({ //: %1 the phase, %2 its moment (English), %3 bytes, %4 its largest part (an id)
            ITERAGPU_TRANSLATE_NOOP("Assumption", "the largest phase is %1 at %2 (%3 bytes); its largest part: %4"),
            { out.peakPhase, top.peakStage, g(out.peakBytes), largest } });
    }
    return out;
}

} // namespace iteragpu::sizing
