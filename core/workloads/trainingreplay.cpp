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
    , m_layerNorm(config.decoder->shape.finalNormParameters == 2 * config.decoder->shape.hidden)
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

// "A norm": an RMSNorm's norm32, rstd, normed and out; a LayerNorm's out, mean and rstd. Not saved, each goes at
// its last use (Note [Training readings] (1)).
TrainingReplay::Slot TrainingReplay::normForward(
    const Norm& norm, bool layerNorm, std::uint64_t rows, Slot& in, bool last, bool save, NormSaved& saved)
{
    const std::uint64_t elements = bytes({ rows, norm.width });
    if (layerNorm || m_recipe.compiled) { // compiled: an RMSNorm is out and rstd, its input saved (no mean)
        Slot out = alloc(bytes({ elements, m_s }));
        Slot mean;
        if (layerNorm)
            mean = alloc(bytes({ rows, kFloat32Bytes }));
        Slot rstd = alloc(bytes({ rows, kFloat32Bytes }));
        if (!save) {
            drop(mean);
            drop(rstd);
            if (last)
                drop(in);
            return out;
        }
        saved.mean = mean;
        saved.rstd = rstd;
        if (last) { // saved: the norm holds it now
            saved.input = in;
            in.reset();
        }
        return out;
    }
    Slot norm32 = alloc(bytes({ elements, kFloat32Bytes }));
    if (last)
        drop(in); // convert was its last reader
    Slot rstd = alloc(bytes({ rows, kFloat32Bytes }));
    Slot normed = alloc(bytes({ elements, m_s }));
    if (!save) {
        drop(norm32);
        drop(rstd);
    }
    Slot out = alloc(bytes({ elements, m_s }));
    if (!(save && m_full))
        drop(normed); // read by the weight's gradient only
    if (save) {
        saved.norm32 = norm32;
        saved.rstd = rstd;
        saved.normed = normed;
    }
    return out;
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
    const std::uint64_t interBytes = bytes({ t, w.up.out, m_s });
    // A linear's input is saved when any linear that reads it saves it.
    const bool xSaved = save
        && (inputSaved(w.q) || inputSaved(w.k) || inputSaved(w.v)
            || (parallel && (inputSaved(w.gate) || inputSaved(w.up))));
    const bool x2Saved = save && !parallel && (inputSaved(w.gate) || inputSaved(w.up));
    const bool attnSaved = save && (!m_eager || inputSaved(w.o));
    const bool actSaved = save && inputSaved(w.down);
    // h stays past its residual when a LayerNorm (or a compiled RMSNorm) saved it, or as a checkpointed layer's
    // input.
    const bool savesNormInput = m_layerNorm || m_recipe.compiled;
    const bool hKept = mode == Mode::Checkpointed || mode == Mode::Recompute || (save && savesNormInput);
    const bool ln = m_layerNorm;
    const auto keepIf = [this](bool keep, Slot& slot) {
        if (!keep)
            drop(slot);
    };
    LinearSaved scratch;
    const auto saveTo = [&](LinearSaved& s) -> LinearSaved& { return save ? s : scratch; };

    // a, b: the input norm, q, k and v.
    Slot x = normForward(w.inputNorm, ln, t, h, false, save, st.nIn);
    Slot q = linearForward(w.q, pass, save, saveTo(st.lq));
    Slot k = linearForward(w.k, pass, save, saveTo(st.lk));
    Slot v = linearForward(w.v, pass, save, saveTo(st.lv));
    if (!parallel)
        keepIf(xSaved, x);
    // c: q/k norms (RMSNorms: q and k freed at their norm32), RoPE in place.
    if (w.qkNorm) {
        q = normForward(w.qNorm, false, t * (w.q.out / w.qNorm.width), q, true, save, st.nQ);
        k = normForward(w.kNorm, false, t * (w.k.out / w.kNorm.width), k, true, save, st.nK);
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
        Slot o2 = normForward(w.postAttentionNorm, ln, t, o, true, save, st.nAttnOut);
        h1 = alloc(hid);
        if (!hKept)
            drop(h);
        drop(o2);
    } else if (!parallel) {
        h1 = alloc(hid);
        if (!hKept)
            drop(h);
        drop(o);
    }
    Slot x2;
    if (!parallel)
        x2 = normForward(fourNorms ? w.preFeedforwardNorm : w.postAttentionNorm, ln, t, h1, false, save, st.nMlpIn);
    // h: the MLP.
    Slot g, u;
    if (w.gated)
        g = linearForward(w.gate, pass, save, saveTo(st.lgate));
    u = linearForward(w.up, pass, save, saveTo(st.lup));
    if (parallel)
        keepIf(xSaved, x);
    else
        keepIf(x2Saved, x2);
    Slot actG, act;
    if (w.gated && m_recipe.compiled) {
        act = alloc(interBytes); // act(g) * u, one fused kernel: no act_g
        if (!save) {
            drop(g);
            drop(u);
        }
    } else if (w.gated) {
        actG = alloc(interBytes); // act(g)
        if (!save)
            drop(g);
        act = alloc(interBytes); // act_g * u
        if (!save) {
            drop(actG);
            drop(u);
        }
    } else {
        act = alloc(interBytes);
        if (!save)
            drop(u);
    }
    Slot d = linearForward(w.down, pass, save, saveTo(st.ldown));
    keepIf(actSaved, act);
    // i: the MLP's residual h2 (new), the next layer's h.
    Slot h2;
    if (fourNorms) {
        Slot d2 = normForward(w.postFeedforwardNorm, ln, t, d, true, save, st.nMlpOut);
        h2 = alloc(hid);
        drop(d2);
    } else if (!parallel) {
        h2 = alloc(hid);
        drop(d);
    } else {
        h2 = alloc(hid); // h + o, then += d in place
        if (!hKept)
            drop(h);
        drop(o);
        drop(d);
    }
    if (!(save && savesNormInput))
        drop(h1); // its last reader was h2; a LayerNorm (a compiled RMSNorm) saved it
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
        st.h1 = h1;
        st.x2 = x2;
        st.g = g;
        st.actG = actG;
        st.u = u;
        st.act = act;
    }
}

void TrainingReplay::forward()
{
    m_stream[0] = alloc(m_train.hidden); // h: the embedding
    const Mode mode = m_recipe.checkpointing ? Mode::Checkpointed : Mode::Saving;
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        layerForward(l, m_train, mode);
    m_hn = normForward(m_weights.finalNorm, m_layerNorm, m_train.tokens, m_stream[m_layers.size()], true, true,
        m_finalSaved); // model.norm
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
        if (m_recipe.compiled) { // one fused kernel: lse [r] (and the whole loss), no float32 logits
            Slot lse = alloc(bytes({ r, kFloat32Bytes }));
            if (!chunked)
                m_loss = alloc(kFloat32Bytes);
            if (save) {
                m_logprobs.push_back(lse); // the lse, what the backward reads
            } else {
                drop(m_logits[c]);
                drop(lse);
            }
            continue;
        }
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

// "A norm's backward": an RMSNorm's norm_x (s = 2) before dx, freed after the gradients; then its saved tensors go.
TrainingReplay::Slot TrainingReplay::normBackward(
    const Norm& norm, bool layerNorm, std::uint64_t rows, NormSaved& saved)
{
    const std::uint64_t size = bytes({ rows, norm.width, m_s });
    Slot normX;
    if (!layerNorm && !m_recipe.compiled && m_s != kFloat32Bytes)
        normX = alloc(size); // convert(norm32)
    Slot dx = alloc(size);
    gradient(norm.weight);
    gradient(norm.bias);
    drop(normX);
    dropNorm(saved);
    return dx;
}

void TrainingReplay::dropNorm(NormSaved& saved)
{
    drop(saved.norm32);
    drop(saved.rstd);
    drop(saved.normed);
    drop(saved.mean);
    drop(saved.input);
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
    if (fourNorms)
        dd = normBackward(w.postFeedforwardNorm, m_layerNorm, t, st.nMlpOut);
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
        drop(st.actG);
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
        dh1 = normBackward(fourNorms ? w.preFeedforwardNorm : w.postAttentionNorm, m_layerNorm, t, st.nMlpIn);
        drop(dx2);
        drop(st.h1); // a LayerNorm's saved input
        drop(dh2); // dh1 += dh2
        if (fourNorms)
            dout = normBackward(w.postAttentionNorm, m_layerNorm, t, st.nAttnOut);
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
        Slot dqIn = normBackward(w.qNorm, false, t * (w.q.out / w.qNorm.width), st.nQ);
        drop(dq);
        dq = dqIn;
        Slot dkIn = normBackward(w.kNorm, false, t * (w.k.out / w.kNorm.width), st.nK);
        drop(dk);
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
    Slot dh = normBackward(w.inputNorm, m_layerNorm, t, st.nIn);
    drop(dx);
    drop(m_stream[index]); // a LayerNorm's saved input, or a checkpointed layer's; else gone at f (i)
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
        if (m_recipe.compiled) { // dlogits from the logits and lse, one fused kernel
            Slot dlogits = alloc(bytes({ rows[c], v, m_s }));
            drop(m_logprobs[c]); // lse
            return dlogits;
        }
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
    Slot dh = normBackward(m_weights.finalNorm, m_layerNorm, pass.tokens, m_finalSaved);
    drop(dhn);
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
    NormSaved none;
    Slot hn = normForward(m_weights.finalNorm, m_layerNorm, pass.tokens, m_stream[m_layers.size()], true, false, none);
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
