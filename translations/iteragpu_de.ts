<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Architecture</name>
    <message>
        <source>%1, %2 layers</source>
        <extracomment>%1 the architecture (model_type), %2 number of layers</extracomment>
        <translation>%1, %2 Schichten</translation>
    </message>
    <message>
        <source>%1 x %2, window %3 tokens</source>
        <extracomment>%1 layers, %2 the kind of layer, %3 tokens of its window or chunk</extracomment>
        <translation>%1 x %2, Fenster %3 Tokens</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <extracomment>%1 layers, %2 the kind of layer</extracomment>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>MoE in %1 layers: %2 routed experts, %3 per token, %4 shared</source>
        <extracomment>%1 MoE layers, %2 routed experts per layer, %3 experts per token, %4 shared experts</extracomment>
        <translation>MoE in %1 Schichten: %2 geroutete Experten, %3 pro Token, %4 gemeinsam genutzte</translation>
    </message>
    <message>
        <source>parameters: %1 in all, %2 active per token</source>
        <extracomment>%1 parameters in all, %2 parameters one token uses</extracomment>
        <translation>Parameter: %1 insgesamt, %2 aktiv pro Token</translation>
    </message>
    <message>
        <source>+ %1: %2 parameters, counted apart, loaded with the model</source>
        <extracomment>%1 the part (mtp, vision), %2 its parameters</extracomment>
        <translation>+ %1: %2 Parameter, separat gezählt, mit dem Modell geladen</translation>
    </message>
    <message>
        <source>+ %1: %2 parameters, counted apart, not loaded by transformers</source>
        <extracomment>%1 the part (mtp, vision), %2 its parameters</extracomment>
        <translation>+ %1: %2 Parameter, separat gezählt, von transformers nicht geladen</translation>
    </message>
    <message>
        <source>+ %1: in the checkpoint, its size not modelled (not in the counts)</source>
        <extracomment>%1 the part (mtp, vision)</extracomment>
        <translation>+ %1: im Checkpoint enthalten, seine Größe nicht modelliert (nicht in den Zählungen enthalten)</translation>
    </message>
    <message>
        <source>MoE in %1 layers: %2 routed experts, %3 per token</source>
        <extracomment>%1 MoE layers, %2 routed experts per layer, %3 experts per token</extracomment>
        <translation>MoE in %1 Schichten: %2 geroutete Experten, %3 pro Token</translation>
    </message>
</context>
<context>
    <name>Assumption</name>
    <message>
        <source>tie_word_embeddings absent: tied, the default of %1</source>
        <extracomment>%1 the model family (gemma, ...)</extracomment>
        <translation>tie_word_embeddings fehlt: gekoppelt, der Standardwert von %1</translation>
    </message>
    <message>
        <source>tie_word_embeddings absent: untied, the default of %1</source>
        <extracomment>%1 the model family (llama, ...)</extracomment>
        <translation>tie_word_embeddings fehlt: nicht gekoppelt, der Standardwert von %1</translation>
    </message>
    <message>
        <source>use_sliding_window is false: sliding_window ignored, every layer attends fully</source>
        <translation>use_sliding_window ist false: sliding_window wird ignoriert, jede Schicht verwendet volle Attention</translation>
    </message>
    <message>
        <source>KV cache: 2 (K and V) x layers x %1 KV heads x head_dim %2 x tokens x bytes x %3 sequence(s); KV heads, not query heads</source>
        <extracomment>%1 KV heads, %2 head_dim, %3 number of sequences</extracomment>
        <translation>KV-Cache: 2 (K und V) x Schichten x %1 KV-Köpfe x head_dim %2 x Tokens x Bytes x %3 Sequenz(en); KV-Köpfe, nicht Query-Köpfe</translation>
    </message>
    <message>
        <source>KV cache: quantized %1, one fp16 scale and one fp16 zero point per group of %2 elements along head_dim, per token and head; a full-precision residual window is not modelled</source>
        <extracomment>%1 data type (int8, int4), %2 elements per group</extracomment>
        <translation>KV-Cache: quantisiert in %1, eine fp16-Skala und ein fp16-Nullpunkt je Gruppe von %2 Elementen entlang head_dim, pro Token und Kopf; ein Restfenster in voller Genauigkeit wird nicht modelliert</translation>
    </message>
    <message>
        <source>KV cache: static, preallocated for %1 tokens per sequence whatever is used</source>
        <extracomment>%1 number of tokens</extracomment>
        <translation>KV-Cache: statisch, vorab für %1 Tokens pro Sequenz reserviert, unabhängig von der tatsächlichen Nutzung</translation>
    </message>
    <message>
        <source>KV cache: tokens = prompt %1 + generated %2</source>
        <extracomment>%1 prompt tokens, %2 generated tokens</extracomment>
        <translation>KV-Cache: Tokens = Prompt %1 + generiert %2</translation>
    </message>
    <message>
        <source>KV cache: %1 of %2 layers keep only their sliding window (min(window, tokens)); assumes a cache that evicts beyond the window (sliding-window / hybrid cache)</source>
        <extracomment>%1 layers with a sliding window, %2 layers in all</extracomment>
        <translation>KV-Cache: %1 von %2 Schichten behalten nur ihr gleitendes Fenster (min(window, tokens)); setzt einen Cache voraus, der Einträge jenseits des Fensters verwirft (Cache mit gleitendem Fenster / hybrider Cache)</translation>
    </message>
    <message>
        <source>exact count from the shapes of %1</source>
        <extracomment>%1 where the shapes come from (a config.json path or a preset&apos;s name)</extracomment>
        <translation>exakte Anzahl aus den Formen von %1</translation>
    </message>
    <message>
        <source>element count of the safetensors header</source>
        <translation>Elementanzahl laut safetensors-Header</translation>
    </message>
    <message>
        <source>parameters: the checkpoint is quantized, so its element count counts packed codes and scales, not the model&apos;s parameters</source>
        <translation>Parameter: Der Checkpoint ist quantisiert, daher zählt seine Elementanzahl gepackte Codes und Skalen, nicht die Parameter des Modells</translation>
    </message>
    <message>
        <source>typed</source>
        <translation>eingegeben</translation>
    </message>
    <message>
        <source>weights: the tensors&apos; bytes as stored in the safetensors checkpoint (files: %1), loaded as stored</source>
        <extracomment>%1 number of files</extracomment>
        <translation>Gewichte: die Bytes der Tensoren, wie im safetensors-Checkpoint gespeichert (Dateien: %1), unverändert geladen</translation>
    </message>
    <message>
        <source>weights: stored as %1 as chosen; the config&apos;s torch_dtype is %2</source>
        <extracomment>%1 storage format chosen (fp16, nf4, ...), %2 torch_dtype of config.json</extracomment>
        <translation>Gewichte: wie gewählt als %1 gespeichert; der torch_dtype der Konfiguration ist %2</translation>
    </message>
    <message>
        <source>weights: stored as %1 (the config&apos;s torch_dtype)</source>
        <extracomment>%1 storage format (bf16, fp16, fp32) read from config.json&apos;s torch_dtype</extracomment>
        <translation>Gewichte: als %1 gespeichert (der torch_dtype der Konfiguration)</translation>
    </message>
    <message>
        <source>tensor parallel %1: weights divided evenly per device (rounded up; small replicated tensors such as norms are not added back)</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>Tensor-Parallelität %1: Gewichte gleichmäßig auf die Geräte aufgeteilt (aufgerundet; kleine replizierte Tensoren wie Normalisierungen werden nicht wieder hinzugerechnet)</translation>
    </message>
    <message>
        <source>tensor parallel %1: %2 of %3 KV heads per device (KV heads replicated: fewer heads than devices)</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>Tensor-Parallelität %1: %2 von %3 KV-Köpfen pro Gerät (KV-Köpfe repliziert: weniger Köpfe als Geräte)</translation>
    </message>
    <message>
        <source>tensor parallel %1: %2 of %3 KV heads per device</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>Tensor-Parallelität %1: %2 von %3 KV-Köpfen pro Gerät</translation>
    </message>
    <message>
        <source>activations: left out of the totals (not computed)</source>
        <translation>Aktivierungen: in den Gesamtwerten nicht enthalten (nicht berechnet)</translation>
    </message>
    <message>
        <source>reserve: %1 as typed (%2 bytes), on every device</source>
        <extracomment>%1 the reserve as typed (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>Reserve: %1 wie eingegeben (%2 Bytes), auf jedem Gerät</translation>
    </message>
    <message>
        <source>reserve: %1 as typed (%2 bytes)</source>
        <extracomment>%1 the reserve as typed (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>Reserve: %1 wie eingegeben (%2 Bytes)</translation>
    </message>
    <message>
        <source>total = largest phase (%1) + reserve; sum of components adds every component once, as some other tools do</source>
        <extracomment>%1 the largest phase&apos;s name (inference, train_step, ...)</extracomment>
        <translation>Gesamt = größte Phase (%1) + Reserve; die Summe der Komponenten addiert jede Komponente einmal, wie es manche andere Werkzeuge tun</translation>
    </message>
    <message>
        <source>training: LoRA rank %1 on %2: A (r x in) and B (out x r) per target, %3 trainable parameters in %4; the base weights are frozen (no gradients, no optimizer states)</source>
        <extracomment>%1 LoRA rank, %2 target modules (q_proj, v_proj, ...), %3 trainable parameters, %4 data type of the adapters</extracomment>
        <translation>Training: LoRA-Rang %1 auf %2: A (r x in) und B (out x r) pro Zielmodul, %3 trainierbare Parameter in %4; die Basisgewichte sind eingefroren (keine Gradienten, keine Optimierer-Zustände)</translation>
    </message>
    <message>
        <source>training: full, every parameter trainable</source>
        <translation>Training: vollständig, jeder Parameter trainierbar</translation>
    </message>
    <message>
        <source>optimizer: SGD keeps no state</source>
        <translation>Optimierer: SGD speichert keinen Zustand</translation>
    </message>
    <message>
        <source>optimizer: SGD with momentum keeps 1 fp32 copy (4 bytes per trainable parameter)</source>
        <translation>Optimierer: SGD mit Momentum speichert 1 fp32-Kopie (4 Bytes pro trainierbarem Parameter)</translation>
    </message>
    <message>
        <source>optimizer: Adam/AdamW keeps 2 fp32 moments (8 bytes per trainable parameter)</source>
        <translation>Optimierer: Adam/AdamW speichert 2 fp32-Momente (8 Bytes pro trainierbarem Parameter)</translation>
    </message>
    <message>
        <source>optimizer: 8-bit Adam keeps 2 moments of 1 byte plus one fp32 absmax per block of 256 per moment (bitsandbytes blockwise; small tensors kept in 32 bit are not modelled)</source>
        <translation>Optimierer: 8-Bit-Adam speichert 2 Momente zu je 1 Byte plus je Moment ein absmax in fp32 pro Block von 256 (bitsandbytes blockweise; kleine, in 32 Bit gehaltene Tensoren werden nicht modelliert)</translation>
    </message>
    <message>
        <source>training: fp32 master copy of the trainable parameters (mixed precision)</source>
        <translation>Training: fp32-Master-Kopie der trainierbaren Parameter (gemischte Genauigkeit)</translation>
    </message>
    <message>
        <source>training: gradients in %1 for the trainable parameters</source>
        <extracomment>%1 data type of the gradients (bf16, fp32, ...)</extracomment>
        <translation>Training: Gradienten in %1 für die trainierbaren Parameter</translation>
    </message>
    <message>
        <source>activations: full checkpointing, 2*s*b*h bytes (16 bit) per layer kept plus one layer recomputed during backward (Korthikanti et al. 2022)</source>
        <translation>Aktivierungen: vollständiges Checkpointing, 2*s*b*h Bytes (16 Bit) pro Schicht behalten plus eine Schicht, die während des Rückwärtsdurchlaufs neu berechnet wird (Korthikanti et al. 2022)</translation>
    </message>
    <message>
        <source>activations: s*b*h*(34 + 5*a*s/h) bytes per layer in 16 bit, scaled by bits/16 for %1 (Korthikanti et al. 2022, no recomputation), s = %2, b = %3</source>
        <extracomment>%1 data type of the activations, %2 sequence length s, %3 micro-batch b</extracomment>
        <translation>Aktivierungen: s*b*h*(34 + 5*a*s/h) Bytes pro Schicht in 16 Bit, für %1 mit Bits/16 skaliert (Korthikanti et al. 2022, ohne Neuberechnung), s = %2, b = %3</translation>
    </message>
    <message>
        <source>logits: s x b x vocab in fp32 for the loss</source>
        <translation>Logits: s x b x Vokabular in fp32 für den Verlust</translation>
    </message>
    <message>
        <source>evaluation: batch %1 without gradients: one layer&apos;s working set (4h + 2 x intermediate per token, eager attention scores a x s x s) plus fp32 logits</source>
        <extracomment>%1 evaluation batch size</extracomment>
        <translation>Evaluierung: batch %1 ohne Gradienten: Arbeitsmenge einer Schicht (4h + 2 x Zwischendimension pro Token, Attention-Werte der Eager-Implementierung a x s x s) plus fp32-Logits</translation>
    </message>
    <message>
        <source>activations: not computed, they need the model shape (--config or --preset)</source>
        <translation>Aktivierungen: nicht berechnet, dafür wird die Modellform benötigt (--config oder --preset)</translation>
    </message>
    <message>
        <source>export: a full copy of the weights in %1 while saving or merging</source>
        <extracomment>%1 data type of the exported copy</extracomment>
        <translation>Export: eine vollständige Kopie der Gewichte in %1 beim Speichern oder Zusammenführen</translation>
    </message>
    <message>
        <source>weights: %1</source>
        <extracomment>%1 what the storage format&apos;s byte count assumes (a sentence)</extracomment>
        <translation>Gewichte: %1</translation>
    </message>
    <message>
        <source>weights: parameter count only, so every parameter is counted in %1; modules kept in 16 bit and per-tensor metadata need the model shape (--config or --preset)</source>
        <extracomment>%1 storage format (nf4, gptq-int4, ...)</extracomment>
        <translation>Gewichte: nur die Parameteranzahl bekannt, daher wird jeder Parameter in %1 gezählt; in 16 Bit belassene Module und Metadaten pro Tensor erfordern die Modellform (--config oder --preset)</translation>
    </message>
    <message>
        <source>weights: kept in %1: %2 (%3 parameters)</source>
        <extracomment>%1 data type (bf16, fp16), %2 module names, %3 their parameter count</extracomment>
        <translation>Gewichte: in %1 belassen: %2 (%3 Parameter)</translation>
    </message>
    <message>
        <source>weights: lm_head is tied to the embeddings and counted once</source>
        <translation>Gewichte: lm_head ist an die Einbettungen gekoppelt und wird einmal gezählt</translation>
    </message>
    <message>
        <source>weights: all %1 experts are resident in memory (routing picks experts per token, memory holds all)</source>
        <extracomment>%1 number of experts</extracomment>
        <translation>Gewichte: alle %1 Experten liegen im Speicher (das Routing wählt Experten pro Token, der Speicher hält alle)</translation>
    </message>
    <message>
        <source>weights: %1 parameters x %2 bits / 8, rounded up; no scales or other metadata (compact)</source>
        <extracomment>%1 parameter count, %2 bits per parameter</extracomment>
        <translation>Gewichte: %1 Parameter x %2 Bits / 8, aufgerundet; keine Skalen oder sonstigen Metadaten (kompakt)</translation>
    </message>
    <message>
        <source>%1 bits per parameter, compact</source>
        <extracomment>%1 bits per parameter</extracomment>
        <translation>%1 Bits pro Parameter, kompakt</translation>
    </message>
    <message>
        <source>stored bytes of the safetensors tensors (header, exact)</source>
        <translation>gespeicherte Bytes der safetensors-Tensoren (Header, exakt)</translation>
    </message>
    <message>
        <source>%1, compute in %2</source>
        <extracomment>%1 storage format (e.g. &quot;NF4 (bitsandbytes)&quot;), %2 compute data type (bf16, ...)</extracomment>
        <translation>%1, Berechnung in %2</translation>
    </message>
    <message>
        <source>%1 tokens x %2 sequence(s)</source>
        <extracomment>%1 tokens per sequence, %2 number of sequences</extracomment>
        <translation>%1 Tokens x %2 Sequenz(en)</translation>
    </message>
    <message>
        <source>%1 adapter parameters</source>
        <extracomment>%1 number of adapter parameters</extracomment>
        <translation>%1 Adapter-Parameter</translation>
    </message>
    <message>
        <source>with activation checkpointing</source>
        <translation>mit Aktivierungs-Checkpointing</translation>
    </message>
    <message>
        <source>without activation checkpointing</source>
        <translation>ohne Aktivierungs-Checkpointing</translation>
    </message>
    <message>
        <source>evaluation batch: %1</source>
        <extracomment>%1 evaluation batch size</extracomment>
        <translation>Evaluierungs-Batch: %1</translation>
    </message>
    <message>
        <source>workspace (assumed, not in the total): cuBLAS %1 bytes per stream (PyTorch&apos;s default CUBLAS_WORKSPACE_CONFIG :4096:2:16:8), %2 bytes on Hopper (:4096:8, the size the cuBLAS API reference recommends); hipBLASLt %3 bytes (PyTorch&apos;s default on ROCm)</source>
        <extracomment>%1 bytes of cuBLAS&apos;s workspace before Hopper, %2 on Hopper, %3 bytes of hipBLASLt&apos;s on ROCm</extracomment>
        <translation>Workspace (angenommen, nicht im Gesamtwert): cuBLAS %1 Bytes pro Stream (Standard von PyTorch, CUBLAS_WORKSPACE_CONFIG :4096:2:16:8), %2 Bytes auf Hopper (:4096:8, die von der cuBLAS-API-Referenz empfohlene Größe); hipBLASLt %3 Bytes (Standard von PyTorch auf ROCm)</translation>
    </message>
    <message>
        <source>input_ids int32 [%1, %2] + block tables %3 bytes = %4 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 bytes of the paged cache&apos;s block tables, %4 bytes</extracomment>
        <translation>input_ids int32 [%1, %2] + Blocktabellen %3 Bytes = %4 Bytes</translation>
    </message>
    <message>
        <source>input_ids int32 [%1, %2] = %3 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 bytes</extracomment>
        <translation>input_ids int32 [%1, %2] = %3 Bytes</translation>
    </message>
    <message>
        <source>paged: %1 blocks of %2 tokens over the layers for %3 positions, K and V = %4 bytes</source>
        <extracomment>%1 blocks summed over layers, %2 tokens per block, %3 positions written, %4 bytes</extracomment>
        <translation>paged: %1 Blöcke zu %2 Tokens über die Schichten für %3 Positionen, K und V = %4 Bytes</translation>
    </message>
    <message>
        <source>the whole KV cache = %1 bytes</source>
        <extracomment>%1 bytes</extracomment>
        <translation>der gesamte KV-Cache = %1 Bytes</translation>
    </message>
    <message>
        <source>a growing cache holds the prompt&apos;s %1 tokens = %2 bytes</source>
        <extracomment>%1 prompt tokens, %2 bytes</extracomment>
        <translation>ein wachsender Cache hält die %1 Tokens des Prompts = %2 Bytes</translation>
    </message>
    <message>
        <source>%1 bytes held + %2 bytes of one layer&apos;s key copied as it grows = %3 bytes</source>
        <extracomment>%1 bytes of the cache held, %2 bytes of one layer&apos;s key copied to grow by a row, %3 bytes</extracomment>
        <translation>%1 Bytes gehalten + %2 Bytes des Keys einer Schicht, beim Wachsen kopiert = %3 Bytes</translation>
    </message>
    <message>
        <source>largest stage of one layer: %1</source>
        <extracomment>%1 the largest stage (projections, attention, mixer, mlp, output, cache_growth)</extracomment>
        <translation>größte Stufe einer Schicht: %1</translation>
    </message>
    <message>
        <source>the last position&apos;s logits of %1 sequence(s) = %2 bytes</source>
        <extracomment>%1 sequences, %2 bytes</extracomment>
        <translation>die Logits der letzten Position von %1 Sequenz(en) = %2 Bytes</translation>
    </message>
    <message>
        <source>the largest quantized linear [%1 x %2] dequantized = %3 bytes</source>
        <extracomment>%1 output features, %2 input features, %3 bytes</extracomment>
        <translation>die größte quantisierte lineare Schicht [%1 x %2] dequantisiert = %3 Bytes</translation>
    </message>
    <message>
        <source>%1 bytes of inputs + next-token ids int32 [%2] = %3 bytes</source>
        <extracomment>%1 bytes of the prompt&apos;s inputs, %2 sequences, %3 bytes</extracomment>
        <translation>%1 Bytes Eingaben + Next-Token-IDs int32 [%2] = %3 Bytes</translation>
    </message>
    <message>
        <source>attention: %1</source>
        <extracomment>%1 the attention implementation (eager or sdpa)</extracomment>
        <translation>Attention: %1</translation>
    </message>
    <message>
        <source>largest stage: %1</source>
        <extracomment>%1 the largest stage of the prefill (projections, attention, mixer, mlp, output)
----------
%1 the largest stage of a decode step (projections, attention, mixer, mlp, output, cache_growth)</extracomment>
        <translation>größte Stufe: %1</translation>
    </message>
    <message>
        <source>dequantization: the largest quantized linear&apos;s weight dequantized into the compute type, added to each phase on top of its largest stage (an upper bound: it lives only while its linear runs)</source>
        <translation>Dequantisierung: das Gewicht der größten quantisierten linearen Schicht, in den Rechentyp dequantisiert, wird jeder Phase zusätzlich zu ihrer größten Stufe hinzugerechnet (eine obere Schranke: es existiert nur, während seine lineare Schicht läuft)</translation>
    </message>
    <message>
        <source>activations: eager attention holds its scores [sequences, heads, queries, keys] in the compute type and their float32 softmax at once</source>
        <translation>Aktivierungen: Eager-Attention hält ihre Scores [Sequenzen, Köpfe, Queries, Keys] im Rechentyp und gleichzeitig deren Softmax in float32</translation>
    </message>
    <message>
        <source>activations: sdpa attention (a fused kernel) holds no scores matrix; its small scratch is not counted</source>
        <translation>Aktivierungen: sdpa-Attention (ein fusionierter Kernel) hält keine Score-Matrix; ihr kleiner Zwischenspeicher wird nicht gezählt</translation>
    </message>
    <message>
        <source>phases: prefill and decode each count the whole KV cache; a growing cache holds only the prompt&apos;s during the prefill (the per-phase estimate counts that)</source>
        <translation>Phasen: Prefill und Decode zählen jeweils den gesamten KV-Cache; ein wachsender Cache hält während des Prefills nur den des Prompts (die Schätzung pro Phase berücksichtigt das)</translation>
    </message>
    <message>
        <source>inference activations: not computed, they need the model shape (--config or --preset) and the tokens (--tokens)</source>
        <translation>Inferenz-Aktivierungen: nicht berechnet, dafür werden die Modellform (--config oder --preset) und die Tokens (--tokens) benötigt</translation>
    </message>
    <message>
        <source>activations: sdpa attention (a fused kernel, FlashAttention-style): Korthikanti et al.&apos;s formula without its s x s terms (5*a*s/h), plus a float32 log-sum-exp of 4*a*s*b bytes per layer</source>
        <translation>Aktivierungen: sdpa-Attention (ein fusionierter Kernel im Stil von FlashAttention): die Formel von Korthikanti et al. ohne ihre s-x-s-Terme (5*a*s/h), plus ein Log-Sum-Exp in float32 von 4*a*s*b Bytes pro Schicht</translation>
    </message>
    <message>
        <source>activations: eager attention keeps its s x s scores, softmax and dropout mask (the 5*a*s/h term of Korthikanti et al.)</source>
        <translation>Aktivierungen: Eager-Attention behält ihre s-x-s-Scores, Softmax und Dropout-Maske (der Term 5*a*s/h von Korthikanti et al.)</translation>
    </message>
    <message>
        <source>GGUF architecture &apos;%1&apos; is not one of llama, mistral, qwen2, gemma, gemma2, phi3: read as a Llama-style decoder</source>
        <extracomment>%1 general.architecture of a GGUF file</extracomment>
        <translation>GGUF-Architektur &apos;%1&apos; ist keine von llama, mistral, qwen2, gemma, gemma2, phi3: als Decoder im Llama-Stil gelesen</translation>
    </message>
    <message>
        <source>quantization_config: one scale and zero per output channel (group_size -1)</source>
        <translation>quantization_config: eine Skala und ein Nullpunkt pro Ausgabekanal (group_size -1)</translation>
    </message>
    <message>
        <source>quantization_config: FP4 with double quantization stores what NF4 with double quantization stores; sized as nf4-dq</source>
        <translation>quantization_config: FP4 mit doppelter Quantisierung speichert dasselbe wie NF4 mit doppelter Quantisierung; als nf4-dq dimensioniert</translation>
    </message>
    <message>
        <source>quantization_config compressed-tensors int4: sized with AWQ&apos;s layout, whose packed zero points a symmetric scheme does not store (a small overestimate)</source>
        <translation>quantization_config compressed-tensors int4: mit dem Layout von AWQ dimensioniert, dessen gepackte Nullpunkte ein symmetrisches Schema nicht speichert (eine kleine Überschätzung)</translation>
    </message>
    <message>
        <source>element count of the GGUF file&apos;s tensors</source>
        <translation>Elementanzahl der Tensoren der GGUF-Datei</translation>
    </message>
    <message>
        <source>stored bytes of the GGUF tensors (header, exact)</source>
        <translation>gespeicherte Bytes der GGUF-Tensoren (Header, exakt)</translation>
    </message>
    <message>
        <source>weights: the tensors&apos; bytes as stored in %1 (%2), loaded as stored</source>
        <extracomment>%1 the GGUF file&apos;s name, %2 its ggml types and tensor counts</extracomment>
        <translation>Gewichte: die Bytes der Tensoren, wie in %1 gespeichert (%2), so geladen</translation>
    </message>
    <message>
        <source>weights: stored as config.json&apos;s quantization_config says (%1): %2</source>
        <extracomment>%1 the quantization_config in a few words (&quot;GPTQ 4-bit, group 128&quot;), %2 the format name</extracomment>
        <translation>Gewichte: gespeichert, wie die quantization_config der config.json sagt (%1): %2</translation>
    </message>
    <message>
        <source>conflict: config.json&apos;s quantization_config says %1, but the weights are sized as chosen: %2</source>
        <extracomment>%1 the quantization_config in a few words (&quot;GPTQ 4-bit, group 128&quot;), %2 the format chosen</extracomment>
        <translation>Konflikt: die quantization_config der config.json sagt %1, aber die Gewichte werden wie gewählt dimensioniert: %2</translation>
    </message>
    <message>
        <source>KV cache: no prompt length typed, so the model&apos;s trained context of %1 tokens</source>
        <extracomment>%1 tokens (the model&apos;s max_position_embeddings or GGUF context_length)</extracomment>
        <translation>KV-Cache: keine Prompt-Länge eingegeben, daher der trainierte Kontext des Modells von %1 Tokens</translation>
    </message>
    <message>
        <source>weights: blocks of %1 values, %2 bits per parameter (codes and scales)</source>
        <extracomment>%1 values per block, %2 bits per parameter (a decimal, e.g. 4.5)</extracomment>
        <translation>Gewichte: Blöcke zu %1 Werten, %2 Bit pro Parameter (Codes und Skalen)</translation>
    </message>
    <message>
        <source>weights: groups of %1 input rows, %2 bits per parameter (codes, scales and zeros)</source>
        <extracomment>%1 input rows per group, %2 bits per parameter (a decimal, e.g. 4.16)</extracomment>
        <translation>Gewichte: Gruppen zu %1 Eingabezeilen, %2 Bit pro Parameter (Codes, Skalen und Nullpunkte)</translation>
    </message>
    <message>
        <source>reserve: %1 by default, none typed (%2 bytes), on every device</source>
        <extracomment>%1 the default reserve (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>Reserve: %1 als Vorgabe, keine eingegeben (%2 Bytes), auf jedem Gerät</translation>
    </message>
    <message>
        <source>reserve: %1 by default, none typed (%2 bytes)</source>
        <extracomment>%1 the default reserve (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>Reserve: %1 als Vorgabe, keine eingegeben (%2 Bytes)</translation>
    </message>
    <message>
        <source>vocab_size absent: %1, the default of transformers&apos; Gemma3TextConfig</source>
        <extracomment>%1 the vocabulary size</extracomment>
        <translation>vocab_size fehlt: %1, der Standardwert von Gemma3TextConfig in transformers</translation>
    </message>
    <message>
        <source>architecture assumed on purpose: model_type &apos;%1&apos; read as &apos;%2&apos; (--assume-architecture); the numbers hold only if the model really is laid out like %2</source>
        <extracomment>%1 the config&apos;s model_type (or &quot;none&quot;), %2 the architecture the user chose</extracomment>
        <translation>Architektur bewusst angenommen: model_type &apos;%1&apos; als &apos;%2&apos; gelesen (--assume-architecture); die Zahlen gelten nur, wenn das Modell tatsächlich wie %2 aufgebaut ist</translation>
    </message>
    <message>
        <source>state cache: %1 layer(s) of %2 keep %3 elements per sequence (conv and recurrent state) x %4 bytes x %5 sequence(s) = %6 bytes, whatever the tokens</source>
        <extracomment>%1 layers, %2 layer kind, %3 elements of state per sequence, %4 bytes per element, %5 sequences, %6 bytes</extracomment>
        <translation>Zustands-Cache: %1 Schicht(en) vom Typ %2 behalten %3 Elemente pro Sequenz (Faltungs- und rekurrenter Zustand) x %4 Bytes x %5 Sequenz(en) = %6 Bytes, unabhängig von den Tokens</translation>
    </message>
    <message>
        <source>KV cache: %1 layer(s) of %2 keep %3 elements per token (K and V) for %4 tokens x %5 sequence(s) = %6 bytes</source>
        <extracomment>%1 layers, %2 layer kind, %3 elements per token, %4 tokens kept per layer, %5 sequences, %6 bytes</extracomment>
        <translation>KV-Cache: %1 Schicht(en) vom Typ %2 behalten %3 Elemente pro Token (K und V) für %4 Tokens x %5 Sequenz(en) = %6 Bytes</translation>
    </message>
    <message>
        <source>the recurrent layers&apos; state, allocated with the cache = %1 bytes</source>
        <extracomment>%1 bytes</extracomment>
        <translation>der Zustand der rekurrenten Schichten, zusammen mit dem Cache angelegt = %1 Bytes</translation>
    </message>
    <message>
        <source>quantization_config fp8: no weight_block_size, so one fp32 scale per tensor</source>
        <translation>quantization_config fp8: kein weight_block_size, daher eine fp32-Skala pro Tensor</translation>
    </message>
    <message>
        <source>tensor parallel %1: each layer&apos;s KV heads and state divided per device (rounded up); an MLA latent is kept whole on every device</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>Tensor-Parallelität %1: KV-Köpfe und Zustand jeder Schicht auf die Geräte aufgeteilt (aufgerundet); ein latenter MLA-Vektor wird auf jedem Gerät vollständig gehalten</translation>
    </message>
    <message>
        <source>recurrent state x %1 sequence(s), whatever the tokens</source>
        <extracomment>%1 number of sequences</extracomment>
        <translation>rekurrenter Zustand x %1 Sequenz(en), unabhängig von den Tokens</translation>
    </message>
    <message>
        <source>weights: the %1 part (%2 parameters) is loaded with the model, in %3</source>
        <extracomment>%1 the part (vision), %2 its parameter count, %3 data type (bf16)</extracomment>
        <translation>Gewichte: der Teil %1 (%2 Parameter) wird mit dem Modell geladen, in %3</translation>
    </message>
    <message>
        <source>weights: MXFP4 quantizes the MoE experts only; every other linear is kept in 16 bit</source>
        <translation>Gewichte: MXFP4 quantisiert nur die MoE-Experten; jede andere lineare Schicht wird in 16 Bit belassen</translation>
    </message>
    <message>
        <source>weights: fp8 with one fp32 scale per block of %1 x %2 values (weight_block_size)</source>
        <extracomment>%1 rows, %2 columns of a scale block</extracomment>
        <translation>Gewichte: fp8 mit einer fp32-Skala pro Block von %1 x %2 Werten (weight_block_size)</translation>
    </message>
    <message>
        <source>%1 (chosen)</source>
        <extracomment>%1 what the user chose (English, e.g. &quot;chunked cross-entropy in 4 chunks&quot;)</extracomment>
        <translation>%1 (gewählt)</translation>
    </message>
    <message>
        <source>%1 (%2&apos;s default)</source>
        <extracomment>%1 the framework&apos;s habit (English, e.g. &quot;adapters in float32 (PEFT&apos;s autocast_adapter_dtype)&quot;), %2 the framework (hf, torchtune)</extracomment>
        <translation>%1 (Vorgabe von %2)</translation>
    </message>
    <message>
        <source>each gradient in its parameter&apos;s dtype, freed after the optimizer step (PyTorch&apos;s AccumulateGrad, zero_grad(set_to_none=True))</source>
        <translation>jeder Gradient im Datentyp seines Parameters, nach dem Optimiererschritt freigegeben (AccumulateGrad von PyTorch, zero_grad(set_to_none=True))</translation>
    </message>
    <message>
        <source>%1 bytes as stored + %2 bytes of 512-byte block rounding</source>
        <extracomment>%1 bytes as stored, %2 bytes the 512-byte rounding adds</extracomment>
        <translation>%1 Bytes wie gespeichert + %2 Bytes Rundung auf 512-Byte-Blöcke</translation>
    </message>
    <message>
        <source>%1 bytes at this moment, %2 bytes at most in the step</source>
        <extracomment>%1 bytes of this part at the phase&apos;s peak, %2 bytes of it at most in the step</extracomment>
        <translation>%1 Bytes in diesem Moment, höchstens %2 Bytes im Schritt</translation>
    </message>
    <message>
        <source>the working tensors of %1</source>
        <extracomment>%1 the moment (English, e.g. &quot;backward layer 31: down_proj&quot;)</extracomment>
        <translation>die Arbeitstensoren von %1</translation>
    </message>
    <message>
        <source>training step: the decoder&apos;s tensor inventory (core/workloads/DECODER.md, Training) in closed form: %1 on %2 weights, %3 attention, micro-batch %4 x %5 tokens, %6&apos;s habits</source>
        <extracomment>%1 full, lora or qlora, %2 weight format (bf16, nf4), %3 eager or sdpa, %4 sequences, %5 tokens per sequence, %6 the framework (hf, torchtune)</extracomment>
        <translation>Trainingsschritt: das Tensorinventar des Decoders (core/workloads/DECODER.md, Training) in geschlossener Form: %1 auf %2-Gewichten, %3-Attention, Micro-Batch %4 x %5 Tokens, Gewohnheiten von %6</translation>
    </message>
    <message>
        <source>allocated bytes: every tensor rounded up to 512 bytes as the caching allocator counts it; its 2 MiB and 20 MiB segments and cached free blocks (reserved above allocated) are the allocator&apos;s, named by the ledger, not counted here</source>
        <translation>belegte Bytes: jeder Tensor auf 512 Bytes aufgerundet, wie der Caching-Allocator zählt; seine Segmente von 2 MiB und 20 MiB und zwischengespeicherte freie Blöcke (reserviert über belegt) gehören dem Allocator, das Ledger nennt sie, hier nicht gezählt</translation>
    </message>
    <message>
        <source>framework profile %1: %2</source>
        <extracomment>%1 the framework (hf, torchtune), %2 the documents its defaults follow (English)</extracomment>
        <translation>Framework-Profil %1: %2</translation>
    </message>
    <message>
        <source>framework default taken: %1</source>
        <extracomment>%1 the default (English, e.g. &quot;activation checkpointing (torchtune&apos;s default)&quot;)</extracomment>
        <translation>Vorgabe des Frameworks übernommen: %1</translation>
    </message>
    <message>
        <source>training: activations in %1 (the compute type), the weights and their gradients and optimizer states in %2; an autocast&apos;s cast copies of the weights are not counted</source>
        <extracomment>%1 compute data type, %2 the weights&apos; data type</extracomment>
        <translation>Training: Aktivierungen in %1 (dem Rechenformat), die Gewichte, ihre Gradienten und Optimiererzustände in %2; Kopien der Gewichte durch Autocast werden nicht gezählt</translation>
    </message>
    <message>
        <source>optimizer: SGD with momentum keeps one buffer per parameter, in its dtype, made at its first step</source>
        <translation>Optimierer: SGD mit Momentum hält einen Puffer je Parameter in dessen Datentyp, beim ersten Schritt angelegt</translation>
    </message>
    <message>
        <source>the largest phase is %1 at %2 (%3 bytes); its largest part: %4</source>
        <extracomment>%1 the phase, %2 its moment (English), %3 bytes, %4 its largest part (an id)</extracomment>
        <translation>die größte Phase ist %1 bei %2 (%3 Bytes); ihr größter Teil: %4</translation>
    </message>
    <message>
        <source>training: each gradient in its parameter&apos;s dtype (%1), as PyTorch keeps it; the gradient type %2 is not applied</source>
        <extracomment>%1 the parameters&apos; data type, %2 the gradient type given</extracomment>
        <translation>Training: jeder Gradient im Datentyp seines Parameters (%1), wie PyTorch ihn hält; der Gradiententyp %2 wird nicht angewandt</translation>
    </message>
    <message>
        <source>optimizer: adam keeps the same two moments as adamw and is sized as adamw</source>
        <translation>Optimierer: adam hält dieselben zwei Momente wie adamw und wird wie adamw bemessen</translation>
    </message>
    <message>
        <source>training: master weights are a full fine-tune&apos;s; LoRA adapters train in their own dtype</source>
        <translation>Training: Master-Gewichte gehören zum vollständigen Fine-Tuning; LoRA-Adapter trainieren in ihrem eigenen Datentyp</translation>
    </message>
    <message>
        <source>training step: Korthikanti et al.&apos;s formula and the parameter count, not the decoder&apos;s tensor inventory: %1</source>
        <extracomment>%1 why the decoder&apos;s inventory does not size this step (English)</extracomment>
        <translation>Trainingsschritt: die Formel von Korthikanti et al. und die Parameterzahl, nicht das Tensorinventar des Decoders: %1</translation>
    </message>
</context>
<context>
    <name>Component</name>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA-Adapter</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>Gradienten</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>Optimierer-Zustände</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>fp32-Master-Gewichte</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>evaluation batch</source>
        <translation>Evaluierungs-Batch</translation>
    </message>
    <message>
        <source>export copy</source>
        <translation>Exportkopie</translation>
    </message>
    <message>
        <source>reserve</source>
        <translation>Reserve</translation>
    </message>
    <message>
        <source>total</source>
        <translation>Gesamtwert</translation>
    </message>
    <message>
        <source>prefill activations</source>
        <translation>Prefill-Aktivierungen</translation>
    </message>
    <message>
        <source>decode activations</source>
        <translation>Decode-Aktivierungen</translation>
    </message>
    <message>
        <source>dequantization buffer</source>
        <translation>Dequantisierungspuffer</translation>
    </message>
    <message>
        <source>state cache</source>
        <translation>Zustands-Cache</translation>
    </message>
    <message>
        <source>token ids and labels</source>
        <translation>Token-IDs und Labels</translation>
    </message>
    <message>
        <source>peak-moment transient</source>
        <translation>Übergang im Spitzenmoment</translation>
    </message>
</context>
<context>
    <name>Computation</name>
    <message>
        <source>sequence</source>
        <translation>Sequenz</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>/ %1 devices, rounded up = %2 bytes per device</source>
        <extracomment>%1 number of devices, %2 bytes per device</extracomment>
        <translation>/ %1 Geräte, aufgerundet = %2 Bytes pro Gerät</translation>
    </message>
    <message>
        <source>trainable parameters per device: %1 / %2 devices, rounded up = %3</source>
        <extracomment>%1 trainable parameters in all, %2 number of devices, %3 trainable parameters per device</extracomment>
        <translation>trainierbare Parameter pro Gerät: %1 / %2 Geräte, aufgerundet = %3</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>berechnet</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 = %3 bytes</source>
        <extracomment>%1 parameter count, %2 bits per parameter, %3 bytes
----------
%1 parameter count, %2 bits of the export type, %3 bytes</extracomment>
        <translation>%1 Parameter x %2 Bit / 8 = %3 Bytes</translation>
    </message>
    <message>
        <source>the tensors&apos; bytes as stored in the safetensors header = %1 bytes (files: %2)</source>
        <extracomment>%1 bytes, %2 number of files</extracomment>
        <translation>Bytes der Tensoren laut safetensors-Header = %1 Bytes (Dateien: %2)</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 = %3 bytes (%4)</source>
        <extracomment>%1 parameter count, %2 bits per parameter, %3 bytes, %4 storage format</extracomment>
        <translation>%1 Parameter x %2 Bit / 8 = %3 Bytes (%4)</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 + %3 bytes of scales and other metadata + %4 kept parameters x %5 bit / 8 = %6 bytes (%7)</source>
        <extracomment>%1 parameters stored in the format, %2 its bits, %3 bytes of scales, zeros and other metadata, %4 parameters kept in 16 bit (embeddings, norms...), %5 their bits, %6 bytes, %7 storage format</extracomment>
        <translation>%1 Parameter x %2 Bit / 8 + %3 Bytes für Skalen und sonstige Metadaten + %4 belassene Parameter x %5 Bit / 8 = %6 Bytes (%7)</translation>
    </message>
    <message>
        <source>%1 bytes of packed codes for %2 parameters + %3 bytes of scales and other metadata + %4 bytes for %5 kept parameters = %6 bytes (%7)</source>
        <extracomment>%1 bytes of packed codes, %2 parameters stored in the format, %3 bytes of scales and other metadata, %4 bytes of kept modules, %5 their parameters, %6 bytes, %7 format</extracomment>
        <translation>%1 Bytes gepackte Codes für %2 Parameter + %3 Bytes für Skalen und sonstige Metadaten + %4 Bytes für %5 belassene Parameter = %6 Bytes (%7)</translation>
    </message>
    <message>
        <source>the format&apos;s layout: %1</source>
        <extracomment>%1 what the storage format&apos;s byte count assumes (a sentence)</extracomment>
        <translation>Aufbau des Formats: %1</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 tokens summed over layers x %2 KV heads x %3 head_dim x %4 %5 x %6 bit / 8 + %7 bytes of scales (an fp16 scale and zero per %8 elements) = %9 bytes</source>
        <extracomment>%1 sum over layers of the tokens each keeps, %2 KV heads, %3 head_dim, %4 sequences, %5 &quot;sequence&quot;/&quot;sequences&quot;, %6 bits, %7 bytes of scales, %8 elements per group, %9 bytes</extracomment>
        <translation>2 (K und V) x %1 Tokens, über die Schichten summiert x %2 KV-Köpfe x %3 head_dim x %4 %5 x %6 Bit / 8 + %7 Bytes für Skalen (eine fp16-Skala und ein Nullpunkt je %8 Elemente) = %9 Bytes</translation>
    </message>
    <message>
        <source>the quantized cache&apos;s layout: one fp16 scale and one fp16 zero point per group</source>
        <translation>Aufbau des quantisierten Caches: eine fp16-Skala und ein fp16-Nullpunkt je Gruppe</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 %2 x %3 KV heads x %4 head_dim x %5 tokens x %6 bytes x %7 %8 = %9 bytes</source>
        <extracomment>%1 layers, %2 &quot;layer&quot;/&quot;layers&quot;, %3 KV heads, %4 head_dim, %5 tokens per sequence, %6 bytes per element, %7 sequences, %8 &quot;sequence&quot;/&quot;sequences&quot;, %9 bytes</extracomment>
        <translation>2 (K und V) x %1 %2 x %3 KV-Köpfe x %4 head_dim x %5 Tokens x %6 Bytes x %7 %8 = %9 Bytes</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 %2 x %3 KV heads x %4 head_dim x %5 tokens (the sliding window) x %6 bytes x %7 %8 = %9 bytes</source>
        <extracomment>%1 layers, %2 &quot;layer&quot;/&quot;layers&quot;, %3 KV heads, %4 head_dim, %5 tokens kept (the sliding window), %6 bytes per element, %7 sequences, %8 &quot;sequence&quot;/&quot;sequences&quot;, %9 bytes</extracomment>
        <translation>2 (K und V) x %1 %2 x %3 KV-Köpfe x %4 head_dim x %5 Tokens (das gleitende Fenster) x %6 Bytes x %7 %8 = %9 Bytes</translation>
    </message>
    <message>
        <source>2 (K and V) x (%1 layers x %2 tokens + %3 layers x %4 tokens of the sliding window) x %5 KV heads x %6 head_dim x %7 bytes x %8 sequence(s) = %9 bytes</source>
        <extracomment>%1 layers with full attention, %2 tokens they keep, %3 layers with a sliding window, %4 tokens they keep (the window), %5 KV heads, %6 head_dim, %7 bytes per element, %8 sequences, %9 bytes</extracomment>
        <translation>2 (K und V) x (%1 Schichten x %2 Tokens + %3 Schichten x %4 Tokens des gleitenden Fensters) x %5 KV-Köpfe x %6 head_dim x %7 Bytes x %8 Sequenz(en) = %9 Bytes</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 tokens summed over layers (each min(window, tokens)) x %2 KV heads x %3 head_dim x %4 bytes x %5 %6 = %7 bytes</source>
        <extracomment>%1 sum over layers of min(window, tokens), %2 KV heads, %3 head_dim, %4 bytes per element, %5 sequences, %6 &quot;sequence&quot;/&quot;sequences&quot;, %7 bytes</extracomment>
        <translation>2 (K und V) x %1 Tokens, über die Schichten summiert (je min(window, tokens)) x %2 KV-Köpfe x %3 head_dim x %4 Bytes x %5 %6 = %7 Bytes</translation>
    </message>
    <message>
        <source>per device with tensor parallel %1: %2 of %3 KV heads</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>pro Gerät bei Tensor-Parallelität %1: %2 von %3 KV-Köpfen</translation>
    </message>
    <message>
        <source>%1 adapter parameters (rank %2 x (in + out) per target module) x %3 bit / 8 = %4 bytes</source>
        <extracomment>%1 adapter parameters, %2 LoRA rank, %3 bits, %4 bytes</extracomment>
        <translation>%1 Adapter-Parameter (Rang %2 x (in + out) pro Zielmodul) x %3 Bit / 8 = %4 Bytes</translation>
    </message>
    <message>
        <source>%1 trainable parameters x %2 bit / 8 = %3 bytes</source>
        <extracomment>%1 trainable parameters, %2 bits of the gradient type, %3 bytes</extracomment>
        <translation>%1 trainierbare Parameter x %2 Bit / 8 = %3 Bytes</translation>
    </message>
    <message>
        <source>SGD keeps no state = 0 bytes</source>
        <translation>SGD speichert keinen Zustand = 0 Bytes</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 4 bytes (one fp32 momentum) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 trainierbare Parameter x 4 Bytes (ein fp32-Momentum) = %2 Bytes</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 2 moments x 4 bytes (fp32) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 trainierbare Parameter x 2 Momente x 4 Bytes (fp32) = %2 Bytes</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 2 moments x 1 byte + %2 blocks of 256 x 2 moments x 4 bytes (fp32 absmax) = %3 bytes</source>
        <extracomment>%1 trainable parameters, %2 blocks of 256, %3 bytes</extracomment>
        <translation>%1 trainierbare Parameter x 2 Momente x 1 Byte + %2 Blöcke zu 256 x 2 Momente x 4 Bytes (absmax in fp32) = %3 Bytes</translation>
    </message>
    <message>
        <source>bitsandbytes blockwise 8-bit states; small tensors kept in 32 bit are not modelled</source>
        <translation>blockweise 8-Bit-Zustände von bitsandbytes; kleine, in 32 Bit gehaltene Tensoren werden nicht modelliert</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 4 bytes (fp32) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 trainierbare Parameter x 4 Bytes (fp32) = %2 Bytes</translation>
    </message>
    <message>
        <source>%1 layers x s %2 x b %3 x h %4 x %5 bit / 8 (layer inputs kept) + %6 bytes (one layer recomputed) = %7 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 bits, %6 bytes of one layer recomputed, %7 bytes</extracomment>
        <translation>%1 Schichten x s %2 x b %3 x h %4 x %5 Bit / 8 (Schichteingaben behalten) + %6 Bytes (eine Schicht neu berechnet) = %7 Bytes</translation>
    </message>
    <message>
        <source>full activation checkpointing; Korthikanti et al. 2022 for the recomputed layer</source>
        <translation>vollständiges Aktivierungs-Checkpointing; Korthikanti et al. 2022 für die neu berechnete Schicht</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (34 + 5 x a %5 x s / h) x %6 bit / 16 = %7 bytes per layer) = %8 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 a (heads), %6 bits of the activation type, %7 bytes of one layer, %8 bytes</extracomment>
        <translation>%1 Schichten x (s %2 x b %3 x h %4 x (34 + 5 x a %5 x s / h) x %6 Bit / 16 = %7 Bytes pro Schicht) = %8 Bytes</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (10 + 24 / t %5 + 5 x a %6 x s / (h x t)) x %7 bit / 16 = %8 bytes per layer) = %9 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 tensor-parallel degree t, %6 a (heads), %7 bits, %8 bytes of one layer, %9 bytes</extracomment>
        <translation>%1 Schichten x (s %2 x b %3 x h %4 x (10 + 24 / t %5 + 5 x a %6 x s / (h x t)) x %7 Bit / 16 = %8 Bytes pro Schicht) = %9 Bytes</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022 (arXiv:2205.05198), eq. 1 (eq. 2 with tensor parallelism), 16-bit activations scaled by bits / 16</source>
        <translation>Korthikanti et al. 2022 (arXiv:2205.05198), Gl. 1 (Gl. 2 mit Tensor-Parallelität), 16-Bit-Aktivierungen mit Bits / 16 skaliert</translation>
    </message>
    <message>
        <source>s %1 x b %2 x vocab %3 x 4 bytes (fp32) = %4 bytes</source>
        <extracomment>%1 s, %2 b, %3 vocabulary size, %4 bytes</extracomment>
        <translation>s %1 x b %2 x Vokabular %3 x 4 Bytes (fp32) = %4 Bytes</translation>
    </message>
    <message>
        <source>s %1 x batch %2 x %3 (4h + 2 x intermediate) x %4 bit / 8 = %5 bytes + %6 bytes of attention scores (a x s x s) + %7 bytes of fp32 logits = %8 bytes</source>
        <extracomment>%1 s, %2 evaluation batch, %3 elements per token, %4 bits, %5 bytes, %6 bytes of attention scores, %7 bytes of logits, %8 bytes</extracomment>
        <translation>s %1 x batch %2 x %3 (4h + 2 x Zwischendimension) x %4 Bit / 8 = %5 Bytes + %6 Bytes für Attention-Werte (a x s x s) + %7 Bytes für fp32-Logits = %8 Bytes</translation>
    </message>
    <message>
        <source>a no-grad forward keeps one layer&apos;s working set and eager attention scores</source>
        <translation>ein Vorwärtsdurchlauf ohne Gradienten behält die Arbeitsmenge einer Schicht und die Attention-Werte der Eager-Implementierung</translation>
    </message>
    <message>
        <source>reserve as typed: %1 %2 = %3 bytes</source>
        <extracomment>%1 the value typed (e.g. &quot;4&quot;), %2 its unit (GB or GiB), %3 the same in bytes</extracomment>
        <translation>Reserve wie eingegeben: %1 %2 = %3 Bytes</translation>
    </message>
    <message>
        <source>on each of the %1 devices</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>auf jedem der %1 Geräte</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x 34 x %5 bit / 16 + 4 bytes x a %6 x s x b (float32 log-sum-exp) = %7 bytes per layer) = %8 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 bits of the activation type, %6 a (heads), %7 bytes of one layer, %8 bytes</extracomment>
        <translation>%1 Schichten x (s %2 x b %3 x h %4 x 34 x %5 Bit / 16 + 4 Bytes x a %6 x s x b (Log-Sum-Exp in float32) = %7 Bytes pro Schicht) = %8 Bytes</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (10 + 24 / t %5) x %6 bit / 16 + 4 bytes x %7 heads per device x s x b (float32 log-sum-exp) = %8 bytes per layer) = %9 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 tensor-parallel degree t, %6 bits, %7 heads per device, %8 bytes of one layer, %9 bytes</extracomment>
        <translation>%1 Schichten x (s %2 x b %3 x h %4 x (10 + 24 / t %5) x %6 Bit / 16 + 4 Bytes x %7 Köpfe pro Gerät x s x b (Log-Sum-Exp in float32) = %8 Bytes pro Schicht) = %9 Bytes</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022 (arXiv:2205.05198), eq. 1 (eq. 2 with tensor parallelism) without the 5 x a x s / h attention term: sdpa&apos;s fused kernel keeps no s x s matrix (Dao et al. 2022, FlashAttention), only its log-sum-exp</source>
        <translation>Korthikanti et al. 2022 (arXiv:2205.05198), Gl. 1 (Gl. 2 mit Tensor-Parallelität) ohne den Attention-Term 5 x a x s / h: Der fusionierte Kernel von sdpa behält keine s-x-s-Matrix (Dao et al. 2022, FlashAttention), nur sein Log-Sum-Exp</translation>
    </message>
    <message>
        <source>one layer&apos;s tensors alive together (core/workloads/DECODER.md): projections h, x, q (+ k, v when copied into the cache); attention h, q, attn (+ k, v) and eager&apos;s scores [B, heads, queries, keys] in the compute type with their float32 softmax; MLP h, x2, gate, up [T, intermediate]; the last position&apos;s hidden state and logits [B, vocab]</source>
        <translation>gleichzeitig lebende Tensoren einer Schicht (core/workloads/DECODER.md): Projektionen h, x, q (+ k, v beim Kopieren in den Cache); Attention h, q, attn (+ k, v) und die Scores der Eager-Implementierung [B, heads, queries, keys] im Rechentyp mit ihrer Softmax in float32; MLP h, x2, gate, up [T, intermediate]; Hidden State und Logits [B, vocab] der letzten Position</translation>
    </message>
    <message>
        <source>one layer&apos;s tensors alive together (core/workloads/DECODER.md): projections h, x, q (+ k, v when copied into the cache); attention h, q, attn (+ k, v), sdpa&apos;s fused kernel keeps no scores; MLP h, x2, gate, up [T, intermediate]; the last position&apos;s hidden state and logits [B, vocab]</source>
        <translation>gleichzeitig lebende Tensoren einer Schicht (core/workloads/DECODER.md): Projektionen h, x, q (+ k, v beim Kopieren in den Cache); Attention h, q, attn (+ k, v), der fusionierte Kernel von sdpa behält keine Scores; MLP h, x2, gate, up [T, intermediate]; Hidden State und Logits [B, vocab] der letzten Position</translation>
    </message>
    <message>
        <source>per device with tensor parallel %1: heads, intermediate and vocab divided, hidden states replicated</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>pro Gerät bei Tensor-Parallelität %1: Köpfe, Zwischendimension und Vokabular geteilt, Hidden States repliziert</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, eager attention over %3 keys: largest of projections %4, attention %5 (of which scores and float32 softmax %8), MLP %6, last-position logits %7 = %9 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 keys each query reads, %4..%7 bytes of each stage, %8 bytes of its scores and softmax, %9 bytes (the largest)</extracomment>
        <translation>Prefill von %1 x %2 Tokens, Eager-Attention über %3 Keys: größte Stufe aus Projektionen %4, Attention %5 (davon Scores und Softmax in float32 %8), MLP %6, Logits der letzten Position %7 = %9 Bytes</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, sdpa attention: largest of projections %3, attention %4, MLP %5, last-position logits %6 = %7 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3..%6 bytes of each stage, %7 bytes (the largest)</extracomment>
        <translation>Prefill von %1 x %2 Tokens, sdpa-Attention: größte Stufe aus Projektionen %3, Attention %4, MLP %5, Logits der letzten Position %6 = %7 Bytes</translation>
    </message>
    <message>
        <source>decode step of %1 x 1 token reading %2 keys, %3 attention: largest of projections %4, attention %5, MLP %6, logits %7, a growing cache&apos;s copy of one layer&apos;s key %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 keys read at the last step, %3 &quot;eager&quot;/&quot;sdpa&quot;, %4..%8 bytes of each stage, %9 bytes (the largest)</extracomment>
        <translation>Decode-Schritt von %1 x 1 Token mit %2 gelesenen Keys, %3-Attention: größte Stufe aus Projektionen %4, Attention %5, MLP %6, Logits %7, Kopie des Keys einer Schicht bei wachsendem Cache %8 = %9 Bytes</translation>
    </message>
    <message>
        <source>the largest quantized linear dequantized before its GEMM: [%1 x %2] x %3 bytes = %4 bytes</source>
        <extracomment>%1 output features of the largest quantized linear, %2 its input features, %3 bytes per element of the compute type, %4 bytes</extracomment>
        <translation>die größte quantisierte lineare Schicht vor ihrem GEMM dequantisiert: [%1 x %2] x %3 Bytes = %4 Bytes</translation>
    </message>
    <message>
        <source>dequantize-then-GEMM, as the decoder workload does (core/workloads/DECODER.md); added on top of the largest stage, an upper bound: the buffer lives only while its linear runs</source>
        <translation>erst dequantisieren, dann GEMM, wie es die Decoder-Last tut (core/workloads/DECODER.md); zusätzlich zur größten Stufe gezählt, eine obere Schranke: Der Puffer existiert nur, während seine lineare Schicht läuft</translation>
    </message>
    <message>
        <source>the tensors&apos; bytes as stored in the GGUF file = %1 bytes (%2)</source>
        <extracomment>%1 bytes, %2 the ggml types and their tensor counts (&quot;Q4_K x 193, F32 x 65&quot;)</extracomment>
        <translation>die Bytes der Tensoren, wie in der GGUF-Datei gespeichert = %1 Bytes (%2)</translation>
    </message>
    <message>
        <source>reserve by default, none typed: %1 %2 = %3 bytes</source>
        <extracomment>%1 the default value (e.g. &quot;4&quot;), %2 its unit (GiB), %3 the same in bytes</extracomment>
        <translation>Reserve als Vorgabe, keine eingegeben: %1 %2 = %3 Bytes</translation>
    </message>
    <message>
        <source>%1 elements of conv and recurrent state summed over the state layers x %2 bytes x %3 sequence(s) = %4 bytes</source>
        <extracomment>%1 elements of state summed over the recurrent layers, %2 bytes per element, %3 sequences, %4 bytes</extracomment>
        <translation>%1 Elemente des Faltungs- und rekurrenten Zustands, über die Zustandsschichten summiert x %2 Bytes x %3 Sequenz(en) = %4 Bytes</translation>
    </message>
    <message>
        <source>the state layers&apos; sizes from the config (Mamba d_state, d_conv; DeltaNet heads), kept in 16 bit with the whole conv kernel, as transformers&apos; cache keeps them</source>
        <translation>die Größen der Zustandsschichten aus der Konfiguration (Mamba d_state, d_conv; DeltaNet-Köpfe), in 16 Bit mit dem gesamten Faltungskernel gehalten, wie der Cache von transformers sie hält</translation>
    </message>
    <message>
        <source>per layer kind, layers x K and V elements per token x tokens kept: %1 = %2 elements x %3 sequence(s), in the cache&apos;s type = %4 bytes</source>
        <extracomment>%1 terms &quot;layers x elements per token x tokens kept&quot; joined by +, %2 elements, %3 sequences, %4 bytes</extracomment>
        <translation>pro Schichttyp, Schichten x K- und V-Elemente pro Token x behaltene Tokens: %1 = %2 Elemente x %3 Sequenz(en), im Typ des Caches = %4 Bytes</translation>
    </message>
    <message>
        <source>each layer&apos;s attention as the model&apos;s config gives it (full, sliding window, chunk, MLA)</source>
        <translation>die Attention jeder Schicht, wie die Konfiguration des Modells sie angibt (voll, gleitendes Fenster, Chunk, MLA)</translation>
    </message>
    <message>
        <source>%1 adapter tensors (A [r, in] and B [out, r], rank %2) of %3 elements in %4, each rounded up to 512 bytes = %5 bytes</source>
        <extracomment>%1 adapter tensors, %2 the rank, %3 elements, %4 their data type (fp32, bf16), %5 bytes</extracomment>
        <translation>%1 Adaptertensoren (A [r, in] und B [out, r], Rang %2) mit %3 Elementen in %4, jeder auf 512 Bytes aufgerundet = %5 Bytes</translation>
    </message>
    <message>
        <source>input_ids and labels, int32 [%1, %2] each, rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 sequences, %2 tokens per sequence, %3 bytes</extracomment>
        <translation>input_ids und labels, je int32 [%1, %2], auf 512 Bytes aufgerundet = %3 Bytes</translation>
    </message>
    <message>
        <source>one gradient at a time, stepped and freed in the backward: the largest, of %1 elements = %2 bytes</source>
        <extracomment>%1 elements of the largest trainable tensor, %2 bytes</extracomment>
        <translation>ein Gradient nach dem anderen, im Backward-Pass angewandt und freigegeben: der größte, mit %1 Elementen = %2 Bytes</translation>
    </message>
    <message>
        <source>%1 gradients of %2 elements in their parameters&apos; dtype, each rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 gradients (one per trainable tensor), %2 elements, %3 bytes</extracomment>
        <translation>%1 Gradienten mit %2 Elementen im Datentyp ihrer Parameter, jeder auf 512 Bytes aufgerundet = %3 Bytes</translation>
    </message>
    <message>
        <source>paged in host memory, none on the device (a page of at most %1 bytes while one tensor is stepped) = %2 bytes</source>
        <extracomment>%1 bytes of the largest page, %2 bytes on the device (0)</extracomment>
        <translation>in den Hostspeicher ausgelagert, keine auf dem Gerät (eine Seite von höchstens %1 Bytes, während ein Tensor angewandt wird) = %2 Bytes</translation>
    </message>
    <message>
        <source>%1 elements x 2 moments in their parameters&apos; dtype (AdamW&apos;s zeros_like), each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 Elemente x 2 Momente im Datentyp ihrer Parameter (zeros_like von AdamW), jeder auf 512 Bytes aufgerundet = %2 Bytes</translation>
    </message>
    <message>
        <source>%1 elements x 2 uint8 moments + 2 float32 absmax per block of 2048 elements (%2 blocks), each tensor rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 trainable elements, %2 blocks of 2048 elements, %3 bytes</extracomment>
        <translation>%1 Elemente x 2 uint8-Momente + 2 float32-absmax je Block von 2048 Elementen (%2 Blöcke), jeder Tensor auf 512 Bytes aufgerundet = %3 Bytes</translation>
    </message>
    <message>
        <source>%1 elements x 1 momentum buffer in their parameters&apos; dtype, each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 Elemente x 1 Momentum-Puffer im Datentyp ihrer Parameter, jeder auf 512 Bytes aufgerundet = %2 Bytes</translation>
    </message>
    <message>
        <source>SGD keeps no state = %1 bytes</source>
        <extracomment>%1 bytes (0)</extracomment>
        <translation>SGD hält keinen Zustand = %1 Bytes</translation>
    </message>
    <message>
        <source>%1 elements x 4 bytes (float32 master copy), each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 Elemente x 4 Bytes (float32-Masterkopie), jede auf 512 Bytes aufgerundet = %2 Bytes</translation>
    </message>
    <message>
        <source>activation checkpointing: %1 layer inputs, %2 bytes, + the last layer&apos;s output and the final norm&apos;s, %3 bytes = %4 bytes; each layer&apos;s saved tensors are recomputed in its backward</source>
        <extracomment>%1 layers, %2 bytes of their inputs, %3 bytes, %4 bytes</extracomment>
        <translation>Activation Checkpointing: %1 Schichteingaben, %2 Bytes, + die Ausgabe der letzten Schicht und die der letzten Norm, %3 Bytes = %4 Bytes; die gespeicherten Tensoren jeder Schicht werden in ihrem Backward-Pass neu berechnet</translation>
    </message>
    <message>
        <source>what the backward reads over %1 layers, %2 bytes, + the last layer&apos;s output and the final norm&apos;s, %3 bytes = %4 bytes</source>
        <extracomment>%1 layers, %2 bytes kept by them, %3 bytes, %4 bytes</extracomment>
        <translation>was der Backward-Pass über %1 Schichten liest, %2 Bytes, + die Ausgabe der letzten Schicht und die der letzten Norm, %3 Bytes = %4 Bytes</translation>
    </message>
    <message>
        <source>logits [%1, %2] in %3 + their float32 log-probabilities + the loss, each rounded up to 512 bytes = %4 bytes</source>
        <extracomment>%1 tokens, %2 vocabulary, %3 compute data type (bf16), %4 bytes</extracomment>
        <translation>Logits [%1, %2] in %3 + ihre float32-Log-Wahrscheinlichkeiten + der Loss, jeweils auf 512 Bytes aufgerundet = %4 Bytes</translation>
    </message>
    <message>
        <source>logits [%1, %2] in %3 chunks in %4 + their float32 log-probabilities + the loss, each rounded up to 512 bytes = %5 bytes</source>
        <extracomment>%1 tokens, %2 vocabulary, %3 chunks, %4 compute data type (bf16), %5 bytes</extracomment>
        <translation>Logits [%1, %2] in %3 Stücken in %4 + ihre float32-Log-Wahrscheinlichkeiten + der Loss, jeweils auf 512 Bytes aufgerundet = %5 Bytes</translation>
    </message>
    <message>
        <source>a forward without gradients of %1 sequences x %2 tokens at its largest moment, %3 (its inputs included) = %4 bytes</source>
        <extracomment>%1 sequences, %2 tokens per sequence, %3 the moment (English), %4 bytes</extracomment>
        <translation>ein Forward-Pass ohne Gradienten von %1 Sequenzen x %2 Tokens in seinem größten Moment, %3 (seine Eingaben eingeschlossen) = %4 Bytes</translation>
    </message>
    <message>
        <source>%1 trainable elements in 16 bit, one copy per tensor rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 trainierbare Elemente in 16 Bit, eine Kopie je Tensor auf 512 Bytes aufgerundet = %2 Bytes</translation>
    </message>
    <message>
        <source>the working tensors of %1 at its peak, %2 = %3 bytes</source>
        <extracomment>%1 the phase (first_step.backward, ...), %2 its moment (English), %3 bytes</extracomment>
        <translation>die Arbeitstensoren von %1 an seiner Spitze, %2 = %3 Bytes</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, %3 attention: largest of projections %4, attention %5, state mixer %6, MLP %7, last-position logits %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 &quot;eager&quot;/&quot;sdpa&quot;, %4..%8 bytes of each stage (the mixer: a recurrent state layer&apos;s Mamba or gated DeltaNet tensors), %9 bytes (the largest)</extracomment>
        <translation>Prefill von %1 x %2 Tokens, %3-Attention: größte Stufe aus Projektionen %4, Attention %5, Zustandsmischer %6, MLP %7, Logits der letzten Position %8 = %9 Bytes</translation>
    </message>
    <message>
        <source>decode step of %1 x 1 token, %2 attention: largest of projections %3, attention %4, state mixer %5, MLP %6, logits %7, a growing cache&apos;s copy of one layer&apos;s key %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 &quot;eager&quot;/&quot;sdpa&quot;, %3..%8 bytes of each stage (the mixer: a recurrent state layer&apos;s tensors), %9 bytes (the largest)</extracomment>
        <translation>Decode-Schritt von %1 x 1 Token, %2-Attention: größte Stufe aus Projektionen %3, Attention %4, Zustandsmischer %5, MLP %6, Logits %7, Kopie des Keys einer Schicht bei wachsendem Cache %8 = %9 Bytes</translation>
    </message>
</context>
<context>
    <name>DecisionSheet</name>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>Decision sheet</source>
        <translation>Datenblatt</translation>
    </message>
    <message>
        <source>Simulated device (sim): every observed figure below is %1.</source>
        <extracomment>%1 is &quot;simulated, not a GPU measurement&quot;</extracomment>
        <translation>Simuliertes Gerät (sim): Jeder beobachtete Wert unten ist %1.</translation>
    </message>
    <message>
        <source>Written on %1.</source>
        <extracomment>%1 is a date and time</extracomment>
        <translation>Erstellt am %1.</translation>
    </message>
    <message>
        <source>Choice made</source>
        <translation>Getroffene Wahl</translation>
    </message>
    <message>
        <source>(not filled in)</source>
        <translation>(nicht ausgefüllt)</translation>
    </message>
    <message>
        <source>Computed (estimate)</source>
        <translation>Berechnet (Schätzung)</translation>
    </message>
    <message>
        <source>Weights estimate: %1</source>
        <extracomment>%1 is a size, e.g. &quot;14,000,000,000 bytes = 14.00 GB = 13.04 GiB (7e9 parameters × 16 bit)&quot;</extracomment>
        <translation>Schätzung der Gewichte: %1</translation>
    </message>
    <message>
        <source>No weights estimate was made.</source>
        <translation>Es wurde keine Schätzung der Gewichte vorgenommen.</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Observed (measured run)</source>
        <translation>Beobachtet (gemessener Lauf)</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <source>Device: %1</source>
        <extracomment>%1 is the device id, name and capacity</extracomment>
        <translation>Gerät: %1</translation>
    </message>
    <message>
        <source>Allocator backend: %1</source>
        <extracomment>%1 is the allocator backend&apos;s name</extracomment>
        <translation>Allocator-Backend: %1</translation>
    </message>
    <message>
        <source>Maximum load tried: %1</source>
        <extracomment>%1 describes the largest load, e.g. &quot;batch 2, context 128&quot;</extracomment>
        <translation>Getestete maximale Last: %1</translation>
    </message>
    <message>
        <source>Counters at the end of the run</source>
        <translation>Zähler am Ende des Laufs</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Phasen</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Peak allocated (GiB)</source>
        <translation>Spitzenwert allocated (GiB)</translation>
    </message>
    <message>
        <source>Peak reserved (GiB)</source>
        <translation>Spitzenwert reserved (GiB)</translation>
    </message>
    <message>
        <source>Predicted peak (GiB)</source>
        <translation>Vorhergesagter Spitzenwert (GiB)</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>The two peaks are separate maxima, possibly reached at different moments; their difference is not a state of the device.</source>
        <translation>Die beiden Spitzenwerte sind getrennte Maxima, möglicherweise zu verschiedenen Zeitpunkten erreicht; ihre Differenz ist kein Zustand des Geräts.</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>Speicher im Zeitverlauf</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Assumed</source>
        <translation>Angenommen</translation>
    </message>
    <message>
        <source>GB means 10^9 bytes and GiB 2^30 bytes; every size was converted once from an exact byte count.</source>
        <translation>GB bedeutet 10^9 Bytes und GiB 2^30 Bytes; jede Größe wurde einmal aus einer exakten Byte-Anzahl umgerechnet.</translation>
    </message>
    <message>
        <source>The device is simulated: it models memory only, its figures do not come from a GPU.</source>
        <translation>Das Gerät ist simuliert: Es bildet nur den Speicher nach, seine Werte stammen nicht von einer GPU.</translation>
    </message>
    <message>
        <source>Raw result</source>
        <translation>Rohergebnis</translation>
    </message>
    <message>
        <source>%1 parameters, %2</source>
        <extracomment>%1 is the parameter count, %2 where it comes from (e.g. &quot;typed&quot;, &quot;config.json (exact from shapes)&quot;)</extracomment>
        <translation>%1 Parameter, %2</translation>
    </message>
    <message>
        <source>per device with %1 devices in tensor parallel</source>
        <extracomment>%1 is the number of devices</extracomment>
        <translation>pro Gerät bei %1 Geräten in Tensor-Parallelität</translation>
    </message>
    <message>
        <source>The total is the most demanding phase (%1) plus the reserve, not the sum of every component.</source>
        <extracomment>%1 is the name of the most demanding phase of the estimate, e.g. &quot;train_step&quot;</extracomment>
        <translation>Der Gesamtwert ist die anspruchsvollste Phase (%1) zuzüglich der Reserve, nicht die Summe aller Komponenten.</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Driver version</source>
        <translation>Treiberversion</translation>
    </message>
    <message>
        <source>Runtime version</source>
        <translation>Runtime-Version</translation>
    </message>
    <message>
        <source>Allocator settings</source>
        <translation>Allocator-Einstellungen</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>Betriebssystem</translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation>Compiler</translation>
    </message>
    <message>
        <source>IteraGPU Lab version</source>
        <translation>Version von IteraGPU Lab</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>Commit</translation>
    </message>
    <message>
        <source>Started (UTC)</source>
        <translation>Gestartet (UTC)</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>Speichermangel</translation>
    </message>
    <message>
        <source>Warm-up: %1</source>
        <extracomment>%1 is the run&apos;s warm-up policy in words</extracomment>
        <translation>Aufwärmen: %1</translation>
    </message>
    <message>
        <source>Emptying the cache: %1</source>
        <extracomment>%1 is the run&apos;s policy for emptying the allocator&apos;s cache, in words</extracomment>
        <translation>Leeren des Caches: %1</translation>
    </message>
    <message>
        <source>Fit verdict</source>
        <translation>Urteil zur Passung</translation>
    </message>
    <message>
        <source>Fits on %1: needs %2 of %3 per device, leaving a margin of %4.</source>
        <extracomment>%1 card name, %2 the need per device, %3 what the card reports, %4 the margin left (each in GiB)</extracomment>
        <translation>Passt auf %1: benötigt %2 von %3 pro Gerät, es bleibt eine Marge von %4.</translation>
    </message>
    <message>
        <source>Does not fit on %1: needs %2 of %3 per device, short by %4.</source>
        <extracomment>%1 card name, %2 the need per device, %3 what the card reports, %4 the shortfall (each in GiB)</extracomment>
        <translation>Passt nicht auf %1: benötigt %2 von %3 pro Gerät, es fehlen %4.</translation>
    </message>
    <message>
        <source>The largest part of the need: %1.</source>
        <extracomment>%1 is the name of a component, e.g. &quot;KV cache&quot;</extracomment>
        <translation>Größter Teil des Bedarfs: %1.</translation>
    </message>
    <message>
        <source>No target card was chosen for the verdict.</source>
        <translation>Für das Urteil wurde keine Zielkarte gewählt.</translation>
    </message>
    <message>
        <source>No estimate was made, so there is no fit verdict.</source>
        <translation>Es wurde keine Schätzung vorgenommen, daher gibt es kein Urteil zur Passung.</translation>
    </message>
    <message>
        <source>Catalog cards</source>
        <translation>Karten aus dem Katalog</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Reported (GiB)</source>
        <translation>Gemeldet (GiB)</translation>
    </message>
    <message>
        <source>Needed (GiB)</source>
        <translation>Bedarf (GiB)</translation>
    </message>
    <message>
        <source>Margin (GiB)</source>
        <translation>Marge (GiB)</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>How it is computed</source>
        <translation>Berechnungsweg</translation>
    </message>
    <message>
        <source>Source of the run: %1</source>
        <extracomment>%1 says where the run comes from, e.g. &quot;opened from /data/run.json&quot;</extracomment>
        <translation>Quelle des Laufs: %1</translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <extracomment>%1 is the run&apos;s summary, e.g. &quot;phases run: 6 of 14 (passed: 5, failed: 1, not run: 8)&quot;</extracomment>
        <translation>Ausgang: %1</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>The raw measurements are in %1, written beside this sheet (JSON, bytes as integers).</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>Die Rohmesswerte stehen in %1, neben diesem Datenblatt gespeichert (JSON, Bytes als ganze Zahlen).</translation>
    </message>
    <message>
        <source>measured in this session, not saved</source>
        <translation>in dieser Sitzung gemessen, nicht gespeichert</translation>
    </message>
    <message>
        <source>measured in this session, saved to %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>in dieser Sitzung gemessen, gespeichert in %1</translation>
    </message>
    <message>
        <source>opened from %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>aus %1 geöffnet</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>Why the peak exceeds the estimate</source>
        <translation>Warum der Spitzenwert die Schätzung übersteigt</translation>
    </message>
    <message>
        <source>Each phase&apos;s ledger, from the estimate to the allocator&apos;s and the device&apos;s readings; within a section the parts add up to its total. Computed, observed and assumed lines are listed apart. A dash is a reading that is missing, never zero.</source>
        <translation>Die Bilanz jeder Phase, von der Schätzung bis zu den Messwerten des Allocators und des Geräts; innerhalb eines Abschnitts ergeben die Teile zusammen dessen Gesamtwert. Berechnete, beobachtete und angenommene Zeilen werden getrennt aufgeführt. Ein Strich ist ein fehlender Messwert, nie null.</translation>
    </message>
    <message>
        <source>Ledger of %1, the peak phase and the failed one</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Bilanz von %1, der Phase mit dem Spitzenwert und der fehlgeschlagenen</translation>
    </message>
    <message>
        <source>Ledger of %1, the failed phase</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Bilanz von %1, der fehlgeschlagenen Phase</translation>
    </message>
    <message>
        <source>Ledger of %1, the peak phase</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Bilanz von %1, der Phase mit dem Spitzenwert</translation>
    </message>
    <message>
        <source>Computed</source>
        <translation>Berechnet</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Abschnitt</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>total</source>
        <translation>Gesamtwert</translation>
    </message>
    <message>
        <source>Missing readings:</source>
        <translation>Fehlende Messwerte:</translation>
    </message>
    <message>
        <source>imported from the PyTorch memory snapshot %1, not measured by IteraGPU</source>
        <extracomment>%1 is the path of a PyTorch memory snapshot</extracomment>
        <translation>importiert aus dem PyTorch-Speicher-Snapshot %1, nicht von IteraGPU gemessen</translation>
    </message>
    <message>
        <source>out of memory in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Speichermangel in %1</translation>
    </message>
    <message>
        <source>%1 %2 passes, %3 fails (%4)</source>
        <extracomment>%1 dimension, %2 the largest passing value, %3 the smallest failing value, %4 why it failed</extracomment>
        <translation>%1 %2 läuft, %3 scheitert (%4)</translation>
    </message>
    <message>
        <source>not yet at the sweep&apos;s resolution</source>
        <translation>Auflösung des Sweeps noch nicht erreicht</translation>
    </message>
    <message>
        <source>not found: %1 %2 passes, nothing larger was tried</source>
        <extracomment>%1 dimension, %2 the largest value tried, which passed</extracomment>
        <translation>nicht gefunden: %1 %2 läuft, nichts Größeres wurde versucht</translation>
    </message>
    <message>
        <source>nothing passed: %1 %2 already fails</source>
        <extracomment>%1 dimension, %2 the smallest value tried, which failed</extracomment>
        <translation>nichts lief: %1 %2 scheitert bereits</translation>
    </message>
    <message>
        <source>Boundary (sweep): %1</source>
        <extracomment>%1 is the boundary between passing and failing, e.g. &quot;sequences 64 passes, 66 fails (...)&quot;</extracomment>
        <translation>Grenze (Sweep): %1</translation>
    </message>
    <message>
        <source>Source of the sweep: %1</source>
        <extracomment>%1 is the sweep&apos;s folder</extracomment>
        <translation>Quelle des Sweeps: %1</translation>
    </message>
    <message>
        <source>Largest %1 on %2: %3 (the sweep&apos;s fitted growth extrapolated: assumed, not measured)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 a catalog card with its capacity, %3 the largest value</extracomment>
        <translation>Größte %1 auf %2: %3 (das angepasste Wachstum des Sweeps extrapoliert: angenommen, nicht gemessen)</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>Prompt-Tokens</translation>
    </message>
    <message>
        <source>generated tokens</source>
        <translation>erzeugte Tokens</translation>
    </message>
    <message>
        <source>no limit follows from the fit</source>
        <translation>aus der Anpassung folgt keine Grenze</translation>
    </message>
    <message>
        <source>nothing fits</source>
        <translation>nichts passt</translation>
    </message>
    <message>
        <source>%1 %2 (the sweep&apos;s largest value with a result, over %3 trials)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 its largest value tried, %3 trials with a result</extracomment>
        <translation>%1 %2 (der größte Wert des Sweeps mit Ergebnis, über %3 Versuche)</translation>
    </message>
    <message>
        <source>%1 %2 (the sweep&apos;s largest value with a result, over %4 trials; this run: %3)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 its largest value tried, %3 the run&apos;s own load, %4 trials</extracomment>
        <translation>%1 %2 (der größte Wert des Sweeps mit Ergebnis, über %4 Versuche; dieser Lauf: %3)</translation>
    </message>
    <message>
        <source>The model, layer by layer:</source>
        <extracomment>the model&apos;s layers by kind, its MoE and its parameters follow as a list</extracomment>
        <translation>Das Modell, Schicht für Schicht:</translation>
    </message>
    <message>
        <source>The estimate, for the cards not measured:</source>
        <translation>Die Schätzung, für die nicht gemessenen Karten:</translation>
    </message>
    <message>
        <source>Workload: %1</source>
        <extracomment>%1 the run&apos;s own workload: model, format, sequences, prompt and generated tokens, cache, attention</extracomment>
        <translation>Arbeitslast: %1</translation>
    </message>
    <message>
        <source>sequence length (training)</source>
        <translation>Sequenzlänge (Training)</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Inferenz-Engine</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-model-len</source>
        <translation>--max-model-len von vLLM</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-num-seqs</source>
        <translation>--max-num-seqs von vLLM</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>vLLM starts: %1 tokens of KV cache, %2 requests of %3 tokens at once</source>
        <extracomment>%1 tokens of KV cache, %2 requests at once (e.g. &quot;12.34&quot;), %3 tokens per request (max-model-len)</extracomment>
        <translation>vLLM startet: %1 Tokens KV-Cache, %2 Anfragen zu %3 Tokens gleichzeitig</translation>
    </message>
    <message>
        <source>vLLM does not start: %1</source>
        <extracomment>%1 vLLM&apos;s own refusal, as it prints it (English)</extracomment>
        <translation>vLLM startet nicht: %1</translation>
    </message>
    <message>
        <source>%1, per GPU, tensor parallel %2, pipeline parallel %3</source>
        <extracomment>%1 the vLLM release modelled, %2 tensor-parallel size, %3 pipeline-parallel size</extracomment>
        <translation>%1, pro GPU, Tensor-Parallelität %2, Pipeline-Parallelität %3</translation>
    </message>
    <message>
        <source>the card&apos;s CUDA-visible total %1 x --gpu-memory-utilization %2 = %3 requested</source>
        <extracomment>%1 the card&apos;s total, %2 the utilization (e.g. 0.9), %3 bytes requested</extracomment>
        <translation>für CUDA sichtbarer Gesamtspeicher der Karte %1 x --gpu-memory-utilization %2 = %3 angefordert</translation>
    </message>
    <message>
        <source>nvidia-smi&apos;s total %1 (no CUDA total is known for this card) x --gpu-memory-utilization %2 = %3 requested</source>
        <extracomment>%1 the card&apos;s total, %2 the utilization (e.g. 0.9), %3 bytes requested</extracomment>
        <translation>Gesamtspeicher laut nvidia-smi %1 (für diese Karte ist kein CUDA-Gesamtwert bekannt) x --gpu-memory-utilization %2 = %3 angefordert</translation>
    </message>
    <message>
        <source>refused before the memory was sized: no figures</source>
        <translation>abgelehnt, bevor der Speicher dimensioniert wurde: keine Zahlen</translation>
    </message>
    <message>
        <source>weights %1; the profile run&apos;s activation peak %2 (at %3 batched tokens); outside torch %4</source>
        <extracomment>%1 bytes (&quot;Model loading took&quot;), %2 bytes (&quot;torch peak memory increase&quot;), %3 tokens, %4 bytes</extracomment>
        <translation>Gewichte %1; Aktivierungsspitze des Profillaufs %2 (bei %3 Tokens im Batch); außerhalb von torch %4</translation>
    </message>
    <message>
        <source>KV cache %1: %2 tokens in blocks of %3</source>
        <extracomment>%1 bytes, %2 tokens, %3 tokens per block</extracomment>
        <translation>KV-Cache %1: %2 Tokens in Blöcken zu %3</translation>
    </message>
    <message>
        <source>KV cache: nothing left, %1 short</source>
        <extracomment>%1 bytes missing</extracomment>
        <translation>KV-Cache: nichts übrig, %1 zu wenig</translation>
    </message>
    <message>
        <source>CUDA graph pool: none (--enforce-eager)</source>
        <translation>CUDA-Graph-Pool: keiner (--enforce-eager)</translation>
    </message>
    <message>
        <source>the largest --max-model-len that starts: %1</source>
        <extracomment>%1 tokens</extracomment>
        <translation>größte --max-model-len, die startet: %1</translation>
    </message>
    <message>
        <source>no --max-model-len starts</source>
        <translation>keine --max-model-len startet</translation>
    </message>
    <message>
        <source>llama.cpp starts: a context of %1 tokens, %2 layers on the GPU (-ngl)</source>
        <extracomment>%1 context tokens (n_ctx), %2 layers kept in VRAM (-ngl in effect)</extracomment>
        <translation>llama.cpp startet: ein Kontext von %1 Tokens, %2 Schichten auf der GPU (-ngl)</translation>
    </message>
    <message>
        <source>llama.cpp does not start: %1</source>
        <extracomment>%1 llama.cpp&apos;s own error, as it prints it (English)</extracomment>
        <translation>llama.cpp startet nicht: %1</translation>
    </message>
    <message>
        <source>%1: context %2 (%3 per sequence), batch %4, ubatch %5</source>
        <extracomment>%1 the llama.cpp release, %2 context tokens, %3 tokens per sequence, %4 batch, %5 ubatch</extracomment>
        <translation>%1: Kontext %2 (%3 pro Sequenz), Batch %4, Ubatch %5</translation>
    </message>
    <message>
        <source>GPU %1 (%2 layers): model buffer %3, KV buffer %4, compute buffer %5</source>
        <extracomment>%1 GPU index, %2 layers, %3..%5 bytes of its model, KV and compute buffers</extracomment>
        <translation>GPU %1 (%2 Schichten): Modellpuffer %3, KV-Puffer %4, Rechenpuffer %5</translation>
    </message>
    <message>
        <source>GPU %1 (%2 layers): model buffer %3, KV buffer %4, compute buffer not modelled</source>
        <extracomment>%1 GPU index, %2 layers, %3 and %4 bytes of its model and KV buffers</extracomment>
        <translation>GPU %1 (%2 Schichten): Modellpuffer %3, KV-Puffer %4, Rechenpuffer nicht modelliert</translation>
    </message>
    <message>
        <source>host memory %1: model buffer %2, KV buffer %3, compute buffer %4</source>
        <extracomment>%1 bytes in all, %2..%4 bytes of the host&apos;s model, KV and compute buffers</extracomment>
        <translation>Hostspeicher %1: Modellpuffer %2, KV-Puffer %3, Rechenpuffer %4</translation>
    </message>
    <message>
        <source>host memory: model buffer %1, KV buffer %2, compute buffer not modelled</source>
        <extracomment>%1 and %2 bytes of the host&apos;s model and KV buffers</extracomment>
        <translation>Hostspeicher: Modellpuffer %1, KV-Puffer %2, Rechenpuffer nicht modelliert</translation>
    </message>
    <message>
        <source>KV cache: K %1 + V %2 = %3</source>
        <extracomment>%1 bytes of K, %2 bytes of V, %3 their sum</extracomment>
        <translation>KV-Cache: K %1 + V %2 = %3</translation>
    </message>
    <message>
        <source>llama.cpp does not start: GPU %1 needs %2 for its model, KV and compute buffers, more than its %3 (cudaMalloc fails)</source>
        <extracomment>%1 GPU index, %2 bytes of its buffers, %3 the card&apos;s capacity</extracomment>
        <translation>llama.cpp startet nicht: GPU %1 braucht %2 für ihren Modell-, KV- und Rechenpuffer, mehr als ihre %3 (cudaMalloc schlägt fehl)</translation>
    </message>
    <message>
        <source>llama.cpp: whether it starts is not known: GPU %1 holds %2 of model and KV buffers of its %3, and its compute buffer is not modelled</source>
        <extracomment>%1 GPU index, %2 bytes of its model and KV buffers, %3 the card&apos;s capacity</extracomment>
        <translation>llama.cpp: ob es startet, ist nicht bekannt: GPU %1 hält %2 Modell- und KV-Puffer von ihren %3, und ihr Rechenpuffer ist nicht modelliert</translation>
    </message>
    <message>
        <source>vLLM allocates %1 tokens of KV cache, then runs out of memory capturing its CUDA graphs (at least %2): it does not start on this card</source>
        <extracomment>%1 tokens of KV cache, %2 bytes of CUDA graphs (at least)</extracomment>
        <translation>vLLM belegt %1 Tokens KV-Cache und hat danach beim Aufzeichnen seiner CUDA-Graphen (mindestens %2) keinen Speicher mehr: es startet auf dieser Karte nicht</translation>
    </message>
    <message>
        <source>CUDA graphs at least %1, captured after the KV pool, on top of it (%2 batch sizes up to %3; the driver&apos;s memory of the graphs is not modelled)</source>
        <extracomment>%1 bytes, %2 batch sizes captured, %3 the largest; a lower bound (Note [vLLM CUDA graphs])</extracomment>
        <translation>CUDA-Graphen mindestens %1, nach dem KV-Pool aufgezeichnet, zusätzlich zu ihm (%2 Batchgrößen bis %3; der Speicher des Treibers für die Graphen ist nicht modelliert)</translation>
    </message>
    <message>
        <source>the CUDA graphs go beyond --gpu-memory-utilization: the request leaves %1 for them after the KV pool, and vLLM takes the rest from the card&apos;s memory above it</source>
        <extracomment>%1 bytes the request leaves when the graphs are captured</extracomment>
        <translation>die CUDA-Graphen gehen über --gpu-memory-utilization hinaus: die Anforderung lässt ihnen nach dem KV-Pool %1, den Rest nimmt vLLM aus dem Speicher der Karte darüber</translation>
    </message>
    <message>
        <source>the CUDA graphs do not fit on the card after the KV pool: vLLM runs out of memory capturing them; lower --gpu-memory-utilization, --max-num-seqs or use --enforce-eager</source>
        <translation>die CUDA-Graphen passen nach dem KV-Pool nicht mehr auf die Karte: vLLM hat beim Aufzeichnen keinen Speicher mehr; --gpu-memory-utilization oder --max-num-seqs senken oder --enforce-eager verwenden</translation>
    </message>
</context>
<context>
    <name>Fit</name>
    <message>
        <source>sequence</source>
        <translation>Sequenz</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence</extracomment>
        <translation>Größter Kontext, der auf %1 passt: %2 Tokens pro Sequenz, durch den Speicher begrenzt.</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, the model&apos;s trained context (memory would allow %3).</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence (the model&apos;s max_position_embeddings), %3 tokens memory alone would allow</extracomment>
        <translation>Größter Kontext, der auf %1 passt: %2 Tokens pro Sequenz, der trainierte Kontext des Modells (der Speicher würde %3 erlauben).</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, the model&apos;s trained context (memory sets no limit: the sliding window caps the KV cache).</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence (the model&apos;s max_position_embeddings)</extracomment>
        <translation>Größter Kontext, der auf %1 passt: %2 Tokens pro Sequenz, der trainierte Kontext des Modells (der Speicher setzt keine Grenze: Das gleitende Fenster deckelt den KV-Cache).</translation>
    </message>
    <message>
        <source>Any context fits on %1 as far as memory goes: every layer keeps at most its sliding window of %2 tokens.</source>
        <extracomment>%1 the card&apos;s name, %2 the sliding window in tokens</extracomment>
        <translation>Was den Speicher betrifft, passt jeder Kontext auf %1: Jede Schicht behält höchstens ihr gleitendes Fenster von %2 Tokens.</translation>
    </message>
    <message>
        <source>Does not fit on %1 at all, not even with one token per sequence.</source>
        <extracomment>%1 the card&apos;s name</extracomment>
        <translation>Passt überhaupt nicht auf %1, nicht einmal mit einem Token pro Sequenz.</translation>
    </message>
    <message>
        <source>On %1 memory sets no context limit up to %2 tokens per sequence.</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence searched up to</extracomment>
        <translation>Auf %1 setzt der Speicher bis %2 Tokens pro Sequenz keine Kontextgrenze.</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits on %1: %2 %3 per step, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences per step, %3 &quot;sequence&quot;/&quot;sequences&quot;</extracomment>
        <translation>Größter Microbatch, der auf %1 passt: %2 %3 pro Schritt, durch den Speicher begrenzt.</translation>
    </message>
    <message>
        <source>Largest batch that fits on %1: %2 %3 at once, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences, %3 &quot;sequence&quot;/&quot;sequences&quot;</extracomment>
        <translation>Größter Batch, der auf %1 passt: %2 %3 gleichzeitig, durch den Speicher begrenzt.</translation>
    </message>
    <message>
        <source>Does not fit on %1 at all, not even with one sequence.</source>
        <extracomment>%1 the card&apos;s name</extracomment>
        <translation>Passt überhaupt nicht auf %1, nicht einmal mit einer Sequenz.</translation>
    </message>
    <message>
        <source>On %1 memory sets no batch limit up to %2 sequences.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences searched up to</extracomment>
        <translation>Auf %1 setzt der Speicher bis %2 Sequenzen keine Batch-Grenze.</translation>
    </message>
</context>
<context>
    <name>LayerKind</name>
    <message>
        <source>full attention</source>
        <translation>volle Attention</translation>
    </message>
    <message>
        <source>sliding-window attention</source>
        <translation>Attention mit gleitendem Fenster</translation>
    </message>
    <message>
        <source>chunked attention</source>
        <translation>Attention in Chunks</translation>
    </message>
    <message>
        <source>latent attention (MLA)</source>
        <translation>latente Attention (MLA)</translation>
    </message>
    <message>
        <source>Mamba</source>
        <translation>Mamba</translation>
    </message>
    <message>
        <source>Mamba2</source>
        <translation>Mamba2</translation>
    </message>
    <message>
        <source>gated DeltaNet</source>
        <translation>Gated DeltaNet</translation>
    </message>
    <message>
        <source>MLP only</source>
        <translation>nur MLP</translation>
    </message>
    <message>
        <source>recurrent state</source>
        <translation>rekurrenter Zustand</translation>
    </message>
    <message>
        <source>no cache</source>
        <translation>kein Cache</translation>
    </message>
    <message>
        <source>latent attention (MLA), decompressed per head</source>
        <translation>latente Attention (MLA), pro Kopf dekomprimiert</translation>
    </message>
</context>
<context>
    <name>Ledger</name>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>activations and transient buffers</source>
        <translation>Aktivierungen und temporäre Puffer</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>workspace (through the allocator)</source>
        <translation>Workspace (über den Allocator)</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>Optimierer-Zustände</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>Gradienten</translation>
    </message>
    <message>
        <source>other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Schätzung</translation>
    </message>
    <message>
        <source>estimate</source>
        <translation>Schätzung</translation>
    </message>
    <message>
        <source>no estimate for this phase</source>
        <translation>keine Schätzung für diese Phase</translation>
    </message>
    <message>
        <source>a part of the estimate could not be computed</source>
        <translation>ein Teil der Schätzung konnte nicht berechnet werden</translation>
    </message>
    <message>
        <source>Measured at the peak, by owner</source>
        <translation>Gemessen beim Spitzenwert, nach Eigentümer</translation>
    </message>
    <message>
        <source>peak allocated</source>
        <translation>Spitzenwert allocated</translation>
    </message>
    <message>
        <source>no owner readings at the peak moment</source>
        <translation>keine Messwerte nach Eigentümer zum Zeitpunkt des Spitzenwerts</translation>
    </message>
    <message>
        <source>not attributed to an owner</source>
        <translation>keinem Eigentümer zugeordnet</translation>
    </message>
    <message>
        <source>Measured at the peak, in time</source>
        <translation>Gemessen beim Spitzenwert, im Zeitverlauf</translation>
    </message>
    <message>
        <source>held from before (baseline allocated)</source>
        <translation>von vorher gehalten (allocated zu Beginn)</translation>
    </message>
    <message>
        <source>kept (final - baseline)</source>
        <translation>behalten (Endwert - Ausgangswert)</translation>
    </message>
    <message>
        <source>transient (peak - final)</source>
        <translation>vorübergehend (Spitzenwert - Endwert)</translation>
    </message>
    <message>
        <source>no allocator reading at the baseline, peak or end</source>
        <translation>kein Messwert des Allocators zu Beginn, beim Spitzenwert oder am Ende</translation>
    </message>
    <message>
        <source>Allocator at the peak</source>
        <translation>Allocator beim Spitzenwert</translation>
    </message>
    <message>
        <source>reserved - allocated at the peak moment</source>
        <translation>reserved - allocated zum Zeitpunkt des Spitzenwerts</translation>
    </message>
    <message>
        <source>inactive split blocks (rounding)</source>
        <translation>inaktive geteilte Blöcke (Rundung)</translation>
    </message>
    <message>
        <source>cached free blocks (the rest)</source>
        <translation>zwischengespeicherte freie Blöcke (der Rest)</translation>
    </message>
    <message>
        <source>free in the pool (the rest)</source>
        <translation>frei im Pool (der Rest)</translation>
    </message>
    <message>
        <source>no allocator reading at the peak moment</source>
        <translation>kein Messwert des Allocators zum Zeitpunkt des Spitzenwerts</translation>
    </message>
    <message>
        <source>reserved at the peak moment</source>
        <translation>reserved zum Zeitpunkt des Spitzenwerts</translation>
    </message>
    <message>
        <source>peak reserved</source>
        <translation>Spitzenwert reserved</translation>
    </message>
    <message>
        <source>largest free block at the phase&apos;s end</source>
        <translation>größter freier Block am Ende der Phase</translation>
    </message>
    <message>
        <source>Outside the allocator, at the phase&apos;s end</source>
        <translation>Außerhalb des Allocators, am Ende der Phase</translation>
    </message>
    <message>
        <source>process used (%1) - reserved</source>
        <extracomment>%1: where the process reading comes from: nvml, rocm-smi or simulated</extracomment>
        <translation>vom Prozess belegt (%1) - reserved</translation>
    </message>
    <message>
        <source>driver&apos;s used (with other processes) - reserved</source>
        <translation>laut Treiber belegt (mit anderen Prozessen) - reserved</translation>
    </message>
    <message>
        <source>no device-level reading at the phase&apos;s end</source>
        <translation>kein Messwert auf Geräteebene am Ende der Phase</translation>
    </message>
    <message>
        <source>no reserved reading at the phase&apos;s end</source>
        <translation>kein reserved-Messwert am Ende der Phase</translation>
    </message>
    <message>
        <source>CUDA context (simulated, size as asked)</source>
        <translation>CUDA-Kontext (simuliert, Größe wie angegeben)</translation>
    </message>
    <message>
        <source>CUDA context (simulated, typical size, assumed)</source>
        <translation>CUDA-Kontext (simuliert, typische Größe, angenommen)</translation>
    </message>
    <message>
        <source>math library workspace (simulated, size as asked)</source>
        <translation>Workspace der Mathematikbibliothek (simuliert, Größe wie angegeben)</translation>
    </message>
    <message>
        <source>library workspace (simulated, cuBLAS Hopper, assumed)</source>
        <translation>Workspace der Bibliothek (simuliert, cuBLAS Hopper, angenommen)</translation>
    </message>
    <message>
        <source>outside at the run&apos;s first reading (context, libraries)</source>
        <translation>außerhalb beim ersten Messwert des Laufs (Kontext, Bibliotheken)</translation>
    </message>
    <message>
        <source>unaccounted (the rest)</source>
        <translation>nicht zugeordnet (der Rest)</translation>
    </message>
    <message>
        <source>Estimate - measured</source>
        <translation>Schätzung - gemessen</translation>
    </message>
    <message>
        <source>estimate - (reserved at the peak + outside)</source>
        <translation>Schätzung - (reserved beim Spitzenwert + außerhalb)</translation>
    </message>
    <message>
        <source>allocator (reserved - allocated)</source>
        <translation>Allocator (reserved - allocated)</translation>
    </message>
    <message>
        <source>outside the allocator</source>
        <translation>außerhalb des Allocators</translation>
    </message>
    <message>
        <source>a reading or a part of the estimate is missing</source>
        <translation>ein Messwert oder ein Teil der Schätzung fehlt</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>berechnet</translation>
    </message>
    <message>
        <source>observed</source>
        <translation>beobachtet</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>not in the estimate</source>
        <translation>nicht in der Schätzung</translation>
    </message>
    <message>
        <source>formula</source>
        <translation>Formel</translation>
    </message>
    <message>
        <source>allocator rounding</source>
        <translation>Rundung des Allocators</translation>
    </message>
    <message>
        <source>inputs (token ids, block tables)</source>
        <translation>Eingaben (Token-IDs, Blocktabellen)</translation>
    </message>
    <message>
        <source>math library workspace (assumed)</source>
        <translation>Workspace der Mathematikbibliothek (angenommen)</translation>
    </message>
    <message>
        <source>the dense network&apos;s predictor</source>
        <translation>die Vorhersage für das dichte Netz</translation>
    </message>
    <message>
        <source>predicted peak allocated</source>
        <translation>vorhergesagter Spitzenwert allocated</translation>
    </message>
    <message>
        <source>the sizing engine&apos;s estimate of the %1 phase</source>
        <extracomment>%1: the estimate&apos;s phase the run&apos;s phase is compared with (&quot;prefill&quot;, &quot;decode&quot;)</extracomment>
        <translation>die Schätzung der Dimensionierung für die Phase %1</translation>
    </message>
    <message>
        <source>rounding inside allocated (whole blocks)</source>
        <translation>Rundung innerhalb von allocated (ganze Blöcke)</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up plan, %1</source>
        <extracomment>%1: the vLLM release whose start-up is modelled (&quot;vLLM 0.19 (V1 engine)&quot;)</extracomment>
        <translation>Startplan von vLLM, %1</translation>
    </message>
    <message>
        <source>weights (vLLM: Model loading took)</source>
        <translation>Gewichte (vLLM: Model loading took)</translation>
    </message>
    <message>
        <source>non-torch memory (vLLM: NCCL, custom all-reduce)</source>
        <translation>Speicher außerhalb von torch (vLLM: NCCL, eigenes All-Reduce)</translation>
    </message>
    <message>
        <source>profile-run activations (vLLM: torch peak memory increase)</source>
        <translation>Aktivierungen des Profillaufs (vLLM: torch peak memory increase)</translation>
    </message>
    <message>
        <source>KV pool (vLLM: num_blocks x page size per layer)</source>
        <translation>KV-Pool (vLLM: num_blocks x Seitengröße je Schicht)</translation>
    </message>
    <message>
        <source>CUDA graph pool (none: --enforce-eager)</source>
        <translation>CUDA-Graph-Pool (keiner: --enforce-eager)</translation>
    </message>
    <message>
        <source>CUDA graphs (vLLM: Graph capturing took; a lower bound, the driver&apos;s graph memory not modelled)</source>
        <translation>CUDA-Graphen (vLLM: Graph capturing took; eine Untergrenze, der Graphspeicher des Treibers ist nicht modelliert)</translation>
    </message>
</context>
<context>
    <name>Phase</name>
    <message>
        <source>inference</source>
        <translation>Inferenz</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>Prefill</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>Decode</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>Trainingsschritt</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>Generierung</translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation>Evaluierung</translation>
    </message>
    <message>
        <source>export copy</source>
        <translation>Exportkopie</translation>
    </message>
    <message>
        <source>model load</source>
        <translation>Modell laden</translation>
    </message>
    <message>
        <source>inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>first step: forward</source>
        <translation>erster Schritt: Forward</translation>
    </message>
    <message>
        <source>first step: loss</source>
        <translation>erster Schritt: Loss</translation>
    </message>
    <message>
        <source>first step: backward</source>
        <translation>erster Schritt: Backward</translation>
    </message>
    <message>
        <source>first step: accumulation</source>
        <translation>erster Schritt: Akkumulation</translation>
    </message>
    <message>
        <source>first step: optimizer</source>
        <translation>erster Schritt: Optimierer</translation>
    </message>
    <message>
        <source>warm step</source>
        <translation>warmer Schritt</translation>
    </message>
    <message>
        <source>checkpoint save</source>
        <translation>Checkpoint speichern</translation>
    </message>
</context>
<context>
    <name>ResultSource</name>
    <message>
        <source>measured in this session, not saved</source>
        <translation>in dieser Sitzung gemessen, nicht gespeichert</translation>
    </message>
    <message>
        <source>measured in this session, saved to %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>in dieser Sitzung gemessen, gespeichert in %1</translation>
    </message>
    <message>
        <source>opened from %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>aus %1 geöffnet</translation>
    </message>
    <message>
        <source>run %1 (%2)</source>
        <extracomment>%1 is the run number, %2 where the result comes from, e.g. &quot;measured in this session, not saved&quot;</extracomment>
        <translation>Lauf %1 (%2)</translation>
    </message>
    <message>
        <source>imported from the PyTorch memory snapshot %1, not measured by IteraGPU</source>
        <extracomment>%1 is the path of a PyTorch memory snapshot</extracomment>
        <translation>importiert aus dem PyTorch-Speicher-Snapshot %1, nicht von IteraGPU gemessen</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>%1 (importiert)</translation>
    </message>
</context>
<context>
    <name>ResultTimeline</name>
    <message>
        <source>%1 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0</extracomment>
        <translation>%1 · simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>%1 · imported from a PyTorch memory snapshot, not measured by IteraGPU</source>
        <extracomment>%1 is the device id, e.g. cuda:0</extracomment>
        <translation>%1 · aus einem PyTorch-Speicher-Snapshot importiert, nicht von IteraGPU gemessen</translation>
    </message>
</context>
<context>
    <name>RunPolicy</name>
    <message>
        <source>no warm-up</source>
        <translation>kein Aufwärmen</translation>
    </message>
    <message>
        <source>training steps: %1, in one &apos;warmup&apos; phase after the cold pass; measured repeats: %2, one record each</source>
        <extracomment>%1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.</extracomment>
        <translation>Trainingsschritte: %1, in einer Phase „warmup“ nach dem kalten Durchlauf; gemessene Wiederholungen: %2, je ein Eintrag</translation>
    </message>
    <message>
        <source>forward passes: %1, in one &apos;warmup&apos; phase after the cold pass; measured repeats: %2, one record each</source>
        <extracomment>%1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.</extracomment>
        <translation>Vorwärtsdurchläufe: %1, in einer Phase „warmup“ nach dem kalten Durchlauf; gemessene Wiederholungen: %2, je ein Eintrag</translation>
    </message>
    <message>
        <source>empty_cache() before each warm repeat, before its baseline is read</source>
        <translation>empty_cache() vor jeder warmen Wiederholung, bevor ihr Ausgangswert gelesen wird</translation>
    </message>
    <message>
        <source>no empty_cache() between repeats: the allocator&apos;s cache is kept</source>
        <translation>kein empty_cache() zwischen den Wiederholungen: der Cache des Allocators bleibt erhalten</translation>
    </message>
</context>
<context>
    <name>RunRefusal</name>
    <message>
        <source>this model</source>
        <translation>dieses Modell</translation>
    </message>
    <message>
        <source>%1 has a %2 part loaded with it whose size is not modelled</source>
        <extracomment>%2 is the name of a model part (an identifier such as vision or mtp)</extracomment>
        <translation>%1 hat einen mitgeladenen Teil %2, dessen Größe nicht modelliert ist</translation>
    </message>
    <message>
        <source>%1 has a bias on its tied lm_head</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;)</extracomment>
        <translation>%1 hat einen Bias auf seinem gekoppelten lm_head</translation>
    </message>
    <message>
        <source>%1 has a final norm of another width</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;)</extracomment>
        <translation>%1 hat eine letzte Norm anderer Breite</translation>
    </message>
    <message>
        <source>%1 lists %2 layers of %3</source>
        <extracomment>%2 layers described, %3 the model&apos;s layer count</extracomment>
        <translation>%1 beschreibt %2 von %3 Schichten</translation>
    </message>
    <message>
        <source>%1 has a layer with both attention and a state (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Schicht mit Attention und zugleich einem Zustand (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer without Jamba&apos;s dt, B and C norms (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Mamba-Schicht ohne die dt-, B- und C-Normen von Jamba (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer without channels, a state, a kernel or a dt rank (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Mamba-Schicht ohne Kanäle, Zustand, Kernel oder dt-Rang (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Mamba-Schicht mit Normen, die der Decoder nicht aufbaut (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba2 layer whose heads, head dim, groups, state size or kernel do not fit together (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Mamba2-Schicht, deren Köpfe, Kopfdimension, Gruppen, Zustandsgröße oder Kernel nicht zusammenpassen (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba2 layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Mamba2-Schicht mit Normen, die der Decoder nicht aufbaut (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a gated DeltaNet layer whose heads, head dims or kernel do not fit together (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Gated-DeltaNet-Schicht, deren Köpfe, Kopfdimensionen oder Kernel nicht zusammenpassen (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a gated DeltaNet layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Gated-DeltaNet-Schicht mit Normen, die der Decoder nicht aufbaut (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a layer with neither attention, a state nor an MLP (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Schicht ohne Attention, Zustand und MLP (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has an MLP-only layer with other than one norm (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine reine MLP-Schicht mit mehr oder weniger als einer Norm (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has multi-head latent attention of other sizes than D = nope + rope (rope even), one KV head per head, a kv_lora_rank and a v_head_dim (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat Multi-Head Latent Attention mit anderen Größen als D = nope + rope (rope gerade), ein KV-Kopf pro Kopf, ein kv_lora_rank und ein v_head_dim (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has multi-head latent attention with q/k norms or sinks (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat Multi-Head Latent Attention mit q/k-Normen oder Sinks (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a window or chunk of 0 tokens (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat ein Fenster oder einen Chunk von 0 Tokens (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has an attention-only layer with other than one norm (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine reine Attention-Schicht mit mehr oder weniger als einer Norm (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has KV heads that do not divide the heads (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat KV-Köpfe, die die Anzahl der Köpfe nicht teilen (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has a value head_dim other than its head_dim (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat ein head_dim der Values, das von seinem head_dim abweicht (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has an odd head_dim with rotary embeddings (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat ein ungerades head_dim mit Rotary-Embeddings (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has q/k norms of another width (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat q/k-Normen anderer Breite (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 has norms the decoder does not build: %2 norm weights per layer, not 1, 2 or 4 norms of %3 (layer %4)</source>
        <extracomment>%2 norm weights per layer, %3 the width of one norm, %4 the layer&apos;s index</extracomment>
        <translation>%1 hat Normen, die der Decoder nicht aufbaut: %2 Normgewichte pro Schicht, nicht 1, 2 oder 4 Normen der Breite %3 (Schicht %4)</translation>
    </message>
    <message>
        <source>%1 has experts per token outside 1 .. its experts (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 hat eine Anzahl Experten pro Token außerhalb von 1 .. seiner Experten (Schicht %2)</translation>
    </message>
    <message>
        <source>%1 %2 is larger than 100 000 layers; not a real model</source>
        <extracomment>%1 names the value (a key of the model&apos;s file such as &apos;num_hidden_layers&apos;, or a phrase), %2 is the number of layers it gives</extracomment>
        <translation>%1 %2 ist größer als 100.000 Schichten; kein echtes Modell</translation>
    </message>
    <message>
        <source>%1 %2 is not a rotary base: it must be a positive number from 1.2e-38 to 3.4e+38 (float32&apos;s range, in which the rotary embedding is computed)</source>
        <extracomment>%1 names the value (a key of the model&apos;s file such as &apos;rope_theta&apos;, or a phrase), %2 is the value given</extracomment>
        <translation>%1 %2 ist keine Rotary-Basis: Sie muss eine positive Zahl von 1.2e-38 bis 3.4e+38 sein (der Bereich von float32, in dem das Rotary-Embedding berechnet wird)</translation>
    </message>
    <message>
        <source>the decoder workload needs a model (a preset, a config.json or a safetensors header)</source>
        <translation>die Decoder-Last braucht ein Modell (ein Preset, eine config.json oder einen safetensors-Header)</translation>
    </message>
    <message>
        <source>a decoder training run needs its recipe (method, micro-batch, sequence length, optimizer)</source>
        <translation>ein Trainingslauf des Decoders braucht sein Rezept (Methode, Micro-Batch, Sequenzlänge, Optimierer)</translation>
    </message>
    <message>
        <source>an inference run carries no training recipe</source>
        <translation>ein Inferenzlauf hat kein Trainingsrezept</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build MoE layers yet (the routed experts&apos; backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>der Trainingsschritt des Decoders baut noch keine MoE-Schichten auf (der Rückwärtsdurchlauf der gerouteten Experten ist nicht geschrieben): &apos;iteragpu estimate --training&apos; berechnet seine Größe</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build learned position embeddings yet (their backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>der Trainingsschritt des Decoders baut noch keine gelernten Positions-Embeddings auf (ihr Rückwärtsdurchlauf ist nicht geschrieben): &apos;iteragpu estimate --training&apos; berechnet seine Größe</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build a model with a %1 part loaded beside it yet: &apos;iteragpu estimate --training&apos; sizes it</source>
        <extracomment>%1 is the name of a model part (an identifier such as vision or mtp)</extracomment>
        <translation>der Trainingsschritt des Decoders baut noch kein Modell mit einem daneben geladenen Teil %1 auf: &apos;iteragpu estimate --training&apos; berechnet seine Größe</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build multi-head latent attention yet: &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>der Trainingsschritt des Decoders baut noch keine Multi-Head Latent Attention auf: &apos;iteragpu estimate --training&apos; berechnet seine Größe</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build state layers or layers without attention or an MLP yet (their backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>der Trainingsschritt des Decoders baut noch keine Zustandsschichten und keine Schichten ohne Attention oder MLP auf (ihr Rückwärtsdurchlauf ist nicht geschrieben): &apos;iteragpu estimate --training&apos; berechnet seine Größe</translation>
    </message>
    <message>
        <source>QLoRA trains adapters on a quantized base: choose nf4 or nf4-dq weights (--format nf4)</source>
        <translation>QLoRA trainiert Adapter auf einer quantisierten Basis: Wählen Sie nf4- oder nf4-dq-Gewichte (--format nf4)</translation>
    </message>
    <message>
        <source>weights in %1 are frozen codes: train adapters on them with --method qlora</source>
        <extracomment>%1 is a storage format&apos;s identifier (nf4, nf4-dq)</extracomment>
        <translation>Gewichte in %1 sind eingefrorene Codes: Trainieren Sie Adapter darauf mit --method qlora</translation>
    </message>
    <message>
        <source>weights in %1 are frozen codes: the decoder trains on a 16-bit or float32 base, or adapters on an nf4 base (--method qlora)</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. int8, gptq-int4)</extracomment>
        <translation>Gewichte in %1 sind eingefrorene Codes: Der Decoder trainiert auf einer 16-Bit- oder float32-Basis oder Adapter auf einer nf4-Basis (--method qlora)</translation>
    </message>
    <message>
        <source>float32 weights need no float32 master copy</source>
        <translation>float32-Gewichte brauchen keine float32-Master-Kopie</translation>
    </message>
    <message>
        <source>the decoder workload does not build this model yet: %1; &apos;iteragpu estimate&apos; sizes it layer by layer</source>
        <extracomment>%1 is what the decoder cannot build (a sentence of its own)</extracomment>
        <translation>die Decoder-Last baut dieses Modell noch nicht auf: %1; &apos;iteragpu estimate&apos; berechnet seine Größe Schicht für Schicht</translation>
    </message>
    <message>
        <source>the model shape is incomplete: layers, hidden, intermediate, heads, KV heads, head_dim and vocab must all be at least 1</source>
        <translation>die Modellform ist unvollständig: layers, hidden, intermediate, heads, KV heads, head_dim und vocab müssen alle mindestens 1 sein</translation>
    </message>
    <message>
        <source>the model&apos;s layer count</source>
        <translation>die Schichtanzahl des Modells</translation>
    </message>
    <message>
        <source>the run reaches position %1 + %2, beyond the model&apos;s %3 learned positions (n_positions): shorten the prompt or the generation</source>
        <extracomment>%1 prompt tokens, %2 generated tokens, %3 the model&apos;s number of learned positions</extracomment>
        <translation>der Lauf erreicht Position %1 + %2, jenseits der %3 gelernten Positionen des Modells (n_positions): Kürzen Sie den Prompt oder die Generierung</translation>
    </message>
    <message>
        <source>the rotary base (rope_theta)</source>
        <translation>die Rotary-Basis (rope_theta)</translation>
    </message>
    <message>
        <source>the model&apos;s %1 attention heads cannot share %2 KV heads: the KV heads must divide the heads</source>
        <extracomment>%1 attention heads, %2 KV heads</extracomment>
        <translation>die %1 Attention-Köpfe des Modells können sich nicht %2 KV-Köpfe teilen: Die Anzahl der KV-Köpfe muss die der Köpfe teilen</translation>
    </message>
    <message>
        <source>head_dim %1 is odd: rotary embeddings need pairs</source>
        <extracomment>%1 is the model&apos;s head_dim (a number)</extracomment>
        <translation>head_dim %1 ist ungerade: Rotary-Embeddings brauchen Paare</translation>
    </message>
    <message>
        <source>the model lists %1 attention windows for %2 layers</source>
        <extracomment>%1 attention windows listed, %2 layers</extracomment>
        <translation>das Modell gibt %1 Attention-Fenster für %2 Schichten an</translation>
    </message>
    <message>
        <source>a sliding window of 0 tokens is not a window</source>
        <translation>ein gleitendes Fenster von 0 Tokens ist kein Fenster</translation>
    </message>
    <message>
        <source>experts per token must be between 1 and the %1 experts</source>
        <extracomment>%1 is the model&apos;s number of experts</extracomment>
        <translation>die Experten pro Token müssen zwischen 1 und den %1 Experten liegen</translation>
    </message>
    <message>
        <source>a vocabulary of %1 tokens does not fit int32 token ids</source>
        <extracomment>%1 is the vocabulary&apos;s size in tokens</extracomment>
        <translation>ein Vokabular von %1 Tokens passt nicht in int32-Token-IDs</translation>
    </message>
    <message>
        <source>the decoder needs at least 1 sequence and 1 prompt token</source>
        <translation>der Decoder braucht mindestens 1 Sequenz und 1 Prompt-Token</translation>
    </message>
    <message>
        <source>sequences and prompt tokens must be at most %1 (the kernels index rows as int)</source>
        <extracomment>%1 is the largest value</extracomment>
        <translation>Sequenzen und Prompt-Tokens dürfen höchstens %1 sein (die Kernel indizieren Zeilen als int)</translation>
    </message>
    <message>
        <source>the GPTQ/AWQ group must be between 1 and %1 input rows</source>
        <extracomment>%1 is the largest group size</extracomment>
        <translation>die GPTQ/AWQ-Gruppe muss zwischen 1 und %1 Eingabezeilen liegen</translation>
    </message>
    <message>
        <source>an fp8 scale block needs both its rows and its columns, each between 1 and %1 (or neither: one scale per tensor)</source>
        <extracomment>%1 is the largest number of rows or columns</extracomment>
        <translation>ein fp8-Skalenblock braucht sowohl Zeilen als auch Spalten, jeweils zwischen 1 und %1 (oder keins von beiden: eine Skala pro Tensor)</translation>
    </message>
    <message>
        <source>weights in %1 compute in 16 bit: choose float16 or bfloat16 as the compute dtype</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. int8, nf4)</extracomment>
        <translation>Gewichte in %1 rechnen in 16 Bit: Wählen Sie float16 oder bfloat16 als Rechentyp</translation>
    </message>
    <message>
        <source>the run is too large: %1 sequences x %2 prompt tokens + %3 generated would need a tensor beyond 2^63 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 generated tokens</extracomment>
        <translation>der Lauf ist zu groß: %1 Sequenzen x %2 Prompt-Tokens + %3 generierte bräuchten einen Tensor jenseits von 2^63 Bytes</translation>
    </message>
    <message>
        <source>at most %1 repeats fit with these settings</source>
        <extracomment>%1 is a number of repeats</extracomment>
        <translation>mit diesen Einstellungen passen höchstens %1 Wiederholungen</translation>
    </message>
    <message>
        <source>a larger decode chunk makes fewer decode records</source>
        <translation>ein größerer Decode-Abschnitt ergibt weniger Decode-Einträge</translation>
    </message>
    <message>
        <source>more than 2^64</source>
        <translation>mehr als 2^64</translation>
    </message>
    <message>
        <source>beyond 2^64 bytes</source>
        <translation>mehr als 2^64 Bytes</translation>
    </message>
    <message>
        <source>the run would keep %1 phase records of up to %2 samples each, %3 of host memory at worst, more than the %4 a run may keep: %5</source>
        <extracomment>%1 phase records (a number, or &quot;more than 2^64&quot;), %2 samples per record, %3 the host memory they take (in GiB, or &quot;beyond 2^64 bytes&quot;), %4 the limit in GiB, %5 what to change (a sentence of its own)</extracomment>
        <translation>der Lauf würde %1 Phaseneinträge mit je bis zu %2 Abtastwerten halten, im schlimmsten Fall %3 Hostspeicher, mehr als die %4, die ein Lauf halten darf: %5</translation>
    </message>
    <message>
        <source>a script is measured from inside by the Python probe (iteragpu probe --path), not run by iteragpu</source>
        <translation>ein Skript wird von innen durch die Python-Sonde gemessen (iteragpu probe --path), nicht von iteragpu ausgeführt</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal needs its plan on the device&apos;s total (planVllmRun) before it runs</source>
        <translation>die Nachstellung von vLLM braucht vor dem Lauf ihren Plan auf der Gesamtkapazität des Geräts (planVllmRun)</translation>
    </message>
    <message>
        <source>vLLM&apos;s profile run: %1</source>
        <extracomment>%1 is why the profile run cannot run (a sentence of its own)</extracomment>
        <translation>Profillauf von vLLM: %1</translation>
    </message>
    <message>
        <source>warmup and repeats must be at most %1</source>
        <extracomment>%1 is the largest number</extracomment>
        <translation>warmup und Wiederholungen dürfen höchstens %1 sein</translation>
    </message>
    <message>
        <source>samples per phase must be between 2 and %1</source>
        <extracomment>%1 is the largest number</extracomment>
        <translation>die Abtastwerte pro Phase müssen zwischen 2 und %1 liegen</translation>
    </message>
    <message>
        <source>the simulated capacity must be more than 0 bytes</source>
        <translation>die simulierte Kapazität muss mehr als 0 Bytes betragen</translation>
    </message>
    <message>
        <source>at most %1 generated tokens</source>
        <extracomment>%1 is the largest number of tokens</extracomment>
        <translation>höchstens %1 generierte Tokens</translation>
    </message>
    <message>
        <source>batch, context and width must be at least 1</source>
        <translation>batch, Kontext und Breite müssen mindestens 1 sein</translation>
    </message>
    <message>
        <source>batch, context and width must be at most %1 (the kernels index rows and columns as int)</source>
        <extracomment>%1 is the largest value</extracomment>
        <translation>batch, Kontext und Breite dürfen höchstens %1 sein (die Kernel indizieren Zeilen und Spalten als int)</translation>
    </message>
    <message>
        <source>batch x context x width is too large: a tensor of the dense network would exceed 2^63 bytes</source>
        <translation>batch x Kontext x Breite ist zu groß: ein Tensor des dichten Netzes würde 2^63 Bytes überschreiten</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal needs a model (--model)</source>
        <translation>die Nachstellung von vLLM braucht ein Modell (--model)</translation>
    </message>
    <message>
        <source>vLLM serves a model: its rehearsal is an inference run (no --mode training)</source>
        <translation>vLLM liefert ein Modell aus: Seine Nachstellung ist ein Inferenzlauf (kein --mode training)</translation>
    </message>
    <message>
        <source>one device cannot rehearse --tensor-parallel-size %1: vLLM shards the model over that many GPUs (&apos;iteragpu estimate --engine vllm --tp N&apos; plans it)</source>
        <extracomment>%1 is the number of GPUs given to --tensor-parallel-size</extracomment>
        <translation>ein Gerät kann --tensor-parallel-size %1 nicht nachstellen: vLLM verteilt das Modell auf so viele GPUs (&apos;iteragpu estimate --engine vllm --tp N&apos; plant es)</translation>
    </message>
    <message>
        <source>one device cannot rehearse --pipeline-parallel-size %1: vLLM splits the layers over that many GPUs (&apos;iteragpu estimate --engine vllm --pp N&apos; plans it)</source>
        <extracomment>%1 is the number of GPUs given to --pipeline-parallel-size</extracomment>
        <translation>ein Gerät kann --pipeline-parallel-size %1 nicht nachstellen: vLLM verteilt die Schichten auf so viele GPUs (&apos;iteragpu estimate --engine vllm --pp N&apos; plant es)</translation>
    </message>
    <message>
        <source>--quantization %1 is not rehearsed: the decoder builds the checkpoint&apos;s own weights (&apos;iteragpu estimate --engine vllm&apos; plans it)</source>
        <extracomment>%1 is the quantization method given (an identifier such as awq)</extracomment>
        <translation>--quantization %1 wird nicht nachgestellt: Der Decoder baut die eigenen Gewichte des Checkpoints auf (&apos;iteragpu estimate --engine vllm&apos; plant es)</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal builds 16-bit or float32 weights; a %1 checkpoint is not rehearsed yet (&apos;iteragpu estimate --engine vllm&apos; plans it)</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. nf4, gptq-int4)</extracomment>
        <translation>die Nachstellung von vLLM baut 16-Bit- oder float32-Gewichte auf; ein Checkpoint in %1 wird noch nicht nachgestellt (&apos;iteragpu estimate --engine vllm&apos; plant es)</translation>
    </message>
    <message>
        <source>vLLM&apos;s plan for recurrent state layers (Mamba, gated DeltaNet) is not modelled, so not rehearsed</source>
        <translation>der Plan von vLLM für rekurrente Zustandsschichten (Mamba, Gated DeltaNet) ist nicht modelliert und wird daher nicht nachgestellt</translation>
    </message>
    <message>
        <source>vLLM allocates through PyTorch&apos;s caching allocator: its rehearsal runs with --allocator native</source>
        <translation>vLLM belegt Speicher über den Caching-Allocator von PyTorch: Seine Nachstellung läuft mit --allocator native</translation>
    </message>
    <message>
        <source>%1 %2 is above the rehearsal&apos;s limit of %3 (the kernels index tokens and rows as int)</source>
        <extracomment>%1 is an option&apos;s name (e.g. --max-model-len), %2 the value given, %3 the largest value</extracomment>
        <translation>%1 %2 liegt über der Grenze der Nachstellung von %3 (die Kernel indizieren Tokens und Zeilen als int)</translation>
    </message>
    <message>
        <source>invalid device id &apos;%1&apos;: expected BACKEND:INDEX such as cuda:0, hip:0 or sim:0</source>
        <extracomment>%1 is the device id given</extracomment>
        <translation>ungültige Geräte-ID &apos;%1&apos;: erwartet BACKEND:INDEX wie cuda:0, hip:0 oder sim:0</translation>
    </message>
    <message>
        <source>unknown device backend &apos;%1&apos; in &apos;%2&apos;: use cuda, hip or sim</source>
        <extracomment>%1 is the backend named, %2 the device id given</extracomment>
        <translation>unbekanntes Geräte-Backend &apos;%1&apos; in &apos;%2&apos;: Verwenden Sie cuda, hip oder sim</translation>
    </message>
    <message>
        <source>invalid device index in &apos;%1&apos;</source>
        <extracomment>%1 is the device id given</extracomment>
        <translation>ungültiger Geräteindex in &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the catalog has no memory bandwidth for %1 (%2)</source>
        <extracomment>%1 is the card&apos;s name, %2 its catalog id</extracomment>
        <translation>der Katalog hat keine Speicherbandbreite für %1 (%2)</translation>
    </message>
    <message>
        <source>the catalog has no memory bandwidth for %1 (%2): %3</source>
        <extracomment>%1 is the card&apos;s name, %2 its catalog id, %3 the catalog&apos;s note on its figures (in English)</extracomment>
        <translation>der Katalog hat keine Speicherbandbreite für %1 (%2): %3</translation>
    </message>
    <message>
        <source>the catalog has no peak %1 FLOP/s for %2 (%3), the run&apos;s compute dtype</source>
        <extracomment>%1 is a data type (fp32, fp16, bf16), %2 the card&apos;s name, %3 its catalog id</extracomment>
        <translation>der Katalog hat keine Spitzen-FLOP/s in %1 für %2 (%3), dem Rechentyp des Laufs</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>not loaded</source>
        <translation>nicht geladen</translation>
    </message>
    <message>
        <source>%1 backend unavailable: %2</source>
        <extracomment>%1 is a backend&apos;s name (cuda, hip, sim), %2 why (the loader&apos;s text, or &quot;not loaded&quot;)</extracomment>
        <translation>Backend %1 nicht verfügbar: %2</translation>
    </message>
    <message>
        <source>a simulated capacity applies to sim:N devices only</source>
        <translation>eine simulierte Kapazität gilt nur für sim:N-Geräte</translation>
    </message>
    <message>
        <source>a simulated context or workspace applies to sim:N devices only</source>
        <translation>ein simulierter Kontext oder Workspace gilt nur für sim:N-Geräte</translation>
    </message>
    <message>
        <source>a simulated card applies to sim:N devices only</source>
        <translation>eine simulierte Karte gilt nur für sim:N-Geräte</translation>
    </message>
    <message>
        <source>%1 device(s) present</source>
        <extracomment>%1 is the number of devices the backend has</extracomment>
        <translation>%1 Gerät(e) vorhanden</translation>
    </message>
    <message>
        <source>no device</source>
        <translation>kein Gerät</translation>
    </message>
    <message>
        <source>no device %1: %2</source>
        <extracomment>%1 is a device id such as cuda:1, %2 why there is none (a number of devices present, or the runtime&apos;s text)</extracomment>
        <translation>kein Gerät %1: %2</translation>
    </message>
    <message>
        <source>the GPU catalog cannot be read for the simulated card: %1</source>
        <extracomment>%1 is the reason the catalog file cannot be read (in English)</extracomment>
        <translation>der GPU-Katalog kann für die simulierte Karte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>unknown simulated card &apos;%1&apos;: the GPU catalog (%2) has no such id or name; cards that can pace this run: %3</source>
        <extracomment>%1 is the card named, %2 the catalog&apos;s file, %3 the ids of the cards that can (or &quot;none&quot;)</extracomment>
        <translation>unbekannte simulierte Karte &apos;%1&apos;: Der GPU-Katalog (%2) hat keine solche ID und keinen solchen Namen; Karten, die diesem Lauf das Tempo geben können: %3</translation>
    </message>
    <message>
        <source>simulated card &apos;%1&apos; cannot keep a pace: %2; cards that can pace this run: %3</source>
        <extracomment>%1 is the card named, %2 why (a sentence of its own), %3 the ids of the cards that can (or &quot;none&quot;)</extracomment>
        <translation>die simulierte Karte &apos;%1&apos; kann kein Tempo halten: %2; Karten, die diesem Lauf das Tempo geben können: %3</translation>
    </message>
    <message>
        <source>the simulated speed must be a number from 0 (as fast as possible) to %1 (1 = real time), not %2</source>
        <extracomment>%1 is the largest speed (a number), %2 the value given</extracomment>
        <translation>die simulierte Geschwindigkeit muss eine Zahl von 0 (so schnell wie möglich) bis %1 (1 = Echtzeit) sein, nicht %2</translation>
    </message>
    <message>
        <source>the simulated capacity (%1 bytes) must hold the simulated context and workspace (%2 + %3 bytes)</source>
        <extracomment>%1 is the capacity, %2 the context and %3 the workspace, each a number of bytes</extracomment>
        <translation>die simulierte Kapazität (%1 Bytes) muss den simulierten Kontext und Workspace aufnehmen (%2 + %3 Bytes)</translation>
    </message>
    <message>
        <source>the simulated card has no name</source>
        <translation>die simulierte Karte hat keinen Namen</translation>
    </message>
    <message>
        <source>the simulated %1 needs a memory bandwidth above 0 bytes/s</source>
        <extracomment>%1 is the card&apos;s name (e.g. NVIDIA H100 SXM)</extracomment>
        <translation>die simulierte %1 braucht eine Speicherbandbreite über 0 Bytes/s</translation>
    </message>
    <message>
        <source>the simulated %1 has a peak FLOP/s that is not a number above 0</source>
        <extracomment>%1 is the card&apos;s name (e.g. NVIDIA H100 SXM)</extracomment>
        <translation>die simulierte %1 hat einen Spitzenwert der FLOP/s, der keine Zahl über 0 ist</translation>
    </message>
    <message>
        <source>a training step needs at least 1 sequence (--batch) of at least 1 token (--seq-len)</source>
        <translation>ein Trainingsschritt braucht mindestens 1 Sequenz (--batch) von mindestens 1 Token (--seq-len)</translation>
    </message>
    <message>
        <source>gradient accumulation must be between 1 and %1 micro-batches</source>
        <extracomment>%1 is the largest number of micro-batches</extracomment>
        <translation>die Gradientenakkumulation muss zwischen 1 und %1 Micro-Batches liegen</translation>
    </message>
    <message>
        <source>the loss can be computed in at most %1 chunks</source>
        <extracomment>%1 is the largest number of chunks</extracomment>
        <translation>der Loss kann in höchstens %1 Stücken berechnet werden</translation>
    </message>
    <message>
        <source>an optimizer stepped inside the backward pass frees each gradient at once: it cannot accumulate gradients over several micro-batches (torchtune refuses it too)</source>
        <translation>ein im Rückwärtsdurchlauf angewandter Optimierer gibt jeden Gradienten sofort frei: Er kann keine Gradienten über mehrere Micro-Batches akkumulieren (torchtune lehnt es ebenfalls ab)</translation>
    </message>
    <message>
        <source>the LoRA rank must be between 1 and %1</source>
        <extracomment>%1 is the largest rank</extracomment>
        <translation>der LoRA-Rang muss zwischen 1 und %1 liegen</translation>
    </message>
    <message>
        <source>LoRA needs at least one target (--lora-targets q_proj,v_proj, ...)</source>
        <translation>LoRA braucht mindestens ein Zielmodul (--lora-targets q_proj,v_proj, ...)</translation>
    </message>
    <message>
        <source>master weights are a full fine-tune&apos;s: LoRA adapters are trained in their own dtype (float32 adapters, or the compute dtype)</source>
        <translation>Master-Gewichte gehören zu einem vollständigen Fine-Tuning: LoRA-Adapter werden in ihrem eigenen Datentyp trainiert (float32-Adapter oder der Rechentyp)</translation>
    </message>
    <message>
        <source>vLLM&apos;s plan needs the device&apos;s total memory, which %1 does not report</source>
        <extracomment>%1 a device id such as cuda:0</extracomment>
        <translation>der Plan von vLLM braucht den Gesamtspeicher des Geräts, den %1 nicht meldet</translation>
    </message>
</context>
<context>
    <name>RunSummary</name>
    <message>
        <source>The run did not start: %1</source>
        <extracomment>%1 is the reason, one line from the runtime or the configuration check</extracomment>
        <translation>Der Lauf wurde nicht gestartet: %1</translation>
    </message>
    <message>
        <source>phases passed: %1 of %1</source>
        <extracomment>%1 phases, all passed. Label and value, so no plural forms are needed.</extracomment>
        <translation>Phasen erfolgreich: %1 von %1</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5); out of memory in %6</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier that failed first, such as cold_forward. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>Phasen ausgeführt: %1 von %2 (erfolgreich: %3, fehlgeschlagen: %4, nicht ausgeführt: %5); Speichermangel in %6</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5); first failure in %6</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier that failed first, such as cold_forward. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>Phasen ausgeführt: %1 von %2 (erfolgreich: %3, fehlgeschlagen: %4, nicht ausgeführt: %5); erster Fehler in %6</translation>
    </message>
    <message>
        <source>stopped: phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run. The user pressed Stop.</extracomment>
        <translation>angehalten: Phasen ausgeführt: %1 von %2 (erfolgreich: %3, fehlgeschlagen: %4, nicht ausgeführt: %5)</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run</extracomment>
        <translation>Phasen ausgeführt: %1 von %2 (erfolgreich: %3, fehlgeschlagen: %4, nicht ausgeführt: %5)</translation>
    </message>
    <message>
        <source>stopped during %6: phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier, such as decode, that the user&apos;s Stop cut short. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>angehalten während %6: Phasen ausgeführt: %1 von %2 (erfolgreich: %3, fehlgeschlagen: %4, nicht ausgeführt: %5)</translation>
    </message>
</context>
<context>
    <name>SafeFileWriter</name>
    <message>
        <source>Could not write %1: %2. Nothing was replaced.</source>
        <extracomment>%1 is a file path, %2 the system&apos;s reason (e.g. &quot;No space left on device&quot;)</extracomment>
        <translation>%1 konnte nicht geschrieben werden: %2. Es wurde nichts ersetzt.</translation>
    </message>
    <message>
        <source>No file name was given.</source>
        <translation>Es wurde kein Dateiname angegeben.</translation>
    </message>
    <message>
        <source>%1 already exists and was left untouched.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 existiert bereits und wurde nicht verändert.</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>es ist ein Ordner</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>der Ordner existiert nicht</translation>
    </message>
</context>
<context>
    <name>SweepText</name>
    <message>
        <source>batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>Prompt-Tokens</translation>
    </message>
    <message>
        <source>generated tokens</source>
        <translation>erzeugte Tokens</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>%1 is a list of device ids, e.g. sim:0</extracomment>
        <translation>%1 (simuliert)</translation>
    </message>
    <message>
        <source>out of memory in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Speichermangel in %1</translation>
    </message>
    <message>
        <source>failed in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>fehlgeschlagen in %1</translation>
    </message>
    <message>
        <source>Boundary: %1 %2 passes, %3 fails (%4).</source>
        <extracomment>%1 dimension name, %2 the largest passing value, %3 the smallest failing value, %4 why it failed</extracomment>
        <translation>Grenze: %1 %2 läuft, %3 scheitert (%4).</translation>
    </message>
    <message>
        <source>Not yet at the resolution.</source>
        <translation>Die Auflösung ist noch nicht erreicht.</translation>
    </message>
    <message>
        <source>No failure up to the maximum: %1 %2 passes.</source>
        <extracomment>%1 dimension name, %2 the largest value tried, which passed</extracomment>
        <translation>Kein Fehlschlag bis zum Maximum: %1 %2 läuft.</translation>
    </message>
    <message>
        <source>Largest passing so far: %1 %2; no failure yet.</source>
        <extracomment>%1 dimension name, %2 the largest passing value so far</extracomment>
        <translation>Bisher größter erfolgreicher Wert: %1 %2; noch kein Fehlschlag.</translation>
    </message>
    <message>
        <source>Nothing passed: %1 %2 already fails.</source>
        <extracomment>%1 dimension name, %2 the smallest value tried, which failed</extracomment>
        <translation>Nichts lief: %1 %2 scheitert bereits.</translation>
    </message>
    <message>
        <source>No trial has finished yet.</source>
        <translation>Noch kein Versuch ist beendet.</translation>
    </message>
    <message numerus="yes">
        <source>Fitted over %n passing trial(s): peak allocated ≈ %1.</source>
        <extracomment>%n passing trials used, %1 the fitted formula, e.g. &quot;1.20 GiB + 0.31 GiB × sequences&quot;</extracomment>
        <translation>
            <numerusform>Angepasst über %n erfolgreichen Versuch: Spitzenwert allocated ≈ %1.</numerusform>
            <numerusform>Angepasst über %n erfolgreiche Versuche: Spitzenwert allocated ≈ %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2): no limit follows from the fit (assumed)</source>
        <extracomment>%1 card name, %2 its capacity; the fit does not grow, so it gives no limit</extracomment>
        <translation>%1 (%2): aus der Anpassung folgt keine Grenze (angenommen)</translation>
    </message>
    <message>
        <source>%1 (%2): nothing fits (assumed)</source>
        <extracomment>%1 card name, %2 its capacity</extracomment>
        <translation>%1 (%2): nichts passt (angenommen)</translation>
    </message>
    <message>
        <source>%1 (%2): %3 ≤ %4 (assumed)</source>
        <extracomment>%1 card name, %2 its capacity, %3 dimension name, %4 the largest value the fit gives on it</extracomment>
        <translation>%1 (%2): %3 ≤ %4 (angenommen)</translation>
    </message>
    <message>
        <source>%1: no limit</source>
        <extracomment>%1 card name; the fit does not grow, so it gives no limit</extracomment>
        <translation>%1: keine Grenze</translation>
    </message>
    <message>
        <source>%1: nothing fits</source>
        <extracomment>%1 card name</extracomment>
        <translation>%1: nichts passt</translation>
    </message>
    <message>
        <source>%1: ≤ %2</source>
        <extracomment>%1 card name, %2 the largest value the fit gives on it</extracomment>
        <translation>%1: ≤ %2</translation>
    </message>
    <message>
        <source>Assumed from the fit, not measured: the largest %1 on %2.</source>
        <extracomment>%1 dimension name, %2 a list of cards with the largest value on each</extracomment>
        <translation>Aus der Anpassung angenommen, nicht gemessen: die größten %1 auf %2.</translation>
    </message>
    <message>
        <source>sequence length (training)</source>
        <translation>Sequenzlänge (Training)</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-model-len</source>
        <translation>--max-model-len von vLLM</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-num-seqs</source>
        <translation>--max-num-seqs von vLLM</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>CUDA context, outside the allocator</source>
        <translation>CUDA-Kontext, außerhalb des Allocators</translation>
    </message>
    <message>
        <source>a typical size; the simulated device assumes the same</source>
        <translation>eine typische Größe; das simulierte Gerät nimmt dieselbe an</translation>
    </message>
    <message>
        <source>math library workspace, outside the allocator</source>
        <translation>Arbeitsbereich der Mathematikbibliothek, außerhalb des Allocators</translation>
    </message>
    <message>
        <source>cuBLAS&apos;s on Hopper, the largest of cuBLAS, cuBLAS on Hopper and hipBLASLt</source>
        <translation>der von cuBLAS auf Hopper, der größte von cuBLAS, cuBLAS auf Hopper und hipBLASLt</translation>
    </message>
    <message>
        <source>your reserve</source>
        <translation>Ihre Reserve</translation>
    </message>
    <message>
        <source>as typed: other processes and a safety margin</source>
        <translation>wie eingegeben: andere Prozesse und ein Sicherheitsabstand</translation>
    </message>
    <message>
        <source>allocator&apos;s peak reserved in %1 (predicted)</source>
        <extracomment>%1 the phase that sets the peak (&quot;prefill&quot;, &quot;decode&quot;)</extracomment>
        <translation>Spitze des Allocators (reserviert) in %1 (vorhergesagt)</translation>
    </message>
    <message>
        <source>the decoder&apos;s predictor over the caching allocator: %1 bytes reserved, %2 bytes allocated</source>
        <extracomment>%1 and %2 byte counts</extracomment>
        <translation>die Vorhersage des Decoders über dem Caching-Allocator: %1 Bytes reserviert, %2 Bytes belegt</translation>
    </message>
    <message>
        <source>The allocator&apos;s peak is predicted from the decoder&apos;s tensors, as a run on a simulated card reaches it.</source>
        <translation>Die Spitze des Allocators ist aus den Tensoren des Decoders vorhergesagt, so wie ein Lauf auf einer simulierten Karte sie erreicht.</translation>
    </message>
    <message>
        <source>the estimate&apos;s largest phase, %1</source>
        <extracomment>%1 the phase&apos;s name (&quot;inference&quot;, &quot;train_step&quot;)</extracomment>
        <translation>die größte Phase der Schätzung, %1</translation>
    </message>
    <message>
        <source>the sizing engine&apos;s components alive in that phase</source>
        <translation>die in dieser Phase lebenden Komponenten der Größenberechnung</translation>
    </message>
    <message>
        <source>allocator&apos;s rounding and cached blocks</source>
        <translation>Rundung und zwischengespeicherte Blöcke des Allocators</translation>
    </message>
    <message>
        <source>%1 % of the phase&apos;s %2 bytes above the weights, at least %3 bytes</source>
        <extracomment>%1 a percentage, %2 and %3 byte counts</extracomment>
        <translation>%1 % der %2 Bytes der Phase über den Gewichten, mindestens %3 Bytes</translation>
    </message>
    <message>
        <source>The allocator&apos;s peak is the sizing engine&apos;s largest phase with an assumed margin: the decoder&apos;s predictor does not apply (%1).</source>
        <extracomment>%1 why the decoder&apos;s predictor does not apply, in words</extracomment>
        <translation>Die Spitze des Allocators ist die größte Phase der Größenberechnung mit einem angenommenen Zuschlag: die Vorhersage des Decoders gilt hier nicht (%1).</translation>
    </message>
    <message>
        <source>Recorded on %1 (imported, not measured here)</source>
        <extracomment>%1 the device&apos;s name; the run was rebuilt from another tool&apos;s recording</extracomment>
        <translation>Aufgezeichnet auf %1 (importiert, nicht hier gemessen)</translation>
    </message>
    <message>
        <source>Measured on the simulated card %1</source>
        <extracomment>%1 the simulated card&apos;s id in the GPU catalog (&quot;rtx-4090&quot;); a memory model, not a GPU measurement</extracomment>
        <translation>Gemessen auf der simulierten Karte %1</translation>
    </message>
    <message>
        <source>Measured on the simulated device %1</source>
        <extracomment>%1 the simulated device&apos;s id (&quot;sim:0&quot;), no card of the catalog; a memory model, not a GPU measurement</extracomment>
        <translation>Gemessen auf dem simulierten Gerät %1</translation>
    </message>
    <message>
        <source>Measured on %1</source>
        <extracomment>%1 the device&apos;s name</extracomment>
        <translation>Gemessen auf %1</translation>
    </message>
    <message>
        <source>%1: fits, every phase passed at %2 (peak reserved %3).</source>
        <extracomment>%1 where (&quot;Measured on a simulated RTX 4090&quot;), %2 the load, %3 the highest peak reserved</extracomment>
        <translation>%1: passt, jede Phase bestanden bei %2 (Spitze reserviert %3).</translation>
    </message>
    <message>
        <source>%1: out of memory in %2 at %3.</source>
        <extracomment>%1 where (&quot;Measured on a simulated RTX 4090&quot;), %2 the phase that failed, %3 the load</extracomment>
        <translation>%1: Speichermangel in %2 bei %3.</translation>
    </message>
    <message>
        <source>%1: %2 failed at %3, not for want of memory; the run does not tell whether it fits.</source>
        <extracomment>%1 where, %2 the phase that failed, %3 the load; the failure was not for want of memory</extracomment>
        <translation>%1: %2 scheiterte bei %3, nicht aus Speichermangel; der Lauf sagt nicht, ob es passt.</translation>
    </message>
    <message>
        <source>%1: the run at %2 did not finish; it does not tell whether it fits.</source>
        <extracomment>%1 where, %2 the load</extracomment>
        <translation>%1: der Lauf bei %2 wurde nicht beendet; er sagt nicht, ob es passt.</translation>
    </message>
    <message>
        <source>The estimate said it fits (%1 needed of %2); the measurement ran out of memory.</source>
        <extracomment>%1 the estimate&apos;s need, %2 the device&apos;s capacity</extracomment>
        <translation>Die Schätzung sagte, es passt (%1 benötigt von %2); die Messung lief in Speichermangel.</translation>
    </message>
    <message>
        <source>The estimate said it does not fit (%1 needed of %2); the measurement passed with a peak of %3 reserved.</source>
        <extracomment>%1 the estimate&apos;s need, %2 the device&apos;s capacity, %3 the measured peak reserved</extracomment>
        <translation>Die Schätzung sagte, es passt nicht (%1 benötigt von %2); die Messung bestand mit einer Spitze von %3 reserviert.</translation>
    </message>
</context>
<context>
    <name>WeightFormat</name>
    <message>
        <source>fp32: 4 bytes per parameter, no metadata.</source>
        <translation>fp32: 4 Bytes pro Parameter, keine Metadaten.</translation>
    </message>
    <message>
        <source>fp16: 2 bytes per parameter, no metadata.</source>
        <translation>fp16: 2 Bytes pro Parameter, keine Metadaten.</translation>
    </message>
    <message>
        <source>bf16: 2 bytes per parameter, no metadata.</source>
        <translation>bf16: 2 Bytes pro Parameter, keine Metadaten.</translation>
    </message>
    <message>
        <source>INT8 (per-channel scales)</source>
        <translation>INT8 (Skalen pro Kanal)</translation>
    </message>
    <message>
        <source>int8: 1 byte per parameter plus one fp32 scale per output channel of each linear (LLM.int8-style row scales; counted when the shape is known).</source>
        <translation>int8: 1 Byte pro Parameter plus eine fp32-Skala pro Ausgabekanal jeder linearen Schicht (Zeilenskalen im Stil von LLM.int8; gezählt, wenn die Form bekannt ist).</translation>
    </message>
    <message>
        <source>4-bit compact (no metadata)</source>
        <translation>4 Bit kompakt (ohne Metadaten)</translation>
    </message>
    <message>
        <source>4-bit compact: exactly 4 bits per parameter, no scales, no zeros: the theoretical lower bound, not a real checkpoint layout.</source>
        <translation>4 Bit kompakt: genau 4 Bits pro Parameter, keine Skalen, keine Nullpunkte: die theoretische Untergrenze, kein realer Checkpoint-Aufbau.</translation>
    </message>
    <message>
        <source>NF4 double quantization (bitsandbytes)</source>
        <translation>NF4 mit doppelter Quantisierung (bitsandbytes)</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <translation>FP8 E4M3</translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <translation>FP8 E5M2</translation>
    </message>
    <message>
        <source>NF4 (bitsandbytes)</source>
        <translation>NF4 (bitsandbytes)</translation>
    </message>
    <message>
        <source>FP4 (bitsandbytes)</source>
        <translation>FP4 (bitsandbytes)</translation>
    </message>
    <message>
        <source>GPTQ int4</source>
        <translation>GPTQ int4</translation>
    </message>
    <message>
        <source>AWQ int4</source>
        <translation>AWQ int4</translation>
    </message>
    <message>
        <source>nf4 (bitsandbytes): 4-bit codes plus one fp32 absmax per block of values (64 by default), plus a 16-entry fp32 quant map per tensor (counted when the shape is known).</source>
        <translation>nf4 (bitsandbytes): 4-Bit-Codes plus ein fp32-absmax pro Block von Werten (standardmäßig 64), dazu eine fp32-Quantisierungstabelle mit 16 Einträgen pro Tensor (gezählt, wenn die Form bekannt ist).</translation>
    </message>
    <message>
        <source>fp4 (bitsandbytes): 4-bit codes plus one fp32 absmax per block of values (64 by default), plus a 16-entry fp32 quant map per tensor (counted when the shape is known).</source>
        <translation>fp4 (bitsandbytes): 4-Bit-Codes plus ein fp32-absmax pro Block von Werten (standardmäßig 64), dazu eine fp32-Quantisierungstabelle mit 16 Einträgen pro Tensor (gezählt, wenn die Form bekannt ist).</translation>
    </message>
    <message>
        <source>nf4 with double quantization: 4-bit codes, one 8-bit absmax per block of values (64 by default), one fp32 second-level scale per 256 blocks.</source>
        <translation>nf4 mit doppelter Quantisierung: 4-Bit-Codes, ein 8-Bit-absmax pro Block von Werten (standardmäßig 64), eine fp32-Skala der zweiten Stufe pro 256 Blöcke.</translation>
    </message>
    <message>
        <source>GPTQ int4: 4-bit codes packed in int32 (qweight), per group of input rows (128 by default) and output column one fp16 scale and one packed 4-bit zero (qzeros), plus one int32 g_idx per input row (shape known).</source>
        <translation>GPTQ int4: 4-Bit-Codes in int32 gepackt (qweight), pro Gruppe von Eingabezeilen (standardmäßig 128) und Ausgabespalte eine fp16-Skala und ein gepackter 4-Bit-Nullpunkt (qzeros), dazu ein int32-g_idx pro Eingabezeile (bei bekannter Form).</translation>
    </message>
    <message>
        <source>AWQ int4: 4-bit codes packed in int32, per group of input rows (128 by default) and output column one fp16 scale and one packed 4-bit zero; no g_idx.</source>
        <translation>AWQ int4: 4-Bit-Codes in int32 gepackt, pro Gruppe von Eingabezeilen (standardmäßig 128) und Ausgabespalte eine fp16-Skala und ein gepackter 4-Bit-Nullpunkt; kein g_idx.</translation>
    </message>
    <message>
        <source>MXFP4 (experts)</source>
        <translation>MXFP4 (Experten)</translation>
    </message>
    <message>
        <source>MXFP4 as gpt-oss stores it: the MoE experts&apos; weights in 4-bit e2m1 codes with one 8-bit e8m0 scale per 32 values (4.25 bits per parameter); attention, router, embeddings, head, norms and biases in 16 bit.</source>
        <translation>MXFP4, wie gpt-oss es speichert: die Gewichte der MoE-Experten als 4-Bit-e2m1-Codes mit einer 8-Bit-e8m0-Skala pro 32 Werte (4,25 Bits pro Parameter); Attention, Router, Einbettungen, Head, Normalisierungen und Biases in 16 Bit.</translation>
    </message>
    <message>
        <source>fp8 e4m3: 1 byte per parameter plus one fp32 scale per tensor, or per block when the config gives a weight_block_size (counted when the shape is known).</source>
        <translation>fp8 e4m3: 1 Byte pro Parameter plus eine fp32-Skala pro Tensor oder pro Block, wenn die Konfiguration eine weight_block_size angibt (gezählt, wenn die Form bekannt ist).</translation>
    </message>
    <message>
        <source>fp8 e5m2: 1 byte per parameter plus one fp32 scale per tensor, or per block when the config gives a weight_block_size (counted when the shape is known).</source>
        <translation>fp8 e5m2: 1 Byte pro Parameter plus eine fp32-Skala pro Tensor oder pro Block, wenn die Konfiguration eine weight_block_size angibt (gezählt, wenn die Form bekannt ist).</translation>
    </message>
</context>
<context>
    <name>Workload</name>
    <message>
        <source>a script (not named), measured by %1, %2</source>
        <extracomment>%1 the probe that measured the script, %2 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>ein Skript (nicht benannt), gemessen von %1, %2</translation>
    </message>
    <message>
        <source>script %1, measured by %2, %3</source>
        <extracomment>%1 the program and its arguments, %2 the probe that measured it, %3 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>Skript %1, gemessen von %2, %3</translation>
    </message>
    <message>
        <source>%1, %2 weights, %3 sequence(s) x %4 prompt + %5 generated tokens, %6 KV cache, %7 attention</source>
        <extracomment>%1 the model as named, %2 the weight format (bf16, nf4, ...), %3 sequences, %4 prompt tokens, %5 generated tokens, %6 the KV cache (dynamic, static, paged), %7 the attention (eager, sdpa)</extracomment>
        <translation>%1, Gewichte %2, %3 Sequenz(en) x %4 Prompt- + %5 erzeugte Tokens, KV-Cache %6, Attention %7</translation>
    </message>
    <message>
        <source>dense network, batch %1, context %2, width %3, %4, %5</source>
        <extracomment>the dense network: %1 batch, %2 context tokens, %3 width, %4 dtype, %5 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>dichtes Netz, Batch %1, Kontext %2, Breite %3, %4, %5</translation>
    </message>
    <message>
        <source>the script&apos;s own load</source>
        <translation>die eigene Last des Skripts</translation>
    </message>
    <message>
        <source>%1 sequence(s) x %2 prompt + %3 generated tokens</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 generated tokens</extracomment>
        <translation>%1 Sequenz(en) x %2 Prompt- + %3 erzeugte Tokens</translation>
    </message>
    <message>
        <source>batch %1, context %2, width %3</source>
        <extracomment>%1 batch, %2 context tokens, %3 width</extracomment>
        <translation>Batch %1, Kontext %2, Breite %3</translation>
    </message>
    <message>
        <source>%1, %2 fine-tuning step (%3&apos;s habits), %4 weights, micro-batch %5 x %6 tokens, %7 attention</source>
        <extracomment>a fine-tuning step: %1 the model as named, %2 full, lora or qlora, %3 the framework (hf, torchtune), %4 the weight format, %5 sequences per micro-batch, %6 tokens per sequence, %7 the attention (eager, sdpa)</extracomment>
        <translation>%1, Fine-Tuning-Schritt %2 (Gewohnheiten von %3), Gewichte %4, Micro-Batch %5 x %6 Tokens, Attention %7</translation>
    </message>
    <message>
        <source>a micro-batch of %1 sequence(s) x %2 tokens</source>
        <extracomment>a training step&apos;s load: %1 sequences per micro-batch, %2 tokens per sequence</extracomment>
        <translation>einem Micro-Batch von %1 Sequenz(en) x %2 Tokens</translation>
    </message>
    <message>
        <source>vLLM serving %1 request(s) of %2 prompt + %3 generated tokens, --max-model-len %4</source>
        <extracomment>vLLM&apos;s start-up rehearsed (measure --engine vllm): %1 requests served, %2 prompt tokens and %3 generated tokens of each, %4 vLLM&apos;s --max-model-len (the option&apos;s name is vLLM&apos;s, not translated)</extracomment>
        <translation>vLLM bedient %1 Anfrage(n) mit %2 Prompt- + %3 erzeugten Tokens, --max-model-len %4</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::AboutDialog</name>
    <message>
        <source>About IteraGPU Lab</source>
        <translation>Über IteraGPU Lab</translation>
    </message>
    <message>
        <source>IteraGPU Lab</source>
        <translation>IteraGPU Lab</translation>
    </message>
    <message>
        <source>Version %1, commit %2
Qt %3 (built with Qt %4)
Sizes the GPU memory of an ML workload, then measures it phase by phase.</source>
        <extracomment>%1 version, %2 git commit, %3 Qt version at run time, %4 Qt version at build time</extracomment>
        <translation>Version %1, Commit %2
Qt %3 (erstellt mit Qt %4)
Dimensioniert den GPU-Speicher einer ML-Last und misst ihn dann Phase für Phase.</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Built</source>
        <translation>Eingebaut</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Geladen</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <extracomment>%n number of devices found by the backend</extracomment>
        <translation>
            <numerusform>%n Gerät</numerusform>
            <numerusform>%n Geräte</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::BreakdownModel</name>
    <message>
        <source>Total (largest phase + reserve)</source>
        <translation>Gesamt (größte Phase + Reserve)</translation>
    </message>
    <message>
        <source>Sum of all components + reserve</source>
        <translation>Summe aller Komponenten + Reserve</translation>
    </message>
    <message>
        <source>Reserve (%1 as typed)</source>
        <extracomment>%1 is the reserve as the user typed it, e.g. &quot;4 GiB&quot;</extracomment>
        <translation>Reserve (%1 wie eingegeben)</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>nicht berechnet</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Not computed: the model shape is needed.</source>
        <translation>Nicht berechnet: Die Modellform wird benötigt.</translation>
    </message>
    <message>
        <source>Largest phase: %1</source>
        <extracomment>%1 is the id of the most demanding phase, e.g. &quot;train_step&quot;</extracomment>
        <translation>Größte Phase: %1</translation>
    </message>
    <message>
        <source>Not alive in the largest phase.</source>
        <translation>In der größten Phase nicht im Speicher.</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::CatalogFitModel</name>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>more than 8</source>
        <translation>mehr als 8</translation>
    </message>
    <message>
        <source>Reported by the device: %1 (sold as %2)</source>
        <extracomment>%1 is the exact capacity in bytes with GB and GiB, %2 the marketed capacity, e.g. &quot;141 GB&quot;</extracomment>
        <translation>Vom Gerät gemeldet: %1 (verkauft als %2)</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is a signed byte count</extracomment>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>Tensor-parallel degree: weights and KV heads are divided among the devices; the need is per device, several GPUs are not one memory pool.</source>
        <translation>Grad der Tensor-Parallelität: Gewichte und KV-Köpfe werden auf die Geräte aufgeteilt; der Bedarf gilt pro Gerät, mehrere GPUs bilden keinen gemeinsamen Speicherpool.</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Sold as</source>
        <translation>Verkauft als</translation>
    </message>
    <message>
        <source>Reported</source>
        <translation>Gemeldet</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Needed per device</source>
        <translation>Bedarf pro Gerät</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Marge</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Dominant</source>
        <translation>Dominierend</translation>
    </message>
    <message>
        <source>Smallest fitting TP</source>
        <translation>Kleinster passender TP</translation>
    </message>
    <message>
        <source>fits (measured)</source>
        <translation>passt (gemessen)</translation>
    </message>
    <message>
        <source>out of memory (measured)</source>
        <translation>Speichermangel (gemessen)</translation>
    </message>
    <message>
        <source>The estimate says it fits; the run on this card did not.</source>
        <translation>Die Schätzung sagt, es passt; der Lauf auf dieser Karte passte nicht.</translation>
    </message>
    <message>
        <source>The estimate says it does not fit; the run on this card passed.</source>
        <translation>Die Schätzung sagt, es passt nicht; der Lauf auf dieser Karte bestand.</translation>
    </message>
    <message>
        <source>Measured on this card; the estimate agrees.</source>
        <translation>Auf dieser Karte gemessen; die Schätzung stimmt überein.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ComputationView</name>
    <message>
        <source>%1: %2 = %3 (%4)</source>
        <extracomment>One line of &quot;How it is computed&quot;. %1 component, %2 formula with the numbers and its bytes, %3 the result in GiB or GB, %4 &quot;computed&quot; or &quot;assumed&quot;</extracomment>
        <translation>%1: %2 = %3 (%4)</translation>
    </message>
    <message>
        <source>%1: %2 = %3 (%4; %5)</source>
        <extracomment>One line of &quot;How it is computed&quot;. %1 component, %2 formula with the numbers and its bytes, %3 the result in GiB or GB, %4 &quot;computed&quot; or &quot;assumed&quot;, %5 where the assumed formula comes from</extracomment>
        <translation>%1: %2 = %3 (%4; %5)</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <source>How it is computed</source>
        <translation>Berechnungsweg</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Als Text kopieren</translation>
    </message>
    <message>
        <source>Copy these lines as plain text.</source>
        <translation>Diese Zeilen als reinen Text kopieren.</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Als Markdown kopieren</translation>
    </message>
    <message>
        <source>Copy these lines as a Markdown table.</source>
        <translation>Diese Zeilen als Markdown-Tabelle kopieren.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DecidePage</name>
    <message>
        <source>The decision sheet as Export decision sheet would write it now: the estimate, what was measured and the sweep&apos;s boundary, computed, observed and assumed kept apart. The export asks for the choice made and the language.</source>
        <translation>Das Entscheidungsblatt, wie „Entscheidungsblatt exportieren“ es jetzt schreiben würde: die Schätzung, das Gemessene und die Grenze des Sweeps, berechnet, beobachtet und angenommen getrennt. Der Export fragt nach der getroffenen Wahl und der Sprache.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DeviceChoiceBox</name>
    <message>
        <source>%1 as %2</source>
        <extracomment>a device beside the steps: %1 its id (sim:0), %2 the catalog card it stands in for</extracomment>
        <translation>%1 als %2</translation>
    </message>
    <message>
        <source>%1, simulated as %2 (%3); not a GPU measurement</source>
        <extracomment>the device&apos;s tool tip: %1 its id (sim:0), %2 the card it stands in for, %3 the card&apos;s capacity</extracomment>
        <translation>%1, simuliert als %2 (%3); keine GPU-Messung</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>a device beside the steps: %1 its id (sim:0)</extracomment>
        <translation>%1 (simuliert)</translation>
    </message>
    <message>
        <source>%1, the simulated device; its capacity is set on the Measure step</source>
        <extracomment>the device&apos;s tool tip: %1 its id (sim:0)</extracomment>
        <translation>%1, das simulierte Gerät; seine Kapazität wird im Schritt Messen festgelegt</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>a device beside the steps: %1 its id (cuda:0), %2 its name</extracomment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <extracomment>the device&apos;s tool tip: %1 its id, %2 its name, %3 its capacity</extracomment>
        <translation>%1, %2, %3</translation>
    </message>
    <message>
        <source>capacity unknown</source>
        <translation>Kapazität unbekannt</translation>
    </message>
    <message>
        <source>No device can run</source>
        <translation>Kein Gerät kann laufen</translation>
    </message>
    <message>
        <source>%1.
The device every step sizes for and every run measures on; its details, the refresh and the simulated card are on the Measure step.</source>
        <extracomment>%1 the chosen device&apos;s description</extracomment>
        <translation>%1.
Das Gerät, für das jeder Schritt dimensioniert und auf dem jeder Lauf misst; seine Details, die Aktualisierung und die simulierte Karte sind im Schritt Messen.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DeviceListModel</name>
    <message>
        <source>not built into this version</source>
        <translation>in diese Version nicht eingebaut</translation>
    </message>
    <message>
        <source>no device found</source>
        <translation>kein Gerät gefunden</translation>
    </message>
    <message>
        <source>unavailable: %1</source>
        <extracomment>%1 is the reason a GPU backend is unavailable, in the loader&apos;s or the runtime&apos;s own words</extracomment>
        <translation>nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Simulated device: simulated, not a GPU measurement</source>
        <translation>Simuliertes Gerät: simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>%1 is an amount, %2 the unit symbol GB or GiB</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 bytes reported by the runtime</source>
        <extracomment>%1 is a byte count with thousands separators</extracomment>
        <translation>%1 Bytes, von der Runtime gemeldet</translation>
    </message>
    <message>
        <source>The simulated device models memory only. Its figures are simulated, not a GPU measurement.</source>
        <translation>Das simulierte Gerät bildet nur den Speicher nach. Seine Werte sind simuliert, keine GPU-Messung.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Treiber</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <source>Simulated device as %1: simulated, not a GPU measurement</source>
        <extracomment>%1 is the GPU catalog&apos;s card the simulated device stands in for</extracomment>
        <translation>Simuliertes Gerät als %1: simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>%1 bytes, the capacity of %2 that the simulated device stands in for</source>
        <extracomment>%1 is a byte count with thousands separators, %2 the GPU catalog&apos;s card</extracomment>
        <translation>%1 Byte, die Kapazität von %2, für das das simulierte Gerät steht</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DevicePicker</name>
    <message numerus="yes">
        <source>Device list refreshed: %n GPU(s) found.</source>
        <extracomment>%n number of GPUs found by the loaded backends</extracomment>
        <translation>
            <numerusform>Geräteliste aktualisiert: %n GPU gefunden.</numerusform>
            <numerusform>Geräteliste aktualisiert: %n GPUs gefunden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Unavailable: %1</source>
        <extracomment>%1 is a list of backends with the reason each is unavailable</extracomment>
        <translation>Nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>No GPU found (the greyed lines say why). sim:0 is available: simulated, not a GPU measurement.</source>
        <translation>Keine GPU gefunden (die grauen Zeilen nennen den Grund). sim:0 ist verfügbar: simuliert, keine GPU-Messung.</translation>
    </message>
    <message>
        <source>No device selected.</source>
        <translation>Kein Gerät ausgewählt.</translation>
    </message>
    <message>
        <source>%1 bytes (%2 %3)</source>
        <extracomment>%1 is a byte count with thousands separators, %2 the same in the unit, %3 the unit symbol</extracomment>
        <translation>%1 Bytes (%2 %3)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Driver: %3 · Runtime: %4</source>
        <extracomment>%1 device id, %2 capacity, %3 driver version, %4 runtime version</extracomment>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Treiber: %3 · Runtime: %4</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Simuliert, keine GPU-Messung.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Aktual&amp;isieren</translation>
    </message>
    <message>
        <source>Load the GPU backends again and list their devices</source>
        <translation>GPU-Backends neu laden und ihre Geräte auflisten</translation>
    </message>
    <message>
        <source>Simulated as %1, not a GPU measurement.</source>
        <extracomment>%1 is the GPU catalog&apos;s card the simulated device stands in for (its capacity and pace)</extracomment>
        <translation>Simuliert als %1, keine GPU-Messung.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::EngineBox</name>
    <message>
        <source>Serving engine</source>
        <translation>Inferenz-Engine</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>Engine:</translation>
    </message>
    <message>
        <source>transformers (the estimate above)</source>
        <translation>transformers (die Schätzung oben)</translation>
    </message>
    <message>
        <source>vLLM (its memory plan)</source>
        <translation>vLLM (sein Speicherplan)</translation>
    </message>
    <message>
        <source>llama.cpp (its buffers)</source>
        <translation>llama.cpp (seine Puffer)</translation>
    </message>
    <message>
        <source>The engine you serve with plans the memory itself: vLLM fills what the utilization leaves after the weights and its profile run with a KV pool, llama.cpp reserves a model, KV and compute buffer per device. The verdict says whether it starts.</source>
        <translation>Die Engine, mit der Sie ausliefern, plant den Speicher selbst: vLLM füllt, was die Auslastung nach den Gewichten und seinem Profillauf übrig lässt, mit einem KV-Pool; llama.cpp reserviert pro Gerät einen Modell-, KV- und Rechenpuffer. Das Urteil sagt, ob sie startet.</translation>
    </message>
    <message>
        <source>--gpu-memory-utilization:</source>
        <translation>--gpu-memory-utilization:</translation>
    </message>
    <message>
        <source>The share of the card&apos;s CUDA-visible total this vLLM instance may use</source>
        <translation>Der Anteil des für CUDA sichtbaren Gesamtspeichers der Karte, den diese vLLM-Instanz nutzen darf</translation>
    </message>
    <message>
        <source>--max-model-len:</source>
        <translation>--max-model-len:</translation>
    </message>
    <message>
        <source>the model&apos;s</source>
        <translation>die des Modells</translation>
    </message>
    <message>
        <source>Tokens per request; 0: the model&apos;s max_position_embeddings</source>
        <translation>Tokens pro Anfrage; 0: max_position_embeddings des Modells</translation>
    </message>
    <message>
        <source>--max-num-seqs:</source>
        <translation>--max-num-seqs:</translation>
    </message>
    <message>
        <source>the release&apos;s default</source>
        <translation>Vorgabe der Version</translation>
    </message>
    <message>
        <source>--kv-cache-dtype:</source>
        <translation>--kv-cache-dtype:</translation>
    </message>
    <message>
        <source>--enforce-eager (no CUDA graphs)</source>
        <translation>--enforce-eager (keine CUDA-Graphen)</translation>
    </message>
    <message>
        <source>--ctx-size:</source>
        <translation>--ctx-size:</translation>
    </message>
    <message>
        <source>Context cells; 0: the model&apos;s trained context (n_ctx_train)</source>
        <translation>Kontextzellen; 0: der trainierte Kontext des Modells (n_ctx_train)</translation>
    </message>
    <message>
        <source>--n-gpu-layers:</source>
        <translation>--n-gpu-layers:</translation>
    </message>
    <message>
        <source>auto (every layer)</source>
        <translation>auto (jede Schicht)</translation>
    </message>
    <message>
        <source>--parallel:</source>
        <translation>--parallel:</translation>
    </message>
    <message>
        <source>Sequences served at once, each with its own KV stream</source>
        <translation>Gleichzeitig bediente Sequenzen, jede mit eigenem KV-Strom</translation>
    </message>
    <message>
        <source>--flash-attn:</source>
        <translation>--flash-attn:</translation>
    </message>
    <message>
        <source>--cache-type-k/-v:</source>
        <translation>--cache-type-k/-v:</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ExportSheetDialog</name>
    <message>
        <source>Save the decision sheet</source>
        <translation>Datenblatt speichern</translation>
    </message>
    <message>
        <source>Markdown (*.md);;HTML (*.html);;PDF (*.pdf)</source>
        <translation>Markdown (*.md);;HTML (*.html);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export the decision sheet</source>
        <translation>Datenblatt exportieren</translation>
    </message>
    <message>
        <source>Choice made:</source>
        <translation>Getroffene Wahl:</translation>
    </message>
    <message>
        <source>e.g. Rent one H100 80 GB: the peak of warm_forward at batch 2 fits with 9 GiB margin.</source>
        <translation>z. B. eine H100 80 GB mieten: Der Spitzenwert von warm_forward bei batch 2 passt mit 9 GiB Marge.</translation>
    </message>
    <message>
        <source>Language of the sheet:</source>
        <translation>Sprache des Datenblatts:</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Ergebnis:</translation>
    </message>
    <message>
        <source>Write the raw JSON result beside the sheet</source>
        <translation>Rohergebnis als JSON neben das Datenblatt schreiben</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::FileOpener</name>
    <message>
        <source>%1 could not be opened as a result.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Gewichte: die Bytes der Tensoren, wie in %1 gespeichert (%2), so geladen</translation>
    </message>
    <message>
        <source>%1: this kind of file cannot be opened here.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>die Bytes der Tensoren, wie in der GGUF-Datei gespeichert = %1 Bytes (%2)</translation>
    </message>
    <message>
        <source>%1 could not be read; the sizing panel says why.</source>
        <extracomment>%1 is a file path; the sizing panel shows the reader&apos;s own error</extracomment>
        <translation>%1 konnte nicht gelesen werden; das Größen-Panel nennt den Grund.</translation>
    </message>
    <message>
        <source>%1 could not be imported as a PyTorch snapshot.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 konnte nicht als PyTorch-Snapshot importiert werden.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::FormatBox</name>
    <message>
        <source>Formats</source>
        <translation>Formate</translation>
    </message>
    <message>
        <source>Storage format:</source>
        <translation>Speicherformat:</translation>
    </message>
    <message>
        <source>Compute format:</source>
        <translation>Berechnungsformat:</translation>
    </message>
    <message>
        <source>Block size (NF4/FP4):</source>
        <translation>Blockgröße (NF4/FP4):</translation>
    </message>
    <message>
        <source>Group size (GPTQ/AWQ):</source>
        <translation>Gruppengröße (GPTQ/AWQ):</translation>
    </message>
    <message>
        <source>Stored as the model is: torch_dtype %1, from its config.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16 (an identifier, never translated)</extracomment>
        <translation>Gespeichert wie das Modell: torch_dtype %1, aus seiner Konfiguration.</translation>
    </message>
    <message>
        <source>The model is stored as %1 (torch_dtype); sized as chosen here.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16</extracomment>
        <translation>Das Modell ist als %1 gespeichert (torch_dtype); dimensioniert wie hier gewählt.</translation>
    </message>
    <message>
        <source>Computes in %1, the model&apos;s torch_dtype.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16</extracomment>
        <translation>Rechnet in %1, dem torch_dtype des Modells.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::KvCacheBox</name>
    <message>
        <source>%1: %2, typed (the model has %3)</source>
        <extracomment>%1 is a field name (e.g. &quot;KV heads&quot;), %2 the value typed, %3 the model&apos;s own value</extracomment>
        <translation>%1: %2, eingegeben (das Modell hat %3)</translation>
    </message>
    <message>
        <source>%1: %2, from the model</source>
        <extracomment>%1 is a field name (e.g. &quot;Layers&quot;), %2 its value as read from the model</extracomment>
        <translation>%1: %2, aus dem Modell</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV-Köpfe</translation>
    </message>
    <message>
        <source>Sliding window: %1 tokens on every layer, typed over the model&apos;s attention</source>
        <extracomment>%1 is the sliding window typed by the user, in tokens</extracomment>
        <translation>Gleitendes Fenster: %1 Tokens auf jeder Schicht, eingegeben anstelle der Attention des Modells</translation>
    </message>
    <message>
        <source>Sliding window: %1 tokens on %2 of %3 layers</source>
        <extracomment>%1 window in tokens, %2 number of layers with it, %3 all layers of the model</extracomment>
        <translation>Gleitendes Fenster: %1 Tokens auf %2 von %3 Schichten</translation>
    </message>
    <message>
        <source>Full attention on %1 of %2 layers</source>
        <extracomment>%1 number of layers with full attention, %2 all layers of the model</extracomment>
        <translation>Volle Attention auf %1 von %2 Schichten</translation>
    </message>
    <message>
        <source>%1, from the model</source>
        <extracomment>%1 is a line such as &quot;Sliding window: 4,096 tokens on 32 of 32 layers&quot;</extracomment>
        <translation>%1, aus dem Modell</translation>
    </message>
    <message>
        <source>%1 in the model, not applied</source>
        <extracomment>%1 is a line such as &quot;Sliding window: 4,096 tokens on 32 of 32 layers&quot;</extracomment>
        <translation>%1 im Modell, nicht angewendet</translation>
    </message>
    <message>
        <source>Trained context: %1 tokens, from the model</source>
        <extracomment>%1 is the model&apos;s max_position_embeddings, in tokens</extracomment>
        <translation>Trainierter Kontext: %1 Tokens, aus dem Modell</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <source>the model&apos;s: %1 tokens</source>
        <extracomment>%1 is the model&apos;s sliding window in tokens, used on every layer</extracomment>
        <translation>vom Modell: %1 Tokens</translation>
    </message>
    <message>
        <source>the model&apos;s, per layer</source>
        <translation>vom Modell, pro Schicht</translation>
    </message>
    <message>
        <source>KV cache (inference)</source>
        <translation>KV-Cache (Inferenz)</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>Schichten:</translation>
    </message>
    <message>
        <source>KV heads:</source>
        <translation>KV-Köpfe:</translation>
    </message>
    <message>
        <source>num_key_value_heads, not the query heads.</source>
        <translation>num_key_value_heads, nicht die Query-Köpfe.</translation>
    </message>
    <message>
        <source>head_dim:</source>
        <translation>head_dim:</translation>
    </message>
    <message>
        <source>Prompt tokens:</source>
        <translation>Prompt-Tokens:</translation>
    </message>
    <message>
        <source>Generated tokens:</source>
        <translation>Generierte Tokens:</translation>
    </message>
    <message>
        <source>Sequences:</source>
        <translation>Sequenzen:</translation>
    </message>
    <message>
        <source>KV type:</source>
        <translation>KV-Typ:</translation>
    </message>
    <message>
        <source>Sliding window:</source>
        <translation>Gleitendes Fenster:</translation>
    </message>
    <message>
        <source>Tokens kept per layer; the lowest value keeps every token (or the model&apos;s own windows).</source>
        <translation>Behaltene Tokens pro Schicht; der kleinste Wert behält alle Tokens (oder die eigenen Fenster des Modells).</translation>
    </message>
    <message>
        <source>Static cache (preallocated)</source>
        <translation>Statischer Cache (vorab reserviert)</translation>
    </message>
    <message>
        <source>Take from the model</source>
        <translation>Aus dem Modell übernehmen</translation>
    </message>
    <message>
        <source>KV cache on: the model gives its layers and heads.</source>
        <translation>KV-Cache an: das Modell gibt seine Schichten und Köpfe an.</translation>
    </message>
    <message>
        <source>Prompt set to %1 tokens, the model&apos;s trained context (it was %2).</source>
        <extracomment>%1 the model&apos;s trained context in tokens, %2 the prompt that was there before</extracomment>
        <translation>Prompt auf %1 Tokens gesetzt, den trainierten Kontext des Modells (vorher %2).</translation>
    </message>
    <message>
        <source>Prompt and generated tokens exceed the model&apos;s trained context of %1 tokens.</source>
        <extracomment>%1 the model&apos;s trained context in tokens</extracomment>
        <translation>Prompt und erzeugte Tokens überschreiten den trainierten Kontext des Modells von %1 Tokens.</translation>
    </message>
    <message>
        <source>KV type from the model&apos;s torch_dtype %1.</source>
        <extracomment>%1 the config&apos;s torch_dtype, e.g. bfloat16 (an identifier)</extracomment>
        <translation>KV-Typ aus dem torch_dtype %1 des Modells.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LedgerModel</name>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why a section of the ledger lacks figures, in words (from the ledger)</extracomment>
        <translation>fehlt: %1</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 a signed number of bytes with digit groups</extracomment>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Bytes (%1)</source>
        <extracomment>%1 is the unit symbol, GB or GiB, never translated</extracomment>
        <translation>Bytes (%1)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LogModel</name>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LogView</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the whole log to the clipboard</source>
        <translation>Gesamtes Protokoll in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::MainWindow</name>
    <message>
        <source>Ready.</source>
        <translation>Bereit.</translation>
    </message>
    <message>
        <source>Ready. No GPU found: the simulated device sim:0 is selected (simulated, not a GPU measurement).</source>
        <translation>Bereit. Keine GPU gefunden: Das simulierte Gerät sim:0 ist ausgewählt (simuliert, keine GPU-Messung).</translation>
    </message>
    <message>
        <source>Choose a device first.</source>
        <translation>Wählen Sie zuerst ein Gerät.</translation>
    </message>
    <message>
        <source>Correct the fields marked in red in the workload form first.</source>
        <translation>Korrigieren Sie zuerst die rot markierten Felder im Lastformular.</translation>
    </message>
    <message>
        <source>IteraGPU Lab</source>
        <translation>IteraGPU Lab</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Unit</source>
        <translation>&amp;Einheit</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>&amp;Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Reset &amp;layout</source>
        <translation>&amp;Layout zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About IteraGPU Lab</source>
        <translation>&amp;Über IteraGPU Lab</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Phasen</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>U&amp;nit:</source>
        <translation>&amp;Einheit:</translation>
    </message>
    <message>
        <source>The catalog of this language could not be loaded.</source>
        <translation>Der Übersetzungskatalog dieser Sprache konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>GiB (2^30 bytes)</source>
        <translation>GiB (2^30 Bytes)</translation>
    </message>
    <message>
        <source>GB (10^9 bytes)</source>
        <translation>GB (10^9 Bytes)</translation>
    </message>
    <message>
        <source>A run is going; the sweep can start after it.</source>
        <translation>Ein Lauf ist im Gang; der Sweep kann danach starten.</translation>
    </message>
    <message>
        <source>A sweep is running; stop it or wait for its end.</source>
        <translation>Ein Sweep läuft; anhalten oder sein Ende abwarten.</translation>
    </message>
    <message>
        <source>Run a &amp;PyTorch script…</source>
        <translation>&amp;PyTorch-Skript ausführen…</translation>
    </message>
    <message>
        <source>Start your own PyTorch program measured from inside by iteragpu_probe; its phases appear live</source>
        <translation>Ihr eigenes PyTorch-Programm starten, von innen gemessen durch iteragpu_probe; seine Phasen erscheinen live</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>&amp;Schnellstart</translation>
    </message>
    <message>
        <source>Step &amp;%1: %2</source>
        <extracomment>View menu entry: %1 the step&apos;s number, %2 its name</extracomment>
        <translation>Schritt &amp;%1: %2</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>&amp;Gerät:</translation>
    </message>
    <message>
        <source>Quick start</source>
        <translation>Schnellstart</translation>
    </message>
    <message>
        <source>&amp;Stop after the current step</source>
        <translation>Nach dem aktuellen Schritt a&amp;nhalten</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ModelSourceBox</name>
    <message>
        <source>Parameters: enter a whole number greater than 0, e.g. 7000000000.</source>
        <translation>Parameter: Geben Sie eine ganze Zahl größer als 0 ein, z. B. 7000000000.</translation>
    </message>
    <message>
        <source>Presets could not be read: %1</source>
        <extracomment>%1 is the reason the presets could not be read</extracomment>
        <translation>Vorlagen konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Choose a preset model.</source>
        <translation>Wählen Sie ein Modell aus den Vorlagen.</translation>
    </message>
    <message>
        <source>Open a config.json to size this model.</source>
        <translation>Öffnen Sie eine config.json, um dieses Modell zu dimensionieren.</translation>
    </message>
    <message>
        <source>Open a safetensors checkpoint to size this model.</source>
        <translation>Öffnen Sie einen safetensors-Checkpoint, um dieses Modell zu dimensionieren.</translation>
    </message>
    <message>
        <source>Open config.json</source>
        <translation>config.json öffnen</translation>
    </message>
    <message>
        <source>Model configuration (config.json *.json);;All files (*)</source>
        <translation>Modellkonfiguration (config.json *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a safetensors checkpoint</source>
        <translation>safetensors-Checkpoint öffnen</translation>
    </message>
    <message>
        <source>safetensors (*.safetensors *.safetensors.index.json);;All files (*)</source>
        <translation>safetensors (*.safetensors *.safetensors.index.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a folder of safetensors shards</source>
        <translation>Ordner mit safetensors-Shards öffnen</translation>
    </message>
    <message>
        <source>%1: %2 parameters (exact, from the shapes)</source>
        <extracomment>%1 is the model family (e.g. &quot;llama&quot;), %2 the exact parameter count</extracomment>
        <translation>%1: %2 Parameter (exakt, aus den Formen)</translation>
    </message>
    <message>
        <source>Sizes weights as parameters × bits / 8 (for example 7 000 000 000 × 16 bit).</source>
        <translation>Dimensioniert die Gewichte als Parameter × Bits / 8 (zum Beispiel 7 000 000 000 × 16 Bit).</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <extracomment>%1 is where the preset&apos;s config comes from (a URL)</extracomment>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>Choose a model.</source>
        <translation>Wählen Sie ein Modell.</translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json.</source>
        <translation>Öffnen Sie eine config.json von Hugging Face.</translation>
    </message>
    <message>
        <source>Tensors: %1 · files: %2 · elements: %3 · stored: %4</source>
        <extracomment>%1 number of tensors, %2 number of files, %3 element count, %4 size of the stored tensors. Written as labels with values, so no plural forms are needed.</extracomment>
        <translation>Tensoren: %1 · Dateien: %2 · Elemente: %3 · gespeichert: %4</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Quantization metadata found (scales, absmax or packed weights).</source>
        <translation>Quantisierungsmetadaten gefunden (Skalen, absmax oder gepackte Gewichte).</translation>
    </message>
    <message>
        <source>Open a .safetensors file, a model.safetensors.index.json or a folder of shards.</source>
        <translation>Öffnen Sie eine .safetensors-Datei, eine model.safetensors.index.json oder einen Ordner mit Shards.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Quelle:</translation>
    </message>
    <message>
        <source>Numbers typed in</source>
        <translation>Eingegebene Zahlen</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>config.json file</source>
        <translation>config.json-Datei</translation>
    </message>
    <message>
        <source>safetensors checkpoint</source>
        <translation>safetensors-Checkpoint</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>Parameter:</translation>
    </message>
    <message>
        <source>A whole number, e.g. 7000000000 or 7e9.</source>
        <translation>Eine ganze Zahl, z. B. 7000000000 oder 7e9.</translation>
    </message>
    <message>
        <source>Bits per parameter:</source>
        <translation>Bits pro Parameter:</translation>
    </message>
    <message>
        <source>storage format</source>
        <translation>Speicherformat</translation>
    </message>
    <message>
        <source>Parameters × bits / 8, with no metadata (the compact figure). Choose &quot;storage format&quot; to size by the format below.</source>
        <translation>Parameter × Bits / 8, ohne Metadaten (die kompakte Zahl). Wählen Sie „Speicherformat“, um nach dem Format unten zu dimensionieren.</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Open config.json…</source>
        <translation>config.json öffnen…</translation>
    </message>
    <message>
        <source>Open file or index…</source>
        <translation>Datei oder Index öffnen…</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>Ordner öffnen…</translation>
    </message>
    <message>
        <source>Weights as stored in the checkpoint</source>
        <translation>Gewichte, wie im Checkpoint gespeichert</translation>
    </message>
    <message>
        <source>No checkpoint opened</source>
        <translation>Kein Checkpoint geöffnet</translation>
    </message>
    <message>
        <source>No config.json opened</source>
        <translation>Keine config.json geöffnet</translation>
    </message>
    <message>
        <source>No presets found</source>
        <translation>Keine Vorlagen gefunden</translation>
    </message>
    <message>
        <source>Type or pick a model of the Hugging Face cache (ORG/NAME, @REVISION optional).</source>
        <translation>Ein Modell aus dem Hugging-Face-Cache eingeben oder wählen (ORG/NAME, @REVISION optional).</translation>
    </message>
    <message>
        <source>Open a GGUF file to size this model.</source>
        <translation>Eine GGUF-Datei öffnen, um dieses Modell zu dimensionieren.</translation>
    </message>
    <message>
        <source>Cache: %1 (%2 models; nothing is downloaded)</source>
        <extracomment>%1 the Hugging Face cache folder, %2 the number of models in it</extracomment>
        <translation>Cache: %1 (%2 Modelle; nichts wird heruntergeladen)</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>GGUF-Datei öffnen</translation>
    </message>
    <message>
        <source>GGUF (*.gguf);;All files (*)</source>
        <translation>GGUF (*.gguf);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 at %2 (snapshot %3)</source>
        <extracomment>%1 the model id (ORG/NAME), %2 the revision asked for (main), %3 the snapshot&apos;s commit (shortened)</extracomment>
        <translation>%1 bei %2 (Snapshot %3)</translation>
    </message>
    <message>
        <source>Weights as stored in the snapshot&apos;s safetensors: %1 (files: %2)</source>
        <extracomment>%1 size of the stored tensors, %2 number of files</extracomment>
        <translation>Gewichte, wie in den safetensors des Snapshots gespeichert: %1 (Dateien: %2)</translation>
    </message>
    <message>
        <source>No safetensors in the snapshot: the weights are sized by the format.</source>
        <translation>Keine safetensors im Snapshot: die Gewichte werden nach dem Format dimensioniert.</translation>
    </message>
    <message>
        <source>Models are read from the local Hugging Face cache only; nothing is downloaded.</source>
        <translation>Modelle werden nur aus dem lokalen Hugging-Face-Cache gelesen; nichts wird heruntergeladen.</translation>
    </message>
    <message>
        <source>GGUF version %1 · tensors: %2 · stored: %3</source>
        <extracomment>%1 GGUF version (2 or 3), %2 number of tensors, %3 size of the stored tensors</extracomment>
        <translation>GGUF-Version %1 · Tensoren: %2 · gespeichert: %3</translation>
    </message>
    <message>
        <source>Types: %1</source>
        <extracomment>%1 the ggml types of the tensors with their counts (&quot;Q4_K × 193, F32 × 65&quot;)</extracomment>
        <translation>Typen: %1</translation>
    </message>
    <message>
        <source>Open a GGUF file (llama.cpp): its header gives the shape and the weights as stored.</source>
        <translation>Eine GGUF-Datei (llama.cpp) öffnen: ihr Header liefert die Form und die Gewichte, wie gespeichert.</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging-Face-Cache</translation>
    </message>
    <message>
        <source>GGUF file</source>
        <translation>GGUF-Datei</translation>
    </message>
    <message>
        <source>Model id:</source>
        <translation>Modell-ID:</translation>
    </message>
    <message>
        <source>ORG/NAME or ORG/NAME@REVISION</source>
        <translation>ORG/NAME oder ORG/NAME@REVISION</translation>
    </message>
    <message>
        <source>A model of the local Hugging Face cache ($HF_HUB_CACHE, $HF_HOME/hub or ~/.cache/huggingface/hub); press Enter to read it. Nothing is downloaded.</source>
        <translation>Ein Modell aus dem lokalen Hugging-Face-Cache ($HF_HUB_CACHE, $HF_HOME/hub oder ~/.cache/huggingface/hub); Eingabetaste liest es. Nichts wird heruntergeladen.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Open GGUF…</source>
        <translation>GGUF öffnen…</translation>
    </message>
    <message>
        <source>No GGUF file opened</source>
        <translation>Keine GGUF-Datei geöffnet</translation>
    </message>
    <message>
        <source>%1. Choose an architecture under &apos;Read as&apos; only if the model really is laid out like it.</source>
        <extracomment>%1 the reader&apos;s one line (names the unknown model_type and the known ones)</extracomment>
        <translation>%1. Wählen Sie unter „Lesen als“ nur dann eine Architektur, wenn das Modell tatsächlich so aufgebaut ist.</translation>
    </message>
    <message>
        <source>Read as:</source>
        <translation>Lesen als:</translation>
    </message>
    <message>
        <source>(not read: unknown architecture)</source>
        <translation>(nicht gelesen: unbekannte Architektur)</translation>
    </message>
    <message>
        <source>Reads a config.json whose model_type is not a known architecture as the one chosen, on purpose; every output then says so</source>
        <translation>Liest eine config.json, deren model_type keine bekannte Architektur ist, bewusst als die gewählte; jede Ausgabe weist dann darauf hin</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::OverwritePrompt</name>
    <message>
        <source>Replace file?</source>
        <translation>Datei ersetzen?</translation>
    </message>
    <message>
        <source>%1 already exists. Do you want to replace it?</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 existiert bereits. Möchten Sie die Datei ersetzen?</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::OwnerBar</name>
    <message>
        <source>no allocated reading</source>
        <translation>kein allocated-Messwert</translation>
    </message>
    <message>
        <source>%1: missing</source>
        <extracomment>%1 an owner, e.g. &quot;weights&quot;; its reading is missing</extracomment>
        <translation>%1: fehlt</translation>
    </message>
    <message>
        <source>%1 %2 (%3 %)</source>
        <extracomment>%1 an owner, e.g. &quot;weights&quot;, %2 its bytes with the unit, %3 its share of the peak allocated in percent</extracomment>
        <translation>%1 %2 (%3 %)</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why the split by owner is missing, in words (from the ledger)</extracomment>
        <translation>fehlt: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::PhaseDiffModel</name>
    <message>
        <source>absent</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>B − A: %1 bytes</source>
        <extracomment>%1 is a signed byte count</extracomment>
        <translation>B − A: %1 Bytes</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Status A</source>
        <translation>Status A</translation>
    </message>
    <message>
        <source>Status B</source>
        <translation>Status B</translation>
    </message>
    <message>
        <source>Peak allocated A</source>
        <translation>Spitzenwert allocated A</translation>
    </message>
    <message>
        <source>Peak allocated B</source>
        <translation>Spitzenwert allocated B</translation>
    </message>
    <message>
        <source>Δ allocated</source>
        <translation>Δ allocated</translation>
    </message>
    <message>
        <source>Peak reserved A</source>
        <translation>Spitzenwert reserved A</translation>
    </message>
    <message>
        <source>Peak reserved B</source>
        <translation>Spitzenwert reserved B</translation>
    </message>
    <message>
        <source>Δ reserved</source>
        <translation>Δ reserved</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::PhaseTableModel</name>
    <message>
        <source>running…</source>
        <translation>läuft…</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>Speichermangel</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>%1 is an amount with two decimals, %2 the unit symbol GB or GiB</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>0 B (equal)</source>
        <translation>0 B (gleich)</translation>
    </message>
    <message>
        <source>%1%2 B</source>
        <extracomment>%1 is the sign (+ or −), %2 a byte count with thousands separators</extracomment>
        <translation>%1%2 B</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>%1 is a duration in seconds</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>No prediction or no measured peak for this phase.</source>
        <translation>Keine Vorhersage oder kein gemessener Spitzenwert für diese Phase.</translation>
    </message>
    <message>
        <source>Measured peak allocated minus predicted: %1%2</source>
        <extracomment>%1 is the sign, %2 the difference in the chosen unit</extracomment>
        <translation>Gemessener Spitzenwert allocated minus Vorhersage: %1%2</translation>
    </message>
    <message>
        <source>The experts&apos; routing was observed from the data but not recorded, so the prediction assumed balanced round-robin routing.</source>
        <translation>Das Routing der Experten wurde aus den Daten beobachtet, aber nicht aufgezeichnet; die Vorhersage hat daher ein gleichmäßiges Round-Robin-Routing angenommen.</translation>
    </message>
    <message>
        <source>No device-level reading (null).</source>
        <translation>Kein Messwert auf Geräteebene (null).</translation>
    </message>
    <message>
        <source>Driver: %1 bytes used, %2 free of %3
This process: %4 bytes (%5)</source>
        <extracomment>%1 used bytes, %2 free bytes, %3 total bytes, %4 bytes this process uses, %5 where that came from</extracomment>
        <translation>Treiber: %1 Bytes belegt, %2 von %3 frei
Dieser Prozess: %4 Bytes (%5)</translation>
    </message>
    <message>
        <source>No reading (null).</source>
        <translation>Kein Messwert (null).</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is an exact byte count with thousands separators</extracomment>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>Maximum since the phase&apos;s peak reset. The two maxima may come from different moments; their difference is not a state.</source>
        <translation>Maximum seit dem Zurücksetzen der Spitzenwerte der Phase. Die beiden Maxima können von verschiedenen Zeitpunkten stammen; ihre Differenz ist kein Zustand.</translation>
    </message>
    <message>
        <source>Device-level reading after the phase (driver), never added to the allocator&apos;s counters</source>
        <translation>Messwert auf Geräteebene nach der Phase (Treiber), nie zu den Zählern des Allocators addiert</translation>
    </message>
    <message>
        <source>Measured peak allocated minus predicted peak, in bytes</source>
        <translation>Gemessener Spitzenwert allocated minus vorhergesagter Spitzenwert, in Bytes</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Baseline allocated</source>
        <translation>Ausgangswert allocated</translation>
    </message>
    <message>
        <source>Baseline reserved</source>
        <translation>Ausgangswert reserved</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Spitzenwert allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Spitzenwert reserved</translation>
    </message>
    <message>
        <source>Final allocated</source>
        <translation>Endstand allocated</translation>
    </message>
    <message>
        <source>Final reserved</source>
        <translation>Endstand reserved</translation>
    </message>
    <message>
        <source>Device-level used</source>
        <translation>Belegt (Geräteebene)</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>Spitzenwert (Prognose)</translation>
    </message>
    <message>
        <source>Measured − predicted</source>
        <translation>Gemessen − vorhergesagt</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>interrupted (%1 of %2)</source>
        <extracomment>a phase that Stop cut short: %1 iterations (decode steps, warm-up runs) ran of the %2 planned</extracomment>
        <translation>unterbrochen (%1 von %2)</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::QuickStartNote</name>
    <message>
        <source>&lt;b&gt;What to do first&lt;/b&gt;: choose a model below (a preset, a config.json, a safetensors or GGUF file) and the device at the right of the steps; the verdict beside the inputs says whether it fits. Then measure, explain, find the boundary and decide, one tab each (Help &gt; Quick start).</source>
        <translation>&lt;b&gt;Was zuerst zu tun ist&lt;/b&gt;: ein Modell unten wählen (eine Vorlage, eine config.json, eine safetensors- oder GGUF-Datei) und das Gerät rechts neben den Schritten; das Urteil neben den Eingaben sagt, ob es passt. Dann messen, erklären, die Grenze finden und entscheiden, je ein Reiter (Hilfe &gt; Schnellstart).</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;: %3</source>
        <extracomment>one line of the quick start: %1 the step&apos;s number, %2 its name, %3 what it is for</extracomment>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;: %3</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>Verstanden</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RecentFiles</name>
    <message>
        <source>No longer there</source>
        <translation>Nicht mehr vorhanden</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>Keine zuletzt geöffneten Dateien</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ReportActions</name>
    <message>
        <source>&amp;Open result…</source>
        <translation>&amp;Ergebnis öffnen…</translation>
    </message>
    <message>
        <source>&amp;Compare two results…</source>
        <translation>Zwei Ergebnisse &amp;vergleichen…</translation>
    </message>
    <message>
        <source>Export result as &amp;JSON…</source>
        <translation>Ergebnis als &amp;JSON exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;decision sheet…</source>
        <translation>&amp;Datenblatt exportieren…</translation>
    </message>
    <message>
        <source>Export chart as &amp;PNG…</source>
        <translation>Diagramm als &amp;PNG exportieren…</translation>
    </message>
    <message>
        <source>Export chart as &amp;SVG…</source>
        <translation>Diagramm als SV&amp;G exportieren…</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>There is no result to export yet: run a workload or open a result.</source>
        <translation>Es gibt noch kein Ergebnis zum Exportieren: Führen Sie eine Last aus oder öffnen Sie ein Ergebnis.</translation>
    </message>
    <message>
        <source>Open a result</source>
        <translation>Ergebnis öffnen</translation>
    </message>
    <message>
        <source>IteraGPU results (*.json);;All files (*)</source>
        <translation>IteraGPU-Ergebnisse (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open result</source>
        <translation>Ergebnis öffnen</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <source>Compare two results</source>
        <translation>Zwei Ergebnisse vergleichen</translation>
    </message>
    <message>
        <source>Export result as JSON</source>
        <translation>Ergebnis als JSON exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>Diagramm als PNG exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>Export chart as SVG</source>
        <translation>Diagramm als SVG exportieren</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <source>The window keeps showing the run in progress; the result can be compared and exported.</source>
        <translation>Das Fenster zeigt weiter den aktuellen Lauf; das Ergebnis kann verglichen und exportiert werden.</translation>
    </message>
    <message>
        <source>&amp;Import PyTorch snapshot…</source>
        <translation>PyTorch-Snapshot &amp;importieren…</translation>
    </message>
    <message>
        <source>Export as &amp;memory_viz snapshot…</source>
        <translation>Als &amp;memory_viz-Snapshot exportieren…</translation>
    </message>
    <message>
        <source>Export as Per&amp;fetto trace…</source>
        <translation>Als Per&amp;fetto-Trace exportieren…</translation>
    </message>
    <message>
        <source>Import PyTorch snapshot</source>
        <translation>PyTorch-Snapshot importieren</translation>
    </message>
    <message>
        <source>Imported %1: %2 phase(s) rebuilt from a PyTorch memory snapshot, not measured by IteraGPU.</source>
        <extracomment>%1 is a file path, %2 the number of phases</extracomment>
        <translation>%1 importiert: %2 Phase(n) aus einem PyTorch-Speicher-Snapshot rekonstruiert, nicht von IteraGPU gemessen.</translation>
    </message>
    <message>
        <source>Import a PyTorch memory snapshot</source>
        <translation>PyTorch-Speicher-Snapshot importieren</translation>
    </message>
    <message>
        <source>PyTorch memory snapshots (*.pickle *.pkl);;All files (*)</source>
        <translation>PyTorch-Speicher-Snapshots (*.pickle *.pkl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export as a memory_viz snapshot</source>
        <translation>Als memory_viz-Snapshot exportieren</translation>
    </message>
    <message>
        <source>PyTorch memory snapshot (*.pickle)</source>
        <translation>PyTorch-Speicher-Snapshot (*.pickle)</translation>
    </message>
    <message>
        <source>Export as a Perfetto trace</source>
        <translation>Als Perfetto-Trace exportieren</translation>
    </message>
    <message>
        <source>Perfetto / Chrome JSON trace (*.json)</source>
        <translation>Perfetto-/Chrome-JSON-Trace (*.json)</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ReserveBox</name>
    <message>
        <source>The run device</source>
        <translation>Das Gerät des Laufs</translation>
    </message>
    <message>
        <source>%1 %2, %3</source>
        <extracomment>%1 device id (e.g. &quot;cuda:0&quot;), %2 its name, %3 its reported capacity</extracomment>
        <translation>%1 %2, %3</translation>
    </message>
    <message>
        <source>%1 (catalog), %2</source>
        <extracomment>%1 a catalog card&apos;s name, %2 the capacity it reports (not the marketed figure)</extracomment>
        <translation>%1 (Katalog), %2</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>none chosen</source>
        <translation>keines gewählt</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <extracomment>%1 is the device name, %2 its reported capacity</extracomment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Reserve and device</source>
        <translation>Reserve und Gerät</translation>
    </message>
    <message>
        <source>Reserve:</source>
        <translation>Reserve:</translation>
    </message>
    <message>
        <source>CUDA context, fragmentation, other processes. Kept in the unit you choose.</source>
        <translation>CUDA-Kontext, Fragmentierung, andere Prozesse. Bleibt in der gewählten Einheit.</translation>
    </message>
    <message>
        <source>Run device:</source>
        <translation>Gerät des Laufs:</translation>
    </message>
    <message>
        <source>Verdict for:</source>
        <translation>Urteil für:</translation>
    </message>
    <message>
        <source>The card the fit verdict is for: the run device, another device of this machine or a catalog card. The run itself keeps its device.</source>
        <translation>Die Karte, für die das Urteil zur Passung gilt: das Gerät des Laufs, ein anderes Gerät dieses Rechners oder eine Karte aus dem Katalog. Der Lauf selbst behält sein Gerät.</translation>
    </message>
    <message>
        <source>Devices (tensor parallel):</source>
        <translation>Geräte (Tensor-Parallelität):</translation>
    </message>
    <message>
        <source>Weights and KV heads are divided among the devices; the need is per device.</source>
        <translation>Gewichte und KV-Köpfe werden auf die Geräte aufgeteilt; der Bedarf gilt pro Gerät.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ResultCompareWidget</name>
    <message>
        <source>Open a result</source>
        <translation>Ergebnis öffnen</translation>
    </message>
    <message>
        <source>IteraGPU results (*.json);;All files (*)</source>
        <translation>IteraGPU-Ergebnisse (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>No result opened.</source>
        <translation>Kein Ergebnis geöffnet.</translation>
    </message>
    <message>
        <source>Open a second result to compare.</source>
        <translation>Öffnen Sie ein zweites Ergebnis zum Vergleich.</translation>
    </message>
    <message>
        <source>Open A…</source>
        <translation>A öffnen…</translation>
    </message>
    <message>
        <source>Open B…</source>
        <translation>B öffnen…</translation>
    </message>
    <message>
        <source>Differences per phase (B − A); each peak is its own maximum</source>
        <translation>Differenzen pro Phase (B − A); jeder Spitzenwert ist ein eigenes Maximum</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 · %3</source>
        <extracomment>%1 where the result comes from (a file name, or &quot;run 3 (measured in this session, not saved)&quot;), %2 device id, %3 the run&apos;s own workload (model, format, sequences, tokens; or the dense network&apos;s fields)</extracomment>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 · %3</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ResultExporter</name>
    <message>
        <source>%1 was not replaced.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 wurde nicht ersetzt.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>The result could not be converted to JSON: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>Das Ergebnis konnte nicht in JSON umgewandelt werden: %1</translation>
    </message>
    <message>
        <source>Unknown sheet format for %1: use .md, .html or .pdf.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Unbekanntes Datenblattformat für %1: Verwenden Sie .md, .html oder .pdf.</translation>
    </message>
    <message>
        <source>The catalog for %1 could not be loaded; the sheet is in English.</source>
        <extracomment>%1 is a language code, e.g. &quot;de&quot;</extracomment>
        <translation>Der Übersetzungskatalog für %1 konnte nicht geladen werden; das Datenblatt ist auf Englisch.</translation>
    </message>
    <message>
        <source>There is no chart to export.</source>
        <translation>Es gibt kein Diagramm zum Exportieren.</translation>
    </message>
    <message>
        <source>The chart could not be rendered as SVG.</source>
        <translation>Das Diagramm konnte nicht als SVG gerendert werden.</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <extracomment>%1 is a file path, %2 the reason</extracomment>
        <translation>%1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>The run could not be converted to a memory snapshot: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>Der Lauf konnte nicht in einen Speicher-Snapshot umgewandelt werden: %1</translation>
    </message>
    <message>
        <source>The run could not be converted to a Perfetto trace: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>Der Lauf konnte nicht in einen Perfetto-Trace umgewandelt werden: %1</translation>
    </message>
    <message>
        <source>Could not import the snapshot: %1</source>
        <extracomment>%1 is the reason (it names the file)</extracomment>
        <translation>Der Snapshot konnte nicht importiert werden: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ResultPhaseModel</name>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>%1 is a duration in seconds</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Spitzenwert allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Spitzenwert reserved</translation>
    </message>
    <message>
        <source>Final allocated</source>
        <translation>Endstand allocated</translation>
    </message>
    <message>
        <source>Final reserved</source>
        <translation>Endstand reserved</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>Spitzenwert (Prognose)</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunController</name>
    <message>
        <source>A run is still going; stop it first.</source>
        <translation>Ein Lauf ist noch aktiv; halten Sie ihn zuerst an.</translation>
    </message>
    <message>
        <source>The run cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Der Lauf kann nicht starten: %1</translation>
    </message>
    <message>
        <source>The backend of %1 is not loaded; choose another device.</source>
        <extracomment>%1 is a device id such as cuda:0</extracomment>
        <translation>Das Backend von %1 ist nicht geladen; wählen Sie ein anderes Gerät.</translation>
    </message>
    <message>
        <source>The run could not start.</source>
        <translation>Der Lauf konnte nicht starten.</translation>
    </message>
    <message>
        <source>The script cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Das Skript kann nicht starten: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunPanel</name>
    <message>
        <source>Run the workload on the chosen device (Ctrl+R)</source>
        <translation>Die Last auf dem gewählten Gerät ausführen (Strg+R)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>Aus&amp;führen</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Hält an…</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>A&amp;nhalten</translation>
    </message>
    <message>
        <source>Phase: —</source>
        <translation>Phase: —</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <extracomment>%1 is a phase identifier such as cold_forward</extracomment>
        <translation>Phase: %1</translation>
    </message>
    <message>
        <source>Overall:</source>
        <translation>Gesamt:</translation>
    </message>
    <message>
        <source>%v / %m phases</source>
        <extracomment>progress bar text: %v phases done of %m planned</extracomment>
        <translation>%v / %m Phasen</translation>
    </message>
    <message>
        <source>Stop after the current step (a decode step, a warm-up run) or phase; what was measured is kept</source>
        <translation>Nach dem aktuellen Schritt (einem Decode-Schritt, einem Aufwärmlauf) oder der aktuellen Phase anhalten; was gemessen wurde, bleibt erhalten</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunWiring</name>
    <message>
        <source>Out of memory in phase %1: %2</source>
        <extracomment>%1 is a phase identifier, %2 the allocator&apos;s or the runtime&apos;s own error text</extracomment>
        <translation>Speichermangel in Phase %1: %2</translation>
    </message>
    <message>
        <source>Phase %1 failed: %2</source>
        <extracomment>%1 is a phase identifier, %2 the runtime&apos;s own error text</extracomment>
        <translation>Phase %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 (%2) · your script, measured by iteragpu_probe</source>
        <extracomment>%1 is the device id, e.g. cuda:0; %2 its name as PyTorch reports it</extracomment>
        <translation>%1 (%2) · Ihr Skript, gemessen von iteragpu_probe</translation>
    </message>
    <message>
        <source>The probe (%1) measures on %2 (%3).</source>
        <extracomment>%1 what measures (iteragpu_probe 1.0 (PyTorch 2.5.1)), %2 the device id, %3 the device&apos;s name</extracomment>
        <translation>Die Sonde (%1) misst auf %2 (%3).</translation>
    </message>
    <message>
        <source>The workload form has invalid values; nothing was started.</source>
        <translation>Das Lastformular enthält ungültige Werte; es wurde nichts gestartet.</translation>
    </message>
    <message>
        <source>Run %1 started on %2. %3</source>
        <extracomment>%1 run number, %2 device id, %3 the workload form&apos;s sentence of what Run measures</extracomment>
        <translation>Lauf %1 auf %2 gestartet. %3</translation>
    </message>
    <message>
        <source>Run %1 started on %2: %3, batch %4, context %5, width %6, %7.</source>
        <extracomment>%1 run number, %2 device id, %3 mode, %4 batch, %5 context, %6 width, %7 data type</extracomment>
        <translation>Lauf %1 auf %2 gestartet: %3, batch %4, Kontext %5, Breite %6, %7.</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Simuliert, keine GPU-Messung.</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Läuft…</translation>
    </message>
    <message>
        <source>your script, measured by iteragpu_probe</source>
        <translation>Ihr Skript, gemessen von iteragpu_probe</translation>
    </message>
    <message>
        <source>Run %1 started: %2 %3 (measured from inside by iteragpu_probe).</source>
        <extracomment>%1 run number, %2 the interpreter (python3), %3 the script and its arguments</extracomment>
        <translation>Lauf %1 gestartet: %2 %3 (von innen gemessen durch iteragpu_probe).</translation>
    </message>
    <message>
        <source>Stop requested: the script gets Ctrl+C (then SIGTERM); what was measured is kept.</source>
        <translation>Stopp angefordert: Das Skript erhält Strg+C (dann SIGTERM); was gemessen wurde, bleibt erhalten.</translation>
    </message>
    <message>
        <source>Stop requested: the run stops after the current step (a decode step, a warm-up run) or phase and keeps what was measured.</source>
        <translation>Anhalten angefordert: Der Lauf hält nach dem aktuellen Schritt (einem Decode-Schritt, einem Aufwärmlauf) oder der aktuellen Phase an und behält, was gemessen wurde.</translation>
    </message>
    <message>
        <source>Stopping after the current step…</source>
        <translation>Halte nach dem aktuellen Schritt an…</translation>
    </message>
    <message>
        <source>%1 as %2 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0; %2 the GPU catalog&apos;s card it stands in for, e.g. NVIDIA H100 80GB SXM</extracomment>
        <translation>%1 als %2 · simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>%1 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0</extracomment>
        <translation>%1 · simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>Run %1 finished:</source>
        <extracomment>%1 run number; followed by counts of phases</extracomment>
        <translation>Lauf %1 beendet:</translation>
    </message>
    <message numerus="yes">
        <source>%n phase(s) ok</source>
        <extracomment>%n number of phases that passed</extracomment>
        <translation>
            <numerusform>%n Phase ok</numerusform>
            <numerusform>%n Phasen ok</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <extracomment>%n number of phases that failed</extracomment>
        <translation>
            <numerusform>%n fehlgeschlagen</numerusform>
            <numerusform>%n fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <extracomment>%n number of phases that did not run</extracomment>
        <translation>
            <numerusform>%n nicht ausgeführt</numerusform>
            <numerusform>%n nicht ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <source>Run %1 could not measure: %2</source>
        <extracomment>%1 run number, %2 the backend&apos;s or the runtime&apos;s own error text</extracomment>
        <translation>Lauf %1 konnte nicht messen: %2</translation>
    </message>
    <message>
        <source>Out of memory in phase %1: %2. The phases before it are kept; the later ones did not run.</source>
        <extracomment>%1 is a phase identifier, %2 the error text; the phases measured before are kept</extracomment>
        <translation>Speichermangel in Phase %1: %2. Die vorherigen Phasen bleiben erhalten; die späteren wurden nicht ausgeführt.</translation>
    </message>
    <message>
        <source>Phase %1 failed: %2. The phases before it are kept; the later ones did not run.</source>
        <extracomment>%1 is a phase identifier, %2 the runtime&apos;s own error text</extracomment>
        <translation>Phase %1 fehlgeschlagen: %2. Die vorherigen Phasen bleiben erhalten; die späteren wurden nicht ausgeführt.</translation>
    </message>
    <message>
        <source>Stopped by the user; the measured phases are kept.</source>
        <translation>Vom Benutzer angehalten; die gemessenen Phasen bleiben erhalten.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped by the user after %n phase(s); what was measured is kept.</source>
        <extracomment>%n number of phases measured before the stop</extracomment>
        <translation>
            <numerusform>Nach %n Phase vom Benutzer angehalten; das Gemessene bleibt erhalten.</numerusform>
            <numerusform>Nach %n Phasen vom Benutzer angehalten; das Gemessene bleibt erhalten.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ScriptDialog</name>
    <message>
        <source>Run a PyTorch script</source>
        <translation>Ein PyTorch-Skript ausführen</translation>
    </message>
    <message>
        <source>e.g. --batch 4 --steps 10</source>
        <translation>z. B. --batch 4 --steps 10</translation>
    </message>
    <message>
        <source>the script&apos;s folder</source>
        <translation>der Ordner des Skripts</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose a PyTorch script</source>
        <translation>Ein PyTorch-Skript wählen</translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python-Skripte (*.py);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Choose the working folder</source>
        <translation>Den Arbeitsordner wählen</translation>
    </message>
    <message>
        <source>&amp;Script:</source>
        <translation>&amp;Skript:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>&amp;Argumente:</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>&amp;Arbeitsordner:</translation>
    </message>
    <message>
        <source>&amp;Python:</source>
        <translation>&amp;Python:</translation>
    </message>
    <message>
        <source>The script measures itself with iteragpu_probe (from iteragpu_probe import Probe; with probe.phase(&quot;prefill&quot;): …). Its phases appear live here; its output goes to the log. Stop sends Ctrl+C, then SIGTERM, and keeps what was measured.</source>
        <translation>Das Skript misst sich selbst mit iteragpu_probe (from iteragpu_probe import Probe; with probe.phase(&quot;prefill&quot;): …). Seine Phasen erscheinen hier live; seine Ausgabe geht ins Protokoll. Stopp sendet Strg+C, dann SIGTERM, und behält, was gemessen wurde.</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ScriptProcess</name>
    <message>
        <source>The program did not stop after Ctrl+C; sending SIGTERM.</source>
        <translation>Das Programm hat nach Strg+C nicht angehalten; SIGTERM wird gesendet.</translation>
    </message>
    <message>
        <source>The program did not stop after SIGTERM; killing it.</source>
        <translation>Das Programm hat nach SIGTERM nicht angehalten; es wird beendet (SIGKILL).</translation>
    </message>
    <message>
        <source>A script is still running; stop it first.</source>
        <translation>Ein Skript läuft noch; halten Sie es zuerst an.</translation>
    </message>
    <message>
        <source>The script %1 does not exist.</source>
        <extracomment>%1 is the path the user gave</extracomment>
        <translation>Das Skript %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The Python probe (iteragpu_probe) is not installed beside the workbench.</source>
        <translation>Die Python-Sonde (iteragpu_probe) ist nicht neben der Werkbank installiert.</translation>
    </message>
    <message>
        <source>The working folder %1 does not exist.</source>
        <extracomment>%1 is a folder path</extracomment>
        <translation>Der Arbeitsordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Cannot open the probe&apos;s event socket: %1</source>
        <extracomment>%1 is the system&apos;s reason</extracomment>
        <translation>Der Ereignis-Socket der Sonde lässt sich nicht öffnen: %1</translation>
    </message>
    <message>
        <source>A second probe connected; only the first one is followed.</source>
        <translation>Eine zweite Sonde hat sich verbunden; nur die erste wird verfolgt.</translation>
    </message>
    <message>
        <source>The probe sent a line longer than the limit; the stream is no longer followed.</source>
        <translation>Die Sonde hat eine Zeile über der Grenze gesendet; der Datenstrom wird nicht mehr verfolgt.</translation>
    </message>
    <message>
        <source>A line of the probe&apos;s stream was refused: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Eine Zeile des Datenstroms der Sonde wurde abgelehnt: %1</translation>
    </message>
    <message>
        <source>%1 could not be started: %2</source>
        <extracomment>%1 is the interpreter, e.g. python3; %2 the system&apos;s reason</extracomment>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>The program was stopped.</source>
        <translation>Das Programm wurde angehalten.</translation>
    </message>
    <message>
        <source>%1 ended abnormally.</source>
        <extracomment>%1 is the interpreter, e.g. python3</extracomment>
        <translation>%1 wurde abnormal beendet.</translation>
    </message>
    <message>
        <source>The program ended with exit code %1.</source>
        <extracomment>%1 is the program&apos;s exit code</extracomment>
        <translation>Das Programm wurde mit dem Code %1 beendet.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SimCardBox</name>
    <message>
        <source>Simulated c&amp;ard:</source>
        <translation>Simulierte &amp;Karte:</translation>
    </message>
    <message>
        <source>none (plain simulated device)</source>
        <translation>keine (einfaches simuliertes Gerät)</translation>
    </message>
    <message>
        <source>The card whose reported capacity and pace (peak FLOP/s and memory bandwidth, from the GPU catalog) the simulated device keeps</source>
        <translation>Die Karte, deren angegebene Kapazität und Tempo (Spitzen-FLOP/s und Speicherbandbreite, aus dem GPU-Katalog) das simulierte Gerät übernimmt</translation>
    </message>
    <message>
        <source>The GPU catalog could not be read: %1</source>
        <extracomment>%1 is the reason the GPU catalog could not be read</extracomment>
        <translation>Der GPU-Katalog konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>S&amp;peed:</source>
        <translation>Ges&amp;chwindigkeit:</translation>
    </message>
    <message>
        <source>%1 (as fast as possible)</source>
        <extracomment>%1 is the speed 0</extracomment>
        <translation>%1 (so schnell wie möglich)</translation>
    </message>
    <message>
        <source>%1× (the card&apos;s real time)</source>
        <extracomment>%1 is the speed 1</extracomment>
        <translation>%1× (Echtzeit der Karte)</translation>
    </message>
    <message>
        <source>%1× (slower than the card)</source>
        <extracomment>%1 is a speed below 1 such as 0.1: the modelled time passes that fraction as fast as on the card</extracomment>
        <translation>%1× (langsamer als die Karte)</translation>
    </message>
    <message>
        <source>%1× (faster than the card)</source>
        <extracomment>%1 is a speed above 1 such as 10: the modelled time passes that many times as fast</extracomment>
        <translation>%1× (schneller als die Karte)</translation>
    </message>
    <message>
        <source>How fast the modelled time passes: 1 keeps the card&apos;s pace, 0 does not wait at all</source>
        <translation>Wie schnell die modellierte Zeit vergeht: 1 hält das Tempo der Karte, 0 wartet überhaupt nicht</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SizingPanel</name>
    <message>
        <source>Reset to the seeds&apos; example</source>
        <translation>Auf das Beispiel zurücksetzen</translation>
    </message>
    <message>
        <source>7 000 000 000 parameters, 16 bit, 4 GiB reserve; every other choice back to its default.</source>
        <translation>7 000 000 000 Parameter, 16 Bit, 4 GiB Reserve; alle anderen Einstellungen zurück auf ihren Standardwert.</translation>
    </message>
    <message>
        <source>Run this model (random weights in its format) with these tokens and sequences: the workload tab takes them over</source>
        <translation>Dieses Modell (zufällige Gewichte in seinem Format) mit diesen Tokens und Sequenzen ausführen: Der Reiter „Last“ übernimmt sie</translation>
    </message>
    <message>
        <source>Needs a model shape: choose a preset or open a config.json</source>
        <translation>Benötigt eine Modellform: Wählen Sie eine Vorlage oder öffnen Sie eine config.json</translation>
    </message>
    <message>
        <source>&amp;Measure this model</source>
        <translation>Dieses Modell &amp;messen</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SizingResultsView</name>
    <message>
        <source>Needed per device: %1 (%2 bytes)</source>
        <extracomment>%1 is the total (e.g. &quot;17.04 GiB&quot;), %2 the exact bytes</extracomment>
        <translation>Bedarf pro Gerät: %1 (%2 Bytes)</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <extracomment>%1 is the parameter count</extracomment>
        <translation>%1 Parameter</translation>
    </message>
    <message>
        <source>Choose a device in the device picker, or a card under &quot;Verdict for&quot;, to see whether it fits.</source>
        <translation>Wählen Sie ein Gerät in der Geräteauswahl oder eine Karte unter „Urteil für“, um zu sehen, ob die Last passt.</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>%1 is the simulated device&apos;s id, e.g. &quot;sim:0&quot;</extracomment>
        <translation>%1 (simuliert)</translation>
    </message>
    <message>
        <source>Fits on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.</source>
        <extracomment>%1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component</extracomment>
        <translation>Passt auf %1: benötigt %2 pro Gerät, %3 verfügbar, Marge %4. Dominierend: %5.</translation>
    </message>
    <message>
        <source>Does not fit on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.</source>
        <extracomment>%1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component</extracomment>
        <translation>Passt nicht auf %1: benötigt %2 pro Gerät, %3 verfügbar, Marge %4. Dominierend: %5.</translation>
    </message>
    <message numerus="yes">
        <source>Per device, with %n device(s) in tensor parallel.</source>
        <extracomment>%n is the number of devices</extracomment>
        <translation>
            <numerusform>Pro Gerät, bei %n Gerät in Tensor-Parallelität.</numerusform>
            <numerusform>Pro Gerät, bei %n Geräten in Tensor-Parallelität.</numerusform>
        </translation>
    </message>
    <message>
        <source>capacity %1</source>
        <extracomment>%1 is the device&apos;s capacity, e.g. &quot;139.40 GiB&quot;</extracomment>
        <translation>Kapazität %1</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>Aufschlüsselung</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>Katalog</translation>
    </message>
    <message>
        <source>Capacity as the device reports it, not as it is sold. The need is per device; several GPUs are not one memory pool.</source>
        <translation>Kapazität, wie das Gerät sie meldet, nicht wie sie verkauft wird. Der Bedarf gilt pro Gerät; mehrere GPUs bilden keinen gemeinsamen Speicherpool.</translation>
    </message>
    <message>
        <source>The GPU catalog could not be read: %1</source>
        <extracomment>%1 is the reason the GPU catalog could not be read</extracomment>
        <translation>Der GPU-Katalog konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <extracomment>one part of what must fit on the device: %1 what it is, %2 its size, %3 &quot;computed&quot; or &quot;assumed&quot;</extracomment>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <source>What must fit on the device:
%1</source>
        <extracomment>%1 the parts, one per line, each starting with &quot;+ &quot;</extracomment>
        <translation>Was auf das Gerät passen muss:
%1</translation>
    </message>
    <message>
        <source>%1
The estimate: %2</source>
        <extracomment>%1 what was measured (one or two sentences), %2 the estimate&apos;s verdict</extracomment>
        <translation>%1
Die Schätzung: %2</translation>
    </message>
    <message>
        <source>Needed on the device: %1 (%2 bytes) = %3</source>
        <extracomment>%1 the total that must fit on the device (e.g. &quot;17.58 GiB&quot;), %2 its exact bytes, %3 its parts joined by &quot; + &quot;</extracomment>
        <translation>Auf dem Gerät benötigt: %1 (%2 Bytes) = %3</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepChart</name>
    <message>
        <source>Peak allocated vs %1</source>
        <extracomment>%1 is the varied dimension, e.g. sequences</extracomment>
        <translation>Spitzenwert allocated über %1</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>No sweep yet: run one or open a sweep folder</source>
        <translation>Noch kein Sweep: einen starten oder einen Sweep-Ordner öffnen</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>fitted</source>
        <translation>angepasst</translation>
    </message>
    <message>
        <source>boundary %1</source>
        <extracomment>%1 is the largest passing value of the sweep</extracomment>
        <translation>Grenze %1</translation>
    </message>
    <message>
        <source>Peak (%1)</source>
        <extracomment>%1 is a unit symbol such as MiB or GiB</extracomment>
        <translation>Spitzenwert (%1)</translation>
    </message>
    <message>
        <source>capacity %1</source>
        <extracomment>%1 is the device&apos;s capacity with its unit, e.g. 16.0 MiB</extracomment>
        <translation>Kapazität %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepController</name>
    <message>
        <source>A sweep is still going; stop it first.</source>
        <translation>Ein Sweep läuft noch; zuerst anhalten.</translation>
    </message>
    <message>
        <source>The workbench runs sweeps on this machine&apos;s devices only; the %1 executor is available from the command line (iteragpu sweep --executor).</source>
        <extracomment>%1 is the executor&apos;s name, e.g. slurm</extracomment>
        <translation>Die Werkbank führt Sweeps nur auf den Geräten dieses Rechners aus; der Executor %1 steht auf der Kommandozeile bereit (iteragpu sweep --executor).</translation>
    </message>
    <message>
        <source>The sweep cannot start: %1</source>
        <extracomment>%1 is the reason in one line, e.g. &quot;iteragpu not found&quot;
----------
%1 is the reason in one line</extracomment>
        <translation>Der Sweep kann nicht starten: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepForm</name>
    <message>
        <source>&amp;Vary:</source>
        <translation>&amp;Variieren:</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Suche:</translation>
    </message>
    <message>
        <source>the values listed</source>
        <translation>die aufgeführten Werte</translation>
    </message>
    <message>
        <source>the largest that fits</source>
        <translation>der größte, der passt</translation>
    </message>
    <message>
        <source>Va&amp;lues:</source>
        <translation>&amp;Werte:</translation>
    </message>
    <message>
        <source>Ascending whole numbers, separated by commas: 1, 2, 4, 8</source>
        <translation>Aufsteigende ganze Zahlen, durch Kommas getrennt: 1, 2, 4, 8</translation>
    </message>
    <message>
        <source>M&amp;in:</source>
        <translation>M&amp;in:</translation>
    </message>
    <message>
        <source>Ma&amp;x:</source>
        <translation>Ma&amp;x:</translation>
    </message>
    <message>
        <source>until the first failure</source>
        <translation>bis zum ersten Fehlschlag</translation>
    </message>
    <message>
        <source>Res&amp;olution:</source>
        <translation>Auf&amp;lösung:</translation>
    </message>
    <message>
        <source>The search stops when the first failing value is at most this far above the largest passing one.</source>
        <translation>Die Suche endet, wenn der erste scheiternde Wert höchstens so weit über dem größten erfolgreichen liegt.</translation>
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation>&amp;Geräte:</translation>
    </message>
    <message>
        <source>Device ids separated by commas (sim:0, cuda:1); never two trials on one device.</source>
        <translation>Geräte-IDs durch Kommas getrennt (sim:0, cuda:1); nie zwei Versuche auf einem Gerät.</translation>
    </message>
    <message>
        <source>&amp;Jobs:</source>
        <translation>&amp;Jobs:</translation>
    </message>
    <message>
        <source>Trials at once, each on its own device of the list.</source>
        <translation>Gleichzeitige Versuche, jeder auf einem eigenen Gerät der Liste.</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <source>a new or empty folder</source>
        <translation>ein neuer oder leerer Ordner</translation>
    </message>
    <message>
        <source>Choose the sweep folder</source>
        <translation>Sweep-Ordner wählen</translation>
    </message>
    <message>
        <source>Run s&amp;weep</source>
        <translation>S&amp;weep starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>An&amp;halten</translation>
    </message>
    <message>
        <source>Values: &apos;%1&apos; is not a whole number above 0.</source>
        <extracomment>%1 is what the user typed between two commas</extracomment>
        <translation>Werte: &apos;%1&apos; ist keine ganze Zahl über 0.</translation>
    </message>
    <message>
        <source>Values: list them in ascending order, each once.</source>
        <translation>Werte: aufsteigend angeben, jeden einmal.</translation>
    </message>
    <message>
        <source>Min: a whole number above 0.</source>
        <translation>Min: eine ganze Zahl über 0.</translation>
    </message>
    <message>
        <source>Max: a whole number above 0, or empty to search until the first failure.</source>
        <translation>Max: eine ganze Zahl über 0, oder leer, um bis zum ersten Fehlschlag zu suchen.</translation>
    </message>
    <message>
        <source>Max is below min.</source>
        <translation>Max liegt unter Min.</translation>
    </message>
    <message>
        <source>Resolution: a whole number above 0.</source>
        <translation>Auflösung: eine ganze Zahl über 0.</translation>
    </message>
    <message>
        <source>Devices: name at least one device, e.g. sim:0.</source>
        <translation>Geräte: mindestens ein Gerät angeben, z. B. sim:0.</translation>
    </message>
    <message numerus="yes">
        <source>Jobs: at most one trial per device, and %n device(s) are listed.</source>
        <extracomment>%n is the number of devices listed</extracomment>
        <translation>
            <numerusform>Jobs: höchstens ein Versuch je Gerät, und %n Gerät ist aufgeführt.</numerusform>
            <numerusform>Jobs: höchstens ein Versuch je Gerät, und %n Geräte sind aufgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder: choose a new or empty folder for the sweep&apos;s files.</source>
        <translation>Ordner: einen neuen oder leeren Ordner für die Dateien des Sweeps wählen.</translation>
    </message>
    <message>
        <source>Sweep folder</source>
        <translation>Sweep-Ordner</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepView</name>
    <message>
        <source>Open s&amp;weep folder…</source>
        <translation>S&amp;weep-Ordner öffnen…</translation>
    </message>
    <message>
        <source>Add sweep to co&amp;mpare…</source>
        <translation>Sweep zum &amp;Vergleich hinzufügen…</translation>
    </message>
    <message>
        <source>Clear compared</source>
        <translation>Vergleich leeren</translation>
    </message>
    <message>
        <source>Vary one dimension of the workload, one fresh measure process per value: choose it on the left and run, or open a sweep folder (File menu).</source>
        <translation>Eine Dimension der Last variieren, ein frischer Messprozess je Wert: links wählen und starten, oder einen Sweep-Ordner öffnen (Menü Datei).</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Simuliert, keine GPU-Messung.</translation>
    </message>
    <message>
        <source>Compared: %1. %2</source>
        <extracomment>%1 labels a compared sweep (its devices), %2 its boundary sentence</extracomment>
        <translation>Verglichen: %1. %2</translation>
    </message>
    <message>
        <source>The workload form has invalid values; no sweep was started.</source>
        <translation>Das Lastformular hat ungültige Werte; kein Sweep wurde gestartet.</translation>
    </message>
    <message>
        <source>The sweep cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Der Sweep kann nicht starten: %1</translation>
    </message>
    <message>
        <source>Sweep started in %1, varying %2.</source>
        <extracomment>%1 is the sweep folder, %2 the dimension varied</extracomment>
        <translation>Sweep in %1 gestartet, variiert: %2.</translation>
    </message>
    <message>
        <source>Stop requested: the running trials are stopped and marked interrupted; sweep.json keeps the finished ones.</source>
        <translation>Anhalten angefordert: die laufenden Versuche werden beendet und als unterbrochen markiert; sweep.json behält die abgeschlossenen.</translation>
    </message>
    <message>
        <source>Trial %1: %2 %3 on %4</source>
        <extracomment>%1 trial number, %2 dimension name, %3 its value, %4 device id
----------
%1 trial number, %2 dimension name, %3 its value, %4 the device&apos;s label (id, simulated)</extracomment>
        <translation>Versuch %1: %2 %3 auf %4</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>Trial %1 (%2 %3): %4.</source>
        <extracomment>%1 trial number, %2 dimension name, %3 value, %4 status (passed, failed, ...)</extracomment>
        <translation>Versuch %1 (%2 %3): %4.</translation>
    </message>
    <message>
        <source>Sweep complete.</source>
        <translation>Sweep abgeschlossen.</translation>
    </message>
    <message>
        <source>Sweep stopped: %1.</source>
        <extracomment>%1 says why the sweep stopped, e.g. &quot;interrupted&quot;</extracomment>
        <translation>Sweep angehalten: %1.</translation>
    </message>
    <message>
        <source>Sweep stopped.</source>
        <translation>Sweep angehalten.</translation>
    </message>
    <message>
        <source>The trial&apos;s result %1 cannot be read: %2</source>
        <extracomment>%1 is the result file, %2 the reason in one line</extracomment>
        <translation>Das Ergebnis %1 des Versuchs kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>A sweep is running; stop it before opening another.</source>
        <translation>Ein Sweep läuft; vor dem Öffnen eines anderen anhalten.</translation>
    </message>
    <message>
        <source>%1 cannot be opened as a sweep: %2</source>
        <extracomment>%1 is the folder, %2 the reason in one line</extracomment>
        <translation>%1 kann nicht als Sweep geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Sweep opened from %1.</source>
        <extracomment>%1 is the sweep folder</extracomment>
        <translation>Sweep aus %1 geöffnet.</translation>
    </message>
    <message>
        <source>Open or run a sweep first; the one added is compared with it.</source>
        <translation>Zuerst einen Sweep öffnen oder starten; der hinzugefügte wird mit ihm verglichen.</translation>
    </message>
    <message>
        <source>The sweep varies %1, the one shown %2: only sweeps of the same dimension share a chart.</source>
        <extracomment>%1 and %2 are dimension names</extracomment>
        <translation>Der Sweep variiert %1, der angezeigte %2: nur Sweeps derselben Dimension teilen ein Diagramm.</translation>
    </message>
    <message>
        <source>Open sweep folder</source>
        <translation>Sweep-Ordner öffnen</translation>
    </message>
    <message>
        <source>Add sweep to compare</source>
        <translation>Sweep zum Vergleich hinzufügen</translation>
    </message>
    <message>
        <source>Trials</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Trial timeline</source>
        <translation>Zeitverlauf des Versuchs</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TimelineChart</name>
    <message>
        <source>Allocated</source>
        <translation>Allocated</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>Reserved</translation>
    </message>
    <message>
        <source>Device-level (driver)</source>
        <translation>Geräteebene (Treiber)</translation>
    </message>
    <message>
        <source>Device capacity</source>
        <translation>Gerätekapazität</translation>
    </message>
    <message>
        <source>Sizing estimate</source>
        <translation>Schätzung (Dimensionierung)</translation>
    </message>
    <message>
        <source>Phase peak</source>
        <translation>Spitzenwert der Phase</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <extracomment>%1 is the unit symbol, GB or GiB, never translated</extracomment>
        <translation>Speicher (%1)</translation>
    </message>
    <message>
        <source>Device capacity %1 is above the scale ↑</source>
        <extracomment>%1 is the device capacity with its unit, e.g. &quot;80,00 GiB&quot;; its line is above the chart&apos;s scale</extracomment>
        <translation>Gerätekapazität %1 liegt über der Skala ↑</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>Speichermangel</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 in %2: %3</source>
        <extracomment>%1 is &quot;Out of memory&quot; or &quot;Failed&quot;, %2 the phase identifier, %3 the runtime&apos;s own error text</extracomment>
        <translation>%1 in %2: %3</translation>
    </message>
    <message>
        <source>%1 bytes (%2 %3)</source>
        <extracomment>%1 is a number of bytes with thousands separators, %2 the same amount in the unit, %3 the unit symbol</extracomment>
        <translation>%1 Bytes (%2 %3)</translation>
    </message>
    <message>
        <source>Time: %1 s</source>
        <extracomment>%1 is the time since the run started, in seconds</extracomment>
        <translation>Zeit: %1 s</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <extracomment>%1 is a phase identifier such as cold_forward</extracomment>
        <translation>Phase: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>No samples yet</source>
        <translation>Noch keine Abtastwerte</translation>
    </message>
    <message>
        <source>Allocated: %1</source>
        <extracomment>%1 is an amount such as &quot;1 073 741 824 bytes (1,00 GiB)&quot;</extracomment>
        <translation>Allocated: %1</translation>
    </message>
    <message>
        <source>Reserved: %1</source>
        <extracomment>%1 is an amount such as &quot;1 073 741 824 bytes (1,00 GiB)&quot;</extracomment>
        <translation>Reserved: %1</translation>
    </message>
    <message>
        <source>Device-level: %1</source>
        <extracomment>%1 is an amount, or a dash when the backend has no device-level reading</extracomment>
        <translation>Geräteebene: %1</translation>
    </message>
    <message numerus="yes">
        <source>Highest of %n samples</source>
        <extracomment>%n number of samples merged into this point of the chart</extracomment>
        <translation>
            <numerusform>Höchstwert aus %n Abtastwert</numerusform>
            <numerusform>Höchstwert aus %n Abtastwerten</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory timeline</source>
        <translation>Speicherverlauf</translation>
    </message>
    <message>
        <source>Sizing estimate %1 is above the scale ↑</source>
        <extracomment>%1 is the sizing estimate with its unit, e.g. &quot;17,00 GiB&quot;; its line is above the chart&apos;s scale</extracomment>
        <translation>Schätzung (Dimensionierung) %1 liegt über der Skala ↑</translation>
    </message>
    <message>
        <source>Predicted peak per phase</source>
        <translation>Spitzenwert pro Phase (Prognose)</translation>
    </message>
    <message>
        <source>Predicted peak per phase reaches %1, above the scale ↑</source>
        <extracomment>%1 is the highest predicted peak of a phase with its unit, e.g. &quot;17,00 GiB&quot;; above the chart&apos;s scale</extracomment>
        <translation>Spitzenwert pro Phase (Prognose) erreicht %1, über der Skala ↑</translation>
    </message>
    <message>
        <source>Areas: allocated by owner at each phase&apos;s peak moment (the samples carry totals only)</source>
        <translation>Flächen: allocated nach Eigentümer zum Zeitpunkt des Spitzenwerts jeder Phase (die Abtastwerte enthalten nur Gesamtwerte)</translation>
    </message>
    <message>
        <source>Colour allocated by &amp;owner</source>
        <translation>Allocated nach &amp;Eigentümer einfärben</translation>
    </message>
    <message>
        <source>Stack what each owner (weights, KV cache, activations, ...) held at each phase&apos;s peak moment under the lines</source>
        <translation>Unter den Linien stapeln, was jeder Eigentümer (Gewichte, KV-Cache, Aktivierungen, ...) zum Zeitpunkt des Spitzenwerts jeder Phase hielt</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TimelineNavigator</name>
    <message>
        <source>Fit to data</source>
        <translation>An Daten anpassen</translation>
    </message>
    <message>
        <source>Fit both axes to the data (double click, 0 or Home)</source>
        <translation>Beide Achsen an die Daten anpassen (Doppelklick, 0 oder Pos1)</translation>
    </message>
    <message>
        <source>Zoom in (time)</source>
        <translation>Vergrößern (Zeit)</translation>
    </message>
    <message>
        <source>Zoom out (time)</source>
        <translation>Verkleinern (Zeit)</translation>
    </message>
    <message>
        <source>Zoom in (memory)</source>
        <translation>Vergrößern (Speicher)</translation>
    </message>
    <message>
        <source>Zoom out (memory)</source>
        <translation>Verkleinern (Speicher)</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TrainingBox</name>
    <message>
        <source>Workload</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>Inferenz</translation>
    </message>
    <message>
        <source>Fine-tune (LoRA)</source>
        <translation>Anpassung (LoRA)</translation>
    </message>
    <message>
        <source>Full training</source>
        <translation>Vollständiges Training</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>Optimierer:</translation>
    </message>
    <message>
        <source>fp32 master weights (mixed precision)</source>
        <translation>fp32-Master-Gewichte (gemischte Genauigkeit)</translation>
    </message>
    <message>
        <source>LoRA rank:</source>
        <translation>LoRA-Rang:</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>Microbatch:</translation>
    </message>
    <message>
        <source>Sequence length (tokens):</source>
        <translation>Sequenzlänge (Tokens):</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Aktivierungs-Checkpointing</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TrialTableModel</name>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>Speichermangel</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>%1 is a duration in seconds</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is an exact byte count</extracomment>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>not read</source>
        <translation>nicht gelesen</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Spitzenwert allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Spitzenwert reserved</translation>
    </message>
    <message>
        <source>Device peak</source>
        <translation>Gerätespitze</translation>
    </message>
    <message>
        <source>Failed phase</source>
        <translation>Fehlgeschlagene Phase</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WaterfallChart</name>
    <message>
        <source>estimate of the level</source>
        <translation>Schätzung der Ebene</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why a figure of the waterfall is missing, in words (from the ledger)</extracomment>
        <translation>fehlt: %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <extracomment>%1 computed, observed or assumed (the ledger&apos;s source of a figure)</extracomment>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>Estimate of this level: %1</source>
        <extracomment>%1 the estimate of the same level with its unit, e.g. &quot;14.20 GiB&quot;</extracomment>
        <translation>Schätzung dieser Ebene: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WhyView</name>
    <message>
        <source>Estimate</source>
        <translation>Schätzung</translation>
    </message>
    <message>
        <source>Estimate to peak allocated</source>
        <translation>Von der Schätzung zum Spitzenwert allocated</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <extracomment>%1 a cause (not in the estimate, formula), %2 what, e.g. &quot;attention scores&quot;, %3 measured - estimate</extracomment>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Spitzenwert allocated</translation>
    </message>
    <message>
        <source>no allocated reading</source>
        <translation>kein allocated-Messwert</translation>
    </message>
    <message>
        <source>Allocator</source>
        <translation>Allocator</translation>
    </message>
    <message>
        <source>Reserved at the peak</source>
        <translation>Reserved beim Spitzenwert</translation>
    </message>
    <message>
        <source>Reserved after the peak</source>
        <translation>Reserved nach dem Spitzenwert</translation>
    </message>
    <message>
        <source>reserved at the phase&apos;s end - reserved at the peak moment</source>
        <translation>reserved am Ende der Phase - reserved zum Zeitpunkt des Spitzenwerts</translation>
    </message>
    <message>
        <source>Outside the allocator</source>
        <translation>Außerhalb des Allocators</translation>
    </message>
    <message>
        <source>Device-level, phase end</source>
        <translation>Geräteebene, Ende der Phase</translation>
    </message>
    <message>
        <source>a reading is missing</source>
        <translation>ein Messwert fehlt</translation>
    </message>
    <message>
        <source>The ledger of each phase comes when the run has finished.</source>
        <translation>Die Bilanz jeder Phase folgt, sobald der Lauf beendet ist.</translation>
    </message>
    <message>
        <source>Run a workload or open a result: the ledger explains each phase&apos;s peak.</source>
        <translation>Führen Sie eine Last aus oder öffnen Sie ein Ergebnis: Die Bilanz erklärt den Spitzenwert jeder Phase.</translation>
    </message>
    <message>
        <source>Select a phase in the phase table or click its band on the timeline.</source>
        <translation>Wählen Sie eine Phase in der Phasentabelle oder klicken Sie auf ihr Band in der Zeitachse.</translation>
    </message>
    <message>
        <source>Phase %1 did not run: it has no readings to explain.</source>
        <extracomment>%1 is a phase identifier such as decode</extracomment>
        <translation>Phase %1 wurde nicht ausgeführt: Es gibt keine Messwerte zu erklären.</translation>
    </message>
    <message>
        <source>Why phase %1 peaked where it failed, from the estimate to the device-level reading</source>
        <extracomment>%1 is a phase identifier such as prefill; the phase failed, its readings up to the failure are explained</extracomment>
        <translation>Warum Phase %1 dort ihren Spitzenwert erreichte, wo sie fehlschlug, von der Schätzung bis zum Messwert auf Geräteebene</translation>
    </message>
    <message>
        <source>Why phase %1 peaked where it did, from the estimate to the device-level reading</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Warum Phase %1 diesen Spitzenwert erreichte, von der Schätzung bis zum Messwert auf Geräteebene</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simuliert, keine GPU-Messung</translation>
    </message>
    <message>
        <source>Waterfall and owners</source>
        <translation>Wasserfall und Eigentümer</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Bilanz</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WorkbenchSteps</name>
    <message>
        <source>Size</source>
        <extracomment>a step of the workbench: compute what the model needs</extracomment>
        <translation>Dimensionieren</translation>
    </message>
    <message>
        <source>Measure</source>
        <extracomment>a step of the workbench: run the workload on a device</extracomment>
        <translation>Messen</translation>
    </message>
    <message>
        <source>Explain</source>
        <extracomment>a step of the workbench: why a phase peaked where it did</extracomment>
        <translation>Erklären</translation>
    </message>
    <message>
        <source>Boundary</source>
        <extracomment>a step of the workbench: the sweep that finds the largest load that fits</extracomment>
        <translation>Grenze</translation>
    </message>
    <message>
        <source>Decide</source>
        <extracomment>a step of the workbench: the decision sheet</extracomment>
        <translation>Entscheiden</translation>
    </message>
    <message>
        <source>Compute what the model needs: weights by format, the KV cache, training, the reserve, and which cards it fits.</source>
        <translation>Berechnen, was das Modell braucht: Gewichte nach Format, den KV-Cache, das Training, die Reserve, und auf welche Karten es passt.</translation>
    </message>
    <message>
        <source>Run the workload phase by phase on the chosen device and watch its memory live.</source>
        <translation>Die Last Phase für Phase auf dem gewählten Gerät ausführen und ihren Speicher live verfolgen.</translation>
    </message>
    <message>
        <source>See why a phase peaked where it did: the waterfall, the owners and the ledger against the estimate.</source>
        <translation>Sehen, warum eine Phase dort ihre Spitze hatte: der Wasserfall, die Eigentümer und das Kassenbuch gegen die Schätzung.</translation>
    </message>
    <message>
        <source>Sweep batch or context until a trial runs out of memory: the largest load that fits.</source>
        <translation>Batch oder Kontext durchlaufen, bis ein Versuch in Speichermangel läuft: die größte Last, die passt.</translation>
    </message>
    <message>
        <source>Read the decision sheet of what was sized and measured, and export it.</source>
        <translation>Das Entscheidungsblatt des Dimensionierten und Gemessenen lesen und exportieren.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>a workbench tab: %1 the step&apos;s number (1 to 5), %2 its name (&quot;Size&quot;)</extracomment>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WorkloadForm</name>
    <message>
        <source>Required.</source>
        <translation>Erforderlich.</translation>
    </message>
    <message>
        <source>Not a number.</source>
        <translation>Keine Zahl.</translation>
    </message>
    <message>
        <source>Between %1 and %2 Hz.</source>
        <extracomment>%1 and %2 are the lowest and highest sampling rates in Hz</extracomment>
        <translation>Zwischen %1 und %2 Hz.</translation>
    </message>
    <message>
        <source>Must be more than 0 GiB.</source>
        <translation>Muss größer als 0 GiB sein.</translation>
    </message>
    <message>
        <source>At most %1 GiB.</source>
        <extracomment>%1 is the largest simulated capacity in GiB</extracomment>
        <translation>Höchstens %1 GiB.</translation>
    </message>
    <message>
        <source>Too large.</source>
        <translation>Zu groß.</translation>
    </message>
    <message>
        <source>Cannot be negative.</source>
        <translation>Darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>Not a whole number.</source>
        <translation>Keine ganze Zahl.</translation>
    </message>
    <message>
        <source>Must be at least 1.</source>
        <translation>Muss mindestens 1 sein.</translation>
    </message>
    <message>
        <source>At most %1.</source>
        <extracomment>%1 is the largest value the field accepts</extracomment>
        <translation>Höchstens %1.</translation>
    </message>
    <message>
        <source>batch × context × width is too large: the input tensor&apos;s size does not fit in 64 bits.</source>
        <translation>batch × Kontext × Breite ist zu groß: Die Größe des Eingabetensors passt nicht in 64 Bit.</translation>
    </message>
    <message>
        <source>batch × context is too large for the kernels (at most 2 147 483 647 rows).</source>
        <translation>batch × Kontext ist zu groß für die Kernel (höchstens 2 147 483 647 Zeilen).</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>&amp;Modus:</translation>
    </message>
    <message>
        <source>Inference (dense network)</source>
        <translation>Inferenz (dichtes Netz)</translation>
    </message>
    <message>
        <source>Training (forward, loss, backward, optimizer)</source>
        <translation>Training (Vorwärts, Verlust, Rückwärts, Optimierer)</translation>
    </message>
    <message>
        <source>native: the caching allocator with PyTorch&apos;s counters; async: the driver&apos;s stream-ordered pool (cudaMallocAsync / hipMallocAsync)</source>
        <translation>native: der Caching-Allocator mit den Zählern von PyTorch; async: der stream-geordnete Pool des Treibers (cudaMallocAsync / hipMallocAsync)</translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation>&amp;Batch:</translation>
    </message>
    <message>
        <source>sequences per step</source>
        <translation>Sequenzen pro Schritt</translation>
    </message>
    <message>
        <source>&amp;Context:</source>
        <translation>&amp;Kontext:</translation>
    </message>
    <message>
        <source>tokens per sequence</source>
        <translation>Tokens pro Sequenz</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>B&amp;reite:</translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation>verborgene Dimension</translation>
    </message>
    <message>
        <source>&amp;Data type:</source>
        <translation>Datent&amp;yp:</translation>
    </message>
    <message>
        <source>W&amp;arm-up:</source>
        <translation>A&amp;ufwärmen:</translation>
    </message>
    <message>
        <source>iterations before measuring</source>
        <translation>Iterationen vor der Messung</translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation>&amp;Wiederholungen:</translation>
    </message>
    <message>
        <source>measured warm repeats</source>
        <translation>gemessene warme Wiederholungen</translation>
    </message>
    <message>
        <source>A&amp;llocator:</source>
        <translation>All&amp;ocator:</translation>
    </message>
    <message>
        <source>native (caching)</source>
        <translation>native (Caching)</translation>
    </message>
    <message>
        <source>async (driver pool)</source>
        <translation>async (Treiber-Pool)</translation>
    </message>
    <message>
        <source>&amp;Empty the cache between repeats</source>
        <translation>Cache zwischen Wiederholungen &amp;leeren</translation>
    </message>
    <message>
        <source>&amp;Sampling (Hz):</source>
        <translation>Ab&amp;tastrate (Hz):</translation>
    </message>
    <message>
        <source>Simulated &amp;capacity (GiB):</source>
        <translation>Simulierte Ka&amp;pazität (GiB):</translation>
    </message>
    <message>
        <source>Capacity of the simulated device sim:N; not used on a GPU</source>
        <translation>Kapazität des simulierten Geräts sim:N; auf einer GPU nicht verwendet</translation>
    </message>
    <message>
        <source>Reset to the seeds&apos; example</source>
        <translation>Auf das Beispiel zurücksetzen</translation>
    </message>
    <message>
        <source>Batch %1, context %2, width %3, %4, warm-up %5, repeats %6</source>
        <extracomment>%1 batch, %2 context (tokens), %3 width, %4 data type such as float32, %5 warm-up iterations, %6 repeats</extracomment>
        <translation>Batch %1, Kontext %2, Breite %3, %4, Aufwärmen %5, Wiederholungen %6</translation>
    </message>
    <message>
        <source>The sizing panel has no model shape to measure: choose a preset or open a config.json there, or choose the dense network.</source>
        <translation>Die Dimensionierung hat keine Modellform zum Messen: Wählen Sie dort eine Vorlage oder öffnen Sie eine config.json, oder wählen Sie das dichte Netz.</translation>
    </message>
    <message>
        <source>Weights in %1 cannot be measured: the decoder builds %2. Choose one of them in the sizing panel&apos;s formats, or the dense network.</source>
        <extracomment>%1 is a weight format such as int4-compact, %2 the list of formats the decoder builds (technical names, not translated)</extracomment>
        <translation>Gewichte in %1 können nicht gemessen werden: Der Decoder baut %2. Wählen Sie eines davon in den Formaten der Dimensionierung oder das dichte Netz.</translation>
    </message>
    <message>
        <source>Computing in %1 cannot be measured yet: quantized weights compute in fp16 or bf16. Choose one of them as the compute format in the sizing panel.</source>
        <extracomment>%1 is a compute type such as fp8_e4m3 (a technical name, not translated)</extracomment>
        <translation>Berechnung in %1 kann noch nicht gemessen werden: Quantisierte Gewichte rechnen in fp16 oder bf16. Wählen Sie eines davon als Berechnungsformat in der Dimensionierung.</translation>
    </message>
    <message>
        <source>Run measures nothing yet: the sizing panel has no model shape.</source>
        <translation>Der Lauf misst noch nichts: Die Dimensionierung hat keine Modellform.</translation>
    </message>
    <message>
        <source>Run measures %1 (%2, %3 layers, weights in %4), the model in the sizing panel, with random weights.</source>
        <extracomment>%1 the model&apos;s name, e.g. Llama-2-7B; %2 its family (config.json&apos;s model_type, e.g. llama, not translated); %3 its number of layers; %4 the weight format, e.g. bf16 or nf4 (not translated)</extracomment>
        <translation>Der Lauf misst %1 (%2, %3 Schichten, Gewichte in %4), das Modell aus der Dimensionierung, mit zufälligen Gewichten.</translation>
    </message>
    <message>
        <source>Sequences: %1, each %2 prompt tokens, then %3 generated.</source>
        <extracomment>%1 sequences generated at once, %2 prompt tokens per sequence, %3 generated tokens per sequence</extracomment>
        <translation>Sequenzen: %1, je %2 Prompt-Tokens, dann %3 generiert.</translation>
    </message>
    <message>
        <source>Run measures the dense network, the seeds&apos; exercise (batch %1, context %2, width %3, %4), not the model in the sizing panel.</source>
        <extracomment>%1 batch, %2 context (tokens), %3 width, %4 data type such as float32 (not translated)</extracomment>
        <translation>Der Lauf misst das dichte Netz, die Messübung (batch %1, Kontext %2, Breite %3, %4), nicht das Modell aus der Dimensionierung.</translation>
    </message>
    <message>
        <source>Run measures the dense network, the seeds&apos; exercise, not the model in the sizing panel.</source>
        <translation>Der Lauf misst das dichte Netz, die Messübung, nicht das Modell aus der Dimensionierung.</translation>
    </message>
    <message>
        <source>What r&amp;uns:</source>
        <translation>Was l&amp;äuft:</translation>
    </message>
    <message>
        <source>The model in the sizing panel</source>
        <translation>Das Modell aus der Dimensionierung</translation>
    </message>
    <message>
        <source>The dense network (the seeds&apos; exercise)</source>
        <translation>Das dichte Netz (die Messübung)</translation>
    </message>
    <message>
        <source>The model in the sizing panel: a decoder-only transformer of its shape, with random weights in its format. The dense network: the seeds&apos; two-layer exercise.</source>
        <translation>Das Modell aus der Dimensionierung: ein reiner Decoder-Transformer in seiner Form, mit zufälligen Gewichten in seinem Format. Das dichte Netz: die zweischichtige Messübung.</translation>
    </message>
    <message>
        <source>&amp;Prompt tokens:</source>
        <translation>P&amp;rompt-Tokens:</translation>
    </message>
    <message>
        <source>&amp;Generated tokens:</source>
        <translation>&amp;Generierte Tokens:</translation>
    </message>
    <message>
        <source>decode steps</source>
        <translation>Decode-Schritte</translation>
    </message>
    <message>
        <source>Se&amp;quences:</source>
        <translation>Se&amp;quenzen:</translation>
    </message>
    <message>
        <source>generated at once</source>
        <translation>gleichzeitig generiert</translation>
    </message>
    <message>
        <source>Decode c&amp;hunk:</source>
        <translation>Decode-A&amp;bschnitt:</translation>
    </message>
    <message>
        <source>steps per phase record</source>
        <translation>Schritte pro Phaseneintrag</translation>
    </message>
    <message>
        <source>Decode steps per phase record; 0 puts all of them in one record</source>
        <translation>Decode-Schritte pro Phaseneintrag; 0 fasst alle in einem Eintrag zusammen</translation>
    </message>
    <message>
        <source>&amp;KV cache:</source>
        <translation>K&amp;V-Cache:</translation>
    </message>
    <message>
        <source>dynamic (grows every step)</source>
        <translation>dynamic (wächst mit jedem Schritt)</translation>
    </message>
    <message>
        <source>static (allocated once)</source>
        <translation>static (einmal reserviert)</translation>
    </message>
    <message>
        <source>paged (blocks of 16 tokens)</source>
        <translation>paged (Blöcke zu 16 Tokens)</translation>
    </message>
    <message>
        <source>A&amp;ttention:</source>
        <translation>Attention-T&amp;yp:</translation>
    </message>
    <message>
        <source>eager (holds the score matrix)</source>
        <translation>eager (hält die Score-Matrix)</translation>
    </message>
    <message>
        <source>sdpa (tiled, no score matrix)</source>
        <translation>sdpa (gekachelt, ohne Score-Matrix)</translation>
    </message>
    <message>
        <source>the compute dtype (%1)</source>
        <extracomment>the adapters&apos; dtype: the one the model computes in; %1 is that dtype, e.g. bfloat16 (not translated)</extracomment>
        <translation>das Berechnungsformat (%1)</translation>
    </message>
    <message>
        <source>Run measures one training step of the model in the sizing panel, with random weights: %1.</source>
        <extracomment>%1 core&apos;s one line for the step: the model, method, framework, weights, micro-batch, attention</extracomment>
        <translation>Der Lauf misst einen Trainingsschritt des Modells aus der Dimensionierung, mit zufälligen Gewichten: %1.</translation>
    </message>
    <message>
        <source>Decoder r&amp;un:</source>
        <translation>Decoder-La&amp;uf:</translation>
    </message>
    <message>
        <source>Inference (prefill and generation)</source>
        <translation>Inferenz (Prefill und Generierung)</translation>
    </message>
    <message>
        <source>Training step (fine-tuning)</source>
        <translation>Trainingsschritt (Fine-Tuning)</translation>
    </message>
    <message>
        <source>Training step: fields you have not set show the framework&apos;s defaults</source>
        <translation>Trainingsschritt: Felder, die Sie nicht gesetzt haben, zeigen die Vorgaben des Frameworks</translation>
    </message>
    <message>
        <source>Framework:</source>
        <translation>Framework:</translation>
    </message>
    <message>
        <source>hf: transformers&apos; Trainer with PEFT; torchtune: its single-device recipes. Fields you have not set follow the framework.</source>
        <translation>hf: Trainer von transformers mit PEFT; torchtune: seine Rezepte für ein Gerät. Felder, die Sie nicht gesetzt haben, folgen dem Framework.</translation>
    </message>
    <message>
        <source>Method:</source>
        <translation>Methode:</translation>
    </message>
    <message>
        <source>full (every weight trained)</source>
        <translation>vollständig (alle Gewichte trainiert)</translation>
    </message>
    <message>
        <source>LoRA targets:</source>
        <translation>LoRA-Ziele:</translation>
    </message>
    <message>
        <source>The linears of every layer that get an adapter</source>
        <translation>Die linearen Schichten jeder Schicht, die einen Adapter bekommen</translation>
    </message>
    <message>
        <source>LoRA rank:</source>
        <translation>LoRA-Rang:</translation>
    </message>
    <message>
        <source>Adapters in:</source>
        <translation>Adapter in:</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>Microbatch:</translation>
    </message>
    <message>
        <source>sequences per forward</source>
        <translation>Sequenzen pro Vorwärtsdurchlauf</translation>
    </message>
    <message>
        <source>Sequence length:</source>
        <translation>Sequenzlänge:</translation>
    </message>
    <message>
        <source>Gradient accumulation:</source>
        <translation>Gradientenakkumulation:</translation>
    </message>
    <message>
        <source>micro-batches per optimizer step</source>
        <translation>Microbatches pro Optimiererschritt</translation>
    </message>
    <message>
        <source>Activation checkpointing (every layer)</source>
        <translation>Aktivierungs-Checkpointing (jede Schicht)</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>Optimierer:</translation>
    </message>
    <message>
        <source>adamw: two moments per trained element; adam8bit: bitsandbytes&apos; 8-bit moments; sgd: no state</source>
        <translation>adamw: zwei Momente pro trainiertem Element; adam8bit: 8-Bit-Momente von bitsandbytes; sgd: kein Zustand</translation>
    </message>
    <message>
        <source>Paged optimizer (states in host memory)</source>
        <translation>Paged-Optimierer (Zustände im Hauptspeicher)</translation>
    </message>
    <message>
        <source>Optimizer step in the backward pass</source>
        <translation>Optimiererschritt im Rückwärtsdurchlauf</translation>
    </message>
    <message>
        <source>Loss chunks:</source>
        <translation>Loss-Abschnitte:</translation>
    </message>
    <message>
        <source>0: the loss over the whole logits; n: cross-entropy in n chunks</source>
        <translation>0: der Loss über die ganzen Logits; n: Kreuzentropie in n Abschnitten</translation>
    </message>
    <message>
        <source>Eval batch:</source>
        <translation>Evaluierungs-Batch:</translation>
    </message>
    <message>
        <source>Sequences of one no-grad forward after the step; 0: no eval phase</source>
        <translation>Sequenzen eines Vorwärtsdurchlaufs ohne Gradienten nach dem Schritt; 0: keine Evaluierungsphase</translation>
    </message>
    <message>
        <source>Export a 16-bit copy at the checkpoint</source>
        <translation>Beim Checkpoint eine 16-Bit-Kopie exportieren</translation>
    </message>
    <message>
        <source>Use the framework&apos;s defaults</source>
        <translation>Vorgaben des Frameworks verwenden</translation>
    </message>
    <message>
        <source>Forget the training fields you set: all of them show the framework&apos;s defaults again</source>
        <translation>Die gesetzten Trainingsfelder vergessen: Alle zeigen wieder die Vorgaben des Frameworks</translation>
    </message>
    <message>
        <source>LoRA (adapters on a frozen base)</source>
        <translation>LoRA (Adapter auf eingefrorener Basis)</translation>
    </message>
    <message>
        <source>QLoRA (adapters on nf4 weights)</source>
        <translation>QLoRA (Adapter auf nf4-Gewichten)</translation>
    </message>
    <message>
        <source>full: every weight is trained; LoRA: adapters on a frozen 16-bit or float32 base; QLoRA: adapters on frozen nf4 or nf4-dq weights, a format chosen in the sizing panel (the form never switches it for you).</source>
        <translation>vollständig: alle Gewichte werden trainiert; LoRA: Adapter auf einer eingefrorenen 16-Bit- oder float32-Basis; QLoRA: Adapter auf eingefrorenen Gewichten in nf4 oder nf4-dq, einem Speicherformat, das in der Dimensionierung gewählt wird (das Formular wechselt es nie von selbst).</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up takes the sizing panel&apos;s serving-engine options: choose vLLM as the serving engine there, or another decoder run here.</source>
        <translation>Der Start von vLLM nimmt die Optionen der Inferenz-Engine aus der Dimensionierung: wählen Sie dort vLLM als Inferenz-Engine oder hier einen anderen Decoder-Lauf.</translation>
    </message>
    <message>
        <source>Run rehearses vLLM&apos;s start-up of %1 on the run&apos;s device, with the serving engine&apos;s options of the sizing panel (memory utilization %2, maximum model length %3): model_load, profile_run, kv_cache_alloc, cuda_graph_capture, serve.</source>
        <extracomment>%1 the model&apos;s name, e.g. Llama-3.1-8B; %2 --gpu-memory-utilization as a percentage, e.g. 90 %; %3 --max-model-len in tokens, or the model&apos;s own length; vLLM&apos;s phase names stay in English</extracomment>
        <translation>Run probt den Start von vLLM mit %1 auf dem Gerät des Laufs, mit den Optionen der Inferenz-Engine aus der Dimensionierung (Speicherauslastung %2, maximale Modelllänge %3): model_load, profile_run, kv_cache_alloc, cuda_graph_capture, serve.</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <extracomment>%1 a number of tokens (vLLM&apos;s --max-model-len)</extracomment>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>the model&apos;s own</source>
        <translation>die eigene des Modells</translation>
    </message>
    <message>
        <source>Requests served: %1, each %2 prompt tokens and %3 generated.</source>
        <extracomment>%1 requests served at once, %2 prompt tokens per request, %3 generated tokens per request</extracomment>
        <translation>Bediente Anfragen: %1, jede mit %2 Prompt-Tokens und %3 generierten.</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up (rehearsed with the serving engine&apos;s options)</source>
        <translation>Start von vLLM (geprobt mit den Optionen der Inferenz-Engine)</translation>
    </message>
</context>
</TS>
