// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/deviceallocator.h"
#include "core/device/backend.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/workload.h"

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace iteragpu::workloads {

// A decoder-only transformer with random weights, as vLLM's dummy load format: no checkpoint is read. Each layer
// is built as its model::LayerSpec says (heads, KV heads, head_dim, windows, q/k norms, sinks, NoPE, norms, a
// dense gated or plain MLP, or experts with their router biases and shared expert). It runs a generation
// (inference) or, with DecoderSpec::training, fine-tuning steps (decoderworkloadtraining.cpp: full, LoRA, QLoRA).
// Its tensor inventory, the order of every allocation and free, is core/workloads/DECODER.md: this class follows
// that text step by step and the decoder's predictor replays the same text on an address-only allocator, so a
// change here is a change of DECODER.md first.
//
// Hot path: a decode step of a 7B model makes a few hundred kernel calls and allocations; names are built for the
// weights only (once, at model_load). Transient activations carry a string literal, caches their layer index, and
// heldTensors() spells the names out when it is asked.
class DecoderWorkload : public Workload {
public:
    // config.workload must be Decoder with config.decoder set; throws units::InputError with one line when the
    // configuration cannot run (validateConfig's reasons, and what this workload cannot build).
    DecoderWorkload(device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config);
    ~DecoderWorkload() override; // frees every tensor still held
    DecoderWorkload(const DecoderWorkload&) = delete;
    DecoderWorkload& operator=(const DecoderWorkload&) = delete;

    std::vector<protocol::PlannedPhase> plan() const override;
    device::Status runPhase(const protocol::PlannedPhase& phase) override;
    std::vector<HeldTensor> heldTensors() const override;
    std::optional<protocol::PhaseRouting> takeRouting() override;

    // vLLM's profile run (VllmWorkload), before its prefill: the prefill's K and V feed the attention and are freed
    // with the layer's other transients, no cache is kept (vLLM's profile forward writes none; DECODER.md "A prefill
    // without a cache"). A dynamic cache only; DecoderReplay::writeNoCache replays the same.
    device::Status writeNoCache();
    // vLLM's profile run (VllmWorkload): what the prefill left (next_ids, a dynamic cache) and input_ids freed, as a
    // forward that keeps nothing; DecoderReplay::releaseAfterForward replays the same frees.
    device::Status releaseAfterForward();

    // Decode steps run since the last prefill.
    std::uint64_t decodedSteps() const { return static_cast<std::uint64_t>(m_position - m_prompt); }
    // Training: bytes of the host copy checkpoint_save made (0 before it ran).
    std::uint64_t exportedBytes() const { return m_exportedBytes; }

private:
    struct Buffer {
        void* ptr = nullptr;
        std::uint64_t bytes = 0;
        std::uint64_t order = 0; // allocation order, for heldTensors()
    };
    struct Weight {
        std::string name;
        Buffer buffer;
    };
    struct Transient {
        const char* name = nullptr; // a literal (or a name built once): no string is built per activation
        Buffer buffer;
        alloc::Owner owner = alloc::Owner::Activation;
    };
    // y = x W^T (+ b). Quantized linears keep codes and their metadata; the others one tensor of the compute dtype.
    struct Linear {
        std::int64_t out = 0;
        std::int64_t in = 0;
        bool quantized = false;
        // compute dtype [out, in], int8 or fp8 codes [out, in], nf4 / fp4 packed codes, GPTQ / AWQ qweight, or
        // an mxfp4 expert's rows of its fused blocks
        void* weight = nullptr;
        // int8: SCB float32 [out]; nf4: absmax (float32, or uint8 codes with nf4-dq); fp8: weight_scale_inv;
        // GPTQ / AWQ: scales float16 [groups, out]; mxfp4: the e8m0 scales of its rows
        void* scales = nullptr;
        void* zeros = nullptr; // GPTQ / AWQ: qzeros int32 [groups, ceil(out / 8)]
        void* groupIndex = nullptr; // GPTQ: g_idx int32 [in]
        void* quantMap = nullptr; // nf4: float32 [16]
        void* nestedAbsmax = nullptr; // nf4-dq: float32 [ceil(blocks / 256)]
        void* nestedMap = nullptr; // nf4-dq: float32 [256]
        void* offset = nullptr; // nf4-dq: float32 [1]
        void* bias = nullptr;
        void* loraA = nullptr; // training: the adapter's A [r, in] and B [out, r], of the adapter dtype
        void* loraB = nullptr;
    };
    struct Expert {
        Linear w1, w3, w2; // w1 (gate) only when gated
    };
    struct Norm {
        void* weight = nullptr;
        void* bias = nullptr; // a LayerNorm's
    };
    struct Layer {
        // What DECODER.md "Layers" reads from the layer's spec.
        std::int64_t heads = 0, kvHeads = 0, headDim = 0;
        std::int64_t valueHeadDim = 0; // Dv: headDim, or MLA's v_head_dim
        // MLA (DECODER.md "MLA layers"): Rq (0: q_proj from x), Rkv, Dn, Dr; headDim is Dn + Dr, kvHeads heads.
        bool mla = false;
        std::int64_t qLoraRank = 0, kvLoraRank = 0, nopeDim = 0, ropeDim = 0;
        std::int64_t qNormWidth = 0; // 0: no q/k norms; headDim: per head; heads x headDim: over the projection
        bool rope = true;
        bool sinks = false;
        std::int64_t norms = 2; // n_l: 1 (parallel), 2 or 4
        bool moe = false;
        bool gated = true;
        std::int64_t intermediate = 0; // I: dense width or expert width
        std::int64_t expertCount = 0, topK = 0;
        std::int64_t shared = 0; // S, 0: no shared expert
        device::Activation activation = device::Activation::Silu;
        float attentionScale = 1.0f;

        Norm inputNorm, postAttentionNorm, preFeedforwardNorm, postFeedforwardNorm;
        void* qNorm = nullptr; // q_norm / k_norm
        void* kNorm = nullptr;
        void* sinkLogits = nullptr; // self_attn.sinks [Hq]: held, not read by the kernels
        Linear q, k, v, o; // MLA: q is q_proj (Rq = 0) or q_b_proj; no k, v
        Linear qA, kvA, kvB; // MLA: q_a_proj (Rq > 0), kv_a_proj_with_mqa, kv_b_proj
        void* qANorm = nullptr; // MLA: q_a_layernorm [Rq] (Rq > 0), kv_a_layernorm [Rkv]
        void* kvANorm = nullptr;
        Linear gate, up, down; // dense MLP (gate only when gated)
        Linear router; // MoE
        void* scoreBias = nullptr; // e_score_correction_bias [E]
        std::vector<Expert> experts;
        Expert sharedExpert;
        Linear sharedGate; // [1, H], when the shared expert has one
        std::int64_t window = 0; // 0: full attention
        std::int64_t capacity = 0; // N_l = min(C, window)
        std::int64_t ring = 0; // R_l, blocks per sequence of the paged cache

        // DECODER.md "State layers": which parts the layer has, and a Mamba2 mixer's sizes and weights.
        bool attention = true;
        bool outputGate = false; // q_proj also gives a sigmoid gate on attn (Qwen3-Next)
        bool state = false; // a Mamba2 mixer in place of the attention
        bool delta = false; // a gated DeltaNet mixer in place of the attention
        bool mamba = false; // a Mamba (v1, Jamba's) mixer in place of the attention
        bool hasMlp = true;
        std::int64_t deltaKeyHeads = 0, deltaKeyDim = 0; // gated DeltaNet: Hk, Dk (Hv, Dv, Vd in the ssm fields)
        Linear baProj; // gated DeltaNet's in_proj_ba
        std::int64_t ssmInner = 0, ssmHeads = 0, ssmHeadDim = 0, ssmGroups = 0, ssmStateSize = 0;
        std::int64_t convKernel = 0, convChannels = 0, inProjWidth = 0; // K, Cc, Wi
        Linear inProj, outProj;
        void* convWeight = nullptr; // [Cc, 1, K]
        void* convBias = nullptr; // [Cc]
        void* dtBias = nullptr; // [Hs]
        void* aLog = nullptr; // [Hs]
        void* dSkip = nullptr; // D [Hs]
        void* ssmNorm = nullptr; // the gated RMSNorm's weight [Is]
        // Mamba (DECODER.md "The Mamba mixer"): R, x_proj [R + 2N, Is], dt_proj [Is, R] (its bias the scan's),
        // A_log [Is, N] in aLog, D [Is] in dSkip, and the dt, B and C norms [R], [N], [N].
        std::int64_t dtRank = 0;
        Linear xProj, dtProj;
        void* dtNorm = nullptr;
        void* bNorm = nullptr;
        void* cNorm = nullptr;
    };
    // A state layer's cache (DECODER.md "The state cache"): allocated at the first prefill, updated in place.
    struct StateCache {
        Buffer conv; // [B, Cc, K] (Mamba: [B, Is, K])
        Buffer ssm; // [B, Hs, Ds, N] (Mamba: [B, Is, N])
    };
    struct KvBlock {
        Buffer buffer;
        std::int32_t sequence = 0;
        std::int32_t slot = 0; // ring block j
        bool value = false;
    };
    struct KvCache {
        Buffer key, value; // dynamic and static
        std::int64_t rows = 0; // dynamic: rows held; static: capacity
        Buffer keyTable, valueTable; // paged: device block tables
        std::vector<std::uint64_t> hostKeys, hostValues; // paged: [B, R_l] block addresses, 0 = none yet
        std::vector<KvBlock> blocks; // paged: in allocation order
    };

    static void check(const device::Status& status);
    void dropPartialRouting(); // a failed phase's loads are not kept
    Buffer allocateHeld(std::uint64_t bytes, alloc::Owner owner);
    // A transient: an activation, or the logits.
    void* allocate(const char* name, std::uint64_t bytes, alloc::Owner owner = alloc::Owner::Activation);
    void release(void* ptr); // frees a transient activation
    Buffer take(void* ptr); // a transient that becomes a cache, no longer an activation
    void freeHeld(Buffer& buffer);
    void* loadWeight(std::string name, std::uint64_t bytes);
    void* loadNorm(const std::string& name, std::int64_t width = 0); // width 0: hidden
    Norm loadLayerNorm(const std::string& name); // NAME.weight [H], NAME.bias [H] when the norms have biases
    Expert loadMlp(const std::string& prefix, const char* gate, const char* up, const char* down, std::int64_t width,
        bool gated, bool bias);
    Linear loadLinear(const std::string& prefix, std::int64_t out, std::int64_t in, bool bias, bool quantizable);
    // mxfp4: a MoE layer's experts as gpt-oss stores them (DECODER.md "Formats"), each expert's linears views of
    // the fused tensors.
    void loadMxfp4Experts(Layer& layer, const std::string& prefix, bool bias);
    void fillBytes(void* ptr, std::uint64_t bytes, unsigned char value);
    void fillCodes(void* ptr, std::uint64_t bytes, std::uint64_t seed);
    // fp8 codes that are all finite: every byte 0x3C (e4m3 1.5, e5m2 1.0), written as bfloat16 words 0x3C3C. Random
    // bytes would include NaN codes (e4m3 0x7F / 0xFF, e5m2 exponent 11111) and a GPU run's GEMMs would carry NaN.
    void fillFp8Codes(void* ptr, std::uint64_t size);
    std::uint64_t nextSeed();

    void modelLoad();
    void inputs();
    void prefill();
    void decodeStep();
    void releaseGeneration();

    // h [tokens, H] of `tokens` ids, seq per sequence from positionStart (with learned positions added).
    void* embed(const void* ids, std::int64_t tokens, std::int64_t seq, std::int64_t positionStart);
    void loadConv(Layer& layer, const std::string& mixer, bool convBias);
    void loadConvAndDecay(Layer& layer, const std::string& mixer, bool convBias);
    void layerForward(std::size_t l, void* h, std::int64_t queries, std::int64_t start, bool prefill);
    void* linear(const char* name, const void* x, std::int64_t rows, const Linear& layer,
        alloc::Owner owner = alloc::Owner::Activation); // owner of the output
    void* dequantize(const Linear& w); // W_deq [out, in] of a quantized linear, a transient
    // One MLP of `width` (dense, an expert, the shared expert): its output; with `outName` y for an expert.
    void* mlp(const Layer& layer, const Expert& w, std::int64_t width, const void* x, std::int64_t rows,
        const char* outName);
    void* moe(const Layer& layer, const void* x, std::int64_t rows);
    void* norm(const char* name, const void* in, const Norm& weight, std::int64_t rows);
    // The Mamba2 mixer of layer l on x (its input norm's output, freed here); its output added into h.
    void mamba2(std::size_t l, void* x, void* h, std::int64_t queries);
    // The Mamba (Jamba) mixer of layer l, likewise.
    void mambaMixer(std::size_t l, void* x, void* h, std::int64_t queries);
    // The gated DeltaNet mixer of layer l, likewise.
    void deltaNet(std::size_t l, void* x, void* h, std::int64_t queries);
    // An attention layer's steps a-i from x (freed here unless parallel), its output added into h.
    void attentionBlock(
        std::size_t l, void* x, void* h, std::int64_t queries, std::int64_t start, bool prefill, bool parallel);
    void prepareStates(); // the prefill's state cache: allocated the first time, zero-filled after
    bool writePrompt(std::size_t l, void* k, void* v); // true when k and v became the cache
    void writeStep(std::size_t l, const void* k, const void* v, std::int64_t position);
    void allocateBlocks(std::size_t l, std::int64_t firstSlot, std::int64_t slots);
    void attend(std::size_t l, void* out, const void* q, const void* k, const void* v, std::int64_t queries,
        std::int64_t start, bool prefill);
    device::KvLayout contiguous(std::size_t l, std::int64_t capacity, bool value = false) const; // K or V rows
    // An MLA layer's q, key and value (DECODER.md "MLA layers" b and c); `extra` gets what g frees after them.
    void mlaProjections(const Layer& layer, void* x, std::int64_t queries, std::int64_t start, bool parallel,
        void*& query, void*& key, void*& value, std::array<void*, 5>& extra);
    std::uint64_t bytes(std::int64_t elements) const; // of the compute dtype

    // --- Training (DECODER.md "Training"), in decoderworkloadtraining.cpp ---
    // A trainable parameter: a weight, bias or norm of the model (full) or a LoRA adapter, in model_load order.
    struct Parameter {
        std::string name;
        void* value = nullptr;
        std::uint64_t count = 0; // elements
        device::DType dtype = device::DType::Float32; // of the parameter and of its gradient
        Buffer grad; // .grad
        std::vector<Buffer> states; // on the device: exp_avg, exp_avg_sq; or state1, state2, absmax1, absmax2
        void* hostStates = nullptr; // paged: the states in host memory, laid out as the page
        Buffer master; // float32 copy (masterWeights)
        std::int64_t steps = 0;
        int contributions = 1; // fresh gradients one backward makes (lm_head per chunk, a tied embedding twice)
        int seen = 0; // of this backward, so far
    };
    // The linears of a layer, for their saved adapter tensors.
    enum Slot : int { SlotQ = 0, SlotK, SlotV, SlotO, SlotGate, SlotUp, SlotDown, kSlotCount };
    struct LoraSaved {
        void* x = nullptr; // lora_x (a != s)
        void* mid = nullptr; // lora_mid
    };
    // What one norm keeps for its backward (DECODER.md "A norm"): an RMSNorm's norm32, rstd and (full) normed; a
    // LayerNorm's mean and rstd, and its input when the norm is its last reader (h and h1 stay in their slots).
    struct NormSaved {
        void* norm32 = nullptr;
        void* rstd = nullptr;
        void* normed = nullptr;
        void* mean = nullptr;
        void* input = nullptr;
    };
    // What one layer's forward keeps for its backward (null: not saved).
    struct LayerActivations {
        void* h = nullptr; // the layer's input (kept by a LayerNorm, or when checkpointed)
        void* x = nullptr;
        void* q = nullptr; // after the norms and the rotary embedding
        void* k = nullptr;
        void* v = nullptr;
        void* attn = nullptr;
        void* lse = nullptr;
        void* probs = nullptr;
        void* h1 = nullptr; // a LayerNorm's saved input
        void* x2 = nullptr;
        void* g = nullptr;
        void* actG = nullptr; // act(g), the gated product's saved operand
        void* u = nullptr;
        void* act = nullptr;
        void* h2 = nullptr; // the layer's output (the next layer's h)
        std::array<LoraSaved, kSlotCount> lora {};
        NormSaved nIn, nQ, nK, nAttnOut, nMlpIn, nMlpOut; // of x, q_norm, k_norm, o2, x2, d2
    };
    struct ChunkNames {
        std::string logits, logprobs, dlogits, dhn, lse; // lse: the compiled cross-entropy's
    };
    enum class Stage { Idle, Forwarded, LossMade };

    void initTraining(); // constructor: B, S and the recipe's sizes
    void releaseTraining(); // destructor: gradients, states, host copies, labels
    device::Status runTrainingPhase(const protocol::PlannedPhase& phase);
    void loadAdapters();
    void collectParameters();
    void trainingInputs();
    void microBatch(); // forward, loss and backward
    void wholeStep(); // gradAccum micro-batches and the optimizer
    void trainForward();
    void trainLoss();
    void trainBackward();
    void optimizerStep();
    void freeGradients();
    void evaluate();
    void checkpointSave();

    std::int64_t chunkCount(std::int64_t rows) const; // the loss's chunks n over `rows` positions (1: whole)
    bool savesInput(const Linear& w) const; // the backward reads the linear's input x
    std::uint64_t adapterBytes(std::int64_t elements) const;
    void* sum(const char* name, const void* a, const void* b, std::uint64_t count); // a new tensor a + b
    void zeroBytes(void* ptr, std::uint64_t bytes);
    // y = linear(x, W) with its adapter; saved null: nothing kept for the backward.
    void* trainLinear(const char* name, const void* x, std::int64_t rows, const Linear& w, LoraSaved* saved);
    void layerTrainForward(
        std::size_t l, LayerActivations& a, std::int64_t batch, bool save, bool keepInput, bool keepOutput);
    void trainAttention(std::size_t l, LayerActivations& a, void* attn, std::int64_t batch, bool save);
    device::AttentionShape trainingShape(std::size_t l, std::int64_t batch) const;
    void lossForward(void* hn, std::int64_t rows, const void* labels, bool save, bool keepHn);
    void* lossBackward(); // dhn
    void layerBackward(std::size_t l, void*& dh);
    void* linearBackward(
        const char* name, const void* dy, std::int64_t rows, const Linear& w, const void* x, LoraSaved& saved);
    // The training forward's norm (DECODER.md "A norm") of in [rows, width]; last: the norm is in's last reader
    // (in is freed, or taken over by a saving LayerNorm, and set to null). A bias makes it a LayerNorm.
    void* trainNorm(const char* name, void*& in, bool last, const void* weight, const void* bias, std::int64_t rows,
        std::int64_t width, bool save, NormSaved& saved);
    // Its backward from what it saved (a LayerNorm's input: saved.input, else `input`); frees the saved tensors.
    void* normBackward(const char* name, const void* dy, NormSaved& saved, const void* input, const void* weight,
        const void* bias, std::int64_t rows, std::int64_t width);
    void* freshGradient(const void* parameter, const char* name);
    void gradientMade(const void* parameter, void* fresh);
    void stepParameter(Parameter& p);
    std::uint64_t stateBytes(const Parameter& p) const;

    device::DeviceContext& m_context;
    alloc::DeviceAllocator& m_allocator;
    protocol::RunConfig m_config;
    protocol::DecoderSpec m_spec;
    device::DType m_dtype; // compute dtype
    std::uint64_t m_elementBytes; // s
    std::int64_t m_sequences; // B
    std::int64_t m_prompt; // P
    std::int64_t m_generated; // G
    std::int64_t m_positions; // C = P + G
    std::int64_t m_hidden, m_vocab;
    std::int64_t m_positionRows = 0; // learned positions (N_pos), 0 without
    bool m_normBias = false; // the norms are LayerNorms with a bias
    bool m_gemmaStyle; // embedding * sqrt(H), RMSNorm weight + 1, GELU-tanh gating
    float m_embedScale;
    float m_normOffset;

    std::uint64_t m_order = 0; // allocations so far
    std::uint64_t m_weightIndex = 0; // seeds of the random weights
    std::vector<Weight> m_weights; // in allocation order
    void* m_embedTable = nullptr;
    void* m_positionTable = nullptr; // model.embed_positions.weight [m_positionRows, H], learned positions only
    Norm m_finalNorm;
    Linear m_lmHead;
    std::vector<Layer> m_layers;
    bool m_loaded = false;
    // The routing of the phase running (a model with MoE layers, in a phase that runs a forward): the balanced rule
    // of a simulated device, or the loads a device with data saw, per MoE layer call (DECODER.md prefill k).
    std::optional<protocol::PhaseRouting> m_routing;
    std::uint64_t m_routingLoadsKept = 0; // loads recorded in this run (protocol::kMaxRecordedRoutingLoads)

    Buffer m_inputIds;
    std::vector<KvCache> m_caches;
    std::vector<StateCache> m_states; // one per layer, empty for the layers without a state
    std::vector<Transient> m_live; // transient activations, next_ids included, in allocation order
    void* m_nextIds = nullptr;
    bool m_generating = false; // a prefill ran: next_ids and the caches hold a generation
    bool m_noCache = false; // writeNoCache(): the prefill keeps no K and V
    std::int64_t m_position = 0; // the next position a decode step writes

    // Training (m_spec.training set): m_sequences is B, m_prompt is S.
    bool m_full = false; // every weight trainable (else LoRA adapters)
    device::DType m_adapterDtype = device::DType::Float32;
    std::int64_t m_rank = 0;
    std::int64_t m_chunks = 0; // the recipe's loss chunks, 0: whole logits
    std::vector<ChunkNames> m_chunkNames; // built once: transients point at them
    std::vector<Parameter> m_params;
    std::unordered_map<const void*, std::size_t> m_paramOf; // parameter tensor -> index in m_params
    std::vector<std::size_t> m_gradOrder; // parameters in the order their .grad was made
    Buffer m_labels, m_evalIds, m_evalLabels;
    std::vector<LayerActivations> m_acts;
    NormSaved m_finalSaved; // model.norm's, for the backward
    void* m_hn = nullptr;
    std::vector<void*> m_logits, m_logprobs; // one per chunk (one for whole logits); compiled: m_logprobs the lse
    void* m_loss = nullptr;
    Stage m_stage = Stage::Idle;
    std::uint64_t m_microBatches = 0; // of the first step so far
    std::vector<std::string> m_exportNames; // built once
    void* m_exported = nullptr; // host copy of checkpoint_save
    std::uint64_t m_exportedBytes = 0;
};

} // namespace iteragpu::workloads
