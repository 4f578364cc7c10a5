// SPDX-License-Identifier: Apache-2.0
#include "core/model/architectures.h"

#include "core/model/jsonguard.h"
#include "core/model/modellimits.h"
#include "core/units/checkedmath.h"

#include <algorithm>
#include <functional>
#include <map>

namespace iteragpu::model {

namespace checked = units::checked;

namespace {

    constexpr std::uint64_t kMaxDim = 1ULL << 32; // anything larger is a lying config, not a model
    constexpr const char* kWhat = "parameter count";

    struct Ctx {
        const ConfigFields& c; // the text model's keys
        const ConfigFields& top;
        ModelShape& s;
        std::optional<std::uint64_t> vocabDefault {}; // the config class's default where a config may omit it
    };

    std::uint64_t dim(const ConfigFields& c, std::uint64_t v, const char* key)
    {
        if (v > kMaxDim)
            c.fail(std::string("'") + key + "' is larger than 2^32; not a real model");
        return v;
    }

    // The first of several names a key has had (num_hidden_layers, n_layer), required.
    std::uint64_t countOf(const ConfigFields& c, std::initializer_list<const char*> keys)
    {
        for (const char* k : keys)
            if (c.has(k))
                return dim(c, c.count(k), k);
        return c.count(*keys.begin()); // throws: names the first
    }

    std::uint64_t ln(std::uint64_t h) { return checked::mul(2, h, kWhat); } // LayerNorm: weight and bias

    // hidden, layers, heads, KV heads, head_dim, vocab, tied embeddings, dtype, context, rope and eps: the keys
    // every architecture shares (under their Llama names unless given).
    void base(Ctx& x, bool tiesByDefault, std::initializer_list<const char*> hiddenKeys = { "hidden_size" },
        std::initializer_list<const char*> layerKeys = { "num_hidden_layers" },
        std::initializer_list<const char*> headKeys = { "num_attention_heads" })
    {
        const ConfigFields& c = x.c;
        ModelShape& s = x.s;
        s.hidden = countOf(c, hiddenKeys);
        s.layers = countOf(c, layerKeys);
        if (const std::string why = layersProblem(s.layers, "'num_hidden_layers'"); !why.empty())
            c.fail(why); // Note [Model limits]
        s.heads = countOf(c, headKeys);
        s.vocab = !c.has("vocab_size") && x.vocabDefault ? *x.vocabDefault : dim(c, c.count("vocab_size"), "vocab_size");
        s.kvHeads = dim(c, c.countOr("num_key_value_heads", s.heads), "num_key_value_heads");
        if (s.kvHeads > s.heads || s.heads % s.kvHeads != 0)
            c.fail("'num_key_value_heads' must divide 'num_attention_heads'");
        if (const auto hd = c.optCount("head_dim")) {
            if (*hd == 0 || *hd > kMaxDim)
                c.fail("'head_dim' must be between 1 and 2^32");
            s.headDim = *hd;
        } else {
            if (s.hidden % s.heads != 0)
                c.fail("hidden_size is not a multiple of num_attention_heads and no head_dim is given");
            s.headDim = s.hidden / s.heads;
        }
        if (const auto tie = c.optBool("tie_word_embeddings")) {
            s.tieWordEmbeddings = *tie;
        } else if (const auto tieTop = x.top.optBool("tie_word_embeddings")) {
            s.tieWordEmbeddings = *tieTop;
        } else {
            s.tieWordEmbeddings = tiesByDefault;
            s.notes.push_back({ tiesByDefault ? //: %1 the model family (gemma, ...)
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "tie_word_embeddings absent: tied, the default of %1")
                                              : //: %1 the model family (llama, ...)
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "tie_word_embeddings absent: untied, the default of %1"),
                { s.architecture } });
        }
        for (const ConfigFields* f : { &c, &x.top })
            for (const char* key : { "torch_dtype", "dtype" })
                if (s.torchDtype.empty() && f->object().contains(key) && f->object()[key].is_string())
                    s.torchDtype = f->object()[key].get<std::string>();
        for (const char* key : { "max_position_embeddings", "n_positions", "seq_length" })
            if (!s.trainedContext)
                if (const auto t = c.optCount(key); t && *t > 0)
                    s.trainedContext = *t;
        if (const auto theta = c.optNumber("rope_theta")) {
            if (const std::string why = ropeThetaProblem(*theta, "'rope_theta'"); !why.empty())
                c.fail(why); // Note [Model limits]
            s.ropeTheta = *theta;
        }
        for (const char* key : { "rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon", "norm_eps" }) {
            if (s.normEps)
                break;
            if (const auto eps = c.optNumber(key)) {
                if (*eps <= 0.0)
                    c.fail(std::string("'") + key + "' must be a positive number");
                if (*eps >= 1.0)
                    c.fail(std::string("'") + key + "' must be less than 1");
                s.normEps = *eps;
            }
        }
        s.finalNormParameters = s.hidden;
    }

    // A standard attention + dense gated MLP layer from the uniform fields.
    LayerSpec standardLayer(const ModelShape& s)
    {
        LayerSpec l;
        l.attention.heads = s.heads;
        l.attention.kvHeads = s.kvHeads;
        l.attention.headDim = s.headDim;
        l.attention.valueHeadDim = s.headDim;
        l.attention.qkvBias = s.qkvBias;
        l.attention.outputBias = s.outputBias;
        l.mlp.intermediate = s.intermediate;
        l.mlp.bias = s.mlpBias;
        l.normParameters = checked::mul(s.normsPerLayer, s.hidden, kWhat);
        return l;
    }

    void uniformLayers(ModelShape& s)
    {
        s.layerSpecs.assign(static_cast<std::size_t>(s.layers), standardLayer(s));
    }

    void activation(Ctx& x)
    {
        for (const char* key : { "hidden_act", "hidden_activation", "activation_function", "mlp_hidden_act" })
            if (const auto a = x.c.optString(key)) {
                for (auto& l : x.s.layerSpecs)
                    l.mlp.activation = *a;
                return;
            }
    }

    void slideLayer(LayerSpec& l, std::uint64_t window)
    {
        l.attention.span = AttentionSpec::Span::Sliding;
        l.attention.window = window;
    }

    std::optional<std::uint64_t> windowOf(const ConfigFields& c)
    {
        const auto w = c.optCount("sliding_window");
        if (w && *w == 0)
            c.fail("'sliding_window' must be greater than zero");
        return w;
    }

    // `layer_types` when the config lists it: sliding_attention / chunked_attention / full_attention, and the
    // state kinds a hybrid names (their layers are made by the caller). Returns false when absent.
    bool layerTypes(Ctx& x, std::vector<std::string>& types)
    {
        const auto t = x.c.optStrings("layer_types");
        if (!t)
            return false;
        if (t->size() != x.s.layers)
            x.c.fail("'layer_types' must have one entry per layer (" + std::to_string(t->size()) + " for "
                + std::to_string(x.s.layers) + " layers)");
        types = *t;
        return true;
    }

    void applySlidingTypes(Ctx& x, const std::vector<std::string>& types)
    {
        const auto window = windowOf(x.c);
        for (std::size_t i = 0; i < types.size(); ++i) {
            if (types[i] == "sliding_attention") {
                if (!window)
                    x.c.fail("'layer_types' names sliding layers but 'sliding_window' is missing");
                slideLayer(x.s.layerSpecs[i], *window);
            } else if (types[i] == "chunked_attention") {
                const auto chunk = x.c.optCount("attention_chunk_size");
                if (!chunk || *chunk == 0)
                    x.c.fail("'layer_types' names chunked layers but 'attention_chunk_size' is missing");
                x.s.layerSpecs[i].attention.span = AttentionSpec::Span::Chunked;
                x.s.layerSpecs[i].attention.window = *chunk;
            } else if (types[i] != "full_attention") {
                x.c.fail("'layer_types' entry '" + jsonguard::oneLine(types[i], 40) + "' is not a kind of layer "
                    + x.s.architecture + " has");
            }
        }
    }

    // Every layer slides when sliding_window is set (Mistral v0.1, Starcoder2), unless use_sliding_window is false.
    void allSlide(Ctx& x)
    {
        const auto window = windowOf(x.c);
        const auto use = x.c.optBool("use_sliding_window");
        if (!window)
            return;
        if (use && !*use) {
            x.s.notes.push_back({ ITERAGPU_TRANSLATE_NOOP(
                "Assumption", "use_sliding_window is false: sliding_window ignored, every layer attends fully") });
            return;
        }
        for (auto& l : x.s.layerSpecs)
            slideLayer(l, *window);
    }

    // Qwen2's rule: with use_sliding_window, the layers from max_window_layers on use the window.
    void qwenSlide(Ctx& x)
    {
        std::vector<std::string> types;
        if (layerTypes(x, types)) {
            applySlidingTypes(x, types);
            return;
        }
        const auto window = windowOf(x.c);
        const bool use = x.c.optBool("use_sliding_window").value_or(false);
        if (!use) {
            if (window)
                x.s.notes.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "use_sliding_window is false: sliding_window ignored, every layer attends fully") });
            return;
        }
        if (!window)
            return;
        const std::uint64_t first = x.c.optCount("max_window_layers").value_or(x.s.layers);
        for (std::uint64_t i = first; i < x.s.layers; ++i)
            slideLayer(x.s.layerSpecs[i], *window);
    }

    // Sliding except every n-th layer (Gemma-3's 5 local : 1 global, Cohere2's 3 : 1), or layer_types.
    void patternSlide(Ctx& x, std::uint64_t defaultPattern, bool globalNoPE)
    {
        std::vector<std::string> types;
        if (layerTypes(x, types)) {
            applySlidingTypes(x, types);
        } else {
            const auto window = windowOf(x.c);
            const std::uint64_t n = x.c.countOr("sliding_window_pattern", defaultPattern);
            if (!window)
                x.c.fail("missing required key 'sliding_window' (its local layers slide)");
            for (std::uint64_t i = 0; i < x.s.layers; ++i)
                if ((i + 1) % n != 0)
                    slideLayer(x.s.layerSpecs[i], *window);
        }
        if (globalNoPE)
            for (auto& l : x.s.layerSpecs)
                if (l.attention.span == AttentionSpec::Span::Full)
                    l.attention.rope = false;
    }

    void qkNorm(ModelShape& s, std::uint64_t perLayer)
    {
        for (auto& l : s.layerSpecs)
            if (l.attention.present)
                l.attention.qkNormParameters = perLayer;
    }

    void moe(LayerSpec& l, std::uint64_t experts, std::uint64_t topK, std::uint64_t width)
    {
        l.mlp.kind = MlpSpec::Kind::Moe;
        l.mlp.experts = experts;
        l.mlp.expertsPerToken = topK;
        l.mlp.intermediate = width;
    }

    // The uniform fields of a model with MoE layers: the expert width and counts, from its first MoE layer.
    void uniformMoe(ModelShape& s)
    {
        for (const auto& l : s.layerSpecs)
            if (l.mlp.kind == MlpSpec::Kind::Moe) {
                s.experts = l.mlp.experts;
                s.expertsPerToken = l.mlp.expertsPerToken;
                s.intermediate = l.mlp.intermediate;
                return;
            }
    }

    // ---- the families -------------------------------------------------------------------------------------

    void llamaLike(Ctx& x, bool ties)
    {
        base(x, ties);
        ModelShape& s = x.s;
        s.intermediate = dim(x.c, x.c.count("intermediate_size"), "intermediate_size");
        if (x.c.optBool("attention_bias").value_or(false)) {
            s.qkvBias = true;
            s.outputBias = true;
        }
        s.mlpBias = x.c.optBool("mlp_bias").value_or(false);
        uniformLayers(s);
    }

    void readLlama(Ctx& x)
    {
        llamaLike(x, false);
        allSlide(x);
    }

    void readMistral(Ctx& x)
    {
        llamaLike(x, false);
        std::vector<std::string> types;
        if (layerTypes(x, types))
            applySlidingTypes(x, types);
        else
            allSlide(x);
    }

    void readMixtral(Ctx& x)
    {
        llamaLike(x, false);
        const std::uint64_t e = x.c.count("num_local_experts");
        const std::uint64_t k = x.c.count("num_experts_per_tok");
        for (auto& l : x.s.layerSpecs)
            moe(l, e, k, x.s.intermediate);
        uniformMoe(x.s);
        allSlide(x);
    }

    void readPhimoe(Ctx& x)
    {
        readMixtral(x);
        ModelShape& s = x.s;
        const bool bias = x.c.optBool("attention_bias").value_or(false);
        for (auto& l : s.layerSpecs) {
            l.attention.qkvBias = l.attention.outputBias = bias;
            l.normParameters = checked::mul(2, ln(s.hidden), kWhat); // two LayerNorms with biases
        }
        s.finalNormParameters = ln(s.hidden);
        s.lmHeadBias = x.c.optBool("lm_head_bias").value_or(false);
    }

    void readQwen2(Ctx& x)
    {
        llamaLike(x, false);
        x.s.qkvBias = true; // Qwen2 always has q/k/v biases, no o_proj bias
        x.s.outputBias = false;
        for (auto& l : x.s.layerSpecs) {
            l.attention.qkvBias = true;
            l.attention.outputBias = false;
        }
        qwenSlide(x);
    }

    void readQwen3(Ctx& x)
    {
        llamaLike(x, false);
        qkNorm(x.s, checked::mul(2, x.s.headDim, kWhat)); // q_norm, k_norm per head_dim
        qwenSlide(x);
    }

    // Qwen2-MoE / Qwen3-MoE / Qwen3-Next: MoE on layer i when i is not in mlp_only_layers and (i + 1) is a
    // multiple of decoder_sparse_step; the others dense of intermediate_size.
    void qwenMoe(Ctx& x, bool shared)
    {
        ModelShape& s = x.s;
        const std::uint64_t e = x.c.count("num_experts");
        const std::uint64_t k = x.c.count("num_experts_per_tok");
        const std::uint64_t width = dim(x.c, x.c.count("moe_intermediate_size"), "moe_intermediate_size");
        const std::uint64_t step = x.c.countOr("decoder_sparse_step", 1);
        // As a set: a config may list up to millions of entries, each looked up per layer.
        std::vector<bool> only(static_cast<std::size_t>(s.layers), false);
        for (const std::uint64_t i : x.c.optCounts("mlp_only_layers").value_or(std::vector<std::uint64_t> {}))
            if (i < s.layers)
                only[static_cast<std::size_t>(i)] = true;
        const std::uint64_t sharedWidth = shared ? x.c.optCount("shared_expert_intermediate_size").value_or(0) : 0;
        for (std::uint64_t i = 0; i < s.layers; ++i) {
            if (only[static_cast<std::size_t>(i)] || (i + 1) % step != 0)
                continue;
            LayerSpec& l = s.layerSpecs[i];
            moe(l, e, k, width);
            if (sharedWidth > 0) {
                l.mlp.sharedIntermediate = sharedWidth;
                l.mlp.sharedExperts = 1;
                l.mlp.sharedExpertGate = true;
            }
        }
        uniformMoe(s);
    }

    void readQwen2Moe(Ctx& x)
    {
        readQwen2(x);
        qwenMoe(x, true);
    }

    void readQwen3Moe(Ctx& x)
    {
        readQwen3(x);
        qwenMoe(x, false);
    }

    // Qwen3-Next: gated DeltaNet layers and gated full-attention layers (every full_attention_interval-th), MoE
    // with a gated shared expert.
    void readQwen3Next(Ctx& x)
    {
        base(x, false);
        ModelShape& s = x.s;
        s.intermediate = x.c.optCount("intermediate_size").value_or(0);
        uniformLayers(s);
        std::vector<std::string> types;
        if (!layerTypes(x, types)) {
            const std::uint64_t n = x.c.countOr("full_attention_interval", 4);
            for (std::uint64_t i = 0; i < s.layers; ++i)
                types.push_back((i + 1) % n == 0 ? "full_attention" : "linear_attention");
        }
        StateSpec d;
        d.kind = StateSpec::Kind::GatedDeltaNet;
        d.keyHeads = x.c.count("linear_num_key_heads");
        d.heads = x.c.count("linear_num_value_heads");
        d.keyHeadDim = x.c.count("linear_key_head_dim");
        d.headDim = x.c.count("linear_value_head_dim");
        d.convKernel = x.c.count("linear_conv_kernel_dim");
        d.inner = checked::mul(d.heads, d.headDim, kWhat);
        for (std::size_t i = 0; i < types.size(); ++i) {
            LayerSpec& l = s.layerSpecs[i];
            if (types[i] == "linear_attention") {
                l.attention = AttentionSpec {};
                l.attention.present = false;
                l.state = d;
            } else if (types[i] == "full_attention") {
                l.attention.outputGate = true;
                l.attention.qkNormParameters = checked::mul(2, s.headDim, kWhat);
            } else {
                x.c.fail("'layer_types' entry '" + jsonguard::oneLine(types[i], 40)
                    + "' is neither linear_attention nor full_attention");
            }
        }
        qwenMoe(x, true);
        if (const auto mtp = x.c.optCount("num_nextn_predict_layers"); mtp && *mtp > 0)
            s.apart.push_back({ "mtp", 0, false, false });
    }

    void readGemma(Ctx& x)
    {
        llamaLike(x, true);
    }

    void readGemma2(Ctx& x)
    {
        llamaLike(x, true);
        ModelShape& s = x.s;
        s.normsPerLayer = 4;
        for (auto& l : s.layerSpecs)
            l.normParameters = checked::mul(4, s.hidden, kWhat);
        std::vector<std::string> types;
        if (layerTypes(x, types)) {
            applySlidingTypes(x, types);
            return;
        }
        const std::uint64_t w = windowOf(x.c).value_or(4096);
        for (std::uint64_t i = 0; i < s.layers; i += 2)
            slideLayer(s.layerSpecs[i], w); // even layers local (sliding), odd layers global
    }

    // SigLIP's vision tower and Gemma-3's projector (counted apart, loaded with the model).
    void siglipTower(Ctx& x)
    {
        const auto it = x.top.object().find("vision_config");
        if (it == x.top.object().end() || !it->is_object())
            return;
        const ConfigFields v(*it, x.top.source(), "vision_config");
        const std::uint64_t h = v.count("hidden_size");
        const std::uint64_t inter = v.count("intermediate_size");
        const std::uint64_t layers = v.count("num_hidden_layers");
        const std::uint64_t patch = v.count("patch_size");
        const std::uint64_t image = v.count("image_size");
        const std::uint64_t channels = v.countOr("num_channels", 3);
        if (image % patch != 0)
            v.fail("'vision_config.image_size' is not a multiple of its patch_size");
        const std::uint64_t patches = checked::mul(image / patch, image / patch, kWhat);
        const std::uint64_t embed = checked::add(checked::add(checked::mul({ channels, patch, patch, h }, kWhat), h, kWhat),
            checked::mul(patches, h, kWhat), kWhat);
        const std::uint64_t attention = checked::mul(4, checked::add(checked::mul(h, h, kWhat), h, kWhat), kWhat);
        const std::uint64_t mlp = checked::add(checked::add(checked::mul(2, checked::mul(h, inter, kWhat), kWhat), inter, kWhat), h, kWhat);
        const std::uint64_t layer = checked::add(checked::add(attention, mlp, kWhat), checked::mul(2, ln(h), kWhat), kWhat);
        std::uint64_t total = checked::add(checked::add(embed, checked::mul(layer, layers, kWhat), kWhat), ln(h), kWhat);
        // multi_modal_projector: mm_input_projection_weight [vision hidden, text hidden], mm_soft_emb_norm.
        total = checked::add(total, checked::add(checked::mul(h, x.s.hidden, kWhat), h, kWhat), kWhat);
        x.s.apart.push_back({ "vision", total, true, true });
    }

    void readGemma3(Ctx& x)
    {
        // Google's config.json leaves out what Gemma3TextConfig defaults, vocab_size among them.
        if (!x.c.has("vocab_size")) {
            x.vocabDefault = 262208;
            x.s.notes.push_back({ //: %1 the vocabulary size
                ITERAGPU_TRANSLATE_NOOP("Assumption", "vocab_size absent: %1, the default of transformers' Gemma3TextConfig"),
                { i18n::Arg::grouped(262208) } });
        }
        llamaLike(x, true);
        ModelShape& s = x.s;
        s.normsPerLayer = 4;
        for (auto& l : s.layerSpecs)
            l.normParameters = checked::mul(4, s.hidden, kWhat);
        qkNorm(s, checked::mul(2, s.headDim, kWhat));
        patternSlide(x, 6, false);
        siglipTower(x);
    }

    void readOlmo2(Ctx& x)
    {
        llamaLike(x, false);
        ModelShape& s = x.s;
        // q_norm and k_norm over the whole projections; post-attention and post-feedforward norms.
        qkNorm(s, checked::mul(checked::add(s.heads, s.kvHeads, kWhat), s.headDim, kWhat));
    }

    void readCohere(Ctx& x, bool sliding)
    {
        llamaLike(x, true);
        ModelShape& s = x.s;
        for (auto& l : s.layerSpecs)
            l.normParameters = s.hidden; // one LayerNorm without bias; attention and MLP in parallel
        if (x.c.optBool("use_qk_norm").value_or(false))
            qkNorm(s, checked::mul(checked::add(s.heads, s.kvHeads, kWhat), s.headDim, kWhat));
        if (sliding)
            patternSlide(x, 4, true);
    }

    void readStarcoder2(Ctx& x)
    {
        llamaLike(x, true);
        ModelShape& s = x.s;
        const bool bias = x.c.optBool("use_bias").value_or(true);
        for (auto& l : s.layerSpecs) {
            l.attention.qkvBias = l.attention.outputBias = bias;
            l.mlp.gated = false;
            l.mlp.bias = bias;
            l.normParameters = checked::mul(2, ln(s.hidden), kWhat);
        }
        s.finalNormParameters = ln(s.hidden);
        allSlide(x);
    }

    void nonGatedBiased(ModelShape& s, std::uint64_t normsPerLayer)
    {
        for (auto& l : s.layerSpecs) {
            l.attention.qkvBias = l.attention.outputBias = true;
            l.mlp.gated = false;
            l.mlp.bias = true;
            l.normParameters = checked::mul(normsPerLayer, ln(s.hidden), kWhat);
        }
        s.finalNormParameters = ln(s.hidden);
    }

    void readGptNeox(Ctx& x)
    {
        base(x, false);
        ModelShape& s = x.s;
        s.intermediate = dim(x.c, x.c.count("intermediate_size"), "intermediate_size");
        uniformLayers(s);
        nonGatedBiased(s, 2);
        if (!x.c.optBool("attention_bias").value_or(true))
            for (auto& l : s.layerSpecs)
                l.attention.qkvBias = l.attention.outputBias = false;
    }

    void readGptBigcode(Ctx& x)
    {
        base(x, true, { "n_embd", "hidden_size" }, { "n_layer", "num_hidden_layers" },
            { "n_head", "num_attention_heads" });
        ModelShape& s = x.s;
        if (x.c.optBool("multi_query").value_or(true))
            s.kvHeads = 1;
        s.intermediate = x.c.optCount("n_inner").value_or(checked::mul(4, s.hidden, kWhat));
        s.positionEmbeddings = x.c.count("n_positions");
        uniformLayers(s);
        for (auto& l : s.layerSpecs)
            l.attention.kvHeads = s.kvHeads;
        nonGatedBiased(s, 2);
    }

    // Falcon; its first configs name it RefinedWeb (the 40B/180B layout: new_decoder_architecture, n_head_kv)
    // or RefinedWebModel (7B: multi-query), as transformers' FalconConfig reads them.
    void readFalcon(Ctx& x, std::optional<bool> refinedWebNewArch = std::nullopt)
    {
        base(x, true, { "hidden_size", "n_embed" }, { "num_hidden_layers", "n_layer" },
            { "num_attention_heads", "n_head" });
        ModelShape& s = x.s;
        const bool newArch = refinedWebNewArch.value_or(x.c.optBool("new_decoder_architecture").value_or(false));
        if (newArch)
            s.kvHeads = x.c.has("n_head_kv") ? x.c.count("n_head_kv") : x.c.countOr("num_kv_heads", s.heads);
        else if (x.c.optBool("multi_query").value_or(true))
            s.kvHeads = 1;
        else
            s.kvHeads = s.heads;
        if (s.heads % s.kvHeads != 0)
            x.c.fail("'num_kv_heads' must divide 'num_attention_heads'");
        s.intermediate = x.c.optCount("ffn_hidden_size").value_or(checked::mul(4, s.hidden, kWhat));
        const bool bias = x.c.optBool("bias").value_or(false);
        s.qkvBias = s.outputBias = s.mlpBias = bias;
        uniformLayers(s);
        const bool parallel = x.c.optBool("parallel_attn").value_or(true);
        std::uint64_t norms = 1;
        if (newArch)
            norms = x.c.countOr("num_ln_in_parallel_attn", 2);
        else if (!parallel)
            norms = 2;
        for (auto& l : s.layerSpecs) {
            l.attention.kvHeads = s.kvHeads;
            l.mlp.gated = false;
            l.normParameters = checked::mul(norms, ln(s.hidden), kWhat);
        }
        s.finalNormParameters = ln(s.hidden);
        if (x.c.optBool("alibi").value_or(false))
            for (auto& l : s.layerSpecs)
                l.attention.rope = false;
    }

    void readGranite(Ctx& x) { llamaLike(x, false); }

    // GraniteMoE: experts with input_linear [2 x width, hidden] and output_linear; optional shared MLP.
    void readGraniteMoe(Ctx& x)
    {
        llamaLike(x, false);
        ModelShape& s = x.s;
        const std::uint64_t e = x.c.count("num_local_experts");
        const std::uint64_t k = x.c.count("num_experts_per_tok");
        const std::uint64_t shared = x.c.optCount("shared_intermediate_size").value_or(0);
        for (auto& l : s.layerSpecs) {
            moe(l, e, k, s.intermediate);
            l.mlp.sharedIntermediate = shared;
            l.mlp.sharedExperts = shared > 0 ? 1 : 0;
        }
        uniformMoe(s);
    }

    StateSpec mamba2(const ConfigFields& c, std::uint64_t hidden, const char* heads, const char* headDim,
        const char* state, const char* groups, const char* conv, const char* convBias, const char* projBias)
    {
        StateSpec m;
        m.kind = StateSpec::Kind::Mamba2;
        m.heads = c.count(heads);
        m.headDim = c.count(headDim);
        m.inner = checked::mul(m.heads, m.headDim, kWhat);
        if (const auto expand = c.optCount("mamba_expand"); expand && c.has("mamba_d_head") && checked::mul(*expand, hidden, kWhat) != m.inner)
            c.fail("'mamba_n_heads' x 'mamba_d_head' is not 'mamba_expand' x hidden_size");
        m.stateSize = c.count(state);
        m.groups = c.countOr(groups, 1);
        m.convKernel = c.countOr(conv, 4);
        m.convBias = c.optBool(convBias).value_or(true);
        m.projBias = c.optBool(projBias).value_or(false);
        return m;
    }

    void stateOnly(LayerSpec& l, const StateSpec& st)
    {
        l.attention = AttentionSpec {};
        l.attention.present = false;
        l.state = st;
    }

    // Granite-4.0-H: Mamba2 and attention layers (layer_types), each with MoE and/or the shared MLP.
    void readGraniteMoeHybrid(Ctx& x)
    {
        base(x, false);
        ModelShape& s = x.s;
        const std::uint64_t shared = x.c.count("shared_intermediate_size");
        const std::uint64_t e = x.c.optCount("num_local_experts").value_or(0);
        s.intermediate = e > 0 ? x.c.count("intermediate_size") : shared;
        uniformLayers(s);
        std::vector<std::string> types;
        if (!layerTypes(x, types)) {
            if (const auto block = x.c.optStrings("layers_block_type"); block && block->size() == s.layers)
                types = *block;
            else
                x.c.fail("missing 'layer_types' (or 'layers_block_type'): which layers are Mamba2 and which attention");
        }
        const StateSpec m = mamba2(x.c, s.hidden, "mamba_n_heads", "mamba_d_head", "mamba_d_state", "mamba_n_groups",
            "mamba_d_conv", "mamba_conv_bias", "mamba_proj_bias");
        for (std::size_t i = 0; i < types.size(); ++i) {
            LayerSpec& l = s.layerSpecs[i];
            if (types[i] == "mamba")
                stateOnly(l, m);
            else if (types[i] != "attention")
                x.c.fail("'layer_types' entry '" + jsonguard::oneLine(types[i], 40) + "' is neither mamba nor attention");
            if (e > 0) {
                moe(l, e, x.c.count("num_experts_per_tok"), x.c.count("intermediate_size"));
                l.mlp.sharedIntermediate = shared;
                l.mlp.sharedExperts = 1;
            } else {
                l.mlp.intermediate = shared;
            }
        }
        uniformMoe(s);
    }

    // Nemotron-H: one mixer per layer from hybrid_override_pattern: M Mamba2, * attention, - MLP (relu^2).
    void readNemotronH(Ctx& x)
    {
        const auto pattern = x.c.optString("hybrid_override_pattern");
        if (!pattern)
            x.c.fail("missing required key 'hybrid_override_pattern' (the kind of each layer)");
        base(x, false);
        ModelShape& s = x.s;
        if (pattern->size() != s.layers)
            x.c.fail("'hybrid_override_pattern' has " + std::to_string(pattern->size()) + " layers, num_hidden_layers "
                + std::to_string(s.layers));
        if (const auto hd = x.c.optCount("attention_head_dim"))
            s.headDim = *hd;
        s.intermediate = dim(x.c, x.c.count("intermediate_size"), "intermediate_size");
        s.normsPerLayer = 1;
        uniformLayers(s);
        const StateSpec m = mamba2(x.c, s.hidden, "mamba_num_heads", "mamba_head_dim", "ssm_state_size", "n_groups",
            "conv_kernel", "use_conv_bias", "mamba_proj_bias");
        const bool mlpBias = x.c.optBool("mlp_bias").value_or(false);
        const bool attnBias = x.c.optBool("attention_bias").value_or(false);
        for (std::size_t i = 0; i < pattern->size(); ++i) {
            LayerSpec& l = s.layerSpecs[i];
            l.normParameters = s.hidden;
            const char kind = (*pattern)[i];
            if (kind == 'M') {
                stateOnly(l, m);
                l.mlp.kind = MlpSpec::Kind::None;
            } else if (kind == '*') {
                l.attention.headDim = l.attention.valueHeadDim = s.headDim;
                l.attention.qkvBias = l.attention.outputBias = attnBias;
                l.mlp.kind = MlpSpec::Kind::None;
            } else if (kind == '-') {
                l.attention = AttentionSpec {};
                l.attention.present = false;
                l.mlp.gated = false;
                l.mlp.bias = mlpBias;
            } else {
                x.c.fail("'hybrid_override_pattern' holds '" + jsonguard::oneLine(std::string(1, kind))
                    + "', not one of M (Mamba2), * (attention), - (MLP)");
            }
        }
    }

    // Jamba: attention every attn_layer_period-th layer (from attn_layer_offset), Mamba otherwise; MoE every
    // expert_layer_period-th layer. Its attention has no rotary embedding (transformers' JambaAttention applies
    // none): NoPE layers.
    void readJamba(Ctx& x)
    {
        llamaLike(x, false);
        ModelShape& s = x.s;
        const std::uint64_t attnPeriod = x.c.countOr("attn_layer_period", 8);
        const std::uint64_t attnOffset = x.c.optCount("attn_layer_offset").value_or(4);
        const std::uint64_t expertPeriod = x.c.countOr("expert_layer_period", 2);
        const std::uint64_t expertOffset = x.c.optCount("expert_layer_offset").value_or(1);
        const std::uint64_t e = x.c.countOr("num_experts", 16);
        const std::uint64_t k = x.c.countOr("num_experts_per_tok", 2);
        StateSpec m;
        m.kind = StateSpec::Kind::Mamba;
        m.stateSize = x.c.countOr("mamba_d_state", 16);
        m.convKernel = x.c.countOr("mamba_d_conv", 4);
        m.inner = checked::mul(x.c.countOr("mamba_expand", 2), s.hidden, kWhat);
        const auto rank = x.c.object().find("mamba_dt_rank");
        if (rank == x.c.object().end() || rank->is_null() || (rank->is_string() && rank->get<std::string>() == "auto"))
            m.dtRank = checked::ceilDiv(s.hidden, 16);
        else
            m.dtRank = x.c.count("mamba_dt_rank");
        m.convBias = x.c.optBool("mamba_conv_bias").value_or(true);
        m.projBias = x.c.optBool("mamba_proj_bias").value_or(false);
        m.dtNorms = true;
        for (std::uint64_t i = 0; i < s.layers; ++i) {
            LayerSpec& l = s.layerSpecs[i];
            if (i % attnPeriod != attnOffset)
                stateOnly(l, m);
            else
                l.attention.rope = false;
            if (e > 1 && i % expertPeriod == expertOffset)
                moe(l, e, k, s.intermediate);
        }
        uniformMoe(s);
    }

    // DeepSeek-V2 / V3 (Kimi-K2): multi-head latent attention; the first first_k_dense_replace layers dense,
    // then MoE every moe_layer_freq-th layer, with n_shared_experts shared experts of moe_intermediate_size.
    void readDeepseek(Ctx& x, bool v3)
    {
        llamaLike(x, false);
        ModelShape& s = x.s;
        const std::uint64_t qLora = x.c.optCount("q_lora_rank").value_or(0);
        const std::uint64_t kvLora = x.c.count("kv_lora_rank");
        const std::uint64_t nope = x.c.count("qk_nope_head_dim");
        const std::uint64_t rope = x.c.count("qk_rope_head_dim");
        const std::uint64_t v = x.c.count("v_head_dim");
        s.kvHeads = s.heads;
        s.headDim = checked::add(nope, rope, kWhat);
        const std::uint64_t e = x.c.optCount("n_routed_experts").value_or(0);
        const std::uint64_t firstDense = x.c.optCount("first_k_dense_replace").value_or(0);
        const std::uint64_t freq = x.c.countOr("moe_layer_freq", 1);
        for (std::uint64_t i = 0; i < s.layers; ++i) {
            LayerSpec& l = s.layerSpecs[i];
            AttentionSpec& a = l.attention;
            a.layout = AttentionSpec::Layout::Mla;
            a.kvHeads = s.heads;
            a.headDim = s.headDim;
            a.valueHeadDim = v;
            a.qLoraRank = qLora;
            a.kvLoraRank = kvLora;
            a.qkNopeHeadDim = nope;
            a.qkRopeHeadDim = rope;
            if (e > 0 && i >= firstDense && i % freq == 0) {
                moe(l, e, x.c.count("num_experts_per_tok"), x.c.count("moe_intermediate_size"));
                const std::uint64_t shared = x.c.optCount("n_shared_experts").value_or(0);
                l.mlp.sharedExperts = shared;
                l.mlp.sharedIntermediate = checked::mul(shared, l.mlp.intermediate, kWhat);
                l.mlp.routerScoreBias = v3;
            }
        }
        uniformMoe(s);
        // The multi-token-prediction layers stored after the decoder: a decoder layer each, with enorm, hnorm,
        // eh_proj [2 x hidden -> hidden], the shared head's norm, and copies of the embeddings and the head.
        if (const auto mtp = x.c.optCount("num_nextn_predict_layers"); mtp && *mtp > 0) {
            const LayerSpec& last = s.layerSpecs.back();
            const std::uint64_t h = s.hidden;
            std::uint64_t one = last.parameters(h).total;
            one = checked::add(one, checked::mul(3, h, kWhat), kWhat);
            one = checked::add(one, checked::mul({ 2, h, h }, kWhat), kWhat);
            one = checked::add(one, checked::mul({ 2, s.vocab, h }, kWhat), kWhat);
            s.apart.push_back({ "mtp", checked::mul(one, *mtp, kWhat), true, false });
        }
    }

    void readGptOss(Ctx& x)
    {
        llamaLike(x, false);
        ModelShape& s = x.s;
        const std::uint64_t e = x.c.count("num_local_experts");
        const std::uint64_t k = x.c.has("num_experts_per_tok") ? x.c.count("num_experts_per_tok") : x.c.count("experts_per_token");
        const bool bias = x.c.optBool("attention_bias").value_or(true);
        for (auto& l : s.layerSpecs) {
            l.attention.qkvBias = l.attention.outputBias = bias;
            l.attention.sinks = true;
            moe(l, e, k, s.intermediate);
            l.mlp.bias = true; // gate_up_proj_bias, down_proj_bias per expert
            l.mlp.routerBias = true;
        }
        uniformMoe(s);
        std::vector<std::string> types;
        if (layerTypes(x, types)) {
            applySlidingTypes(x, types);
        } else {
            const std::uint64_t w = windowOf(x.c).value_or(128);
            for (std::uint64_t i = 0; i < s.layers; i += 2)
                slideLayer(s.layerSpecs[i], w);
        }
    }

    // The widths every vision tower config names (vision_config's hidden, MLP, layers, patch and channels).
    struct TowerDims {
        std::uint64_t h = 0;
        std::uint64_t inter = 0;
        std::uint64_t layers = 0;
        std::uint64_t patch = 0;
        std::uint64_t channels = 0;
    };

    TowerDims towerDims(const ConfigFields& v)
    {
        return { dim(v, v.count("hidden_size"), "hidden_size"),
            dim(v, v.count("intermediate_size"), "intermediate_size"),
            dim(v, v.count("num_hidden_layers"), "num_hidden_layers"), dim(v, v.count("patch_size"), "patch_size"),
            dim(v, v.countOr("num_channels", 3), "num_channels") };
    }

    // Llama-4's vision tower and its projector, as transformers' Llama4VisionModel and Llama4MultiModalProjector
    // hold them (counted apart, loaded with the model).
    void llama4Tower(Ctx& x)
    {
        const auto it = x.top.object().find("vision_config");
        if (it == x.top.object().end() || !it->is_object())
            return;
        const ConfigFields v(*it, x.top.source(), "vision_config");
        const auto [h, inter, layers, patch, channels] = towerDims(v);
        const std::uint64_t image = dim(v, v.count("image_size"), "image_size");
        const std::uint64_t projIn = dim(v, v.count("projector_input_dim"), "projector_input_dim");
        const std::uint64_t projOut = dim(v, v.count("projector_output_dim"), "projector_output_dim");
        const std::uint64_t visionOut = dim(v, v.count("vision_output_dim"), "vision_output_dim");
        if (image < patch)
            v.fail("'vision_config.image_size' is smaller than its patch_size");
        // patch_embedding.linear [H, C·p²] (no bias), class_embedding [H], positional_embedding_vlm [(image/p)² + 1,
        // H], layernorm_pre and layernorm_post; per layer q/k/v/o [H, H] with biases, fc1/fc2 with biases, two
        // LayerNorms; vision_adapter.mlp fc1 [projector_input_dim, intermediate_size], fc2 [projector_output_dim,
        // projector_output_dim] (no biases). The rotary table is computed, not saved.
        const std::uint64_t side = image / patch;
        const std::uint64_t positions = checked::add(checked::mul(side, side, kWhat), 1, kWhat);
        std::uint64_t total = checked::add(checked::mul({ channels, patch, patch, h }, kWhat), h, kWhat);
        total = checked::add(total, checked::mul(positions, h, kWhat), kWhat);
        total = checked::add(total, checked::mul(2, ln(h), kWhat), kWhat);
        const std::uint64_t attention = checked::mul(4, checked::add(checked::mul(h, h, kWhat), h, kWhat), kWhat);
        const std::uint64_t mlp = checked::add(
            checked::add(checked::mul(2, checked::mul(h, inter, kWhat), kWhat), inter, kWhat), h, kWhat);
        const std::uint64_t layer = checked::add(checked::add(attention, mlp, kWhat), checked::mul(2, ln(h), kWhat), kWhat);
        total = checked::add(total, checked::mul(layer, layers, kWhat), kWhat);
        total = checked::add(total,
            checked::add(checked::mul(inter, projIn, kWhat), checked::mul(projOut, projOut, kWhat), kWhat), kWhat);
        // multi_modal_projector.linear_1 [text hidden, vision_output_dim] (no bias).
        total = checked::add(total, checked::mul(visionOut, x.s.hidden, kWhat), kWhat);
        x.s.apart.push_back({ "vision", total, true, true });
    }

    // Llama-4 (text): MoE on moe_layers (every interleave_moe_layer_step-th) with a shared expert, dense layers of
    // intermediate_size_mlp; NoPE full-attention layers and chunked RoPE layers (no_rope_layers).
    void readLlama4(Ctx& x)
    {
        llamaLike(x, false);
        ModelShape& s = x.s;
        const std::uint64_t e = x.c.count("num_local_experts");
        const std::uint64_t k = x.c.count("num_experts_per_tok");
        const std::uint64_t denseWidth = x.c.optCount("intermediate_size_mlp").value_or(s.intermediate);
        const std::uint64_t step = x.c.countOr("interleave_moe_layer_step", 1);
        std::vector<bool> moeLayers(static_cast<std::size_t>(s.layers), false);
        if (const auto listed = x.c.optCounts("moe_layers")) {
            for (const std::uint64_t i : *listed)
                if (i < s.layers)
                    moeLayers[static_cast<std::size_t>(i)] = true;
        } else {
            for (std::uint64_t i = step - 1; i < s.layers; i += step)
                moeLayers[static_cast<std::size_t>(i)] = true;
        }
        const auto chunk = x.c.optCount("attention_chunk_size");
        auto noRope = x.c.optCounts("no_rope_layers").value_or(std::vector<std::uint64_t> {});
        if (noRope.empty()) {
            const std::uint64_t interval = x.c.countOr("no_rope_layer_interval", 4);
            for (std::uint64_t i = 0; i < s.layers; ++i)
                noRope.push_back((i + 1) % interval != 0 ? 1 : 0);
        }
        if (noRope.size() != s.layers)
            x.c.fail("'no_rope_layers' must have one entry per layer");
        for (std::uint64_t i = 0; i < s.layers; ++i) {
            LayerSpec& l = s.layerSpecs[i];
            if (moeLayers[static_cast<std::size_t>(i)]) {
                moe(l, e, k, s.intermediate);
                l.mlp.sharedIntermediate = s.intermediate;
                l.mlp.sharedExperts = 1;
            } else {
                l.mlp.intermediate = denseWidth;
            }
            if (noRope[i] == 0) {
                l.attention.rope = false;
            } else if (chunk && *chunk > 0) {
                l.attention.span = AttentionSpec::Span::Chunked;
                l.attention.window = *chunk;
            }
        }
        uniformMoe(s);
        llama4Tower(x);
    }

    // Pixtral's vision tower and Mistral-3's projector, as transformers' PixtralVisionModel and
    // Mistral3MultiModalProjector hold them (counted apart, loaded with the model).
    void pixtralTower(Ctx& x)
    {
        const auto it = x.top.object().find("vision_config");
        if (it == x.top.object().end() || !it->is_object())
            return;
        const ConfigFields v(*it, x.top.source(), "vision_config");
        const auto [h, inter, layers, patch, channels] = towerDims(v);
        // patch_conv (no bias), ln_pre; per layer attention_norm, q/k/v/o [H, H] (no bias), gate/up/down (no bias),
        // ffn_norm. The 2-D rotary table is a buffer that is not saved.
        const std::uint64_t embed = checked::add(checked::mul({ channels, patch, patch, h }, kWhat), h, kWhat);
        const std::uint64_t layer = checked::add(checked::mul(4, checked::mul(h, h, kWhat), kWhat),
            checked::add(checked::mul(3, checked::mul(h, inter, kWhat), kWhat), checked::mul(2, h, kWhat), kWhat),
            kWhat);
        std::uint64_t total = checked::add(embed, checked::mul(layer, layers, kWhat), kWhat);
        // multi_modal_projector: norm [Hv], patch_merger.merging_layer [Hv, Hv·m²], linear_1 [H, Hv·features],
        // linear_2 [H, H], both with multimodal_projector_bias.
        const std::uint64_t merge = x.top.countOr("spatial_merge_size", 2);
        std::uint64_t features = 1;
        if (const auto f = x.top.object().find("vision_feature_layer"); f != x.top.object().end() && f->is_array()) {
            if (f->empty())
                x.top.fail("'vision_feature_layer' is an empty list");
            features = f->size();
        }
        const bool bias = x.top.optBool("multimodal_projector_bias").value_or(false);
        const std::uint64_t text = x.s.hidden;
        std::uint64_t projector = checked::add(h, checked::mul({ h, merge, merge, h }, kWhat), kWhat);
        projector = checked::add(projector, checked::mul({ h, features, text }, kWhat), kWhat);
        projector = checked::add(projector, checked::mul(text, text, kWhat), kWhat);
        if (bias)
            projector = checked::add(projector, checked::mul(2, text, kWhat), kWhat);
        total = checked::add(total, projector, kWhat);
        x.s.apart.push_back({ "vision", total, true, true });
    }

    void readMistral3(Ctx& x)
    {
        readMistral(x);
        pixtralTower(x);
    }

    using Reader = std::function<void(Ctx&)>;

    const std::map<std::string, Reader>& table()
    {
        static const std::map<std::string, Reader> t {
            { "llama", readLlama },
            { "llama4", readLlama4 },
            { "llama4_text", readLlama4 },
            { "mistral", readMistral },
            { "mistral3", readMistral3 },
            { "mixtral", readMixtral },
            { "qwen2", readQwen2 },
            { "qwen2_moe", readQwen2Moe },
            { "qwen3", readQwen3 },
            { "qwen3_moe", readQwen3Moe },
            { "qwen3_next", readQwen3Next },
            { "gemma", readGemma },
            { "gemma2", readGemma2 },
            { "gemma3", readGemma3 },
            { "gemma3_text", readGemma3 },
            { "phi3", readLlama },
            { "phimoe", readPhimoe },
            { "deepseek_v2", [](Ctx& x) { readDeepseek(x, false); } },
            { "deepseek_v3", [](Ctx& x) { readDeepseek(x, true); } },
            { "kimi_k2", [](Ctx& x) { readDeepseek(x, true); } },
            { "gpt_oss", readGptOss },
            { "granite", readGranite },
            { "granitemoe", readGraniteMoe },
            { "granitemoeshared", readGraniteMoe },
            { "granitemoehybrid", readGraniteMoeHybrid },
            { "olmo2", readOlmo2 },
            { "cohere", [](Ctx& x) { readCohere(x, false); } },
            { "cohere2", [](Ctx& x) { readCohere(x, true); } },
            { "starcoder2", readStarcoder2 },
            { "gpt_bigcode", readGptBigcode },
            { "gpt_neox", readGptNeox },
            { "falcon", [](Ctx& x) { readFalcon(x); } },
            { "RefinedWeb", [](Ctx& x) { readFalcon(x, true); } },
            { "RefinedWebModel", [](Ctx& x) { readFalcon(x, false); } },
            { "jamba", readJamba },
            { "nemotron_h", readNemotronH },
        };
        return t;
    }

} // namespace

bool Architectures::known(const std::string& modelType) { return table().count(modelType) > 0; }

std::vector<std::string> Architectures::names()
{
    std::vector<std::string> n;
    for (const auto& [name, reader] : table())
        n.push_back(name);
    return n;
}

std::string Architectures::namesText()
{
    std::string text;
    for (const auto& n : names())
        text += (text.empty() ? "" : ", ") + n;
    return text;
}

void Architectures::read(const std::string& modelType, const ConfigFields& text, const ConfigFields& top, ModelShape& shape)
{
    const auto it = table().find(modelType);
    if (it == table().end())
        text.fail("model_type '" + jsonguard::oneLine(modelType, 40) + "' is not a known architecture");
    shape.architecture = modelType;
    Ctx x { text, top, shape };
    it->second(x);
    activation(x);
    for (const auto& l : shape.layerSpecs)
        if (l.mlp.kind == MlpSpec::Kind::Moe && (l.mlp.experts == 0 || l.mlp.expertsPerToken > l.mlp.experts))
            text.fail("the experts per token (" + std::to_string(l.mlp.expertsPerToken)
                + ") must be between 1 and the routed experts (" + std::to_string(l.mlp.experts) + ")");
    // The uniform view follows the layers: a model without any attention layer has none to show.
    for (const auto& l : shape.layerSpecs)
        if (l.attention.present) {
            shape.heads = l.attention.heads;
            shape.kvHeads = l.attention.kvHeads;
            shape.headDim = l.attention.headDim;
            break;
        }
    // q/k norms of head_dim in every attention layer: what the decoder workload builds (Qwen3, Gemma-3).
    bool perHead = false, allPerHead = true;
    for (const auto& l : shape.layerSpecs)
        if (l.attention.present) {
            const bool one = l.attention.qkNormParameters > 0 && l.attention.qkNormParameters == 2 * l.attention.headDim;
            perHead = perHead || one;
            allPerHead = allPerHead && one;
        }
    shape.qkNorm = perHead && allPerHead;
    shape.layerWindows.assign(static_cast<std::size_t>(shape.layers), std::nullopt);
    for (std::size_t i = 0; i < shape.layerSpecs.size(); ++i)
        if (shape.layerSpecs[i].attention.present && shape.layerSpecs[i].attention.span == AttentionSpec::Span::Sliding)
            shape.layerWindows[i] = shape.layerSpecs[i].attention.window;
}

} // namespace iteragpu::model
