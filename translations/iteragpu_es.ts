<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>Architecture</name>
    <message>
        <source>%1, %2 layers</source>
        <extracomment>%1 the architecture (model_type), %2 number of layers</extracomment>
        <translation>%1, %2 capas</translation>
    </message>
    <message>
        <source>%1 x %2, window %3 tokens</source>
        <extracomment>%1 layers, %2 the kind of layer, %3 tokens of its window or chunk</extracomment>
        <translation>%1 x %2, ventana de %3 tokens</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <extracomment>%1 layers, %2 the kind of layer</extracomment>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>MoE in %1 layers: %2 routed experts, %3 per token, %4 shared</source>
        <extracomment>%1 MoE layers, %2 routed experts per layer, %3 experts per token, %4 shared experts</extracomment>
        <translation>MoE en %1 capas: %2 expertos enrutados, %3 por token, %4 compartidos</translation>
    </message>
    <message>
        <source>parameters: %1 in all, %2 active per token</source>
        <extracomment>%1 parameters in all, %2 parameters one token uses</extracomment>
        <translation>parámetros: %1 en total, %2 activos por token</translation>
    </message>
    <message>
        <source>+ %1: %2 parameters, counted apart, loaded with the model</source>
        <extracomment>%1 the part (mtp, vision), %2 its parameters</extracomment>
        <translation>+ %1: %2 parámetros, contados aparte, cargados con el modelo</translation>
    </message>
    <message>
        <source>+ %1: %2 parameters, counted apart, not loaded by transformers</source>
        <extracomment>%1 the part (mtp, vision), %2 its parameters</extracomment>
        <translation>+ %1: %2 parámetros, contados aparte, no cargados por transformers</translation>
    </message>
    <message>
        <source>+ %1: in the checkpoint, its size not modelled (not in the counts)</source>
        <extracomment>%1 the part (mtp, vision)</extracomment>
        <translation>+ %1: presente en el checkpoint, su tamaño no se modela (no se incluye en los recuentos)</translation>
    </message>
    <message>
        <source>MoE in %1 layers: %2 routed experts, %3 per token</source>
        <extracomment>%1 MoE layers, %2 routed experts per layer, %3 experts per token</extracomment>
        <translation>MoE en %1 capas: %2 expertos enrutados, %3 por token</translation>
    </message>
</context>
<context>
    <name>Assumption</name>
    <message>
        <source>tie_word_embeddings absent: tied, the default of %1</source>
        <extracomment>%1 the model family (gemma, ...)</extracomment>
        <translation>tie_word_embeddings ausente: vinculados, el valor predeterminado de %1</translation>
    </message>
    <message>
        <source>tie_word_embeddings absent: untied, the default of %1</source>
        <extracomment>%1 the model family (llama, ...)</extracomment>
        <translation>tie_word_embeddings ausente: no vinculados, el valor predeterminado de %1</translation>
    </message>
    <message>
        <source>use_sliding_window is false: sliding_window ignored, every layer attends fully</source>
        <translation>use_sliding_window es false: se ignora sliding_window y todas las capas aplican atención completa</translation>
    </message>
    <message>
        <source>KV cache: 2 (K and V) x layers x %1 KV heads x head_dim %2 x tokens x bytes x %3 sequence(s); KV heads, not query heads</source>
        <extracomment>%1 KV heads, %2 head_dim, %3 number of sequences</extracomment>
        <translation>caché KV: 2 (K y V) x capas x %1 cabezas KV x head_dim %2 x tokens x bytes x %3 secuencia(s); cabezas KV, no cabezas de consulta</translation>
    </message>
    <message>
        <source>KV cache: quantized %1, one fp16 scale and one fp16 zero point per group of %2 elements along head_dim, per token and head; a full-precision residual window is not modelled</source>
        <extracomment>%1 data type (int8, int4), %2 elements per group</extracomment>
        <translation>caché KV: cuantizada en %1, una escala fp16 y un punto cero fp16 por grupo de %2 elementos a lo largo de head_dim, por token y cabeza; no se modela una ventana residual de precisión completa</translation>
    </message>
    <message>
        <source>KV cache: static, preallocated for %1 tokens per sequence whatever is used</source>
        <extracomment>%1 number of tokens</extracomment>
        <translation>caché KV: estática, preasignada para %1 tokens por secuencia, se usen o no</translation>
    </message>
    <message>
        <source>KV cache: tokens = prompt %1 + generated %2</source>
        <extracomment>%1 prompt tokens, %2 generated tokens</extracomment>
        <translation>caché KV: tokens = entrada %1 + generados %2</translation>
    </message>
    <message>
        <source>KV cache: %1 of %2 layers keep only their sliding window (min(window, tokens)); assumes a cache that evicts beyond the window (sliding-window / hybrid cache)</source>
        <extracomment>%1 layers with a sliding window, %2 layers in all</extracomment>
        <translation>caché KV: %1 de %2 capas conservan solo su ventana deslizante (min(window, tokens)); se supone una caché que descarta lo que queda fuera de la ventana (caché de ventana deslizante / híbrida)</translation>
    </message>
    <message>
        <source>exact count from the shapes of %1</source>
        <extracomment>%1 where the shapes come from (a config.json path or a preset&apos;s name)</extracomment>
        <translation>recuento exacto a partir de las formas de %1</translation>
    </message>
    <message>
        <source>element count of the safetensors header</source>
        <translation>número de elementos de la cabecera safetensors</translation>
    </message>
    <message>
        <source>parameters: the checkpoint is quantized, so its element count counts packed codes and scales, not the model&apos;s parameters</source>
        <translation>parámetros: el checkpoint está cuantizado, por lo que su número de elementos cuenta códigos empaquetados y escalas, no los parámetros del modelo</translation>
    </message>
    <message>
        <source>typed</source>
        <translation>valor introducido</translation>
    </message>
    <message>
        <source>weights: the tensors&apos; bytes as stored in the safetensors checkpoint (files: %1), loaded as stored</source>
        <extracomment>%1 number of files</extracomment>
        <translation>pesos: los bytes de los tensores tal como están almacenados en el checkpoint safetensors (archivos: %1), cargados tal como están almacenados</translation>
    </message>
    <message>
        <source>weights: stored as %1 as chosen; the config&apos;s torch_dtype is %2</source>
        <extracomment>%1 storage format chosen (fp16, nf4, ...), %2 torch_dtype of config.json</extracomment>
        <translation>pesos: almacenados en %1, según lo elegido; el torch_dtype de la configuración es %2</translation>
    </message>
    <message>
        <source>weights: stored as %1 (the config&apos;s torch_dtype)</source>
        <extracomment>%1 storage format (bf16, fp16, fp32) read from config.json&apos;s torch_dtype</extracomment>
        <translation>pesos: almacenados en %1 (el torch_dtype de la configuración)</translation>
    </message>
    <message>
        <source>tensor parallel %1: weights divided evenly per device (rounded up; small replicated tensors such as norms are not added back)</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>paralelismo de tensores %1: pesos repartidos a partes iguales entre los dispositivos (redondeando hacia arriba; no se vuelven a sumar los tensores pequeños replicados, como los de normalización)</translation>
    </message>
    <message>
        <source>tensor parallel %1: %2 of %3 KV heads per device (KV heads replicated: fewer heads than devices)</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>paralelismo de tensores %1: %2 de %3 cabezas KV por dispositivo (cabezas KV replicadas: hay menos cabezas que dispositivos)</translation>
    </message>
    <message>
        <source>tensor parallel %1: %2 of %3 KV heads per device</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>paralelismo de tensores %1: %2 de %3 cabezas KV por dispositivo</translation>
    </message>
    <message>
        <source>activations: left out of the totals (not computed)</source>
        <translation>activaciones: excluidas de los totales (no calculadas)</translation>
    </message>
    <message>
        <source>reserve: %1 as typed (%2 bytes), on every device</source>
        <extracomment>%1 the reserve as typed (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>reserva: %1 tal como se introdujo (%2 bytes), en cada dispositivo</translation>
    </message>
    <message>
        <source>reserve: %1 as typed (%2 bytes)</source>
        <extracomment>%1 the reserve as typed (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>reserva: %1 tal como se introdujo (%2 bytes)</translation>
    </message>
    <message>
        <source>total = largest phase (%1) + reserve; sum of components adds every component once, as some other tools do</source>
        <extracomment>%1 the largest phase&apos;s name (inference, train_step, ...)</extracomment>
        <translation>total = fase más exigente (%1) + reserva; la suma de componentes suma cada componente una vez, como hacen algunas otras herramientas</translation>
    </message>
    <message>
        <source>training: LoRA rank %1 on %2: A (r x in) and B (out x r) per target, %3 trainable parameters in %4; the base weights are frozen (no gradients, no optimizer states)</source>
        <extracomment>%1 LoRA rank, %2 target modules (q_proj, v_proj, ...), %3 trainable parameters, %4 data type of the adapters</extracomment>
        <translation>entrenamiento: LoRA de rango %1 en %2: A (r x in) y B (out x r) por módulo objetivo, %3 parámetros entrenables en %4; los pesos base están congelados (sin gradientes ni estados del optimizador)</translation>
    </message>
    <message>
        <source>training: full, every parameter trainable</source>
        <translation>entrenamiento: completo, todos los parámetros son entrenables</translation>
    </message>
    <message>
        <source>optimizer: SGD keeps no state</source>
        <translation>optimizador: SGD no conserva ningún estado</translation>
    </message>
    <message>
        <source>optimizer: SGD with momentum keeps 1 fp32 copy (4 bytes per trainable parameter)</source>
        <translation>optimizador: SGD con momento conserva 1 copia fp32 (4 bytes por parámetro entrenable)</translation>
    </message>
    <message>
        <source>optimizer: Adam/AdamW keeps 2 fp32 moments (8 bytes per trainable parameter)</source>
        <translation>optimizador: Adam/AdamW conserva 2 momentos fp32 (8 bytes por parámetro entrenable)</translation>
    </message>
    <message>
        <source>optimizer: 8-bit Adam keeps 2 moments of 1 byte plus one fp32 absmax per block of 256 per moment (bitsandbytes blockwise; small tensors kept in 32 bit are not modelled)</source>
        <translation>optimizador: Adam de 8 bits conserva 2 momentos de 1 byte más un absmax fp32 por bloque de 256 por momento (bitsandbytes por bloques; no se modelan los tensores pequeños que se mantienen en 32 bits)</translation>
    </message>
    <message>
        <source>training: fp32 master copy of the trainable parameters (mixed precision)</source>
        <translation>entrenamiento: copia maestra fp32 de los parámetros entrenables (precisión mixta)</translation>
    </message>
    <message>
        <source>training: gradients in %1 for the trainable parameters</source>
        <extracomment>%1 data type of the gradients (bf16, fp32, ...)</extracomment>
        <translation>entrenamiento: gradientes en %1 para los parámetros entrenables</translation>
    </message>
    <message>
        <source>activations: full checkpointing, 2*s*b*h bytes (16 bit) per layer kept plus one layer recomputed during backward (Korthikanti et al. 2022)</source>
        <translation>activaciones: checkpointing completo, se conservan 2*s*b*h bytes (16 bits) por capa más una capa recalculada durante la retropropagación (Korthikanti et al. 2022)</translation>
    </message>
    <message>
        <source>activations: s*b*h*(34 + 5*a*s/h) bytes per layer in 16 bit, scaled by bits/16 for %1 (Korthikanti et al. 2022, no recomputation), s = %2, b = %3</source>
        <extracomment>%1 data type of the activations, %2 sequence length s, %3 micro-batch b</extracomment>
        <translation>activaciones: s*b*h*(34 + 5*a*s/h) bytes por capa en 16 bits, escalados por bits/16 para %1 (Korthikanti et al. 2022, sin recálculo), s = %2, b = %3</translation>
    </message>
    <message>
        <source>logits: s x b x vocab in fp32 for the loss</source>
        <translation>logits: s x b x vocab en fp32 para la pérdida</translation>
    </message>
    <message>
        <source>evaluation: batch %1 without gradients: one layer&apos;s working set (4h + 2 x intermediate per token, eager attention scores a x s x s) plus fp32 logits</source>
        <extracomment>%1 evaluation batch size</extracomment>
        <translation>evaluación: batch %1 sin gradientes: conjunto de trabajo de una capa (4h + 2 x tamaño intermedio por token, puntuaciones de atención en modo eager a x s x s) más logits fp32</translation>
    </message>
    <message>
        <source>activations: not computed, they need the model shape (--config or --preset)</source>
        <translation>activaciones: no calculadas; se necesita la forma del modelo (--config o --preset)</translation>
    </message>
    <message>
        <source>export: a full copy of the weights in %1 while saving or merging</source>
        <extracomment>%1 data type of the exported copy</extracomment>
        <translation>exportación: una copia completa de los pesos en %1 durante el guardado o la fusión</translation>
    </message>
    <message>
        <source>weights: %1</source>
        <extracomment>%1 what the storage format&apos;s byte count assumes (a sentence)</extracomment>
        <translation>pesos: %1</translation>
    </message>
    <message>
        <source>weights: parameter count only, so every parameter is counted in %1; modules kept in 16 bit and per-tensor metadata need the model shape (--config or --preset)</source>
        <extracomment>%1 storage format (nf4, gptq-int4, ...)</extracomment>
        <translation>pesos: solo se conoce el número de parámetros, por lo que cada parámetro se cuenta en %1; los módulos mantenidos en 16 bits y los metadatos por tensor requieren la forma del modelo (--config o --preset)</translation>
    </message>
    <message>
        <source>weights: kept in %1: %2 (%3 parameters)</source>
        <extracomment>%1 data type (bf16, fp16), %2 module names, %3 their parameter count</extracomment>
        <translation>pesos: mantenidos en %1: %2 (%3 parámetros)</translation>
    </message>
    <message>
        <source>weights: lm_head is tied to the embeddings and counted once</source>
        <translation>pesos: lm_head está vinculado a la matriz de incrustaciones y se cuenta una sola vez</translation>
    </message>
    <message>
        <source>weights: all %1 experts are resident in memory (routing picks experts per token, memory holds all)</source>
        <extracomment>%1 number of experts</extracomment>
        <translation>pesos: los %1 expertos residen en memoria (el enrutamiento elige expertos por token, pero la memoria los contiene todos)</translation>
    </message>
    <message>
        <source>weights: %1 parameters x %2 bits / 8, rounded up; no scales or other metadata (compact)</source>
        <extracomment>%1 parameter count, %2 bits per parameter</extracomment>
        <translation>pesos: %1 parámetros x %2 bits / 8, redondeado hacia arriba; sin escalas ni otros metadatos (compacto)</translation>
    </message>
    <message>
        <source>%1 bits per parameter, compact</source>
        <extracomment>%1 bits per parameter</extracomment>
        <translation>%1 bits por parámetro, compacto</translation>
    </message>
    <message>
        <source>stored bytes of the safetensors tensors (header, exact)</source>
        <translation>bytes almacenados de los tensores safetensors (cabecera, exacto)</translation>
    </message>
    <message>
        <source>%1, compute in %2</source>
        <extracomment>%1 storage format (e.g. &quot;NF4 (bitsandbytes)&quot;), %2 compute data type (bf16, ...)</extracomment>
        <translation>%1, cálculo en %2</translation>
    </message>
    <message>
        <source>%1 tokens x %2 sequence(s)</source>
        <extracomment>%1 tokens per sequence, %2 number of sequences</extracomment>
        <translation>%1 tokens x %2 secuencia(s)</translation>
    </message>
    <message>
        <source>%1 adapter parameters</source>
        <extracomment>%1 number of adapter parameters</extracomment>
        <translation>%1 parámetros del adaptador</translation>
    </message>
    <message>
        <source>with activation checkpointing</source>
        <translation>con checkpointing de activaciones</translation>
    </message>
    <message>
        <source>without activation checkpointing</source>
        <translation>sin checkpointing de activaciones</translation>
    </message>
    <message>
        <source>evaluation batch: %1</source>
        <extracomment>%1 evaluation batch size</extracomment>
        <translation>batch de evaluación: %1</translation>
    </message>
    <message>
        <source>workspace (assumed, not in the total): cuBLAS %1 bytes per stream (PyTorch&apos;s default CUBLAS_WORKSPACE_CONFIG :4096:2:16:8), %2 bytes on Hopper (:4096:8, the size the cuBLAS API reference recommends); hipBLASLt %3 bytes (PyTorch&apos;s default on ROCm)</source>
        <extracomment>%1 bytes of cuBLAS&apos;s workspace before Hopper, %2 on Hopper, %3 bytes of hipBLASLt&apos;s on ROCm</extracomment>
        <translation>espacio de trabajo (supuesto, fuera del total): cuBLAS %1 bytes por stream (CUBLAS_WORKSPACE_CONFIG predeterminado de PyTorch :4096:2:16:8), %2 bytes en Hopper (:4096:8, el tamaño que recomienda la referencia de la API de cuBLAS); hipBLASLt %3 bytes (el predeterminado de PyTorch en ROCm)</translation>
    </message>
    <message>
        <source>input_ids int32 [%1, %2] + block tables %3 bytes = %4 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 bytes of the paged cache&apos;s block tables, %4 bytes</extracomment>
        <translation>input_ids int32 [%1, %2] + tablas de bloques %3 bytes = %4 bytes</translation>
    </message>
    <message>
        <source>input_ids int32 [%1, %2] = %3 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 bytes</extracomment>
        <translation>input_ids int32 [%1, %2] = %3 bytes</translation>
    </message>
    <message>
        <source>paged: %1 blocks of %2 tokens over the layers for %3 positions, K and V = %4 bytes</source>
        <extracomment>%1 blocks summed over layers, %2 tokens per block, %3 positions written, %4 bytes</extracomment>
        <translation>paged: %1 bloques de %2 tokens en el conjunto de las capas para %3 posiciones, K y V = %4 bytes</translation>
    </message>
    <message>
        <source>the whole KV cache = %1 bytes</source>
        <extracomment>%1 bytes</extracomment>
        <translation>toda la caché KV = %1 bytes</translation>
    </message>
    <message>
        <source>a growing cache holds the prompt&apos;s %1 tokens = %2 bytes</source>
        <extracomment>%1 prompt tokens, %2 bytes</extracomment>
        <translation>una caché creciente guarda los %1 tokens del prompt = %2 bytes</translation>
    </message>
    <message>
        <source>%1 bytes held + %2 bytes of one layer&apos;s key copied as it grows = %3 bytes</source>
        <extracomment>%1 bytes of the cache held, %2 bytes of one layer&apos;s key copied to grow by a row, %3 bytes</extracomment>
        <translation>%1 bytes retenidos + %2 bytes de la clave de una capa copiada al crecer = %3 bytes</translation>
    </message>
    <message>
        <source>largest stage of one layer: %1</source>
        <extracomment>%1 the largest stage (projections, attention, mixer, mlp, output, cache_growth)</extracomment>
        <translation>etapa más grande de una capa: %1</translation>
    </message>
    <message>
        <source>the last position&apos;s logits of %1 sequence(s) = %2 bytes</source>
        <extracomment>%1 sequences, %2 bytes</extracomment>
        <translation>logits de la última posición de %1 secuencia(s) = %2 bytes</translation>
    </message>
    <message>
        <source>the largest quantized linear [%1 x %2] dequantized = %3 bytes</source>
        <extracomment>%1 output features, %2 input features, %3 bytes</extracomment>
        <translation>la mayor capa lineal cuantizada [%1 x %2] descuantizada = %3 bytes</translation>
    </message>
    <message>
        <source>%1 bytes of inputs + next-token ids int32 [%2] = %3 bytes</source>
        <extracomment>%1 bytes of the prompt&apos;s inputs, %2 sequences, %3 bytes</extracomment>
        <translation>%1 bytes de entradas + ids del siguiente token int32 [%2] = %3 bytes</translation>
    </message>
    <message>
        <source>attention: %1</source>
        <extracomment>%1 the attention implementation (eager or sdpa)</extracomment>
        <translation>atención: %1</translation>
    </message>
    <message>
        <source>largest stage: %1</source>
        <extracomment>%1 the largest stage of the prefill (projections, attention, mixer, mlp, output)
----------
%1 the largest stage of a decode step (projections, attention, mixer, mlp, output, cache_growth)</extracomment>
        <translation>etapa más grande: %1</translation>
    </message>
    <message>
        <source>dequantization: the largest quantized linear&apos;s weight dequantized into the compute type, added to each phase on top of its largest stage (an upper bound: it lives only while its linear runs)</source>
        <translation>descuantización: el peso de la mayor capa lineal cuantizada, descuantizado al tipo de cálculo, se suma a cada fase además de su etapa más grande (una cota superior: solo existe mientras se ejecuta su capa lineal)</translation>
    </message>
    <message>
        <source>activations: eager attention holds its scores [sequences, heads, queries, keys] in the compute type and their float32 softmax at once</source>
        <translation>activaciones: la atención eager guarda a la vez sus puntuaciones [secuencias, cabezas, consultas, claves] en el tipo de cálculo y su softmax float32</translation>
    </message>
    <message>
        <source>activations: sdpa attention (a fused kernel) holds no scores matrix; its small scratch is not counted</source>
        <translation>activaciones: la atención sdpa (un kernel fusionado) no guarda matriz de puntuaciones; no se cuenta su pequeño búfer temporal</translation>
    </message>
    <message>
        <source>phases: prefill and decode each count the whole KV cache; a growing cache holds only the prompt&apos;s during the prefill (the per-phase estimate counts that)</source>
        <translation>fases: prefill y decode cuentan cada una toda la caché KV; una caché creciente solo guarda la del prompt durante el prefill (la estimación por fase lo tiene en cuenta)</translation>
    </message>
    <message>
        <source>inference activations: not computed, they need the model shape (--config or --preset) and the tokens (--tokens)</source>
        <translation>activaciones de inferencia: no calculadas; se necesitan la forma del modelo (--config o --preset) y los tokens (--tokens)</translation>
    </message>
    <message>
        <source>activations: sdpa attention (a fused kernel, FlashAttention-style): Korthikanti et al.&apos;s formula without its s x s terms (5*a*s/h), plus a float32 log-sum-exp of 4*a*s*b bytes per layer</source>
        <translation>activaciones: atención sdpa (un kernel fusionado, al estilo de FlashAttention): la fórmula de Korthikanti et al. sin sus términos s x s (5*a*s/h), más un log-sum-exp float32 de 4*a*s*b bytes por capa</translation>
    </message>
    <message>
        <source>activations: eager attention keeps its s x s scores, softmax and dropout mask (the 5*a*s/h term of Korthikanti et al.)</source>
        <translation>activaciones: la atención eager conserva sus puntuaciones s x s, el softmax y la máscara de dropout (el término 5*a*s/h de Korthikanti et al.)</translation>
    </message>
    <message>
        <source>GGUF architecture &apos;%1&apos; is not one of llama, mistral, qwen2, gemma, gemma2, phi3: read as a Llama-style decoder</source>
        <extracomment>%1 general.architecture of a GGUF file</extracomment>
        <translation>la arquitectura GGUF &apos;%1&apos; no es ninguna de llama, mistral, qwen2, gemma, gemma2, phi3: leída como un decodificador de tipo Llama</translation>
    </message>
    <message>
        <source>quantization_config: one scale and zero per output channel (group_size -1)</source>
        <translation>quantization_config: una escala y un cero por canal de salida (group_size -1)</translation>
    </message>
    <message>
        <source>quantization_config: FP4 with double quantization stores what NF4 with double quantization stores; sized as nf4-dq</source>
        <translation>quantization_config: FP4 con doble cuantización almacena lo mismo que NF4 con doble cuantización; dimensionado como nf4-dq</translation>
    </message>
    <message>
        <source>quantization_config compressed-tensors int4: sized with AWQ&apos;s layout, whose packed zero points a symmetric scheme does not store (a small overestimate)</source>
        <translation>quantization_config compressed-tensors int4: dimensionado con la disposición de AWQ, cuyos ceros empaquetados no almacena un esquema simétrico (una pequeña sobreestimación)</translation>
    </message>
    <message>
        <source>element count of the GGUF file&apos;s tensors</source>
        <translation>número de elementos de los tensores del archivo GGUF</translation>
    </message>
    <message>
        <source>stored bytes of the GGUF tensors (header, exact)</source>
        <translation>bytes almacenados de los tensores GGUF (cabecera, exacto)</translation>
    </message>
    <message>
        <source>weights: the tensors&apos; bytes as stored in %1 (%2), loaded as stored</source>
        <extracomment>%1 the GGUF file&apos;s name, %2 its ggml types and tensor counts</extracomment>
        <translation>pesos: los bytes de los tensores tal como están almacenados en %1 (%2), cargados así</translation>
    </message>
    <message>
        <source>weights: stored as config.json&apos;s quantization_config says (%1): %2</source>
        <extracomment>%1 the quantization_config in a few words (&quot;GPTQ 4-bit, group 128&quot;), %2 the format name</extracomment>
        <translation>pesos: almacenados como indica la quantization_config de config.json (%1): %2</translation>
    </message>
    <message>
        <source>conflict: config.json&apos;s quantization_config says %1, but the weights are sized as chosen: %2</source>
        <extracomment>%1 the quantization_config in a few words (&quot;GPTQ 4-bit, group 128&quot;), %2 the format chosen</extracomment>
        <translation>conflicto: la quantization_config de config.json indica %1, pero los pesos se dimensionan como se eligió: %2</translation>
    </message>
    <message>
        <source>KV cache: no prompt length typed, so the model&apos;s trained context of %1 tokens</source>
        <extracomment>%1 tokens (the model&apos;s max_position_embeddings or GGUF context_length)</extracomment>
        <translation>caché KV: no se escribió la longitud del prompt, así que el contexto de entrenamiento del modelo de %1 tokens</translation>
    </message>
    <message>
        <source>weights: blocks of %1 values, %2 bits per parameter (codes and scales)</source>
        <extracomment>%1 values per block, %2 bits per parameter (a decimal, e.g. 4.5)</extracomment>
        <translation>pesos: bloques de %1 valores, %2 bits por parámetro (códigos y escalas)</translation>
    </message>
    <message>
        <source>weights: groups of %1 input rows, %2 bits per parameter (codes, scales and zeros)</source>
        <extracomment>%1 input rows per group, %2 bits per parameter (a decimal, e.g. 4.16)</extracomment>
        <translation>pesos: grupos de %1 filas de entrada, %2 bits por parámetro (códigos, escalas y ceros)</translation>
    </message>
    <message>
        <source>reserve: %1 by default, none typed (%2 bytes), on every device</source>
        <extracomment>%1 the default reserve (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>reserva: %1 por defecto, no se introdujo ninguna (%2 bytes), en cada dispositivo</translation>
    </message>
    <message>
        <source>reserve: %1 by default, none typed (%2 bytes)</source>
        <extracomment>%1 the default reserve (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>reserva: %1 por defecto, no se introdujo ninguna (%2 bytes)</translation>
    </message>
    <message>
        <source>vocab_size absent: %1, the default of transformers&apos; Gemma3TextConfig</source>
        <extracomment>%1 the vocabulary size</extracomment>
        <translation>vocab_size ausente: %1, el valor predeterminado de Gemma3TextConfig de transformers</translation>
    </message>
    <message>
        <source>architecture assumed on purpose: model_type &apos;%1&apos; read as &apos;%2&apos; (--assume-architecture); the numbers hold only if the model really is laid out like %2</source>
        <extracomment>%1 the config&apos;s model_type (or &quot;none&quot;), %2 the architecture the user chose</extracomment>
        <translation>arquitectura supuesta a propósito: model_type &apos;%1&apos; leído como &apos;%2&apos; (--assume-architecture); las cifras solo son válidas si el modelo tiene realmente la misma estructura que %2</translation>
    </message>
    <message>
        <source>state cache: %1 layer(s) of %2 keep %3 elements per sequence (conv and recurrent state) x %4 bytes x %5 sequence(s) = %6 bytes, whatever the tokens</source>
        <extracomment>%1 layers, %2 layer kind, %3 elements of state per sequence, %4 bytes per element, %5 sequences, %6 bytes</extracomment>
        <translation>caché de estado: %1 capa(s) de %2 conservan %3 elementos por secuencia (estado convolucional y recurrente) x %4 bytes x %5 secuencia(s) = %6 bytes, sea cual sea el número de tokens</translation>
    </message>
    <message>
        <source>KV cache: %1 layer(s) of %2 keep %3 elements per token (K and V) for %4 tokens x %5 sequence(s) = %6 bytes</source>
        <extracomment>%1 layers, %2 layer kind, %3 elements per token, %4 tokens kept per layer, %5 sequences, %6 bytes</extracomment>
        <translation>caché KV: %1 capa(s) de %2 conservan %3 elementos por token (K y V) para %4 tokens x %5 secuencia(s) = %6 bytes</translation>
    </message>
    <message>
        <source>the recurrent layers&apos; state, allocated with the cache = %1 bytes</source>
        <extracomment>%1 bytes</extracomment>
        <translation>el estado de las capas recurrentes, asignado junto con la caché = %1 bytes</translation>
    </message>
    <message>
        <source>quantization_config fp8: no weight_block_size, so one fp32 scale per tensor</source>
        <translation>quantization_config fp8: sin weight_block_size, por lo que se usa una escala fp32 por tensor</translation>
    </message>
    <message>
        <source>tensor parallel %1: each layer&apos;s KV heads and state divided per device (rounded up); an MLA latent is kept whole on every device</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>paralelismo de tensores %1: las cabezas KV y el estado de cada capa se reparten entre los dispositivos (redondeando hacia arriba); el vector latente de MLA se mantiene completo en cada dispositivo</translation>
    </message>
    <message>
        <source>recurrent state x %1 sequence(s), whatever the tokens</source>
        <extracomment>%1 number of sequences</extracomment>
        <translation>estado recurrente x %1 secuencia(s), sea cual sea el número de tokens</translation>
    </message>
    <message>
        <source>weights: the %1 part (%2 parameters) is loaded with the model, in %3</source>
        <extracomment>%1 the part (vision), %2 its parameter count, %3 data type (bf16)</extracomment>
        <translation>pesos: la parte %1 (%2 parámetros) se carga con el modelo, en %3</translation>
    </message>
    <message>
        <source>weights: MXFP4 quantizes the MoE experts only; every other linear is kept in 16 bit</source>
        <translation>pesos: MXFP4 cuantiza solo los expertos MoE; todas las demás capas lineales se mantienen en 16 bits</translation>
    </message>
    <message>
        <source>weights: fp8 with one fp32 scale per block of %1 x %2 values (weight_block_size)</source>
        <extracomment>%1 rows, %2 columns of a scale block</extracomment>
        <translation>pesos: fp8 con una escala fp32 por bloque de %1 x %2 valores (weight_block_size)</translation>
    </message>
    <message>
        <source>%1 (chosen)</source>
        <extracomment>%1 what the user chose (English, e.g. &quot;chunked cross-entropy in 4 chunks&quot;)</extracomment>
        <translation>%1 (elegido)</translation>
    </message>
    <message>
        <source>%1 (%2&apos;s default)</source>
        <extracomment>%1 the framework&apos;s habit (English, e.g. &quot;adapters in float32 (PEFT&apos;s autocast_adapter_dtype)&quot;), %2 the framework (hf, torchtune)</extracomment>
        <translation>%1 (valor predeterminado de %2)</translation>
    </message>
    <message>
        <source>each gradient in its parameter&apos;s dtype, freed after the optimizer step (PyTorch&apos;s AccumulateGrad, zero_grad(set_to_none=True))</source>
        <translation>cada gradiente en el tipo de dato de su parámetro, liberado tras el paso del optimizador (AccumulateGrad de PyTorch, zero_grad(set_to_none=True))</translation>
    </message>
    <message>
        <source>%1 bytes as stored + %2 bytes of 512-byte block rounding</source>
        <extracomment>%1 bytes as stored, %2 bytes the 512-byte rounding adds</extracomment>
        <translation>%1 bytes tal como se almacenan + %2 bytes de redondeo a bloques de 512 bytes</translation>
    </message>
    <message>
        <source>%1 bytes at this moment, %2 bytes at most in the step</source>
        <extracomment>%1 bytes of this part at the phase&apos;s peak, %2 bytes of it at most in the step</extracomment>
        <translation>%1 bytes en este momento, como máximo %2 bytes en el paso</translation>
    </message>
    <message>
        <source>the working tensors of %1</source>
        <extracomment>%1 the moment (English, e.g. &quot;backward layer 31: down_proj&quot;)</extracomment>
        <translation>los tensores de trabajo de %1</translation>
    </message>
    <message>
        <source>training step: the decoder&apos;s tensor inventory (core/workloads/DECODER.md, Training) in closed form: %1 on %2 weights, %3 attention, micro-batch %4 x %5 tokens, %6&apos;s habits</source>
        <extracomment>%1 full, lora or qlora, %2 weight format (bf16, nf4), %3 eager or sdpa, %4 sequences, %5 tokens per sequence, %6 the framework (hf, torchtune)</extracomment>
        <translation>paso de entrenamiento: el inventario de tensores del decodificador (core/workloads/DECODER.md, Training) en forma cerrada: %1 sobre pesos %2, atención %3, micro-lote %4 x %5 tokens, hábitos de %6</translation>
    </message>
    <message>
        <source>allocated bytes: every tensor rounded up to 512 bytes as the caching allocator counts it; its 2 MiB and 20 MiB segments and cached free blocks (reserved above allocated) are the allocator&apos;s, named by the ledger, not counted here</source>
        <translation>bytes asignados: cada tensor redondeado a 512 bytes como los cuenta el asignador con caché; sus segmentos de 2 MiB y 20 MiB y los bloques libres en caché (reservado por encima de asignado) son del asignador, los nombra el ledger, no se cuentan aquí</translation>
    </message>
    <message>
        <source>framework profile %1: %2</source>
        <extracomment>%1 the framework (hf, torchtune), %2 the documents its defaults follow (English)</extracomment>
        <translation>perfil del framework %1: %2</translation>
    </message>
    <message>
        <source>framework default taken: %1</source>
        <extracomment>%1 the default (English, e.g. &quot;activation checkpointing (torchtune&apos;s default)&quot;)</extracomment>
        <translation>valor predeterminado del framework tomado: %1</translation>
    </message>
    <message>
        <source>training: activations in %1 (the compute type), the weights and their gradients and optimizer states in %2; an autocast&apos;s cast copies of the weights are not counted</source>
        <extracomment>%1 compute data type, %2 the weights&apos; data type</extracomment>
        <translation>entrenamiento: activaciones en %1 (el formato de cómputo), los pesos, sus gradientes y estados del optimizador en %2; las copias convertidas de los pesos de un autocast no se cuentan</translation>
    </message>
    <message>
        <source>optimizer: SGD with momentum keeps one buffer per parameter, in its dtype, made at its first step</source>
        <translation>optimizador: SGD con momento guarda un búfer por parámetro, en su tipo de dato, creado en su primer paso</translation>
    </message>
    <message>
        <source>the largest phase is %1 at %2 (%3 bytes); its largest part: %4</source>
        <extracomment>%1 the phase, %2 its moment (English), %3 bytes, %4 its largest part (an id)</extracomment>
        <translation>la fase más grande es %1 en %2 (%3 bytes); su parte más grande: %4</translation>
    </message>
    <message>
        <source>training: each gradient in its parameter&apos;s dtype (%1), as PyTorch keeps it; the gradient type %2 is not applied</source>
        <extracomment>%1 the parameters&apos; data type, %2 the gradient type given</extracomment>
        <translation>entrenamiento: cada gradiente en el tipo de dato de su parámetro (%1), como lo guarda PyTorch; el tipo de gradiente %2 no se aplica</translation>
    </message>
    <message>
        <source>optimizer: adam keeps the same two moments as adamw and is sized as adamw</source>
        <translation>optimizador: adam guarda los mismos dos momentos que adamw y se dimensiona como adamw</translation>
    </message>
    <message>
        <source>training: master weights are a full fine-tune&apos;s; LoRA adapters train in their own dtype</source>
        <translation>entrenamiento: los pesos maestros son de un ajuste fino completo; los adaptadores LoRA se entrenan en su propio tipo de dato</translation>
    </message>
    <message>
        <source>training step: Korthikanti et al.&apos;s formula and the parameter count, not the decoder&apos;s tensor inventory: %1</source>
        <extracomment>%1 why the decoder&apos;s inventory does not size this step (English)</extracomment>
        <translation>paso de entrenamiento: la fórmula de Korthikanti et al. y el número de parámetros, no el inventario de tensores del decodificador: %1</translation>
    </message>
</context>
<context>
    <name>Component</name>
    <message>
        <source>weights</source>
        <translation>pesos</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>caché KV</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>adaptadores LoRA</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>gradientes</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>estados del optimizador</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>pesos maestros fp32</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>activaciones</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>logits</translation>
    </message>
    <message>
        <source>evaluation batch</source>
        <translation>batch de evaluación</translation>
    </message>
    <message>
        <source>export copy</source>
        <translation>copia de exportación</translation>
    </message>
    <message>
        <source>reserve</source>
        <translation>reserva</translation>
    </message>
    <message>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <source>prefill activations</source>
        <translation>activaciones del prefill</translation>
    </message>
    <message>
        <source>decode activations</source>
        <translation>activaciones de la decodificación</translation>
    </message>
    <message>
        <source>dequantization buffer</source>
        <translation>búfer de descuantización</translation>
    </message>
    <message>
        <source>state cache</source>
        <translation>caché de estado</translation>
    </message>
    <message>
        <source>token ids and labels</source>
        <translation>ids de tokens y etiquetas</translation>
    </message>
    <message>
        <source>peak-moment transient</source>
        <translation>transitorio del momento pico</translation>
    </message>
</context>
<context>
    <name>Computation</name>
    <message>
        <source>sequence</source>
        <translation>secuencia</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>secuencias</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>capa</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>capas</translation>
    </message>
    <message>
        <source>/ %1 devices, rounded up = %2 bytes per device</source>
        <extracomment>%1 number of devices, %2 bytes per device</extracomment>
        <translation>/ %1 dispositivos, redondeado hacia arriba = %2 bytes por dispositivo</translation>
    </message>
    <message>
        <source>trainable parameters per device: %1 / %2 devices, rounded up = %3</source>
        <extracomment>%1 trainable parameters in all, %2 number of devices, %3 trainable parameters per device</extracomment>
        <translation>parámetros entrenables por dispositivo: %1 / %2 dispositivos, redondeado hacia arriba = %3</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>calculado</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>supuesto</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 = %3 bytes</source>
        <extracomment>%1 parameter count, %2 bits per parameter, %3 bytes
----------
%1 parameter count, %2 bits of the export type, %3 bytes</extracomment>
        <translation>%1 parámetros x %2 bits / 8 = %3 bytes</translation>
    </message>
    <message>
        <source>the tensors&apos; bytes as stored in the safetensors header = %1 bytes (files: %2)</source>
        <extracomment>%1 bytes, %2 number of files</extracomment>
        <translation>los bytes de los tensores tal como figuran en la cabecera safetensors = %1 bytes (archivos: %2)</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 = %3 bytes (%4)</source>
        <extracomment>%1 parameter count, %2 bits per parameter, %3 bytes, %4 storage format</extracomment>
        <translation>%1 parámetros x %2 bits / 8 = %3 bytes (%4)</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 + %3 bytes of scales and other metadata + %4 kept parameters x %5 bit / 8 = %6 bytes (%7)</source>
        <extracomment>%1 parameters stored in the format, %2 its bits, %3 bytes of scales, zeros and other metadata, %4 parameters kept in 16 bit (embeddings, norms...), %5 their bits, %6 bytes, %7 storage format</extracomment>
        <translation>%1 parámetros x %2 bits / 8 + %3 bytes de escalas y otros metadatos + %4 parámetros mantenidos x %5 bits / 8 = %6 bytes (%7)</translation>
    </message>
    <message>
        <source>%1 bytes of packed codes for %2 parameters + %3 bytes of scales and other metadata + %4 bytes for %5 kept parameters = %6 bytes (%7)</source>
        <extracomment>%1 bytes of packed codes, %2 parameters stored in the format, %3 bytes of scales and other metadata, %4 bytes of kept modules, %5 their parameters, %6 bytes, %7 format</extracomment>
        <translation>%1 bytes de códigos empaquetados para %2 parámetros + %3 bytes de escalas y otros metadatos + %4 bytes para %5 parámetros mantenidos = %6 bytes (%7)</translation>
    </message>
    <message>
        <source>the format&apos;s layout: %1</source>
        <extracomment>%1 what the storage format&apos;s byte count assumes (a sentence)</extracomment>
        <translation>disposición del formato: %1</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 tokens summed over layers x %2 KV heads x %3 head_dim x %4 %5 x %6 bit / 8 + %7 bytes of scales (an fp16 scale and zero per %8 elements) = %9 bytes</source>
        <extracomment>%1 sum over layers of the tokens each keeps, %2 KV heads, %3 head_dim, %4 sequences, %5 &quot;sequence&quot;/&quot;sequences&quot;, %6 bits, %7 bytes of scales, %8 elements per group, %9 bytes</extracomment>
        <translation>2 (K y V) x %1 tokens sumados sobre las capas x %2 cabezas KV x %3 head_dim x %4 %5 x %6 bits / 8 + %7 bytes de escalas (una escala y un cero fp16 por cada %8 elementos) = %9 bytes</translation>
    </message>
    <message>
        <source>the quantized cache&apos;s layout: one fp16 scale and one fp16 zero point per group</source>
        <translation>disposición de la caché cuantizada: una escala fp16 y un punto cero fp16 por grupo</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 %2 x %3 KV heads x %4 head_dim x %5 tokens x %6 bytes x %7 %8 = %9 bytes</source>
        <extracomment>%1 layers, %2 &quot;layer&quot;/&quot;layers&quot;, %3 KV heads, %4 head_dim, %5 tokens per sequence, %6 bytes per element, %7 sequences, %8 &quot;sequence&quot;/&quot;sequences&quot;, %9 bytes</extracomment>
        <translation>2 (K y V) x %1 %2 x %3 cabezas KV x %4 head_dim x %5 tokens x %6 bytes x %7 %8 = %9 bytes</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 %2 x %3 KV heads x %4 head_dim x %5 tokens (the sliding window) x %6 bytes x %7 %8 = %9 bytes</source>
        <extracomment>%1 layers, %2 &quot;layer&quot;/&quot;layers&quot;, %3 KV heads, %4 head_dim, %5 tokens kept (the sliding window), %6 bytes per element, %7 sequences, %8 &quot;sequence&quot;/&quot;sequences&quot;, %9 bytes</extracomment>
        <translation>2 (K y V) x %1 %2 x %3 cabezas KV x %4 head_dim x %5 tokens (la ventana deslizante) x %6 bytes x %7 %8 = %9 bytes</translation>
    </message>
    <message>
        <source>2 (K and V) x (%1 layers x %2 tokens + %3 layers x %4 tokens of the sliding window) x %5 KV heads x %6 head_dim x %7 bytes x %8 sequence(s) = %9 bytes</source>
        <extracomment>%1 layers with full attention, %2 tokens they keep, %3 layers with a sliding window, %4 tokens they keep (the window), %5 KV heads, %6 head_dim, %7 bytes per element, %8 sequences, %9 bytes</extracomment>
        <translation>2 (K y V) x (%1 capas x %2 tokens + %3 capas x %4 tokens de la ventana deslizante) x %5 cabezas KV x %6 head_dim x %7 bytes x %8 secuencia(s) = %9 bytes</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 tokens summed over layers (each min(window, tokens)) x %2 KV heads x %3 head_dim x %4 bytes x %5 %6 = %7 bytes</source>
        <extracomment>%1 sum over layers of min(window, tokens), %2 KV heads, %3 head_dim, %4 bytes per element, %5 sequences, %6 &quot;sequence&quot;/&quot;sequences&quot;, %7 bytes</extracomment>
        <translation>2 (K y V) x %1 tokens sumados sobre las capas (cada una min(window, tokens)) x %2 cabezas KV x %3 head_dim x %4 bytes x %5 %6 = %7 bytes</translation>
    </message>
    <message>
        <source>per device with tensor parallel %1: %2 of %3 KV heads</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>por dispositivo con paralelismo de tensores %1: %2 de %3 cabezas KV</translation>
    </message>
    <message>
        <source>%1 adapter parameters (rank %2 x (in + out) per target module) x %3 bit / 8 = %4 bytes</source>
        <extracomment>%1 adapter parameters, %2 LoRA rank, %3 bits, %4 bytes</extracomment>
        <translation>%1 parámetros del adaptador (rango %2 x (in + out) por módulo objetivo) x %3 bits / 8 = %4 bytes</translation>
    </message>
    <message>
        <source>%1 trainable parameters x %2 bit / 8 = %3 bytes</source>
        <extracomment>%1 trainable parameters, %2 bits of the gradient type, %3 bytes</extracomment>
        <translation>%1 parámetros entrenables x %2 bits / 8 = %3 bytes</translation>
    </message>
    <message>
        <source>SGD keeps no state = 0 bytes</source>
        <translation>SGD no conserva ningún estado = 0 bytes</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 4 bytes (one fp32 momentum) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 parámetros entrenables x 4 bytes (un momento fp32) = %2 bytes</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 2 moments x 4 bytes (fp32) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 parámetros entrenables x 2 momentos x 4 bytes (fp32) = %2 bytes</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 2 moments x 1 byte + %2 blocks of 256 x 2 moments x 4 bytes (fp32 absmax) = %3 bytes</source>
        <extracomment>%1 trainable parameters, %2 blocks of 256, %3 bytes</extracomment>
        <translation>%1 parámetros entrenables x 2 momentos x 1 byte + %2 bloques de 256 x 2 momentos x 4 bytes (absmax fp32) = %3 bytes</translation>
    </message>
    <message>
        <source>bitsandbytes blockwise 8-bit states; small tensors kept in 32 bit are not modelled</source>
        <translation>estados de 8 bits por bloques de bitsandbytes; no se modelan los tensores pequeños que se mantienen en 32 bits</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 4 bytes (fp32) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 parámetros entrenables x 4 bytes (fp32) = %2 bytes</translation>
    </message>
    <message>
        <source>%1 layers x s %2 x b %3 x h %4 x %5 bit / 8 (layer inputs kept) + %6 bytes (one layer recomputed) = %7 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 bits, %6 bytes of one layer recomputed, %7 bytes</extracomment>
        <translation>%1 capas x s %2 x b %3 x h %4 x %5 bits / 8 (se conservan las entradas de las capas) + %6 bytes (una capa recalculada) = %7 bytes</translation>
    </message>
    <message>
        <source>full activation checkpointing; Korthikanti et al. 2022 for the recomputed layer</source>
        <translation>checkpointing de activaciones completo; Korthikanti et al. 2022 para la capa recalculada</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (34 + 5 x a %5 x s / h) x %6 bit / 16 = %7 bytes per layer) = %8 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 a (heads), %6 bits of the activation type, %7 bytes of one layer, %8 bytes</extracomment>
        <translation>%1 capas x (s %2 x b %3 x h %4 x (34 + 5 x a %5 x s / h) x %6 bits / 16 = %7 bytes por capa) = %8 bytes</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (10 + 24 / t %5 + 5 x a %6 x s / (h x t)) x %7 bit / 16 = %8 bytes per layer) = %9 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 tensor-parallel degree t, %6 a (heads), %7 bits, %8 bytes of one layer, %9 bytes</extracomment>
        <translation>%1 capas x (s %2 x b %3 x h %4 x (10 + 24 / t %5 + 5 x a %6 x s / (h x t)) x %7 bits / 16 = %8 bytes por capa) = %9 bytes</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022 (arXiv:2205.05198), eq. 1 (eq. 2 with tensor parallelism), 16-bit activations scaled by bits / 16</source>
        <translation>Korthikanti et al. 2022 (arXiv:2205.05198), ec. 1 (ec. 2 con paralelismo de tensores), activaciones de 16 bits escaladas por bits / 16</translation>
    </message>
    <message>
        <source>s %1 x b %2 x vocab %3 x 4 bytes (fp32) = %4 bytes</source>
        <extracomment>%1 s, %2 b, %3 vocabulary size, %4 bytes</extracomment>
        <translation>s %1 x b %2 x vocab %3 x 4 bytes (fp32) = %4 bytes</translation>
    </message>
    <message>
        <source>s %1 x batch %2 x %3 (4h + 2 x intermediate) x %4 bit / 8 = %5 bytes + %6 bytes of attention scores (a x s x s) + %7 bytes of fp32 logits = %8 bytes</source>
        <extracomment>%1 s, %2 evaluation batch, %3 elements per token, %4 bits, %5 bytes, %6 bytes of attention scores, %7 bytes of logits, %8 bytes</extracomment>
        <translation>s %1 x batch %2 x %3 (4h + 2 x tamaño intermedio) x %4 bits / 8 = %5 bytes + %6 bytes de puntuaciones de atención (a x s x s) + %7 bytes de logits fp32 = %8 bytes</translation>
    </message>
    <message>
        <source>a no-grad forward keeps one layer&apos;s working set and eager attention scores</source>
        <translation>una pasada hacia delante sin gradientes conserva el conjunto de trabajo de una capa y las puntuaciones de atención en modo eager</translation>
    </message>
    <message>
        <source>reserve as typed: %1 %2 = %3 bytes</source>
        <extracomment>%1 the value typed (e.g. &quot;4&quot;), %2 its unit (GB or GiB), %3 the same in bytes</extracomment>
        <translation>reserva tal como se introdujo: %1 %2 = %3 bytes</translation>
    </message>
    <message>
        <source>on each of the %1 devices</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>en cada uno de los %1 dispositivos</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x 34 x %5 bit / 16 + 4 bytes x a %6 x s x b (float32 log-sum-exp) = %7 bytes per layer) = %8 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 bits of the activation type, %6 a (heads), %7 bytes of one layer, %8 bytes</extracomment>
        <translation>%1 capas x (s %2 x b %3 x h %4 x 34 x %5 bits / 16 + 4 bytes x a %6 x s x b (log-sum-exp float32) = %7 bytes por capa) = %8 bytes</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (10 + 24 / t %5) x %6 bit / 16 + 4 bytes x %7 heads per device x s x b (float32 log-sum-exp) = %8 bytes per layer) = %9 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 tensor-parallel degree t, %6 bits, %7 heads per device, %8 bytes of one layer, %9 bytes</extracomment>
        <translation>%1 capas x (s %2 x b %3 x h %4 x (10 + 24 / t %5) x %6 bits / 16 + 4 bytes x %7 cabezas por dispositivo x s x b (log-sum-exp float32) = %8 bytes por capa) = %9 bytes</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022 (arXiv:2205.05198), eq. 1 (eq. 2 with tensor parallelism) without the 5 x a x s / h attention term: sdpa&apos;s fused kernel keeps no s x s matrix (Dao et al. 2022, FlashAttention), only its log-sum-exp</source>
        <translation>Korthikanti et al. 2022 (arXiv:2205.05198), ec. 1 (ec. 2 con paralelismo de tensores) sin el término de atención 5 x a x s / h: el kernel fusionado de sdpa no conserva ninguna matriz s x s (Dao et al. 2022, FlashAttention), solo su log-sum-exp</translation>
    </message>
    <message>
        <source>one layer&apos;s tensors alive together (core/workloads/DECODER.md): projections h, x, q (+ k, v when copied into the cache); attention h, q, attn (+ k, v) and eager&apos;s scores [B, heads, queries, keys] in the compute type with their float32 softmax; MLP h, x2, gate, up [T, intermediate]; the last position&apos;s hidden state and logits [B, vocab]</source>
        <translation>tensores de una capa vivos a la vez (core/workloads/DECODER.md): proyecciones h, x, q (+ k, v cuando se copian en la caché); atención h, q, attn (+ k, v) y las puntuaciones de eager [B, cabezas, consultas, claves] en el tipo de cálculo con su softmax float32; MLP h, x2, gate, up [T, intermedio]; estado oculto y logits de la última posición [B, vocab]</translation>
    </message>
    <message>
        <source>one layer&apos;s tensors alive together (core/workloads/DECODER.md): projections h, x, q (+ k, v when copied into the cache); attention h, q, attn (+ k, v), sdpa&apos;s fused kernel keeps no scores; MLP h, x2, gate, up [T, intermediate]; the last position&apos;s hidden state and logits [B, vocab]</source>
        <translation>tensores de una capa vivos a la vez (core/workloads/DECODER.md): proyecciones h, x, q (+ k, v cuando se copian en la caché); atención h, q, attn (+ k, v), el kernel fusionado de sdpa no conserva puntuaciones; MLP h, x2, gate, up [T, intermedio]; estado oculto y logits de la última posición [B, vocab]</translation>
    </message>
    <message>
        <source>per device with tensor parallel %1: heads, intermediate and vocab divided, hidden states replicated</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>por dispositivo con paralelismo de tensores %1: cabezas, tamaño intermedio y vocabulario divididos, estados ocultos replicados</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, eager attention over %3 keys: largest of projections %4, attention %5 (of which scores and float32 softmax %8), MLP %6, last-position logits %7 = %9 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 keys each query reads, %4..%7 bytes of each stage, %8 bytes of its scores and softmax, %9 bytes (the largest)</extracomment>
        <translation>prefill de %1 x %2 tokens, atención eager sobre %3 claves: el mayor de proyecciones %4, atención %5 (de ello, puntuaciones y softmax float32 %8), MLP %6, logits de la última posición %7 = %9 bytes</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, sdpa attention: largest of projections %3, attention %4, MLP %5, last-position logits %6 = %7 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3..%6 bytes of each stage, %7 bytes (the largest)</extracomment>
        <translation>prefill de %1 x %2 tokens, atención sdpa: el mayor de proyecciones %3, atención %4, MLP %5, logits de la última posición %6 = %7 bytes</translation>
    </message>
    <message>
        <source>decode step of %1 x 1 token reading %2 keys, %3 attention: largest of projections %4, attention %5, MLP %6, logits %7, a growing cache&apos;s copy of one layer&apos;s key %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 keys read at the last step, %3 &quot;eager&quot;/&quot;sdpa&quot;, %4..%8 bytes of each stage, %9 bytes (the largest)</extracomment>
        <translation>paso de decodificación de %1 x 1 token que lee %2 claves, atención %3: el mayor de proyecciones %4, atención %5, MLP %6, logits %7, copia de la clave de una capa en una caché creciente %8 = %9 bytes</translation>
    </message>
    <message>
        <source>the largest quantized linear dequantized before its GEMM: [%1 x %2] x %3 bytes = %4 bytes</source>
        <extracomment>%1 output features of the largest quantized linear, %2 its input features, %3 bytes per element of the compute type, %4 bytes</extracomment>
        <translation>la mayor capa lineal cuantizada, descuantizada antes de su GEMM: [%1 x %2] x %3 bytes = %4 bytes</translation>
    </message>
    <message>
        <source>dequantize-then-GEMM, as the decoder workload does (core/workloads/DECODER.md); added on top of the largest stage, an upper bound: the buffer lives only while its linear runs</source>
        <translation>descuantizar y luego GEMM, como hace la carga de trabajo del decodificador (core/workloads/DECODER.md); se suma a la etapa más grande, una cota superior: el búfer solo existe mientras se ejecuta su capa lineal</translation>
    </message>
    <message>
        <source>the tensors&apos; bytes as stored in the GGUF file = %1 bytes (%2)</source>
        <extracomment>%1 bytes, %2 the ggml types and their tensor counts (&quot;Q4_K x 193, F32 x 65&quot;)</extracomment>
        <translation>los bytes de los tensores tal como están almacenados en el archivo GGUF = %1 bytes (%2)</translation>
    </message>
    <message>
        <source>reserve by default, none typed: %1 %2 = %3 bytes</source>
        <extracomment>%1 the default value (e.g. &quot;4&quot;), %2 its unit (GiB), %3 the same in bytes</extracomment>
        <translation>reserva por defecto, no se introdujo ninguna: %1 %2 = %3 bytes</translation>
    </message>
    <message>
        <source>%1 elements of conv and recurrent state summed over the state layers x %2 bytes x %3 sequence(s) = %4 bytes</source>
        <extracomment>%1 elements of state summed over the recurrent layers, %2 bytes per element, %3 sequences, %4 bytes</extracomment>
        <translation>%1 elementos de estado convolucional y recurrente sumados sobre las capas de estado x %2 bytes x %3 secuencia(s) = %4 bytes</translation>
    </message>
    <message>
        <source>the state layers&apos; sizes from the config (Mamba d_state, d_conv; DeltaNet heads), kept in 16 bit with the whole conv kernel, as transformers&apos; cache keeps them</source>
        <translation>los tamaños de las capas de estado según la configuración (Mamba d_state, d_conv; cabezas de DeltaNet), mantenidos en 16 bits con el kernel de convolución completo, tal como los guarda la caché de transformers</translation>
    </message>
    <message>
        <source>per layer kind, layers x K and V elements per token x tokens kept: %1 = %2 elements x %3 sequence(s), in the cache&apos;s type = %4 bytes</source>
        <extracomment>%1 terms &quot;layers x elements per token x tokens kept&quot; joined by +, %2 elements, %3 sequences, %4 bytes</extracomment>
        <translation>por tipo de capa, capas x elementos K y V por token x tokens conservados: %1 = %2 elementos x %3 secuencia(s), en el tipo de la caché = %4 bytes</translation>
    </message>
    <message>
        <source>each layer&apos;s attention as the model&apos;s config gives it (full, sliding window, chunk, MLA)</source>
        <translation>la atención de cada capa tal como la indica la configuración del modelo (completa, ventana deslizante, segmento, MLA)</translation>
    </message>
    <message>
        <source>%1 adapter tensors (A [r, in] and B [out, r], rank %2) of %3 elements in %4, each rounded up to 512 bytes = %5 bytes</source>
        <extracomment>%1 adapter tensors, %2 the rank, %3 elements, %4 their data type (fp32, bf16), %5 bytes</extracomment>
        <translation>%1 tensores de adaptador (A [r, in] y B [out, r], rango %2) de %3 elementos en %4, cada uno redondeado a 512 bytes = %5 bytes</translation>
    </message>
    <message>
        <source>input_ids and labels, int32 [%1, %2] each, rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 sequences, %2 tokens per sequence, %3 bytes</extracomment>
        <translation>input_ids y labels, int32 [%1, %2] cada uno, redondeados a 512 bytes = %3 bytes</translation>
    </message>
    <message>
        <source>one gradient at a time, stepped and freed in the backward: the largest, of %1 elements = %2 bytes</source>
        <extracomment>%1 elements of the largest trainable tensor, %2 bytes</extracomment>
        <translation>un gradiente a la vez, aplicado y liberado en el paso hacia atrás: el más grande, de %1 elementos = %2 bytes</translation>
    </message>
    <message>
        <source>%1 gradients of %2 elements in their parameters&apos; dtype, each rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 gradients (one per trainable tensor), %2 elements, %3 bytes</extracomment>
        <translation>%1 gradientes de %2 elementos en el tipo de dato de sus parámetros, cada uno redondeado a 512 bytes = %3 bytes</translation>
    </message>
    <message>
        <source>paged in host memory, none on the device (a page of at most %1 bytes while one tensor is stepped) = %2 bytes</source>
        <extracomment>%1 bytes of the largest page, %2 bytes on the device (0)</extracomment>
        <translation>paginados en la memoria del host, ninguno en el dispositivo (una página de como máximo %1 bytes mientras se actualiza un tensor) = %2 bytes</translation>
    </message>
    <message>
        <source>%1 elements x 2 moments in their parameters&apos; dtype (AdamW&apos;s zeros_like), each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 elementos x 2 momentos en el tipo de dato de sus parámetros (zeros_like de AdamW), cada uno redondeado a 512 bytes = %2 bytes</translation>
    </message>
    <message>
        <source>%1 elements x 2 uint8 moments + 2 float32 absmax per block of 2048 elements (%2 blocks), each tensor rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 trainable elements, %2 blocks of 2048 elements, %3 bytes</extracomment>
        <translation>%1 elementos x 2 momentos uint8 + 2 absmax float32 por bloque de 2048 elementos (%2 bloques), cada tensor redondeado a 512 bytes = %3 bytes</translation>
    </message>
    <message>
        <source>%1 elements x 1 momentum buffer in their parameters&apos; dtype, each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 elementos x 1 búfer de momento en el tipo de dato de sus parámetros, cada uno redondeado a 512 bytes = %2 bytes</translation>
    </message>
    <message>
        <source>SGD keeps no state = %1 bytes</source>
        <extracomment>%1 bytes (0)</extracomment>
        <translation>SGD no guarda estado = %1 bytes</translation>
    </message>
    <message>
        <source>%1 elements x 4 bytes (float32 master copy), each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 elementos x 4 bytes (copia maestra float32), cada una redondeada a 512 bytes = %2 bytes</translation>
    </message>
    <message>
        <source>activation checkpointing: %1 layer inputs, %2 bytes, + the last layer&apos;s output and the final norm&apos;s, %3 bytes = %4 bytes; each layer&apos;s saved tensors are recomputed in its backward</source>
        <extracomment>%1 layers, %2 bytes of their inputs, %3 bytes, %4 bytes</extracomment>
        <translation>checkpointing de activaciones: %1 entradas de capa, %2 bytes, + la salida de la última capa y la de la norma final, %3 bytes = %4 bytes; los tensores guardados de cada capa se recalculan en su paso hacia atrás</translation>
    </message>
    <message>
        <source>what the backward reads over %1 layers, %2 bytes, + the last layer&apos;s output and the final norm&apos;s, %3 bytes = %4 bytes</source>
        <extracomment>%1 layers, %2 bytes kept by them, %3 bytes, %4 bytes</extracomment>
        <translation>lo que lee el paso hacia atrás en %1 capas, %2 bytes, + la salida de la última capa y la de la norma final, %3 bytes = %4 bytes</translation>
    </message>
    <message>
        <source>logits [%1, %2] in %3 + their float32 log-probabilities + the loss, each rounded up to 512 bytes = %4 bytes</source>
        <extracomment>%1 tokens, %2 vocabulary, %3 compute data type (bf16), %4 bytes</extracomment>
        <translation>logits [%1, %2] en %3 + sus log-probabilidades float32 + la pérdida, cada uno redondeado a 512 bytes = %4 bytes</translation>
    </message>
    <message>
        <source>logits [%1, %2] in %3 chunks in %4 + their float32 log-probabilities + the loss, each rounded up to 512 bytes = %5 bytes</source>
        <extracomment>%1 tokens, %2 vocabulary, %3 chunks, %4 compute data type (bf16), %5 bytes</extracomment>
        <translation>logits [%1, %2] en %3 trozos en %4 + sus log-probabilidades float32 + la pérdida, cada uno redondeado a 512 bytes = %5 bytes</translation>
    </message>
    <message>
        <source>a forward without gradients of %1 sequences x %2 tokens at its largest moment, %3 (its inputs included) = %4 bytes</source>
        <extracomment>%1 sequences, %2 tokens per sequence, %3 the moment (English), %4 bytes</extracomment>
        <translation>un paso hacia adelante sin gradientes de %1 secuencias x %2 tokens en su momento más grande, %3 (sus entradas incluidas) = %4 bytes</translation>
    </message>
    <message>
        <source>%1 trainable elements in 16 bit, one copy per tensor rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 elementos entrenables en 16 bits, una copia por tensor redondeada a 512 bytes = %2 bytes</translation>
    </message>
    <message>
        <source>the working tensors of %1 at its peak, %2 = %3 bytes</source>
        <extracomment>%1 the phase (first_step.backward, ...), %2 its moment (English), %3 bytes</extracomment>
        <translation>los tensores de trabajo de %1 en su pico, %2 = %3 bytes</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, %3 attention: largest of projections %4, attention %5, state mixer %6, MLP %7, last-position logits %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 &quot;eager&quot;/&quot;sdpa&quot;, %4..%8 bytes of each stage (the mixer: a recurrent state layer&apos;s Mamba or gated DeltaNet tensors), %9 bytes (the largest)</extracomment>
        <translation>prefill de %1 x %2 tokens, atención %3: el mayor de proyecciones %4, atención %5, mezclador de estado %6, MLP %7, logits de la última posición %8 = %9 bytes</translation>
    </message>
    <message>
        <source>decode step of %1 x 1 token, %2 attention: largest of projections %3, attention %4, state mixer %5, MLP %6, logits %7, a growing cache&apos;s copy of one layer&apos;s key %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 &quot;eager&quot;/&quot;sdpa&quot;, %3..%8 bytes of each stage (the mixer: a recurrent state layer&apos;s tensors), %9 bytes (the largest)</extracomment>
        <translation>paso de decodificación de %1 x 1 token, atención %2: el mayor de proyecciones %3, atención %4, mezclador de estado %5, MLP %6, logits %7, copia de la clave de una capa en una caché creciente %8 = %9 bytes</translation>
    </message>
</context>
<context>
    <name>DecisionSheet</name>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>Decision sheet</source>
        <translation>Ficha de decisión</translation>
    </message>
    <message>
        <source>Simulated device (sim): every observed figure below is %1.</source>
        <extracomment>%1 is &quot;simulated, not a GPU measurement&quot;</extracomment>
        <translation>Dispositivo simulado (sim): cada valor observado a continuación es %1.</translation>
    </message>
    <message>
        <source>Written on %1.</source>
        <extracomment>%1 is a date and time</extracomment>
        <translation>Generada el %1.</translation>
    </message>
    <message>
        <source>Choice made</source>
        <translation>Elección adoptada</translation>
    </message>
    <message>
        <source>(not filled in)</source>
        <translation>(sin rellenar)</translation>
    </message>
    <message>
        <source>Computed (estimate)</source>
        <translation>Calculado (estimación)</translation>
    </message>
    <message>
        <source>Weights estimate: %1</source>
        <extracomment>%1 is a size, e.g. &quot;14,000,000,000 bytes = 14.00 GB = 13.04 GiB (7e9 parameters × 16 bit)&quot;</extracomment>
        <translation>Estimación de los pesos: %1</translation>
    </message>
    <message>
        <source>No weights estimate was made.</source>
        <translation>No se hizo ninguna estimación de los pesos.</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Componente</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Observed (measured run)</source>
        <translation>Observado (ejecución medida)</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Observado</translation>
    </message>
    <message>
        <source>Device: %1</source>
        <extracomment>%1 is the device id, name and capacity</extracomment>
        <translation>Dispositivo: %1</translation>
    </message>
    <message>
        <source>Allocator backend: %1</source>
        <extracomment>%1 is the allocator backend&apos;s name</extracomment>
        <translation>Backend del allocator: %1</translation>
    </message>
    <message>
        <source>Maximum load tried: %1</source>
        <extracomment>%1 describes the largest load, e.g. &quot;batch 2, context 128&quot;</extracomment>
        <translation>Carga máxima probada: %1</translation>
    </message>
    <message>
        <source>Counters at the end of the run</source>
        <translation>Contadores al final de la ejecución</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Contador</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Fases</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Peak allocated (GiB)</source>
        <translation>Pico allocated (GiB)</translation>
    </message>
    <message>
        <source>Peak reserved (GiB)</source>
        <translation>Pico reserved (GiB)</translation>
    </message>
    <message>
        <source>Predicted peak (GiB)</source>
        <translation>Pico previsto (GiB)</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>exitosa</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <source>The two peaks are separate maxima, possibly reached at different moments; their difference is not a state of the device.</source>
        <translation>Los dos picos son máximos independientes, quizá alcanzados en momentos distintos; su diferencia no es un estado del dispositivo.</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>Memoria a lo largo del tiempo</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Entorno</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Elemento</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Assumed</source>
        <translation>Supuesto</translation>
    </message>
    <message>
        <source>GB means 10^9 bytes and GiB 2^30 bytes; every size was converted once from an exact byte count.</source>
        <translation>GB significa 10^9 bytes y GiB 2^30 bytes; cada tamaño se convirtió una sola vez a partir de un número exacto de bytes.</translation>
    </message>
    <message>
        <source>The device is simulated: it models memory only, its figures do not come from a GPU.</source>
        <translation>El dispositivo es simulado: solo modela la memoria; sus cifras no proceden de una GPU.</translation>
    </message>
    <message>
        <source>Raw result</source>
        <translation>Resultado bruto</translation>
    </message>
    <message>
        <source>%1 parameters, %2</source>
        <extracomment>%1 is the parameter count, %2 where it comes from (e.g. &quot;typed&quot;, &quot;config.json (exact from shapes)&quot;)</extracomment>
        <translation>%1 parámetros, %2</translation>
    </message>
    <message>
        <source>per device with %1 devices in tensor parallel</source>
        <extracomment>%1 is the number of devices</extracomment>
        <translation>por dispositivo con %1 dispositivos en paralelismo de tensores</translation>
    </message>
    <message>
        <source>The total is the most demanding phase (%1) plus the reserve, not the sum of every component.</source>
        <extracomment>%1 is the name of the most demanding phase of the estimate, e.g. &quot;train_step&quot;</extracomment>
        <translation>El total es la fase más exigente (%1) más la reserva, no la suma de todos los componentes.</translation>
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
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Arquitectura</translation>
    </message>
    <message>
        <source>Driver version</source>
        <translation>Versión del controlador</translation>
    </message>
    <message>
        <source>Runtime version</source>
        <translation>Versión del runtime</translation>
    </message>
    <message>
        <source>Allocator settings</source>
        <translation>Ajustes del allocator</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>Sistema operativo</translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation>Compilador</translation>
    </message>
    <message>
        <source>IteraGPU Lab version</source>
        <translation>Versión de IteraGPU Lab</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>Commit</translation>
    </message>
    <message>
        <source>Started (UTC)</source>
        <translation>Inicio (UTC)</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>memoria insuficiente</translation>
    </message>
    <message>
        <source>Warm-up: %1</source>
        <extracomment>%1 is the run&apos;s warm-up policy in words</extracomment>
        <translation>Calentamiento: %1</translation>
    </message>
    <message>
        <source>Emptying the cache: %1</source>
        <extracomment>%1 is the run&apos;s policy for emptying the allocator&apos;s cache, in words</extracomment>
        <translation>Vaciado de la caché: %1</translation>
    </message>
    <message>
        <source>Fit verdict</source>
        <translation>Veredicto: ¿cabe?</translation>
    </message>
    <message>
        <source>Fits on %1: needs %2 of %3 per device, leaving a margin of %4.</source>
        <extracomment>%1 card name, %2 the need per device, %3 what the card reports, %4 the margin left (each in GiB)</extracomment>
        <translation>Cabe en %1: necesita %2 de %3 por dispositivo y deja un margen de %4.</translation>
    </message>
    <message>
        <source>Does not fit on %1: needs %2 of %3 per device, short by %4.</source>
        <extracomment>%1 card name, %2 the need per device, %3 what the card reports, %4 the shortfall (each in GiB)</extracomment>
        <translation>No cabe en %1: necesita %2 de %3 por dispositivo; faltan %4.</translation>
    </message>
    <message>
        <source>The largest part of the need: %1.</source>
        <extracomment>%1 is the name of a component, e.g. &quot;KV cache&quot;</extracomment>
        <translation>La mayor parte de la necesidad: %1.</translation>
    </message>
    <message>
        <source>No target card was chosen for the verdict.</source>
        <translation>No se eligió ninguna tarjeta de destino para el veredicto.</translation>
    </message>
    <message>
        <source>No estimate was made, so there is no fit verdict.</source>
        <translation>No se hizo ninguna estimación, así que no hay veredicto sobre si cabe.</translation>
    </message>
    <message>
        <source>Catalog cards</source>
        <translation>Tarjetas del catálogo</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Tarjeta</translation>
    </message>
    <message>
        <source>Reported (GiB)</source>
        <translation>Declarada (GiB)</translation>
    </message>
    <message>
        <source>Needed (GiB)</source>
        <translation>Necesario (GiB)</translation>
    </message>
    <message>
        <source>Margin (GiB)</source>
        <translation>Margen (GiB)</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Cabe</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>How it is computed</source>
        <translation>Cómo se calcula</translation>
    </message>
    <message>
        <source>Source of the run: %1</source>
        <extracomment>%1 says where the run comes from, e.g. &quot;opened from /data/run.json&quot;</extracomment>
        <translation>Origen de la ejecución: %1</translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <extracomment>%1 is the run&apos;s summary, e.g. &quot;phases run: 6 of 14 (passed: 5, failed: 1, not run: 8)&quot;</extracomment>
        <translation>Resultado: %1</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>no ejecutada</translation>
    </message>
    <message>
        <source>The raw measurements are in %1, written beside this sheet (JSON, bytes as integers).</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>Las mediciones brutas están en %1, archivo escrito junto a esta ficha (JSON, bytes como enteros).</translation>
    </message>
    <message>
        <source>measured in this session, not saved</source>
        <translation>medida en esta sesión, sin guardar</translation>
    </message>
    <message>
        <source>measured in this session, saved to %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>medida en esta sesión, guardada en %1</translation>
    </message>
    <message>
        <source>opened from %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>abierta desde %1</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>supuesto</translation>
    </message>
    <message>
        <source>Why the peak exceeds the estimate</source>
        <translation>Por qué el pico supera la estimación</translation>
    </message>
    <message>
        <source>Each phase&apos;s ledger, from the estimate to the allocator&apos;s and the device&apos;s readings; within a section the parts add up to its total. Computed, observed and assumed lines are listed apart. A dash is a reading that is missing, never zero.</source>
        <translation>El desglose de cada fase, desde la estimación hasta las lecturas del allocator y del dispositivo; dentro de una sección, las partes suman su total. Las líneas calculadas, observadas y supuestas se listan por separado. Un guion es una lectura que falta, nunca un cero.</translation>
    </message>
    <message>
        <source>Ledger of %1, the peak phase and the failed one</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Desglose de %1, la fase del pico y la que falló</translation>
    </message>
    <message>
        <source>Ledger of %1, the failed phase</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Desglose de %1, la fase que falló</translation>
    </message>
    <message>
        <source>Ledger of %1, the peak phase</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Desglose de %1, la fase del pico</translation>
    </message>
    <message>
        <source>Computed</source>
        <translation>Calculado</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Sección</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Línea</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Causa</translation>
    </message>
    <message>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <source>Missing readings:</source>
        <translation>Lecturas que faltan:</translation>
    </message>
    <message>
        <source>imported from the PyTorch memory snapshot %1, not measured by IteraGPU</source>
        <extracomment>%1 is the path of a PyTorch memory snapshot</extracomment>
        <translation>importada de la instantánea de memoria de PyTorch %1, no medida por IteraGPU</translation>
    </message>
    <message>
        <source>out of memory in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>memoria insuficiente en %1</translation>
    </message>
    <message>
        <source>%1 %2 passes, %3 fails (%4)</source>
        <extracomment>%1 dimension, %2 the largest passing value, %3 the smallest failing value, %4 why it failed</extracomment>
        <translation>%1 %2 pasa, %3 falla (%4)</translation>
    </message>
    <message>
        <source>not yet at the sweep&apos;s resolution</source>
        <translation>aún no a la resolución del barrido</translation>
    </message>
    <message>
        <source>not found: %1 %2 passes, nothing larger was tried</source>
        <extracomment>%1 dimension, %2 the largest value tried, which passed</extracomment>
        <translation>no encontrado: %1 %2 pasa, no se probó nada mayor</translation>
    </message>
    <message>
        <source>nothing passed: %1 %2 already fails</source>
        <extracomment>%1 dimension, %2 the smallest value tried, which failed</extracomment>
        <translation>nada pasó: %1 %2 ya falla</translation>
    </message>
    <message>
        <source>Boundary (sweep): %1</source>
        <extracomment>%1 is the boundary between passing and failing, e.g. &quot;sequences 64 passes, 66 fails (...)&quot;</extracomment>
        <translation>Límite (barrido): %1</translation>
    </message>
    <message>
        <source>Source of the sweep: %1</source>
        <extracomment>%1 is the sweep&apos;s folder</extracomment>
        <translation>Origen del barrido: %1</translation>
    </message>
    <message>
        <source>Largest %1 on %2: %3 (the sweep&apos;s fitted growth extrapolated: assumed, not measured)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 a catalog card with its capacity, %3 the largest value</extracomment>
        <translation>Mayor valor de %1 en %2: %3 (el crecimiento ajustado del barrido extrapolado: supuesto, no medido)</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>lote</translation>
    </message>
    <message>
        <source>context</source>
        <translation>contexto</translation>
    </message>
    <message>
        <source>width</source>
        <translation>anchura</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>secuencias</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>tokens del prompt</translation>
    </message>
    <message>
        <source>generated tokens</source>
        <translation>tokens generados</translation>
    </message>
    <message>
        <source>no limit follows from the fit</source>
        <translation>del ajuste no se deduce ningún límite</translation>
    </message>
    <message>
        <source>nothing fits</source>
        <translation>nada cabe</translation>
    </message>
    <message>
        <source>%1 %2 (the sweep&apos;s largest value with a result, over %3 trials)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 its largest value tried, %3 trials with a result</extracomment>
        <translation>%1 %2 (el mayor valor del barrido con resultado, sobre %3 ensayos)</translation>
    </message>
    <message>
        <source>%1 %2 (the sweep&apos;s largest value with a result, over %4 trials; this run: %3)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 its largest value tried, %3 the run&apos;s own load, %4 trials</extracomment>
        <translation>%1 %2 (el mayor valor del barrido con resultado, sobre %4 ensayos; esta ejecución: %3)</translation>
    </message>
    <message>
        <source>The model, layer by layer:</source>
        <extracomment>the model&apos;s layers by kind, its MoE and its parameters follow as a list</extracomment>
        <translation>El modelo, capa por capa:</translation>
    </message>
    <message>
        <source>The estimate, for the cards not measured:</source>
        <translation>La estimación, para las tarjetas no medidas:</translation>
    </message>
    <message>
        <source>Workload: %1</source>
        <extracomment>%1 the run&apos;s own workload: model, format, sequences, prompt and generated tokens, cache, attention</extracomment>
        <translation>Carga de trabajo: %1</translation>
    </message>
    <message>
        <source>sequence length (training)</source>
        <translation>longitud de secuencia (entrenamiento)</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Motor de inferencia</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-model-len</source>
        <translation>--max-model-len de vLLM</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-num-seqs</source>
        <translation>--max-num-seqs de vLLM</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>vLLM starts: %1 tokens of KV cache, %2 requests of %3 tokens at once</source>
        <extracomment>%1 tokens of KV cache, %2 requests at once (e.g. &quot;12.34&quot;), %3 tokens per request (max-model-len)</extracomment>
        <translation>vLLM arranca: %1 tokens de caché KV, %2 solicitudes de %3 tokens a la vez</translation>
    </message>
    <message>
        <source>vLLM does not start: %1</source>
        <extracomment>%1 vLLM&apos;s own refusal, as it prints it (English)</extracomment>
        <translation>vLLM no arranca: %1</translation>
    </message>
    <message>
        <source>%1, per GPU, tensor parallel %2, pipeline parallel %3</source>
        <extracomment>%1 the vLLM release modelled, %2 tensor-parallel size, %3 pipeline-parallel size</extracomment>
        <translation>%1, por GPU, paralelismo de tensores %2, paralelismo de pipeline %3</translation>
    </message>
    <message>
        <source>the card&apos;s CUDA-visible total %1 x --gpu-memory-utilization %2 = %3 requested</source>
        <extracomment>%1 the card&apos;s total, %2 the utilization (e.g. 0.9), %3 bytes requested</extracomment>
        <translation>total de la tarjeta visible para CUDA %1 x --gpu-memory-utilization %2 = %3 solicitados</translation>
    </message>
    <message>
        <source>nvidia-smi&apos;s total %1 (no CUDA total is known for this card) x --gpu-memory-utilization %2 = %3 requested</source>
        <extracomment>%1 the card&apos;s total, %2 the utilization (e.g. 0.9), %3 bytes requested</extracomment>
        <translation>total según nvidia-smi %1 (no se conoce un total de CUDA para esta tarjeta) x --gpu-memory-utilization %2 = %3 solicitados</translation>
    </message>
    <message>
        <source>refused before the memory was sized: no figures</source>
        <translation>rechazado antes de dimensionar la memoria: sin cifras</translation>
    </message>
    <message>
        <source>weights %1; the profile run&apos;s activation peak %2 (at %3 batched tokens); outside torch %4</source>
        <extracomment>%1 bytes (&quot;Model loading took&quot;), %2 bytes (&quot;torch peak memory increase&quot;), %3 tokens, %4 bytes</extracomment>
        <translation>pesos %1; pico de activaciones de la ejecución de perfilado %2 (con %3 tokens por lote); fuera de torch %4</translation>
    </message>
    <message>
        <source>KV cache %1: %2 tokens in blocks of %3</source>
        <extracomment>%1 bytes, %2 tokens, %3 tokens per block</extracomment>
        <translation>caché KV %1: %2 tokens en bloques de %3</translation>
    </message>
    <message>
        <source>KV cache: nothing left, %1 short</source>
        <extracomment>%1 bytes missing</extracomment>
        <translation>caché KV: no queda nada, faltan %1</translation>
    </message>
    <message>
        <source>CUDA graph pool: none (--enforce-eager)</source>
        <translation>pool de grafos CUDA: ninguno (--enforce-eager)</translation>
    </message>
    <message>
        <source>the largest --max-model-len that starts: %1</source>
        <extracomment>%1 tokens</extracomment>
        <translation>el mayor --max-model-len que arranca: %1</translation>
    </message>
    <message>
        <source>no --max-model-len starts</source>
        <translation>ningún --max-model-len arranca</translation>
    </message>
    <message>
        <source>llama.cpp starts: a context of %1 tokens, %2 layers on the GPU (-ngl)</source>
        <extracomment>%1 context tokens (n_ctx), %2 layers kept in VRAM (-ngl in effect)</extracomment>
        <translation>llama.cpp arranca: un contexto de %1 tokens, %2 capas en la GPU (-ngl)</translation>
    </message>
    <message>
        <source>llama.cpp does not start: %1</source>
        <extracomment>%1 llama.cpp&apos;s own error, as it prints it (English)</extracomment>
        <translation>llama.cpp no arranca: %1</translation>
    </message>
    <message>
        <source>%1: context %2 (%3 per sequence), batch %4, ubatch %5</source>
        <extracomment>%1 the llama.cpp release, %2 context tokens, %3 tokens per sequence, %4 batch, %5 ubatch</extracomment>
        <translation>%1: contexto %2 (%3 por secuencia), lote %4, ulote %5</translation>
    </message>
    <message>
        <source>GPU %1 (%2 layers): model buffer %3, KV buffer %4, compute buffer %5</source>
        <extracomment>%1 GPU index, %2 layers, %3..%5 bytes of its model, KV and compute buffers</extracomment>
        <translation>GPU %1 (%2 capas): búfer del modelo %3, búfer KV %4, búfer de cálculo %5</translation>
    </message>
    <message>
        <source>GPU %1 (%2 layers): model buffer %3, KV buffer %4, compute buffer not modelled</source>
        <extracomment>%1 GPU index, %2 layers, %3 and %4 bytes of its model and KV buffers</extracomment>
        <translation>GPU %1 (%2 capas): búfer del modelo %3, búfer KV %4, búfer de cálculo no modelado</translation>
    </message>
    <message>
        <source>host memory %1: model buffer %2, KV buffer %3, compute buffer %4</source>
        <extracomment>%1 bytes in all, %2..%4 bytes of the host&apos;s model, KV and compute buffers</extracomment>
        <translation>memoria del host %1: búfer del modelo %2, búfer KV %3, búfer de cálculo %4</translation>
    </message>
    <message>
        <source>host memory: model buffer %1, KV buffer %2, compute buffer not modelled</source>
        <extracomment>%1 and %2 bytes of the host&apos;s model and KV buffers</extracomment>
        <translation>memoria del host: búfer del modelo %1, búfer KV %2, búfer de cálculo no modelado</translation>
    </message>
    <message>
        <source>KV cache: K %1 + V %2 = %3</source>
        <extracomment>%1 bytes of K, %2 bytes of V, %3 their sum</extracomment>
        <translation>caché KV: K %1 + V %2 = %3</translation>
    </message>
    <message>
        <source>llama.cpp does not start: GPU %1 needs %2 for its model, KV and compute buffers, more than its %3 (cudaMalloc fails)</source>
        <extracomment>%1 GPU index, %2 bytes of its buffers, %3 the card&apos;s capacity</extracomment>
        <translation>llama.cpp no arranca: la GPU %1 necesita %2 para sus búferes del modelo, KV y de cálculo, más que sus %3 (cudaMalloc falla)</translation>
    </message>
    <message>
        <source>llama.cpp: whether it starts is not known: GPU %1 holds %2 of model and KV buffers of its %3, and its compute buffer is not modelled</source>
        <extracomment>%1 GPU index, %2 bytes of its model and KV buffers, %3 the card&apos;s capacity</extracomment>
        <translation>llama.cpp: no se sabe si arranca: la GPU %1 contiene %2 de búferes del modelo y KV de sus %3, y su búfer de cálculo no está modelado</translation>
    </message>
    <message>
        <source>vLLM allocates %1 tokens of KV cache, then runs out of memory capturing its CUDA graphs (at least %2): it does not start on this card</source>
        <extracomment>%1 tokens of KV cache, %2 bytes of CUDA graphs (at least)</extracomment>
        <translation>vLLM reserva %1 tokens de caché KV y luego se queda sin memoria al capturar sus grafos CUDA (al menos %2): no arranca en esta tarjeta</translation>
    </message>
    <message>
        <source>CUDA graphs at least %1, captured after the KV pool, on top of it (%2 batch sizes up to %3; the driver&apos;s memory of the graphs is not modelled)</source>
        <extracomment>%1 bytes, %2 batch sizes captured, %3 the largest; a lower bound (Note [vLLM CUDA graphs])</extracomment>
        <translation>Grafos CUDA de al menos %1, capturados después del pool KV, además de él (%2 tamaños de lote hasta %3; la memoria del controlador para los grafos no se modela)</translation>
    </message>
    <message>
        <source>the CUDA graphs go beyond --gpu-memory-utilization: the request leaves %1 for them after the KV pool, and vLLM takes the rest from the card&apos;s memory above it</source>
        <extracomment>%1 bytes the request leaves when the graphs are captured</extracomment>
        <translation>los grafos CUDA superan --gpu-memory-utilization: la solicitud les deja %1 después del pool KV, y vLLM toma el resto de la memoria de la tarjeta por encima de ella</translation>
    </message>
    <message>
        <source>the CUDA graphs do not fit on the card after the KV pool: vLLM runs out of memory capturing them; lower --gpu-memory-utilization, --max-num-seqs or use --enforce-eager</source>
        <translation>los grafos CUDA no caben en la tarjeta después del pool KV: vLLM se queda sin memoria al capturarlos; baje --gpu-memory-utilization o --max-num-seqs, o use --enforce-eager</translation>
    </message>
</context>
<context>
    <name>Fit</name>
    <message>
        <source>sequence</source>
        <translation>secuencia</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>secuencias</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence</extracomment>
        <translation>Contexto máximo que cabe en %1: %2 tokens por secuencia, limitado por la memoria.</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, the model&apos;s trained context (memory would allow %3).</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence (the model&apos;s max_position_embeddings), %3 tokens memory alone would allow</extracomment>
        <translation>Contexto máximo que cabe en %1: %2 tokens por secuencia, el contexto de entrenamiento del modelo (la memoria permitiría %3).</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, the model&apos;s trained context (memory sets no limit: the sliding window caps the KV cache).</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence (the model&apos;s max_position_embeddings)</extracomment>
        <translation>Contexto máximo que cabe en %1: %2 tokens por secuencia, el contexto de entrenamiento del modelo (la memoria no impone límite: la ventana deslizante acota la caché KV).</translation>
    </message>
    <message>
        <source>Any context fits on %1 as far as memory goes: every layer keeps at most its sliding window of %2 tokens.</source>
        <extracomment>%1 the card&apos;s name, %2 the sliding window in tokens</extracomment>
        <translation>En cuanto a memoria, cualquier contexto cabe en %1: cada capa conserva como máximo su ventana deslizante de %2 tokens.</translation>
    </message>
    <message>
        <source>Does not fit on %1 at all, not even with one token per sequence.</source>
        <extracomment>%1 the card&apos;s name</extracomment>
        <translation>No cabe en %1 de ningún modo, ni siquiera con un token por secuencia.</translation>
    </message>
    <message>
        <source>On %1 memory sets no context limit up to %2 tokens per sequence.</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence searched up to</extracomment>
        <translation>En %1, la memoria no impone ningún límite de contexto hasta %2 tokens por secuencia.</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits on %1: %2 %3 per step, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences per step, %3 &quot;sequence&quot;/&quot;sequences&quot;</extracomment>
        <translation>Microbatch máximo que cabe en %1: %2 %3 por paso, limitado por la memoria.</translation>
    </message>
    <message>
        <source>Largest batch that fits on %1: %2 %3 at once, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences, %3 &quot;sequence&quot;/&quot;sequences&quot;</extracomment>
        <translation>Batch máximo que cabe en %1: %2 %3 a la vez, limitado por la memoria.</translation>
    </message>
    <message>
        <source>Does not fit on %1 at all, not even with one sequence.</source>
        <extracomment>%1 the card&apos;s name</extracomment>
        <translation>No cabe en %1 de ningún modo, ni siquiera con una secuencia.</translation>
    </message>
    <message>
        <source>On %1 memory sets no batch limit up to %2 sequences.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences searched up to</extracomment>
        <translation>En %1, la memoria no impone ningún límite de batch hasta %2 secuencias.</translation>
    </message>
</context>
<context>
    <name>LayerKind</name>
    <message>
        <source>full attention</source>
        <translation>atención completa</translation>
    </message>
    <message>
        <source>sliding-window attention</source>
        <translation>atención de ventana deslizante</translation>
    </message>
    <message>
        <source>chunked attention</source>
        <translation>atención por segmentos</translation>
    </message>
    <message>
        <source>latent attention (MLA)</source>
        <translation>atención latente (MLA)</translation>
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
        <translation>solo MLP</translation>
    </message>
    <message>
        <source>recurrent state</source>
        <translation>estado recurrente</translation>
    </message>
    <message>
        <source>no cache</source>
        <translation>sin caché</translation>
    </message>
    <message>
        <source>latent attention (MLA), decompressed per head</source>
        <translation>atención latente (MLA), descomprimida por cabeza</translation>
    </message>
</context>
<context>
    <name>Ledger</name>
    <message>
        <source>weights</source>
        <translation>pesos</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>caché KV</translation>
    </message>
    <message>
        <source>activations and transient buffers</source>
        <translation>activaciones y búferes transitorios</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>logits</translation>
    </message>
    <message>
        <source>workspace (through the allocator)</source>
        <translation>espacio de trabajo (a través del allocator)</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>estado del optimizador</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>gradientes</translation>
    </message>
    <message>
        <source>other</source>
        <translation>otros</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Estimación</translation>
    </message>
    <message>
        <source>estimate</source>
        <translation>estimación</translation>
    </message>
    <message>
        <source>no estimate for this phase</source>
        <translation>no hay estimación para esta fase</translation>
    </message>
    <message>
        <source>a part of the estimate could not be computed</source>
        <translation>una parte de la estimación no se pudo calcular</translation>
    </message>
    <message>
        <source>Measured at the peak, by owner</source>
        <translation>Medido en el pico, por propietario</translation>
    </message>
    <message>
        <source>peak allocated</source>
        <translation>pico allocated</translation>
    </message>
    <message>
        <source>no owner readings at the peak moment</source>
        <translation>no hay lecturas por propietario en el momento del pico</translation>
    </message>
    <message>
        <source>not attributed to an owner</source>
        <translation>sin atribuir a un propietario</translation>
    </message>
    <message>
        <source>Measured at the peak, in time</source>
        <translation>Medido en el pico, en el tiempo</translation>
    </message>
    <message>
        <source>held from before (baseline allocated)</source>
        <translation>retenido de antes (allocated de partida)</translation>
    </message>
    <message>
        <source>kept (final - baseline)</source>
        <translation>conservado (final - de partida)</translation>
    </message>
    <message>
        <source>transient (peak - final)</source>
        <translation>transitorio (pico - final)</translation>
    </message>
    <message>
        <source>no allocator reading at the baseline, peak or end</source>
        <translation>no hay lectura del allocator al inicio, en el pico o al final</translation>
    </message>
    <message>
        <source>Allocator at the peak</source>
        <translation>Allocator en el pico</translation>
    </message>
    <message>
        <source>reserved - allocated at the peak moment</source>
        <translation>reserved - allocated en el momento del pico</translation>
    </message>
    <message>
        <source>inactive split blocks (rounding)</source>
        <translation>bloques divididos inactivos (redondeo)</translation>
    </message>
    <message>
        <source>cached free blocks (the rest)</source>
        <translation>bloques libres en caché (el resto)</translation>
    </message>
    <message>
        <source>free in the pool (the rest)</source>
        <translation>libre en el pool (el resto)</translation>
    </message>
    <message>
        <source>no allocator reading at the peak moment</source>
        <translation>no hay lectura del allocator en el momento del pico</translation>
    </message>
    <message>
        <source>reserved at the peak moment</source>
        <translation>reserved en el momento del pico</translation>
    </message>
    <message>
        <source>peak reserved</source>
        <translation>pico reserved</translation>
    </message>
    <message>
        <source>largest free block at the phase&apos;s end</source>
        <translation>mayor bloque libre al final de la fase</translation>
    </message>
    <message>
        <source>Outside the allocator, at the phase&apos;s end</source>
        <translation>Fuera del allocator, al final de la fase</translation>
    </message>
    <message>
        <source>process used (%1) - reserved</source>
        <extracomment>%1: where the process reading comes from: nvml, rocm-smi or simulated</extracomment>
        <translation>usado por el proceso (%1) - reserved</translation>
    </message>
    <message>
        <source>driver&apos;s used (with other processes) - reserved</source>
        <translation>usado según el controlador (con otros procesos) - reserved</translation>
    </message>
    <message>
        <source>no device-level reading at the phase&apos;s end</source>
        <translation>no hay lectura a nivel de dispositivo al final de la fase</translation>
    </message>
    <message>
        <source>no reserved reading at the phase&apos;s end</source>
        <translation>no hay lectura de reserved al final de la fase</translation>
    </message>
    <message>
        <source>CUDA context (simulated, size as asked)</source>
        <translation>contexto CUDA (simulado, tamaño solicitado)</translation>
    </message>
    <message>
        <source>CUDA context (simulated, typical size, assumed)</source>
        <translation>contexto CUDA (simulado, tamaño típico, supuesto)</translation>
    </message>
    <message>
        <source>math library workspace (simulated, size as asked)</source>
        <translation>espacio de trabajo de la biblioteca matemática (simulado, tamaño solicitado)</translation>
    </message>
    <message>
        <source>library workspace (simulated, cuBLAS Hopper, assumed)</source>
        <translation>espacio de trabajo de la biblioteca (simulado, cuBLAS Hopper, supuesto)</translation>
    </message>
    <message>
        <source>outside at the run&apos;s first reading (context, libraries)</source>
        <translation>fuera en la primera lectura de la ejecución (contexto, bibliotecas)</translation>
    </message>
    <message>
        <source>unaccounted (the rest)</source>
        <translation>sin explicar (el resto)</translation>
    </message>
    <message>
        <source>Estimate - measured</source>
        <translation>Estimación - medido</translation>
    </message>
    <message>
        <source>estimate - (reserved at the peak + outside)</source>
        <translation>estimación - (reserved en el pico + fuera)</translation>
    </message>
    <message>
        <source>allocator (reserved - allocated)</source>
        <translation>allocator (reserved - allocated)</translation>
    </message>
    <message>
        <source>outside the allocator</source>
        <translation>fuera del allocator</translation>
    </message>
    <message>
        <source>a reading or a part of the estimate is missing</source>
        <translation>falta una lectura o una parte de la estimación</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>calculado</translation>
    </message>
    <message>
        <source>observed</source>
        <translation>observado</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>supuesto</translation>
    </message>
    <message>
        <source>not in the estimate</source>
        <translation>no incluido en la estimación</translation>
    </message>
    <message>
        <source>formula</source>
        <translation>fórmula</translation>
    </message>
    <message>
        <source>allocator rounding</source>
        <translation>redondeo del allocator</translation>
    </message>
    <message>
        <source>inputs (token ids, block tables)</source>
        <translation>entradas (ids de tokens, tablas de bloques)</translation>
    </message>
    <message>
        <source>math library workspace (assumed)</source>
        <translation>espacio de trabajo de la biblioteca matemática (supuesto)</translation>
    </message>
    <message>
        <source>the dense network&apos;s predictor</source>
        <translation>el predictor de la red densa</translation>
    </message>
    <message>
        <source>predicted peak allocated</source>
        <translation>pico allocated previsto</translation>
    </message>
    <message>
        <source>the sizing engine&apos;s estimate of the %1 phase</source>
        <extracomment>%1: the estimate&apos;s phase the run&apos;s phase is compared with (&quot;prefill&quot;, &quot;decode&quot;)</extracomment>
        <translation>la estimación del motor de dimensionado para la fase %1</translation>
    </message>
    <message>
        <source>rounding inside allocated (whole blocks)</source>
        <translation>redondeo dentro de allocated (bloques enteros)</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up plan, %1</source>
        <extracomment>%1: the vLLM release whose start-up is modelled (&quot;vLLM 0.19 (V1 engine)&quot;)</extracomment>
        <translation>plan de arranque de vLLM, %1</translation>
    </message>
    <message>
        <source>weights (vLLM: Model loading took)</source>
        <translation>pesos (vLLM: Model loading took)</translation>
    </message>
    <message>
        <source>non-torch memory (vLLM: NCCL, custom all-reduce)</source>
        <translation>memoria fuera de torch (vLLM: NCCL, all-reduce propio)</translation>
    </message>
    <message>
        <source>profile-run activations (vLLM: torch peak memory increase)</source>
        <translation>activaciones de la ejecución de perfilado (vLLM: torch peak memory increase)</translation>
    </message>
    <message>
        <source>KV pool (vLLM: num_blocks x page size per layer)</source>
        <translation>pool de KV (vLLM: num_blocks x tamaño de página por capa)</translation>
    </message>
    <message>
        <source>CUDA graph pool (none: --enforce-eager)</source>
        <translation>pool de grafos CUDA (ninguno: --enforce-eager)</translation>
    </message>
    <message>
        <source>CUDA graphs (vLLM: Graph capturing took; a lower bound, the driver&apos;s graph memory not modelled)</source>
        <translation>Grafos CUDA (vLLM: Graph capturing took; un límite inferior, la memoria de grafos del controlador no se modela)</translation>
    </message>
</context>
<context>
    <name>Phase</name>
    <message>
        <source>inference</source>
        <translation>inferencia</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>prefill</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>decodificación</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>paso de entrenamiento</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>generación</translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation>evaluación</translation>
    </message>
    <message>
        <source>export copy</source>
        <translation>copia de exportación</translation>
    </message>
    <message>
        <source>model load</source>
        <translation>carga del modelo</translation>
    </message>
    <message>
        <source>inputs</source>
        <translation>entradas</translation>
    </message>
    <message>
        <source>first step: forward</source>
        <translation>primer paso: hacia adelante</translation>
    </message>
    <message>
        <source>first step: loss</source>
        <translation>primer paso: pérdida</translation>
    </message>
    <message>
        <source>first step: backward</source>
        <translation>primer paso: hacia atrás</translation>
    </message>
    <message>
        <source>first step: accumulation</source>
        <translation>primer paso: acumulación</translation>
    </message>
    <message>
        <source>first step: optimizer</source>
        <translation>primer paso: optimizador</translation>
    </message>
    <message>
        <source>warm step</source>
        <translation>paso en caliente</translation>
    </message>
    <message>
        <source>checkpoint save</source>
        <translation>guardado del checkpoint</translation>
    </message>
</context>
<context>
    <name>ResultSource</name>
    <message>
        <source>measured in this session, not saved</source>
        <translation>medida en esta sesión, sin guardar</translation>
    </message>
    <message>
        <source>measured in this session, saved to %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>medida en esta sesión, guardada en %1</translation>
    </message>
    <message>
        <source>opened from %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>abierta desde %1</translation>
    </message>
    <message>
        <source>run %1 (%2)</source>
        <extracomment>%1 is the run number, %2 where the result comes from, e.g. &quot;measured in this session, not saved&quot;</extracomment>
        <translation>ejecución %1 (%2)</translation>
    </message>
    <message>
        <source>imported from the PyTorch memory snapshot %1, not measured by IteraGPU</source>
        <extracomment>%1 is the path of a PyTorch memory snapshot</extracomment>
        <translation>importada de la instantánea de memoria de PyTorch %1, no medida por IteraGPU</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>%1 (importada)</translation>
    </message>
</context>
<context>
    <name>ResultTimeline</name>
    <message>
        <source>%1 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0</extracomment>
        <translation>%1 · simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>%1 · imported from a PyTorch memory snapshot, not measured by IteraGPU</source>
        <extracomment>%1 is the device id, e.g. cuda:0</extracomment>
        <translation>%1 · importada de una instantánea de memoria de PyTorch, no medida por IteraGPU</translation>
    </message>
</context>
<context>
    <name>RunPolicy</name>
    <message>
        <source>no warm-up</source>
        <translation>sin calentamiento</translation>
    </message>
    <message>
        <source>training steps: %1, in one &apos;warmup&apos; phase after the cold pass; measured repeats: %2, one record each</source>
        <extracomment>%1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.</extracomment>
        <translation>pasos de entrenamiento: %1, en una fase «warmup» tras la pasada en frío; repeticiones medidas: %2, un registro cada una</translation>
    </message>
    <message>
        <source>forward passes: %1, in one &apos;warmup&apos; phase after the cold pass; measured repeats: %2, one record each</source>
        <extracomment>%1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.</extracomment>
        <translation>pasadas hacia delante: %1, en una fase «warmup» tras la pasada en frío; repeticiones medidas: %2, un registro cada una</translation>
    </message>
    <message>
        <source>empty_cache() before each warm repeat, before its baseline is read</source>
        <translation>empty_cache() antes de cada repetición en caliente, antes de leer su valor de partida</translation>
    </message>
    <message>
        <source>no empty_cache() between repeats: the allocator&apos;s cache is kept</source>
        <translation>sin empty_cache() entre repeticiones: se conserva la caché del allocator</translation>
    </message>
</context>
<context>
    <name>RunRefusal</name>
    <message>
        <source>this model</source>
        <translation>este modelo</translation>
    </message>
    <message>
        <source>%1 has a %2 part loaded with it whose size is not modelled</source>
        <extracomment>%2 is the name of a model part (an identifier such as vision or mtp)</extracomment>
        <translation>%1 tiene una parte %2 cargada con él cuyo tamaño no está modelado</translation>
    </message>
    <message>
        <source>%1 has a bias on its tied lm_head</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;)</extracomment>
        <translation>%1 tiene un bias en su lm_head vinculado</translation>
    </message>
    <message>
        <source>%1 has a final norm of another width</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;)</extracomment>
        <translation>%1 tiene una norma final de otro ancho</translation>
    </message>
    <message>
        <source>%1 lists %2 layers of %3</source>
        <extracomment>%2 layers described, %3 the model&apos;s layer count</extracomment>
        <translation>%1 describe %2 capas de %3</translation>
    </message>
    <message>
        <source>%1 has a layer with both attention and a state (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa con atención y a la vez un estado (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer without Jamba&apos;s dt, B and C norms (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa Mamba sin las normas dt, B y C de Jamba (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer without channels, a state, a kernel or a dt rank (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa Mamba sin canales, estado, kernel o rango dt (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa Mamba con normas que el decodificador no construye (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba2 layer whose heads, head dim, groups, state size or kernel do not fit together (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa Mamba2 cuyas cabezas, dimensión de cabeza, grupos, tamaño de estado o kernel no encajan entre sí (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba2 layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa Mamba2 con normas que el decodificador no construye (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a gated DeltaNet layer whose heads, head dims or kernel do not fit together (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa Gated DeltaNet cuyas cabezas, dimensiones de cabeza o kernel no encajan entre sí (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a gated DeltaNet layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa Gated DeltaNet con normas que el decodificador no construye (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a layer with neither attention, a state nor an MLP (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa sin atención, estado ni MLP (capa %2)</translation>
    </message>
    <message>
        <source>%1 has an MLP-only layer with other than one norm (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa solo MLP con un número de normas distinto de una (capa %2)</translation>
    </message>
    <message>
        <source>%1 has multi-head latent attention of other sizes than D = nope + rope (rope even), one KV head per head, a kv_lora_rank and a v_head_dim (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene atención latente multicabeza con otros tamaños que D = nope + rope (rope par), una cabeza KV por cabeza, un kv_lora_rank y un v_head_dim (capa %2)</translation>
    </message>
    <message>
        <source>%1 has multi-head latent attention with q/k norms or sinks (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene atención latente multicabeza con normas q/k o sinks (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a window or chunk of 0 tokens (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una ventana o un segmento de 0 tokens (capa %2)</translation>
    </message>
    <message>
        <source>%1 has an attention-only layer with other than one norm (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene una capa solo de atención con un número de normas distinto de una (capa %2)</translation>
    </message>
    <message>
        <source>%1 has KV heads that do not divide the heads (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene cabezas KV que no dividen el número de cabezas (capa %2)</translation>
    </message>
    <message>
        <source>%1 has a value head_dim other than its head_dim (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene un head_dim de los valores distinto de su head_dim (capa %2)</translation>
    </message>
    <message>
        <source>%1 has an odd head_dim with rotary embeddings (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene un head_dim impar con embeddings rotatorios (capa %2)</translation>
    </message>
    <message>
        <source>%1 has q/k norms of another width (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene normas q/k de otro ancho (capa %2)</translation>
    </message>
    <message>
        <source>%1 has norms the decoder does not build: %2 norm weights per layer, not 1, 2 or 4 norms of %3 (layer %4)</source>
        <extracomment>%2 norm weights per layer, %3 the width of one norm, %4 the layer&apos;s index</extracomment>
        <translation>%1 tiene normas que el decodificador no construye: %2 pesos de norma por capa, no 1, 2 o 4 normas de %3 (capa %4)</translation>
    </message>
    <message>
        <source>%1 has experts per token outside 1 .. its experts (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 tiene un número de expertos por token fuera de 1 .. sus expertos (capa %2)</translation>
    </message>
    <message>
        <source>%1 %2 is larger than 100 000 layers; not a real model</source>
        <extracomment>%1 names the value (a key of the model&apos;s file such as &apos;num_hidden_layers&apos;, or a phrase), %2 is the number of layers it gives</extracomment>
        <translation>%1 %2 supera las 100.000 capas; no es un modelo real</translation>
    </message>
    <message>
        <source>%1 %2 is not a rotary base: it must be a positive number from 1.2e-38 to 3.4e+38 (float32&apos;s range, in which the rotary embedding is computed)</source>
        <extracomment>%1 names the value (a key of the model&apos;s file such as &apos;rope_theta&apos;, or a phrase), %2 is the value given</extracomment>
        <translation>%1 %2 no es una base rotatoria: debe ser un número positivo de 1.2e-38 a 3.4e+38 (el rango de float32, en el que se calcula el embedding rotatorio)</translation>
    </message>
    <message>
        <source>the decoder workload needs a model (a preset, a config.json or a safetensors header)</source>
        <translation>la carga de trabajo del decodificador necesita un modelo (un preset, un config.json o una cabecera safetensors)</translation>
    </message>
    <message>
        <source>a decoder training run needs its recipe (method, micro-batch, sequence length, optimizer)</source>
        <translation>una ejecución de entrenamiento del decodificador necesita su receta (método, micro-lote, longitud de secuencia, optimizador)</translation>
    </message>
    <message>
        <source>an inference run carries no training recipe</source>
        <translation>una ejecución de inferencia no lleva receta de entrenamiento</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build MoE layers yet (the routed experts&apos; backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>el paso de entrenamiento del decodificador aún no construye capas MoE (la retropropagación de los expertos enrutados no está escrita): &apos;iteragpu estimate --training&apos; calcula su tamaño</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build learned position embeddings yet (their backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>el paso de entrenamiento del decodificador aún no construye embeddings de posición aprendidos (su retropropagación no está escrita): &apos;iteragpu estimate --training&apos; calcula su tamaño</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build a model with a %1 part loaded beside it yet: &apos;iteragpu estimate --training&apos; sizes it</source>
        <extracomment>%1 is the name of a model part (an identifier such as vision or mtp)</extracomment>
        <translation>el paso de entrenamiento del decodificador aún no construye un modelo con una parte %1 cargada junto a él: &apos;iteragpu estimate --training&apos; calcula su tamaño</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build multi-head latent attention yet: &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>el paso de entrenamiento del decodificador aún no construye atención latente multicabeza: &apos;iteragpu estimate --training&apos; calcula su tamaño</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build state layers or layers without attention or an MLP yet (their backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>el paso de entrenamiento del decodificador aún no construye capas de estado ni capas sin atención o sin MLP (su retropropagación no está escrita): &apos;iteragpu estimate --training&apos; calcula su tamaño</translation>
    </message>
    <message>
        <source>QLoRA trains adapters on a quantized base: choose nf4 or nf4-dq weights (--format nf4)</source>
        <translation>QLoRA entrena adaptadores sobre una base cuantizada: elija pesos nf4 o nf4-dq (--format nf4)</translation>
    </message>
    <message>
        <source>weights in %1 are frozen codes: train adapters on them with --method qlora</source>
        <extracomment>%1 is a storage format&apos;s identifier (nf4, nf4-dq)</extracomment>
        <translation>los pesos en %1 son códigos congelados: entrene adaptadores sobre ellos con --method qlora</translation>
    </message>
    <message>
        <source>weights in %1 are frozen codes: the decoder trains on a 16-bit or float32 base, or adapters on an nf4 base (--method qlora)</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. int8, gptq-int4)</extracomment>
        <translation>los pesos en %1 son códigos congelados: el decodificador entrena sobre una base de 16 bits o float32, o adaptadores sobre una base nf4 (--method qlora)</translation>
    </message>
    <message>
        <source>float32 weights need no float32 master copy</source>
        <translation>los pesos float32 no necesitan una copia maestra float32</translation>
    </message>
    <message>
        <source>the decoder workload does not build this model yet: %1; &apos;iteragpu estimate&apos; sizes it layer by layer</source>
        <extracomment>%1 is what the decoder cannot build (a sentence of its own)</extracomment>
        <translation>la carga de trabajo del decodificador aún no construye este modelo: %1; &apos;iteragpu estimate&apos; calcula su tamaño capa por capa</translation>
    </message>
    <message>
        <source>the model shape is incomplete: layers, hidden, intermediate, heads, KV heads, head_dim and vocab must all be at least 1</source>
        <translation>la forma del modelo está incompleta: layers, hidden, intermediate, heads, KV heads, head_dim y vocab deben ser todos al menos 1</translation>
    </message>
    <message>
        <source>the model&apos;s layer count</source>
        <translation>el número de capas del modelo</translation>
    </message>
    <message>
        <source>the run reaches position %1 + %2, beyond the model&apos;s %3 learned positions (n_positions): shorten the prompt or the generation</source>
        <extracomment>%1 prompt tokens, %2 generated tokens, %3 the model&apos;s number of learned positions</extracomment>
        <translation>la ejecución llega a la posición %1 + %2, más allá de las %3 posiciones aprendidas del modelo (n_positions): acorte el prompt o la generación</translation>
    </message>
    <message>
        <source>the rotary base (rope_theta)</source>
        <translation>la base rotatoria (rope_theta)</translation>
    </message>
    <message>
        <source>the model&apos;s %1 attention heads cannot share %2 KV heads: the KV heads must divide the heads</source>
        <extracomment>%1 attention heads, %2 KV heads</extracomment>
        <translation>las %1 cabezas de atención del modelo no pueden compartir %2 cabezas KV: las cabezas KV deben dividir el número de cabezas</translation>
    </message>
    <message>
        <source>head_dim %1 is odd: rotary embeddings need pairs</source>
        <extracomment>%1 is the model&apos;s head_dim (a number)</extracomment>
        <translation>head_dim %1 es impar: los embeddings rotatorios necesitan pares</translation>
    </message>
    <message>
        <source>the model lists %1 attention windows for %2 layers</source>
        <extracomment>%1 attention windows listed, %2 layers</extracomment>
        <translation>el modelo indica %1 ventanas de atención para %2 capas</translation>
    </message>
    <message>
        <source>a sliding window of 0 tokens is not a window</source>
        <translation>una ventana deslizante de 0 tokens no es una ventana</translation>
    </message>
    <message>
        <source>experts per token must be between 1 and the %1 experts</source>
        <extracomment>%1 is the model&apos;s number of experts</extracomment>
        <translation>los expertos por token deben estar entre 1 y los %1 expertos</translation>
    </message>
    <message>
        <source>a vocabulary of %1 tokens does not fit int32 token ids</source>
        <extracomment>%1 is the vocabulary&apos;s size in tokens</extracomment>
        <translation>un vocabulario de %1 tokens no cabe en ids de token int32</translation>
    </message>
    <message>
        <source>the decoder needs at least 1 sequence and 1 prompt token</source>
        <translation>el decodificador necesita al menos 1 secuencia y 1 token del prompt</translation>
    </message>
    <message>
        <source>sequences and prompt tokens must be at most %1 (the kernels index rows as int)</source>
        <extracomment>%1 is the largest value</extracomment>
        <translation>las secuencias y los tokens del prompt deben ser como máximo %1 (los kernels indexan las filas como int)</translation>
    </message>
    <message>
        <source>the GPTQ/AWQ group must be between 1 and %1 input rows</source>
        <extracomment>%1 is the largest group size</extracomment>
        <translation>el grupo GPTQ/AWQ debe tener entre 1 y %1 filas de entrada</translation>
    </message>
    <message>
        <source>an fp8 scale block needs both its rows and its columns, each between 1 and %1 (or neither: one scale per tensor)</source>
        <extracomment>%1 is the largest number of rows or columns</extracomment>
        <translation>un bloque de escala fp8 necesita tanto sus filas como sus columnas, cada una entre 1 y %1 (o ninguna: una escala por tensor)</translation>
    </message>
    <message>
        <source>weights in %1 compute in 16 bit: choose float16 or bfloat16 as the compute dtype</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. int8, nf4)</extracomment>
        <translation>los pesos en %1 calculan en 16 bits: elija float16 o bfloat16 como tipo de cálculo</translation>
    </message>
    <message>
        <source>the run is too large: %1 sequences x %2 prompt tokens + %3 generated would need a tensor beyond 2^63 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 generated tokens</extracomment>
        <translation>la ejecución es demasiado grande: %1 secuencias x %2 tokens del prompt + %3 generados necesitarían un tensor de más de 2^63 bytes</translation>
    </message>
    <message>
        <source>at most %1 repeats fit with these settings</source>
        <extracomment>%1 is a number of repeats</extracomment>
        <translation>con estos ajustes caben como máximo %1 repeticiones</translation>
    </message>
    <message>
        <source>a larger decode chunk makes fewer decode records</source>
        <translation>un bloque de decodificación mayor produce menos registros de decodificación</translation>
    </message>
    <message>
        <source>more than 2^64</source>
        <translation>más de 2^64</translation>
    </message>
    <message>
        <source>beyond 2^64 bytes</source>
        <translation>más de 2^64 bytes</translation>
    </message>
    <message>
        <source>the run would keep %1 phase records of up to %2 samples each, %3 of host memory at worst, more than the %4 a run may keep: %5</source>
        <extracomment>%1 phase records (a number, or &quot;more than 2^64&quot;), %2 samples per record, %3 the host memory they take (in GiB, or &quot;beyond 2^64 bytes&quot;), %4 the limit in GiB, %5 what to change (a sentence of its own)</extracomment>
        <translation>la ejecución guardaría %1 registros de fase de hasta %2 muestras cada uno, %3 de memoria del host en el peor caso, más que los %4 que puede guardar una ejecución: %5</translation>
    </message>
    <message>
        <source>a script is measured from inside by the Python probe (iteragpu probe --path), not run by iteragpu</source>
        <translation>un script se mide desde dentro con la sonda de Python (iteragpu probe --path); iteragpu no lo ejecuta</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal needs its plan on the device&apos;s total (planVllmRun) before it runs</source>
        <translation>el ensayo de vLLM necesita su plan sobre el total del dispositivo (planVllmRun) antes de ejecutarse</translation>
    </message>
    <message>
        <source>vLLM&apos;s profile run: %1</source>
        <extracomment>%1 is why the profile run cannot run (a sentence of its own)</extracomment>
        <translation>ejecución de perfilado de vLLM: %1</translation>
    </message>
    <message>
        <source>warmup and repeats must be at most %1</source>
        <extracomment>%1 is the largest number</extracomment>
        <translation>warmup y las repeticiones deben ser como máximo %1</translation>
    </message>
    <message>
        <source>samples per phase must be between 2 and %1</source>
        <extracomment>%1 is the largest number</extracomment>
        <translation>las muestras por fase deben estar entre 2 y %1</translation>
    </message>
    <message>
        <source>the simulated capacity must be more than 0 bytes</source>
        <translation>la capacidad simulada debe ser de más de 0 bytes</translation>
    </message>
    <message>
        <source>at most %1 generated tokens</source>
        <extracomment>%1 is the largest number of tokens</extracomment>
        <translation>como máximo %1 tokens generados</translation>
    </message>
    <message>
        <source>batch, context and width must be at least 1</source>
        <translation>el lote, el contexto y el ancho deben ser al menos 1</translation>
    </message>
    <message>
        <source>batch, context and width must be at most %1 (the kernels index rows and columns as int)</source>
        <extracomment>%1 is the largest value</extracomment>
        <translation>el lote, el contexto y el ancho deben ser como máximo %1 (los kernels indexan filas y columnas como int)</translation>
    </message>
    <message>
        <source>batch x context x width is too large: a tensor of the dense network would exceed 2^63 bytes</source>
        <translation>lote x contexto x ancho es demasiado grande: un tensor de la red densa superaría 2^63 bytes</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal needs a model (--model)</source>
        <translation>el ensayo de vLLM necesita un modelo (--model)</translation>
    </message>
    <message>
        <source>vLLM serves a model: its rehearsal is an inference run (no --mode training)</source>
        <translation>vLLM sirve un modelo: su ensayo es una ejecución de inferencia (sin --mode training)</translation>
    </message>
    <message>
        <source>one device cannot rehearse --tensor-parallel-size %1: vLLM shards the model over that many GPUs (&apos;iteragpu estimate --engine vllm --tp N&apos; plans it)</source>
        <extracomment>%1 is the number of GPUs given to --tensor-parallel-size</extracomment>
        <translation>un solo dispositivo no puede ensayar --tensor-parallel-size %1: vLLM reparte el modelo entre esa cantidad de GPU (&apos;iteragpu estimate --engine vllm --tp N&apos; lo planifica)</translation>
    </message>
    <message>
        <source>one device cannot rehearse --pipeline-parallel-size %1: vLLM splits the layers over that many GPUs (&apos;iteragpu estimate --engine vllm --pp N&apos; plans it)</source>
        <extracomment>%1 is the number of GPUs given to --pipeline-parallel-size</extracomment>
        <translation>un solo dispositivo no puede ensayar --pipeline-parallel-size %1: vLLM reparte las capas entre esa cantidad de GPU (&apos;iteragpu estimate --engine vllm --pp N&apos; lo planifica)</translation>
    </message>
    <message>
        <source>--quantization %1 is not rehearsed: the decoder builds the checkpoint&apos;s own weights (&apos;iteragpu estimate --engine vllm&apos; plans it)</source>
        <extracomment>%1 is the quantization method given (an identifier such as awq)</extracomment>
        <translation>--quantization %1 no se ensaya: el decodificador construye los pesos propios del checkpoint (&apos;iteragpu estimate --engine vllm&apos; lo planifica)</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal builds 16-bit or float32 weights; a %1 checkpoint is not rehearsed yet (&apos;iteragpu estimate --engine vllm&apos; plans it)</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. nf4, gptq-int4)</extracomment>
        <translation>el ensayo de vLLM construye pesos de 16 bits o float32; un checkpoint %1 aún no se ensaya (&apos;iteragpu estimate --engine vllm&apos; lo planifica)</translation>
    </message>
    <message>
        <source>vLLM&apos;s plan for recurrent state layers (Mamba, gated DeltaNet) is not modelled, so not rehearsed</source>
        <translation>el plan de vLLM para capas de estado recurrente (Mamba, Gated DeltaNet) no está modelado, así que no se ensaya</translation>
    </message>
    <message>
        <source>vLLM allocates through PyTorch&apos;s caching allocator: its rehearsal runs with --allocator native</source>
        <translation>vLLM reserva memoria a través del allocator con caché de PyTorch: su ensayo se ejecuta con --allocator native</translation>
    </message>
    <message>
        <source>%1 %2 is above the rehearsal&apos;s limit of %3 (the kernels index tokens and rows as int)</source>
        <extracomment>%1 is an option&apos;s name (e.g. --max-model-len), %2 the value given, %3 the largest value</extracomment>
        <translation>%1 %2 supera el límite del ensayo, %3 (los kernels indexan tokens y filas como int)</translation>
    </message>
    <message>
        <source>invalid device id &apos;%1&apos;: expected BACKEND:INDEX such as cuda:0, hip:0 or sim:0</source>
        <extracomment>%1 is the device id given</extracomment>
        <translation>id de dispositivo no válido &apos;%1&apos;: se espera BACKEND:INDEX, como cuda:0, hip:0 o sim:0</translation>
    </message>
    <message>
        <source>unknown device backend &apos;%1&apos; in &apos;%2&apos;: use cuda, hip or sim</source>
        <extracomment>%1 is the backend named, %2 the device id given</extracomment>
        <translation>backend de dispositivo desconocido &apos;%1&apos; en &apos;%2&apos;: use cuda, hip o sim</translation>
    </message>
    <message>
        <source>invalid device index in &apos;%1&apos;</source>
        <extracomment>%1 is the device id given</extracomment>
        <translation>índice de dispositivo no válido en &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the catalog has no memory bandwidth for %1 (%2)</source>
        <extracomment>%1 is the card&apos;s name, %2 its catalog id</extracomment>
        <translation>el catálogo no tiene ancho de banda de memoria para %1 (%2)</translation>
    </message>
    <message>
        <source>the catalog has no memory bandwidth for %1 (%2): %3</source>
        <extracomment>%1 is the card&apos;s name, %2 its catalog id, %3 the catalog&apos;s note on its figures (in English)</extracomment>
        <translation>el catálogo no tiene ancho de banda de memoria para %1 (%2): %3</translation>
    </message>
    <message>
        <source>the catalog has no peak %1 FLOP/s for %2 (%3), the run&apos;s compute dtype</source>
        <extracomment>%1 is a data type (fp32, fp16, bf16), %2 the card&apos;s name, %3 its catalog id</extracomment>
        <translation>el catálogo no tiene FLOP/s de pico en %1 para %2 (%3), el tipo de cálculo de la ejecución</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>not loaded</source>
        <translation>no cargado</translation>
    </message>
    <message>
        <source>%1 backend unavailable: %2</source>
        <extracomment>%1 is a backend&apos;s name (cuda, hip, sim), %2 why (the loader&apos;s text, or &quot;not loaded&quot;)</extracomment>
        <translation>backend %1 no disponible: %2</translation>
    </message>
    <message>
        <source>a simulated capacity applies to sim:N devices only</source>
        <translation>una capacidad simulada solo se aplica a los dispositivos sim:N</translation>
    </message>
    <message>
        <source>a simulated context or workspace applies to sim:N devices only</source>
        <translation>un contexto o espacio de trabajo simulado solo se aplica a los dispositivos sim:N</translation>
    </message>
    <message>
        <source>a simulated card applies to sim:N devices only</source>
        <translation>una tarjeta simulada solo se aplica a los dispositivos sim:N</translation>
    </message>
    <message>
        <source>%1 device(s) present</source>
        <extracomment>%1 is the number of devices the backend has</extracomment>
        <translation>%1 dispositivo(s) presente(s)</translation>
    </message>
    <message>
        <source>no device</source>
        <translation>ningún dispositivo</translation>
    </message>
    <message>
        <source>no device %1: %2</source>
        <extracomment>%1 is a device id such as cuda:1, %2 why there is none (a number of devices present, or the runtime&apos;s text)</extracomment>
        <translation>no hay dispositivo %1: %2</translation>
    </message>
    <message>
        <source>the GPU catalog cannot be read for the simulated card: %1</source>
        <extracomment>%1 is the reason the catalog file cannot be read (in English)</extracomment>
        <translation>no se puede leer el catálogo de GPU para la tarjeta simulada: %1</translation>
    </message>
    <message>
        <source>unknown simulated card &apos;%1&apos;: the GPU catalog (%2) has no such id or name; cards that can pace this run: %3</source>
        <extracomment>%1 is the card named, %2 the catalog&apos;s file, %3 the ids of the cards that can (or &quot;none&quot;)</extracomment>
        <translation>tarjeta simulada desconocida &apos;%1&apos;: el catálogo de GPU (%2) no tiene ese id ni ese nombre; tarjetas que pueden marcar el ritmo de esta ejecución: %3</translation>
    </message>
    <message>
        <source>simulated card &apos;%1&apos; cannot keep a pace: %2; cards that can pace this run: %3</source>
        <extracomment>%1 is the card named, %2 why (a sentence of its own), %3 the ids of the cards that can (or &quot;none&quot;)</extracomment>
        <translation>la tarjeta simulada &apos;%1&apos; no puede mantener un ritmo: %2; tarjetas que pueden marcar el ritmo de esta ejecución: %3</translation>
    </message>
    <message>
        <source>the simulated speed must be a number from 0 (as fast as possible) to %1 (1 = real time), not %2</source>
        <extracomment>%1 is the largest speed (a number), %2 the value given</extracomment>
        <translation>la velocidad simulada debe ser un número de 0 (lo más rápido posible) a %1 (1 = tiempo real), no %2</translation>
    </message>
    <message>
        <source>the simulated capacity (%1 bytes) must hold the simulated context and workspace (%2 + %3 bytes)</source>
        <extracomment>%1 is the capacity, %2 the context and %3 the workspace, each a number of bytes</extracomment>
        <translation>la capacidad simulada (%1 bytes) debe contener el contexto y el espacio de trabajo simulados (%2 + %3 bytes)</translation>
    </message>
    <message>
        <source>the simulated card has no name</source>
        <translation>la tarjeta simulada no tiene nombre</translation>
    </message>
    <message>
        <source>the simulated %1 needs a memory bandwidth above 0 bytes/s</source>
        <extracomment>%1 is the card&apos;s name (e.g. NVIDIA H100 SXM)</extracomment>
        <translation>la %1 simulada necesita un ancho de banda de memoria de más de 0 bytes/s</translation>
    </message>
    <message>
        <source>the simulated %1 has a peak FLOP/s that is not a number above 0</source>
        <extracomment>%1 is the card&apos;s name (e.g. NVIDIA H100 SXM)</extracomment>
        <translation>la %1 simulada tiene unos FLOP/s de pico que no son un número mayor que 0</translation>
    </message>
    <message>
        <source>a training step needs at least 1 sequence (--batch) of at least 1 token (--seq-len)</source>
        <translation>un paso de entrenamiento necesita al menos 1 secuencia (--batch) de al menos 1 token (--seq-len)</translation>
    </message>
    <message>
        <source>gradient accumulation must be between 1 and %1 micro-batches</source>
        <extracomment>%1 is the largest number of micro-batches</extracomment>
        <translation>la acumulación de gradientes debe estar entre 1 y %1 micro-lotes</translation>
    </message>
    <message>
        <source>the loss can be computed in at most %1 chunks</source>
        <extracomment>%1 is the largest number of chunks</extracomment>
        <translation>la pérdida puede calcularse en como máximo %1 trozos</translation>
    </message>
    <message>
        <source>an optimizer stepped inside the backward pass frees each gradient at once: it cannot accumulate gradients over several micro-batches (torchtune refuses it too)</source>
        <translation>un optimizador aplicado dentro de la retropropagación libera cada gradiente de inmediato: no puede acumular gradientes a lo largo de varios micro-lotes (torchtune también lo rechaza)</translation>
    </message>
    <message>
        <source>the LoRA rank must be between 1 and %1</source>
        <extracomment>%1 is the largest rank</extracomment>
        <translation>el rango de LoRA debe estar entre 1 y %1</translation>
    </message>
    <message>
        <source>LoRA needs at least one target (--lora-targets q_proj,v_proj, ...)</source>
        <translation>LoRA necesita al menos un módulo objetivo (--lora-targets q_proj,v_proj, ...)</translation>
    </message>
    <message>
        <source>master weights are a full fine-tune&apos;s: LoRA adapters are trained in their own dtype (float32 adapters, or the compute dtype)</source>
        <translation>los pesos maestros son propios de un ajuste fino completo: los adaptadores LoRA se entrenan en su propio tipo de datos (adaptadores float32, o el tipo de cálculo)</translation>
    </message>
    <message>
        <source>vLLM&apos;s plan needs the device&apos;s total memory, which %1 does not report</source>
        <extracomment>%1 a device id such as cuda:0</extracomment>
        <translation>el plan de vLLM necesita la memoria total del dispositivo, que %1 no informa</translation>
    </message>
</context>
<context>
    <name>RunSummary</name>
    <message>
        <source>The run did not start: %1</source>
        <extracomment>%1 is the reason, one line from the runtime or the configuration check</extracomment>
        <translation>La ejecución no se inició: %1</translation>
    </message>
    <message>
        <source>phases passed: %1 of %1</source>
        <extracomment>%1 phases, all passed. Label and value, so no plural forms are needed.</extracomment>
        <translation>fases exitosas: %1 de %1</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5); out of memory in %6</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier that failed first, such as cold_forward. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>fases ejecutadas: %1 de %2 (exitosas: %3, fallidas: %4, no ejecutadas: %5); memoria insuficiente en %6</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5); first failure in %6</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier that failed first, such as cold_forward. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>fases ejecutadas: %1 de %2 (exitosas: %3, fallidas: %4, no ejecutadas: %5); primer fallo en %6</translation>
    </message>
    <message>
        <source>stopped: phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run. The user pressed Stop.</extracomment>
        <translation>detenida: fases ejecutadas: %1 de %2 (exitosas: %3, fallidas: %4, no ejecutadas: %5)</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run</extracomment>
        <translation>fases ejecutadas: %1 de %2 (exitosas: %3, fallidas: %4, no ejecutadas: %5)</translation>
    </message>
    <message>
        <source>stopped during %6: phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier, such as decode, that the user&apos;s Stop cut short. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>detenida durante %6: fases ejecutadas: %1 de %2 (exitosas: %3, fallidas: %4, no ejecutadas: %5)</translation>
    </message>
</context>
<context>
    <name>SafeFileWriter</name>
    <message>
        <source>Could not write %1: %2. Nothing was replaced.</source>
        <extracomment>%1 is a file path, %2 the system&apos;s reason (e.g. &quot;No space left on device&quot;)</extracomment>
        <translation>No se pudo escribir %1: %2. No se reemplazó nada.</translation>
    </message>
    <message>
        <source>No file name was given.</source>
        <translation>No se indicó ningún nombre de archivo.</translation>
    </message>
    <message>
        <source>%1 already exists and was left untouched.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 ya existe y no se ha modificado.</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>es una carpeta</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>la carpeta no existe</translation>
    </message>
</context>
<context>
    <name>SweepText</name>
    <message>
        <source>batch</source>
        <translation>lote</translation>
    </message>
    <message>
        <source>context</source>
        <translation>contexto</translation>
    </message>
    <message>
        <source>width</source>
        <translation>anchura</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>secuencias</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>tokens del prompt</translation>
    </message>
    <message>
        <source>generated tokens</source>
        <translation>tokens generados</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>%1 is a list of device ids, e.g. sim:0</extracomment>
        <translation>%1 (simulado)</translation>
    </message>
    <message>
        <source>out of memory in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>memoria insuficiente en %1</translation>
    </message>
    <message>
        <source>failed in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>falló en %1</translation>
    </message>
    <message>
        <source>Boundary: %1 %2 passes, %3 fails (%4).</source>
        <extracomment>%1 dimension name, %2 the largest passing value, %3 the smallest failing value, %4 why it failed</extracomment>
        <translation>Límite: %1 %2 pasa, %3 falla (%4).</translation>
    </message>
    <message>
        <source>Not yet at the resolution.</source>
        <translation>Aún no se alcanzó la resolución.</translation>
    </message>
    <message>
        <source>No failure up to the maximum: %1 %2 passes.</source>
        <extracomment>%1 dimension name, %2 the largest value tried, which passed</extracomment>
        <translation>Ningún fallo hasta el máximo: %1 %2 pasa.</translation>
    </message>
    <message>
        <source>Largest passing so far: %1 %2; no failure yet.</source>
        <extracomment>%1 dimension name, %2 the largest passing value so far</extracomment>
        <translation>Mayor valor que pasa hasta ahora: %1 %2; aún ningún fallo.</translation>
    </message>
    <message>
        <source>Nothing passed: %1 %2 already fails.</source>
        <extracomment>%1 dimension name, %2 the smallest value tried, which failed</extracomment>
        <translation>Nada pasó: %1 %2 ya falla.</translation>
    </message>
    <message>
        <source>No trial has finished yet.</source>
        <translation>Aún no ha terminado ningún ensayo.</translation>
    </message>
    <message numerus="yes">
        <source>Fitted over %n passing trial(s): peak allocated ≈ %1.</source>
        <extracomment>%n passing trials used, %1 the fitted formula, e.g. &quot;1.20 GiB + 0.31 GiB × sequences&quot;</extracomment>
        <translation>
            <numerusform>Ajustado sobre %n ensayo que pasa: pico allocated ≈ %1.</numerusform>
            <numerusform>Ajustado sobre %n ensayos que pasan: pico allocated ≈ %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2): no limit follows from the fit (assumed)</source>
        <extracomment>%1 card name, %2 its capacity; the fit does not grow, so it gives no limit</extracomment>
        <translation>%1 (%2): del ajuste no se deduce ningún límite (supuesto)</translation>
    </message>
    <message>
        <source>%1 (%2): nothing fits (assumed)</source>
        <extracomment>%1 card name, %2 its capacity</extracomment>
        <translation>%1 (%2): nada cabe (supuesto)</translation>
    </message>
    <message>
        <source>%1 (%2): %3 ≤ %4 (assumed)</source>
        <extracomment>%1 card name, %2 its capacity, %3 dimension name, %4 the largest value the fit gives on it</extracomment>
        <translation>%1 (%2): %3 ≤ %4 (supuesto)</translation>
    </message>
    <message>
        <source>%1: no limit</source>
        <extracomment>%1 card name; the fit does not grow, so it gives no limit</extracomment>
        <translation>%1: sin límite</translation>
    </message>
    <message>
        <source>%1: nothing fits</source>
        <extracomment>%1 card name</extracomment>
        <translation>%1: nada cabe</translation>
    </message>
    <message>
        <source>%1: ≤ %2</source>
        <extracomment>%1 card name, %2 the largest value the fit gives on it</extracomment>
        <translation>%1: ≤ %2</translation>
    </message>
    <message>
        <source>Assumed from the fit, not measured: the largest %1 on %2.</source>
        <extracomment>%1 dimension name, %2 a list of cards with the largest value on each</extracomment>
        <translation>Supuesto a partir del ajuste, no medido: el mayor valor de %1 en %2.</translation>
    </message>
    <message>
        <source>sequence length (training)</source>
        <translation>longitud de secuencia (entrenamiento)</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-model-len</source>
        <translation>--max-model-len de vLLM</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-num-seqs</source>
        <translation>--max-num-seqs de vLLM</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>CUDA context, outside the allocator</source>
        <translation>contexto CUDA, fuera del allocator</translation>
    </message>
    <message>
        <source>a typical size; the simulated device assumes the same</source>
        <translation>un tamaño típico; el dispositivo simulado supone el mismo</translation>
    </message>
    <message>
        <source>math library workspace, outside the allocator</source>
        <translation>espacio de trabajo de la biblioteca matemática, fuera del allocator</translation>
    </message>
    <message>
        <source>cuBLAS&apos;s on Hopper, the largest of cuBLAS, cuBLAS on Hopper and hipBLASLt</source>
        <translation>el de cuBLAS en Hopper, el mayor de cuBLAS, cuBLAS en Hopper y hipBLASLt</translation>
    </message>
    <message>
        <source>your reserve</source>
        <translation>su reserva</translation>
    </message>
    <message>
        <source>as typed: other processes and a safety margin</source>
        <translation>como se escribió: otros procesos y un margen de seguridad</translation>
    </message>
    <message>
        <source>allocator&apos;s peak reserved in %1 (predicted)</source>
        <extracomment>%1 the phase that sets the peak (&quot;prefill&quot;, &quot;decode&quot;)</extracomment>
        <translation>pico reservado del allocator en %1 (predicho)</translation>
    </message>
    <message>
        <source>the decoder&apos;s predictor over the caching allocator: %1 bytes reserved, %2 bytes allocated</source>
        <extracomment>%1 and %2 byte counts</extracomment>
        <translation>el predictor del decodificador sobre el allocator con caché: %1 bytes reservados, %2 bytes asignados</translation>
    </message>
    <message>
        <source>The allocator&apos;s peak is predicted from the decoder&apos;s tensors, as a run on a simulated card reaches it.</source>
        <translation>El pico del allocator se predice a partir de los tensores del decodificador, tal como lo alcanza una ejecución en una tarjeta simulada.</translation>
    </message>
    <message>
        <source>the estimate&apos;s largest phase, %1</source>
        <extracomment>%1 the phase&apos;s name (&quot;inference&quot;, &quot;train_step&quot;)</extracomment>
        <translation>la fase más grande de la estimación, %1</translation>
    </message>
    <message>
        <source>the sizing engine&apos;s components alive in that phase</source>
        <translation>los componentes del cálculo de tamaño vivos en esa fase</translation>
    </message>
    <message>
        <source>allocator&apos;s rounding and cached blocks</source>
        <translation>redondeo y bloques en caché del allocator</translation>
    </message>
    <message>
        <source>%1 % of the phase&apos;s %2 bytes above the weights, at least %3 bytes</source>
        <extracomment>%1 a percentage, %2 and %3 byte counts</extracomment>
        <translation>%1 % de los %2 bytes de la fase por encima de los pesos, al menos %3 bytes</translation>
    </message>
    <message>
        <source>The allocator&apos;s peak is the sizing engine&apos;s largest phase with an assumed margin: the decoder&apos;s predictor does not apply (%1).</source>
        <extracomment>%1 why the decoder&apos;s predictor does not apply, in words</extracomment>
        <translation>El pico del allocator es la fase más grande del cálculo de tamaño con un margen supuesto: el predictor del decodificador no se aplica (%1).</translation>
    </message>
    <message>
        <source>Recorded on %1 (imported, not measured here)</source>
        <extracomment>%1 the device&apos;s name; the run was rebuilt from another tool&apos;s recording</extracomment>
        <translation>Registrado en %1 (importado, no medido aquí)</translation>
    </message>
    <message>
        <source>Measured on the simulated card %1</source>
        <extracomment>%1 the simulated card&apos;s id in the GPU catalog (&quot;rtx-4090&quot;); a memory model, not a GPU measurement</extracomment>
        <translation>Medido en la tarjeta simulada %1</translation>
    </message>
    <message>
        <source>Measured on the simulated device %1</source>
        <extracomment>%1 the simulated device&apos;s id (&quot;sim:0&quot;), no card of the catalog; a memory model, not a GPU measurement</extracomment>
        <translation>Medido en el dispositivo simulado %1</translation>
    </message>
    <message>
        <source>Measured on %1</source>
        <extracomment>%1 the device&apos;s name</extracomment>
        <translation>Medido en %1</translation>
    </message>
    <message>
        <source>%1: fits, every phase passed at %2 (peak reserved %3).</source>
        <extracomment>%1 where (&quot;Measured on a simulated RTX 4090&quot;), %2 the load, %3 the highest peak reserved</extracomment>
        <translation>%1: cabe, todas las fases pasaron con %2 (pico reservado %3).</translation>
    </message>
    <message>
        <source>%1: out of memory in %2 at %3.</source>
        <extracomment>%1 where (&quot;Measured on a simulated RTX 4090&quot;), %2 the phase that failed, %3 the load</extracomment>
        <translation>%1: memoria insuficiente en %2 con %3.</translation>
    </message>
    <message>
        <source>%1: %2 failed at %3, not for want of memory; the run does not tell whether it fits.</source>
        <extracomment>%1 where, %2 the phase that failed, %3 the load; the failure was not for want of memory</extracomment>
        <translation>%1: %2 falló con %3, no por falta de memoria; la ejecución no dice si cabe.</translation>
    </message>
    <message>
        <source>%1: the run at %2 did not finish; it does not tell whether it fits.</source>
        <extracomment>%1 where, %2 the load</extracomment>
        <translation>%1: la ejecución con %2 no terminó; no dice si cabe.</translation>
    </message>
    <message>
        <source>The estimate said it fits (%1 needed of %2); the measurement ran out of memory.</source>
        <extracomment>%1 the estimate&apos;s need, %2 the device&apos;s capacity</extracomment>
        <translation>La estimación decía que cabe (%1 necesarios de %2); la medición se quedó sin memoria.</translation>
    </message>
    <message>
        <source>The estimate said it does not fit (%1 needed of %2); the measurement passed with a peak of %3 reserved.</source>
        <extracomment>%1 the estimate&apos;s need, %2 the device&apos;s capacity, %3 the measured peak reserved</extracomment>
        <translation>La estimación decía que no cabe (%1 necesarios de %2); la medición pasó con un pico de %3 reservados.</translation>
    </message>
</context>
<context>
    <name>WeightFormat</name>
    <message>
        <source>fp32: 4 bytes per parameter, no metadata.</source>
        <translation>fp32: 4 bytes por parámetro, sin metadatos.</translation>
    </message>
    <message>
        <source>fp16: 2 bytes per parameter, no metadata.</source>
        <translation>fp16: 2 bytes por parámetro, sin metadatos.</translation>
    </message>
    <message>
        <source>bf16: 2 bytes per parameter, no metadata.</source>
        <translation>bf16: 2 bytes por parámetro, sin metadatos.</translation>
    </message>
    <message>
        <source>INT8 (per-channel scales)</source>
        <translation>INT8 (escalas por canal)</translation>
    </message>
    <message>
        <source>int8: 1 byte per parameter plus one fp32 scale per output channel of each linear (LLM.int8-style row scales; counted when the shape is known).</source>
        <translation>int8: 1 byte por parámetro más una escala fp32 por canal de salida de cada capa lineal (escalas por fila al estilo de LLM.int8; se cuentan cuando se conoce la forma).</translation>
    </message>
    <message>
        <source>4-bit compact (no metadata)</source>
        <translation>4 bits compacto (sin metadatos)</translation>
    </message>
    <message>
        <source>4-bit compact: exactly 4 bits per parameter, no scales, no zeros: the theoretical lower bound, not a real checkpoint layout.</source>
        <translation>4 bits compacto: exactamente 4 bits por parámetro, sin escalas ni ceros: el límite inferior teórico, no la disposición de un checkpoint real.</translation>
    </message>
    <message>
        <source>NF4 double quantization (bitsandbytes)</source>
        <translation>NF4 con doble cuantización (bitsandbytes)</translation>
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
        <translation>nf4 (bitsandbytes): códigos de 4 bits más un absmax fp32 por bloque de valores (64 por defecto), y una tabla de cuantización fp32 de 16 entradas por tensor (contada cuando se conoce la forma).</translation>
    </message>
    <message>
        <source>fp4 (bitsandbytes): 4-bit codes plus one fp32 absmax per block of values (64 by default), plus a 16-entry fp32 quant map per tensor (counted when the shape is known).</source>
        <translation>fp4 (bitsandbytes): códigos de 4 bits más un absmax fp32 por bloque de valores (64 por defecto), y una tabla de cuantización fp32 de 16 entradas por tensor (contada cuando se conoce la forma).</translation>
    </message>
    <message>
        <source>nf4 with double quantization: 4-bit codes, one 8-bit absmax per block of values (64 by default), one fp32 second-level scale per 256 blocks.</source>
        <translation>nf4 con doble cuantización: códigos de 4 bits, un absmax de 8 bits por bloque de valores (64 por defecto), una escala fp32 de segundo nivel por cada 256 bloques.</translation>
    </message>
    <message>
        <source>GPTQ int4: 4-bit codes packed in int32 (qweight), per group of input rows (128 by default) and output column one fp16 scale and one packed 4-bit zero (qzeros), plus one int32 g_idx per input row (shape known).</source>
        <translation>GPTQ int4: códigos de 4 bits empaquetados en int32 (qweight), por grupo de filas de entrada (128 por defecto) y columna de salida una escala fp16 y un cero de 4 bits empaquetado (qzeros), más un g_idx int32 por fila de entrada (con la forma conocida).</translation>
    </message>
    <message>
        <source>AWQ int4: 4-bit codes packed in int32, per group of input rows (128 by default) and output column one fp16 scale and one packed 4-bit zero; no g_idx.</source>
        <translation>AWQ int4: códigos de 4 bits empaquetados en int32, por grupo de filas de entrada (128 por defecto) y columna de salida una escala fp16 y un cero de 4 bits empaquetado; sin g_idx.</translation>
    </message>
    <message>
        <source>MXFP4 (experts)</source>
        <translation>MXFP4 (expertos)</translation>
    </message>
    <message>
        <source>MXFP4 as gpt-oss stores it: the MoE experts&apos; weights in 4-bit e2m1 codes with one 8-bit e8m0 scale per 32 values (4.25 bits per parameter); attention, router, embeddings, head, norms and biases in 16 bit.</source>
        <translation>MXFP4 tal como lo almacena gpt-oss: los pesos de los expertos MoE en códigos e2m1 de 4 bits con una escala e8m0 de 8 bits por cada 32 valores (4,25 bits por parámetro); atención, enrutador, incrustaciones, capa de salida, normalizaciones y sesgos en 16 bits.</translation>
    </message>
    <message>
        <source>fp8 e4m3: 1 byte per parameter plus one fp32 scale per tensor, or per block when the config gives a weight_block_size (counted when the shape is known).</source>
        <translation>fp8 e4m3: 1 byte por parámetro más una escala fp32 por tensor, o por bloque cuando la configuración da un weight_block_size (se cuenta cuando se conoce la forma).</translation>
    </message>
    <message>
        <source>fp8 e5m2: 1 byte per parameter plus one fp32 scale per tensor, or per block when the config gives a weight_block_size (counted when the shape is known).</source>
        <translation>fp8 e5m2: 1 byte por parámetro más una escala fp32 por tensor, o por bloque cuando la configuración da un weight_block_size (se cuenta cuando se conoce la forma).</translation>
    </message>
</context>
<context>
    <name>Workload</name>
    <message>
        <source>a script (not named), measured by %1, %2</source>
        <extracomment>%1 the probe that measured the script, %2 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>un script (sin nombre), medido por %1, %2</translation>
    </message>
    <message>
        <source>script %1, measured by %2, %3</source>
        <extracomment>%1 the program and its arguments, %2 the probe that measured it, %3 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>script %1, medido por %2, %3</translation>
    </message>
    <message>
        <source>%1, %2 weights, %3 sequence(s) x %4 prompt + %5 generated tokens, %6 KV cache, %7 attention</source>
        <extracomment>%1 the model as named, %2 the weight format (bf16, nf4, ...), %3 sequences, %4 prompt tokens, %5 generated tokens, %6 the KV cache (dynamic, static, paged), %7 the attention (eager, sdpa)</extracomment>
        <translation>%1, pesos %2, %3 secuencia(s) x %4 tokens de prompt + %5 generados, caché KV %6, atención %7</translation>
    </message>
    <message>
        <source>dense network, batch %1, context %2, width %3, %4, %5</source>
        <extracomment>the dense network: %1 batch, %2 context tokens, %3 width, %4 dtype, %5 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>red densa, lote %1, contexto %2, ancho %3, %4, %5</translation>
    </message>
    <message>
        <source>the script&apos;s own load</source>
        <translation>la carga propia del script</translation>
    </message>
    <message>
        <source>%1 sequence(s) x %2 prompt + %3 generated tokens</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 generated tokens</extracomment>
        <translation>%1 secuencia(s) x %2 tokens de prompt + %3 generados</translation>
    </message>
    <message>
        <source>batch %1, context %2, width %3</source>
        <extracomment>%1 batch, %2 context tokens, %3 width</extracomment>
        <translation>lote %1, contexto %2, ancho %3</translation>
    </message>
    <message>
        <source>%1, %2 fine-tuning step (%3&apos;s habits), %4 weights, micro-batch %5 x %6 tokens, %7 attention</source>
        <extracomment>a fine-tuning step: %1 the model as named, %2 full, lora or qlora, %3 the framework (hf, torchtune), %4 the weight format, %5 sequences per micro-batch, %6 tokens per sequence, %7 the attention (eager, sdpa)</extracomment>
        <translation>%1, paso de ajuste fino %2 (hábitos de %3), pesos %4, micro-lote %5 x %6 tokens, atención %7</translation>
    </message>
    <message>
        <source>a micro-batch of %1 sequence(s) x %2 tokens</source>
        <extracomment>a training step&apos;s load: %1 sequences per micro-batch, %2 tokens per sequence</extracomment>
        <translation>un micro-lote de %1 secuencia(s) x %2 tokens</translation>
    </message>
    <message>
        <source>vLLM serving %1 request(s) of %2 prompt + %3 generated tokens, --max-model-len %4</source>
        <extracomment>vLLM&apos;s start-up rehearsed (measure --engine vllm): %1 requests served, %2 prompt tokens and %3 generated tokens of each, %4 vLLM&apos;s --max-model-len (the option&apos;s name is vLLM&apos;s, not translated)</extracomment>
        <translation>vLLM sirviendo %1 solicitud(es) de %2 tokens de prompt + %3 generados, --max-model-len %4</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::AboutDialog</name>
    <message>
        <source>About IteraGPU Lab</source>
        <translation>Acerca de IteraGPU Lab</translation>
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
        <translation>Versión %1, commit %2
Qt %3 (compilado con Qt %4)
Dimensiona la memoria de GPU de una carga de trabajo de ML y luego la mide fase por fase.</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Built</source>
        <translation>Compilado</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Cargado</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <extracomment>%n number of devices found by the backend</extracomment>
        <translation>
            <numerusform>%n dispositivo</numerusform>
            <numerusform>%n dispositivos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::BreakdownModel</name>
    <message>
        <source>Total (largest phase + reserve)</source>
        <translation>Total (fase más exigente + reserva)</translation>
    </message>
    <message>
        <source>Sum of all components + reserve</source>
        <translation>Suma de todos los componentes + reserva</translation>
    </message>
    <message>
        <source>Reserve (%1 as typed)</source>
        <extracomment>%1 is the reserve as the user typed it, e.g. &quot;4 GiB&quot;</extracomment>
        <translation>Reserva (%1 tal como se introdujo)</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>no calculado</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>Not computed: the model shape is needed.</source>
        <translation>No calculado: se necesita la forma del modelo.</translation>
    </message>
    <message>
        <source>Largest phase: %1</source>
        <extracomment>%1 is the id of the most demanding phase, e.g. &quot;train_step&quot;</extracomment>
        <translation>Fase más exigente: %1</translation>
    </message>
    <message>
        <source>Not alive in the largest phase.</source>
        <translation>No permanece en memoria en la fase más exigente.</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Componente</translation>
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
        <translation>cabe</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>no cabe</translation>
    </message>
    <message>
        <source>more than 8</source>
        <translation>más de 8</translation>
    </message>
    <message>
        <source>Reported by the device: %1 (sold as %2)</source>
        <extracomment>%1 is the exact capacity in bytes with GB and GiB, %2 the marketed capacity, e.g. &quot;141 GB&quot;</extracomment>
        <translation>Declarada por el dispositivo: %1 (capacidad comercial: %2)</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is a signed byte count</extracomment>
        <translation>%1 bytes</translation>
    </message>
    <message>
        <source>Tensor-parallel degree: weights and KV heads are divided among the devices; the need is per device, several GPUs are not one memory pool.</source>
        <translation>Grado de paralelismo de tensores: los pesos y las cabezas KV se reparten entre los dispositivos; la necesidad es por dispositivo, varias GPU no forman un único depósito de memoria.</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Tarjeta</translation>
    </message>
    <message>
        <source>Sold as</source>
        <translation>Comercial</translation>
    </message>
    <message>
        <source>Reported</source>
        <translation>Declarada</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Dispositivos</translation>
    </message>
    <message>
        <source>Needed per device</source>
        <translation>Necesario por dispositivo</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Margen</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <source>Dominant</source>
        <translation>Dominante</translation>
    </message>
    <message>
        <source>Smallest fitting TP</source>
        <translation>TP mínimo que cabe</translation>
    </message>
    <message>
        <source>fits (measured)</source>
        <translation>cabe (medido)</translation>
    </message>
    <message>
        <source>out of memory (measured)</source>
        <translation>memoria insuficiente (medido)</translation>
    </message>
    <message>
        <source>The estimate says it fits; the run on this card did not.</source>
        <translation>La estimación dice que cabe; la ejecución en esta tarjeta no cupo.</translation>
    </message>
    <message>
        <source>The estimate says it does not fit; the run on this card passed.</source>
        <translation>La estimación dice que no cabe; la ejecución en esta tarjeta pasó.</translation>
    </message>
    <message>
        <source>Measured on this card; the estimate agrees.</source>
        <translation>Medido en esta tarjeta; la estimación coincide.</translation>
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
        <translation>Componente</translation>
    </message>
    <message>
        <source>How it is computed</source>
        <translation>Cómo se calcula</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Copiar como texto</translation>
    </message>
    <message>
        <source>Copy these lines as plain text.</source>
        <translation>Copiar estas líneas como texto sin formato.</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Copiar como Markdown</translation>
    </message>
    <message>
        <source>Copy these lines as a Markdown table.</source>
        <translation>Copiar estas líneas como una tabla Markdown.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DecidePage</name>
    <message>
        <source>The decision sheet as Export decision sheet would write it now: the estimate, what was measured and the sweep&apos;s boundary, computed, observed and assumed kept apart. The export asks for the choice made and the language.</source>
        <translation>La hoja de decisión tal como «Exportar hoja de decisión» la escribiría ahora: la estimación, lo medido y el límite del barrido, con lo calculado, lo observado y lo supuesto por separado. La exportación pide la decisión tomada y el idioma.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DeviceChoiceBox</name>
    <message>
        <source>%1 as %2</source>
        <extracomment>a device beside the steps: %1 its id (sim:0), %2 the catalog card it stands in for</extracomment>
        <translation>%1 como %2</translation>
    </message>
    <message>
        <source>%1, simulated as %2 (%3); not a GPU measurement</source>
        <extracomment>the device&apos;s tool tip: %1 its id (sim:0), %2 the card it stands in for, %3 the card&apos;s capacity</extracomment>
        <translation>%1, simulado como %2 (%3); no es una medición de GPU</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>a device beside the steps: %1 its id (sim:0)</extracomment>
        <translation>%1 (simulado)</translation>
    </message>
    <message>
        <source>%1, the simulated device; its capacity is set on the Measure step</source>
        <extracomment>the device&apos;s tool tip: %1 its id (sim:0)</extracomment>
        <translation>%1, el dispositivo simulado; su capacidad se fija en el paso Medir</translation>
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
        <translation>capacidad desconocida</translation>
    </message>
    <message>
        <source>No device can run</source>
        <translation>Ningún dispositivo puede ejecutar</translation>
    </message>
    <message>
        <source>%1.
The device every step sizes for and every run measures on; its details, the refresh and the simulated card are on the Measure step.</source>
        <extracomment>%1 the chosen device&apos;s description</extracomment>
        <translation>%1.
El dispositivo para el que se dimensiona en cada paso y en el que mide cada ejecución; sus detalles, la actualización y la tarjeta simulada están en el paso Medir.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DeviceListModel</name>
    <message>
        <source>not built into this version</source>
        <translation>no incluido en esta versión</translation>
    </message>
    <message>
        <source>no device found</source>
        <translation>no se encontró ningún dispositivo</translation>
    </message>
    <message>
        <source>unavailable: %1</source>
        <extracomment>%1 is the reason a GPU backend is unavailable, in the loader&apos;s or the runtime&apos;s own words</extracomment>
        <translation>no disponible: %1</translation>
    </message>
    <message>
        <source>Simulated device: simulated, not a GPU measurement</source>
        <translation>Dispositivo simulado: simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>%1 is an amount, %2 the unit symbol GB or GiB</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 bytes reported by the runtime</source>
        <extracomment>%1 is a byte count with thousands separators</extracomment>
        <translation>%1 bytes declarados por el runtime</translation>
    </message>
    <message>
        <source>The simulated device models memory only. Its figures are simulated, not a GPU measurement.</source>
        <translation>El dispositivo simulado solo modela la memoria. Sus cifras son simuladas, no una medición de GPU.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Capacidad</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Controlador</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <source>Simulated device as %1: simulated, not a GPU measurement</source>
        <extracomment>%1 is the GPU catalog&apos;s card the simulated device stands in for</extracomment>
        <translation>Dispositivo simulado como %1: simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>%1 bytes, the capacity of %2 that the simulated device stands in for</source>
        <extracomment>%1 is a byte count with thousands separators, %2 the GPU catalog&apos;s card</extracomment>
        <translation>%1 bytes, la capacidad de %2 que representa el dispositivo simulado</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DevicePicker</name>
    <message numerus="yes">
        <source>Device list refreshed: %n GPU(s) found.</source>
        <extracomment>%n number of GPUs found by the loaded backends</extracomment>
        <translation>
            <numerusform>Lista de dispositivos actualizada: %n GPU encontrada.</numerusform>
            <numerusform>Lista de dispositivos actualizada: %n GPU encontradas.</numerusform>
        </translation>
    </message>
    <message>
        <source>Unavailable: %1</source>
        <extracomment>%1 is a list of backends with the reason each is unavailable</extracomment>
        <translation>No disponible: %1</translation>
    </message>
    <message>
        <source>No GPU found (the greyed lines say why). sim:0 is available: simulated, not a GPU measurement.</source>
        <translation>No se encontró ninguna GPU (las líneas en gris indican por qué). sim:0 está disponible: simulado, no es una medición de GPU.</translation>
    </message>
    <message>
        <source>No device selected.</source>
        <translation>Ningún dispositivo seleccionado.</translation>
    </message>
    <message>
        <source>%1 bytes (%2 %3)</source>
        <extracomment>%1 is a byte count with thousands separators, %2 the same in the unit, %3 the unit symbol</extracomment>
        <translation>%1 bytes (%2 %3)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Driver: %3 · Runtime: %4</source>
        <extracomment>%1 device id, %2 capacity, %3 driver version, %4 runtime version</extracomment>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Controlador: %3 · Runtime: %4</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Simulado, no es una medición de GPU.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Actuali&amp;zar</translation>
    </message>
    <message>
        <source>Load the GPU backends again and list their devices</source>
        <translation>Volver a cargar los backends de GPU y listar sus dispositivos</translation>
    </message>
    <message>
        <source>Simulated as %1, not a GPU measurement.</source>
        <extracomment>%1 is the GPU catalog&apos;s card the simulated device stands in for (its capacity and pace)</extracomment>
        <translation>Simulado como %1, no es una medición de GPU.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::EngineBox</name>
    <message>
        <source>Serving engine</source>
        <translation>Motor de inferencia</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>Motor:</translation>
    </message>
    <message>
        <source>transformers (the estimate above)</source>
        <translation>transformers (la estimación de arriba)</translation>
    </message>
    <message>
        <source>vLLM (its memory plan)</source>
        <translation>vLLM (su plan de memoria)</translation>
    </message>
    <message>
        <source>llama.cpp (its buffers)</source>
        <translation>llama.cpp (sus búferes)</translation>
    </message>
    <message>
        <source>The engine you serve with plans the memory itself: vLLM fills what the utilization leaves after the weights and its profile run with a KV pool, llama.cpp reserves a model, KV and compute buffer per device. The verdict says whether it starts.</source>
        <translation>El motor con el que sirve planifica la memoria por sí mismo: vLLM llena con un pool KV lo que la utilización deja tras los pesos y su ejecución de perfilado; llama.cpp reserva un búfer del modelo, uno KV y uno de cálculo por dispositivo. El veredicto dice si arranca.</translation>
    </message>
    <message>
        <source>--gpu-memory-utilization:</source>
        <translation>--gpu-memory-utilization:</translation>
    </message>
    <message>
        <source>The share of the card&apos;s CUDA-visible total this vLLM instance may use</source>
        <translation>La parte del total de la tarjeta visible para CUDA que esta instancia de vLLM puede usar</translation>
    </message>
    <message>
        <source>--max-model-len:</source>
        <translation>--max-model-len:</translation>
    </message>
    <message>
        <source>the model&apos;s</source>
        <translation>la del modelo</translation>
    </message>
    <message>
        <source>Tokens per request; 0: the model&apos;s max_position_embeddings</source>
        <translation>Tokens por solicitud; 0: max_position_embeddings del modelo</translation>
    </message>
    <message>
        <source>--max-num-seqs:</source>
        <translation>--max-num-seqs:</translation>
    </message>
    <message>
        <source>the release&apos;s default</source>
        <translation>el valor por defecto de la versión</translation>
    </message>
    <message>
        <source>--kv-cache-dtype:</source>
        <translation>--kv-cache-dtype:</translation>
    </message>
    <message>
        <source>--enforce-eager (no CUDA graphs)</source>
        <translation>--enforce-eager (sin grafos CUDA)</translation>
    </message>
    <message>
        <source>--ctx-size:</source>
        <translation>--ctx-size:</translation>
    </message>
    <message>
        <source>Context cells; 0: the model&apos;s trained context (n_ctx_train)</source>
        <translation>Celdas de contexto; 0: el contexto de entrenamiento del modelo (n_ctx_train)</translation>
    </message>
    <message>
        <source>--n-gpu-layers:</source>
        <translation>--n-gpu-layers:</translation>
    </message>
    <message>
        <source>auto (every layer)</source>
        <translation>auto (todas las capas)</translation>
    </message>
    <message>
        <source>--parallel:</source>
        <translation>--parallel:</translation>
    </message>
    <message>
        <source>Sequences served at once, each with its own KV stream</source>
        <translation>Secuencias servidas a la vez, cada una con su propio flujo KV</translation>
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
        <translation>Guardar la ficha de decisión</translation>
    </message>
    <message>
        <source>Markdown (*.md);;HTML (*.html);;PDF (*.pdf)</source>
        <translation>Markdown (*.md);;HTML (*.html);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export the decision sheet</source>
        <translation>Exportar la ficha de decisión</translation>
    </message>
    <message>
        <source>Choice made:</source>
        <translation>Elección adoptada:</translation>
    </message>
    <message>
        <source>e.g. Rent one H100 80 GB: the peak of warm_forward at batch 2 fits with 9 GiB margin.</source>
        <translation>p. ej., alquilar una H100 80 GB: el pico de warm_forward con batch 2 cabe con 9 GiB de margen.</translation>
    </message>
    <message>
        <source>Language of the sheet:</source>
        <translation>Idioma de la ficha:</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Formato:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Archivo:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Resultado:</translation>
    </message>
    <message>
        <source>Write the raw JSON result beside the sheet</source>
        <translation>Escribir el resultado JSON bruto junto a la ficha</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::FileOpener</name>
    <message>
        <source>%1 could not be opened as a result.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>pesos: los bytes de los tensores tal como están almacenados en %1 (%2), cargados así</translation>
    </message>
    <message>
        <source>%1: this kind of file cannot be opened here.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>los bytes de los tensores tal como están almacenados en el archivo GGUF = %1 bytes (%2)</translation>
    </message>
    <message>
        <source>%1 could not be read; the sizing panel says why.</source>
        <extracomment>%1 is a file path; the sizing panel shows the reader&apos;s own error</extracomment>
        <translation>No se pudo leer %1; el panel de dimensionamiento indica por qué.</translation>
    </message>
    <message>
        <source>%1 could not be imported as a PyTorch snapshot.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>No se pudo importar %1 como instantánea de PyTorch.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::FormatBox</name>
    <message>
        <source>Formats</source>
        <translation>Formatos</translation>
    </message>
    <message>
        <source>Storage format:</source>
        <translation>Formato de almacenamiento:</translation>
    </message>
    <message>
        <source>Compute format:</source>
        <translation>Formato de cálculo:</translation>
    </message>
    <message>
        <source>Block size (NF4/FP4):</source>
        <translation>Tamaño de bloque (NF4/FP4):</translation>
    </message>
    <message>
        <source>Group size (GPTQ/AWQ):</source>
        <translation>Tamaño de grupo (GPTQ/AWQ):</translation>
    </message>
    <message>
        <source>Stored as the model is: torch_dtype %1, from its config.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16 (an identifier, never translated)</extracomment>
        <translation>Almacenado como el modelo: torch_dtype %1, de su configuración.</translation>
    </message>
    <message>
        <source>The model is stored as %1 (torch_dtype); sized as chosen here.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16</extracomment>
        <translation>El modelo se almacena como %1 (torch_dtype); dimensionado como se elige aquí.</translation>
    </message>
    <message>
        <source>Computes in %1, the model&apos;s torch_dtype.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16</extracomment>
        <translation>Calcula en %1, el torch_dtype del modelo.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::KvCacheBox</name>
    <message>
        <source>%1: %2, typed (the model has %3)</source>
        <extracomment>%1 is a field name (e.g. &quot;KV heads&quot;), %2 the value typed, %3 the model&apos;s own value</extracomment>
        <translation>%1: %2, introducido (el modelo tiene %3)</translation>
    </message>
    <message>
        <source>%1: %2, from the model</source>
        <extracomment>%1 is a field name (e.g. &quot;Layers&quot;), %2 its value as read from the model</extracomment>
        <translation>%1: %2, del modelo</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Capas</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>Cabezas KV</translation>
    </message>
    <message>
        <source>Sliding window: %1 tokens on every layer, typed over the model&apos;s attention</source>
        <extracomment>%1 is the sliding window typed by the user, in tokens</extracomment>
        <translation>Ventana deslizante: %1 tokens en cada capa, introducida en lugar de la atención del modelo</translation>
    </message>
    <message>
        <source>Sliding window: %1 tokens on %2 of %3 layers</source>
        <extracomment>%1 window in tokens, %2 number of layers with it, %3 all layers of the model</extracomment>
        <translation>Ventana deslizante: %1 tokens en %2 de %3 capas</translation>
    </message>
    <message>
        <source>Full attention on %1 of %2 layers</source>
        <extracomment>%1 number of layers with full attention, %2 all layers of the model</extracomment>
        <translation>Atención completa en %1 de %2 capas</translation>
    </message>
    <message>
        <source>%1, from the model</source>
        <extracomment>%1 is a line such as &quot;Sliding window: 4,096 tokens on 32 of 32 layers&quot;</extracomment>
        <translation>%1, del modelo</translation>
    </message>
    <message>
        <source>%1 in the model, not applied</source>
        <extracomment>%1 is a line such as &quot;Sliding window: 4,096 tokens on 32 of 32 layers&quot;</extracomment>
        <translation>%1 en el modelo, no aplicada</translation>
    </message>
    <message>
        <source>Trained context: %1 tokens, from the model</source>
        <extracomment>%1 is the model&apos;s max_position_embeddings, in tokens</extracomment>
        <translation>Contexto de entrenamiento: %1 tokens, del modelo</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>the model&apos;s: %1 tokens</source>
        <extracomment>%1 is the model&apos;s sliding window in tokens, used on every layer</extracomment>
        <translation>la del modelo: %1 tokens</translation>
    </message>
    <message>
        <source>the model&apos;s, per layer</source>
        <translation>las del modelo, por capa</translation>
    </message>
    <message>
        <source>KV cache (inference)</source>
        <translation>Caché KV (inferencia)</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>Capas:</translation>
    </message>
    <message>
        <source>KV heads:</source>
        <translation>Cabezas KV:</translation>
    </message>
    <message>
        <source>num_key_value_heads, not the query heads.</source>
        <translation>num_key_value_heads, no las cabezas de consulta.</translation>
    </message>
    <message>
        <source>head_dim:</source>
        <translation>head_dim:</translation>
    </message>
    <message>
        <source>Prompt tokens:</source>
        <translation>Tokens de entrada:</translation>
    </message>
    <message>
        <source>Generated tokens:</source>
        <translation>Tokens generados:</translation>
    </message>
    <message>
        <source>Sequences:</source>
        <translation>Secuencias:</translation>
    </message>
    <message>
        <source>KV type:</source>
        <translation>Tipo KV:</translation>
    </message>
    <message>
        <source>Sliding window:</source>
        <translation>Ventana deslizante:</translation>
    </message>
    <message>
        <source>Tokens kept per layer; the lowest value keeps every token (or the model&apos;s own windows).</source>
        <translation>Tokens conservados por capa; el valor mínimo conserva todos los tokens (o las ventanas propias del modelo).</translation>
    </message>
    <message>
        <source>Static cache (preallocated)</source>
        <translation>Caché estática (preasignada)</translation>
    </message>
    <message>
        <source>Take from the model</source>
        <translation>Tomar del modelo</translation>
    </message>
    <message>
        <source>KV cache on: the model gives its layers and heads.</source>
        <translation>Caché KV activada: el modelo da sus capas y cabezas.</translation>
    </message>
    <message>
        <source>Prompt set to %1 tokens, the model&apos;s trained context (it was %2).</source>
        <extracomment>%1 the model&apos;s trained context in tokens, %2 the prompt that was there before</extracomment>
        <translation>Prompt fijado en %1 tokens, el contexto entrenado del modelo (era %2).</translation>
    </message>
    <message>
        <source>Prompt and generated tokens exceed the model&apos;s trained context of %1 tokens.</source>
        <extracomment>%1 the model&apos;s trained context in tokens</extracomment>
        <translation>El prompt y los tokens generados superan el contexto entrenado del modelo de %1 tokens.</translation>
    </message>
    <message>
        <source>KV type from the model&apos;s torch_dtype %1.</source>
        <extracomment>%1 the config&apos;s torch_dtype, e.g. bfloat16 (an identifier)</extracomment>
        <translation>Tipo KV del torch_dtype %1 del modelo.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LedgerModel</name>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why a section of the ledger lacks figures, in words (from the ledger)</extracomment>
        <translation>falta: %1</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 a signed number of bytes with digit groups</extracomment>
        <translation>%1 bytes</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Línea</translation>
    </message>
    <message>
        <source>Bytes (%1)</source>
        <extracomment>%1 is the unit symbol, GB or GiB, never translated</extracomment>
        <translation>Bytes (%1)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Causa</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LogModel</name>
    <message>
        <source>Warning</source>
        <translation>Advertencia</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Nivel</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LogView</name>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy the whole log to the clipboard</source>
        <translation>Copiar todo el registro al portapapeles</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Borrar</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::MainWindow</name>
    <message>
        <source>Ready.</source>
        <translation>Listo.</translation>
    </message>
    <message>
        <source>Ready. No GPU found: the simulated device sim:0 is selected (simulated, not a GPU measurement).</source>
        <translation>Listo. No se encontró ninguna GPU: está seleccionado el dispositivo simulado sim:0 (simulado, no es una medición de GPU).</translation>
    </message>
    <message>
        <source>Choose a device first.</source>
        <translation>Elige primero un dispositivo.</translation>
    </message>
    <message>
        <source>Correct the fields marked in red in the workload form first.</source>
        <translation>Corrige primero los campos marcados en rojo en el formulario de carga de trabajo.</translation>
    </message>
    <message>
        <source>IteraGPU Lab</source>
        <translation>IteraGPU Lab</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ejecutar</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Unit</source>
        <translation>&amp;Unidad</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>Restablecer el &amp;zoom</translation>
    </message>
    <message>
        <source>Reset &amp;layout</source>
        <translation>Restablecer la &amp;disposición</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <source>&amp;About IteraGPU Lab</source>
        <translation>&amp;Acerca de IteraGPU Lab</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Fases</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Registro</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecución</translation>
    </message>
    <message>
        <source>U&amp;nit:</source>
        <translation>U&amp;nidad:</translation>
    </message>
    <message>
        <source>The catalog of this language could not be loaded.</source>
        <translation>No se pudo cargar el catálogo de este idioma.</translation>
    </message>
    <message>
        <source>GiB (2^30 bytes)</source>
        <translation>GiB (2^30 bytes)</translation>
    </message>
    <message>
        <source>GB (10^9 bytes)</source>
        <translation>GB (10^9 bytes)</translation>
    </message>
    <message>
        <source>A run is going; the sweep can start after it.</source>
        <translation>Hay una ejecución en curso; el barrido puede empezar después.</translation>
    </message>
    <message>
        <source>A sweep is running; stop it or wait for its end.</source>
        <translation>Hay un barrido en curso; deténgalo o espere a que termine.</translation>
    </message>
    <message>
        <source>Run a &amp;PyTorch script…</source>
        <translation>Ejecutar un script de &amp;PyTorch…</translation>
    </message>
    <message>
        <source>Start your own PyTorch program measured from inside by iteragpu_probe; its phases appear live</source>
        <translation>Iniciar tu propio programa de PyTorch, medido desde dentro por iteragpu_probe; sus fases aparecen en directo</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>&amp;Inicio rápido</translation>
    </message>
    <message>
        <source>Step &amp;%1: %2</source>
        <extracomment>View menu entry: %1 the step&apos;s number, %2 its name</extracomment>
        <translation>Paso &amp;%1: %2</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>&amp;Dispositivo:</translation>
    </message>
    <message>
        <source>Quick start</source>
        <translation>Inicio rápido</translation>
    </message>
    <message>
        <source>&amp;Stop after the current step</source>
        <translation>&amp;Detener tras el paso actual</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ModelSourceBox</name>
    <message>
        <source>Parameters: enter a whole number greater than 0, e.g. 7000000000.</source>
        <translation>Parámetros: introduce un número entero mayor que 0, p. ej. 7000000000.</translation>
    </message>
    <message>
        <source>Presets could not be read: %1</source>
        <extracomment>%1 is the reason the presets could not be read</extracomment>
        <translation>No se pudieron leer los modelos predefinidos: %1</translation>
    </message>
    <message>
        <source>Choose a preset model.</source>
        <translation>Elige un modelo predefinido.</translation>
    </message>
    <message>
        <source>Open a config.json to size this model.</source>
        <translation>Abre un config.json para dimensionar este modelo.</translation>
    </message>
    <message>
        <source>Open a safetensors checkpoint to size this model.</source>
        <translation>Abre un checkpoint safetensors para dimensionar este modelo.</translation>
    </message>
    <message>
        <source>Open config.json</source>
        <translation>Abrir config.json</translation>
    </message>
    <message>
        <source>Model configuration (config.json *.json);;All files (*)</source>
        <translation>Configuración del modelo (config.json *.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Open a safetensors checkpoint</source>
        <translation>Abrir un checkpoint safetensors</translation>
    </message>
    <message>
        <source>safetensors (*.safetensors *.safetensors.index.json);;All files (*)</source>
        <translation>safetensors (*.safetensors *.safetensors.index.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Open a folder of safetensors shards</source>
        <translation>Abrir una carpeta de fragmentos safetensors</translation>
    </message>
    <message>
        <source>%1: %2 parameters (exact, from the shapes)</source>
        <extracomment>%1 is the model family (e.g. &quot;llama&quot;), %2 the exact parameter count</extracomment>
        <translation>%1: %2 parámetros (valor exacto, a partir de las formas)</translation>
    </message>
    <message>
        <source>Sizes weights as parameters × bits / 8 (for example 7 000 000 000 × 16 bit).</source>
        <translation>Dimensiona los pesos como parámetros × bits / 8 (por ejemplo, 7 000 000 000 × 16 bits).</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <extracomment>%1 is where the preset&apos;s config comes from (a URL)</extracomment>
        <translation>Origen: %1</translation>
    </message>
    <message>
        <source>Choose a model.</source>
        <translation>Elige un modelo.</translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json.</source>
        <translation>Abre un config.json de Hugging Face.</translation>
    </message>
    <message>
        <source>Tensors: %1 · files: %2 · elements: %3 · stored: %4</source>
        <extracomment>%1 number of tensors, %2 number of files, %3 element count, %4 size of the stored tensors. Written as labels with values, so no plural forms are needed.</extracomment>
        <translation>Tensores: %1 · archivos: %2 · elementos: %3 · almacenado: %4</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>Quantization metadata found (scales, absmax or packed weights).</source>
        <translation>Se encontraron metadatos de cuantización (escalas, absmax o pesos empaquetados).</translation>
    </message>
    <message>
        <source>Open a .safetensors file, a model.safetensors.index.json or a folder of shards.</source>
        <translation>Abre un archivo .safetensors, un model.safetensors.index.json o una carpeta de fragmentos (shards).</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Origen:</translation>
    </message>
    <message>
        <source>Numbers typed in</source>
        <translation>Valores introducidos</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Modelo predefinido</translation>
    </message>
    <message>
        <source>config.json file</source>
        <translation>Archivo config.json</translation>
    </message>
    <message>
        <source>safetensors checkpoint</source>
        <translation>Checkpoint safetensors</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>Parámetros:</translation>
    </message>
    <message>
        <source>A whole number, e.g. 7000000000 or 7e9.</source>
        <translation>Un número entero, p. ej. 7000000000 o 7e9.</translation>
    </message>
    <message>
        <source>Bits per parameter:</source>
        <translation>Bits por parámetro:</translation>
    </message>
    <message>
        <source>storage format</source>
        <translation>formato de almacenamiento</translation>
    </message>
    <message>
        <source>Parameters × bits / 8, with no metadata (the compact figure). Choose &quot;storage format&quot; to size by the format below.</source>
        <translation>Parámetros × bits / 8, sin metadatos (la cifra compacta). Elige «formato de almacenamiento» para dimensionar según el formato de abajo.</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modelo:</translation>
    </message>
    <message>
        <source>Open config.json…</source>
        <translation>Abrir config.json…</translation>
    </message>
    <message>
        <source>Open file or index…</source>
        <translation>Abrir archivo o índice…</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>Abrir carpeta…</translation>
    </message>
    <message>
        <source>Weights as stored in the checkpoint</source>
        <translation>Pesos tal como están almacenados en el checkpoint</translation>
    </message>
    <message>
        <source>No checkpoint opened</source>
        <translation>Ningún checkpoint abierto</translation>
    </message>
    <message>
        <source>No config.json opened</source>
        <translation>Ningún config.json abierto</translation>
    </message>
    <message>
        <source>No presets found</source>
        <translation>No se encontraron modelos predefinidos</translation>
    </message>
    <message>
        <source>Type or pick a model of the Hugging Face cache (ORG/NAME, @REVISION optional).</source>
        <translation>Escriba o elija un modelo de la caché de Hugging Face (ORG/NAME, @REVISION opcional).</translation>
    </message>
    <message>
        <source>Open a GGUF file to size this model.</source>
        <translation>Abra un archivo GGUF para dimensionar este modelo.</translation>
    </message>
    <message>
        <source>Cache: %1 (%2 models; nothing is downloaded)</source>
        <extracomment>%1 the Hugging Face cache folder, %2 the number of models in it</extracomment>
        <translation>Caché: %1 (%2 modelos; no se descarga nada)</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>Abrir un archivo GGUF</translation>
    </message>
    <message>
        <source>GGUF (*.gguf);;All files (*)</source>
        <translation>GGUF (*.gguf);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>%1 at %2 (snapshot %3)</source>
        <extracomment>%1 the model id (ORG/NAME), %2 the revision asked for (main), %3 the snapshot&apos;s commit (shortened)</extracomment>
        <translation>%1 en %2 (snapshot %3)</translation>
    </message>
    <message>
        <source>Weights as stored in the snapshot&apos;s safetensors: %1 (files: %2)</source>
        <extracomment>%1 size of the stored tensors, %2 number of files</extracomment>
        <translation>Pesos tal como están almacenados en los safetensors del snapshot: %1 (archivos: %2)</translation>
    </message>
    <message>
        <source>No safetensors in the snapshot: the weights are sized by the format.</source>
        <translation>No hay safetensors en el snapshot: los pesos se dimensionan según el formato.</translation>
    </message>
    <message>
        <source>Models are read from the local Hugging Face cache only; nothing is downloaded.</source>
        <translation>Los modelos se leen solo de la caché local de Hugging Face; no se descarga nada.</translation>
    </message>
    <message>
        <source>GGUF version %1 · tensors: %2 · stored: %3</source>
        <extracomment>%1 GGUF version (2 or 3), %2 number of tensors, %3 size of the stored tensors</extracomment>
        <translation>GGUF versión %1 · tensores: %2 · almacenado: %3</translation>
    </message>
    <message>
        <source>Types: %1</source>
        <extracomment>%1 the ggml types of the tensors with their counts (&quot;Q4_K × 193, F32 × 65&quot;)</extracomment>
        <translation>Tipos: %1</translation>
    </message>
    <message>
        <source>Open a GGUF file (llama.cpp): its header gives the shape and the weights as stored.</source>
        <translation>Abra un archivo GGUF (llama.cpp): su cabecera da la forma y los pesos tal como están almacenados.</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Caché de Hugging Face</translation>
    </message>
    <message>
        <source>GGUF file</source>
        <translation>Archivo GGUF</translation>
    </message>
    <message>
        <source>Model id:</source>
        <translation>Id. del modelo:</translation>
    </message>
    <message>
        <source>ORG/NAME or ORG/NAME@REVISION</source>
        <translation>ORG/NAME o ORG/NAME@REVISION</translation>
    </message>
    <message>
        <source>A model of the local Hugging Face cache ($HF_HUB_CACHE, $HF_HOME/hub or ~/.cache/huggingface/hub); press Enter to read it. Nothing is downloaded.</source>
        <translation>Un modelo de la caché local de Hugging Face ($HF_HUB_CACHE, $HF_HOME/hub o ~/.cache/huggingface/hub); pulse Intro para leerlo. No se descarga nada.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <source>Open GGUF…</source>
        <translation>Abrir GGUF…</translation>
    </message>
    <message>
        <source>No GGUF file opened</source>
        <translation>Ningún archivo GGUF abierto</translation>
    </message>
    <message>
        <source>%1. Choose an architecture under &apos;Read as&apos; only if the model really is laid out like it.</source>
        <extracomment>%1 the reader&apos;s one line (names the unknown model_type and the known ones)</extracomment>
        <translation>%1. Elige una arquitectura en «Leer como» solo si el modelo tiene realmente esa estructura.</translation>
    </message>
    <message>
        <source>Read as:</source>
        <translation>Leer como:</translation>
    </message>
    <message>
        <source>(not read: unknown architecture)</source>
        <translation>(no leído: arquitectura desconocida)</translation>
    </message>
    <message>
        <source>Reads a config.json whose model_type is not a known architecture as the one chosen, on purpose; every output then says so</source>
        <translation>Lee a propósito un config.json cuyo model_type no es una arquitectura conocida como la arquitectura elegida; después, cada salida lo indica</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::OverwritePrompt</name>
    <message>
        <source>Replace file?</source>
        <translation>¿Reemplazar el archivo?</translation>
    </message>
    <message>
        <source>%1 already exists. Do you want to replace it?</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 ya existe. ¿Quieres reemplazarlo?</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::OwnerBar</name>
    <message>
        <source>no allocated reading</source>
        <translation>sin lectura de allocated</translation>
    </message>
    <message>
        <source>%1: missing</source>
        <extracomment>%1 an owner, e.g. &quot;weights&quot;; its reading is missing</extracomment>
        <translation>%1: falta</translation>
    </message>
    <message>
        <source>%1 %2 (%3 %)</source>
        <extracomment>%1 an owner, e.g. &quot;weights&quot;, %2 its bytes with the unit, %3 its share of the peak allocated in percent</extracomment>
        <translation>%1 %2 (%3 %)</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why the split by owner is missing, in words (from the ledger)</extracomment>
        <translation>falta: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::PhaseDiffModel</name>
    <message>
        <source>absent</source>
        <translation>ausente</translation>
    </message>
    <message>
        <source>B − A: %1 bytes</source>
        <extracomment>%1 is a signed byte count</extracomment>
        <translation>B − A: %1 bytes</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>Status A</source>
        <translation>Estado A</translation>
    </message>
    <message>
        <source>Status B</source>
        <translation>Estado B</translation>
    </message>
    <message>
        <source>Peak allocated A</source>
        <translation>Pico allocated A</translation>
    </message>
    <message>
        <source>Peak allocated B</source>
        <translation>Pico allocated B</translation>
    </message>
    <message>
        <source>Δ allocated</source>
        <translation>Δ allocated</translation>
    </message>
    <message>
        <source>Peak reserved A</source>
        <translation>Pico reserved A</translation>
    </message>
    <message>
        <source>Peak reserved B</source>
        <translation>Pico reserved B</translation>
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
        <translation>en curso…</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>correcta</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>memoria insuficiente</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>no ejecutada</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>%1 is an amount with two decimals, %2 the unit symbol GB or GiB</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>0 B (equal)</source>
        <translation>0 B (igual)</translation>
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
        <translation>Falta la previsión o el pico medido de esta fase.</translation>
    </message>
    <message>
        <source>Measured peak allocated minus predicted: %1%2</source>
        <extracomment>%1 is the sign, %2 the difference in the chosen unit</extracomment>
        <translation>Pico allocated medido menos el previsto: %1%2</translation>
    </message>
    <message>
        <source>The experts&apos; routing was observed from the data but not recorded, so the prediction assumed balanced round-robin routing.</source>
        <translation>El enrutamiento de los expertos se observó a partir de los datos pero no se registró, así que la previsión supuso un enrutamiento round-robin equilibrado.</translation>
    </message>
    <message>
        <source>No device-level reading (null).</source>
        <translation>Sin lectura a nivel de dispositivo (null).</translation>
    </message>
    <message>
        <source>Driver: %1 bytes used, %2 free of %3
This process: %4 bytes (%5)</source>
        <extracomment>%1 used bytes, %2 free bytes, %3 total bytes, %4 bytes this process uses, %5 where that came from</extracomment>
        <translation>Controlador: %1 bytes usados, %2 libres de %3
Este proceso: %4 bytes (%5)</translation>
    </message>
    <message>
        <source>No reading (null).</source>
        <translation>Sin lectura (null).</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is an exact byte count with thousands separators</extracomment>
        <translation>%1 bytes</translation>
    </message>
    <message>
        <source>Maximum since the phase&apos;s peak reset. The two maxima may come from different moments; their difference is not a state.</source>
        <translation>Máximo desde el restablecimiento del pico de la fase. Los dos máximos pueden proceder de momentos distintos; su diferencia no es un estado.</translation>
    </message>
    <message>
        <source>Device-level reading after the phase (driver), never added to the allocator&apos;s counters</source>
        <translation>Lectura a nivel de dispositivo tras la fase (controlador), nunca sumada a los contadores del allocator</translation>
    </message>
    <message>
        <source>Measured peak allocated minus predicted peak, in bytes</source>
        <translation>Pico allocated medido menos el pico previsto, en bytes</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Baseline allocated</source>
        <translation>allocated de partida</translation>
    </message>
    <message>
        <source>Baseline reserved</source>
        <translation>reserved de partida</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Pico allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Pico reserved</translation>
    </message>
    <message>
        <source>Final allocated</source>
        <translation>allocated final</translation>
    </message>
    <message>
        <source>Final reserved</source>
        <translation>reserved final</translation>
    </message>
    <message>
        <source>Device-level used</source>
        <translation>Usado (dispositivo)</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>Pico previsto</translation>
    </message>
    <message>
        <source>Measured − predicted</source>
        <translation>Medido − previsto</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <source>interrupted (%1 of %2)</source>
        <extracomment>a phase that Stop cut short: %1 iterations (decode steps, warm-up runs) ran of the %2 planned</extracomment>
        <translation>interrumpida (%1 de %2)</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>interrumpida</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::QuickStartNote</name>
    <message>
        <source>&lt;b&gt;What to do first&lt;/b&gt;: choose a model below (a preset, a config.json, a safetensors or GGUF file) and the device at the right of the steps; the verdict beside the inputs says whether it fits. Then measure, explain, find the boundary and decide, one tab each (Help &gt; Quick start).</source>
        <translation>&lt;b&gt;Qué hacer primero&lt;/b&gt;: elija un modelo abajo (un preajuste, un config.json, un archivo safetensors o GGUF) y el dispositivo a la derecha de los pasos; el veredicto junto a las entradas dice si cabe. Después mida, explique, encuentre el límite y decida, una pestaña cada uno (Ayuda &gt; Inicio rápido).</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;: %3</source>
        <extracomment>one line of the quick start: %1 the step&apos;s number, %2 its name, %3 what it is for</extracomment>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;: %3</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>Entendido</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RecentFiles</name>
    <message>
        <source>No longer there</source>
        <translation>Ya no existe</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>No hay archivos recientes</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Vaciar la lista</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ReportActions</name>
    <message>
        <source>&amp;Open result…</source>
        <translation>&amp;Abrir resultado…</translation>
    </message>
    <message>
        <source>&amp;Compare two results…</source>
        <translation>&amp;Comparar dos resultados…</translation>
    </message>
    <message>
        <source>Export result as &amp;JSON…</source>
        <translation>Exportar resultado como &amp;JSON…</translation>
    </message>
    <message>
        <source>Export &amp;decision sheet…</source>
        <translation>Exportar &amp;ficha de decisión…</translation>
    </message>
    <message>
        <source>Export chart as &amp;PNG…</source>
        <translation>Exportar gráfico como &amp;PNG…</translation>
    </message>
    <message>
        <source>Export chart as &amp;SVG…</source>
        <translation>Exportar gráfico como S&amp;VG…</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Error de exportación</translation>
    </message>
    <message>
        <source>There is no result to export yet: run a workload or open a result.</source>
        <translation>Aún no hay ningún resultado que exportar: ejecuta una carga de trabajo o abre un resultado.</translation>
    </message>
    <message>
        <source>Open a result</source>
        <translation>Abrir un resultado</translation>
    </message>
    <message>
        <source>IteraGPU results (*.json);;All files (*)</source>
        <translation>Resultados de IteraGPU (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Open result</source>
        <translation>Abrir resultado</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Se ha abierto %1.</translation>
    </message>
    <message>
        <source>Compare two results</source>
        <translation>Comparar dos resultados</translation>
    </message>
    <message>
        <source>Export result as JSON</source>
        <translation>Exportar el resultado como JSON</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>Exportar el gráfico como PNG</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Imagen PNG (*.png)</translation>
    </message>
    <message>
        <source>Export chart as SVG</source>
        <translation>Exportar el gráfico como SVG</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>Imagen SVG (*.svg)</translation>
    </message>
    <message>
        <source>The window keeps showing the run in progress; the result can be compared and exported.</source>
        <translation>La ventana sigue mostrando la ejecución en curso; el resultado puede compararse y exportarse.</translation>
    </message>
    <message>
        <source>&amp;Import PyTorch snapshot…</source>
        <translation>&amp;Importar instantánea de PyTorch…</translation>
    </message>
    <message>
        <source>Export as &amp;memory_viz snapshot…</source>
        <translation>Exportar como instantánea de &amp;memory_viz…</translation>
    </message>
    <message>
        <source>Export as Per&amp;fetto trace…</source>
        <translation>Exportar como traza de Per&amp;fetto…</translation>
    </message>
    <message>
        <source>Import PyTorch snapshot</source>
        <translation>Importar instantánea de PyTorch</translation>
    </message>
    <message>
        <source>Imported %1: %2 phase(s) rebuilt from a PyTorch memory snapshot, not measured by IteraGPU.</source>
        <extracomment>%1 is a file path, %2 the number of phases</extracomment>
        <translation>Importado %1: %2 fase(s) reconstruidas a partir de una instantánea de memoria de PyTorch, no medidas por IteraGPU.</translation>
    </message>
    <message>
        <source>Import a PyTorch memory snapshot</source>
        <translation>Importar una instantánea de memoria de PyTorch</translation>
    </message>
    <message>
        <source>PyTorch memory snapshots (*.pickle *.pkl);;All files (*)</source>
        <translation>Instantáneas de memoria de PyTorch (*.pickle *.pkl);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Export as a memory_viz snapshot</source>
        <translation>Exportar como instantánea de memory_viz</translation>
    </message>
    <message>
        <source>PyTorch memory snapshot (*.pickle)</source>
        <translation>Instantánea de memoria de PyTorch (*.pickle)</translation>
    </message>
    <message>
        <source>Export as a Perfetto trace</source>
        <translation>Exportar como traza de Perfetto</translation>
    </message>
    <message>
        <source>Perfetto / Chrome JSON trace (*.json)</source>
        <translation>Traza JSON de Perfetto / Chrome (*.json)</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ReserveBox</name>
    <message>
        <source>The run device</source>
        <translation>El dispositivo de ejecución</translation>
    </message>
    <message>
        <source>%1 %2, %3</source>
        <extracomment>%1 device id (e.g. &quot;cuda:0&quot;), %2 its name, %3 its reported capacity</extracomment>
        <translation>%1 %2, %3</translation>
    </message>
    <message>
        <source>%1 (catalog), %2</source>
        <extracomment>%1 a catalog card&apos;s name, %2 the capacity it reports (not the marketed figure)</extracomment>
        <translation>%1 (catálogo), %2</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>none chosen</source>
        <translation>ninguno elegido</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <extracomment>%1 is the device name, %2 its reported capacity</extracomment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Reserve and device</source>
        <translation>Reserva y dispositivo</translation>
    </message>
    <message>
        <source>Reserve:</source>
        <translation>Reserva:</translation>
    </message>
    <message>
        <source>CUDA context, fragmentation, other processes. Kept in the unit you choose.</source>
        <translation>Contexto CUDA, fragmentación, otros procesos. Se conserva en la unidad que elijas.</translation>
    </message>
    <message>
        <source>Run device:</source>
        <translation>Dispositivo de ejecución:</translation>
    </message>
    <message>
        <source>Verdict for:</source>
        <translation>Veredicto para:</translation>
    </message>
    <message>
        <source>The card the fit verdict is for: the run device, another device of this machine or a catalog card. The run itself keeps its device.</source>
        <translation>La tarjeta a la que se refiere el veredicto: el dispositivo de ejecución, otro dispositivo de esta máquina o una tarjeta del catálogo. La ejecución conserva su propio dispositivo.</translation>
    </message>
    <message>
        <source>Devices (tensor parallel):</source>
        <translation>Dispositivos (paralelismo de tensores):</translation>
    </message>
    <message>
        <source>Weights and KV heads are divided among the devices; the need is per device.</source>
        <translation>Los pesos y las cabezas KV se reparten entre los dispositivos; la necesidad es por dispositivo.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ResultCompareWidget</name>
    <message>
        <source>Open a result</source>
        <translation>Abrir un resultado</translation>
    </message>
    <message>
        <source>IteraGPU results (*.json);;All files (*)</source>
        <translation>Resultados de IteraGPU (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>No result opened.</source>
        <translation>Ningún resultado abierto.</translation>
    </message>
    <message>
        <source>Open a second result to compare.</source>
        <translation>Abre un segundo resultado para comparar.</translation>
    </message>
    <message>
        <source>Open A…</source>
        <translation>Abrir A…</translation>
    </message>
    <message>
        <source>Open B…</source>
        <translation>Abrir B…</translation>
    </message>
    <message>
        <source>Differences per phase (B − A); each peak is its own maximum</source>
        <translation>Diferencias por fase (B − A); cada pico es su propio máximo</translation>
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
        <translation>%1 no se ha reemplazado.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Se ha guardado %1.</translation>
    </message>
    <message>
        <source>The result could not be converted to JSON: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>No se pudo convertir el resultado a JSON: %1</translation>
    </message>
    <message>
        <source>Unknown sheet format for %1: use .md, .html or .pdf.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Formato de ficha desconocido para %1: usa .md, .html o .pdf.</translation>
    </message>
    <message>
        <source>The catalog for %1 could not be loaded; the sheet is in English.</source>
        <extracomment>%1 is a language code, e.g. &quot;de&quot;</extracomment>
        <translation>No se pudo cargar el catálogo de %1; la ficha está en inglés.</translation>
    </message>
    <message>
        <source>There is no chart to export.</source>
        <translation>No hay ningún gráfico que exportar.</translation>
    </message>
    <message>
        <source>The chart could not be rendered as SVG.</source>
        <translation>No se pudo generar el gráfico en SVG.</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <extracomment>%1 is a file path, %2 the reason</extracomment>
        <translation>No se pudo abrir %1: %2</translation>
    </message>
    <message>
        <source>The run could not be converted to a memory snapshot: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>La ejecución no se pudo convertir en una instantánea de memoria: %1</translation>
    </message>
    <message>
        <source>The run could not be converted to a Perfetto trace: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>La ejecución no se pudo convertir en una traza de Perfetto: %1</translation>
    </message>
    <message>
        <source>Could not import the snapshot: %1</source>
        <extracomment>%1 is the reason (it names the file)</extracomment>
        <translation>No se pudo importar la instantánea: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ResultPhaseModel</name>
    <message>
        <source>ok</source>
        <translation>correcta</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>no ejecutada</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>%1 is a duration in seconds</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Pico allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Pico reserved</translation>
    </message>
    <message>
        <source>Final allocated</source>
        <translation>allocated final</translation>
    </message>
    <message>
        <source>Final reserved</source>
        <translation>reserved final</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>Pico previsto</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>interrumpida</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunController</name>
    <message>
        <source>A run is still going; stop it first.</source>
        <translation>Todavía hay una ejecución en curso; detenla primero.</translation>
    </message>
    <message>
        <source>The run cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>La ejecución no puede iniciarse: %1</translation>
    </message>
    <message>
        <source>The backend of %1 is not loaded; choose another device.</source>
        <extracomment>%1 is a device id such as cuda:0</extracomment>
        <translation>El backend de %1 no está cargado; elige otro dispositivo.</translation>
    </message>
    <message>
        <source>The run could not start.</source>
        <translation>No se pudo iniciar la ejecución.</translation>
    </message>
    <message>
        <source>The script cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>El script no puede iniciarse: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunPanel</name>
    <message>
        <source>Run the workload on the chosen device (Ctrl+R)</source>
        <translation>Ejecutar la carga de trabajo en el dispositivo elegido (Ctrl+R)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ejecutar</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Detener</translation>
    </message>
    <message>
        <source>Phase: —</source>
        <translation>Fase: —</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <extracomment>%1 is a phase identifier such as cold_forward</extracomment>
        <translation>Fase: %1</translation>
    </message>
    <message>
        <source>Overall:</source>
        <translation>Global:</translation>
    </message>
    <message>
        <source>%v / %m phases</source>
        <extracomment>progress bar text: %v phases done of %m planned</extracomment>
        <translation>%v / %m fases</translation>
    </message>
    <message>
        <source>Stop after the current step (a decode step, a warm-up run) or phase; what was measured is kept</source>
        <translation>Detener tras el paso actual (un paso de decodificación, una ejecución de calentamiento) o la fase actual; lo medido se conserva</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunWiring</name>
    <message>
        <source>Out of memory in phase %1: %2</source>
        <extracomment>%1 is a phase identifier, %2 the allocator&apos;s or the runtime&apos;s own error text</extracomment>
        <translation>Memoria insuficiente en la fase %1: %2</translation>
    </message>
    <message>
        <source>Phase %1 failed: %2</source>
        <extracomment>%1 is a phase identifier, %2 the runtime&apos;s own error text</extracomment>
        <translation>La fase %1 falló: %2</translation>
    </message>
    <message>
        <source>%1 (%2) · your script, measured by iteragpu_probe</source>
        <extracomment>%1 is the device id, e.g. cuda:0; %2 its name as PyTorch reports it</extracomment>
        <translation>%1 (%2) · tu script, medido por iteragpu_probe</translation>
    </message>
    <message>
        <source>The probe (%1) measures on %2 (%3).</source>
        <extracomment>%1 what measures (iteragpu_probe 1.0 (PyTorch 2.5.1)), %2 the device id, %3 the device&apos;s name</extracomment>
        <translation>La sonda (%1) mide en %2 (%3).</translation>
    </message>
    <message>
        <source>The workload form has invalid values; nothing was started.</source>
        <translation>El formulario de carga de trabajo tiene valores no válidos; no se inició nada.</translation>
    </message>
    <message>
        <source>Run %1 started on %2. %3</source>
        <extracomment>%1 run number, %2 device id, %3 the workload form&apos;s sentence of what Run measures</extracomment>
        <translation>Ejecución %1 iniciada en %2. %3</translation>
    </message>
    <message>
        <source>Run %1 started on %2: %3, batch %4, context %5, width %6, %7.</source>
        <extracomment>%1 run number, %2 device id, %3 mode, %4 batch, %5 context, %6 width, %7 data type</extracomment>
        <translation>Ejecución %1 iniciada en %2: %3, batch %4, contexto %5, ancho %6, %7.</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Simulado, no es una medición de GPU.</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>En ejecución…</translation>
    </message>
    <message>
        <source>your script, measured by iteragpu_probe</source>
        <translation>tu script, medido por iteragpu_probe</translation>
    </message>
    <message>
        <source>Run %1 started: %2 %3 (measured from inside by iteragpu_probe).</source>
        <extracomment>%1 run number, %2 the interpreter (python3), %3 the script and its arguments</extracomment>
        <translation>Ejecución %1 iniciada: %2 %3 (medida desde dentro por iteragpu_probe).</translation>
    </message>
    <message>
        <source>Stop requested: the script gets Ctrl+C (then SIGTERM); what was measured is kept.</source>
        <translation>Detención solicitada: el script recibe Ctrl+C (y luego SIGTERM); se conserva lo medido.</translation>
    </message>
    <message>
        <source>Stop requested: the run stops after the current step (a decode step, a warm-up run) or phase and keeps what was measured.</source>
        <translation>Detención solicitada: la ejecución se detiene tras el paso actual (un paso de decodificación, una ejecución de calentamiento) o la fase actual y conserva lo medido.</translation>
    </message>
    <message>
        <source>Stopping after the current step…</source>
        <translation>Deteniendo tras el paso actual…</translation>
    </message>
    <message>
        <source>%1 as %2 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0; %2 the GPU catalog&apos;s card it stands in for, e.g. NVIDIA H100 80GB SXM</extracomment>
        <translation>%1 como %2 · simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>%1 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0</extracomment>
        <translation>%1 · simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>Run %1 finished:</source>
        <extracomment>%1 run number; followed by counts of phases</extracomment>
        <translation>Ejecución %1 terminada:</translation>
    </message>
    <message numerus="yes">
        <source>%n phase(s) ok</source>
        <extracomment>%n number of phases that passed</extracomment>
        <translation>
            <numerusform>%n fase correcta</numerusform>
            <numerusform>%n fases correctas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <extracomment>%n number of phases that failed</extracomment>
        <translation>
            <numerusform>%n fallida</numerusform>
            <numerusform>%n fallidas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <extracomment>%n number of phases that did not run</extracomment>
        <translation>
            <numerusform>%n no ejecutada</numerusform>
            <numerusform>%n no ejecutadas</numerusform>
        </translation>
    </message>
    <message>
        <source>Run %1 could not measure: %2</source>
        <extracomment>%1 run number, %2 the backend&apos;s or the runtime&apos;s own error text</extracomment>
        <translation>La ejecución %1 no pudo medir: %2</translation>
    </message>
    <message>
        <source>Out of memory in phase %1: %2. The phases before it are kept; the later ones did not run.</source>
        <extracomment>%1 is a phase identifier, %2 the error text; the phases measured before are kept</extracomment>
        <translation>Memoria insuficiente en la fase %1: %2. Se conservan las fases anteriores; las posteriores no se ejecutaron.</translation>
    </message>
    <message>
        <source>Phase %1 failed: %2. The phases before it are kept; the later ones did not run.</source>
        <extracomment>%1 is a phase identifier, %2 the runtime&apos;s own error text</extracomment>
        <translation>La fase %1 falló: %2. Se conservan las fases anteriores; las posteriores no se ejecutaron.</translation>
    </message>
    <message>
        <source>Stopped by the user; the measured phases are kept.</source>
        <translation>Detenida por el usuario; se conservan las fases medidas.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped by the user after %n phase(s); what was measured is kept.</source>
        <extracomment>%n number of phases measured before the stop</extracomment>
        <translation>
            <numerusform>Detenida por el usuario tras %n fase; se conserva lo medido.</numerusform>
            <numerusform>Detenida por el usuario tras %n fases; se conserva lo medido.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ScriptDialog</name>
    <message>
        <source>Run a PyTorch script</source>
        <translation>Ejecutar un script de PyTorch</translation>
    </message>
    <message>
        <source>e.g. --batch 4 --steps 10</source>
        <translation>p. ej. --batch 4 --steps 10</translation>
    </message>
    <message>
        <source>the script&apos;s folder</source>
        <translation>la carpeta del script</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Choose a PyTorch script</source>
        <translation>Elegir un script de PyTorch</translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Scripts de Python (*.py);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Choose the working folder</source>
        <translation>Elegir la carpeta de trabajo</translation>
    </message>
    <message>
        <source>&amp;Script:</source>
        <translation>&amp;Script:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>&amp;Argumentos:</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>Carpeta de &amp;trabajo:</translation>
    </message>
    <message>
        <source>&amp;Python:</source>
        <translation>&amp;Python:</translation>
    </message>
    <message>
        <source>The script measures itself with iteragpu_probe (from iteragpu_probe import Probe; with probe.phase(&quot;prefill&quot;): …). Its phases appear live here; its output goes to the log. Stop sends Ctrl+C, then SIGTERM, and keeps what was measured.</source>
        <translation>El script se mide a sí mismo con iteragpu_probe (from iteragpu_probe import Probe; with probe.phase(&quot;prefill&quot;): …). Sus fases aparecen aquí en directo; su salida va al registro. Detener envía Ctrl+C y luego SIGTERM, y conserva lo medido.</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ejecutar</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ScriptProcess</name>
    <message>
        <source>The program did not stop after Ctrl+C; sending SIGTERM.</source>
        <translation>El programa no se detuvo tras Ctrl+C; se envía SIGTERM.</translation>
    </message>
    <message>
        <source>The program did not stop after SIGTERM; killing it.</source>
        <translation>El programa no se detuvo tras SIGTERM; se termina a la fuerza (SIGKILL).</translation>
    </message>
    <message>
        <source>A script is still running; stop it first.</source>
        <translation>Todavía se ejecuta un script; deténlo primero.</translation>
    </message>
    <message>
        <source>The script %1 does not exist.</source>
        <extracomment>%1 is the path the user gave</extracomment>
        <translation>El script %1 no existe.</translation>
    </message>
    <message>
        <source>The Python probe (iteragpu_probe) is not installed beside the workbench.</source>
        <translation>La sonda de Python (iteragpu_probe) no está instalada junto al banco de trabajo.</translation>
    </message>
    <message>
        <source>The working folder %1 does not exist.</source>
        <extracomment>%1 is a folder path</extracomment>
        <translation>La carpeta de trabajo %1 no existe.</translation>
    </message>
    <message>
        <source>Cannot open the probe&apos;s event socket: %1</source>
        <extracomment>%1 is the system&apos;s reason</extracomment>
        <translation>No se puede abrir el socket de eventos de la sonda: %1</translation>
    </message>
    <message>
        <source>A second probe connected; only the first one is followed.</source>
        <translation>Se conectó una segunda sonda; solo se sigue la primera.</translation>
    </message>
    <message>
        <source>The probe sent a line longer than the limit; the stream is no longer followed.</source>
        <translation>La sonda envió una línea más larga que el límite; el flujo ya no se sigue.</translation>
    </message>
    <message>
        <source>A line of the probe&apos;s stream was refused: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Se rechazó una línea del flujo de la sonda: %1</translation>
    </message>
    <message>
        <source>%1 could not be started: %2</source>
        <extracomment>%1 is the interpreter, e.g. python3; %2 the system&apos;s reason</extracomment>
        <translation>No se pudo iniciar %1: %2</translation>
    </message>
    <message>
        <source>The program was stopped.</source>
        <translation>El programa se detuvo.</translation>
    </message>
    <message>
        <source>%1 ended abnormally.</source>
        <extracomment>%1 is the interpreter, e.g. python3</extracomment>
        <translation>%1 terminó de forma anómala.</translation>
    </message>
    <message>
        <source>The program ended with exit code %1.</source>
        <extracomment>%1 is the program&apos;s exit code</extracomment>
        <translation>El programa terminó con el código %1.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SimCardBox</name>
    <message>
        <source>Simulated c&amp;ard:</source>
        <translation>Tar&amp;jeta simulada:</translation>
    </message>
    <message>
        <source>none (plain simulated device)</source>
        <translation>ninguna (dispositivo simulado simple)</translation>
    </message>
    <message>
        <source>The card whose reported capacity and pace (peak FLOP/s and memory bandwidth, from the GPU catalog) the simulated device keeps</source>
        <translation>La tarjeta cuya capacidad declarada y ritmo (FLOP/s de pico y ancho de banda de memoria, del catálogo de GPU) conserva el dispositivo simulado</translation>
    </message>
    <message>
        <source>The GPU catalog could not be read: %1</source>
        <extracomment>%1 is the reason the GPU catalog could not be read</extracomment>
        <translation>No se pudo leer el catálogo de GPU: %1</translation>
    </message>
    <message>
        <source>S&amp;peed:</source>
        <translation>Veloci&amp;dad:</translation>
    </message>
    <message>
        <source>%1 (as fast as possible)</source>
        <extracomment>%1 is the speed 0</extracomment>
        <translation>%1 (lo más rápido posible)</translation>
    </message>
    <message>
        <source>%1× (the card&apos;s real time)</source>
        <extracomment>%1 is the speed 1</extracomment>
        <translation>%1× (tiempo real de la tarjeta)</translation>
    </message>
    <message>
        <source>%1× (slower than the card)</source>
        <extracomment>%1 is a speed below 1 such as 0.1: the modelled time passes that fraction as fast as on the card</extracomment>
        <translation>%1× (más lento que la tarjeta)</translation>
    </message>
    <message>
        <source>%1× (faster than the card)</source>
        <extracomment>%1 is a speed above 1 such as 10: the modelled time passes that many times as fast</extracomment>
        <translation>%1× (más rápido que la tarjeta)</translation>
    </message>
    <message>
        <source>How fast the modelled time passes: 1 keeps the card&apos;s pace, 0 does not wait at all</source>
        <translation>Con qué rapidez pasa el tiempo modelado: 1 mantiene el ritmo de la tarjeta, 0 no espera nada</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SizingPanel</name>
    <message>
        <source>Reset to the seeds&apos; example</source>
        <translation>Volver al ejemplo de referencia</translation>
    </message>
    <message>
        <source>7 000 000 000 parameters, 16 bit, 4 GiB reserve; every other choice back to its default.</source>
        <translation>7 000 000 000 parámetros, 16 bits, reserva de 4 GiB; todas las demás opciones vuelven a su valor predeterminado.</translation>
    </message>
    <message>
        <source>Run this model (random weights in its format) with these tokens and sequences: the workload tab takes them over</source>
        <translation>Ejecutar este modelo (pesos aleatorios en su formato) con estos tokens y secuencias: la pestaña Carga de trabajo los adopta</translation>
    </message>
    <message>
        <source>Needs a model shape: choose a preset or open a config.json</source>
        <translation>Necesita la forma de un modelo: elige un modelo predefinido o abre un config.json</translation>
    </message>
    <message>
        <source>&amp;Measure this model</source>
        <translation>&amp;Medir este modelo</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SizingResultsView</name>
    <message>
        <source>Needed per device: %1 (%2 bytes)</source>
        <extracomment>%1 is the total (e.g. &quot;17.04 GiB&quot;), %2 the exact bytes</extracomment>
        <translation>Necesario por dispositivo: %1 (%2 bytes)</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <extracomment>%1 is the parameter count</extracomment>
        <translation>%1 parámetros</translation>
    </message>
    <message>
        <source>Choose a device in the device picker, or a card under &quot;Verdict for&quot;, to see whether it fits.</source>
        <translation>Elige un dispositivo en el selector de dispositivos, o una tarjeta en «Veredicto para», para ver si cabe.</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>%1 is the simulated device&apos;s id, e.g. &quot;sim:0&quot;</extracomment>
        <translation>%1 (simulado)</translation>
    </message>
    <message>
        <source>Fits on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.</source>
        <extracomment>%1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component</extracomment>
        <translation>Cabe en %1: necesita %2 por dispositivo, %3 disponibles, margen %4. Dominante: %5.</translation>
    </message>
    <message>
        <source>Does not fit on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.</source>
        <extracomment>%1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component</extracomment>
        <translation>No cabe en %1: necesita %2 por dispositivo, %3 disponibles, margen %4. Dominante: %5.</translation>
    </message>
    <message numerus="yes">
        <source>Per device, with %n device(s) in tensor parallel.</source>
        <extracomment>%n is the number of devices</extracomment>
        <translation>
            <numerusform>Por dispositivo, con %n dispositivo en paralelismo de tensores.</numerusform>
            <numerusform>Por dispositivo, con %n dispositivos en paralelismo de tensores.</numerusform>
        </translation>
    </message>
    <message>
        <source>capacity %1</source>
        <extracomment>%1 is the device&apos;s capacity, e.g. &quot;139.40 GiB&quot;</extracomment>
        <translation>capacidad %1</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Entradas</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>Desglose</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>Catálogo</translation>
    </message>
    <message>
        <source>Capacity as the device reports it, not as it is sold. The need is per device; several GPUs are not one memory pool.</source>
        <translation>Capacidad tal como la declara el dispositivo, no la comercial. La necesidad es por dispositivo; varias GPU no forman un único depósito de memoria.</translation>
    </message>
    <message>
        <source>The GPU catalog could not be read: %1</source>
        <extracomment>%1 is the reason the GPU catalog could not be read</extracomment>
        <translation>No se pudo leer el catálogo de GPU: %1</translation>
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
        <translation>Lo que debe caber en el dispositivo:
%1</translation>
    </message>
    <message>
        <source>%1
The estimate: %2</source>
        <extracomment>%1 what was measured (one or two sentences), %2 the estimate&apos;s verdict</extracomment>
        <translation>%1
La estimación: %2</translation>
    </message>
    <message>
        <source>Needed on the device: %1 (%2 bytes) = %3</source>
        <extracomment>%1 the total that must fit on the device (e.g. &quot;17.58 GiB&quot;), %2 its exact bytes, %3 its parts joined by &quot; + &quot;</extracomment>
        <translation>Necesario en el dispositivo: %1 (%2 bytes) = %3</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepChart</name>
    <message>
        <source>Peak allocated vs %1</source>
        <extracomment>%1 is the varied dimension, e.g. sequences</extracomment>
        <translation>Pico allocated frente a %1</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>No sweep yet: run one or open a sweep folder</source>
        <translation>Aún no hay barrido: ejecute uno o abra una carpeta de barrido</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>pasa</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falla</translation>
    </message>
    <message>
        <source>fitted</source>
        <translation>ajustado</translation>
    </message>
    <message>
        <source>boundary %1</source>
        <extracomment>%1 is the largest passing value of the sweep</extracomment>
        <translation>límite %1</translation>
    </message>
    <message>
        <source>Peak (%1)</source>
        <extracomment>%1 is a unit symbol such as MiB or GiB</extracomment>
        <translation>Pico (%1)</translation>
    </message>
    <message>
        <source>capacity %1</source>
        <extracomment>%1 is the device&apos;s capacity with its unit, e.g. 16.0 MiB</extracomment>
        <translation>capacidad %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepController</name>
    <message>
        <source>A sweep is still going; stop it first.</source>
        <translation>Aún hay un barrido en curso; deténgalo primero.</translation>
    </message>
    <message>
        <source>The workbench runs sweeps on this machine&apos;s devices only; the %1 executor is available from the command line (iteragpu sweep --executor).</source>
        <extracomment>%1 is the executor&apos;s name, e.g. slurm</extracomment>
        <translation>El banco de trabajo ejecuta barridos solo en los dispositivos de esta máquina; el ejecutor %1 está disponible en la línea de órdenes (iteragpu sweep --executor).</translation>
    </message>
    <message>
        <source>The sweep cannot start: %1</source>
        <extracomment>%1 is the reason in one line, e.g. &quot;iteragpu not found&quot;
----------
%1 is the reason in one line</extracomment>
        <translation>El barrido no puede empezar: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepForm</name>
    <message>
        <source>&amp;Vary:</source>
        <translation>&amp;Variar:</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Búsqueda:</translation>
    </message>
    <message>
        <source>the values listed</source>
        <translation>los valores listados</translation>
    </message>
    <message>
        <source>the largest that fits</source>
        <translation>el mayor que cabe</translation>
    </message>
    <message>
        <source>Va&amp;lues:</source>
        <translation>Va&amp;lores:</translation>
    </message>
    <message>
        <source>Ascending whole numbers, separated by commas: 1, 2, 4, 8</source>
        <translation>Números enteros ascendentes, separados por comas: 1, 2, 4, 8</translation>
    </message>
    <message>
        <source>M&amp;in:</source>
        <translation>Mí&amp;n:</translation>
    </message>
    <message>
        <source>Ma&amp;x:</source>
        <translation>Má&amp;x:</translation>
    </message>
    <message>
        <source>until the first failure</source>
        <translation>hasta el primer fallo</translation>
    </message>
    <message>
        <source>Res&amp;olution:</source>
        <translation>Res&amp;olución:</translation>
    </message>
    <message>
        <source>The search stops when the first failing value is at most this far above the largest passing one.</source>
        <translation>La búsqueda se detiene cuando el primer valor que falla está como mucho a esta distancia del mayor que pasa.</translation>
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation>&amp;Dispositivos:</translation>
    </message>
    <message>
        <source>Device ids separated by commas (sim:0, cuda:1); never two trials on one device.</source>
        <translation>Identificadores de dispositivo separados por comas (sim:0, cuda:1); nunca dos ensayos en un dispositivo.</translation>
    </message>
    <message>
        <source>&amp;Jobs:</source>
        <translation>&amp;Trabajos:</translation>
    </message>
    <message>
        <source>Trials at once, each on its own device of the list.</source>
        <translation>Ensayos a la vez, cada uno en su propio dispositivo de la lista.</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Carpeta:</translation>
    </message>
    <message>
        <source>a new or empty folder</source>
        <translation>una carpeta nueva o vacía</translation>
    </message>
    <message>
        <source>Choose the sweep folder</source>
        <translation>Elegir la carpeta del barrido</translation>
    </message>
    <message>
        <source>Run s&amp;weep</source>
        <translation>Ejecutar &amp;barrido</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>De&amp;tener</translation>
    </message>
    <message>
        <source>Values: &apos;%1&apos; is not a whole number above 0.</source>
        <extracomment>%1 is what the user typed between two commas</extracomment>
        <translation>Valores: &apos;%1&apos; no es un número entero mayor que 0.</translation>
    </message>
    <message>
        <source>Values: list them in ascending order, each once.</source>
        <translation>Valores: enumérelos en orden ascendente, cada uno una vez.</translation>
    </message>
    <message>
        <source>Min: a whole number above 0.</source>
        <translation>Mín: un número entero mayor que 0.</translation>
    </message>
    <message>
        <source>Max: a whole number above 0, or empty to search until the first failure.</source>
        <translation>Máx: un número entero mayor que 0, o vacío para buscar hasta el primer fallo.</translation>
    </message>
    <message>
        <source>Max is below min.</source>
        <translation>Máx es menor que mín.</translation>
    </message>
    <message>
        <source>Resolution: a whole number above 0.</source>
        <translation>Resolución: un número entero mayor que 0.</translation>
    </message>
    <message>
        <source>Devices: name at least one device, e.g. sim:0.</source>
        <translation>Dispositivos: indique al menos un dispositivo, p. ej. sim:0.</translation>
    </message>
    <message numerus="yes">
        <source>Jobs: at most one trial per device, and %n device(s) are listed.</source>
        <extracomment>%n is the number of devices listed</extracomment>
        <translation>
            <numerusform>Trabajos: como mucho un ensayo por dispositivo, y hay %n dispositivo en la lista.</numerusform>
            <numerusform>Trabajos: como mucho un ensayo por dispositivo, y hay %n dispositivos en la lista.</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder: choose a new or empty folder for the sweep&apos;s files.</source>
        <translation>Carpeta: elija una carpeta nueva o vacía para los archivos del barrido.</translation>
    </message>
    <message>
        <source>Sweep folder</source>
        <translation>Carpeta del barrido</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepView</name>
    <message>
        <source>Open s&amp;weep folder…</source>
        <translation>Abrir carpeta de &amp;barrido…</translation>
    </message>
    <message>
        <source>Add sweep to co&amp;mpare…</source>
        <translation>Añadir barrido para co&amp;mparar…</translation>
    </message>
    <message>
        <source>Clear compared</source>
        <translation>Quitar comparados</translation>
    </message>
    <message>
        <source>Vary one dimension of the workload, one fresh measure process per value: choose it on the left and run, or open a sweep folder (File menu).</source>
        <translation>Varíe una dimensión de la carga, un proceso de medición nuevo por valor: elíjala a la izquierda y ejecute, o abra una carpeta de barrido (menú Archivo).</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Simulado, no es una medición de GPU.</translation>
    </message>
    <message>
        <source>Compared: %1. %2</source>
        <extracomment>%1 labels a compared sweep (its devices), %2 its boundary sentence</extracomment>
        <translation>Comparado: %1. %2</translation>
    </message>
    <message>
        <source>The workload form has invalid values; no sweep was started.</source>
        <translation>El formulario de carga tiene valores no válidos; no se inició ningún barrido.</translation>
    </message>
    <message>
        <source>The sweep cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>El barrido no puede empezar: %1</translation>
    </message>
    <message>
        <source>Sweep started in %1, varying %2.</source>
        <extracomment>%1 is the sweep folder, %2 the dimension varied</extracomment>
        <translation>Barrido iniciado en %1, variando %2.</translation>
    </message>
    <message>
        <source>Stop requested: the running trials are stopped and marked interrupted; sweep.json keeps the finished ones.</source>
        <translation>Detención solicitada: los ensayos en curso se detienen y se marcan como interrumpidos; sweep.json conserva los terminados.</translation>
    </message>
    <message>
        <source>Trial %1: %2 %3 on %4</source>
        <extracomment>%1 trial number, %2 dimension name, %3 its value, %4 device id
----------
%1 trial number, %2 dimension name, %3 its value, %4 the device&apos;s label (id, simulated)</extracomment>
        <translation>Ensayo %1: %2 %3 en %4</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>Trial %1 (%2 %3): %4.</source>
        <extracomment>%1 trial number, %2 dimension name, %3 value, %4 status (passed, failed, ...)</extracomment>
        <translation>Ensayo %1 (%2 %3): %4.</translation>
    </message>
    <message>
        <source>Sweep complete.</source>
        <translation>Barrido completo.</translation>
    </message>
    <message>
        <source>Sweep stopped: %1.</source>
        <extracomment>%1 says why the sweep stopped, e.g. &quot;interrupted&quot;</extracomment>
        <translation>Barrido detenido: %1.</translation>
    </message>
    <message>
        <source>Sweep stopped.</source>
        <translation>Barrido detenido.</translation>
    </message>
    <message>
        <source>The trial&apos;s result %1 cannot be read: %2</source>
        <extracomment>%1 is the result file, %2 the reason in one line</extracomment>
        <translation>El resultado %1 del ensayo no se puede leer: %2</translation>
    </message>
    <message>
        <source>A sweep is running; stop it before opening another.</source>
        <translation>Hay un barrido en curso; deténgalo antes de abrir otro.</translation>
    </message>
    <message>
        <source>%1 cannot be opened as a sweep: %2</source>
        <extracomment>%1 is the folder, %2 the reason in one line</extracomment>
        <translation>%1 no se puede abrir como barrido: %2</translation>
    </message>
    <message>
        <source>Sweep opened from %1.</source>
        <extracomment>%1 is the sweep folder</extracomment>
        <translation>Barrido abierto desde %1.</translation>
    </message>
    <message>
        <source>Open or run a sweep first; the one added is compared with it.</source>
        <translation>Abra o ejecute primero un barrido; el añadido se compara con él.</translation>
    </message>
    <message>
        <source>The sweep varies %1, the one shown %2: only sweeps of the same dimension share a chart.</source>
        <extracomment>%1 and %2 are dimension names</extracomment>
        <translation>El barrido varía %1, el mostrado %2: solo los barridos de la misma dimensión comparten un gráfico.</translation>
    </message>
    <message>
        <source>Open sweep folder</source>
        <translation>Abrir carpeta de barrido</translation>
    </message>
    <message>
        <source>Add sweep to compare</source>
        <translation>Añadir barrido para comparar</translation>
    </message>
    <message>
        <source>Trials</source>
        <translation>Ensayos</translation>
    </message>
    <message>
        <source>Trial timeline</source>
        <translation>Línea de tiempo del ensayo</translation>
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
        <translation>Nivel de dispositivo (controlador)</translation>
    </message>
    <message>
        <source>Device capacity</source>
        <translation>Capacidad del dispositivo</translation>
    </message>
    <message>
        <source>Sizing estimate</source>
        <translation>Estimación del dimensionado</translation>
    </message>
    <message>
        <source>Phase peak</source>
        <translation>Pico de la fase</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Tiempo (s)</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <extracomment>%1 is the unit symbol, GB or GiB, never translated</extracomment>
        <translation>Memoria (%1)</translation>
    </message>
    <message>
        <source>Device capacity %1 is above the scale ↑</source>
        <extracomment>%1 is the device capacity with its unit, e.g. &quot;80,00 GiB&quot;; its line is above the chart&apos;s scale</extracomment>
        <translation>La capacidad del dispositivo, %1, supera la escala ↑</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>Memoria insuficiente</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fallo</translation>
    </message>
    <message>
        <source>%1 in %2: %3</source>
        <extracomment>%1 is &quot;Out of memory&quot; or &quot;Failed&quot;, %2 the phase identifier, %3 the runtime&apos;s own error text</extracomment>
        <translation>%1 en %2: %3</translation>
    </message>
    <message>
        <source>%1 bytes (%2 %3)</source>
        <extracomment>%1 is a number of bytes with thousands separators, %2 the same amount in the unit, %3 the unit symbol</extracomment>
        <translation>%1 bytes (%2 %3)</translation>
    </message>
    <message>
        <source>Time: %1 s</source>
        <extracomment>%1 is the time since the run started, in seconds</extracomment>
        <translation>Tiempo: %1 s</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <extracomment>%1 is a phase identifier such as cold_forward</extracomment>
        <translation>Fase: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>No samples yet</source>
        <translation>Aún no hay muestras</translation>
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
        <translation>Nivel de dispositivo: %1</translation>
    </message>
    <message numerus="yes">
        <source>Highest of %n samples</source>
        <extracomment>%n number of samples merged into this point of the chart</extracomment>
        <translation>
            <numerusform>Máximo de %n muestra</numerusform>
            <numerusform>Máximo de %n muestras</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory timeline</source>
        <translation>Evolución de la memoria</translation>
    </message>
    <message>
        <source>Sizing estimate %1 is above the scale ↑</source>
        <extracomment>%1 is the sizing estimate with its unit, e.g. &quot;17,00 GiB&quot;; its line is above the chart&apos;s scale</extracomment>
        <translation>La estimación del dimensionado, %1, supera la escala ↑</translation>
    </message>
    <message>
        <source>Predicted peak per phase</source>
        <translation>Pico previsto por fase</translation>
    </message>
    <message>
        <source>Predicted peak per phase reaches %1, above the scale ↑</source>
        <extracomment>%1 is the highest predicted peak of a phase with its unit, e.g. &quot;17,00 GiB&quot;; above the chart&apos;s scale</extracomment>
        <translation>El pico previsto por fase alcanza %1 y supera la escala ↑</translation>
    </message>
    <message>
        <source>Areas: allocated by owner at each phase&apos;s peak moment (the samples carry totals only)</source>
        <translation>Áreas: allocated por propietario en el momento del pico de cada fase (las muestras solo llevan totales)</translation>
    </message>
    <message>
        <source>Colour allocated by &amp;owner</source>
        <translation>Colorear allocated por &amp;propietario</translation>
    </message>
    <message>
        <source>Stack what each owner (weights, KV cache, activations, ...) held at each phase&apos;s peak moment under the lines</source>
        <translation>Apilar bajo las líneas lo que cada propietario (pesos, caché KV, activaciones...) retenía en el momento del pico de cada fase</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TimelineNavigator</name>
    <message>
        <source>Fit to data</source>
        <translation>Ajustar a los datos</translation>
    </message>
    <message>
        <source>Fit both axes to the data (double click, 0 or Home)</source>
        <translation>Ajustar ambos ejes a los datos (doble clic, 0 o Inicio)</translation>
    </message>
    <message>
        <source>Zoom in (time)</source>
        <translation>Acercar (tiempo)</translation>
    </message>
    <message>
        <source>Zoom out (time)</source>
        <translation>Alejar (tiempo)</translation>
    </message>
    <message>
        <source>Zoom in (memory)</source>
        <translation>Acercar (memoria)</translation>
    </message>
    <message>
        <source>Zoom out (memory)</source>
        <translation>Alejar (memoria)</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TrainingBox</name>
    <message>
        <source>Workload</source>
        <translation>Carga de trabajo</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modo:</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>Inferencia</translation>
    </message>
    <message>
        <source>Fine-tune (LoRA)</source>
        <translation>Adaptación (LoRA)</translation>
    </message>
    <message>
        <source>Full training</source>
        <translation>Entrenamiento completo</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>Optimizador:</translation>
    </message>
    <message>
        <source>fp32 master weights (mixed precision)</source>
        <translation>Pesos maestros fp32 (precisión mixta)</translation>
    </message>
    <message>
        <source>LoRA rank:</source>
        <translation>Rango de LoRA:</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>Microbatch:</translation>
    </message>
    <message>
        <source>Sequence length (tokens):</source>
        <translation>Longitud de secuencia (tokens):</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Checkpointing de activaciones</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TrialTableModel</name>
    <message>
        <source>pending</source>
        <translation>pendiente</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en curso</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>pasa</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falla</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>interrumpido</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>memoria insuficiente</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>%1 is a duration in seconds</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is an exact byte count</extracomment>
        <translation>%1 bytes</translation>
    </message>
    <message>
        <source>not read</source>
        <translation>no leído</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Pico allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Pico reserved</translation>
    </message>
    <message>
        <source>Device peak</source>
        <translation>Pico del dispositivo</translation>
    </message>
    <message>
        <source>Failed phase</source>
        <translation>Fase fallida</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>Tiempo real</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WaterfallChart</name>
    <message>
        <source>estimate of the level</source>
        <translation>estimación del nivel</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why a figure of the waterfall is missing, in words (from the ledger)</extracomment>
        <translation>falta: %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <extracomment>%1 computed, observed or assumed (the ledger&apos;s source of a figure)</extracomment>
        <translation>Origen: %1</translation>
    </message>
    <message>
        <source>Estimate of this level: %1</source>
        <extracomment>%1 the estimate of the same level with its unit, e.g. &quot;14.20 GiB&quot;</extracomment>
        <translation>Estimación de este nivel: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WhyView</name>
    <message>
        <source>Estimate</source>
        <translation>Estimación</translation>
    </message>
    <message>
        <source>Estimate to peak allocated</source>
        <translation>De la estimación al pico allocated</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <extracomment>%1 a cause (not in the estimate, formula), %2 what, e.g. &quot;attention scores&quot;, %3 measured - estimate</extracomment>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Pico allocated</translation>
    </message>
    <message>
        <source>no allocated reading</source>
        <translation>sin lectura de allocated</translation>
    </message>
    <message>
        <source>Allocator</source>
        <translation>Allocator</translation>
    </message>
    <message>
        <source>Reserved at the peak</source>
        <translation>Reserved en el pico</translation>
    </message>
    <message>
        <source>Reserved after the peak</source>
        <translation>Reserved tras el pico</translation>
    </message>
    <message>
        <source>reserved at the phase&apos;s end - reserved at the peak moment</source>
        <translation>reserved al final de la fase - reserved en el momento del pico</translation>
    </message>
    <message>
        <source>Outside the allocator</source>
        <translation>Fuera del allocator</translation>
    </message>
    <message>
        <source>Device-level, phase end</source>
        <translation>Nivel de dispositivo, final de fase</translation>
    </message>
    <message>
        <source>a reading is missing</source>
        <translation>falta una lectura</translation>
    </message>
    <message>
        <source>The ledger of each phase comes when the run has finished.</source>
        <translation>El desglose de cada fase llega cuando termina la ejecución.</translation>
    </message>
    <message>
        <source>Run a workload or open a result: the ledger explains each phase&apos;s peak.</source>
        <translation>Ejecuta una carga de trabajo o abre un resultado: el desglose explica el pico de cada fase.</translation>
    </message>
    <message>
        <source>Select a phase in the phase table or click its band on the timeline.</source>
        <translation>Selecciona una fase en la tabla de fases o haz clic en su franja en la línea de tiempo.</translation>
    </message>
    <message>
        <source>Phase %1 did not run: it has no readings to explain.</source>
        <extracomment>%1 is a phase identifier such as decode</extracomment>
        <translation>La fase %1 no se ejecutó: no tiene lecturas que explicar.</translation>
    </message>
    <message>
        <source>Why phase %1 peaked where it failed, from the estimate to the device-level reading</source>
        <extracomment>%1 is a phase identifier such as prefill; the phase failed, its readings up to the failure are explained</extracomment>
        <translation>Por qué la fase %1 alcanzó su pico donde falló, desde la estimación hasta la lectura a nivel de dispositivo</translation>
    </message>
    <message>
        <source>Why phase %1 peaked where it did, from the estimate to the device-level reading</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Por qué la fase %1 alcanzó ese pico, desde la estimación hasta la lectura a nivel de dispositivo</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>simulado, no es una medición de GPU</translation>
    </message>
    <message>
        <source>Waterfall and owners</source>
        <translation>Cascada y propietarios</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Desglose</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WorkbenchSteps</name>
    <message>
        <source>Size</source>
        <extracomment>a step of the workbench: compute what the model needs</extracomment>
        <translation>Dimensionar</translation>
    </message>
    <message>
        <source>Measure</source>
        <extracomment>a step of the workbench: run the workload on a device</extracomment>
        <translation>Medir</translation>
    </message>
    <message>
        <source>Explain</source>
        <extracomment>a step of the workbench: why a phase peaked where it did</extracomment>
        <translation>Explicar</translation>
    </message>
    <message>
        <source>Boundary</source>
        <extracomment>a step of the workbench: the sweep that finds the largest load that fits</extracomment>
        <translation>Límite</translation>
    </message>
    <message>
        <source>Decide</source>
        <extracomment>a step of the workbench: the decision sheet</extracomment>
        <translation>Decidir</translation>
    </message>
    <message>
        <source>Compute what the model needs: weights by format, the KV cache, training, the reserve, and which cards it fits.</source>
        <translation>Calcular lo que necesita el modelo: pesos por formato, la caché KV, el entrenamiento, la reserva y en qué tarjetas cabe.</translation>
    </message>
    <message>
        <source>Run the workload phase by phase on the chosen device and watch its memory live.</source>
        <translation>Ejecutar la carga fase a fase en el dispositivo elegido y ver su memoria en directo.</translation>
    </message>
    <message>
        <source>See why a phase peaked where it did: the waterfall, the owners and the ledger against the estimate.</source>
        <translation>Ver por qué una fase alcanzó su pico donde lo hizo: la cascada, los propietarios y el libro de cuentas frente a la estimación.</translation>
    </message>
    <message>
        <source>Sweep batch or context until a trial runs out of memory: the largest load that fits.</source>
        <translation>Barrer el lote o el contexto hasta que una prueba se quede sin memoria: la mayor carga que cabe.</translation>
    </message>
    <message>
        <source>Read the decision sheet of what was sized and measured, and export it.</source>
        <translation>Leer la hoja de decisión de lo dimensionado y lo medido, y exportarla.</translation>
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
        <translation>Obligatorio.</translation>
    </message>
    <message>
        <source>Not a number.</source>
        <translation>No es un número.</translation>
    </message>
    <message>
        <source>Between %1 and %2 Hz.</source>
        <extracomment>%1 and %2 are the lowest and highest sampling rates in Hz</extracomment>
        <translation>Entre %1 y %2 Hz.</translation>
    </message>
    <message>
        <source>Must be more than 0 GiB.</source>
        <translation>Debe ser mayor que 0 GiB.</translation>
    </message>
    <message>
        <source>At most %1 GiB.</source>
        <extracomment>%1 is the largest simulated capacity in GiB</extracomment>
        <translation>Como máximo %1 GiB.</translation>
    </message>
    <message>
        <source>Too large.</source>
        <translation>Demasiado grande.</translation>
    </message>
    <message>
        <source>Cannot be negative.</source>
        <translation>No puede ser negativo.</translation>
    </message>
    <message>
        <source>Not a whole number.</source>
        <translation>No es un número entero.</translation>
    </message>
    <message>
        <source>Must be at least 1.</source>
        <translation>Debe ser al menos 1.</translation>
    </message>
    <message>
        <source>At most %1.</source>
        <extracomment>%1 is the largest value the field accepts</extracomment>
        <translation>Como máximo %1.</translation>
    </message>
    <message>
        <source>batch × context × width is too large: the input tensor&apos;s size does not fit in 64 bits.</source>
        <translation>batch × contexto × ancho es demasiado grande: el tamaño del tensor de entrada no cabe en 64 bits.</translation>
    </message>
    <message>
        <source>batch × context is too large for the kernels (at most 2 147 483 647 rows).</source>
        <translation>batch × contexto es demasiado grande para los kernels (como máximo 2 147 483 647 filas).</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>&amp;Modo:</translation>
    </message>
    <message>
        <source>Inference (dense network)</source>
        <translation>Inferencia (red densa)</translation>
    </message>
    <message>
        <source>Training (forward, loss, backward, optimizer)</source>
        <translation>Entrenamiento (pasada hacia delante, pérdida, retropropagación, optimizador)</translation>
    </message>
    <message>
        <source>native: the caching allocator with PyTorch&apos;s counters; async: the driver&apos;s stream-ordered pool (cudaMallocAsync / hipMallocAsync)</source>
        <translation>native: el allocator con caché y los contadores de PyTorch; async: el pool del controlador ordenado por streams (cudaMallocAsync / hipMallocAsync)</translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation>&amp;Batch:</translation>
    </message>
    <message>
        <source>sequences per step</source>
        <translation>secuencias por paso</translation>
    </message>
    <message>
        <source>&amp;Context:</source>
        <translation>&amp;Contexto:</translation>
    </message>
    <message>
        <source>tokens per sequence</source>
        <translation>tokens por secuencia</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>Anc&amp;ho:</translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation>dimensión oculta</translation>
    </message>
    <message>
        <source>&amp;Data type:</source>
        <translation>&amp;Tipo de datos:</translation>
    </message>
    <message>
        <source>W&amp;arm-up:</source>
        <translation>Ca&amp;lentamiento:</translation>
    </message>
    <message>
        <source>iterations before measuring</source>
        <translation>iteraciones antes de medir</translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation>&amp;Repeticiones:</translation>
    </message>
    <message>
        <source>measured warm repeats</source>
        <translation>repeticiones medidas</translation>
    </message>
    <message>
        <source>A&amp;llocator:</source>
        <translation>All&amp;ocator:</translation>
    </message>
    <message>
        <source>native (caching)</source>
        <translation>native (con caché)</translation>
    </message>
    <message>
        <source>async (driver pool)</source>
        <translation>async (pool del controlador)</translation>
    </message>
    <message>
        <source>&amp;Empty the cache between repeats</source>
        <translation>Vaciar la caché entre re&amp;peticiones</translation>
    </message>
    <message>
        <source>&amp;Sampling (Hz):</source>
        <translation>&amp;Frecuencia de muestreo (Hz):</translation>
    </message>
    <message>
        <source>Simulated &amp;capacity (GiB):</source>
        <translation>Capacidad &amp;simulada (GiB):</translation>
    </message>
    <message>
        <source>Capacity of the simulated device sim:N; not used on a GPU</source>
        <translation>Capacidad del dispositivo simulado sim:N; no se usa en una GPU</translation>
    </message>
    <message>
        <source>Reset to the seeds&apos; example</source>
        <translation>Volver al ejemplo de referencia</translation>
    </message>
    <message>
        <source>Batch %1, context %2, width %3, %4, warm-up %5, repeats %6</source>
        <extracomment>%1 batch, %2 context (tokens), %3 width, %4 data type such as float32, %5 warm-up iterations, %6 repeats</extracomment>
        <translation>Batch %1, contexto %2, ancho %3, %4, calentamiento %5, repeticiones %6</translation>
    </message>
    <message>
        <source>The sizing panel has no model shape to measure: choose a preset or open a config.json there, or choose the dense network.</source>
        <translation>El panel de dimensionado no tiene ninguna forma de modelo que medir: elige allí un modelo predefinido o abre un config.json, o elige la red densa.</translation>
    </message>
    <message>
        <source>Weights in %1 cannot be measured: the decoder builds %2. Choose one of them in the sizing panel&apos;s formats, or the dense network.</source>
        <extracomment>%1 is a weight format such as int4-compact, %2 the list of formats the decoder builds (technical names, not translated)</extracomment>
        <translation>No se pueden medir pesos en %1: el decodificador construye %2. Elige uno de ellos en los formatos del panel de dimensionado, o la red densa.</translation>
    </message>
    <message>
        <source>Computing in %1 cannot be measured yet: quantized weights compute in fp16 or bf16. Choose one of them as the compute format in the sizing panel.</source>
        <extracomment>%1 is a compute type such as fp8_e4m3 (a technical name, not translated)</extracomment>
        <translation>Aún no se puede medir el cálculo en %1: los pesos cuantizados calculan en fp16 o bf16. Elige uno de ellos como formato de cálculo en el panel de dimensionado.</translation>
    </message>
    <message>
        <source>Run measures nothing yet: the sizing panel has no model shape.</source>
        <translation>Ejecutar aún no mide nada: el panel de dimensionado no tiene forma de modelo.</translation>
    </message>
    <message>
        <source>Run measures %1 (%2, %3 layers, weights in %4), the model in the sizing panel, with random weights.</source>
        <extracomment>%1 the model&apos;s name, e.g. Llama-2-7B; %2 its family (config.json&apos;s model_type, e.g. llama, not translated); %3 its number of layers; %4 the weight format, e.g. bf16 or nf4 (not translated)</extracomment>
        <translation>Ejecutar mide %1 (%2, %3 capas, pesos en %4), el modelo del panel de dimensionado, con pesos aleatorios.</translation>
    </message>
    <message>
        <source>Sequences: %1, each %2 prompt tokens, then %3 generated.</source>
        <extracomment>%1 sequences generated at once, %2 prompt tokens per sequence, %3 generated tokens per sequence</extracomment>
        <translation>Secuencias: %1, cada una con %2 tokens de entrada y luego %3 generados.</translation>
    </message>
    <message>
        <source>Run measures the dense network, the seeds&apos; exercise (batch %1, context %2, width %3, %4), not the model in the sizing panel.</source>
        <extracomment>%1 batch, %2 context (tokens), %3 width, %4 data type such as float32 (not translated)</extracomment>
        <translation>Ejecutar mide la red densa, el ejercicio de referencia (batch %1, contexto %2, ancho %3, %4), no el modelo del panel de dimensionado.</translation>
    </message>
    <message>
        <source>Run measures the dense network, the seeds&apos; exercise, not the model in the sizing panel.</source>
        <translation>Ejecutar mide la red densa, el ejercicio de referencia, no el modelo del panel de dimensionado.</translation>
    </message>
    <message>
        <source>What r&amp;uns:</source>
        <translation>&amp;Qué se ejecuta:</translation>
    </message>
    <message>
        <source>The model in the sizing panel</source>
        <translation>El modelo del panel de dimensionado</translation>
    </message>
    <message>
        <source>The dense network (the seeds&apos; exercise)</source>
        <translation>La red densa (el ejercicio de referencia)</translation>
    </message>
    <message>
        <source>The model in the sizing panel: a decoder-only transformer of its shape, with random weights in its format. The dense network: the seeds&apos; two-layer exercise.</source>
        <translation>El modelo del panel de dimensionado: un transformer solo decodificador con su forma y pesos aleatorios en su formato. La red densa: el ejercicio de referencia de dos capas.</translation>
    </message>
    <message>
        <source>&amp;Prompt tokens:</source>
        <translation>To&amp;kens de entrada:</translation>
    </message>
    <message>
        <source>&amp;Generated tokens:</source>
        <translation>Tokens &amp;generados:</translation>
    </message>
    <message>
        <source>decode steps</source>
        <translation>pasos de decodificación</translation>
    </message>
    <message>
        <source>Se&amp;quences:</source>
        <translation>Se&amp;cuencias:</translation>
    </message>
    <message>
        <source>generated at once</source>
        <translation>generadas a la vez</translation>
    </message>
    <message>
        <source>Decode c&amp;hunk:</source>
        <translation>Tra&amp;mo de decodificación:</translation>
    </message>
    <message>
        <source>steps per phase record</source>
        <translation>pasos por registro de fase</translation>
    </message>
    <message>
        <source>Decode steps per phase record; 0 puts all of them in one record</source>
        <translation>Pasos de decodificación por registro de fase; 0 los reúne todos en un solo registro</translation>
    </message>
    <message>
        <source>&amp;KV cache:</source>
        <translation>Cac&amp;hé KV:</translation>
    </message>
    <message>
        <source>dynamic (grows every step)</source>
        <translation>dynamic (crece en cada paso)</translation>
    </message>
    <message>
        <source>static (allocated once)</source>
        <translation>static (asignada una sola vez)</translation>
    </message>
    <message>
        <source>paged (blocks of 16 tokens)</source>
        <translation>paged (bloques de 16 tokens)</translation>
    </message>
    <message>
        <source>A&amp;ttention:</source>
        <translation>A&amp;tención:</translation>
    </message>
    <message>
        <source>eager (holds the score matrix)</source>
        <translation>eager (guarda la matriz de puntuaciones)</translation>
    </message>
    <message>
        <source>sdpa (tiled, no score matrix)</source>
        <translation>sdpa (por teselas, sin matriz de puntuaciones)</translation>
    </message>
    <message>
        <source>the compute dtype (%1)</source>
        <extracomment>the adapters&apos; dtype: the one the model computes in; %1 is that dtype, e.g. bfloat16 (not translated)</extracomment>
        <translation>el formato de cálculo (%1)</translation>
    </message>
    <message>
        <source>Run measures one training step of the model in the sizing panel, with random weights: %1.</source>
        <extracomment>%1 core&apos;s one line for the step: the model, method, framework, weights, micro-batch, attention</extracomment>
        <translation>Ejecutar mide un paso de entrenamiento del modelo del panel de dimensionado, con pesos aleatorios: %1.</translation>
    </message>
    <message>
        <source>Decoder r&amp;un:</source>
        <translation>Ejec&amp;ución del decodificador:</translation>
    </message>
    <message>
        <source>Inference (prefill and generation)</source>
        <translation>Inferencia (prellenado y generación)</translation>
    </message>
    <message>
        <source>Training step (fine-tuning)</source>
        <translation>Paso de entrenamiento (ajuste fino)</translation>
    </message>
    <message>
        <source>Training step: fields you have not set show the framework&apos;s defaults</source>
        <translation>Paso de entrenamiento: los campos que no ha fijado muestran los valores por defecto del framework</translation>
    </message>
    <message>
        <source>Framework:</source>
        <translation>Framework:</translation>
    </message>
    <message>
        <source>hf: transformers&apos; Trainer with PEFT; torchtune: its single-device recipes. Fields you have not set follow the framework.</source>
        <translation>hf: el Trainer de transformers con PEFT; torchtune: sus recetas para un solo dispositivo. Los campos que no ha fijado siguen al framework.</translation>
    </message>
    <message>
        <source>Method:</source>
        <translation>Método:</translation>
    </message>
    <message>
        <source>full (every weight trained)</source>
        <translation>completo (se entrenan todos los pesos)</translation>
    </message>
    <message>
        <source>LoRA targets:</source>
        <translation>Destinos de LoRA:</translation>
    </message>
    <message>
        <source>The linears of every layer that get an adapter</source>
        <translation>Las capas lineales de cada capa que reciben un adaptador</translation>
    </message>
    <message>
        <source>LoRA rank:</source>
        <translation>Rango de LoRA:</translation>
    </message>
    <message>
        <source>Adapters in:</source>
        <translation>Adaptadores en:</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>Microbatch:</translation>
    </message>
    <message>
        <source>sequences per forward</source>
        <translation>secuencias por pasada hacia delante</translation>
    </message>
    <message>
        <source>Sequence length:</source>
        <translation>Longitud de secuencia:</translation>
    </message>
    <message>
        <source>Gradient accumulation:</source>
        <translation>Acumulación de gradientes:</translation>
    </message>
    <message>
        <source>micro-batches per optimizer step</source>
        <translation>microbatches por paso del optimizador</translation>
    </message>
    <message>
        <source>Activation checkpointing (every layer)</source>
        <translation>Checkpointing de activaciones (cada capa)</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>Optimizador:</translation>
    </message>
    <message>
        <source>adamw: two moments per trained element; adam8bit: bitsandbytes&apos; 8-bit moments; sgd: no state</source>
        <translation>adamw: dos momentos por elemento entrenado; adam8bit: momentos de 8 bits de bitsandbytes; sgd: sin estado</translation>
    </message>
    <message>
        <source>Paged optimizer (states in host memory)</source>
        <translation>Optimizador paginado (estados en la memoria del host)</translation>
    </message>
    <message>
        <source>Optimizer step in the backward pass</source>
        <translation>Paso del optimizador dentro de la retropropagación</translation>
    </message>
    <message>
        <source>Loss chunks:</source>
        <translation>Tramos de la pérdida:</translation>
    </message>
    <message>
        <source>0: the loss over the whole logits; n: cross-entropy in n chunks</source>
        <translation>0: la pérdida sobre todos los logits; n: entropía cruzada en n tramos</translation>
    </message>
    <message>
        <source>Eval batch:</source>
        <translation>Batch de evaluación:</translation>
    </message>
    <message>
        <source>Sequences of one no-grad forward after the step; 0: no eval phase</source>
        <translation>Secuencias de una pasada hacia delante sin gradientes tras el paso; 0: sin fase de evaluación</translation>
    </message>
    <message>
        <source>Export a 16-bit copy at the checkpoint</source>
        <translation>Exportar una copia de 16 bits en el checkpoint</translation>
    </message>
    <message>
        <source>Use the framework&apos;s defaults</source>
        <translation>Usar los valores por defecto del framework</translation>
    </message>
    <message>
        <source>Forget the training fields you set: all of them show the framework&apos;s defaults again</source>
        <translation>Olvidar los campos de entrenamiento fijados: todos vuelven a mostrar los valores por defecto del framework</translation>
    </message>
    <message>
        <source>LoRA (adapters on a frozen base)</source>
        <translation>LoRA (adaptadores sobre una base congelada)</translation>
    </message>
    <message>
        <source>QLoRA (adapters on nf4 weights)</source>
        <translation>QLoRA (adaptadores sobre pesos nf4)</translation>
    </message>
    <message>
        <source>full: every weight is trained; LoRA: adapters on a frozen 16-bit or float32 base; QLoRA: adapters on frozen nf4 or nf4-dq weights, a format chosen in the sizing panel (the form never switches it for you).</source>
        <translation>completo: se entrenan todos los pesos; LoRA: adaptadores sobre una base congelada de 16 bits o float32; QLoRA: adaptadores sobre pesos congelados nf4 o nf4-dq, un formato de almacenamiento que se elige en el panel de dimensionado (el formulario nunca lo cambia por usted).</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up takes the sizing panel&apos;s serving-engine options: choose vLLM as the serving engine there, or another decoder run here.</source>
        <translation>El arranque de vLLM toma las opciones del motor de inferencia del panel de dimensionado: elija allí vLLM como motor de inferencia, o aquí otra ejecución del decodificador.</translation>
    </message>
    <message>
        <source>Run rehearses vLLM&apos;s start-up of %1 on the run&apos;s device, with the serving engine&apos;s options of the sizing panel (memory utilization %2, maximum model length %3): model_load, profile_run, kv_cache_alloc, cuda_graph_capture, serve.</source>
        <extracomment>%1 the model&apos;s name, e.g. Llama-3.1-8B; %2 --gpu-memory-utilization as a percentage, e.g. 90 %; %3 --max-model-len in tokens, or the model&apos;s own length; vLLM&apos;s phase names stay in English</extracomment>
        <translation>Ejecutar ensaya el arranque de vLLM con %1 en el dispositivo de la ejecución, con las opciones del motor de inferencia del panel de dimensionado (uso de memoria %2, longitud máxima del modelo %3): model_load, profile_run, kv_cache_alloc, cuda_graph_capture, serve.</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <extracomment>%1 a number of tokens (vLLM&apos;s --max-model-len)</extracomment>
        <translation>%1 tokens</translation>
    </message>
    <message>
        <source>the model&apos;s own</source>
        <translation>la propia del modelo</translation>
    </message>
    <message>
        <source>Requests served: %1, each %2 prompt tokens and %3 generated.</source>
        <extracomment>%1 requests served at once, %2 prompt tokens per request, %3 generated tokens per request</extracomment>
        <translation>Solicitudes atendidas: %1, cada una con %2 tokens de prompt y %3 generados.</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up (rehearsed with the serving engine&apos;s options)</source>
        <translation>Arranque de vLLM (ensayado con las opciones del motor de inferencia)</translation>
    </message>
</context>
</TS>
