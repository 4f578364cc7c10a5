// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/trainingreplay.h"

#include "core/units/checkedmath.h"

#include <algorithm>
#include <utility>

namespace iteragpu::workloads {

namespace {
    namespace checked = units::checked;
    using alloc::Owner;

    constexpr const char* kWhat = "a tensor of the training step";
    constexpr std::uint64_t kIdBytes = 4; // int32 input_ids and labels
    constexpr std::uint64_t kFloat32Bytes = 4; // lse, delta, logits32, logprobs, the loss, master, grad32, absmax
    constexpr std::uint64_t kExportBytes = 2; // a checkpoint's 16-bit copy of one element
} // namespace

TrainingReplay::TrainingReplay(Ledger& ledger, const protocol::RunConfig& config)
    : m_l(ledger)
    , m_shape(config.decoder->shape)
    , m_recipe(*config.decoder->training)
    , m_weights(decoderWeights(config))
    , m_s(device::dtypeSize(protocol::decoderComputeDType(config)))
    , m_a(m_recipe.adapterFp32 ? kFloat32Bytes : m_s)
    , m_full(m_recipe.method == training::Method::Full)
    , m_eager(config.decoder->attention == protocol::AttentionKind::Eager)
    , m_layers(m_shape.layers)
{
    for (std::uint64_t l = 0; l < m_shape.layers; ++l)
        m_heads.push_back(m_shape.layerSpecs.empty() ? m_shape.heads : m_shape.layerSpecs.at(l).attention.heads);
    const auto pass = [&](std::uint64_t sequences) {
        Pass p;
        p.sequences = sequences;
        p.tokens = checked::mul(sequences, m_recipe.sequenceLength, kWhat);
        p.hidden = bytes({ p.tokens, m_shape.hidden, m_s });
        return p;
    };
    m_train = pass(m_recipe.microBatch);
    m_evalPass = pass(m_recipe.evalBatch);
    m_stream.resize(m_shape.layers + 1);

    const std::size_t n = m_weights.parameters.size();
    m_grads.resize(n);
    m_stepped.assign(n, false);
    m_partsSeen.assign(n, 0);
    // Every parameter's gradient comes in one part, but lm_head's (one per chunk of the loss) and a tied
    // embedding's (lm_head's parts and its own); the sinks' in none (Note [Training readings] (4), (5)).
    m_parts.assign(n, 0);
    const auto count = [&](int p, std::uint32_t parts) {
        if (p >= 0)
            m_parts[static_cast<std::size_t>(p)] += parts;
    };
    const std::uint32_t chunks = m_recipe.lossChunks == 0 ? 1 : static_cast<std::uint32_t>(m_recipe.lossChunks);
    for (const auto& layer : m_weights.layers) {
        for (const Norm* norm : { &layer.inputNorm, &layer.postAttentionNorm, &layer.preFeedforwardNorm,
                 &layer.postFeedforwardNorm, &layer.qNorm, &layer.kNorm }) {
            count(norm->weight, 1);
            count(norm->bias, 1);
        }
        for (const Linear* linear : { &layer.q, &layer.k, &layer.v, &layer.o, &layer.gate, &layer.up, &layer.down }) {
            count(linear->weight, 1);
            count(linear->bias, 1);
            count(linear->loraA, 1);
            count(linear->loraB, 1);
        }
    }
    count(m_weights.finalNorm.weight, 1);
    count(m_weights.finalNorm.bias, 1);
    count(m_weights.lmHead, chunks);
    count(m_weights.lmHeadBias, chunks);
    if (m_full)
        count(m_weights.embedding, 1);
}

LedgerBlock TrainingReplay::alloc(std::uint64_t size, Owner owner) { return m_l.allocate(size, owner); }

void TrainingReplay::drop(Slot& slot)
{
    if (slot) {
        m_l.release(*slot);
        slot.reset();
    }
}

std::uint64_t TrainingReplay::bytes(std::initializer_list<std::uint64_t> factors) const
{
    return checked::mul(factors, kWhat);
}

// ---- model_load and inputs ----

void TrainingReplay::modelLoad()
{
    for (const std::uint64_t size : m_weights.tensors)
        alloc(size, Owner::Weights); // the model's weights, then the adapters (Owner Weights)
}

void TrainingReplay::inputs()
{
    // input_ids, then labels: both stay to the end of the run.
    alloc(bytes({ m_train.tokens, kIdBytes }));
    alloc(bytes({ m_train.tokens, kIdBytes }));
}

// ---- the forward ----

bool TrainingReplay::inputSaved(const Linear& linear) const
{
    if (!linear.present)
        return false;
    return linear.weight >= 0 || (linear.adapter() && m_a == m_s);
}

// "linear" of the training forward: the inference one (W_deq for a quantized base), then the adapter's tensors.
TrainingReplay::Slot TrainingReplay::linearForward(
    const Linear& linear, const Pass& pass, bool save, LinearSaved& saved)
{
    const std::uint64_t t = pass.tokens;
    Slot y;
    if (linear.deqBytes > 0) {
        Slot deq = alloc(linear.deqBytes);
        y = alloc(bytes({ t, linear.out, m_s }));
        drop(deq);
    } else {
        y = alloc(bytes({ t, linear.out, m_s }));
    }
    if (!linear.adapter())
        return y;
    const std::uint64_t r = m_recipe.rank;
    if (m_a != m_s) {
        Slot loraX = alloc(bytes({ t, linear.in, m_a }));
        Slot loraMid = alloc(bytes({ t, r, m_a }));
        if (!save)
            drop(loraX); // Note [Training readings] (1)
        Slot loraOut = alloc(bytes({ t, linear.out, m_a }));
        if (!save)
            drop(loraMid);
        Slot loraCast = alloc(bytes({ t, linear.out, m_s }));
        drop(loraOut);
        drop(loraCast); // y += lora_cast
        if (save) {
            saved.loraX = loraX;
            saved.loraMid = loraMid;
        }
    } else {
        Slot loraMid = alloc(bytes({ t, r, m_s }));
        Slot loraOut = alloc(bytes({ t, linear.out, m_s }));
        if (!save)
            drop(loraMid);
        drop(loraOut); // y += lora_out
        if (save)
            saved.loraMid = loraMid;
    }
    return y;
}

// One layer's forward ("The forward of a training step" a-i): its input is m_stream[index], its output
// m_stream[index + 1] (not in Recompute, whose h2 is freed at once).
void TrainingReplay::layerForward(std::size_t index, const Pass& pass, Mode mode)
{
    const auto& w = m_weights.layers[index];
    auto& st = m_layers[index];
    Slot& h = m_stream[index];
    const bool save = mode == Mode::Saving || mode == Mode::Recompute;
    const bool parallel = w.norms == 1;
    const bool fourNorms = w.norms == 4;
    const std::uint64_t hid = pass.hidden;
    const std::uint64_t t = pass.tokens;
    const std::uint64_t qBytes = bytes({ t, w.q.out, m_s });
    const std::uint64_t kvBytes = bytes({ t, w.k.out, m_s });
    const std::uint64_t interBytes = bytes({ t, w.up.out, m_s });
    // A linear's input is saved when any linear that reads it saves it.
    const bool xSaved = save
        && (inputSaved(w.q) || inputSaved(w.k) || inputSaved(w.v)
            || (parallel && (inputSaved(w.gate) || inputSaved(w.up))));
    const bool x2Saved = save && !parallel && (inputSaved(w.gate) || inputSaved(w.up));
    const bool attnSaved = save && (!m_eager || inputSaved(w.o));
    const bool actSaved = save && inputSaved(w.down);
    const auto keepIf = [this](bool keep, Slot& slot) {
        if (!keep)
            drop(slot);
    };
    LinearSaved scratch;
    const auto saveTo = [&](LinearSaved& s) -> LinearSaved& { return save ? s : scratch; };

    // a, b: the input norm, q, k and v.
    Slot x = alloc(hid);
    Slot q = linearForward(w.q, pass, save, saveTo(st.lq));
    Slot k = linearForward(w.k, pass, save, saveTo(st.lk));
    Slot v = linearForward(w.v, pass, save, saveTo(st.lv));
    if (!parallel)
        keepIf(xSaved, x);
    // c: q/k norms (their inputs saved), RoPE in place.
    if (w.qkNorm) {
        if (save) {
            st.qPre = q;
            q = alloc(qBytes);
            st.kPre = k;
            k = alloc(kvBytes);
        } else {
            Slot qn = alloc(qBytes);
            drop(q);
            q = qn;
            Slot kn = alloc(kvBytes);
            drop(k);
            k = kn;
        }
    }
    // d: attention over the step's own S keys.
    const std::uint64_t scoreElements
        = bytes({ pass.sequences, m_heads[index], m_recipe.sequenceLength, m_recipe.sequenceLength });
    Slot attn, lse, probs;
    if (m_eager) {
        attn = alloc(qBytes); // first, as in inference (DECODER.md "The forward of a training step", d)
        Slot scores = alloc(bytes({ scoreElements, m_s }));
        Slot probs32 = alloc(bytes({ scoreElements, kFloat32Bytes }));
        drop(scores);
        probs = alloc(bytes({ scoreElements, m_s }));
        drop(probs32);
    } else {
        attn = alloc(qBytes);
        lse = alloc(bytes({ pass.sequences, m_heads[index], m_recipe.sequenceLength, kFloat32Bytes }));
    }
    if (!save) { // the kernel was their last reader
        drop(lse);
        drop(probs);
        drop(q);
        drop(k);
        drop(v);
    }
    // e: o_proj.
    Slot o = linearForward(w.o, pass, save, saveTo(st.lo));
    keepIf(attnSaved, attn);
    // f, g: the attention's residual (h1, new) and the MLP's norm.
    Slot h1;
    if (fourNorms) {
        Slot o2 = alloc(hid);
        keepIf(save, o); // saved as post_attention_layernorm's input
        h1 = alloc(hid);
        if (mode == Mode::Eval)
            drop(h);
        drop(o2);
    } else if (!parallel) {
        h1 = alloc(hid);
        if (mode == Mode::Eval)
            drop(h);
        drop(o);
    }
    Slot x2 = parallel ? Slot {} : Slot { alloc(hid) };
    // h: the MLP.
    Slot g, u;
    if (w.gated)
        g = linearForward(w.gate, pass, save, saveTo(st.lgate));
    u = linearForward(w.up, pass, save, saveTo(st.lup));
    if (parallel)
        keepIf(xSaved, x);
    else
        keepIf(x2Saved, x2);
    Slot act = alloc(interBytes);
    if (!save) {
        drop(g);
        drop(u);
    }
    Slot d = linearForward(w.down, pass, save, saveTo(st.ldown));
    keepIf(actSaved, act);
    // i: the MLP's residual h2 (new), the next layer's h.
    Slot h2;
    if (fourNorms) {
        Slot d2 = alloc(hid);
        keepIf(save, d); // saved as post_feedforward_layernorm's input
        h2 = alloc(hid);
        drop(d2);
    } else if (!parallel) {
        h2 = alloc(hid);
        drop(d);
    } else {
        h2 = alloc(hid); // h + o, then += d in place
        if (mode == Mode::Eval)
            drop(h);
        drop(o);
        drop(d);
    }
    if (!save)
        drop(h1); // its last reader was h2
    if (mode == Mode::Recompute)
        drop(h2); // the recomputed output is not used
    else
        m_stream[index + 1] = h2;

    if (save) {
        st.x = x;
        st.q = q;
        st.k = k;
        st.v = v;
        st.attn = attn;
        st.lse = lse;
        st.probs = probs;
        st.o = o;
        st.h1 = h1;
        st.x2 = x2;
        st.g = g;
        st.u = u;
        st.act = act;
        st.d = d;
    }
}

void TrainingReplay::forward()
{
    m_stream[0] = alloc(m_train.hidden); // h: the embedding
    const Mode mode = m_recipe.checkpointing ? Mode::Checkpointed : Mode::Saving;
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        layerForward(l, m_train, mode);
    m_hn = alloc(m_train.hidden); // model.norm; its input h (the last h2) saved
}

// ---- the loss ----

std::vector<std::uint64_t> TrainingReplay::chunkRows(std::uint64_t tokens) const
{
    const std::uint64_t n = std::min(m_recipe.lossChunks, tokens); // Note [Training readings] (13)
    if (n == 0)
        return { tokens };
    std::vector<std::uint64_t> rows;
    for (std::uint64_t c = 0; c < n; ++c)
        rows.push_back(checked::mul(tokens, c + 1, kWhat) / n - checked::mul(tokens, c, kWhat) / n);
    return rows;
}

// "The loss" over hn: the logits stay (Owner Logits); save: the logprobs stay for the backward, else they go once
// the loss read them (eval). hn is freed after the last logits unless lm_head is trained and save.
void TrainingReplay::lossOf(const Pass& pass, Slot& hn, bool save)
{
    const std::uint64_t v = m_shape.vocab;
    const std::vector<std::uint64_t> rows = chunkRows(pass.tokens);
    m_logits.clear();
    m_logprobs.clear();
    for (const std::uint64_t r : rows)
        m_logits.push_back(alloc(bytes({ r, v, m_s }), Owner::Logits)); // lm_head is never quantized
    if (!(save && m_full))
        drop(hn);
    const bool chunked = m_recipe.lossChunks > 0;
    if (chunked)
        m_loss = alloc(kFloat32Bytes);
    for (std::size_t c = 0; c < rows.size(); ++c) {
        const std::uint64_t r = rows[c];
        Slot logits32 = alloc(bytes({ r, v, kFloat32Bytes }));
        if (!save)
            drop(m_logits[c]); // eval: the logits go once converted
        Slot logprobs = alloc(bytes({ r, v, kFloat32Bytes }));
        drop(logits32);
        if (!chunked)
            m_loss = alloc(kFloat32Bytes);
        if (save)
            m_logprobs.push_back(logprobs);
        else
            drop(logprobs); // Note [Training readings] (8)
    }
}

void TrainingReplay::loss() { lossOf(m_train, m_hn, true); }

// ---- the backward ----

void TrainingReplay::gradient(int parameter)
{
    if (parameter < 0)
        return;
    const auto p = static_cast<std::size_t>(parameter);
    LedgerBlock fresh = alloc(m_weights.parameters[p].bytes, Owner::Gradient);
    if (!m_grads[p]) {
        m_grads[p] = fresh;
        if (!m_recipe.optimizerInBackward)
            m_gradOrder.push_back(parameter);
    } else {
        m_l.release(fresh); // grad += it (AccumulateGrad)
    }
    if (m_recipe.optimizerInBackward && ++m_partsSeen[p] == m_parts[p]) {
        step(parameter); // Note [Training readings] (4)
        drop(m_grads[p]);
    }
}

TrainingReplay::Slot TrainingReplay::linearBackward(const Linear& linear, const Pass& pass, LinearSaved& saved)
{
    const std::uint64_t t = pass.tokens;
    Slot dx;
    if (linear.deqBytes > 0) {
        Slot deq = alloc(linear.deqBytes);
        dx = alloc(bytes({ t, linear.in, m_s }));
        drop(deq);
    } else {
        dx = alloc(bytes({ t, linear.in, m_s }));
    }
    gradient(linear.weight); // dW (full)
    gradient(linear.bias); // db
    if (linear.adapter()) {
        const std::uint64_t r = m_recipe.rank;
        if (m_a != m_s) {
            Slot dyA = alloc(bytes({ t, linear.out, m_a }));
            gradient(linear.loraB);
            Slot dmid = alloc(bytes({ t, r, m_a }));
            drop(dyA);
            gradient(linear.loraA);
            Slot dxA = alloc(bytes({ t, linear.in, m_a }));
            drop(dmid);
            Slot dxC = alloc(bytes({ t, linear.in, m_s }));
            drop(dxA);
            drop(dxC); // dx += dx_c
        } else {
            gradient(linear.loraB);
            Slot dmid = alloc(bytes({ t, r, m_s }));
            gradient(linear.loraA);
            Slot dxA = alloc(bytes({ t, linear.in, m_s }));
            drop(dmid);
            drop(dxA); // dx += dx_a
        }
    }
    drop(saved.loraMid);
    drop(saved.loraX);
    return dx;
}

TrainingReplay::Slot TrainingReplay::normBackward(const Norm& norm, const Pass& pass)
{
    Slot dx = alloc(bytes({ pass.tokens, norm.width, m_s }));
    gradient(norm.weight);
    gradient(norm.bias);
    return dx;
}

// One layer's backward (4 a-k) given dh2, the gradient of its output; returns dh, its input's.
TrainingReplay::Slot TrainingReplay::layerBackward(std::size_t index, Slot dh2)
{
    const auto& w = m_weights.layers[index];
    auto& st = m_layers[index];
    const Pass& pass = m_train;
    const bool parallel = w.norms == 1;
    const bool fourNorms = w.norms == 4;
    const std::uint64_t t = pass.tokens;
    // a
    Slot dd;
    if (fourNorms) {
        dd = normBackward(w.postFeedforwardNorm, pass);
        drop(st.d);
    }
    // b: Note [Training readings] (3) for act.
    Slot dact = linearBackward(w.down, pass, st.ldown);
    drop(st.act);
    drop(dd);
    // c
    Slot dg, du;
    if (w.gated) {
        dg = alloc(bytes({ t, w.gate.out, m_s }));
        du = alloc(bytes({ t, w.up.out, m_s }));
        drop(dact);
        drop(st.g);
        drop(st.u);
    } else {
        du = dact; // act'(u) in place
        dact.reset();
        drop(st.u);
    }
    // d
    Slot dx2;
    if (w.gated) {
        dx2 = linearBackward(w.gate, pass, st.lgate);
        drop(dg);
        Slot dx2u = linearBackward(w.up, pass, st.lup);
        drop(dx2u); // dx2 += dx2u
        drop(du);
    } else {
        dx2 = linearBackward(w.up, pass, st.lup);
        drop(du);
    }
    drop(st.x2);
    // e
    Slot dh1, dout;
    if (!parallel) {
        dh1 = normBackward(fourNorms ? w.preFeedforwardNorm : w.postAttentionNorm, pass);
        drop(dx2);
        drop(st.h1);
        drop(dh2); // dh1 += dh2
        if (fourNorms) {
            dout = normBackward(w.postAttentionNorm, pass);
            drop(st.o);
        }
    }
    // f
    Slot dattn = linearBackward(w.o, pass, st.lo);
    drop(dout); // n_l = 4 only
    if (m_eager)
        drop(st.attn);
    // g: the attention's backward (eager: dscores; sdpa: delta, with lse and attn read).
    const std::uint64_t perQuery = bytes({ pass.sequences, m_heads[index], m_recipe.sequenceLength });
    Slot scratch = m_eager ? alloc(bytes({ perQuery, m_recipe.sequenceLength, m_s }))
                           : alloc(bytes({ perQuery, kFloat32Bytes }));
    Slot dq = alloc(bytes({ t, w.q.out, m_s }));
    Slot dk = alloc(bytes({ t, w.k.out, m_s }));
    Slot dv = alloc(bytes({ t, w.v.out, m_s }));
    drop(scratch); // dscores or delta
    drop(st.probs);
    drop(st.lse);
    drop(st.attn);
    drop(dattn);
    drop(st.q);
    drop(st.k);
    drop(st.v);
    // h: RoPE in place; the q/k norms' backward.
    if (w.qkNorm) {
        Slot dqIn = normBackward(w.qNorm, pass);
        drop(dq);
        drop(st.qPre);
        dq = dqIn;
        Slot dkIn = normBackward(w.kNorm, pass);
        drop(dk);
        drop(st.kPre);
        dk = dkIn;
    }
    // i
    Slot dx = linearBackward(w.q, pass, st.lq);
    drop(dq);
    Slot dxk = linearBackward(w.k, pass, st.lk);
    drop(dxk); // dx += dxk
    drop(dk);
    Slot dxv = linearBackward(w.v, pass, st.lv);
    drop(dxv); // dx += dxv
    drop(dv);
    // j
    if (parallel)
        drop(dx2); // dx += dx2
    drop(st.x);
    // k
    Slot dh = normBackward(w.inputNorm, pass);
    drop(dx);
    drop(m_stream[index]);
    drop(parallel ? dh2 : dh1); // dh += dh1 (dh2)
    return dh;
}

void TrainingReplay::backward()
{
    const Pass& pass = m_train;
    const std::uint64_t v = m_shape.vocab;
    std::fill(m_partsSeen.begin(), m_partsSeen.end(), 0);
    const std::vector<std::uint64_t> rows = chunkRows(pass.tokens);
    // 1, 2: the loss and lm_head, chunk by chunk from the last (one chunk: the whole logits).
    const auto lossBackward = [&](std::size_t c) {
        Slot dlogprobs = alloc(bytes({ rows[c], v, kFloat32Bytes }));
        Slot dlogits32 = alloc(bytes({ rows[c], v, kFloat32Bytes }));
        drop(dlogprobs);
        drop(m_logprobs[c]);
        Slot dlogits = alloc(bytes({ rows[c], v, m_s }));
        drop(dlogits32);
        return dlogits;
    };
    Slot dhn;
    if (m_recipe.lossChunks == 0) {
        Slot dlogits = lossBackward(0);
        dhn = alloc(pass.hidden);
        gradient(m_weights.lmHead); // dlogitsᵀ·hn (full)
        gradient(m_weights.lmHeadBias); // Note [Training readings] (9)
        drop(m_hn);
        drop(dlogits);
    } else {
        std::vector<Slot> dhnChunks(rows.size());
        for (std::size_t c = rows.size(); c-- > 0;) {
            Slot dlogits = lossBackward(c);
            dhnChunks[c] = alloc(bytes({ rows[c], m_shape.hidden, m_s }));
            gradient(m_weights.lmHead);
            gradient(m_weights.lmHeadBias);
            drop(dlogits);
        }
        dhn = alloc(pass.hidden); // the chunks' concatenation
        for (auto& chunk : dhnChunks)
            drop(chunk);
        drop(m_hn);
    }
    drop(m_loss);
    for (auto& logits : m_logits)
        drop(logits);
    m_logits.clear();
    m_logprobs.clear();
    // 3: model.norm.
    Slot dh = normBackward(m_weights.finalNorm, pass);
    drop(dhn);
    drop(m_stream[m_layers.size()]);
    // 4: the layers, from the last.
    for (std::size_t l = m_layers.size(); l-- > 0;) {
        if (m_recipe.checkpointing)
            layerForward(l, pass, Mode::Recompute);
        dh = layerBackward(l, std::move(dh));
    }
    // 5: the embedding (full only), then dh.
    if (m_full)
        gradient(m_weights.embedding); // dE: zero-filled [V, H], the rows of dh added at the tokens' ids
    drop(dh);
}

void TrainingReplay::microBatch()
{
    forward();
    loss();
    backward();
}

// ---- the optimizer ----

void TrainingReplay::step(int parameter)
{
    const auto p = static_cast<std::size_t>(parameter);
    const DecoderWeights::Parameter& param = m_weights.parameters[p];
    const bool first = !m_stepped[p];
    m_stepped[p] = true;
    // Note [Training readings] (6), (7).
    // With master weights the optimizer steps the float32 master, made first: its states are float32.
    if (m_recipe.masterWeights && first)
        m_states.push_back(alloc(bytes({ param.elements, kFloat32Bytes }), Owner::OptimizerState)); // master
    const std::uint64_t stateBytes
        = m_recipe.masterWeights ? bytes({ param.elements, kFloat32Bytes }) : param.bytes;
    std::vector<std::uint64_t> states;
    switch (m_recipe.optimizer) {
    case training::OptimizerKind::AdamW:
        states = { stateBytes, stateBytes }; // exp_avg, exp_avg_sq
        break;
    case training::OptimizerKind::AdamW8bit: {
        const std::uint64_t absmax
            = bytes({ checked::ceilDiv(param.elements, training::kAdam8bitBlock), kFloat32Bytes });
        states = { param.elements, param.elements, absmax, absmax }; // state1, state2, absmax1, absmax2
        break;
    }
    case training::OptimizerKind::Sgd:
        break;
    }
    Slot page;
    if (m_recipe.pagedOptimizer) {
        std::uint64_t total = 0;
        for (const std::uint64_t s : states)
            total = checked::add(total, s, kWhat);
        if (!states.empty())
            page = alloc(total, Owner::OptimizerState); // in host memory between steps; counted while stepped
    } else if (first) {
        for (const std::uint64_t s : states)
            m_states.push_back(alloc(s, Owner::OptimizerState));
    }
    Slot grad32;
    if (m_recipe.masterWeights)
        grad32 = alloc(bytes({ param.elements, kFloat32Bytes }), Owner::Gradient);
    drop(grad32); // the step ran
    drop(page);
}

void TrainingReplay::optimizerStep()
{
    if (m_recipe.optimizerInBackward)
        return; // every parameter was stepped in its backward
    for (std::size_t p = 0; p < m_grads.size(); ++p)
        if (m_grads[p]) // Note [Training readings] (5)
            step(static_cast<int>(p));
    for (const int p : m_gradOrder) // zero_grad(set_to_none=True)
        drop(m_grads[static_cast<std::size_t>(p)]);
    m_gradOrder.clear();
}

void TrainingReplay::wholeStep()
{
    for (std::uint64_t mb = 0; mb < m_recipe.gradAccum; ++mb)
        microBatch();
    optimizerStep();
}

// ---- eval and checkpoint_save ----

void TrainingReplay::eval()
{
    const Pass& pass = m_evalPass;
    Slot ids = alloc(bytes({ pass.tokens, kIdBytes })); // eval_input_ids
    Slot labels = alloc(bytes({ pass.tokens, kIdBytes })); // eval_labels
    m_stream[0] = alloc(pass.hidden);
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        layerForward(l, pass, Mode::Eval);
    Slot hn = alloc(pass.hidden);
    drop(m_stream[m_layers.size()]);
    lossOf(pass, hn, false);
    drop(m_loss);
    for (auto& logits : m_logits)
        drop(logits);
    m_logits.clear();
    drop(ids);
    drop(labels);
}

void TrainingReplay::checkpointSave()
{
    std::vector<LedgerBlock> exports;
    for (const auto& param : m_weights.parameters)
        exports.push_back(alloc(bytes({ param.elements, kExportBytes }), Owner::Activation));
    for (const auto& e : exports) // each copied to the host, then all freed in the same order
        m_l.release(e);
}

} // namespace iteragpu::workloads
