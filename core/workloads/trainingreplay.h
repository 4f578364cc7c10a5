// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/workloads/decoderweights.h"
#include "core/workloads/ledger.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace iteragpu::workloads {

// The decoder's fine-tuning step as core/workloads/DECODER.md "Training" lists it, replayed tensor by tensor on a
// ledger: every allocation and free in the text's order, each tensor with its owner. Written from the text only,
// independently of the workload's code (DecoderWorkload); predictDecoderTraining drives it phase by phase.
//
// Note [Training readings]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// Where the text leaves a choice open, this replay reads it so (each place points here):
//  (1) "freed at its last forward use" (checkpointed forward, eval): right after the operation that last reads
//      it, before the next allocation: lora_x once lora_mid is made, lora_mid once lora_out is made, an
//      attention's q, k, v (and lse, never read) once the kernel ran, probs once attn is made, g once act_g is
//      made, act_g and u once act is made, an RMSNorm's input (q, k, o, d, the last h2) once its norm32 is made,
//      norm32 and rstd once normed is made, normed once the norm's output is made, a LayerNorm's mean and rstd
//      (and its input at its last use) once its output is made, h1 once h2 is made; a layer's input h (unless a
//      LayerNorm saves it or the layer is checkpointed) once h1 (n_l = 1: h2) is made.
//  (2) eager attention in training allocates attn first, before the scores, as the inference prefill does (the
//      text says so since the two readings were compared).
//  (3) the saved input of down_proj (act) is freed right after down_proj's linear backward (step b), as eager's
//      saved attn is after o_proj's (step f); the text names no place for it.
//  (4) a parameter whose gradient comes in several parts in one backward (lm_head under a chunked loss, a tied
//      embedding from lm_head and from the embedding) is stepped in the backward (optimizerInBackward) once,
//      after its last part, as PyTorch's AccumulateGrad runs once per backward.
//  (5) a parameter that never gets a gradient (attention sinks, which no kernel reads) is not stepped: no
//      states, no master copy (PyTorch's optimizers skip a parameter without .grad); it is exported.
//  (6) a parameter's step allocates, in this order: its master the first time, its states the first time (or,
//      paged, its optimizer_page each time), grad32; then the step; then grad32 and the page are freed. A paged
//      SGD has no states and allocates no page. Master copies stay on the device when paged. With master weights
//      the optimizer steps the float32 master, so AdamW's moments are float32.
//  (7) the 8-bit states are allocated state1, state2, absmax1, absmax2.
//  (8) eval frees each logits (chunk) once converted to logits32 and its logprobs once the loss has read them.
//  (9) lm_head's bias (a full fine-tune of a model with one) gets its gradient db after dW, before hn is freed.
// (10) the backward ends with "free dh" for every method, the embedding's gradient made first in a full one.
// (11) owners: the text's (Weights for weights and adapters, Logits for logits and logits.c, Gradients for
//      .grad, OptimizerState for states, master and optimizer_page); a fresh gradient is a Gradient from its
//      allocation; grad32 is a Gradient; everything else (inputs, labels, W_deq, activations,
//      the loss tensors, the export copies) is an Activation.
// (12) the embedding's gradient is dE itself: zero-filled [V, H], it becomes the .grad when there is none (no
//      second [V, H] buffer); with tied embeddings lm_head's gradient is that .grad and dE is added and freed.
// (13) the loss is cut into min(lossChunks, T) chunks, so no chunk is empty.
// (14) compiled: a fused RMSNorm allocates out then rstd (as a LayerNorm, without mean) and, not saving, frees
//      rstd and its input at its last use once out is made; the fused gated activation frees g and u once act is
//      made; the fused loss allocates lse.c (whole: then the loss) and, in eval, frees logits.c, then lse.c.
// Frees with no allocation between them are made in the text's order, but their order changes no counter: the
// caching allocator's free blocks merge the same way whichever is freed first.
class TrainingReplay {
public:
    // config is a valid decoder training run (protocol::validateConfig); throws units::InputError for a size
    // beyond 64 bits.
    TrainingReplay(Ledger& ledger, const protocol::RunConfig& config);

    void modelLoad();
    void inputs();
    void forward(); // first_step.forward: one micro-batch to hn
    void loss(); // first_step.loss
    void backward(); // first_step.backward (stepping each parameter with optimizerInBackward)
    void microBatch(); // forward, loss and backward
    void optimizerStep(); // first_step.optimizer: the step, then the gradients freed
    void wholeStep(); // gradAccum micro-batches and the step
    void eval();
    void checkpointSave();

private:
    using Slot = std::optional<LedgerBlock>;
    using Linear = DecoderWeights::Linear;
    using Norm = DecoderWeights::Norm;

    enum class Mode {
        Saving, // the forward of a step: what the backward reads is kept
        Checkpointed, // a checkpointed layer's forward: everything freed at its last use but h and h2
        Recompute, // a checkpointed layer's forward again in the backward: saving, h2 freed at once
        Eval, // no gradients: everything freed at its last use, the layer's input h included
    };

    // The sizes of a forward over B sequences of S tokens (the micro-batch, or the eval batch).
    struct Pass {
        std::uint64_t sequences = 0; // B
        std::uint64_t tokens = 0; // T = B·S
        std::uint64_t hidden = 0; // [T, H]
    };

    // What one linear keeps for its backward beside its input: the adapter's lora_x (a != s) and lora_mid.
    struct LinearSaved {
        Slot loraX;
        Slot loraMid;
    };

    // What one norm keeps for its backward: an RMSNorm's norm32, rstd and (full) normed; a LayerNorm's mean and
    // rstd, and its input when the norm took it over (o, d, the last h2; h and h1 stay with their owners).
    struct NormSaved {
        Slot norm32, rstd, normed, mean, input;
    };

    // A layer's tensors between its forward and its backward (the saved ones; Recompute fills them again).
    struct LayerTensors {
        Slot x, q, k, v, attn, lse, probs, h1, x2, g, actG, u, act;
        LinearSaved lq, lk, lv, lo, lgate, lup, ldown;
        NormSaved nIn, nQ, nK, nAttnOut, nMlpIn, nMlpOut; // x, q_norm, k_norm, o2, x2, d2
    };

    LedgerBlock alloc(std::uint64_t bytes, alloc::Owner owner = alloc::Owner::Activation);
    void drop(Slot& slot);
    std::uint64_t bytes(std::initializer_list<std::uint64_t> factors) const;

    bool inputSaved(const Linear& linear) const; // "What the backward reads": x of this linear
    Slot linearForward(const Linear& linear, const Pass& pass, bool save, LinearSaved& saved);
    Slot linearBackward(const Linear& linear, const Pass& pass, LinearSaved& saved);
    // "A norm" over rows x norm.width of in: last says the norm is in's last reader (freed, or saved by a LayerNorm).
    Slot normForward(
        const Norm& norm, bool layerNorm, std::uint64_t rows, Slot& in, bool last, bool save, NormSaved& saved);
    Slot normBackward(const Norm& norm, bool layerNorm, std::uint64_t rows, NormSaved& saved); // frees saved
    void dropNorm(NormSaved& saved);
    void layerForward(std::size_t index, const Pass& pass, Mode mode);
    Slot layerBackward(std::size_t index, Slot dh2);
    void lossOf(const Pass& pass, Slot& hn, bool save);
    std::vector<std::uint64_t> chunkRows(std::uint64_t tokens) const;

    void gradient(int parameter); // "Its gradient"
    void step(int parameter); // one parameter's optimizer step ("The optimizer step")

    Ledger& m_l;
    const model::ModelShape& m_shape;
    const training::TrainingRecipe m_recipe;
    const DecoderWeights m_weights;
    const std::uint64_t m_s; // bytes of the compute dtype
    const std::uint64_t m_a; // bytes of the adapters' dtype
    const bool m_full;
    const bool m_eager;
    const bool m_layerNorm; // the model's norms have biases (c = 2); the q/k norms are RMSNorms whatever this says
    std::vector<std::uint64_t> m_heads; // Hq per layer
    Pass m_train;
    Pass m_evalPass;

    std::vector<Slot> m_stream; // h: the embedding's output, then each layer's h2
    std::vector<LayerTensors> m_layers;
    Slot m_hn;
    NormSaved m_finalSaved; // model.norm's
    std::vector<Slot> m_logits; // the whole logits, or one per chunk
    std::vector<Slot> m_logprobs;
    Slot m_loss;

    std::vector<Slot> m_grads; // .grad per trainable parameter
    std::vector<int> m_gradOrder; // the order the gradients were made
    std::vector<std::uint32_t> m_parts; // gradient parts one backward makes per parameter (Note (4))
    std::vector<std::uint32_t> m_partsSeen; // in the current backward
    std::vector<bool> m_stepped; // states (and master) made
    std::vector<LedgerBlock> m_states; // live on the device for the run
};

} // namespace iteragpu::workloads
