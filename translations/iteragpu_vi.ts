<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="vi">
<context>
    <name>Architecture</name>
    <message>
        <source>%1, %2 layers</source>
        <extracomment>%1 the architecture (model_type), %2 number of layers</extracomment>
        <translation>%1, %2 lớp</translation>
    </message>
    <message>
        <source>%1 x %2, window %3 tokens</source>
        <extracomment>%1 layers, %2 the kind of layer, %3 tokens of its window or chunk</extracomment>
        <translation>%1 x %2, cửa sổ %3 token</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <extracomment>%1 layers, %2 the kind of layer</extracomment>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>MoE in %1 layers: %2 routed experts, %3 per token, %4 shared</source>
        <extracomment>%1 MoE layers, %2 routed experts per layer, %3 experts per token, %4 shared experts</extracomment>
        <translation>MoE trong %1 lớp: %2 chuyên gia được định tuyến, %3 mỗi token, %4 chuyên gia dùng chung</translation>
    </message>
    <message>
        <source>parameters: %1 in all, %2 active per token</source>
        <extracomment>%1 parameters in all, %2 parameters one token uses</extracomment>
        <translation>tham số: tổng cộng %1, %2 được kích hoạt mỗi token</translation>
    </message>
    <message>
        <source>+ %1: %2 parameters, counted apart, loaded with the model</source>
        <extracomment>%1 the part (mtp, vision), %2 its parameters</extracomment>
        <translation>+ %1: %2 tham số, được tính riêng, được nạp cùng mô hình</translation>
    </message>
    <message>
        <source>+ %1: %2 parameters, counted apart, not loaded by transformers</source>
        <extracomment>%1 the part (mtp, vision), %2 its parameters</extracomment>
        <translation>+ %1: %2 tham số, được tính riêng, không được transformers nạp</translation>
    </message>
    <message>
        <source>+ %1: in the checkpoint, its size not modelled (not in the counts)</source>
        <extracomment>%1 the part (mtp, vision)</extracomment>
        <translation>+ %1: có trong checkpoint, kích thước của nó không được mô hình hóa (không nằm trong các số đếm)</translation>
    </message>
    <message>
        <source>MoE in %1 layers: %2 routed experts, %3 per token</source>
        <extracomment>%1 MoE layers, %2 routed experts per layer, %3 experts per token</extracomment>
        <translation>MoE trong %1 lớp: %2 chuyên gia được định tuyến, %3 mỗi token</translation>
    </message>
</context>
<context>
    <name>Assumption</name>
    <message>
        <source>tie_word_embeddings absent: tied, the default of %1</source>
        <extracomment>%1 the model family (gemma, ...)</extracomment>
        <translation>không có tie_word_embeddings: coi là dùng chung trọng số, theo mặc định của %1</translation>
    </message>
    <message>
        <source>tie_word_embeddings absent: untied, the default of %1</source>
        <extracomment>%1 the model family (llama, ...)</extracomment>
        <translation>không có tie_word_embeddings: coi là không dùng chung trọng số, theo mặc định của %1</translation>
    </message>
    <message>
        <source>use_sliding_window is false: sliding_window ignored, every layer attends fully</source>
        <translation>use_sliding_window là false: bỏ qua sliding_window, mọi lớp đều dùng attention trên toàn bộ ngữ cảnh</translation>
    </message>
    <message>
        <source>KV cache: 2 (K and V) x layers x %1 KV heads x head_dim %2 x tokens x bytes x %3 sequence(s); KV heads, not query heads</source>
        <extracomment>%1 KV heads, %2 head_dim, %3 number of sequences</extracomment>
        <translation>cache KV: 2 (K và V) x số lớp x %1 đầu KV x head_dim %2 x số token x số byte x %3 chuỗi; dùng đầu KV, không phải đầu truy vấn</translation>
    </message>
    <message>
        <source>KV cache: quantized %1, one fp16 scale and one fp16 zero point per group of %2 elements along head_dim, per token and head; a full-precision residual window is not modelled</source>
        <extracomment>%1 data type (int8, int4), %2 elements per group</extracomment>
        <translation>cache KV: lượng tử hóa ở %1, một scale fp16 và một điểm 0 fp16 cho mỗi nhóm %2 phần tử dọc theo head_dim, theo từng token và từng đầu; không mô hình hóa cửa sổ phần dư giữ ở độ chính xác đầy đủ</translation>
    </message>
    <message>
        <source>KV cache: static, preallocated for %1 tokens per sequence whatever is used</source>
        <extracomment>%1 number of tokens</extracomment>
        <translation>cache KV: tĩnh, cấp phát trước cho %1 token mỗi chuỗi, bất kể thực tế dùng bao nhiêu</translation>
    </message>
    <message>
        <source>KV cache: tokens = prompt %1 + generated %2</source>
        <extracomment>%1 prompt tokens, %2 generated tokens</extracomment>
        <translation>cache KV: số token = đầu vào %1 + được sinh %2</translation>
    </message>
    <message>
        <source>KV cache: %1 of %2 layers keep only their sliding window (min(window, tokens)); assumes a cache that evicts beyond the window (sliding-window / hybrid cache)</source>
        <extracomment>%1 layers with a sliding window, %2 layers in all</extracomment>
        <translation>cache KV: %1 trên %2 lớp chỉ giữ cửa sổ trượt của chúng (min(window, tokens)); giả định một cache loại bỏ những gì nằm ngoài cửa sổ (cache cửa sổ trượt / cache lai)</translation>
    </message>
    <message>
        <source>exact count from the shapes of %1</source>
        <extracomment>%1 where the shapes come from (a config.json path or a preset&apos;s name)</extracomment>
        <translation>số lượng chính xác, tính từ hình dạng (shape) trong %1</translation>
    </message>
    <message>
        <source>element count of the safetensors header</source>
        <translation>số phần tử theo phần đầu (header) của tệp safetensors</translation>
    </message>
    <message>
        <source>parameters: the checkpoint is quantized, so its element count counts packed codes and scales, not the model&apos;s parameters</source>
        <translation>tham số: checkpoint đã được lượng tử hóa, nên số phần tử của nó đếm các mã đóng gói và scale, không phải tham số của mô hình</translation>
    </message>
    <message>
        <source>typed</source>
        <translation>nhập tay</translation>
    </message>
    <message>
        <source>weights: the tensors&apos; bytes as stored in the safetensors checkpoint (files: %1), loaded as stored</source>
        <extracomment>%1 number of files</extracomment>
        <translation>trọng số: số byte của các tensor như được lưu trong checkpoint safetensors (số tệp: %1), được nạp nguyên như khi lưu</translation>
    </message>
    <message>
        <source>weights: stored as %1 as chosen; the config&apos;s torch_dtype is %2</source>
        <extracomment>%1 storage format chosen (fp16, nf4, ...), %2 torch_dtype of config.json</extracomment>
        <translation>trọng số: lưu dưới dạng %1 theo lựa chọn; torch_dtype trong cấu hình là %2</translation>
    </message>
    <message>
        <source>weights: stored as %1 (the config&apos;s torch_dtype)</source>
        <extracomment>%1 storage format (bf16, fp16, fp32) read from config.json&apos;s torch_dtype</extracomment>
        <translation>trọng số: lưu dưới dạng %1 (torch_dtype trong cấu hình)</translation>
    </message>
    <message>
        <source>tensor parallel %1: weights divided evenly per device (rounded up; small replicated tensors such as norms are not added back)</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>song song tensor %1: trọng số được chia đều cho các thiết bị (làm tròn lên; các tensor nhỏ được nhân bản như tham số chuẩn hóa không được cộng lại)</translation>
    </message>
    <message>
        <source>tensor parallel %1: %2 of %3 KV heads per device (KV heads replicated: fewer heads than devices)</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>song song tensor %1: %2 trên %3 đầu KV mỗi thiết bị (đầu KV được nhân bản: số đầu ít hơn số thiết bị)</translation>
    </message>
    <message>
        <source>tensor parallel %1: %2 of %3 KV heads per device</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>song song tensor %1: %2 trên %3 đầu KV mỗi thiết bị</translation>
    </message>
    <message>
        <source>activations: left out of the totals (not computed)</source>
        <translation>activation: không đưa vào tổng (chưa tính)</translation>
    </message>
    <message>
        <source>reserve: %1 as typed (%2 bytes), on every device</source>
        <extracomment>%1 the reserve as typed (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>dự phòng: %1 như đã nhập (%2 byte), trên mỗi thiết bị</translation>
    </message>
    <message>
        <source>reserve: %1 as typed (%2 bytes)</source>
        <extracomment>%1 the reserve as typed (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>dự phòng: %1 như đã nhập (%2 byte)</translation>
    </message>
    <message>
        <source>total = largest phase (%1) + reserve; sum of components adds every component once, as some other tools do</source>
        <extracomment>%1 the largest phase&apos;s name (inference, train_step, ...)</extracomment>
        <translation>tổng = giai đoạn lớn nhất (%1) + dự phòng; tổng các thành phần cộng mỗi thành phần một lần, như một số công cụ khác vẫn làm</translation>
    </message>
    <message>
        <source>training: LoRA rank %1 on %2: A (r x in) and B (out x r) per target, %3 trainable parameters in %4; the base weights are frozen (no gradients, no optimizer states)</source>
        <extracomment>%1 LoRA rank, %2 target modules (q_proj, v_proj, ...), %3 trainable parameters, %4 data type of the adapters</extracomment>
        <translation>huấn luyện: LoRA hạng %1 trên %2: A (r x in) và B (out x r) cho mỗi module đích, %3 tham số huấn luyện được ở %4; trọng số gốc được đóng băng (không có gradient, không có trạng thái optimizer)</translation>
    </message>
    <message>
        <source>training: full, every parameter trainable</source>
        <translation>huấn luyện: đầy đủ, mọi tham số đều huấn luyện được</translation>
    </message>
    <message>
        <source>optimizer: SGD keeps no state</source>
        <translation>optimizer: SGD không giữ trạng thái nào</translation>
    </message>
    <message>
        <source>optimizer: SGD with momentum keeps 1 fp32 copy (4 bytes per trainable parameter)</source>
        <translation>optimizer: SGD có động lượng giữ 1 bản sao fp32 (4 byte mỗi tham số huấn luyện được)</translation>
    </message>
    <message>
        <source>optimizer: Adam/AdamW keeps 2 fp32 moments (8 bytes per trainable parameter)</source>
        <translation>optimizer: Adam/AdamW giữ 2 mômen fp32 (8 byte mỗi tham số huấn luyện được)</translation>
    </message>
    <message>
        <source>optimizer: 8-bit Adam keeps 2 moments of 1 byte plus one fp32 absmax per block of 256 per moment (bitsandbytes blockwise; small tensors kept in 32 bit are not modelled)</source>
        <translation>optimizer: Adam 8 bit giữ 2 mômen 1 byte cộng một absmax fp32 cho mỗi khối 256 phần tử của mỗi mômen (lượng tử hóa theo khối của bitsandbytes; không mô hình hóa các tensor nhỏ được giữ ở 32 bit)</translation>
    </message>
    <message>
        <source>training: fp32 master copy of the trainable parameters (mixed precision)</source>
        <translation>huấn luyện: bản sao chính fp32 của các tham số huấn luyện được (độ chính xác hỗn hợp)</translation>
    </message>
    <message>
        <source>training: gradients in %1 for the trainable parameters</source>
        <extracomment>%1 data type of the gradients (bf16, fp32, ...)</extracomment>
        <translation>huấn luyện: gradient ở %1 cho các tham số huấn luyện được</translation>
    </message>
    <message>
        <source>activations: full checkpointing, 2*s*b*h bytes (16 bit) per layer kept plus one layer recomputed during backward (Korthikanti et al. 2022)</source>
        <translation>activation: checkpointing toàn phần, giữ 2*s*b*h byte (16 bit) mỗi lớp cộng một lớp được tính lại trong lượt lan truyền ngược (Korthikanti et al. 2022)</translation>
    </message>
    <message>
        <source>activations: s*b*h*(34 + 5*a*s/h) bytes per layer in 16 bit, scaled by bits/16 for %1 (Korthikanti et al. 2022, no recomputation), s = %2, b = %3</source>
        <extracomment>%1 data type of the activations, %2 sequence length s, %3 micro-batch b</extracomment>
        <translation>activation: s*b*h*(34 + 5*a*s/h) byte mỗi lớp ở 16 bit, nhân với bits/16 đối với %1 (Korthikanti et al. 2022, không tính lại), s = %2, b = %3</translation>
    </message>
    <message>
        <source>logits: s x b x vocab in fp32 for the loss</source>
        <translation>logit: s x b x kích thước từ vựng ở fp32 để tính hàm mất mát</translation>
    </message>
    <message>
        <source>evaluation: batch %1 without gradients: one layer&apos;s working set (4h + 2 x intermediate per token, eager attention scores a x s x s) plus fp32 logits</source>
        <extracomment>%1 evaluation batch size</extracomment>
        <translation>đánh giá: batch %1 không có gradient: bộ nhớ làm việc của một lớp (4h + 2 x kích thước trung gian mỗi token, điểm attention a x s x s ở chế độ eager) cộng logit fp32</translation>
    </message>
    <message>
        <source>activations: not computed, they need the model shape (--config or --preset)</source>
        <translation>activation: chưa tính, cần hình dạng của mô hình (--config hoặc --preset)</translation>
    </message>
    <message>
        <source>export: a full copy of the weights in %1 while saving or merging</source>
        <extracomment>%1 data type of the exported copy</extracomment>
        <translation>xuất: một bản sao đầy đủ của trọng số ở %1 trong khi lưu hoặc hợp nhất</translation>
    </message>
    <message>
        <source>weights: %1</source>
        <extracomment>%1 what the storage format&apos;s byte count assumes (a sentence)</extracomment>
        <translation>trọng số: %1</translation>
    </message>
    <message>
        <source>weights: parameter count only, so every parameter is counted in %1; modules kept in 16 bit and per-tensor metadata need the model shape (--config or --preset)</source>
        <extracomment>%1 storage format (nf4, gptq-int4, ...)</extracomment>
        <translation>trọng số: chỉ có số tham số, nên mọi tham số được tính theo %1; các module giữ ở 16 bit và metadata theo từng tensor cần hình dạng của mô hình (--config hoặc --preset)</translation>
    </message>
    <message>
        <source>weights: kept in %1: %2 (%3 parameters)</source>
        <extracomment>%1 data type (bf16, fp16), %2 module names, %3 their parameter count</extracomment>
        <translation>trọng số: giữ ở %1: %2 (%3 tham số)</translation>
    </message>
    <message>
        <source>weights: lm_head is tied to the embeddings and counted once</source>
        <translation>trọng số: lm_head dùng chung trọng số với lớp nhúng và chỉ được tính một lần</translation>
    </message>
    <message>
        <source>weights: all %1 experts are resident in memory (routing picks experts per token, memory holds all)</source>
        <extracomment>%1 number of experts</extracomment>
        <translation>trọng số: cả %1 chuyên gia đều thường trú trong bộ nhớ (bộ định tuyến chọn chuyên gia theo từng token, nhưng bộ nhớ chứa tất cả)</translation>
    </message>
    <message>
        <source>weights: %1 parameters x %2 bits / 8, rounded up; no scales or other metadata (compact)</source>
        <extracomment>%1 parameter count, %2 bits per parameter</extracomment>
        <translation>trọng số: %1 tham số x %2 bit / 8, làm tròn lên; không có scale hay metadata khác (gọn)</translation>
    </message>
    <message>
        <source>%1 bits per parameter, compact</source>
        <extracomment>%1 bits per parameter</extracomment>
        <translation>%1 bit mỗi tham số, dạng gọn</translation>
    </message>
    <message>
        <source>stored bytes of the safetensors tensors (header, exact)</source>
        <translation>số byte lưu trữ của các tensor safetensors (header, chính xác)</translation>
    </message>
    <message>
        <source>%1, compute in %2</source>
        <extracomment>%1 storage format (e.g. &quot;NF4 (bitsandbytes)&quot;), %2 compute data type (bf16, ...)</extracomment>
        <translation>%1, tính toán bằng %2</translation>
    </message>
    <message>
        <source>%1 tokens x %2 sequence(s)</source>
        <extracomment>%1 tokens per sequence, %2 number of sequences</extracomment>
        <translation>%1 token x %2 chuỗi</translation>
    </message>
    <message>
        <source>%1 adapter parameters</source>
        <extracomment>%1 number of adapter parameters</extracomment>
        <translation>%1 tham số adapter</translation>
    </message>
    <message>
        <source>with activation checkpointing</source>
        <translation>có checkpointing activation</translation>
    </message>
    <message>
        <source>without activation checkpointing</source>
        <translation>không có checkpointing activation</translation>
    </message>
    <message>
        <source>evaluation batch: %1</source>
        <extracomment>%1 evaluation batch size</extracomment>
        <translation>batch đánh giá: %1</translation>
    </message>
    <message>
        <source>workspace (assumed, not in the total): cuBLAS %1 bytes per stream (PyTorch&apos;s default CUBLAS_WORKSPACE_CONFIG :4096:2:16:8), %2 bytes on Hopper (:4096:8, the size the cuBLAS API reference recommends); hipBLASLt %3 bytes (PyTorch&apos;s default on ROCm)</source>
        <extracomment>%1 bytes of cuBLAS&apos;s workspace before Hopper, %2 on Hopper, %3 bytes of hipBLASLt&apos;s on ROCm</extracomment>
        <translation>workspace (giả định, không tính vào tổng): cuBLAS %1 byte mỗi stream (mặc định của PyTorch CUBLAS_WORKSPACE_CONFIG :4096:2:16:8), %2 byte trên Hopper (:4096:8, kích thước mà tài liệu API cuBLAS khuyến nghị); hipBLASLt %3 byte (mặc định của PyTorch trên ROCm)</translation>
    </message>
    <message>
        <source>input_ids int32 [%1, %2] + block tables %3 bytes = %4 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 bytes of the paged cache&apos;s block tables, %4 bytes</extracomment>
        <translation>input_ids int32 [%1, %2] + bảng khối %3 byte = %4 byte</translation>
    </message>
    <message>
        <source>input_ids int32 [%1, %2] = %3 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 bytes</extracomment>
        <translation>input_ids int32 [%1, %2] = %3 byte</translation>
    </message>
    <message>
        <source>paged: %1 blocks of %2 tokens over the layers for %3 positions, K and V = %4 bytes</source>
        <extracomment>%1 blocks summed over layers, %2 tokens per block, %3 positions written, %4 bytes</extracomment>
        <translation>paged: %1 khối %2 token trên các lớp cho %3 vị trí, K và V = %4 byte</translation>
    </message>
    <message>
        <source>the whole KV cache = %1 bytes</source>
        <extracomment>%1 bytes</extracomment>
        <translation>toàn bộ cache KV = %1 byte</translation>
    </message>
    <message>
        <source>a growing cache holds the prompt&apos;s %1 tokens = %2 bytes</source>
        <extracomment>%1 prompt tokens, %2 bytes</extracomment>
        <translation>cache tăng dần giữ %1 token đầu vào = %2 byte</translation>
    </message>
    <message>
        <source>%1 bytes held + %2 bytes of one layer&apos;s key copied as it grows = %3 bytes</source>
        <extracomment>%1 bytes of the cache held, %2 bytes of one layer&apos;s key copied to grow by a row, %3 bytes</extracomment>
        <translation>%1 byte đang giữ + %2 byte key của một lớp được sao chép khi cache tăng = %3 byte</translation>
    </message>
    <message>
        <source>largest stage of one layer: %1</source>
        <extracomment>%1 the largest stage (projections, attention, mixer, mlp, output, cache_growth)</extracomment>
        <translation>bước lớn nhất của một lớp: %1</translation>
    </message>
    <message>
        <source>the last position&apos;s logits of %1 sequence(s) = %2 bytes</source>
        <extracomment>%1 sequences, %2 bytes</extracomment>
        <translation>logit của vị trí cuối của %1 chuỗi = %2 byte</translation>
    </message>
    <message>
        <source>the largest quantized linear [%1 x %2] dequantized = %3 bytes</source>
        <extracomment>%1 output features, %2 input features, %3 bytes</extracomment>
        <translation>lớp tuyến tính lượng tử hóa lớn nhất [%1 x %2] sau giải lượng tử hóa = %3 byte</translation>
    </message>
    <message>
        <source>%1 bytes of inputs + next-token ids int32 [%2] = %3 bytes</source>
        <extracomment>%1 bytes of the prompt&apos;s inputs, %2 sequences, %3 bytes</extracomment>
        <translation>%1 byte đầu vào + id token kế tiếp int32 [%2] = %3 byte</translation>
    </message>
    <message>
        <source>attention: %1</source>
        <extracomment>%1 the attention implementation (eager or sdpa)</extracomment>
        <translation>attention: %1</translation>
    </message>
    <message>
        <source>largest stage: %1</source>
        <extracomment>%1 the largest stage of the prefill (projections, attention, mixer, mlp, output)
----------
%1 the largest stage of a decode step (projections, attention, mixer, mlp, output, cache_growth)</extracomment>
        <translation>bước lớn nhất: %1</translation>
    </message>
    <message>
        <source>dequantization: the largest quantized linear&apos;s weight dequantized into the compute type, added to each phase on top of its largest stage (an upper bound: it lives only while its linear runs)</source>
        <translation>giải lượng tử hóa: trọng số của lớp tuyến tính lượng tử hóa lớn nhất được giải lượng tử hóa sang kiểu tính toán, cộng vào mỗi giai đoạn trên bước lớn nhất của nó (cận trên: nó chỉ tồn tại khi lớp tuyến tính đó chạy)</translation>
    </message>
    <message>
        <source>activations: eager attention holds its scores [sequences, heads, queries, keys] in the compute type and their float32 softmax at once</source>
        <translation>activation: attention eager giữ đồng thời điểm [chuỗi, đầu, truy vấn, key] ở kiểu tính toán và softmax float32 của chúng</translation>
    </message>
    <message>
        <source>activations: sdpa attention (a fused kernel) holds no scores matrix; its small scratch is not counted</source>
        <translation>activation: attention sdpa (kernel hợp nhất) không giữ ma trận điểm; bộ nhớ tạm nhỏ của nó không được tính</translation>
    </message>
    <message>
        <source>phases: prefill and decode each count the whole KV cache; a growing cache holds only the prompt&apos;s during the prefill (the per-phase estimate counts that)</source>
        <translation>giai đoạn: prefill và decode đều tính toàn bộ cache KV; cache tăng dần chỉ giữ phần của đầu vào trong prefill (ước tính theo giai đoạn có tính điều đó)</translation>
    </message>
    <message>
        <source>inference activations: not computed, they need the model shape (--config or --preset) and the tokens (--tokens)</source>
        <translation>activation suy luận: chưa tính, cần hình dạng của mô hình (--config hoặc --preset) và số token (--tokens)</translation>
    </message>
    <message>
        <source>activations: sdpa attention (a fused kernel, FlashAttention-style): Korthikanti et al.&apos;s formula without its s x s terms (5*a*s/h), plus a float32 log-sum-exp of 4*a*s*b bytes per layer</source>
        <translation>activation: attention sdpa (kernel hợp nhất, kiểu FlashAttention): công thức của Korthikanti et al. bỏ các số hạng s x s (5*a*s/h), cộng log-sum-exp float32 4*a*s*b byte mỗi lớp</translation>
    </message>
    <message>
        <source>activations: eager attention keeps its s x s scores, softmax and dropout mask (the 5*a*s/h term of Korthikanti et al.)</source>
        <translation>activation: attention eager giữ điểm s x s, softmax và mặt nạ dropout (số hạng 5*a*s/h của Korthikanti et al.)</translation>
    </message>
    <message>
        <source>GGUF architecture &apos;%1&apos; is not one of llama, mistral, qwen2, gemma, gemma2, phi3: read as a Llama-style decoder</source>
        <extracomment>%1 general.architecture of a GGUF file</extracomment>
        <translation>kiến trúc GGUF &apos;%1&apos; không thuộc llama, mistral, qwen2, gemma, gemma2, phi3: đọc như một bộ giải mã kiểu Llama</translation>
    </message>
    <message>
        <source>quantization_config: one scale and zero per output channel (group_size -1)</source>
        <translation>quantization_config: một hệ số tỉ lệ và một điểm không cho mỗi kênh đầu ra (group_size -1)</translation>
    </message>
    <message>
        <source>quantization_config: FP4 with double quantization stores what NF4 with double quantization stores; sized as nf4-dq</source>
        <translation>quantization_config: FP4 với lượng tử hóa kép lưu giống như NF4 với lượng tử hóa kép; tính như nf4-dq</translation>
    </message>
    <message>
        <source>quantization_config compressed-tensors int4: sized with AWQ&apos;s layout, whose packed zero points a symmetric scheme does not store (a small overestimate)</source>
        <translation>quantization_config compressed-tensors int4: tính theo bố cục của AWQ, có các điểm không đóng gói mà lược đồ đối xứng không lưu (ước lượng hơi cao)</translation>
    </message>
    <message>
        <source>element count of the GGUF file&apos;s tensors</source>
        <translation>số phần tử của các tensor trong tệp GGUF</translation>
    </message>
    <message>
        <source>stored bytes of the GGUF tensors (header, exact)</source>
        <translation>số byte lưu trữ của các tensor GGUF (header, chính xác)</translation>
    </message>
    <message>
        <source>weights: the tensors&apos; bytes as stored in %1 (%2), loaded as stored</source>
        <extracomment>%1 the GGUF file&apos;s name, %2 its ggml types and tensor counts</extracomment>
        <translation>trọng số: số byte của các tensor như được lưu trong %1 (%2), nạp như đã lưu</translation>
    </message>
    <message>
        <source>weights: stored as config.json&apos;s quantization_config says (%1): %2</source>
        <extracomment>%1 the quantization_config in a few words (&quot;GPTQ 4-bit, group 128&quot;), %2 the format name</extracomment>
        <translation>trọng số: lưu như quantization_config của config.json cho biết (%1): %2</translation>
    </message>
    <message>
        <source>conflict: config.json&apos;s quantization_config says %1, but the weights are sized as chosen: %2</source>
        <extracomment>%1 the quantization_config in a few words (&quot;GPTQ 4-bit, group 128&quot;), %2 the format chosen</extracomment>
        <translation>xung đột: quantization_config của config.json cho biết %1, nhưng trọng số được tính theo lựa chọn: %2</translation>
    </message>
    <message>
        <source>KV cache: no prompt length typed, so the model&apos;s trained context of %1 tokens</source>
        <extracomment>%1 tokens (the model&apos;s max_position_embeddings or GGUF context_length)</extracomment>
        <translation>KV cache: không nhập độ dài prompt, nên dùng ngữ cảnh huấn luyện của mô hình là %1 token</translation>
    </message>
    <message>
        <source>weights: blocks of %1 values, %2 bits per parameter (codes and scales)</source>
        <extracomment>%1 values per block, %2 bits per parameter (a decimal, e.g. 4.5)</extracomment>
        <translation>trọng số: khối %1 giá trị, %2 bit mỗi tham số (mã và hệ số tỉ lệ)</translation>
    </message>
    <message>
        <source>weights: groups of %1 input rows, %2 bits per parameter (codes, scales and zeros)</source>
        <extracomment>%1 input rows per group, %2 bits per parameter (a decimal, e.g. 4.16)</extracomment>
        <translation>trọng số: nhóm %1 hàng đầu vào, %2 bit mỗi tham số (mã, hệ số tỉ lệ và điểm không)</translation>
    </message>
    <message>
        <source>reserve: %1 by default, none typed (%2 bytes), on every device</source>
        <extracomment>%1 the default reserve (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>dự phòng: %1 theo mặc định, không nhập giá trị (%2 byte), trên mỗi thiết bị</translation>
    </message>
    <message>
        <source>reserve: %1 by default, none typed (%2 bytes)</source>
        <extracomment>%1 the default reserve (e.g. &quot;4 GiB&quot;), %2 the same in bytes</extracomment>
        <translation>dự phòng: %1 theo mặc định, không nhập giá trị (%2 byte)</translation>
    </message>
    <message>
        <source>vocab_size absent: %1, the default of transformers&apos; Gemma3TextConfig</source>
        <extracomment>%1 the vocabulary size</extracomment>
        <translation>không có vocab_size: %1, theo mặc định của Gemma3TextConfig trong transformers</translation>
    </message>
    <message>
        <source>architecture assumed on purpose: model_type &apos;%1&apos; read as &apos;%2&apos; (--assume-architecture); the numbers hold only if the model really is laid out like %2</source>
        <extracomment>%1 the config&apos;s model_type (or &quot;none&quot;), %2 the architecture the user chose</extracomment>
        <translation>kiến trúc được cố ý giả định: model_type &apos;%1&apos; được đọc như &apos;%2&apos; (--assume-architecture); các con số chỉ đúng nếu mô hình thực sự có bố cục như %2</translation>
    </message>
    <message>
        <source>state cache: %1 layer(s) of %2 keep %3 elements per sequence (conv and recurrent state) x %4 bytes x %5 sequence(s) = %6 bytes, whatever the tokens</source>
        <extracomment>%1 layers, %2 layer kind, %3 elements of state per sequence, %4 bytes per element, %5 sequences, %6 bytes</extracomment>
        <translation>cache trạng thái: %1 lớp %2 giữ %3 phần tử mỗi chuỗi (trạng thái tích chập và trạng thái hồi quy) x %4 byte x %5 chuỗi = %6 byte, bất kể số token</translation>
    </message>
    <message>
        <source>KV cache: %1 layer(s) of %2 keep %3 elements per token (K and V) for %4 tokens x %5 sequence(s) = %6 bytes</source>
        <extracomment>%1 layers, %2 layer kind, %3 elements per token, %4 tokens kept per layer, %5 sequences, %6 bytes</extracomment>
        <translation>cache KV: %1 lớp %2 giữ %3 phần tử mỗi token (K và V) cho %4 token x %5 chuỗi = %6 byte</translation>
    </message>
    <message>
        <source>the recurrent layers&apos; state, allocated with the cache = %1 bytes</source>
        <extracomment>%1 bytes</extracomment>
        <translation>trạng thái của các lớp hồi quy, được cấp phát cùng với cache = %1 byte</translation>
    </message>
    <message>
        <source>quantization_config fp8: no weight_block_size, so one fp32 scale per tensor</source>
        <translation>quantization_config fp8: không có weight_block_size, nên dùng một scale fp32 cho mỗi tensor</translation>
    </message>
    <message>
        <source>tensor parallel %1: each layer&apos;s KV heads and state divided per device (rounded up); an MLA latent is kept whole on every device</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>song song tensor %1: đầu KV và trạng thái của mỗi lớp được chia cho các thiết bị (làm tròn lên); vectơ tiềm ẩn của MLA được giữ nguyên vẹn trên mỗi thiết bị</translation>
    </message>
    <message>
        <source>recurrent state x %1 sequence(s), whatever the tokens</source>
        <extracomment>%1 number of sequences</extracomment>
        <translation>trạng thái hồi quy x %1 chuỗi, bất kể số token</translation>
    </message>
    <message>
        <source>weights: the %1 part (%2 parameters) is loaded with the model, in %3</source>
        <extracomment>%1 the part (vision), %2 its parameter count, %3 data type (bf16)</extracomment>
        <translation>trọng số: phần %1 (%2 tham số) được nạp cùng mô hình, ở %3</translation>
    </message>
    <message>
        <source>weights: MXFP4 quantizes the MoE experts only; every other linear is kept in 16 bit</source>
        <translation>trọng số: MXFP4 chỉ lượng tử hóa các chuyên gia MoE; mọi lớp tuyến tính khác được giữ ở 16 bit</translation>
    </message>
    <message>
        <source>weights: fp8 with one fp32 scale per block of %1 x %2 values (weight_block_size)</source>
        <extracomment>%1 rows, %2 columns of a scale block</extracomment>
        <translation>trọng số: fp8 với một scale fp32 cho mỗi khối %1 x %2 giá trị (weight_block_size)</translation>
    </message>
    <message>
        <source>%1 (chosen)</source>
        <extracomment>%1 what the user chose (English, e.g. &quot;chunked cross-entropy in 4 chunks&quot;)</extracomment>
        <translation>%1 (đã chọn)</translation>
    </message>
    <message>
        <source>%1 (%2&apos;s default)</source>
        <extracomment>%1 the framework&apos;s habit (English, e.g. &quot;adapters in float32 (PEFT&apos;s autocast_adapter_dtype)&quot;), %2 the framework (hf, torchtune)</extracomment>
        <translation>%1 (mặc định của %2)</translation>
    </message>
    <message>
        <source>each gradient in its parameter&apos;s dtype, freed after the optimizer step (PyTorch&apos;s AccumulateGrad, zero_grad(set_to_none=True))</source>
        <translation>mỗi gradient ở kiểu dữ liệu của tham số của nó, được giải phóng sau bước optimizer (AccumulateGrad của PyTorch, zero_grad(set_to_none=True))</translation>
    </message>
    <message>
        <source>%1 bytes as stored + %2 bytes of 512-byte block rounding</source>
        <extracomment>%1 bytes as stored, %2 bytes the 512-byte rounding adds</extracomment>
        <translation>%1 byte như khi lưu + %2 byte do làm tròn theo khối 512 byte</translation>
    </message>
    <message>
        <source>%1 bytes at this moment, %2 bytes at most in the step</source>
        <extracomment>%1 bytes of this part at the phase&apos;s peak, %2 bytes of it at most in the step</extracomment>
        <translation>%1 byte tại thời điểm này, tối đa %2 byte trong bước</translation>
    </message>
    <message>
        <source>the working tensors of %1</source>
        <extracomment>%1 the moment (English, e.g. &quot;backward layer 31: down_proj&quot;)</extracomment>
        <translation>các tensor làm việc của %1</translation>
    </message>
    <message>
        <source>training step: the decoder&apos;s tensor inventory (core/workloads/DECODER.md, Training) in closed form: %1 on %2 weights, %3 attention, micro-batch %4 x %5 tokens, %6&apos;s habits</source>
        <extracomment>%1 full, lora or qlora, %2 weight format (bf16, nf4), %3 eager or sdpa, %4 sequences, %5 tokens per sequence, %6 the framework (hf, torchtune)</extracomment>
        <translation>bước huấn luyện: danh mục tensor của decoder (core/workloads/DECODER.md, Training) ở dạng đóng: %1 trên trọng số %2, attention %3, micro-batch %4 x %5 token, thói quen của %6</translation>
    </message>
    <message>
        <source>allocated bytes: every tensor rounded up to 512 bytes as the caching allocator counts it; its 2 MiB and 20 MiB segments and cached free blocks (reserved above allocated) are the allocator&apos;s, named by the ledger, not counted here</source>
        <translation>byte đã cấp phát: mỗi tensor được làm tròn lên 512 byte như caching allocator đếm; các segment 2 MiB và 20 MiB và các khối trống được cache (reserved vượt allocated) thuộc về allocator, do ledger nêu, không tính ở đây</translation>
    </message>
    <message>
        <source>framework profile %1: %2</source>
        <extracomment>%1 the framework (hf, torchtune), %2 the documents its defaults follow (English)</extracomment>
        <translation>hồ sơ framework %1: %2</translation>
    </message>
    <message>
        <source>framework default taken: %1</source>
        <extracomment>%1 the default (English, e.g. &quot;activation checkpointing (torchtune&apos;s default)&quot;)</extracomment>
        <translation>đã dùng mặc định của framework: %1</translation>
    </message>
    <message>
        <source>training: activations in %1 (the compute type), the weights and their gradients and optimizer states in %2; an autocast&apos;s cast copies of the weights are not counted</source>
        <extracomment>%1 compute data type, %2 the weights&apos; data type</extracomment>
        <translation>huấn luyện: activation ở %1 (kiểu tính toán), trọng số cùng gradient và trạng thái optimizer của chúng ở %2; các bản sao trọng số do autocast chuyển kiểu không được tính</translation>
    </message>
    <message>
        <source>optimizer: SGD with momentum keeps one buffer per parameter, in its dtype, made at its first step</source>
        <translation>optimizer: SGD có momentum giữ một buffer cho mỗi tham số, ở kiểu dữ liệu của nó, tạo ở bước đầu tiên</translation>
    </message>
    <message>
        <source>the largest phase is %1 at %2 (%3 bytes); its largest part: %4</source>
        <extracomment>%1 the phase, %2 its moment (English), %3 bytes, %4 its largest part (an id)</extracomment>
        <translation>giai đoạn lớn nhất là %1 tại %2 (%3 byte); phần lớn nhất của nó: %4</translation>
    </message>
    <message>
        <source>training: each gradient in its parameter&apos;s dtype (%1), as PyTorch keeps it; the gradient type %2 is not applied</source>
        <extracomment>%1 the parameters&apos; data type, %2 the gradient type given</extracomment>
        <translation>huấn luyện: mỗi gradient ở kiểu dữ liệu của tham số của nó (%1), như PyTorch giữ; kiểu gradient %2 không được áp dụng</translation>
    </message>
    <message>
        <source>optimizer: adam keeps the same two moments as adamw and is sized as adamw</source>
        <translation>optimizer: adam giữ cùng hai moment như adamw và được ước lượng như adamw</translation>
    </message>
    <message>
        <source>training: master weights are a full fine-tune&apos;s; LoRA adapters train in their own dtype</source>
        <translation>huấn luyện: trọng số master thuộc về fine-tune toàn phần; adapter LoRA huấn luyện ở kiểu dữ liệu riêng của chúng</translation>
    </message>
    <message>
        <source>training step: Korthikanti et al.&apos;s formula and the parameter count, not the decoder&apos;s tensor inventory: %1</source>
        <extracomment>%1 why the decoder&apos;s inventory does not size this step (English)</extracomment>
        <translation>bước huấn luyện: công thức của Korthikanti et al. và số tham số, không phải danh mục tensor của decoder: %1</translation>
    </message>
</context>
<context>
    <name>Component</name>
    <message>
        <source>weights</source>
        <translation>trọng số</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>cache KV</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>adapter LoRA</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>gradient</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>trạng thái optimizer</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>trọng số chính fp32</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>activation</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>logit</translation>
    </message>
    <message>
        <source>evaluation batch</source>
        <translation>batch đánh giá</translation>
    </message>
    <message>
        <source>export copy</source>
        <translation>bản sao xuất</translation>
    </message>
    <message>
        <source>reserve</source>
        <translation>dự phòng</translation>
    </message>
    <message>
        <source>total</source>
        <translation>tổng</translation>
    </message>
    <message>
        <source>prefill activations</source>
        <translation>activation của prefill</translation>
    </message>
    <message>
        <source>decode activations</source>
        <translation>activation của decode</translation>
    </message>
    <message>
        <source>dequantization buffer</source>
        <translation>bộ đệm giải lượng tử hóa</translation>
    </message>
    <message>
        <source>state cache</source>
        <translation>cache trạng thái</translation>
    </message>
    <message>
        <source>token ids and labels</source>
        <translation>id token và nhãn</translation>
    </message>
    <message>
        <source>peak-moment transient</source>
        <translation>tạm thời tại thời điểm đỉnh</translation>
    </message>
</context>
<context>
    <name>Computation</name>
    <message>
        <source>sequence</source>
        <translation>chuỗi</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>chuỗi</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>lớp</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>lớp</translation>
    </message>
    <message>
        <source>/ %1 devices, rounded up = %2 bytes per device</source>
        <extracomment>%1 number of devices, %2 bytes per device</extracomment>
        <translation>/ %1 thiết bị, làm tròn lên = %2 byte mỗi thiết bị</translation>
    </message>
    <message>
        <source>trainable parameters per device: %1 / %2 devices, rounded up = %3</source>
        <extracomment>%1 trainable parameters in all, %2 number of devices, %3 trainable parameters per device</extracomment>
        <translation>tham số huấn luyện được mỗi thiết bị: %1 / %2 thiết bị, làm tròn lên = %3</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>đã tính</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>giả định</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 = %3 bytes</source>
        <extracomment>%1 parameter count, %2 bits per parameter, %3 bytes
----------
%1 parameter count, %2 bits of the export type, %3 bytes</extracomment>
        <translation>%1 tham số x %2 bit / 8 = %3 byte</translation>
    </message>
    <message>
        <source>the tensors&apos; bytes as stored in the safetensors header = %1 bytes (files: %2)</source>
        <extracomment>%1 bytes, %2 number of files</extracomment>
        <translation>số byte của các tensor như được lưu trong header safetensors = %1 byte (số tệp: %2)</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 = %3 bytes (%4)</source>
        <extracomment>%1 parameter count, %2 bits per parameter, %3 bytes, %4 storage format</extracomment>
        <translation>%1 tham số x %2 bit / 8 = %3 byte (%4)</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bit / 8 + %3 bytes of scales and other metadata + %4 kept parameters x %5 bit / 8 = %6 bytes (%7)</source>
        <extracomment>%1 parameters stored in the format, %2 its bits, %3 bytes of scales, zeros and other metadata, %4 parameters kept in 16 bit (embeddings, norms...), %5 their bits, %6 bytes, %7 storage format</extracomment>
        <translation>%1 tham số x %2 bit / 8 + %3 byte scale và metadata khác + %4 tham số giữ lại x %5 bit / 8 = %6 byte (%7)</translation>
    </message>
    <message>
        <source>%1 bytes of packed codes for %2 parameters + %3 bytes of scales and other metadata + %4 bytes for %5 kept parameters = %6 bytes (%7)</source>
        <extracomment>%1 bytes of packed codes, %2 parameters stored in the format, %3 bytes of scales and other metadata, %4 bytes of kept modules, %5 their parameters, %6 bytes, %7 format</extracomment>
        <translation>%1 byte mã đóng gói cho %2 tham số + %3 byte scale và metadata khác + %4 byte cho %5 tham số giữ lại = %6 byte (%7)</translation>
    </message>
    <message>
        <source>the format&apos;s layout: %1</source>
        <extracomment>%1 what the storage format&apos;s byte count assumes (a sentence)</extracomment>
        <translation>bố cục của định dạng: %1</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 tokens summed over layers x %2 KV heads x %3 head_dim x %4 %5 x %6 bit / 8 + %7 bytes of scales (an fp16 scale and zero per %8 elements) = %9 bytes</source>
        <extracomment>%1 sum over layers of the tokens each keeps, %2 KV heads, %3 head_dim, %4 sequences, %5 &quot;sequence&quot;/&quot;sequences&quot;, %6 bits, %7 bytes of scales, %8 elements per group, %9 bytes</extracomment>
        <translation>2 (K và V) x %1 token cộng trên các lớp x %2 đầu KV x %3 head_dim x %4 %5 x %6 bit / 8 + %7 byte scale (một scale và một điểm 0 fp16 cho mỗi %8 phần tử) = %9 byte</translation>
    </message>
    <message>
        <source>the quantized cache&apos;s layout: one fp16 scale and one fp16 zero point per group</source>
        <translation>bố cục của cache lượng tử hóa: một scale fp16 và một điểm 0 fp16 cho mỗi nhóm</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 %2 x %3 KV heads x %4 head_dim x %5 tokens x %6 bytes x %7 %8 = %9 bytes</source>
        <extracomment>%1 layers, %2 &quot;layer&quot;/&quot;layers&quot;, %3 KV heads, %4 head_dim, %5 tokens per sequence, %6 bytes per element, %7 sequences, %8 &quot;sequence&quot;/&quot;sequences&quot;, %9 bytes</extracomment>
        <translation>2 (K và V) x %1 %2 x %3 đầu KV x %4 head_dim x %5 token x %6 byte x %7 %8 = %9 byte</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 %2 x %3 KV heads x %4 head_dim x %5 tokens (the sliding window) x %6 bytes x %7 %8 = %9 bytes</source>
        <extracomment>%1 layers, %2 &quot;layer&quot;/&quot;layers&quot;, %3 KV heads, %4 head_dim, %5 tokens kept (the sliding window), %6 bytes per element, %7 sequences, %8 &quot;sequence&quot;/&quot;sequences&quot;, %9 bytes</extracomment>
        <translation>2 (K và V) x %1 %2 x %3 đầu KV x %4 head_dim x %5 token (cửa sổ trượt) x %6 byte x %7 %8 = %9 byte</translation>
    </message>
    <message>
        <source>2 (K and V) x (%1 layers x %2 tokens + %3 layers x %4 tokens of the sliding window) x %5 KV heads x %6 head_dim x %7 bytes x %8 sequence(s) = %9 bytes</source>
        <extracomment>%1 layers with full attention, %2 tokens they keep, %3 layers with a sliding window, %4 tokens they keep (the window), %5 KV heads, %6 head_dim, %7 bytes per element, %8 sequences, %9 bytes</extracomment>
        <translation>2 (K và V) x (%1 lớp x %2 token + %3 lớp x %4 token của cửa sổ trượt) x %5 đầu KV x %6 head_dim x %7 byte x %8 chuỗi = %9 byte</translation>
    </message>
    <message>
        <source>2 (K and V) x %1 tokens summed over layers (each min(window, tokens)) x %2 KV heads x %3 head_dim x %4 bytes x %5 %6 = %7 bytes</source>
        <extracomment>%1 sum over layers of min(window, tokens), %2 KV heads, %3 head_dim, %4 bytes per element, %5 sequences, %6 &quot;sequence&quot;/&quot;sequences&quot;, %7 bytes</extracomment>
        <translation>2 (K và V) x %1 token cộng trên các lớp (mỗi lớp min(window, tokens)) x %2 đầu KV x %3 head_dim x %4 byte x %5 %6 = %7 byte</translation>
    </message>
    <message>
        <source>per device with tensor parallel %1: %2 of %3 KV heads</source>
        <extracomment>%1 number of devices, %2 KV heads per device, %3 KV heads in all</extracomment>
        <translation>mỗi thiết bị, song song tensor %1: %2 trên %3 đầu KV</translation>
    </message>
    <message>
        <source>%1 adapter parameters (rank %2 x (in + out) per target module) x %3 bit / 8 = %4 bytes</source>
        <extracomment>%1 adapter parameters, %2 LoRA rank, %3 bits, %4 bytes</extracomment>
        <translation>%1 tham số adapter (hạng %2 x (in + out) cho mỗi module đích) x %3 bit / 8 = %4 byte</translation>
    </message>
    <message>
        <source>%1 trainable parameters x %2 bit / 8 = %3 bytes</source>
        <extracomment>%1 trainable parameters, %2 bits of the gradient type, %3 bytes</extracomment>
        <translation>%1 tham số huấn luyện được x %2 bit / 8 = %3 byte</translation>
    </message>
    <message>
        <source>SGD keeps no state = 0 bytes</source>
        <translation>SGD không giữ trạng thái nào = 0 byte</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 4 bytes (one fp32 momentum) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 tham số huấn luyện được x 4 byte (một động lượng fp32) = %2 byte</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 2 moments x 4 bytes (fp32) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 tham số huấn luyện được x 2 mômen x 4 byte (fp32) = %2 byte</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 2 moments x 1 byte + %2 blocks of 256 x 2 moments x 4 bytes (fp32 absmax) = %3 bytes</source>
        <extracomment>%1 trainable parameters, %2 blocks of 256, %3 bytes</extracomment>
        <translation>%1 tham số huấn luyện được x 2 mômen x 1 byte + %2 khối 256 phần tử x 2 mômen x 4 byte (absmax fp32) = %3 byte</translation>
    </message>
    <message>
        <source>bitsandbytes blockwise 8-bit states; small tensors kept in 32 bit are not modelled</source>
        <translation>trạng thái 8 bit theo khối của bitsandbytes; không mô hình hóa các tensor nhỏ được giữ ở 32 bit</translation>
    </message>
    <message>
        <source>%1 trainable parameters x 4 bytes (fp32) = %2 bytes</source>
        <extracomment>%1 trainable parameters, %2 bytes</extracomment>
        <translation>%1 tham số huấn luyện được x 4 byte (fp32) = %2 byte</translation>
    </message>
    <message>
        <source>%1 layers x s %2 x b %3 x h %4 x %5 bit / 8 (layer inputs kept) + %6 bytes (one layer recomputed) = %7 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 bits, %6 bytes of one layer recomputed, %7 bytes</extracomment>
        <translation>%1 lớp x s %2 x b %3 x h %4 x %5 bit / 8 (giữ đầu vào của các lớp) + %6 byte (một lớp được tính lại) = %7 byte</translation>
    </message>
    <message>
        <source>full activation checkpointing; Korthikanti et al. 2022 for the recomputed layer</source>
        <translation>checkpointing activation toàn phần; Korthikanti et al. 2022 cho lớp được tính lại</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (34 + 5 x a %5 x s / h) x %6 bit / 16 = %7 bytes per layer) = %8 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 a (heads), %6 bits of the activation type, %7 bytes of one layer, %8 bytes</extracomment>
        <translation>%1 lớp x (s %2 x b %3 x h %4 x (34 + 5 x a %5 x s / h) x %6 bit / 16 = %7 byte mỗi lớp) = %8 byte</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (10 + 24 / t %5 + 5 x a %6 x s / (h x t)) x %7 bit / 16 = %8 bytes per layer) = %9 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 tensor-parallel degree t, %6 a (heads), %7 bits, %8 bytes of one layer, %9 bytes</extracomment>
        <translation>%1 lớp x (s %2 x b %3 x h %4 x (10 + 24 / t %5 + 5 x a %6 x s / (h x t)) x %7 bit / 16 = %8 byte mỗi lớp) = %9 byte</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022 (arXiv:2205.05198), eq. 1 (eq. 2 with tensor parallelism), 16-bit activations scaled by bits / 16</source>
        <translation>Korthikanti et al. 2022 (arXiv:2205.05198), công thức 1 (công thức 2 khi song song tensor), activation 16 bit nhân với bits / 16</translation>
    </message>
    <message>
        <source>s %1 x b %2 x vocab %3 x 4 bytes (fp32) = %4 bytes</source>
        <extracomment>%1 s, %2 b, %3 vocabulary size, %4 bytes</extracomment>
        <translation>s %1 x b %2 x từ vựng %3 x 4 byte (fp32) = %4 byte</translation>
    </message>
    <message>
        <source>s %1 x batch %2 x %3 (4h + 2 x intermediate) x %4 bit / 8 = %5 bytes + %6 bytes of attention scores (a x s x s) + %7 bytes of fp32 logits = %8 bytes</source>
        <extracomment>%1 s, %2 evaluation batch, %3 elements per token, %4 bits, %5 bytes, %6 bytes of attention scores, %7 bytes of logits, %8 bytes</extracomment>
        <translation>s %1 x batch %2 x %3 (4h + 2 x kích thước trung gian) x %4 bit / 8 = %5 byte + %6 byte điểm attention (a x s x s) + %7 byte logit fp32 = %8 byte</translation>
    </message>
    <message>
        <source>a no-grad forward keeps one layer&apos;s working set and eager attention scores</source>
        <translation>một lượt lan truyền xuôi không gradient giữ bộ nhớ làm việc của một lớp và điểm attention ở chế độ eager</translation>
    </message>
    <message>
        <source>reserve as typed: %1 %2 = %3 bytes</source>
        <extracomment>%1 the value typed (e.g. &quot;4&quot;), %2 its unit (GB or GiB), %3 the same in bytes</extracomment>
        <translation>dự phòng như đã nhập: %1 %2 = %3 byte</translation>
    </message>
    <message>
        <source>on each of the %1 devices</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>trên từng thiết bị trong số %1 thiết bị</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x 34 x %5 bit / 16 + 4 bytes x a %6 x s x b (float32 log-sum-exp) = %7 bytes per layer) = %8 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 bits of the activation type, %6 a (heads), %7 bytes of one layer, %8 bytes</extracomment>
        <translation>%1 lớp x (s %2 x b %3 x h %4 x 34 x %5 bit / 16 + 4 byte x a %6 x s x b (log-sum-exp float32) = %7 byte mỗi lớp) = %8 byte</translation>
    </message>
    <message>
        <source>%1 layers x (s %2 x b %3 x h %4 x (10 + 24 / t %5) x %6 bit / 16 + 4 bytes x %7 heads per device x s x b (float32 log-sum-exp) = %8 bytes per layer) = %9 bytes</source>
        <extracomment>%1 layers, %2 s, %3 b, %4 h, %5 tensor-parallel degree t, %6 bits, %7 heads per device, %8 bytes of one layer, %9 bytes</extracomment>
        <translation>%1 lớp x (s %2 x b %3 x h %4 x (10 + 24 / t %5) x %6 bit / 16 + 4 byte x %7 đầu mỗi thiết bị x s x b (log-sum-exp float32) = %8 byte mỗi lớp) = %9 byte</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022 (arXiv:2205.05198), eq. 1 (eq. 2 with tensor parallelism) without the 5 x a x s / h attention term: sdpa&apos;s fused kernel keeps no s x s matrix (Dao et al. 2022, FlashAttention), only its log-sum-exp</source>
        <translation>Korthikanti et al. 2022 (arXiv:2205.05198), công thức 1 (công thức 2 khi song song tensor) bỏ số hạng attention 5 x a x s / h: kernel hợp nhất của sdpa không giữ ma trận s x s nào (Dao et al. 2022, FlashAttention), chỉ giữ log-sum-exp</translation>
    </message>
    <message>
        <source>one layer&apos;s tensors alive together (core/workloads/DECODER.md): projections h, x, q (+ k, v when copied into the cache); attention h, q, attn (+ k, v) and eager&apos;s scores [B, heads, queries, keys] in the compute type with their float32 softmax; MLP h, x2, gate, up [T, intermediate]; the last position&apos;s hidden state and logits [B, vocab]</source>
        <translation>các tensor của một lớp cùng tồn tại (core/workloads/DECODER.md): phép chiếu h, x, q (+ k, v khi sao chép vào cache); attention h, q, attn (+ k, v) và điểm [B, heads, queries, keys] của eager ở kiểu tính toán cùng softmax float32 của chúng; MLP h, x2, gate, up [T, intermediate]; trạng thái ẩn và logit [B, vocab] của vị trí cuối</translation>
    </message>
    <message>
        <source>one layer&apos;s tensors alive together (core/workloads/DECODER.md): projections h, x, q (+ k, v when copied into the cache); attention h, q, attn (+ k, v), sdpa&apos;s fused kernel keeps no scores; MLP h, x2, gate, up [T, intermediate]; the last position&apos;s hidden state and logits [B, vocab]</source>
        <translation>các tensor của một lớp cùng tồn tại (core/workloads/DECODER.md): phép chiếu h, x, q (+ k, v khi sao chép vào cache); attention h, q, attn (+ k, v), kernel hợp nhất của sdpa không giữ điểm; MLP h, x2, gate, up [T, intermediate]; trạng thái ẩn và logit [B, vocab] của vị trí cuối</translation>
    </message>
    <message>
        <source>per device with tensor parallel %1: heads, intermediate and vocab divided, hidden states replicated</source>
        <extracomment>%1 number of devices</extracomment>
        <translation>mỗi thiết bị, song song tensor %1: chia số đầu, kích thước trung gian và từ vựng, trạng thái ẩn được nhân bản</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, eager attention over %3 keys: largest of projections %4, attention %5 (of which scores and float32 softmax %8), MLP %6, last-position logits %7 = %9 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 keys each query reads, %4..%7 bytes of each stage, %8 bytes of its scores and softmax, %9 bytes (the largest)</extracomment>
        <translation>prefill %1 x %2 token, attention eager trên %3 key: lớn nhất trong phép chiếu %4, attention %5 (trong đó điểm và softmax float32 %8), MLP %6, logit vị trí cuối %7 = %9 byte</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, sdpa attention: largest of projections %3, attention %4, MLP %5, last-position logits %6 = %7 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3..%6 bytes of each stage, %7 bytes (the largest)</extracomment>
        <translation>prefill %1 x %2 token, attention sdpa: lớn nhất trong phép chiếu %3, attention %4, MLP %5, logit vị trí cuối %6 = %7 byte</translation>
    </message>
    <message>
        <source>decode step of %1 x 1 token reading %2 keys, %3 attention: largest of projections %4, attention %5, MLP %6, logits %7, a growing cache&apos;s copy of one layer&apos;s key %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 keys read at the last step, %3 &quot;eager&quot;/&quot;sdpa&quot;, %4..%8 bytes of each stage, %9 bytes (the largest)</extracomment>
        <translation>bước decode %1 x 1 token đọc %2 key, attention %3: lớn nhất trong phép chiếu %4, attention %5, MLP %6, logit %7, bản sao key của một lớp khi cache tăng %8 = %9 byte</translation>
    </message>
    <message>
        <source>the largest quantized linear dequantized before its GEMM: [%1 x %2] x %3 bytes = %4 bytes</source>
        <extracomment>%1 output features of the largest quantized linear, %2 its input features, %3 bytes per element of the compute type, %4 bytes</extracomment>
        <translation>lớp tuyến tính lượng tử hóa lớn nhất được giải lượng tử hóa trước GEMM: [%1 x %2] x %3 byte = %4 byte</translation>
    </message>
    <message>
        <source>dequantize-then-GEMM, as the decoder workload does (core/workloads/DECODER.md); added on top of the largest stage, an upper bound: the buffer lives only while its linear runs</source>
        <translation>giải lượng tử hóa rồi GEMM, như workload decoder thực hiện (core/workloads/DECODER.md); cộng thêm trên bước lớn nhất, là cận trên: bộ đệm chỉ tồn tại khi lớp tuyến tính của nó chạy</translation>
    </message>
    <message>
        <source>the tensors&apos; bytes as stored in the GGUF file = %1 bytes (%2)</source>
        <extracomment>%1 bytes, %2 the ggml types and their tensor counts (&quot;Q4_K x 193, F32 x 65&quot;)</extracomment>
        <translation>số byte của các tensor như được lưu trong tệp GGUF = %1 byte (%2)</translation>
    </message>
    <message>
        <source>reserve by default, none typed: %1 %2 = %3 bytes</source>
        <extracomment>%1 the default value (e.g. &quot;4&quot;), %2 its unit (GiB), %3 the same in bytes</extracomment>
        <translation>dự phòng theo mặc định, không nhập giá trị: %1 %2 = %3 byte</translation>
    </message>
    <message>
        <source>%1 elements of conv and recurrent state summed over the state layers x %2 bytes x %3 sequence(s) = %4 bytes</source>
        <extracomment>%1 elements of state summed over the recurrent layers, %2 bytes per element, %3 sequences, %4 bytes</extracomment>
        <translation>%1 phần tử trạng thái tích chập và trạng thái hồi quy cộng trên các lớp trạng thái x %2 byte x %3 chuỗi = %4 byte</translation>
    </message>
    <message>
        <source>the state layers&apos; sizes from the config (Mamba d_state, d_conv; DeltaNet heads), kept in 16 bit with the whole conv kernel, as transformers&apos; cache keeps them</source>
        <translation>kích thước của các lớp trạng thái lấy từ cấu hình (Mamba d_state, d_conv; số đầu DeltaNet), giữ ở 16 bit cùng toàn bộ kernel tích chập, đúng như cache của transformers giữ chúng</translation>
    </message>
    <message>
        <source>per layer kind, layers x K and V elements per token x tokens kept: %1 = %2 elements x %3 sequence(s), in the cache&apos;s type = %4 bytes</source>
        <extracomment>%1 terms &quot;layers x elements per token x tokens kept&quot; joined by +, %2 elements, %3 sequences, %4 bytes</extracomment>
        <translation>theo từng loại lớp, số lớp x số phần tử K và V mỗi token x số token được giữ: %1 = %2 phần tử x %3 chuỗi, theo kiểu dữ liệu của cache = %4 byte</translation>
    </message>
    <message>
        <source>each layer&apos;s attention as the model&apos;s config gives it (full, sliding window, chunk, MLA)</source>
        <translation>attention của từng lớp đúng như cấu hình của mô hình quy định (đầy đủ, cửa sổ trượt, đoạn, MLA)</translation>
    </message>
    <message>
        <source>%1 adapter tensors (A [r, in] and B [out, r], rank %2) of %3 elements in %4, each rounded up to 512 bytes = %5 bytes</source>
        <extracomment>%1 adapter tensors, %2 the rank, %3 elements, %4 their data type (fp32, bf16), %5 bytes</extracomment>
        <translation>%1 tensor adapter (A [r, in] và B [out, r], hạng %2) gồm %3 phần tử ở %4, mỗi tensor làm tròn lên 512 byte = %5 byte</translation>
    </message>
    <message>
        <source>input_ids and labels, int32 [%1, %2] each, rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 sequences, %2 tokens per sequence, %3 bytes</extracomment>
        <translation>input_ids và labels, mỗi cái int32 [%1, %2], làm tròn lên 512 byte = %3 byte</translation>
    </message>
    <message>
        <source>one gradient at a time, stepped and freed in the backward: the largest, of %1 elements = %2 bytes</source>
        <extracomment>%1 elements of the largest trainable tensor, %2 bytes</extracomment>
        <translation>mỗi lần một gradient, được cập nhật và giải phóng trong backward: gradient lớn nhất, gồm %1 phần tử = %2 byte</translation>
    </message>
    <message>
        <source>%1 gradients of %2 elements in their parameters&apos; dtype, each rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 gradients (one per trainable tensor), %2 elements, %3 bytes</extracomment>
        <translation>%1 gradient gồm %2 phần tử ở kiểu dữ liệu của tham số, mỗi cái làm tròn lên 512 byte = %3 byte</translation>
    </message>
    <message>
        <source>paged in host memory, none on the device (a page of at most %1 bytes while one tensor is stepped) = %2 bytes</source>
        <extracomment>%1 bytes of the largest page, %2 bytes on the device (0)</extracomment>
        <translation>được phân trang ra bộ nhớ host, không có trên thiết bị (một trang tối đa %1 byte khi một tensor được cập nhật) = %2 byte</translation>
    </message>
    <message>
        <source>%1 elements x 2 moments in their parameters&apos; dtype (AdamW&apos;s zeros_like), each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 phần tử x 2 moment ở kiểu dữ liệu của tham số (zeros_like của AdamW), mỗi cái làm tròn lên 512 byte = %2 byte</translation>
    </message>
    <message>
        <source>%1 elements x 2 uint8 moments + 2 float32 absmax per block of 2048 elements (%2 blocks), each tensor rounded up to 512 bytes = %3 bytes</source>
        <extracomment>%1 trainable elements, %2 blocks of 2048 elements, %3 bytes</extracomment>
        <translation>%1 phần tử x 2 moment uint8 + 2 absmax float32 cho mỗi khối 2048 phần tử (%2 khối), mỗi tensor làm tròn lên 512 byte = %3 byte</translation>
    </message>
    <message>
        <source>%1 elements x 1 momentum buffer in their parameters&apos; dtype, each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 phần tử x 1 buffer momentum ở kiểu dữ liệu của tham số, mỗi cái làm tròn lên 512 byte = %2 byte</translation>
    </message>
    <message>
        <source>SGD keeps no state = %1 bytes</source>
        <extracomment>%1 bytes (0)</extracomment>
        <translation>SGD không giữ trạng thái = %1 byte</translation>
    </message>
    <message>
        <source>%1 elements x 4 bytes (float32 master copy), each rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 phần tử x 4 byte (bản sao master float32), mỗi bản làm tròn lên 512 byte = %2 byte</translation>
    </message>
    <message>
        <source>activation checkpointing: %1 layer inputs, %2 bytes, + the last layer&apos;s output and the final norm&apos;s, %3 bytes = %4 bytes; each layer&apos;s saved tensors are recomputed in its backward</source>
        <extracomment>%1 layers, %2 bytes of their inputs, %3 bytes, %4 bytes</extracomment>
        <translation>activation checkpointing: %1 đầu vào lớp, %2 byte, + đầu ra của lớp cuối và của norm cuối, %3 byte = %4 byte; các tensor đã lưu của mỗi lớp được tính lại trong backward của nó</translation>
    </message>
    <message>
        <source>what the backward reads over %1 layers, %2 bytes, + the last layer&apos;s output and the final norm&apos;s, %3 bytes = %4 bytes</source>
        <extracomment>%1 layers, %2 bytes kept by them, %3 bytes, %4 bytes</extracomment>
        <translation>những gì backward đọc qua %1 lớp, %2 byte, + đầu ra của lớp cuối và của norm cuối, %3 byte = %4 byte</translation>
    </message>
    <message>
        <source>logits [%1, %2] in %3 + their float32 log-probabilities + the loss, each rounded up to 512 bytes = %4 bytes</source>
        <extracomment>%1 tokens, %2 vocabulary, %3 compute data type (bf16), %4 bytes</extracomment>
        <translation>logits [%1, %2] ở %3 + log-xác suất float32 của chúng + loss, mỗi cái làm tròn lên 512 byte = %4 byte</translation>
    </message>
    <message>
        <source>logits [%1, %2] in %3 chunks in %4 + their float32 log-probabilities + the loss, each rounded up to 512 bytes = %5 bytes</source>
        <extracomment>%1 tokens, %2 vocabulary, %3 chunks, %4 compute data type (bf16), %5 bytes</extracomment>
        <translation>logits [%1, %2] chia %3 phần ở %4 + log-xác suất float32 của chúng + loss, mỗi cái làm tròn lên 512 byte = %5 byte</translation>
    </message>
    <message>
        <source>a forward without gradients of %1 sequences x %2 tokens at its largest moment, %3 (its inputs included) = %4 bytes</source>
        <extracomment>%1 sequences, %2 tokens per sequence, %3 the moment (English), %4 bytes</extracomment>
        <translation>một forward không gradient gồm %1 chuỗi x %2 token tại thời điểm lớn nhất, %3 (kể cả đầu vào) = %4 byte</translation>
    </message>
    <message>
        <source>%1 trainable elements in 16 bit, one copy per tensor rounded up to 512 bytes = %2 bytes</source>
        <extracomment>%1 trainable elements, %2 bytes</extracomment>
        <translation>%1 phần tử huấn luyện được ở 16 bit, mỗi tensor một bản sao làm tròn lên 512 byte = %2 byte</translation>
    </message>
    <message>
        <source>the working tensors of %1 at its peak, %2 = %3 bytes</source>
        <extracomment>%1 the phase (first_step.backward, ...), %2 its moment (English), %3 bytes</extracomment>
        <translation>các tensor làm việc của %1 tại đỉnh của nó, %2 = %3 byte</translation>
    </message>
    <message>
        <source>prefill of %1 x %2 tokens, %3 attention: largest of projections %4, attention %5, state mixer %6, MLP %7, last-position logits %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 &quot;eager&quot;/&quot;sdpa&quot;, %4..%8 bytes of each stage (the mixer: a recurrent state layer&apos;s Mamba or gated DeltaNet tensors), %9 bytes (the largest)</extracomment>
        <translation>prefill %1 x %2 token, attention %3: lớn nhất trong phép chiếu %4, attention %5, bộ trộn trạng thái %6, MLP %7, logit vị trí cuối %8 = %9 byte</translation>
    </message>
    <message>
        <source>decode step of %1 x 1 token, %2 attention: largest of projections %3, attention %4, state mixer %5, MLP %6, logits %7, a growing cache&apos;s copy of one layer&apos;s key %8 = %9 bytes</source>
        <extracomment>%1 sequences, %2 &quot;eager&quot;/&quot;sdpa&quot;, %3..%8 bytes of each stage (the mixer: a recurrent state layer&apos;s tensors), %9 bytes (the largest)</extracomment>
        <translation>bước decode %1 x 1 token, attention %2: lớn nhất trong phép chiếu %3, attention %4, bộ trộn trạng thái %5, MLP %6, logit %7, bản sao key của một lớp khi cache tăng %8 = %9 byte</translation>
    </message>
</context>
<context>
    <name>DecisionSheet</name>
    <message>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>Decision sheet</source>
        <translation>Phiếu quyết định</translation>
    </message>
    <message>
        <source>Simulated device (sim): every observed figure below is %1.</source>
        <extracomment>%1 is &quot;simulated, not a GPU measurement&quot;</extracomment>
        <translation>Thiết bị mô phỏng (sim): mọi số liệu quan sát dưới đây là %1.</translation>
    </message>
    <message>
        <source>Written on %1.</source>
        <extracomment>%1 is a date and time</extracomment>
        <translation>Lập lúc %1.</translation>
    </message>
    <message>
        <source>Choice made</source>
        <translation>Lựa chọn đã chọn</translation>
    </message>
    <message>
        <source>(not filled in)</source>
        <translation>(chưa điền)</translation>
    </message>
    <message>
        <source>Computed (estimate)</source>
        <translation>Đã tính (ước tính)</translation>
    </message>
    <message>
        <source>Weights estimate: %1</source>
        <extracomment>%1 is a size, e.g. &quot;14,000,000,000 bytes = 14.00 GB = 13.04 GiB (7e9 parameters × 16 bit)&quot;</extracomment>
        <translation>Ước tính trọng số: %1</translation>
    </message>
    <message>
        <source>No weights estimate was made.</source>
        <translation>Chưa có ước tính trọng số nào.</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Thành phần</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Byte</translation>
    </message>
    <message>
        <source>Observed (measured run)</source>
        <translation>Đã quan sát (lần chạy đo)</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Đã quan sát</translation>
    </message>
    <message>
        <source>Device: %1</source>
        <extracomment>%1 is the device id, name and capacity</extracomment>
        <translation>Thiết bị: %1</translation>
    </message>
    <message>
        <source>Allocator backend: %1</source>
        <extracomment>%1 is the allocator backend&apos;s name</extracomment>
        <translation>Backend của allocator: %1</translation>
    </message>
    <message>
        <source>Maximum load tried: %1</source>
        <extracomment>%1 describes the largest load, e.g. &quot;batch 2, context 128&quot;</extracomment>
        <translation>Tải tối đa đã thử: %1</translation>
    </message>
    <message>
        <source>Counters at the end of the run</source>
        <translation>Bộ đếm khi kết thúc lần chạy</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Bộ đếm</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Giai đoạn</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Giai đoạn</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Trạng thái</translation>
    </message>
    <message>
        <source>Peak allocated (GiB)</source>
        <translation>Đỉnh allocated (GiB)</translation>
    </message>
    <message>
        <source>Peak reserved (GiB)</source>
        <translation>Đỉnh reserved (GiB)</translation>
    </message>
    <message>
        <source>Predicted peak (GiB)</source>
        <translation>Đỉnh dự đoán (GiB)</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>thành công</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>thất bại</translation>
    </message>
    <message>
        <source>The two peaks are separate maxima, possibly reached at different moments; their difference is not a state of the device.</source>
        <translation>Hai đỉnh là hai giá trị cực đại riêng biệt, có thể đạt được vào những thời điểm khác nhau; hiệu số của chúng không phải là một trạng thái của thiết bị.</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>Bộ nhớ theo thời gian</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Môi trường</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Mục</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Giá trị</translation>
    </message>
    <message>
        <source>Assumed</source>
        <translation>Giả định</translation>
    </message>
    <message>
        <source>GB means 10^9 bytes and GiB 2^30 bytes; every size was converted once from an exact byte count.</source>
        <translation>GB nghĩa là 10^9 byte và GiB là 2^30 byte; mọi kích thước đều được quy đổi một lần duy nhất từ số byte chính xác.</translation>
    </message>
    <message>
        <source>The device is simulated: it models memory only, its figures do not come from a GPU.</source>
        <translation>Thiết bị được mô phỏng: nó chỉ mô hình hóa bộ nhớ, các số liệu của nó không đến từ GPU.</translation>
    </message>
    <message>
        <source>Raw result</source>
        <translation>Kết quả thô</translation>
    </message>
    <message>
        <source>%1 parameters, %2</source>
        <extracomment>%1 is the parameter count, %2 where it comes from (e.g. &quot;typed&quot;, &quot;config.json (exact from shapes)&quot;)</extracomment>
        <translation>%1 tham số, %2</translation>
    </message>
    <message>
        <source>per device with %1 devices in tensor parallel</source>
        <extracomment>%1 is the number of devices</extracomment>
        <translation>mỗi thiết bị, với %1 thiết bị song song tensor</translation>
    </message>
    <message>
        <source>The total is the most demanding phase (%1) plus the reserve, not the sum of every component.</source>
        <extracomment>%1 is the name of the most demanding phase of the estimate, e.g. &quot;train_step&quot;</extracomment>
        <translation>Tổng là giai đoạn đòi hỏi khắt khe nhất (%1) cộng dự phòng, không phải tổng của mọi thành phần.</translation>
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
        <translation>Thiết bị</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Kiến trúc</translation>
    </message>
    <message>
        <source>Driver version</source>
        <translation>Phiên bản driver</translation>
    </message>
    <message>
        <source>Runtime version</source>
        <translation>Phiên bản runtime</translation>
    </message>
    <message>
        <source>Allocator settings</source>
        <translation>Thiết lập allocator</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>Hệ điều hành</translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation>Trình biên dịch</translation>
    </message>
    <message>
        <source>IteraGPU Lab version</source>
        <translation>Phiên bản IteraGPU Lab</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>Commit</translation>
    </message>
    <message>
        <source>Started (UTC)</source>
        <translation>Bắt đầu (UTC)</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>hết bộ nhớ</translation>
    </message>
    <message>
        <source>Warm-up: %1</source>
        <extracomment>%1 is the run&apos;s warm-up policy in words</extracomment>
        <translation>Khởi động nóng: %1</translation>
    </message>
    <message>
        <source>Emptying the cache: %1</source>
        <extracomment>%1 is the run&apos;s policy for emptying the allocator&apos;s cache, in words</extracomment>
        <translation>Làm trống cache: %1</translation>
    </message>
    <message>
        <source>Fit verdict</source>
        <translation>Kết luận về độ vừa</translation>
    </message>
    <message>
        <source>Fits on %1: needs %2 of %3 per device, leaving a margin of %4.</source>
        <extracomment>%1 card name, %2 the need per device, %3 what the card reports, %4 the margin left (each in GiB)</extracomment>
        <translation>Vừa trên %1: cần %2 trên %3 mỗi thiết bị, còn biên %4.</translation>
    </message>
    <message>
        <source>Does not fit on %1: needs %2 of %3 per device, short by %4.</source>
        <extracomment>%1 card name, %2 the need per device, %3 what the card reports, %4 the shortfall (each in GiB)</extracomment>
        <translation>Không vừa trên %1: cần %2 trên %3 mỗi thiết bị, thiếu %4.</translation>
    </message>
    <message>
        <source>The largest part of the need: %1.</source>
        <extracomment>%1 is the name of a component, e.g. &quot;KV cache&quot;</extracomment>
        <translation>Phần lớn nhất của nhu cầu: %1.</translation>
    </message>
    <message>
        <source>No target card was chosen for the verdict.</source>
        <translation>Chưa chọn card đích nào cho kết luận.</translation>
    </message>
    <message>
        <source>No estimate was made, so there is no fit verdict.</source>
        <translation>Chưa có ước tính nào, nên không có kết luận về độ vừa.</translation>
    </message>
    <message>
        <source>Catalog cards</source>
        <translation>Các card trong danh mục</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Card</translation>
    </message>
    <message>
        <source>Reported (GiB)</source>
        <translation>Khai báo (GiB)</translation>
    </message>
    <message>
        <source>Needed (GiB)</source>
        <translation>Cần (GiB)</translation>
    </message>
    <message>
        <source>Margin (GiB)</source>
        <translation>Biên (GiB)</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Vừa</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>có</translation>
    </message>
    <message>
        <source>no</source>
        <translation>không</translation>
    </message>
    <message>
        <source>How it is computed</source>
        <translation>Cách tính</translation>
    </message>
    <message>
        <source>Source of the run: %1</source>
        <extracomment>%1 says where the run comes from, e.g. &quot;opened from /data/run.json&quot;</extracomment>
        <translation>Nguồn của lần chạy: %1</translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <extracomment>%1 is the run&apos;s summary, e.g. &quot;phases run: 6 of 14 (passed: 5, failed: 1, not run: 8)&quot;</extracomment>
        <translation>Kết quả lần chạy: %1</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>chưa chạy</translation>
    </message>
    <message>
        <source>The raw measurements are in %1, written beside this sheet (JSON, bytes as integers).</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>Các phép đo thô nằm trong %1, được ghi cạnh phiếu này (JSON, byte dạng số nguyên).</translation>
    </message>
    <message>
        <source>measured in this session, not saved</source>
        <translation>đo trong phiên này, chưa lưu</translation>
    </message>
    <message>
        <source>measured in this session, saved to %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>đo trong phiên này, đã lưu vào %1</translation>
    </message>
    <message>
        <source>opened from %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>mở từ %1</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>giả định</translation>
    </message>
    <message>
        <source>Why the peak exceeds the estimate</source>
        <translation>Vì sao đỉnh vượt ước tính</translation>
    </message>
    <message>
        <source>Each phase&apos;s ledger, from the estimate to the allocator&apos;s and the device&apos;s readings; within a section the parts add up to its total. Computed, observed and assumed lines are listed apart. A dash is a reading that is missing, never zero.</source>
        <translation>Bảng kê của từng giai đoạn, từ ước tính đến số đọc của allocator và của thiết bị; trong một mục, các phần cộng lại bằng tổng của mục. Các dòng đã tính, đã quan sát và giả định được liệt kê riêng. Dấu gạch là số đọc bị thiếu, không bao giờ là số 0.</translation>
    </message>
    <message>
        <source>Ledger of %1, the peak phase and the failed one</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Bảng kê của %1, giai đoạn đỉnh và giai đoạn lỗi</translation>
    </message>
    <message>
        <source>Ledger of %1, the failed phase</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Bảng kê của %1, giai đoạn lỗi</translation>
    </message>
    <message>
        <source>Ledger of %1, the peak phase</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Bảng kê của %1, giai đoạn đỉnh</translation>
    </message>
    <message>
        <source>Computed</source>
        <translation>Đã tính</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Mục</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Dòng</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Nguyên nhân</translation>
    </message>
    <message>
        <source>total</source>
        <translation>tổng</translation>
    </message>
    <message>
        <source>Missing readings:</source>
        <translation>Số đọc bị thiếu:</translation>
    </message>
    <message>
        <source>imported from the PyTorch memory snapshot %1, not measured by IteraGPU</source>
        <extracomment>%1 is the path of a PyTorch memory snapshot</extracomment>
        <translation>nhập từ ảnh chụp bộ nhớ PyTorch %1, không do IteraGPU đo</translation>
    </message>
    <message>
        <source>out of memory in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>hết bộ nhớ ở %1</translation>
    </message>
    <message>
        <source>%1 %2 passes, %3 fails (%4)</source>
        <extracomment>%1 dimension, %2 the largest passing value, %3 the smallest failing value, %4 why it failed</extracomment>
        <translation>%1 %2 đạt, %3 thất bại (%4)</translation>
    </message>
    <message>
        <source>not yet at the sweep&apos;s resolution</source>
        <translation>chưa đạt độ phân giải của lượt quét</translation>
    </message>
    <message>
        <source>not found: %1 %2 passes, nothing larger was tried</source>
        <extracomment>%1 dimension, %2 the largest value tried, which passed</extracomment>
        <translation>chưa tìm thấy: %1 %2 đạt, chưa thử giá trị lớn hơn</translation>
    </message>
    <message>
        <source>nothing passed: %1 %2 already fails</source>
        <extracomment>%1 dimension, %2 the smallest value tried, which failed</extracomment>
        <translation>không có giá trị nào đạt: %1 %2 đã thất bại</translation>
    </message>
    <message>
        <source>Boundary (sweep): %1</source>
        <extracomment>%1 is the boundary between passing and failing, e.g. &quot;sequences 64 passes, 66 fails (...)&quot;</extracomment>
        <translation>Ranh giới (lượt quét): %1</translation>
    </message>
    <message>
        <source>Source of the sweep: %1</source>
        <extracomment>%1 is the sweep&apos;s folder</extracomment>
        <translation>Nguồn của lượt quét: %1</translation>
    </message>
    <message>
        <source>Largest %1 on %2: %3 (the sweep&apos;s fitted growth extrapolated: assumed, not measured)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 a catalog card with its capacity, %3 the largest value</extracomment>
        <translation>%1 lớn nhất trên %2: %3 (ngoại suy mức tăng đã khớp của lượt quét: giả định, không đo)</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>lô</translation>
    </message>
    <message>
        <source>context</source>
        <translation>ngữ cảnh</translation>
    </message>
    <message>
        <source>width</source>
        <translation>độ rộng</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>chuỗi</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>token prompt</translation>
    </message>
    <message>
        <source>generated tokens</source>
        <translation>token sinh ra</translation>
    </message>
    <message>
        <source>no limit follows from the fit</source>
        <translation>phép khớp không cho giới hạn nào</translation>
    </message>
    <message>
        <source>nothing fits</source>
        <translation>không có gì vừa</translation>
    </message>
    <message>
        <source>%1 %2 (the sweep&apos;s largest value with a result, over %3 trials)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 its largest value tried, %3 trials with a result</extracomment>
        <translation>%1 %2 (giá trị lớn nhất có kết quả của lượt quét, qua %3 lần thử)</translation>
    </message>
    <message>
        <source>%1 %2 (the sweep&apos;s largest value with a result, over %4 trials; this run: %3)</source>
        <extracomment>%1 dimension (e.g. sequences), %2 its largest value tried, %3 the run&apos;s own load, %4 trials</extracomment>
        <translation>%1 %2 (giá trị lớn nhất có kết quả của lượt quét, qua %4 lần thử; lần chạy này: %3)</translation>
    </message>
    <message>
        <source>The model, layer by layer:</source>
        <extracomment>the model&apos;s layers by kind, its MoE and its parameters follow as a list</extracomment>
        <translation>Mô hình, từng lớp một:</translation>
    </message>
    <message>
        <source>The estimate, for the cards not measured:</source>
        <translation>Ước tính, cho các card chưa được đo:</translation>
    </message>
    <message>
        <source>Workload: %1</source>
        <extracomment>%1 the run&apos;s own workload: model, format, sequences, prompt and generated tokens, cache, attention</extracomment>
        <translation>Khối lượng công việc: %1</translation>
    </message>
    <message>
        <source>sequence length (training)</source>
        <translation>độ dài chuỗi (huấn luyện)</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Engine phục vụ</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-model-len</source>
        <translation>--max-model-len của vLLM</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-num-seqs</source>
        <translation>--max-num-seqs của vLLM</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>vLLM starts: %1 tokens of KV cache, %2 requests of %3 tokens at once</source>
        <extracomment>%1 tokens of KV cache, %2 requests at once (e.g. &quot;12.34&quot;), %3 tokens per request (max-model-len)</extracomment>
        <translation>vLLM khởi động được: %1 token cache KV, %2 yêu cầu %3 token cùng lúc</translation>
    </message>
    <message>
        <source>vLLM does not start: %1</source>
        <extracomment>%1 vLLM&apos;s own refusal, as it prints it (English)</extracomment>
        <translation>vLLM không khởi động được: %1</translation>
    </message>
    <message>
        <source>%1, per GPU, tensor parallel %2, pipeline parallel %3</source>
        <extracomment>%1 the vLLM release modelled, %2 tensor-parallel size, %3 pipeline-parallel size</extracomment>
        <translation>%1, mỗi GPU, song song tensor %2, song song pipeline %3</translation>
    </message>
    <message>
        <source>the card&apos;s CUDA-visible total %1 x --gpu-memory-utilization %2 = %3 requested</source>
        <extracomment>%1 the card&apos;s total, %2 the utilization (e.g. 0.9), %3 bytes requested</extracomment>
        <translation>tổng bộ nhớ CUDA thấy được của card %1 x --gpu-memory-utilization %2 = %3 được yêu cầu</translation>
    </message>
    <message>
        <source>nvidia-smi&apos;s total %1 (no CUDA total is known for this card) x --gpu-memory-utilization %2 = %3 requested</source>
        <extracomment>%1 the card&apos;s total, %2 the utilization (e.g. 0.9), %3 bytes requested</extracomment>
        <translation>tổng theo nvidia-smi %1 (chưa biết tổng CUDA của card này) x --gpu-memory-utilization %2 = %3 được yêu cầu</translation>
    </message>
    <message>
        <source>refused before the memory was sized: no figures</source>
        <translation>bị từ chối trước khi tính bộ nhớ: không có số liệu</translation>
    </message>
    <message>
        <source>weights %1; the profile run&apos;s activation peak %2 (at %3 batched tokens); outside torch %4</source>
        <extracomment>%1 bytes (&quot;Model loading took&quot;), %2 bytes (&quot;torch peak memory increase&quot;), %3 tokens, %4 bytes</extracomment>
        <translation>trọng số %1; đỉnh activation của lần chạy profile %2 (với %3 token mỗi batch); ngoài torch %4</translation>
    </message>
    <message>
        <source>KV cache %1: %2 tokens in blocks of %3</source>
        <extracomment>%1 bytes, %2 tokens, %3 tokens per block</extracomment>
        <translation>cache KV %1: %2 token trong các khối %3</translation>
    </message>
    <message>
        <source>KV cache: nothing left, %1 short</source>
        <extracomment>%1 bytes missing</extracomment>
        <translation>cache KV: không còn gì, thiếu %1</translation>
    </message>
    <message>
        <source>CUDA graph pool: none (--enforce-eager)</source>
        <translation>pool CUDA graph: không có (--enforce-eager)</translation>
    </message>
    <message>
        <source>the largest --max-model-len that starts: %1</source>
        <extracomment>%1 tokens</extracomment>
        <translation>--max-model-len lớn nhất khởi động được: %1</translation>
    </message>
    <message>
        <source>no --max-model-len starts</source>
        <translation>không có --max-model-len nào khởi động được</translation>
    </message>
    <message>
        <source>llama.cpp starts: a context of %1 tokens, %2 layers on the GPU (-ngl)</source>
        <extracomment>%1 context tokens (n_ctx), %2 layers kept in VRAM (-ngl in effect)</extracomment>
        <translation>llama.cpp khởi động được: ngữ cảnh %1 token, %2 lớp trên GPU (-ngl)</translation>
    </message>
    <message>
        <source>llama.cpp does not start: %1</source>
        <extracomment>%1 llama.cpp&apos;s own error, as it prints it (English)</extracomment>
        <translation>llama.cpp không khởi động được: %1</translation>
    </message>
    <message>
        <source>%1: context %2 (%3 per sequence), batch %4, ubatch %5</source>
        <extracomment>%1 the llama.cpp release, %2 context tokens, %3 tokens per sequence, %4 batch, %5 ubatch</extracomment>
        <translation>%1: ngữ cảnh %2 (%3 mỗi chuỗi), batch %4, ubatch %5</translation>
    </message>
    <message>
        <source>GPU %1 (%2 layers): model buffer %3, KV buffer %4, compute buffer %5</source>
        <extracomment>%1 GPU index, %2 layers, %3..%5 bytes of its model, KV and compute buffers</extracomment>
        <translation>GPU %1 (%2 lớp): buffer mô hình %3, buffer KV %4, buffer tính toán %5</translation>
    </message>
    <message>
        <source>GPU %1 (%2 layers): model buffer %3, KV buffer %4, compute buffer not modelled</source>
        <extracomment>%1 GPU index, %2 layers, %3 and %4 bytes of its model and KV buffers</extracomment>
        <translation>GPU %1 (%2 lớp): buffer mô hình %3, buffer KV %4, buffer tính toán chưa mô hình hóa</translation>
    </message>
    <message>
        <source>host memory %1: model buffer %2, KV buffer %3, compute buffer %4</source>
        <extracomment>%1 bytes in all, %2..%4 bytes of the host&apos;s model, KV and compute buffers</extracomment>
        <translation>bộ nhớ host %1: buffer mô hình %2, buffer KV %3, buffer tính toán %4</translation>
    </message>
    <message>
        <source>host memory: model buffer %1, KV buffer %2, compute buffer not modelled</source>
        <extracomment>%1 and %2 bytes of the host&apos;s model and KV buffers</extracomment>
        <translation>bộ nhớ host: buffer mô hình %1, buffer KV %2, buffer tính toán chưa mô hình hóa</translation>
    </message>
    <message>
        <source>KV cache: K %1 + V %2 = %3</source>
        <extracomment>%1 bytes of K, %2 bytes of V, %3 their sum</extracomment>
        <translation>cache KV: K %1 + V %2 = %3</translation>
    </message>
    <message>
        <source>llama.cpp does not start: GPU %1 needs %2 for its model, KV and compute buffers, more than its %3 (cudaMalloc fails)</source>
        <extracomment>%1 GPU index, %2 bytes of its buffers, %3 the card&apos;s capacity</extracomment>
        <translation>llama.cpp không khởi động được: GPU %1 cần %2 cho buffer mô hình, KV và tính toán, nhiều hơn %3 của nó (cudaMalloc thất bại)</translation>
    </message>
    <message>
        <source>llama.cpp: whether it starts is not known: GPU %1 holds %2 of model and KV buffers of its %3, and its compute buffer is not modelled</source>
        <extracomment>%1 GPU index, %2 bytes of its model and KV buffers, %3 the card&apos;s capacity</extracomment>
        <translation>llama.cpp: chưa biết có khởi động được không: GPU %1 chứa %2 buffer mô hình và KV trong %3 của nó, và buffer tính toán chưa được mô hình hóa</translation>
    </message>
    <message>
        <source>vLLM allocates %1 tokens of KV cache, then runs out of memory capturing its CUDA graphs (at least %2): it does not start on this card</source>
        <extracomment>%1 tokens of KV cache, %2 bytes of CUDA graphs (at least)</extracomment>
        <translation>vLLM cấp %1 token bộ nhớ đệm KV, rồi hết bộ nhớ khi ghi các đồ thị CUDA của nó (ít nhất %2): nó không khởi động được trên thẻ này</translation>
    </message>
    <message>
        <source>CUDA graphs at least %1, captured after the KV pool, on top of it (%2 batch sizes up to %3; the driver&apos;s memory of the graphs is not modelled)</source>
        <extracomment>%1 bytes, %2 batch sizes captured, %3 the largest; a lower bound (Note [vLLM CUDA graphs])</extracomment>
        <translation>Đồ thị CUDA ít nhất %1, được ghi sau vùng KV, chồng thêm lên nó (%2 kích thước lô đến %3; bộ nhớ của trình điều khiển cho các đồ thị không được mô hình hóa)</translation>
    </message>
    <message>
        <source>the CUDA graphs go beyond --gpu-memory-utilization: the request leaves %1 for them after the KV pool, and vLLM takes the rest from the card&apos;s memory above it</source>
        <extracomment>%1 bytes the request leaves when the graphs are captured</extracomment>
        <translation>các đồ thị CUDA vượt quá --gpu-memory-utilization: phần yêu cầu chỉ để lại cho chúng %1 sau vùng KV, và vLLM lấy phần còn lại từ bộ nhớ của thẻ phía trên mức đó</translation>
    </message>
    <message>
        <source>the CUDA graphs do not fit on the card after the KV pool: vLLM runs out of memory capturing them; lower --gpu-memory-utilization, --max-num-seqs or use --enforce-eager</source>
        <translation>các đồ thị CUDA không vừa trên thẻ sau vùng KV: vLLM hết bộ nhớ khi ghi chúng; hãy giảm --gpu-memory-utilization, --max-num-seqs hoặc dùng --enforce-eager</translation>
    </message>
</context>
<context>
    <name>Fit</name>
    <message>
        <source>sequence</source>
        <translation>chuỗi</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>chuỗi</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence</extracomment>
        <translation>Ngữ cảnh lớn nhất vừa trên %1: %2 token mỗi chuỗi, giới hạn bởi bộ nhớ.</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, the model&apos;s trained context (memory would allow %3).</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence (the model&apos;s max_position_embeddings), %3 tokens memory alone would allow</extracomment>
        <translation>Ngữ cảnh lớn nhất vừa trên %1: %2 token mỗi chuỗi, là ngữ cảnh huấn luyện của mô hình (bộ nhớ cho phép %3).</translation>
    </message>
    <message>
        <source>Largest context that fits on %1: %2 tokens per sequence, the model&apos;s trained context (memory sets no limit: the sliding window caps the KV cache).</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence (the model&apos;s max_position_embeddings)</extracomment>
        <translation>Ngữ cảnh lớn nhất vừa trên %1: %2 token mỗi chuỗi, là ngữ cảnh huấn luyện của mô hình (bộ nhớ không giới hạn: cửa sổ trượt chặn trên cache KV).</translation>
    </message>
    <message>
        <source>Any context fits on %1 as far as memory goes: every layer keeps at most its sliding window of %2 tokens.</source>
        <extracomment>%1 the card&apos;s name, %2 the sliding window in tokens</extracomment>
        <translation>Xét về bộ nhớ, mọi ngữ cảnh đều vừa trên %1: mỗi lớp giữ tối đa cửa sổ trượt %2 token của nó.</translation>
    </message>
    <message>
        <source>Does not fit on %1 at all, not even with one token per sequence.</source>
        <extracomment>%1 the card&apos;s name</extracomment>
        <translation>Hoàn toàn không vừa trên %1, kể cả với một token mỗi chuỗi.</translation>
    </message>
    <message>
        <source>On %1 memory sets no context limit up to %2 tokens per sequence.</source>
        <extracomment>%1 the card&apos;s name, %2 tokens per sequence searched up to</extracomment>
        <translation>Trên %1, bộ nhớ không giới hạn ngữ cảnh cho đến %2 token mỗi chuỗi.</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits on %1: %2 %3 per step, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences per step, %3 &quot;sequence&quot;/&quot;sequences&quot;</extracomment>
        <translation>Microbatch lớn nhất vừa trên %1: %2 %3 mỗi bước, giới hạn bởi bộ nhớ.</translation>
    </message>
    <message>
        <source>Largest batch that fits on %1: %2 %3 at once, limited by memory.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences, %3 &quot;sequence&quot;/&quot;sequences&quot;</extracomment>
        <translation>Batch lớn nhất vừa trên %1: %2 %3 cùng lúc, giới hạn bởi bộ nhớ.</translation>
    </message>
    <message>
        <source>Does not fit on %1 at all, not even with one sequence.</source>
        <extracomment>%1 the card&apos;s name</extracomment>
        <translation>Hoàn toàn không vừa trên %1, kể cả với một chuỗi.</translation>
    </message>
    <message>
        <source>On %1 memory sets no batch limit up to %2 sequences.</source>
        <extracomment>%1 the card&apos;s name, %2 sequences searched up to</extracomment>
        <translation>Trên %1, bộ nhớ không giới hạn batch cho đến %2 chuỗi.</translation>
    </message>
</context>
<context>
    <name>LayerKind</name>
    <message>
        <source>full attention</source>
        <translation>attention đầy đủ</translation>
    </message>
    <message>
        <source>sliding-window attention</source>
        <translation>attention cửa sổ trượt</translation>
    </message>
    <message>
        <source>chunked attention</source>
        <translation>attention theo đoạn</translation>
    </message>
    <message>
        <source>latent attention (MLA)</source>
        <translation>attention tiềm ẩn (MLA)</translation>
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
        <translation>chỉ MLP</translation>
    </message>
    <message>
        <source>recurrent state</source>
        <translation>trạng thái hồi quy</translation>
    </message>
    <message>
        <source>no cache</source>
        <translation>không có cache</translation>
    </message>
    <message>
        <source>latent attention (MLA), decompressed per head</source>
        <translation>attention tiềm ẩn (MLA), giải nén theo từng đầu</translation>
    </message>
</context>
<context>
    <name>Ledger</name>
    <message>
        <source>weights</source>
        <translation>trọng số</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>cache KV</translation>
    </message>
    <message>
        <source>activations and transient buffers</source>
        <translation>activation và bộ đệm tạm thời</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>logit</translation>
    </message>
    <message>
        <source>workspace (through the allocator)</source>
        <translation>workspace (qua allocator)</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>trạng thái optimizer</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>gradient</translation>
    </message>
    <message>
        <source>other</source>
        <translation>khác</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Ước tính</translation>
    </message>
    <message>
        <source>estimate</source>
        <translation>ước tính</translation>
    </message>
    <message>
        <source>no estimate for this phase</source>
        <translation>không có ước tính cho giai đoạn này</translation>
    </message>
    <message>
        <source>a part of the estimate could not be computed</source>
        <translation>một phần của ước tính không tính được</translation>
    </message>
    <message>
        <source>Measured at the peak, by owner</source>
        <translation>Đo tại đỉnh, theo chủ sở hữu</translation>
    </message>
    <message>
        <source>peak allocated</source>
        <translation>đỉnh allocated</translation>
    </message>
    <message>
        <source>no owner readings at the peak moment</source>
        <translation>không có số đọc theo chủ sở hữu tại thời điểm đỉnh</translation>
    </message>
    <message>
        <source>not attributed to an owner</source>
        <translation>không gán cho chủ sở hữu nào</translation>
    </message>
    <message>
        <source>Measured at the peak, in time</source>
        <translation>Đo tại đỉnh, theo thời gian</translation>
    </message>
    <message>
        <source>held from before (baseline allocated)</source>
        <translation>đã giữ từ trước (allocated khởi đầu)</translation>
    </message>
    <message>
        <source>kept (final - baseline)</source>
        <translation>giữ lại (cuối - khởi đầu)</translation>
    </message>
    <message>
        <source>transient (peak - final)</source>
        <translation>tạm thời (đỉnh - cuối)</translation>
    </message>
    <message>
        <source>no allocator reading at the baseline, peak or end</source>
        <translation>không có số đọc allocator lúc khởi đầu, đỉnh hoặc cuối</translation>
    </message>
    <message>
        <source>Allocator at the peak</source>
        <translation>Allocator tại đỉnh</translation>
    </message>
    <message>
        <source>reserved - allocated at the peak moment</source>
        <translation>reserved - allocated tại thời điểm đỉnh</translation>
    </message>
    <message>
        <source>inactive split blocks (rounding)</source>
        <translation>khối tách không hoạt động (làm tròn)</translation>
    </message>
    <message>
        <source>cached free blocks (the rest)</source>
        <translation>khối trống trong cache (phần còn lại)</translation>
    </message>
    <message>
        <source>free in the pool (the rest)</source>
        <translation>trống trong pool (phần còn lại)</translation>
    </message>
    <message>
        <source>no allocator reading at the peak moment</source>
        <translation>không có số đọc allocator tại thời điểm đỉnh</translation>
    </message>
    <message>
        <source>reserved at the peak moment</source>
        <translation>reserved tại thời điểm đỉnh</translation>
    </message>
    <message>
        <source>peak reserved</source>
        <translation>đỉnh reserved</translation>
    </message>
    <message>
        <source>largest free block at the phase&apos;s end</source>
        <translation>khối trống lớn nhất ở cuối giai đoạn</translation>
    </message>
    <message>
        <source>Outside the allocator, at the phase&apos;s end</source>
        <translation>Ngoài allocator, ở cuối giai đoạn</translation>
    </message>
    <message>
        <source>process used (%1) - reserved</source>
        <extracomment>%1: where the process reading comes from: nvml, rocm-smi or simulated</extracomment>
        <translation>tiến trình đã dùng (%1) - reserved</translation>
    </message>
    <message>
        <source>driver&apos;s used (with other processes) - reserved</source>
        <translation>driver đã dùng (cả tiến trình khác) - reserved</translation>
    </message>
    <message>
        <source>no device-level reading at the phase&apos;s end</source>
        <translation>không có số đọc mức thiết bị ở cuối giai đoạn</translation>
    </message>
    <message>
        <source>no reserved reading at the phase&apos;s end</source>
        <translation>không có số đọc reserved ở cuối giai đoạn</translation>
    </message>
    <message>
        <source>CUDA context (simulated, size as asked)</source>
        <translation>ngữ cảnh CUDA (mô phỏng, kích thước theo yêu cầu)</translation>
    </message>
    <message>
        <source>CUDA context (simulated, typical size, assumed)</source>
        <translation>ngữ cảnh CUDA (mô phỏng, kích thước điển hình, giả định)</translation>
    </message>
    <message>
        <source>math library workspace (simulated, size as asked)</source>
        <translation>workspace thư viện toán (mô phỏng, kích thước theo yêu cầu)</translation>
    </message>
    <message>
        <source>library workspace (simulated, cuBLAS Hopper, assumed)</source>
        <translation>workspace thư viện (mô phỏng, cuBLAS Hopper, giả định)</translation>
    </message>
    <message>
        <source>outside at the run&apos;s first reading (context, libraries)</source>
        <translation>ngoài allocator ở số đọc đầu tiên của lần chạy (ngữ cảnh, thư viện)</translation>
    </message>
    <message>
        <source>unaccounted (the rest)</source>
        <translation>chưa giải thích được (phần còn lại)</translation>
    </message>
    <message>
        <source>Estimate - measured</source>
        <translation>Ước tính - đo được</translation>
    </message>
    <message>
        <source>estimate - (reserved at the peak + outside)</source>
        <translation>ước tính - (reserved tại đỉnh + ngoài allocator)</translation>
    </message>
    <message>
        <source>allocator (reserved - allocated)</source>
        <translation>allocator (reserved - allocated)</translation>
    </message>
    <message>
        <source>outside the allocator</source>
        <translation>ngoài allocator</translation>
    </message>
    <message>
        <source>a reading or a part of the estimate is missing</source>
        <translation>thiếu một số đọc hoặc một phần của ước tính</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>đã tính</translation>
    </message>
    <message>
        <source>observed</source>
        <translation>đã quan sát</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>giả định</translation>
    </message>
    <message>
        <source>not in the estimate</source>
        <translation>không có trong ước tính</translation>
    </message>
    <message>
        <source>formula</source>
        <translation>công thức</translation>
    </message>
    <message>
        <source>allocator rounding</source>
        <translation>làm tròn của allocator</translation>
    </message>
    <message>
        <source>inputs (token ids, block tables)</source>
        <translation>đầu vào (id token, bảng khối)</translation>
    </message>
    <message>
        <source>math library workspace (assumed)</source>
        <translation>workspace thư viện toán (giả định)</translation>
    </message>
    <message>
        <source>the dense network&apos;s predictor</source>
        <translation>bộ dự đoán của mạng dense</translation>
    </message>
    <message>
        <source>predicted peak allocated</source>
        <translation>đỉnh allocated dự đoán</translation>
    </message>
    <message>
        <source>the sizing engine&apos;s estimate of the %1 phase</source>
        <extracomment>%1: the estimate&apos;s phase the run&apos;s phase is compared with (&quot;prefill&quot;, &quot;decode&quot;)</extracomment>
        <translation>ước tính của bộ ước tính kích thước cho giai đoạn %1</translation>
    </message>
    <message>
        <source>rounding inside allocated (whole blocks)</source>
        <translation>làm tròn bên trong allocated (tính cả khối)</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up plan, %1</source>
        <extracomment>%1: the vLLM release whose start-up is modelled (&quot;vLLM 0.19 (V1 engine)&quot;)</extracomment>
        <translation>kế hoạch khởi động của vLLM, %1</translation>
    </message>
    <message>
        <source>weights (vLLM: Model loading took)</source>
        <translation>trọng số (vLLM: Model loading took)</translation>
    </message>
    <message>
        <source>non-torch memory (vLLM: NCCL, custom all-reduce)</source>
        <translation>bộ nhớ ngoài torch (vLLM: NCCL, all-reduce riêng)</translation>
    </message>
    <message>
        <source>profile-run activations (vLLM: torch peak memory increase)</source>
        <translation>activation của lượt chạy profile (vLLM: torch peak memory increase)</translation>
    </message>
    <message>
        <source>KV pool (vLLM: num_blocks x page size per layer)</source>
        <translation>pool KV (vLLM: num_blocks x kích thước trang mỗi lớp)</translation>
    </message>
    <message>
        <source>CUDA graph pool (none: --enforce-eager)</source>
        <translation>pool đồ thị CUDA (không có: --enforce-eager)</translation>
    </message>
    <message>
        <source>CUDA graphs (vLLM: Graph capturing took; a lower bound, the driver&apos;s graph memory not modelled)</source>
        <translation>Đồ thị CUDA (vLLM: Graph capturing took; một cận dưới, bộ nhớ đồ thị của trình điều khiển không được mô hình hóa)</translation>
    </message>
</context>
<context>
    <name>Phase</name>
    <message>
        <source>inference</source>
        <translation>suy luận</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>prefill</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>decode</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>bước huấn luyện</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>sinh văn bản</translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation>đánh giá</translation>
    </message>
    <message>
        <source>export copy</source>
        <translation>bản sao xuất</translation>
    </message>
    <message>
        <source>model load</source>
        <translation>nạp mô hình</translation>
    </message>
    <message>
        <source>inputs</source>
        <translation>đầu vào</translation>
    </message>
    <message>
        <source>first step: forward</source>
        <translation>bước đầu: forward</translation>
    </message>
    <message>
        <source>first step: loss</source>
        <translation>bước đầu: loss</translation>
    </message>
    <message>
        <source>first step: backward</source>
        <translation>bước đầu: backward</translation>
    </message>
    <message>
        <source>first step: accumulation</source>
        <translation>bước đầu: tích lũy</translation>
    </message>
    <message>
        <source>first step: optimizer</source>
        <translation>bước đầu: optimizer</translation>
    </message>
    <message>
        <source>warm step</source>
        <translation>bước đã khởi động</translation>
    </message>
    <message>
        <source>checkpoint save</source>
        <translation>lưu checkpoint</translation>
    </message>
</context>
<context>
    <name>ResultSource</name>
    <message>
        <source>measured in this session, not saved</source>
        <translation>đo trong phiên này, chưa lưu</translation>
    </message>
    <message>
        <source>measured in this session, saved to %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>đo trong phiên này, đã lưu vào %1</translation>
    </message>
    <message>
        <source>opened from %1</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>mở từ %1</translation>
    </message>
    <message>
        <source>run %1 (%2)</source>
        <extracomment>%1 is the run number, %2 where the result comes from, e.g. &quot;measured in this session, not saved&quot;</extracomment>
        <translation>lần chạy %1 (%2)</translation>
    </message>
    <message>
        <source>imported from the PyTorch memory snapshot %1, not measured by IteraGPU</source>
        <extracomment>%1 is the path of a PyTorch memory snapshot</extracomment>
        <translation>nhập từ ảnh chụp bộ nhớ PyTorch %1, không do IteraGPU đo</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>%1 (đã nhập)</translation>
    </message>
</context>
<context>
    <name>ResultTimeline</name>
    <message>
        <source>%1 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0</extracomment>
        <translation>%1 · mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>%1 · imported from a PyTorch memory snapshot, not measured by IteraGPU</source>
        <extracomment>%1 is the device id, e.g. cuda:0</extracomment>
        <translation>%1 · nhập từ ảnh chụp bộ nhớ PyTorch, không do IteraGPU đo</translation>
    </message>
</context>
<context>
    <name>RunPolicy</name>
    <message>
        <source>no warm-up</source>
        <translation>không khởi động nóng</translation>
    </message>
    <message>
        <source>training steps: %1, in one &apos;warmup&apos; phase after the cold pass; measured repeats: %2, one record each</source>
        <extracomment>%1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.</extracomment>
        <translation>bước huấn luyện: %1, trong một giai đoạn “warmup” sau lượt chạy nguội; số lần lặp được đo: %2, mỗi lần một bản ghi</translation>
    </message>
    <message>
        <source>forward passes: %1, in one &apos;warmup&apos; phase after the cold pass; measured repeats: %2, one record each</source>
        <extracomment>%1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.</extracomment>
        <translation>lượt lan truyền xuôi: %1, trong một giai đoạn “warmup” sau lượt chạy nguội; số lần lặp được đo: %2, mỗi lần một bản ghi</translation>
    </message>
    <message>
        <source>empty_cache() before each warm repeat, before its baseline is read</source>
        <translation>empty_cache() trước mỗi lần lặp nóng, trước khi đọc giá trị khởi đầu</translation>
    </message>
    <message>
        <source>no empty_cache() between repeats: the allocator&apos;s cache is kept</source>
        <translation>không gọi empty_cache() giữa các lần lặp: cache của allocator được giữ lại</translation>
    </message>
</context>
<context>
    <name>RunRefusal</name>
    <message>
        <source>this model</source>
        <translation>mô hình này</translation>
    </message>
    <message>
        <source>%1 has a %2 part loaded with it whose size is not modelled</source>
        <extracomment>%2 is the name of a model part (an identifier such as vision or mtp)</extracomment>
        <translation>%1 có một phần %2 được nạp cùng mà kích thước chưa được mô hình hóa</translation>
    </message>
    <message>
        <source>%1 has a bias on its tied lm_head</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;)</extracomment>
        <translation>%1 có bias trên lm_head dùng chung trọng số</translation>
    </message>
    <message>
        <source>%1 has a final norm of another width</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;)</extracomment>
        <translation>%1 có norm cuối với độ rộng khác</translation>
    </message>
    <message>
        <source>%1 lists %2 layers of %3</source>
        <extracomment>%2 layers described, %3 the model&apos;s layer count</extracomment>
        <translation>%1 liệt kê %2 trên %3 lớp</translation>
    </message>
    <message>
        <source>%1 has a layer with both attention and a state (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp vừa có attention vừa có trạng thái (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer without Jamba&apos;s dt, B and C norms (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp Mamba không có các norm dt, B và C của Jamba (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer without channels, a state, a kernel or a dt rank (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp Mamba thiếu kênh, trạng thái, kernel hoặc hạng dt (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp Mamba với các norm mà decoder không dựng (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba2 layer whose heads, head dim, groups, state size or kernel do not fit together (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp Mamba2 mà số đầu, kích thước đầu, số nhóm, kích thước trạng thái hoặc kernel không khớp với nhau (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a Mamba2 layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp Mamba2 với các norm mà decoder không dựng (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a gated DeltaNet layer whose heads, head dims or kernel do not fit together (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp Gated DeltaNet mà số đầu, kích thước đầu hoặc kernel không khớp với nhau (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a gated DeltaNet layer with norms the decoder does not build (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp Gated DeltaNet với các norm mà decoder không dựng (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a layer with neither attention, a state nor an MLP (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp không có attention, trạng thái lẫn MLP (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has an MLP-only layer with other than one norm (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp chỉ có MLP với số norm khác một (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has multi-head latent attention of other sizes than D = nope + rope (rope even), one KV head per head, a kv_lora_rank and a v_head_dim (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có multi-head latent attention với kích thước khác D = nope + rope (rope chẵn), một đầu KV cho mỗi đầu, một kv_lora_rank và một v_head_dim (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has multi-head latent attention with q/k norms or sinks (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có multi-head latent attention với norm q/k hoặc sink (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a window or chunk of 0 tokens (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có cửa sổ hoặc đoạn dài 0 token (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has an attention-only layer with other than one norm (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có một lớp chỉ có attention với số norm khác một (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has KV heads that do not divide the heads (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có số đầu KV không chia hết số đầu (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has a value head_dim other than its head_dim (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có head_dim của value khác với head_dim của nó (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has an odd head_dim with rotary embeddings (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có head_dim lẻ khi dùng rotary embedding (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has q/k norms of another width (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có norm q/k với độ rộng khác (lớp %2)</translation>
    </message>
    <message>
        <source>%1 has norms the decoder does not build: %2 norm weights per layer, not 1, 2 or 4 norms of %3 (layer %4)</source>
        <extracomment>%2 norm weights per layer, %3 the width of one norm, %4 the layer&apos;s index</extracomment>
        <translation>%1 có các norm mà decoder không dựng: %2 trọng số norm mỗi lớp, không phải 1, 2 hoặc 4 norm rộng %3 (lớp %4)</translation>
    </message>
    <message>
        <source>%1 has experts per token outside 1 .. its experts (layer %2)</source>
        <extracomment>%1 is the model (its architecture in quotes, or &quot;this model&quot;), %2 the layer&apos;s index</extracomment>
        <translation>%1 có số chuyên gia mỗi token nằm ngoài khoảng 1 .. số chuyên gia của nó (lớp %2)</translation>
    </message>
    <message>
        <source>%1 %2 is larger than 100 000 layers; not a real model</source>
        <extracomment>%1 names the value (a key of the model&apos;s file such as &apos;num_hidden_layers&apos;, or a phrase), %2 is the number of layers it gives</extracomment>
        <translation>%1 %2 lớn hơn 100.000 lớp; không phải một mô hình thật</translation>
    </message>
    <message>
        <source>%1 %2 is not a rotary base: it must be a positive number from 1.2e-38 to 3.4e+38 (float32&apos;s range, in which the rotary embedding is computed)</source>
        <extracomment>%1 names the value (a key of the model&apos;s file such as &apos;rope_theta&apos;, or a phrase), %2 is the value given</extracomment>
        <translation>%1 %2 không phải là cơ số rotary: phải là một số dương từ 1.2e-38 đến 3.4e+38 (phạm vi của float32, kiểu dùng để tính rotary embedding)</translation>
    </message>
    <message>
        <source>the decoder workload needs a model (a preset, a config.json or a safetensors header)</source>
        <translation>workload decoder cần một mô hình (một preset, một config.json hoặc một header safetensors)</translation>
    </message>
    <message>
        <source>a decoder training run needs its recipe (method, micro-batch, sequence length, optimizer)</source>
        <translation>một lần chạy huấn luyện decoder cần recipe của nó (phương pháp, micro-batch, độ dài chuỗi, optimizer)</translation>
    </message>
    <message>
        <source>an inference run carries no training recipe</source>
        <translation>một lần chạy suy luận không mang recipe huấn luyện</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build MoE layers yet (the routed experts&apos; backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>bước huấn luyện của decoder chưa dựng lớp MoE (lan truyền ngược của các chuyên gia được định tuyến chưa được viết): &apos;iteragpu estimate --training&apos; tính kích thước của nó</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build learned position embeddings yet (their backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>bước huấn luyện của decoder chưa dựng position embedding học được (lan truyền ngược của chúng chưa được viết): &apos;iteragpu estimate --training&apos; tính kích thước của nó</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build a model with a %1 part loaded beside it yet: &apos;iteragpu estimate --training&apos; sizes it</source>
        <extracomment>%1 is the name of a model part (an identifier such as vision or mtp)</extracomment>
        <translation>bước huấn luyện của decoder chưa dựng mô hình có phần %1 được nạp kèm: &apos;iteragpu estimate --training&apos; tính kích thước của nó</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build multi-head latent attention yet: &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>bước huấn luyện của decoder chưa dựng multi-head latent attention: &apos;iteragpu estimate --training&apos; tính kích thước của nó</translation>
    </message>
    <message>
        <source>the decoder&apos;s training step does not build state layers or layers without attention or an MLP yet (their backward is not written): &apos;iteragpu estimate --training&apos; sizes it</source>
        <translation>bước huấn luyện của decoder chưa dựng lớp trạng thái hay lớp không có attention hoặc MLP (lan truyền ngược của chúng chưa được viết): &apos;iteragpu estimate --training&apos; tính kích thước của nó</translation>
    </message>
    <message>
        <source>QLoRA trains adapters on a quantized base: choose nf4 or nf4-dq weights (--format nf4)</source>
        <translation>QLoRA huấn luyện adapter trên nền đã lượng tử hóa: hãy chọn trọng số nf4 hoặc nf4-dq (--format nf4)</translation>
    </message>
    <message>
        <source>weights in %1 are frozen codes: train adapters on them with --method qlora</source>
        <extracomment>%1 is a storage format&apos;s identifier (nf4, nf4-dq)</extracomment>
        <translation>trọng số ở %1 là mã đóng băng: hãy huấn luyện adapter trên chúng với --method qlora</translation>
    </message>
    <message>
        <source>weights in %1 are frozen codes: the decoder trains on a 16-bit or float32 base, or adapters on an nf4 base (--method qlora)</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. int8, gptq-int4)</extracomment>
        <translation>trọng số ở %1 là mã đóng băng: decoder huấn luyện trên nền 16 bit hoặc float32, hoặc huấn luyện adapter trên nền nf4 (--method qlora)</translation>
    </message>
    <message>
        <source>float32 weights need no float32 master copy</source>
        <translation>trọng số float32 không cần bản sao master float32</translation>
    </message>
    <message>
        <source>the decoder workload does not build this model yet: %1; &apos;iteragpu estimate&apos; sizes it layer by layer</source>
        <extracomment>%1 is what the decoder cannot build (a sentence of its own)</extracomment>
        <translation>workload decoder chưa dựng được mô hình này: %1; &apos;iteragpu estimate&apos; tính kích thước của nó theo từng lớp</translation>
    </message>
    <message>
        <source>the model shape is incomplete: layers, hidden, intermediate, heads, KV heads, head_dim and vocab must all be at least 1</source>
        <translation>hình dạng mô hình chưa đầy đủ: layers, hidden, intermediate, heads, KV heads, head_dim và vocab đều phải ít nhất là 1</translation>
    </message>
    <message>
        <source>the model&apos;s layer count</source>
        <translation>số lớp của mô hình</translation>
    </message>
    <message>
        <source>the run reaches position %1 + %2, beyond the model&apos;s %3 learned positions (n_positions): shorten the prompt or the generation</source>
        <extracomment>%1 prompt tokens, %2 generated tokens, %3 the model&apos;s number of learned positions</extracomment>
        <translation>lần chạy đạt tới vị trí %1 + %2, vượt quá %3 vị trí học được của mô hình (n_positions): hãy rút ngắn prompt hoặc phần sinh</translation>
    </message>
    <message>
        <source>the rotary base (rope_theta)</source>
        <translation>cơ số rotary (rope_theta)</translation>
    </message>
    <message>
        <source>the model&apos;s %1 attention heads cannot share %2 KV heads: the KV heads must divide the heads</source>
        <extracomment>%1 attention heads, %2 KV heads</extracomment>
        <translation>%1 đầu attention của mô hình không thể dùng chung %2 đầu KV: số đầu KV phải chia hết số đầu</translation>
    </message>
    <message>
        <source>head_dim %1 is odd: rotary embeddings need pairs</source>
        <extracomment>%1 is the model&apos;s head_dim (a number)</extracomment>
        <translation>head_dim %1 là số lẻ: rotary embedding cần các cặp</translation>
    </message>
    <message>
        <source>the model lists %1 attention windows for %2 layers</source>
        <extracomment>%1 attention windows listed, %2 layers</extracomment>
        <translation>mô hình liệt kê %1 cửa sổ attention cho %2 lớp</translation>
    </message>
    <message>
        <source>a sliding window of 0 tokens is not a window</source>
        <translation>cửa sổ trượt 0 token không phải là cửa sổ</translation>
    </message>
    <message>
        <source>experts per token must be between 1 and the %1 experts</source>
        <extracomment>%1 is the model&apos;s number of experts</extracomment>
        <translation>số chuyên gia mỗi token phải nằm trong khoảng từ 1 đến %1 chuyên gia</translation>
    </message>
    <message>
        <source>a vocabulary of %1 tokens does not fit int32 token ids</source>
        <extracomment>%1 is the vocabulary&apos;s size in tokens</extracomment>
        <translation>từ vựng %1 token không vừa với id token int32</translation>
    </message>
    <message>
        <source>the decoder needs at least 1 sequence and 1 prompt token</source>
        <translation>decoder cần ít nhất 1 chuỗi và 1 token prompt</translation>
    </message>
    <message>
        <source>sequences and prompt tokens must be at most %1 (the kernels index rows as int)</source>
        <extracomment>%1 is the largest value</extracomment>
        <translation>số chuỗi và số token prompt tối đa là %1 (các kernel đánh chỉ số hàng bằng int)</translation>
    </message>
    <message>
        <source>the GPTQ/AWQ group must be between 1 and %1 input rows</source>
        <extracomment>%1 is the largest group size</extracomment>
        <translation>nhóm GPTQ/AWQ phải từ 1 đến %1 hàng đầu vào</translation>
    </message>
    <message>
        <source>an fp8 scale block needs both its rows and its columns, each between 1 and %1 (or neither: one scale per tensor)</source>
        <extracomment>%1 is the largest number of rows or columns</extracomment>
        <translation>một khối scale fp8 cần cả số hàng lẫn số cột, mỗi giá trị từ 1 đến %1 (hoặc không có cả hai: một scale cho mỗi tensor)</translation>
    </message>
    <message>
        <source>weights in %1 compute in 16 bit: choose float16 or bfloat16 as the compute dtype</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. int8, nf4)</extracomment>
        <translation>trọng số ở %1 tính toán ở 16 bit: hãy chọn float16 hoặc bfloat16 làm kiểu tính toán</translation>
    </message>
    <message>
        <source>the run is too large: %1 sequences x %2 prompt tokens + %3 generated would need a tensor beyond 2^63 bytes</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 generated tokens</extracomment>
        <translation>lần chạy quá lớn: %1 chuỗi x %2 token prompt + %3 token được sinh sẽ cần một tensor vượt quá 2^63 byte</translation>
    </message>
    <message>
        <source>at most %1 repeats fit with these settings</source>
        <extracomment>%1 is a number of repeats</extracomment>
        <translation>với các thiết lập này chỉ vừa tối đa %1 lần lặp</translation>
    </message>
    <message>
        <source>a larger decode chunk makes fewer decode records</source>
        <translation>khối decode lớn hơn tạo ít bản ghi decode hơn</translation>
    </message>
    <message>
        <source>more than 2^64</source>
        <translation>hơn 2^64</translation>
    </message>
    <message>
        <source>beyond 2^64 bytes</source>
        <translation>vượt quá 2^64 byte</translation>
    </message>
    <message>
        <source>the run would keep %1 phase records of up to %2 samples each, %3 of host memory at worst, more than the %4 a run may keep: %5</source>
        <extracomment>%1 phase records (a number, or &quot;more than 2^64&quot;), %2 samples per record, %3 the host memory they take (in GiB, or &quot;beyond 2^64 bytes&quot;), %4 the limit in GiB, %5 what to change (a sentence of its own)</extracomment>
        <translation>lần chạy sẽ giữ %1 bản ghi giai đoạn, mỗi bản ghi tối đa %2 mẫu, tệ nhất là %3 bộ nhớ host, nhiều hơn mức %4 mà một lần chạy được phép giữ: %5</translation>
    </message>
    <message>
        <source>a script is measured from inside by the Python probe (iteragpu probe --path), not run by iteragpu</source>
        <translation>một script được đo từ bên trong bằng đầu dò Python (iteragpu probe --path), không phải do iteragpu chạy</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal needs its plan on the device&apos;s total (planVllmRun) before it runs</source>
        <translation>buổi diễn tập vLLM cần kế hoạch theo tổng dung lượng của thiết bị (planVllmRun) trước khi chạy</translation>
    </message>
    <message>
        <source>vLLM&apos;s profile run: %1</source>
        <extracomment>%1 is why the profile run cannot run (a sentence of its own)</extracomment>
        <translation>lần chạy profile của vLLM: %1</translation>
    </message>
    <message>
        <source>warmup and repeats must be at most %1</source>
        <extracomment>%1 is the largest number</extracomment>
        <translation>warmup và số lần lặp tối đa là %1</translation>
    </message>
    <message>
        <source>samples per phase must be between 2 and %1</source>
        <extracomment>%1 is the largest number</extracomment>
        <translation>số mẫu mỗi giai đoạn phải từ 2 đến %1</translation>
    </message>
    <message>
        <source>the simulated capacity must be more than 0 bytes</source>
        <translation>dung lượng mô phỏng phải lớn hơn 0 byte</translation>
    </message>
    <message>
        <source>at most %1 generated tokens</source>
        <extracomment>%1 is the largest number of tokens</extracomment>
        <translation>tối đa %1 token được sinh</translation>
    </message>
    <message>
        <source>batch, context and width must be at least 1</source>
        <translation>batch, ngữ cảnh và độ rộng phải ít nhất là 1</translation>
    </message>
    <message>
        <source>batch, context and width must be at most %1 (the kernels index rows and columns as int)</source>
        <extracomment>%1 is the largest value</extracomment>
        <translation>batch, ngữ cảnh và độ rộng tối đa là %1 (các kernel đánh chỉ số hàng và cột bằng int)</translation>
    </message>
    <message>
        <source>batch x context x width is too large: a tensor of the dense network would exceed 2^63 bytes</source>
        <translation>batch x ngữ cảnh x độ rộng quá lớn: một tensor của mạng dense sẽ vượt quá 2^63 byte</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal needs a model (--model)</source>
        <translation>buổi diễn tập vLLM cần một mô hình (--model)</translation>
    </message>
    <message>
        <source>vLLM serves a model: its rehearsal is an inference run (no --mode training)</source>
        <translation>vLLM phục vụ một mô hình: buổi diễn tập của nó là một lần chạy suy luận (không có --mode training)</translation>
    </message>
    <message>
        <source>one device cannot rehearse --tensor-parallel-size %1: vLLM shards the model over that many GPUs (&apos;iteragpu estimate --engine vllm --tp N&apos; plans it)</source>
        <extracomment>%1 is the number of GPUs given to --tensor-parallel-size</extracomment>
        <translation>một thiết bị không thể diễn tập --tensor-parallel-size %1: vLLM chia mô hình ra chừng ấy GPU (&apos;iteragpu estimate --engine vllm --tp N&apos; lập kế hoạch cho nó)</translation>
    </message>
    <message>
        <source>one device cannot rehearse --pipeline-parallel-size %1: vLLM splits the layers over that many GPUs (&apos;iteragpu estimate --engine vllm --pp N&apos; plans it)</source>
        <extracomment>%1 is the number of GPUs given to --pipeline-parallel-size</extracomment>
        <translation>một thiết bị không thể diễn tập --pipeline-parallel-size %1: vLLM chia các lớp ra chừng ấy GPU (&apos;iteragpu estimate --engine vllm --pp N&apos; lập kế hoạch cho nó)</translation>
    </message>
    <message>
        <source>--quantization %1 is not rehearsed: the decoder builds the checkpoint&apos;s own weights (&apos;iteragpu estimate --engine vllm&apos; plans it)</source>
        <extracomment>%1 is the quantization method given (an identifier such as awq)</extracomment>
        <translation>--quantization %1 không được diễn tập: decoder dựng trọng số gốc của checkpoint (&apos;iteragpu estimate --engine vllm&apos; lập kế hoạch cho nó)</translation>
    </message>
    <message>
        <source>vLLM&apos;s rehearsal builds 16-bit or float32 weights; a %1 checkpoint is not rehearsed yet (&apos;iteragpu estimate --engine vllm&apos; plans it)</source>
        <extracomment>%1 is a storage format&apos;s identifier (e.g. nf4, gptq-int4)</extracomment>
        <translation>buổi diễn tập vLLM dựng trọng số 16 bit hoặc float32; checkpoint %1 chưa được diễn tập (&apos;iteragpu estimate --engine vllm&apos; lập kế hoạch cho nó)</translation>
    </message>
    <message>
        <source>vLLM&apos;s plan for recurrent state layers (Mamba, gated DeltaNet) is not modelled, so not rehearsed</source>
        <translation>kế hoạch của vLLM cho các lớp trạng thái hồi quy (Mamba, Gated DeltaNet) chưa được mô hình hóa, nên không được diễn tập</translation>
    </message>
    <message>
        <source>vLLM allocates through PyTorch&apos;s caching allocator: its rehearsal runs with --allocator native</source>
        <translation>vLLM cấp phát qua caching allocator của PyTorch: buổi diễn tập của nó chạy với --allocator native</translation>
    </message>
    <message>
        <source>%1 %2 is above the rehearsal&apos;s limit of %3 (the kernels index tokens and rows as int)</source>
        <extracomment>%1 is an option&apos;s name (e.g. --max-model-len), %2 the value given, %3 the largest value</extracomment>
        <translation>%1 %2 vượt giới hạn %3 của buổi diễn tập (các kernel đánh chỉ số token và hàng bằng int)</translation>
    </message>
    <message>
        <source>invalid device id &apos;%1&apos;: expected BACKEND:INDEX such as cuda:0, hip:0 or sim:0</source>
        <extracomment>%1 is the device id given</extracomment>
        <translation>id thiết bị không hợp lệ &apos;%1&apos;: cần dạng BACKEND:INDEX như cuda:0, hip:0 hoặc sim:0</translation>
    </message>
    <message>
        <source>unknown device backend &apos;%1&apos; in &apos;%2&apos;: use cuda, hip or sim</source>
        <extracomment>%1 is the backend named, %2 the device id given</extracomment>
        <translation>backend thiết bị không xác định &apos;%1&apos; trong &apos;%2&apos;: hãy dùng cuda, hip hoặc sim</translation>
    </message>
    <message>
        <source>invalid device index in &apos;%1&apos;</source>
        <extracomment>%1 is the device id given</extracomment>
        <translation>chỉ số thiết bị không hợp lệ trong &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the catalog has no memory bandwidth for %1 (%2)</source>
        <extracomment>%1 is the card&apos;s name, %2 its catalog id</extracomment>
        <translation>danh mục không có băng thông bộ nhớ cho %1 (%2)</translation>
    </message>
    <message>
        <source>the catalog has no memory bandwidth for %1 (%2): %3</source>
        <extracomment>%1 is the card&apos;s name, %2 its catalog id, %3 the catalog&apos;s note on its figures (in English)</extracomment>
        <translation>danh mục không có băng thông bộ nhớ cho %1 (%2): %3</translation>
    </message>
    <message>
        <source>the catalog has no peak %1 FLOP/s for %2 (%3), the run&apos;s compute dtype</source>
        <extracomment>%1 is a data type (fp32, fp16, bf16), %2 the card&apos;s name, %3 its catalog id</extracomment>
        <translation>danh mục không có FLOP/s đỉnh ở %1 cho %2 (%3), kiểu tính toán của lần chạy</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>not loaded</source>
        <translation>chưa được nạp</translation>
    </message>
    <message>
        <source>%1 backend unavailable: %2</source>
        <extracomment>%1 is a backend&apos;s name (cuda, hip, sim), %2 why (the loader&apos;s text, or &quot;not loaded&quot;)</extracomment>
        <translation>backend %1 không khả dụng: %2</translation>
    </message>
    <message>
        <source>a simulated capacity applies to sim:N devices only</source>
        <translation>dung lượng mô phỏng chỉ áp dụng cho thiết bị sim:N</translation>
    </message>
    <message>
        <source>a simulated context or workspace applies to sim:N devices only</source>
        <translation>context hoặc workspace mô phỏng chỉ áp dụng cho thiết bị sim:N</translation>
    </message>
    <message>
        <source>a simulated card applies to sim:N devices only</source>
        <translation>card mô phỏng chỉ áp dụng cho thiết bị sim:N</translation>
    </message>
    <message>
        <source>%1 device(s) present</source>
        <extracomment>%1 is the number of devices the backend has</extracomment>
        <translation>có %1 thiết bị</translation>
    </message>
    <message>
        <source>no device</source>
        <translation>không có thiết bị</translation>
    </message>
    <message>
        <source>no device %1: %2</source>
        <extracomment>%1 is a device id such as cuda:1, %2 why there is none (a number of devices present, or the runtime&apos;s text)</extracomment>
        <translation>không có thiết bị %1: %2</translation>
    </message>
    <message>
        <source>the GPU catalog cannot be read for the simulated card: %1</source>
        <extracomment>%1 is the reason the catalog file cannot be read (in English)</extracomment>
        <translation>không thể đọc danh mục GPU cho card mô phỏng: %1</translation>
    </message>
    <message>
        <source>unknown simulated card &apos;%1&apos;: the GPU catalog (%2) has no such id or name; cards that can pace this run: %3</source>
        <extracomment>%1 is the card named, %2 the catalog&apos;s file, %3 the ids of the cards that can (or &quot;none&quot;)</extracomment>
        <translation>card mô phỏng không xác định &apos;%1&apos;: danh mục GPU (%2) không có id hay tên đó; các card có thể đặt nhịp độ cho lần chạy này: %3</translation>
    </message>
    <message>
        <source>simulated card &apos;%1&apos; cannot keep a pace: %2; cards that can pace this run: %3</source>
        <extracomment>%1 is the card named, %2 why (a sentence of its own), %3 the ids of the cards that can (or &quot;none&quot;)</extracomment>
        <translation>card mô phỏng &apos;%1&apos; không thể giữ nhịp độ: %2; các card có thể đặt nhịp độ cho lần chạy này: %3</translation>
    </message>
    <message>
        <source>the simulated speed must be a number from 0 (as fast as possible) to %1 (1 = real time), not %2</source>
        <extracomment>%1 is the largest speed (a number), %2 the value given</extracomment>
        <translation>tốc độ mô phỏng phải là một số từ 0 (nhanh nhất có thể) đến %1 (1 = thời gian thực), không phải %2</translation>
    </message>
    <message>
        <source>the simulated capacity (%1 bytes) must hold the simulated context and workspace (%2 + %3 bytes)</source>
        <extracomment>%1 is the capacity, %2 the context and %3 the workspace, each a number of bytes</extracomment>
        <translation>dung lượng mô phỏng (%1 byte) phải chứa được context và workspace mô phỏng (%2 + %3 byte)</translation>
    </message>
    <message>
        <source>the simulated card has no name</source>
        <translation>card mô phỏng không có tên</translation>
    </message>
    <message>
        <source>the simulated %1 needs a memory bandwidth above 0 bytes/s</source>
        <extracomment>%1 is the card&apos;s name (e.g. NVIDIA H100 SXM)</extracomment>
        <translation>%1 mô phỏng cần băng thông bộ nhớ lớn hơn 0 byte/s</translation>
    </message>
    <message>
        <source>the simulated %1 has a peak FLOP/s that is not a number above 0</source>
        <extracomment>%1 is the card&apos;s name (e.g. NVIDIA H100 SXM)</extracomment>
        <translation>%1 mô phỏng có FLOP/s đỉnh không phải là một số lớn hơn 0</translation>
    </message>
    <message>
        <source>a training step needs at least 1 sequence (--batch) of at least 1 token (--seq-len)</source>
        <translation>một bước huấn luyện cần ít nhất 1 chuỗi (--batch) dài ít nhất 1 token (--seq-len)</translation>
    </message>
    <message>
        <source>gradient accumulation must be between 1 and %1 micro-batches</source>
        <extracomment>%1 is the largest number of micro-batches</extracomment>
        <translation>tích lũy gradient phải từ 1 đến %1 micro-batch</translation>
    </message>
    <message>
        <source>the loss can be computed in at most %1 chunks</source>
        <extracomment>%1 is the largest number of chunks</extracomment>
        <translation>loss có thể được tính trong tối đa %1 phần</translation>
    </message>
    <message>
        <source>an optimizer stepped inside the backward pass frees each gradient at once: it cannot accumulate gradients over several micro-batches (torchtune refuses it too)</source>
        <translation>optimizer được cập nhật ngay trong lượt lan truyền ngược sẽ giải phóng từng gradient ngay lập tức: nó không thể tích lũy gradient qua nhiều micro-batch (torchtune cũng từ chối điều này)</translation>
    </message>
    <message>
        <source>the LoRA rank must be between 1 and %1</source>
        <extracomment>%1 is the largest rank</extracomment>
        <translation>hạng LoRA phải từ 1 đến %1</translation>
    </message>
    <message>
        <source>LoRA needs at least one target (--lora-targets q_proj,v_proj, ...)</source>
        <translation>LoRA cần ít nhất một module đích (--lora-targets q_proj,v_proj, ...)</translation>
    </message>
    <message>
        <source>master weights are a full fine-tune&apos;s: LoRA adapters are trained in their own dtype (float32 adapters, or the compute dtype)</source>
        <translation>trọng số master là của fine-tune toàn phần: adapter LoRA được huấn luyện ở kiểu dữ liệu riêng của chúng (adapter float32, hoặc kiểu tính toán)</translation>
    </message>
    <message>
        <source>vLLM&apos;s plan needs the device&apos;s total memory, which %1 does not report</source>
        <extracomment>%1 a device id such as cuda:0</extracomment>
        <translation>kế hoạch của vLLM cần tổng bộ nhớ của thiết bị, mà %1 không báo</translation>
    </message>
</context>
<context>
    <name>RunSummary</name>
    <message>
        <source>The run did not start: %1</source>
        <extracomment>%1 is the reason, one line from the runtime or the configuration check</extracomment>
        <translation>Lần chạy không bắt đầu được: %1</translation>
    </message>
    <message>
        <source>phases passed: %1 of %1</source>
        <extracomment>%1 phases, all passed. Label and value, so no plural forms are needed.</extracomment>
        <translation>giai đoạn thành công: %1 trên %1</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5); out of memory in %6</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier that failed first, such as cold_forward. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>giai đoạn đã chạy: %1 trên %2 (thành công: %3, thất bại: %4, chưa chạy: %5); hết bộ nhớ ở %6</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5); first failure in %6</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier that failed first, such as cold_forward. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>giai đoạn đã chạy: %1 trên %2 (thành công: %3, thất bại: %4, chưa chạy: %5); thất bại đầu tiên ở %6</translation>
    </message>
    <message>
        <source>stopped: phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run. The user pressed Stop.</extracomment>
        <translation>đã dừng: giai đoạn đã chạy: %1 trên %2 (thành công: %3, thất bại: %4, chưa chạy: %5)</translation>
    </message>
    <message>
        <source>phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run</extracomment>
        <translation>giai đoạn đã chạy: %1 trên %2 (thành công: %3, thất bại: %4, chưa chạy: %5)</translation>
    </message>
    <message>
        <source>stopped during %6: phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)</source>
        <extracomment>%1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier, such as decode, that the user&apos;s Stop cut short. Label and value pairs, so no plural forms are needed.</extracomment>
        <translation>đã dừng trong %6: giai đoạn đã chạy: %1 trên %2 (thành công: %3, thất bại: %4, chưa chạy: %5)</translation>
    </message>
</context>
<context>
    <name>SafeFileWriter</name>
    <message>
        <source>Could not write %1: %2. Nothing was replaced.</source>
        <extracomment>%1 is a file path, %2 the system&apos;s reason (e.g. &quot;No space left on device&quot;)</extracomment>
        <translation>Không thể ghi %1: %2. Không có gì bị thay thế.</translation>
    </message>
    <message>
        <source>No file name was given.</source>
        <translation>Chưa có tên tệp.</translation>
    </message>
    <message>
        <source>%1 already exists and was left untouched.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 đã tồn tại và được giữ nguyên.</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>đó là một thư mục</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>thư mục không tồn tại</translation>
    </message>
</context>
<context>
    <name>SweepText</name>
    <message>
        <source>batch</source>
        <translation>lô</translation>
    </message>
    <message>
        <source>context</source>
        <translation>ngữ cảnh</translation>
    </message>
    <message>
        <source>width</source>
        <translation>độ rộng</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>chuỗi</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>token prompt</translation>
    </message>
    <message>
        <source>generated tokens</source>
        <translation>token sinh ra</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>%1 is a list of device ids, e.g. sim:0</extracomment>
        <translation>%1 (mô phỏng)</translation>
    </message>
    <message>
        <source>out of memory in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>hết bộ nhớ ở %1</translation>
    </message>
    <message>
        <source>failed in %1</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>thất bại ở %1</translation>
    </message>
    <message>
        <source>Boundary: %1 %2 passes, %3 fails (%4).</source>
        <extracomment>%1 dimension name, %2 the largest passing value, %3 the smallest failing value, %4 why it failed</extracomment>
        <translation>Ranh giới: %1 %2 đạt, %3 thất bại (%4).</translation>
    </message>
    <message>
        <source>Not yet at the resolution.</source>
        <translation>Chưa đạt độ phân giải.</translation>
    </message>
    <message>
        <source>No failure up to the maximum: %1 %2 passes.</source>
        <extracomment>%1 dimension name, %2 the largest value tried, which passed</extracomment>
        <translation>Không thất bại đến mức tối đa: %1 %2 đạt.</translation>
    </message>
    <message>
        <source>Largest passing so far: %1 %2; no failure yet.</source>
        <extracomment>%1 dimension name, %2 the largest passing value so far</extracomment>
        <translation>Giá trị đạt lớn nhất đến nay: %1 %2; chưa có thất bại.</translation>
    </message>
    <message>
        <source>Nothing passed: %1 %2 already fails.</source>
        <extracomment>%1 dimension name, %2 the smallest value tried, which failed</extracomment>
        <translation>Không có giá trị nào đạt: %1 %2 đã thất bại.</translation>
    </message>
    <message>
        <source>No trial has finished yet.</source>
        <translation>Chưa có lần thử nào kết thúc.</translation>
    </message>
    <message numerus="yes">
        <source>Fitted over %n passing trial(s): peak allocated ≈ %1.</source>
        <extracomment>%n passing trials used, %1 the fitted formula, e.g. &quot;1.20 GiB + 0.31 GiB × sequences&quot;</extracomment>
        <translation>
            <numerusform>Khớp trên %n lần thử đạt: đỉnh allocated ≈ %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2): no limit follows from the fit (assumed)</source>
        <extracomment>%1 card name, %2 its capacity; the fit does not grow, so it gives no limit</extracomment>
        <translation>%1 (%2): phép khớp không cho giới hạn nào (giả định)</translation>
    </message>
    <message>
        <source>%1 (%2): nothing fits (assumed)</source>
        <extracomment>%1 card name, %2 its capacity</extracomment>
        <translation>%1 (%2): không có gì vừa (giả định)</translation>
    </message>
    <message>
        <source>%1 (%2): %3 ≤ %4 (assumed)</source>
        <extracomment>%1 card name, %2 its capacity, %3 dimension name, %4 the largest value the fit gives on it</extracomment>
        <translation>%1 (%2): %3 ≤ %4 (giả định)</translation>
    </message>
    <message>
        <source>%1: no limit</source>
        <extracomment>%1 card name; the fit does not grow, so it gives no limit</extracomment>
        <translation>%1: không giới hạn</translation>
    </message>
    <message>
        <source>%1: nothing fits</source>
        <extracomment>%1 card name</extracomment>
        <translation>%1: không có gì vừa</translation>
    </message>
    <message>
        <source>%1: ≤ %2</source>
        <extracomment>%1 card name, %2 the largest value the fit gives on it</extracomment>
        <translation>%1: ≤ %2</translation>
    </message>
    <message>
        <source>Assumed from the fit, not measured: the largest %1 on %2.</source>
        <extracomment>%1 dimension name, %2 a list of cards with the largest value on each</extracomment>
        <translation>Giả định từ phép khớp, không đo: %1 lớn nhất trên %2.</translation>
    </message>
    <message>
        <source>sequence length (training)</source>
        <translation>độ dài chuỗi (huấn luyện)</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-model-len</source>
        <translation>--max-model-len của vLLM</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-num-seqs</source>
        <translation>--max-num-seqs của vLLM</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>CUDA context, outside the allocator</source>
        <translation>ngữ cảnh CUDA, ngoài allocator</translation>
    </message>
    <message>
        <source>a typical size; the simulated device assumes the same</source>
        <translation>kích thước điển hình; thiết bị mô phỏng giả định cùng giá trị</translation>
    </message>
    <message>
        <source>math library workspace, outside the allocator</source>
        <translation>vùng làm việc của thư viện toán, ngoài allocator</translation>
    </message>
    <message>
        <source>cuBLAS&apos;s on Hopper, the largest of cuBLAS, cuBLAS on Hopper and hipBLASLt</source>
        <translation>của cuBLAS trên Hopper, lớn nhất trong cuBLAS, cuBLAS trên Hopper và hipBLASLt</translation>
    </message>
    <message>
        <source>your reserve</source>
        <translation>phần dự phòng của bạn</translation>
    </message>
    <message>
        <source>as typed: other processes and a safety margin</source>
        <translation>như đã nhập: các tiến trình khác và một biên an toàn</translation>
    </message>
    <message>
        <source>allocator&apos;s peak reserved in %1 (predicted)</source>
        <extracomment>%1 the phase that sets the peak (&quot;prefill&quot;, &quot;decode&quot;)</extracomment>
        <translation>đỉnh reserved của allocator trong %1 (dự đoán)</translation>
    </message>
    <message>
        <source>the decoder&apos;s predictor over the caching allocator: %1 bytes reserved, %2 bytes allocated</source>
        <extracomment>%1 and %2 byte counts</extracomment>
        <translation>bộ dự đoán của decoder trên caching allocator: %1 byte reserved, %2 byte allocated</translation>
    </message>
    <message>
        <source>The allocator&apos;s peak is predicted from the decoder&apos;s tensors, as a run on a simulated card reaches it.</source>
        <translation>Đỉnh của allocator được dự đoán từ các tensor của decoder, như một lần chạy trên card mô phỏng đạt tới.</translation>
    </message>
    <message>
        <source>the estimate&apos;s largest phase, %1</source>
        <extracomment>%1 the phase&apos;s name (&quot;inference&quot;, &quot;train_step&quot;)</extracomment>
        <translation>giai đoạn lớn nhất của ước tính, %1</translation>
    </message>
    <message>
        <source>the sizing engine&apos;s components alive in that phase</source>
        <translation>các thành phần của bộ tính kích thước tồn tại trong giai đoạn đó</translation>
    </message>
    <message>
        <source>allocator&apos;s rounding and cached blocks</source>
        <translation>làm tròn và các khối được cache của allocator</translation>
    </message>
    <message>
        <source>%1 % of the phase&apos;s %2 bytes above the weights, at least %3 bytes</source>
        <extracomment>%1 a percentage, %2 and %3 byte counts</extracomment>
        <translation>%1 % của %2 byte của giai đoạn vượt trên trọng số, ít nhất %3 byte</translation>
    </message>
    <message>
        <source>The allocator&apos;s peak is the sizing engine&apos;s largest phase with an assumed margin: the decoder&apos;s predictor does not apply (%1).</source>
        <extracomment>%1 why the decoder&apos;s predictor does not apply, in words</extracomment>
        <translation>Đỉnh của allocator là giai đoạn lớn nhất của bộ tính kích thước cộng một biên giả định: bộ dự đoán của decoder không áp dụng (%1).</translation>
    </message>
    <message>
        <source>Recorded on %1 (imported, not measured here)</source>
        <extracomment>%1 the device&apos;s name; the run was rebuilt from another tool&apos;s recording</extracomment>
        <translation>Được ghi trên %1 (nhập vào, không đo ở đây)</translation>
    </message>
    <message>
        <source>Measured on the simulated card %1</source>
        <extracomment>%1 the simulated card&apos;s id in the GPU catalog (&quot;rtx-4090&quot;); a memory model, not a GPU measurement</extracomment>
        <translation>Đo trên card mô phỏng %1</translation>
    </message>
    <message>
        <source>Measured on the simulated device %1</source>
        <extracomment>%1 the simulated device&apos;s id (&quot;sim:0&quot;), no card of the catalog; a memory model, not a GPU measurement</extracomment>
        <translation>Đo trên thiết bị mô phỏng %1</translation>
    </message>
    <message>
        <source>Measured on %1</source>
        <extracomment>%1 the device&apos;s name</extracomment>
        <translation>Đo trên %1</translation>
    </message>
    <message>
        <source>%1: fits, every phase passed at %2 (peak reserved %3).</source>
        <extracomment>%1 where (&quot;Measured on a simulated RTX 4090&quot;), %2 the load, %3 the highest peak reserved</extracomment>
        <translation>%1: vừa, mọi giai đoạn đều đạt ở %2 (đỉnh reserved %3).</translation>
    </message>
    <message>
        <source>%1: out of memory in %2 at %3.</source>
        <extracomment>%1 where (&quot;Measured on a simulated RTX 4090&quot;), %2 the phase that failed, %3 the load</extracomment>
        <translation>%1: hết bộ nhớ ở %2 với %3.</translation>
    </message>
    <message>
        <source>%1: %2 failed at %3, not for want of memory; the run does not tell whether it fits.</source>
        <extracomment>%1 where, %2 the phase that failed, %3 the load; the failure was not for want of memory</extracomment>
        <translation>%1: %2 thất bại ở %3, không phải do thiếu bộ nhớ; lần chạy không cho biết có vừa hay không.</translation>
    </message>
    <message>
        <source>%1: the run at %2 did not finish; it does not tell whether it fits.</source>
        <extracomment>%1 where, %2 the load</extracomment>
        <translation>%1: lần chạy với %2 không hoàn tất; không cho biết có vừa hay không.</translation>
    </message>
    <message>
        <source>The estimate said it fits (%1 needed of %2); the measurement ran out of memory.</source>
        <extracomment>%1 the estimate&apos;s need, %2 the device&apos;s capacity</extracomment>
        <translation>Ước tính nói là vừa (cần %1 trên %2); phép đo đã hết bộ nhớ.</translation>
    </message>
    <message>
        <source>The estimate said it does not fit (%1 needed of %2); the measurement passed with a peak of %3 reserved.</source>
        <extracomment>%1 the estimate&apos;s need, %2 the device&apos;s capacity, %3 the measured peak reserved</extracomment>
        <translation>Ước tính nói là không vừa (cần %1 trên %2); phép đo đã đạt với đỉnh %3 reserved.</translation>
    </message>
</context>
<context>
    <name>WeightFormat</name>
    <message>
        <source>fp32: 4 bytes per parameter, no metadata.</source>
        <translation>fp32: 4 byte mỗi tham số, không có metadata.</translation>
    </message>
    <message>
        <source>fp16: 2 bytes per parameter, no metadata.</source>
        <translation>fp16: 2 byte mỗi tham số, không có metadata.</translation>
    </message>
    <message>
        <source>bf16: 2 bytes per parameter, no metadata.</source>
        <translation>bf16: 2 byte mỗi tham số, không có metadata.</translation>
    </message>
    <message>
        <source>INT8 (per-channel scales)</source>
        <translation>INT8 (scale theo từng kênh)</translation>
    </message>
    <message>
        <source>int8: 1 byte per parameter plus one fp32 scale per output channel of each linear (LLM.int8-style row scales; counted when the shape is known).</source>
        <translation>int8: 1 byte mỗi tham số cộng một scale fp32 cho mỗi kênh đầu ra của từng lớp tuyến tính (scale theo hàng kiểu LLM.int8; được tính khi biết hình dạng).</translation>
    </message>
    <message>
        <source>4-bit compact (no metadata)</source>
        <translation>4 bit gọn (không có metadata)</translation>
    </message>
    <message>
        <source>4-bit compact: exactly 4 bits per parameter, no scales, no zeros: the theoretical lower bound, not a real checkpoint layout.</source>
        <translation>4 bit gọn: đúng 4 bit mỗi tham số, không có scale, không có điểm 0: cận dưới lý thuyết, không phải bố cục của một checkpoint thực tế.</translation>
    </message>
    <message>
        <source>NF4 double quantization (bitsandbytes)</source>
        <translation>NF4 lượng tử hóa kép (bitsandbytes)</translation>
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
        <translation>nf4 (bitsandbytes): mã 4 bit cộng một absmax fp32 cho mỗi khối giá trị (mặc định 64), thêm một bảng lượng tử fp32 16 phần tử cho mỗi tensor (tính khi biết hình dạng).</translation>
    </message>
    <message>
        <source>fp4 (bitsandbytes): 4-bit codes plus one fp32 absmax per block of values (64 by default), plus a 16-entry fp32 quant map per tensor (counted when the shape is known).</source>
        <translation>fp4 (bitsandbytes): mã 4 bit cộng một absmax fp32 cho mỗi khối giá trị (mặc định 64), thêm một bảng lượng tử fp32 16 phần tử cho mỗi tensor (tính khi biết hình dạng).</translation>
    </message>
    <message>
        <source>nf4 with double quantization: 4-bit codes, one 8-bit absmax per block of values (64 by default), one fp32 second-level scale per 256 blocks.</source>
        <translation>nf4 lượng tử hóa kép: mã 4 bit, một absmax 8 bit cho mỗi khối giá trị (mặc định 64), một hệ số tỉ lệ fp32 cấp hai cho mỗi 256 khối.</translation>
    </message>
    <message>
        <source>GPTQ int4: 4-bit codes packed in int32 (qweight), per group of input rows (128 by default) and output column one fp16 scale and one packed 4-bit zero (qzeros), plus one int32 g_idx per input row (shape known).</source>
        <translation>GPTQ int4: mã 4 bit đóng gói trong int32 (qweight), mỗi nhóm hàng đầu vào (mặc định 128) và cột đầu ra có một hệ số tỉ lệ fp16 và một điểm không 4 bit đóng gói (qzeros), thêm một g_idx int32 cho mỗi hàng đầu vào (khi biết hình dạng).</translation>
    </message>
    <message>
        <source>AWQ int4: 4-bit codes packed in int32, per group of input rows (128 by default) and output column one fp16 scale and one packed 4-bit zero; no g_idx.</source>
        <translation>AWQ int4: mã 4 bit đóng gói trong int32, mỗi nhóm hàng đầu vào (mặc định 128) và cột đầu ra có một hệ số tỉ lệ fp16 và một điểm không 4 bit đóng gói; không có g_idx.</translation>
    </message>
    <message>
        <source>MXFP4 (experts)</source>
        <translation>MXFP4 (chuyên gia)</translation>
    </message>
    <message>
        <source>MXFP4 as gpt-oss stores it: the MoE experts&apos; weights in 4-bit e2m1 codes with one 8-bit e8m0 scale per 32 values (4.25 bits per parameter); attention, router, embeddings, head, norms and biases in 16 bit.</source>
        <translation>MXFP4 theo cách gpt-oss lưu trữ: trọng số của các chuyên gia MoE ở dạng mã e2m1 4 bit với một scale e8m0 8 bit cho mỗi 32 giá trị (4,25 bit mỗi tham số); attention, bộ định tuyến, lớp nhúng, head, tham số chuẩn hóa và bias ở 16 bit.</translation>
    </message>
    <message>
        <source>fp8 e4m3: 1 byte per parameter plus one fp32 scale per tensor, or per block when the config gives a weight_block_size (counted when the shape is known).</source>
        <translation>fp8 e4m3: 1 byte mỗi tham số cộng một scale fp32 cho mỗi tensor, hoặc cho mỗi khối khi cấu hình cho weight_block_size (được tính khi biết hình dạng).</translation>
    </message>
    <message>
        <source>fp8 e5m2: 1 byte per parameter plus one fp32 scale per tensor, or per block when the config gives a weight_block_size (counted when the shape is known).</source>
        <translation>fp8 e5m2: 1 byte mỗi tham số cộng một scale fp32 cho mỗi tensor, hoặc cho mỗi khối khi cấu hình cho weight_block_size (được tính khi biết hình dạng).</translation>
    </message>
</context>
<context>
    <name>Workload</name>
    <message>
        <source>a script (not named), measured by %1, %2</source>
        <extracomment>%1 the probe that measured the script, %2 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>một script (không có tên), được đo bởi %1, %2</translation>
    </message>
    <message>
        <source>script %1, measured by %2, %3</source>
        <extracomment>%1 the program and its arguments, %2 the probe that measured it, %3 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>script %1, được đo bởi %2, %3</translation>
    </message>
    <message>
        <source>%1, %2 weights, %3 sequence(s) x %4 prompt + %5 generated tokens, %6 KV cache, %7 attention</source>
        <extracomment>%1 the model as named, %2 the weight format (bf16, nf4, ...), %3 sequences, %4 prompt tokens, %5 generated tokens, %6 the KV cache (dynamic, static, paged), %7 the attention (eager, sdpa)</extracomment>
        <translation>%1, trọng số %2, %3 chuỗi x %4 token prompt + %5 token sinh ra, cache KV %6, attention %7</translation>
    </message>
    <message>
        <source>dense network, batch %1, context %2, width %3, %4, %5</source>
        <extracomment>the dense network: %1 batch, %2 context tokens, %3 width, %4 dtype, %5 &quot;inference&quot; or &quot;training&quot;</extracomment>
        <translation>mạng dày đặc, batch %1, ngữ cảnh %2, độ rộng %3, %4, %5</translation>
    </message>
    <message>
        <source>the script&apos;s own load</source>
        <translation>tải riêng của script</translation>
    </message>
    <message>
        <source>%1 sequence(s) x %2 prompt + %3 generated tokens</source>
        <extracomment>%1 sequences, %2 prompt tokens, %3 generated tokens</extracomment>
        <translation>%1 chuỗi x %2 token prompt + %3 token sinh ra</translation>
    </message>
    <message>
        <source>batch %1, context %2, width %3</source>
        <extracomment>%1 batch, %2 context tokens, %3 width</extracomment>
        <translation>batch %1, ngữ cảnh %2, độ rộng %3</translation>
    </message>
    <message>
        <source>%1, %2 fine-tuning step (%3&apos;s habits), %4 weights, micro-batch %5 x %6 tokens, %7 attention</source>
        <extracomment>a fine-tuning step: %1 the model as named, %2 full, lora or qlora, %3 the framework (hf, torchtune), %4 the weight format, %5 sequences per micro-batch, %6 tokens per sequence, %7 the attention (eager, sdpa)</extracomment>
        <translation>%1, bước tinh chỉnh %2 (theo thói quen của %3), trọng số %4, micro-batch %5 x %6 token, attention %7</translation>
    </message>
    <message>
        <source>a micro-batch of %1 sequence(s) x %2 tokens</source>
        <extracomment>a training step&apos;s load: %1 sequences per micro-batch, %2 tokens per sequence</extracomment>
        <translation>một micro-batch %1 chuỗi x %2 token</translation>
    </message>
    <message>
        <source>vLLM serving %1 request(s) of %2 prompt + %3 generated tokens, --max-model-len %4</source>
        <extracomment>vLLM&apos;s start-up rehearsed (measure --engine vllm): %1 requests served, %2 prompt tokens and %3 generated tokens of each, %4 vLLM&apos;s --max-model-len (the option&apos;s name is vLLM&apos;s, not translated)</extracomment>
        <translation>vLLM phục vụ %1 yêu cầu, mỗi yêu cầu %2 token prompt + %3 token sinh ra, --max-model-len %4</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::AboutDialog</name>
    <message>
        <source>About IteraGPU Lab</source>
        <translation>Giới thiệu IteraGPU Lab</translation>
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
        <translation>Phiên bản %1, commit %2
Qt %3 (biên dịch với Qt %4)
Ước tính bộ nhớ GPU cho một workload ML, rồi đo nó theo từng giai đoạn.</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Built</source>
        <translation>Đã biên dịch</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Đã nạp</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Chi tiết</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>có</translation>
    </message>
    <message>
        <source>no</source>
        <translation>không</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <extracomment>%n number of devices found by the backend</extracomment>
        <translation>
            <numerusform>%n thiết bị</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::BreakdownModel</name>
    <message>
        <source>Total (largest phase + reserve)</source>
        <translation>Tổng (giai đoạn lớn nhất + dự phòng)</translation>
    </message>
    <message>
        <source>Sum of all components + reserve</source>
        <translation>Tổng mọi thành phần + dự phòng</translation>
    </message>
    <message>
        <source>Reserve (%1 as typed)</source>
        <extracomment>%1 is the reserve as the user typed it, e.g. &quot;4 GiB&quot;</extracomment>
        <translation>Dự phòng (%1 như đã nhập)</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>chưa tính</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <source>Not computed: the model shape is needed.</source>
        <translation>Chưa tính: cần hình dạng (shape) của mô hình.</translation>
    </message>
    <message>
        <source>Largest phase: %1</source>
        <extracomment>%1 is the id of the most demanding phase, e.g. &quot;train_step&quot;</extracomment>
        <translation>Giai đoạn lớn nhất: %1</translation>
    </message>
    <message>
        <source>Not alive in the largest phase.</source>
        <translation>Không tồn tại trong giai đoạn lớn nhất.</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Thành phần</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Byte</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::CatalogFitModel</name>
    <message>
        <source>fits</source>
        <translation>vừa</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>không vừa</translation>
    </message>
    <message>
        <source>more than 8</source>
        <translation>hơn 8</translation>
    </message>
    <message>
        <source>Reported by the device: %1 (sold as %2)</source>
        <extracomment>%1 is the exact capacity in bytes with GB and GiB, %2 the marketed capacity, e.g. &quot;141 GB&quot;</extracomment>
        <translation>Thiết bị khai báo: %1 (nhãn thương mại %2)</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is a signed byte count</extracomment>
        <translation>%1 byte</translation>
    </message>
    <message>
        <source>Tensor-parallel degree: weights and KV heads are divided among the devices; the need is per device, several GPUs are not one memory pool.</source>
        <translation>Bậc song song tensor: trọng số và các đầu KV được chia cho các thiết bị; nhu cầu tính theo từng thiết bị, nhiều GPU không phải là một bể bộ nhớ duy nhất.</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Card</translation>
    </message>
    <message>
        <source>Sold as</source>
        <translation>Nhãn thương mại</translation>
    </message>
    <message>
        <source>Reported</source>
        <translation>Khai báo</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Thiết bị</translation>
    </message>
    <message>
        <source>Needed per device</source>
        <translation>Cần mỗi thiết bị</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Biên</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Kết luận</translation>
    </message>
    <message>
        <source>Dominant</source>
        <translation>Chiếm ưu thế</translation>
    </message>
    <message>
        <source>Smallest fitting TP</source>
        <translation>TP nhỏ nhất vừa</translation>
    </message>
    <message>
        <source>fits (measured)</source>
        <translation>vừa (đã đo)</translation>
    </message>
    <message>
        <source>out of memory (measured)</source>
        <translation>hết bộ nhớ (đã đo)</translation>
    </message>
    <message>
        <source>The estimate says it fits; the run on this card did not.</source>
        <translation>Ước tính nói là vừa; lần chạy trên card này thì không.</translation>
    </message>
    <message>
        <source>The estimate says it does not fit; the run on this card passed.</source>
        <translation>Ước tính nói là không vừa; lần chạy trên card này đã đạt.</translation>
    </message>
    <message>
        <source>Measured on this card; the estimate agrees.</source>
        <translation>Đã đo trên card này; ước tính khớp.</translation>
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
        <translation>Thành phần</translation>
    </message>
    <message>
        <source>How it is computed</source>
        <translation>Cách tính</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Kết quả</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Loại</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Sao chép dạng văn bản</translation>
    </message>
    <message>
        <source>Copy these lines as plain text.</source>
        <translation>Sao chép các dòng này dưới dạng văn bản thuần.</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Sao chép dạng Markdown</translation>
    </message>
    <message>
        <source>Copy these lines as a Markdown table.</source>
        <translation>Sao chép các dòng này dưới dạng bảng Markdown.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DecidePage</name>
    <message>
        <source>The decision sheet as Export decision sheet would write it now: the estimate, what was measured and the sweep&apos;s boundary, computed, observed and assumed kept apart. The export asks for the choice made and the language.</source>
        <translation>Bảng quyết định như lệnh Xuất bảng quyết định sẽ ghi lúc này: ước tính, những gì đã đo và ranh giới của lượt quét, tách riêng phần tính toán, quan sát và giả định. Khi xuất sẽ hỏi lựa chọn đã đưa ra và ngôn ngữ.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DeviceChoiceBox</name>
    <message>
        <source>%1 as %2</source>
        <extracomment>a device beside the steps: %1 its id (sim:0), %2 the catalog card it stands in for</extracomment>
        <translation>%1 dưới dạng %2</translation>
    </message>
    <message>
        <source>%1, simulated as %2 (%3); not a GPU measurement</source>
        <extracomment>the device&apos;s tool tip: %1 its id (sim:0), %2 the card it stands in for, %3 the card&apos;s capacity</extracomment>
        <translation>%1, mô phỏng dưới dạng %2 (%3); không phải phép đo GPU</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>a device beside the steps: %1 its id (sim:0)</extracomment>
        <translation>%1 (mô phỏng)</translation>
    </message>
    <message>
        <source>%1, the simulated device; its capacity is set on the Measure step</source>
        <extracomment>the device&apos;s tool tip: %1 its id (sim:0)</extracomment>
        <translation>%1, thiết bị mô phỏng; dung lượng của nó được đặt ở bước Đo</translation>
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
        <translation>dung lượng không rõ</translation>
    </message>
    <message>
        <source>No device can run</source>
        <translation>Không có thiết bị nào chạy được</translation>
    </message>
    <message>
        <source>%1.
The device every step sizes for and every run measures on; its details, the refresh and the simulated card are on the Measure step.</source>
        <extracomment>%1 the chosen device&apos;s description</extracomment>
        <translation>%1.
Thiết bị mà mọi bước tính kích thước cho nó và mọi lần chạy đo trên nó; chi tiết, làm mới và card mô phỏng nằm ở bước Đo.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DeviceListModel</name>
    <message>
        <source>not built into this version</source>
        <translation>không được tích hợp trong phiên bản này</translation>
    </message>
    <message>
        <source>no device found</source>
        <translation>không tìm thấy thiết bị</translation>
    </message>
    <message>
        <source>unavailable: %1</source>
        <extracomment>%1 is the reason a GPU backend is unavailable, in the loader&apos;s or the runtime&apos;s own words</extracomment>
        <translation>không khả dụng: %1</translation>
    </message>
    <message>
        <source>Simulated device: simulated, not a GPU measurement</source>
        <translation>Thiết bị mô phỏng: mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>%1 is an amount, %2 the unit symbol GB or GiB</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 bytes reported by the runtime</source>
        <extracomment>%1 is a byte count with thousands separators</extracomment>
        <translation>%1 byte do runtime báo cáo</translation>
    </message>
    <message>
        <source>The simulated device models memory only. Its figures are simulated, not a GPU measurement.</source>
        <translation>Thiết bị mô phỏng chỉ mô hình hóa bộ nhớ. Các số liệu của nó là mô phỏng, không phải phép đo GPU.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Thiết bị</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Tên</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Dung lượng</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Driver</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <source>Simulated device as %1: simulated, not a GPU measurement</source>
        <extracomment>%1 is the GPU catalog&apos;s card the simulated device stands in for</extracomment>
        <translation>Thiết bị mô phỏng như %1: mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>%1 bytes, the capacity of %2 that the simulated device stands in for</source>
        <extracomment>%1 is a byte count with thousands separators, %2 the GPU catalog&apos;s card</extracomment>
        <translation>%1 byte, dung lượng của %2 mà thiết bị mô phỏng đại diện</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::DevicePicker</name>
    <message numerus="yes">
        <source>Device list refreshed: %n GPU(s) found.</source>
        <extracomment>%n number of GPUs found by the loaded backends</extracomment>
        <translation>
            <numerusform>Đã làm mới danh sách thiết bị: tìm thấy %n GPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>Unavailable: %1</source>
        <extracomment>%1 is a list of backends with the reason each is unavailable</extracomment>
        <translation>Không khả dụng: %1</translation>
    </message>
    <message>
        <source>No GPU found (the greyed lines say why). sim:0 is available: simulated, not a GPU measurement.</source>
        <translation>Không tìm thấy GPU (các dòng màu xám cho biết lý do). Có sẵn sim:0: mô phỏng, không phải phép đo GPU.</translation>
    </message>
    <message>
        <source>No device selected.</source>
        <translation>Chưa chọn thiết bị nào.</translation>
    </message>
    <message>
        <source>%1 bytes (%2 %3)</source>
        <extracomment>%1 is a byte count with thousands separators, %2 the same in the unit, %3 the unit symbol</extracomment>
        <translation>%1 byte (%2 %3)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Driver: %3 · Runtime: %4</source>
        <extracomment>%1 device id, %2 capacity, %3 driver version, %4 runtime version</extracomment>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;Driver: %3 · Runtime: %4</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Mô phỏng, không phải phép đo GPU.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Làm mới</translation>
    </message>
    <message>
        <source>Load the GPU backends again and list their devices</source>
        <translation>Nạp lại các backend GPU và liệt kê thiết bị của chúng</translation>
    </message>
    <message>
        <source>Simulated as %1, not a GPU measurement.</source>
        <extracomment>%1 is the GPU catalog&apos;s card the simulated device stands in for (its capacity and pace)</extracomment>
        <translation>Mô phỏng theo %1, không phải phép đo GPU.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::EngineBox</name>
    <message>
        <source>Serving engine</source>
        <translation>Engine phục vụ</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>Engine:</translation>
    </message>
    <message>
        <source>transformers (the estimate above)</source>
        <translation>transformers (ước tính ở trên)</translation>
    </message>
    <message>
        <source>vLLM (its memory plan)</source>
        <translation>vLLM (kế hoạch bộ nhớ của nó)</translation>
    </message>
    <message>
        <source>llama.cpp (its buffers)</source>
        <translation>llama.cpp (các buffer của nó)</translation>
    </message>
    <message>
        <source>The engine you serve with plans the memory itself: vLLM fills what the utilization leaves after the weights and its profile run with a KV pool, llama.cpp reserves a model, KV and compute buffer per device. The verdict says whether it starts.</source>
        <translation>Engine bạn dùng để phục vụ tự lập kế hoạch bộ nhớ: vLLM lấp phần mà mức sử dụng còn lại sau trọng số và lần chạy profile bằng một pool KV; llama.cpp dành một buffer mô hình, KV và tính toán cho mỗi thiết bị. Kết luận cho biết nó có khởi động được không.</translation>
    </message>
    <message>
        <source>--gpu-memory-utilization:</source>
        <translation>--gpu-memory-utilization:</translation>
    </message>
    <message>
        <source>The share of the card&apos;s CUDA-visible total this vLLM instance may use</source>
        <translation>Phần tổng bộ nhớ CUDA thấy được của card mà instance vLLM này được dùng</translation>
    </message>
    <message>
        <source>--max-model-len:</source>
        <translation>--max-model-len:</translation>
    </message>
    <message>
        <source>the model&apos;s</source>
        <translation>của mô hình</translation>
    </message>
    <message>
        <source>Tokens per request; 0: the model&apos;s max_position_embeddings</source>
        <translation>Số token mỗi yêu cầu; 0: max_position_embeddings của mô hình</translation>
    </message>
    <message>
        <source>--max-num-seqs:</source>
        <translation>--max-num-seqs:</translation>
    </message>
    <message>
        <source>the release&apos;s default</source>
        <translation>mặc định của phiên bản</translation>
    </message>
    <message>
        <source>--kv-cache-dtype:</source>
        <translation>--kv-cache-dtype:</translation>
    </message>
    <message>
        <source>--enforce-eager (no CUDA graphs)</source>
        <translation>--enforce-eager (không CUDA graph)</translation>
    </message>
    <message>
        <source>--ctx-size:</source>
        <translation>--ctx-size:</translation>
    </message>
    <message>
        <source>Context cells; 0: the model&apos;s trained context (n_ctx_train)</source>
        <translation>Số ô ngữ cảnh; 0: ngữ cảnh huấn luyện của mô hình (n_ctx_train)</translation>
    </message>
    <message>
        <source>--n-gpu-layers:</source>
        <translation>--n-gpu-layers:</translation>
    </message>
    <message>
        <source>auto (every layer)</source>
        <translation>auto (mọi lớp)</translation>
    </message>
    <message>
        <source>--parallel:</source>
        <translation>--parallel:</translation>
    </message>
    <message>
        <source>Sequences served at once, each with its own KV stream</source>
        <translation>Số chuỗi phục vụ cùng lúc, mỗi chuỗi một luồng KV riêng</translation>
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
        <translation>Lưu phiếu quyết định</translation>
    </message>
    <message>
        <source>Markdown (*.md);;HTML (*.html);;PDF (*.pdf)</source>
        <translation>Markdown (*.md);;HTML (*.html);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export the decision sheet</source>
        <translation>Xuất phiếu quyết định</translation>
    </message>
    <message>
        <source>Choice made:</source>
        <translation>Lựa chọn đã chọn:</translation>
    </message>
    <message>
        <source>e.g. Rent one H100 80 GB: the peak of warm_forward at batch 2 fits with 9 GiB margin.</source>
        <translation>VD: Thuê một H100 80 GB, đỉnh của warm_forward với batch 2 vừa, còn biên 9 GiB.</translation>
    </message>
    <message>
        <source>Language of the sheet:</source>
        <translation>Ngôn ngữ của phiếu:</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Định dạng:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Tệp:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Duyệt…</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Kết quả:</translation>
    </message>
    <message>
        <source>Write the raw JSON result beside the sheet</source>
        <translation>Ghi kết quả JSON thô cạnh phiếu</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::FileOpener</name>
    <message>
        <source>%1 could not be opened as a result.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>trọng số: số byte của các tensor như được lưu trong %1 (%2), nạp như đã lưu</translation>
    </message>
    <message>
        <source>%1: this kind of file cannot be opened here.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>số byte của các tensor như được lưu trong tệp GGUF = %1 byte (%2)</translation>
    </message>
    <message>
        <source>%1 could not be read; the sizing panel says why.</source>
        <extracomment>%1 is a file path; the sizing panel shows the reader&apos;s own error</extracomment>
        <translation>Không đọc được %1; bảng ước tính cho biết lý do.</translation>
    </message>
    <message>
        <source>%1 could not be imported as a PyTorch snapshot.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Không thể nhập %1 dưới dạng ảnh chụp bộ nhớ PyTorch.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::FormatBox</name>
    <message>
        <source>Formats</source>
        <translation>Định dạng</translation>
    </message>
    <message>
        <source>Storage format:</source>
        <translation>Định dạng lưu trữ:</translation>
    </message>
    <message>
        <source>Compute format:</source>
        <translation>Định dạng tính toán:</translation>
    </message>
    <message>
        <source>Block size (NF4/FP4):</source>
        <translation>Kích thước khối (NF4/FP4):</translation>
    </message>
    <message>
        <source>Group size (GPTQ/AWQ):</source>
        <translation>Kích thước nhóm (GPTQ/AWQ):</translation>
    </message>
    <message>
        <source>Stored as the model is: torch_dtype %1, from its config.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16 (an identifier, never translated)</extracomment>
        <translation>Lưu như mô hình: torch_dtype %1, từ cấu hình của nó.</translation>
    </message>
    <message>
        <source>The model is stored as %1 (torch_dtype); sized as chosen here.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16</extracomment>
        <translation>Mô hình được lưu dạng %1 (torch_dtype); định cỡ theo lựa chọn ở đây.</translation>
    </message>
    <message>
        <source>Computes in %1, the model&apos;s torch_dtype.</source>
        <extracomment>%1 is the config&apos;s torch_dtype, e.g. bfloat16</extracomment>
        <translation>Tính toán bằng %1, torch_dtype của mô hình.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::KvCacheBox</name>
    <message>
        <source>%1: %2, typed (the model has %3)</source>
        <extracomment>%1 is a field name (e.g. &quot;KV heads&quot;), %2 the value typed, %3 the model&apos;s own value</extracomment>
        <translation>%1: %2, nhập tay (mô hình có %3)</translation>
    </message>
    <message>
        <source>%1: %2, from the model</source>
        <extracomment>%1 is a field name (e.g. &quot;Layers&quot;), %2 its value as read from the model</extracomment>
        <translation>%1: %2, lấy từ mô hình</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Số lớp</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>Số đầu KV</translation>
    </message>
    <message>
        <source>Sliding window: %1 tokens on every layer, typed over the model&apos;s attention</source>
        <extracomment>%1 is the sliding window typed by the user, in tokens</extracomment>
        <translation>Cửa sổ trượt: %1 token trên mọi lớp, nhập tay thay cho attention của mô hình</translation>
    </message>
    <message>
        <source>Sliding window: %1 tokens on %2 of %3 layers</source>
        <extracomment>%1 window in tokens, %2 number of layers with it, %3 all layers of the model</extracomment>
        <translation>Cửa sổ trượt: %1 token trên %2 trong số %3 lớp</translation>
    </message>
    <message>
        <source>Full attention on %1 of %2 layers</source>
        <extracomment>%1 number of layers with full attention, %2 all layers of the model</extracomment>
        <translation>Attention toàn phần trên %1 trong số %2 lớp</translation>
    </message>
    <message>
        <source>%1, from the model</source>
        <extracomment>%1 is a line such as &quot;Sliding window: 4,096 tokens on 32 of 32 layers&quot;</extracomment>
        <translation>%1, lấy từ mô hình</translation>
    </message>
    <message>
        <source>%1 in the model, not applied</source>
        <extracomment>%1 is a line such as &quot;Sliding window: 4,096 tokens on 32 of 32 layers&quot;</extracomment>
        <translation>%1 trong mô hình, không áp dụng</translation>
    </message>
    <message>
        <source>Trained context: %1 tokens, from the model</source>
        <extracomment>%1 is the model&apos;s max_position_embeddings, in tokens</extracomment>
        <translation>Ngữ cảnh huấn luyện: %1 token, lấy từ mô hình</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>the model&apos;s: %1 tokens</source>
        <extracomment>%1 is the model&apos;s sliding window in tokens, used on every layer</extracomment>
        <translation>của mô hình: %1 token</translation>
    </message>
    <message>
        <source>the model&apos;s, per layer</source>
        <translation>của mô hình, theo từng lớp</translation>
    </message>
    <message>
        <source>KV cache (inference)</source>
        <translation>Cache KV (suy luận)</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>Số lớp:</translation>
    </message>
    <message>
        <source>KV heads:</source>
        <translation>Số đầu KV:</translation>
    </message>
    <message>
        <source>num_key_value_heads, not the query heads.</source>
        <translation>num_key_value_heads, không phải các đầu truy vấn.</translation>
    </message>
    <message>
        <source>head_dim:</source>
        <translation>head_dim:</translation>
    </message>
    <message>
        <source>Prompt tokens:</source>
        <translation>Token đầu vào:</translation>
    </message>
    <message>
        <source>Generated tokens:</source>
        <translation>Token được sinh:</translation>
    </message>
    <message>
        <source>Sequences:</source>
        <translation>Số chuỗi:</translation>
    </message>
    <message>
        <source>KV type:</source>
        <translation>Kiểu KV:</translation>
    </message>
    <message>
        <source>Sliding window:</source>
        <translation>Cửa sổ trượt:</translation>
    </message>
    <message>
        <source>Tokens kept per layer; the lowest value keeps every token (or the model&apos;s own windows).</source>
        <translation>Số token giữ lại mỗi lớp; giá trị thấp nhất giữ mọi token (hoặc các cửa sổ riêng của mô hình).</translation>
    </message>
    <message>
        <source>Static cache (preallocated)</source>
        <translation>Cache tĩnh (cấp phát trước)</translation>
    </message>
    <message>
        <source>Take from the model</source>
        <translation>Lấy từ mô hình</translation>
    </message>
    <message>
        <source>KV cache on: the model gives its layers and heads.</source>
        <translation>Bật bộ nhớ đệm KV: mô hình cho biết các lớp và đầu của nó.</translation>
    </message>
    <message>
        <source>Prompt set to %1 tokens, the model&apos;s trained context (it was %2).</source>
        <extracomment>%1 the model&apos;s trained context in tokens, %2 the prompt that was there before</extracomment>
        <translation>Prompt đặt thành %1 token, ngữ cảnh huấn luyện của mô hình (trước là %2).</translation>
    </message>
    <message>
        <source>Prompt and generated tokens exceed the model&apos;s trained context of %1 tokens.</source>
        <extracomment>%1 the model&apos;s trained context in tokens</extracomment>
        <translation>Prompt và token sinh ra vượt quá ngữ cảnh huấn luyện %1 token của mô hình.</translation>
    </message>
    <message>
        <source>KV type from the model&apos;s torch_dtype %1.</source>
        <extracomment>%1 the config&apos;s torch_dtype, e.g. bfloat16 (an identifier)</extracomment>
        <translation>Kiểu KV theo torch_dtype %1 của mô hình.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LedgerModel</name>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why a section of the ledger lacks figures, in words (from the ledger)</extracomment>
        <translation>thiếu: %1</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 a signed number of bytes with digit groups</extracomment>
        <translation>%1 byte</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Dòng</translation>
    </message>
    <message>
        <source>Bytes (%1)</source>
        <extracomment>%1 is the unit symbol, GB or GiB, never translated</extracomment>
        <translation>Byte (%1)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Nguồn</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Nguyên nhân</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LogModel</name>
    <message>
        <source>Warning</source>
        <translation>Cảnh báo</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Lỗi</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Thông tin</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Thời gian</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Mức</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Thông báo</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::LogView</name>
    <message>
        <source>Copy</source>
        <translation>Sao chép</translation>
    </message>
    <message>
        <source>Copy the whole log to the clipboard</source>
        <translation>Sao chép toàn bộ nhật ký vào bộ nhớ tạm</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Xóa</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::MainWindow</name>
    <message>
        <source>Ready.</source>
        <translation>Sẵn sàng.</translation>
    </message>
    <message>
        <source>Ready. No GPU found: the simulated device sim:0 is selected (simulated, not a GPU measurement).</source>
        <translation>Sẵn sàng. Không tìm thấy GPU: thiết bị mô phỏng sim:0 được chọn (mô phỏng, không phải phép đo GPU).</translation>
    </message>
    <message>
        <source>Choose a device first.</source>
        <translation>Hãy chọn thiết bị trước.</translation>
    </message>
    <message>
        <source>Correct the fields marked in red in the workload form first.</source>
        <translation>Hãy sửa trước các trường được đánh dấu đỏ trong biểu mẫu workload.</translation>
    </message>
    <message>
        <source>IteraGPU Lab</source>
        <translation>IteraGPU Lab</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Tệp</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Chạy</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Thoát</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Xem</translation>
    </message>
    <message>
        <source>&amp;Unit</source>
        <translation>Đơn &amp;vị</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>Đặt lại &amp;thu phóng</translation>
    </message>
    <message>
        <source>Reset &amp;layout</source>
        <translation>Đặt lại &amp;bố cục</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Ngôn ngữ</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Trợ &amp;giúp</translation>
    </message>
    <message>
        <source>&amp;About IteraGPU Lab</source>
        <translation>&amp;Giới thiệu IteraGPU Lab</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Giai đoạn</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Nhật ký</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Chạy</translation>
    </message>
    <message>
        <source>U&amp;nit:</source>
        <translation>Đơn &amp;vị:</translation>
    </message>
    <message>
        <source>The catalog of this language could not be loaded.</source>
        <translation>Không thể nạp bản dịch của ngôn ngữ này.</translation>
    </message>
    <message>
        <source>GiB (2^30 bytes)</source>
        <translation>GiB (2^30 byte)</translation>
    </message>
    <message>
        <source>GB (10^9 bytes)</source>
        <translation>GB (10^9 byte)</translation>
    </message>
    <message>
        <source>A run is going; the sweep can start after it.</source>
        <translation>Đang có một lần chạy; lượt quét có thể bắt đầu sau đó.</translation>
    </message>
    <message>
        <source>A sweep is running; stop it or wait for its end.</source>
        <translation>Một lượt quét đang chạy; hãy dừng hoặc chờ nó kết thúc.</translation>
    </message>
    <message>
        <source>Run a &amp;PyTorch script…</source>
        <translation>Chạy script &amp;PyTorch…</translation>
    </message>
    <message>
        <source>Start your own PyTorch program measured from inside by iteragpu_probe; its phases appear live</source>
        <translation>Khởi động chương trình PyTorch của bạn, được iteragpu_probe đo từ bên trong; các giai đoạn hiện trực tiếp</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>&amp;Bắt đầu nhanh</translation>
    </message>
    <message>
        <source>Step &amp;%1: %2</source>
        <extracomment>View menu entry: %1 the step&apos;s number, %2 its name</extracomment>
        <translation>Bước &amp;%1: %2</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>&amp;Thiết bị:</translation>
    </message>
    <message>
        <source>Quick start</source>
        <translation>Bắt đầu nhanh</translation>
    </message>
    <message>
        <source>&amp;Stop after the current step</source>
        <translation>&amp;Dừng sau bước hiện tại</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ModelSourceBox</name>
    <message>
        <source>Parameters: enter a whole number greater than 0, e.g. 7000000000.</source>
        <translation>Số tham số: hãy nhập một số nguyên lớn hơn 0, vd. 7000000000.</translation>
    </message>
    <message>
        <source>Presets could not be read: %1</source>
        <extracomment>%1 is the reason the presets could not be read</extracomment>
        <translation>Không thể đọc các mẫu có sẵn: %1</translation>
    </message>
    <message>
        <source>Choose a preset model.</source>
        <translation>Hãy chọn một mô hình có sẵn.</translation>
    </message>
    <message>
        <source>Open a config.json to size this model.</source>
        <translation>Hãy mở một config.json để ước tính bộ nhớ cho mô hình này.</translation>
    </message>
    <message>
        <source>Open a safetensors checkpoint to size this model.</source>
        <translation>Hãy mở một checkpoint safetensors để ước tính bộ nhớ cho mô hình này.</translation>
    </message>
    <message>
        <source>Open config.json</source>
        <translation>Mở config.json</translation>
    </message>
    <message>
        <source>Model configuration (config.json *.json);;All files (*)</source>
        <translation>Cấu hình mô hình (config.json *.json);;Tất cả tệp (*)</translation>
    </message>
    <message>
        <source>Open a safetensors checkpoint</source>
        <translation>Mở một checkpoint safetensors</translation>
    </message>
    <message>
        <source>safetensors (*.safetensors *.safetensors.index.json);;All files (*)</source>
        <translation>safetensors (*.safetensors *.safetensors.index.json);;Tất cả tệp (*)</translation>
    </message>
    <message>
        <source>Open a folder of safetensors shards</source>
        <translation>Mở một thư mục chứa các shard safetensors</translation>
    </message>
    <message>
        <source>%1: %2 parameters (exact, from the shapes)</source>
        <extracomment>%1 is the model family (e.g. &quot;llama&quot;), %2 the exact parameter count</extracomment>
        <translation>%1: %2 tham số (chính xác, tính từ shape của tensor)</translation>
    </message>
    <message>
        <source>Sizes weights as parameters × bits / 8 (for example 7 000 000 000 × 16 bit).</source>
        <translation>Tính trọng số bằng số tham số × số bit / 8 (ví dụ 7 000 000 000 × 16 bit).</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <extracomment>%1 is where the preset&apos;s config comes from (a URL)</extracomment>
        <translation>Nguồn: %1</translation>
    </message>
    <message>
        <source>Choose a model.</source>
        <translation>Hãy chọn một mô hình.</translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json.</source>
        <translation>Hãy mở một config.json của Hugging Face.</translation>
    </message>
    <message>
        <source>Tensors: %1 · files: %2 · elements: %3 · stored: %4</source>
        <extracomment>%1 number of tensors, %2 number of files, %3 element count, %4 size of the stored tensors. Written as labels with values, so no plural forms are needed.</extracomment>
        <translation>Tensor: %1 · tệp: %2 · phần tử: %3 · lưu trữ: %4</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <source>Quantization metadata found (scales, absmax or packed weights).</source>
        <translation>Tìm thấy metadata lượng tử hóa (scale, absmax hoặc trọng số đóng gói).</translation>
    </message>
    <message>
        <source>Open a .safetensors file, a model.safetensors.index.json or a folder of shards.</source>
        <translation>Hãy mở một tệp .safetensors, một model.safetensors.index.json hoặc một thư mục chứa các shard.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Mô hình</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Nguồn:</translation>
    </message>
    <message>
        <source>Numbers typed in</source>
        <translation>Số nhập tay</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Mẫu có sẵn</translation>
    </message>
    <message>
        <source>config.json file</source>
        <translation>Tệp config.json</translation>
    </message>
    <message>
        <source>safetensors checkpoint</source>
        <translation>Checkpoint safetensors</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>Số tham số:</translation>
    </message>
    <message>
        <source>A whole number, e.g. 7000000000 or 7e9.</source>
        <translation>Một số nguyên, vd. 7000000000 hoặc 7e9.</translation>
    </message>
    <message>
        <source>Bits per parameter:</source>
        <translation>Số bit mỗi tham số:</translation>
    </message>
    <message>
        <source>storage format</source>
        <translation>định dạng lưu trữ</translation>
    </message>
    <message>
        <source>Parameters × bits / 8, with no metadata (the compact figure). Choose &quot;storage format&quot; to size by the format below.</source>
        <translation>Số tham số × số bit / 8, không kể metadata (con số gọn). Chọn &quot;định dạng lưu trữ&quot; để tính theo định dạng bên dưới.</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Mô hình:</translation>
    </message>
    <message>
        <source>Open config.json…</source>
        <translation>Mở config.json…</translation>
    </message>
    <message>
        <source>Open file or index…</source>
        <translation>Mở tệp hoặc tệp index…</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>Mở thư mục…</translation>
    </message>
    <message>
        <source>Weights as stored in the checkpoint</source>
        <translation>Trọng số như được lưu trong checkpoint</translation>
    </message>
    <message>
        <source>No checkpoint opened</source>
        <translation>Chưa mở checkpoint nào</translation>
    </message>
    <message>
        <source>No config.json opened</source>
        <translation>Chưa mở config.json nào</translation>
    </message>
    <message>
        <source>No presets found</source>
        <translation>Không tìm thấy mẫu có sẵn nào</translation>
    </message>
    <message>
        <source>Type or pick a model of the Hugging Face cache (ORG/NAME, @REVISION optional).</source>
        <translation>Nhập hoặc chọn một mô hình trong bộ nhớ đệm Hugging Face (ORG/NAME, @REVISION tùy chọn).</translation>
    </message>
    <message>
        <source>Open a GGUF file to size this model.</source>
        <translation>Mở một tệp GGUF để tính kích thước mô hình này.</translation>
    </message>
    <message>
        <source>Cache: %1 (%2 models; nothing is downloaded)</source>
        <extracomment>%1 the Hugging Face cache folder, %2 the number of models in it</extracomment>
        <translation>Bộ nhớ đệm: %1 (%2 mô hình; không tải xuống gì)</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>Mở một tệp GGUF</translation>
    </message>
    <message>
        <source>GGUF (*.gguf);;All files (*)</source>
        <translation>GGUF (*.gguf);;Tất cả các tệp (*)</translation>
    </message>
    <message>
        <source>%1 at %2 (snapshot %3)</source>
        <extracomment>%1 the model id (ORG/NAME), %2 the revision asked for (main), %3 the snapshot&apos;s commit (shortened)</extracomment>
        <translation>%1 tại %2 (snapshot %3)</translation>
    </message>
    <message>
        <source>Weights as stored in the snapshot&apos;s safetensors: %1 (files: %2)</source>
        <extracomment>%1 size of the stored tensors, %2 number of files</extracomment>
        <translation>Trọng số như được lưu trong safetensors của snapshot: %1 (tệp: %2)</translation>
    </message>
    <message>
        <source>No safetensors in the snapshot: the weights are sized by the format.</source>
        <translation>Không có safetensors trong snapshot: trọng số được tính theo định dạng.</translation>
    </message>
    <message>
        <source>Models are read from the local Hugging Face cache only; nothing is downloaded.</source>
        <translation>Mô hình chỉ được đọc từ bộ nhớ đệm Hugging Face cục bộ; không tải xuống gì.</translation>
    </message>
    <message>
        <source>GGUF version %1 · tensors: %2 · stored: %3</source>
        <extracomment>%1 GGUF version (2 or 3), %2 number of tensors, %3 size of the stored tensors</extracomment>
        <translation>GGUF phiên bản %1 · tensor: %2 · đã lưu: %3</translation>
    </message>
    <message>
        <source>Types: %1</source>
        <extracomment>%1 the ggml types of the tensors with their counts (&quot;Q4_K × 193, F32 × 65&quot;)</extracomment>
        <translation>Kiểu: %1</translation>
    </message>
    <message>
        <source>Open a GGUF file (llama.cpp): its header gives the shape and the weights as stored.</source>
        <translation>Mở một tệp GGUF (llama.cpp): header của nó cho biết hình dạng và trọng số như được lưu.</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Bộ nhớ đệm Hugging Face</translation>
    </message>
    <message>
        <source>GGUF file</source>
        <translation>Tệp GGUF</translation>
    </message>
    <message>
        <source>Model id:</source>
        <translation>Mã mô hình:</translation>
    </message>
    <message>
        <source>ORG/NAME or ORG/NAME@REVISION</source>
        <translation>ORG/NAME hoặc ORG/NAME@REVISION</translation>
    </message>
    <message>
        <source>A model of the local Hugging Face cache ($HF_HUB_CACHE, $HF_HOME/hub or ~/.cache/huggingface/hub); press Enter to read it. Nothing is downloaded.</source>
        <translation>Một mô hình trong bộ nhớ đệm Hugging Face cục bộ ($HF_HUB_CACHE, $HF_HOME/hub hoặc ~/.cache/huggingface/hub); nhấn Enter để đọc. Không tải xuống gì.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Làm mới</translation>
    </message>
    <message>
        <source>Open GGUF…</source>
        <translation>Mở GGUF…</translation>
    </message>
    <message>
        <source>No GGUF file opened</source>
        <translation>Chưa mở tệp GGUF nào</translation>
    </message>
    <message>
        <source>%1. Choose an architecture under &apos;Read as&apos; only if the model really is laid out like it.</source>
        <extracomment>%1 the reader&apos;s one line (names the unknown model_type and the known ones)</extracomment>
        <translation>%1. Chỉ chọn một kiến trúc ở &quot;Đọc như&quot; nếu mô hình thực sự có bố cục như kiến trúc đó.</translation>
    </message>
    <message>
        <source>Read as:</source>
        <translation>Đọc như:</translation>
    </message>
    <message>
        <source>(not read: unknown architecture)</source>
        <translation>(không đọc: kiến trúc không xác định)</translation>
    </message>
    <message>
        <source>Reads a config.json whose model_type is not a known architecture as the one chosen, on purpose; every output then says so</source>
        <translation>Cố ý đọc một config.json có model_type không phải là kiến trúc đã biết theo kiến trúc được chọn; khi đó mọi đầu ra đều ghi rõ điều này</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::OverwritePrompt</name>
    <message>
        <source>Replace file?</source>
        <translation>Thay thế tệp?</translation>
    </message>
    <message>
        <source>%1 already exists. Do you want to replace it?</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>%1 đã tồn tại. Bạn có muốn thay thế không?</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::OwnerBar</name>
    <message>
        <source>no allocated reading</source>
        <translation>không có số đọc allocated</translation>
    </message>
    <message>
        <source>%1: missing</source>
        <extracomment>%1 an owner, e.g. &quot;weights&quot;; its reading is missing</extracomment>
        <translation>%1: thiếu</translation>
    </message>
    <message>
        <source>%1 %2 (%3 %)</source>
        <extracomment>%1 an owner, e.g. &quot;weights&quot;, %2 its bytes with the unit, %3 its share of the peak allocated in percent</extracomment>
        <translation>%1 %2 (%3 %)</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why the split by owner is missing, in words (from the ledger)</extracomment>
        <translation>thiếu: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::PhaseDiffModel</name>
    <message>
        <source>absent</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>B − A: %1 bytes</source>
        <extracomment>%1 is a signed byte count</extracomment>
        <translation>B − A: %1 byte</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Giai đoạn</translation>
    </message>
    <message>
        <source>Status A</source>
        <translation>Trạng thái A</translation>
    </message>
    <message>
        <source>Status B</source>
        <translation>Trạng thái B</translation>
    </message>
    <message>
        <source>Peak allocated A</source>
        <translation>Đỉnh allocated A</translation>
    </message>
    <message>
        <source>Peak allocated B</source>
        <translation>Đỉnh allocated B</translation>
    </message>
    <message>
        <source>Δ allocated</source>
        <translation>Δ allocated</translation>
    </message>
    <message>
        <source>Peak reserved A</source>
        <translation>Đỉnh reserved A</translation>
    </message>
    <message>
        <source>Peak reserved B</source>
        <translation>Đỉnh reserved B</translation>
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
        <translation>đang chạy…</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>thành công</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>hết bộ nhớ</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>thất bại</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>chưa chạy</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>%1 is an amount with two decimals, %2 the unit symbol GB or GiB</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>0 B (equal)</source>
        <translation>0 B (bằng nhau)</translation>
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
        <translation>Không có dự đoán hoặc không có đỉnh đo được cho giai đoạn này.</translation>
    </message>
    <message>
        <source>Measured peak allocated minus predicted: %1%2</source>
        <extracomment>%1 is the sign, %2 the difference in the chosen unit</extracomment>
        <translation>Đỉnh allocated đo được trừ dự đoán: %1%2</translation>
    </message>
    <message>
        <source>The experts&apos; routing was observed from the data but not recorded, so the prediction assumed balanced round-robin routing.</source>
        <translation>Định tuyến chuyên gia được quan sát từ dữ liệu nhưng không được ghi lại, nên dự đoán đã giả định định tuyến round-robin cân bằng.</translation>
    </message>
    <message>
        <source>No device-level reading (null).</source>
        <translation>Không có phép đọc ở mức thiết bị (null).</translation>
    </message>
    <message>
        <source>Driver: %1 bytes used, %2 free of %3
This process: %4 bytes (%5)</source>
        <extracomment>%1 used bytes, %2 free bytes, %3 total bytes, %4 bytes this process uses, %5 where that came from</extracomment>
        <translation>Driver: đã dùng %1 byte, còn trống %2 trên %3
Tiến trình này: %4 byte (%5)</translation>
    </message>
    <message>
        <source>No reading (null).</source>
        <translation>Không có phép đọc (null).</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is an exact byte count with thousands separators</extracomment>
        <translation>%1 byte</translation>
    </message>
    <message>
        <source>Maximum since the phase&apos;s peak reset. The two maxima may come from different moments; their difference is not a state.</source>
        <translation>Cực đại kể từ lần đặt lại đỉnh của giai đoạn. Hai cực đại có thể đến từ những thời điểm khác nhau; hiệu số của chúng không phải là một trạng thái.</translation>
    </message>
    <message>
        <source>Device-level reading after the phase (driver), never added to the allocator&apos;s counters</source>
        <translation>Phép đọc ở mức thiết bị sau giai đoạn (driver), không bao giờ cộng vào các bộ đếm của allocator</translation>
    </message>
    <message>
        <source>Measured peak allocated minus predicted peak, in bytes</source>
        <translation>Đỉnh allocated đo được trừ đỉnh dự đoán, tính bằng byte</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Giai đoạn</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Trạng thái</translation>
    </message>
    <message>
        <source>Baseline allocated</source>
        <translation>Allocated khởi đầu</translation>
    </message>
    <message>
        <source>Baseline reserved</source>
        <translation>Reserved khởi đầu</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Đỉnh allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Đỉnh reserved</translation>
    </message>
    <message>
        <source>Final allocated</source>
        <translation>Allocated cuối</translation>
    </message>
    <message>
        <source>Final reserved</source>
        <translation>Reserved cuối</translation>
    </message>
    <message>
        <source>Device-level used</source>
        <translation>Đã dùng (mức thiết bị)</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>Đỉnh dự đoán</translation>
    </message>
    <message>
        <source>Measured − predicted</source>
        <translation>Đo được − dự đoán</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Thời lượng</translation>
    </message>
    <message>
        <source>interrupted (%1 of %2)</source>
        <extracomment>a phase that Stop cut short: %1 iterations (decode steps, warm-up runs) ran of the %2 planned</extracomment>
        <translation>bị ngắt (%1 trên %2)</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>bị ngắt</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::QuickStartNote</name>
    <message>
        <source>&lt;b&gt;What to do first&lt;/b&gt;: choose a model below (a preset, a config.json, a safetensors or GGUF file) and the device at the right of the steps; the verdict beside the inputs says whether it fits. Then measure, explain, find the boundary and decide, one tab each (Help &gt; Quick start).</source>
        <translation>&lt;b&gt;Việc cần làm trước&lt;/b&gt;: chọn một mô hình bên dưới (một mẫu có sẵn, một config.json, một tệp safetensors hoặc GGUF) và thiết bị ở bên phải các bước; kết luận bên cạnh các ô nhập cho biết có vừa hay không. Sau đó đo, giải thích, tìm ranh giới và quyết định, mỗi việc một thẻ (Trợ giúp &gt; Bắt đầu nhanh).</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;: %3</source>
        <extracomment>one line of the quick start: %1 the step&apos;s number, %2 its name, %3 what it is for</extracomment>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;: %3</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>Đã hiểu</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RecentFiles</name>
    <message>
        <source>No longer there</source>
        <translation>Không còn nữa</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>Không có tệp gần đây</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Xóa danh sách</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Mở &amp;gần đây</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ReportActions</name>
    <message>
        <source>&amp;Open result…</source>
        <translation>&amp;Mở kết quả…</translation>
    </message>
    <message>
        <source>&amp;Compare two results…</source>
        <translation>So sánh &amp;hai kết quả…</translation>
    </message>
    <message>
        <source>Export result as &amp;JSON…</source>
        <translation>Xuất kết quả dạng &amp;JSON…</translation>
    </message>
    <message>
        <source>Export &amp;decision sheet…</source>
        <translation>Xuất &amp;phiếu quyết định…</translation>
    </message>
    <message>
        <source>Export chart as &amp;PNG…</source>
        <translation>Xuất biểu đồ dạng P&amp;NG…</translation>
    </message>
    <message>
        <source>Export chart as &amp;SVG…</source>
        <translation>Xuất biểu đồ dạng &amp;SVG…</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Xuất thất bại</translation>
    </message>
    <message>
        <source>There is no result to export yet: run a workload or open a result.</source>
        <translation>Chưa có kết quả nào để xuất: hãy chạy một workload hoặc mở một kết quả.</translation>
    </message>
    <message>
        <source>Open a result</source>
        <translation>Mở một kết quả</translation>
    </message>
    <message>
        <source>IteraGPU results (*.json);;All files (*)</source>
        <translation>Kết quả IteraGPU (*.json);;Tất cả tệp (*)</translation>
    </message>
    <message>
        <source>Open result</source>
        <translation>Mở kết quả</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Đã mở %1.</translation>
    </message>
    <message>
        <source>Compare two results</source>
        <translation>So sánh hai kết quả</translation>
    </message>
    <message>
        <source>Export result as JSON</source>
        <translation>Xuất kết quả dạng JSON</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>Xuất biểu đồ dạng PNG</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Ảnh PNG (*.png)</translation>
    </message>
    <message>
        <source>Export chart as SVG</source>
        <translation>Xuất biểu đồ dạng SVG</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>Ảnh SVG (*.svg)</translation>
    </message>
    <message>
        <source>The window keeps showing the run in progress; the result can be compared and exported.</source>
        <translation>Cửa sổ vẫn hiển thị lần chạy đang diễn ra; có thể so sánh và xuất kết quả này.</translation>
    </message>
    <message>
        <source>&amp;Import PyTorch snapshot…</source>
        <translation>&amp;Nhập ảnh chụp bộ nhớ PyTorch…</translation>
    </message>
    <message>
        <source>Export as &amp;memory_viz snapshot…</source>
        <translation>Xuất thành ảnh chụp &amp;memory_viz…</translation>
    </message>
    <message>
        <source>Export as Per&amp;fetto trace…</source>
        <translation>Xuất thành bản ghi Per&amp;fetto…</translation>
    </message>
    <message>
        <source>Import PyTorch snapshot</source>
        <translation>Nhập ảnh chụp PyTorch</translation>
    </message>
    <message>
        <source>Imported %1: %2 phase(s) rebuilt from a PyTorch memory snapshot, not measured by IteraGPU.</source>
        <extracomment>%1 is a file path, %2 the number of phases</extracomment>
        <translation>Đã nhập %1: %2 pha được dựng lại từ ảnh chụp bộ nhớ PyTorch, không do IteraGPU đo.</translation>
    </message>
    <message>
        <source>Import a PyTorch memory snapshot</source>
        <translation>Nhập ảnh chụp bộ nhớ PyTorch</translation>
    </message>
    <message>
        <source>PyTorch memory snapshots (*.pickle *.pkl);;All files (*)</source>
        <translation>Ảnh chụp bộ nhớ PyTorch (*.pickle *.pkl);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Export as a memory_viz snapshot</source>
        <translation>Xuất thành ảnh chụp memory_viz</translation>
    </message>
    <message>
        <source>PyTorch memory snapshot (*.pickle)</source>
        <translation>Ảnh chụp bộ nhớ PyTorch (*.pickle)</translation>
    </message>
    <message>
        <source>Export as a Perfetto trace</source>
        <translation>Xuất thành bản ghi Perfetto</translation>
    </message>
    <message>
        <source>Perfetto / Chrome JSON trace (*.json)</source>
        <translation>Bản ghi JSON Perfetto / Chrome (*.json)</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ReserveBox</name>
    <message>
        <source>The run device</source>
        <translation>Thiết bị chạy</translation>
    </message>
    <message>
        <source>%1 %2, %3</source>
        <extracomment>%1 device id (e.g. &quot;cuda:0&quot;), %2 its name, %3 its reported capacity</extracomment>
        <translation>%1 %2, %3</translation>
    </message>
    <message>
        <source>%1 (catalog), %2</source>
        <extracomment>%1 a catalog card&apos;s name, %2 the capacity it reports (not the marketed figure)</extracomment>
        <translation>%1 (danh mục), %2</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <source>none chosen</source>
        <translation>chưa chọn</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <extracomment>%1 is the device name, %2 its reported capacity</extracomment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Reserve and device</source>
        <translation>Dự phòng và thiết bị</translation>
    </message>
    <message>
        <source>Reserve:</source>
        <translation>Dự phòng:</translation>
    </message>
    <message>
        <source>CUDA context, fragmentation, other processes. Kept in the unit you choose.</source>
        <translation>Ngữ cảnh CUDA, phân mảnh, các tiến trình khác. Giữ theo đơn vị bạn chọn.</translation>
    </message>
    <message>
        <source>Run device:</source>
        <translation>Thiết bị chạy:</translation>
    </message>
    <message>
        <source>Verdict for:</source>
        <translation>Kết luận cho:</translation>
    </message>
    <message>
        <source>The card the fit verdict is for: the run device, another device of this machine or a catalog card. The run itself keeps its device.</source>
        <translation>Card mà kết luận về độ vừa nhắm tới: thiết bị chạy, một thiết bị khác của máy này hoặc một card trong danh mục. Bản thân lần chạy vẫn giữ thiết bị của nó.</translation>
    </message>
    <message>
        <source>Devices (tensor parallel):</source>
        <translation>Số thiết bị (song song tensor):</translation>
    </message>
    <message>
        <source>Weights and KV heads are divided among the devices; the need is per device.</source>
        <translation>Trọng số và các đầu KV được chia cho các thiết bị; nhu cầu tính theo từng thiết bị.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ResultCompareWidget</name>
    <message>
        <source>Open a result</source>
        <translation>Mở một kết quả</translation>
    </message>
    <message>
        <source>IteraGPU results (*.json);;All files (*)</source>
        <translation>Kết quả IteraGPU (*.json);;Tất cả tệp (*)</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>No result opened.</source>
        <translation>Chưa mở kết quả nào.</translation>
    </message>
    <message>
        <source>Open a second result to compare.</source>
        <translation>Hãy mở kết quả thứ hai để so sánh.</translation>
    </message>
    <message>
        <source>Open A…</source>
        <translation>Mở A…</translation>
    </message>
    <message>
        <source>Open B…</source>
        <translation>Mở B…</translation>
    </message>
    <message>
        <source>Differences per phase (B − A); each peak is its own maximum</source>
        <translation>Chênh lệch theo giai đoạn (B − A); mỗi đỉnh là cực đại riêng của nó</translation>
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
        <translation>%1 không được thay thế.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Đã lưu %1.</translation>
    </message>
    <message>
        <source>The result could not be converted to JSON: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>Không thể chuyển kết quả sang JSON: %1</translation>
    </message>
    <message>
        <source>Unknown sheet format for %1: use .md, .html or .pdf.</source>
        <extracomment>%1 is a file path</extracomment>
        <translation>Định dạng phiếu không xác định cho %1: hãy dùng .md, .html hoặc .pdf.</translation>
    </message>
    <message>
        <source>The catalog for %1 could not be loaded; the sheet is in English.</source>
        <extracomment>%1 is a language code, e.g. &quot;de&quot;</extracomment>
        <translation>Không thể nạp bản dịch cho %1; phiếu được viết bằng tiếng Anh.</translation>
    </message>
    <message>
        <source>There is no chart to export.</source>
        <translation>Không có biểu đồ nào để xuất.</translation>
    </message>
    <message>
        <source>The chart could not be rendered as SVG.</source>
        <translation>Không thể kết xuất biểu đồ thành SVG.</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <extracomment>%1 is a file path, %2 the reason</extracomment>
        <translation>Không thể mở %1: %2</translation>
    </message>
    <message>
        <source>The run could not be converted to a memory snapshot: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>Không thể chuyển lần chạy thành ảnh chụp bộ nhớ: %1</translation>
    </message>
    <message>
        <source>The run could not be converted to a Perfetto trace: %1</source>
        <extracomment>%1 is the reason</extracomment>
        <translation>Không thể chuyển lần chạy thành bản ghi Perfetto: %1</translation>
    </message>
    <message>
        <source>Could not import the snapshot: %1</source>
        <extracomment>%1 is the reason (it names the file)</extracomment>
        <translation>Không thể nhập ảnh chụp: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ResultPhaseModel</name>
    <message>
        <source>ok</source>
        <translation>thành công</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>thất bại</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>chưa chạy</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>%1 is a duration in seconds</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Giai đoạn</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Trạng thái</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Đỉnh allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Đỉnh reserved</translation>
    </message>
    <message>
        <source>Final allocated</source>
        <translation>Allocated cuối</translation>
    </message>
    <message>
        <source>Final reserved</source>
        <translation>Reserved cuối</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>Đỉnh dự đoán</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Thời lượng</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>bị ngắt</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunController</name>
    <message>
        <source>A run is still going; stop it first.</source>
        <translation>Một lần chạy vẫn đang diễn ra; hãy dừng nó trước.</translation>
    </message>
    <message>
        <source>The run cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Không thể bắt đầu lần chạy: %1</translation>
    </message>
    <message>
        <source>The backend of %1 is not loaded; choose another device.</source>
        <extracomment>%1 is a device id such as cuda:0</extracomment>
        <translation>Backend của %1 chưa được nạp; hãy chọn thiết bị khác.</translation>
    </message>
    <message>
        <source>The run could not start.</source>
        <translation>Không thể bắt đầu lần chạy.</translation>
    </message>
    <message>
        <source>The script cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Script không thể khởi động: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunPanel</name>
    <message>
        <source>Run the workload on the chosen device (Ctrl+R)</source>
        <translation>Chạy workload trên thiết bị đã chọn (Ctrl+R)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Chạy</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Đang dừng…</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Dừng</translation>
    </message>
    <message>
        <source>Phase: —</source>
        <translation>Giai đoạn: —</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <extracomment>%1 is a phase identifier such as cold_forward</extracomment>
        <translation>Giai đoạn: %1</translation>
    </message>
    <message>
        <source>Overall:</source>
        <translation>Tổng thể:</translation>
    </message>
    <message>
        <source>%v / %m phases</source>
        <extracomment>progress bar text: %v phases done of %m planned</extracomment>
        <translation>%v / %m giai đoạn</translation>
    </message>
    <message>
        <source>Stop after the current step (a decode step, a warm-up run) or phase; what was measured is kept</source>
        <translation>Dừng sau bước hiện tại (một bước decode, một lần chạy khởi động) hoặc giai đoạn hiện tại; những gì đã đo được giữ lại</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::RunWiring</name>
    <message>
        <source>Out of memory in phase %1: %2</source>
        <extracomment>%1 is a phase identifier, %2 the allocator&apos;s or the runtime&apos;s own error text</extracomment>
        <translation>Hết bộ nhớ ở giai đoạn %1: %2</translation>
    </message>
    <message>
        <source>Phase %1 failed: %2</source>
        <extracomment>%1 is a phase identifier, %2 the runtime&apos;s own error text</extracomment>
        <translation>Giai đoạn %1 thất bại: %2</translation>
    </message>
    <message>
        <source>%1 (%2) · your script, measured by iteragpu_probe</source>
        <extracomment>%1 is the device id, e.g. cuda:0; %2 its name as PyTorch reports it</extracomment>
        <translation>%1 (%2) · script của bạn, được iteragpu_probe đo</translation>
    </message>
    <message>
        <source>The probe (%1) measures on %2 (%3).</source>
        <extracomment>%1 what measures (iteragpu_probe 1.0 (PyTorch 2.5.1)), %2 the device id, %3 the device&apos;s name</extracomment>
        <translation>Đầu dò (%1) đo trên %2 (%3).</translation>
    </message>
    <message>
        <source>The workload form has invalid values; nothing was started.</source>
        <translation>Biểu mẫu workload có giá trị không hợp lệ; chưa có gì được khởi chạy.</translation>
    </message>
    <message>
        <source>Run %1 started on %2. %3</source>
        <extracomment>%1 run number, %2 device id, %3 the workload form&apos;s sentence of what Run measures</extracomment>
        <translation>Lần chạy %1 đã bắt đầu trên %2. %3</translation>
    </message>
    <message>
        <source>Run %1 started on %2: %3, batch %4, context %5, width %6, %7.</source>
        <extracomment>%1 run number, %2 device id, %3 mode, %4 batch, %5 context, %6 width, %7 data type</extracomment>
        <translation>Lần chạy %1 đã bắt đầu trên %2: %3, batch %4, ngữ cảnh %5, độ rộng %6, %7.</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Mô phỏng, không phải phép đo GPU.</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Đang chạy…</translation>
    </message>
    <message>
        <source>your script, measured by iteragpu_probe</source>
        <translation>script của bạn, được iteragpu_probe đo</translation>
    </message>
    <message>
        <source>Run %1 started: %2 %3 (measured from inside by iteragpu_probe).</source>
        <extracomment>%1 run number, %2 the interpreter (python3), %3 the script and its arguments</extracomment>
        <translation>Lần chạy %1 đã bắt đầu: %2 %3 (được iteragpu_probe đo từ bên trong).</translation>
    </message>
    <message>
        <source>Stop requested: the script gets Ctrl+C (then SIGTERM); what was measured is kept.</source>
        <translation>Đã yêu cầu dừng: script nhận Ctrl+C (rồi SIGTERM); những gì đã đo được giữ lại.</translation>
    </message>
    <message>
        <source>Stop requested: the run stops after the current step (a decode step, a warm-up run) or phase and keeps what was measured.</source>
        <translation>Đã yêu cầu dừng: lần chạy dừng sau bước hiện tại (một bước decode, một lần chạy khởi động) hoặc giai đoạn hiện tại và giữ lại những gì đã đo.</translation>
    </message>
    <message>
        <source>Stopping after the current step…</source>
        <translation>Đang dừng sau bước hiện tại…</translation>
    </message>
    <message>
        <source>%1 as %2 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0; %2 the GPU catalog&apos;s card it stands in for, e.g. NVIDIA H100 80GB SXM</extracomment>
        <translation>%1 theo %2 · mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>%1 · simulated, not a GPU measurement</source>
        <extracomment>%1 is the device id, e.g. sim:0</extracomment>
        <translation>%1 · mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>Run %1 finished:</source>
        <extracomment>%1 run number; followed by counts of phases</extracomment>
        <translation>Lần chạy %1 đã kết thúc:</translation>
    </message>
    <message numerus="yes">
        <source>%n phase(s) ok</source>
        <extracomment>%n number of phases that passed</extracomment>
        <translation>
            <numerusform>%n giai đoạn thành công</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <extracomment>%n number of phases that failed</extracomment>
        <translation>
            <numerusform>%n thất bại</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <extracomment>%n number of phases that did not run</extracomment>
        <translation>
            <numerusform>%n chưa chạy</numerusform>
        </translation>
    </message>
    <message>
        <source>Run %1 could not measure: %2</source>
        <extracomment>%1 run number, %2 the backend&apos;s or the runtime&apos;s own error text</extracomment>
        <translation>Lần chạy %1 không đo được: %2</translation>
    </message>
    <message>
        <source>Out of memory in phase %1: %2. The phases before it are kept; the later ones did not run.</source>
        <extracomment>%1 is a phase identifier, %2 the error text; the phases measured before are kept</extracomment>
        <translation>Hết bộ nhớ ở giai đoạn %1: %2. Các giai đoạn trước đó được giữ lại; các giai đoạn sau không chạy.</translation>
    </message>
    <message>
        <source>Phase %1 failed: %2. The phases before it are kept; the later ones did not run.</source>
        <extracomment>%1 is a phase identifier, %2 the runtime&apos;s own error text</extracomment>
        <translation>Giai đoạn %1 thất bại: %2. Các giai đoạn trước đó được giữ lại; các giai đoạn sau không chạy.</translation>
    </message>
    <message>
        <source>Stopped by the user; the measured phases are kept.</source>
        <translation>Người dùng đã dừng; các giai đoạn đã đo được giữ lại.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped by the user after %n phase(s); what was measured is kept.</source>
        <extracomment>%n number of phases measured before the stop</extracomment>
        <translation>
            <numerusform>Người dùng đã dừng sau %n giai đoạn; những gì đã đo được giữ lại.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ScriptDialog</name>
    <message>
        <source>Run a PyTorch script</source>
        <translation>Chạy một script PyTorch</translation>
    </message>
    <message>
        <source>e.g. --batch 4 --steps 10</source>
        <translation>ví dụ --batch 4 --steps 10</translation>
    </message>
    <message>
        <source>the script&apos;s folder</source>
        <translation>thư mục của script</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Duyệt…</translation>
    </message>
    <message>
        <source>Choose a PyTorch script</source>
        <translation>Chọn một script PyTorch</translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Script Python (*.py);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Choose the working folder</source>
        <translation>Chọn thư mục làm việc</translation>
    </message>
    <message>
        <source>&amp;Script:</source>
        <translation>&amp;Script:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>&amp;Tham số:</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>Thư mục &amp;làm việc:</translation>
    </message>
    <message>
        <source>&amp;Python:</source>
        <translation>&amp;Python:</translation>
    </message>
    <message>
        <source>The script measures itself with iteragpu_probe (from iteragpu_probe import Probe; with probe.phase(&quot;prefill&quot;): …). Its phases appear live here; its output goes to the log. Stop sends Ctrl+C, then SIGTERM, and keeps what was measured.</source>
        <translation>Script tự đo bằng iteragpu_probe (from iteragpu_probe import Probe; with probe.phase(&quot;prefill&quot;): …). Các giai đoạn của nó hiện trực tiếp ở đây; đầu ra của nó vào nhật ký. Dừng sẽ gửi Ctrl+C, rồi SIGTERM, và giữ lại những gì đã đo.</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Chạy</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::ScriptProcess</name>
    <message>
        <source>The program did not stop after Ctrl+C; sending SIGTERM.</source>
        <translation>Chương trình không dừng sau Ctrl+C; đang gửi SIGTERM.</translation>
    </message>
    <message>
        <source>The program did not stop after SIGTERM; killing it.</source>
        <translation>Chương trình không dừng sau SIGTERM; đang buộc kết thúc (SIGKILL).</translation>
    </message>
    <message>
        <source>A script is still running; stop it first.</source>
        <translation>Một script vẫn đang chạy; hãy dừng nó trước.</translation>
    </message>
    <message>
        <source>The script %1 does not exist.</source>
        <extracomment>%1 is the path the user gave</extracomment>
        <translation>Script %1 không tồn tại.</translation>
    </message>
    <message>
        <source>The Python probe (iteragpu_probe) is not installed beside the workbench.</source>
        <translation>Đầu dò Python (iteragpu_probe) chưa được cài đặt cùng với bàn làm việc.</translation>
    </message>
    <message>
        <source>The working folder %1 does not exist.</source>
        <extracomment>%1 is a folder path</extracomment>
        <translation>Thư mục làm việc %1 không tồn tại.</translation>
    </message>
    <message>
        <source>Cannot open the probe&apos;s event socket: %1</source>
        <extracomment>%1 is the system&apos;s reason</extracomment>
        <translation>Không mở được socket sự kiện của đầu dò: %1</translation>
    </message>
    <message>
        <source>A second probe connected; only the first one is followed.</source>
        <translation>Một đầu dò thứ hai đã kết nối; chỉ theo dõi đầu dò đầu tiên.</translation>
    </message>
    <message>
        <source>The probe sent a line longer than the limit; the stream is no longer followed.</source>
        <translation>Đầu dò đã gửi một dòng dài hơn giới hạn; luồng sự kiện không còn được theo dõi.</translation>
    </message>
    <message>
        <source>A line of the probe&apos;s stream was refused: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Một dòng trong luồng của đầu dò bị từ chối: %1</translation>
    </message>
    <message>
        <source>%1 could not be started: %2</source>
        <extracomment>%1 is the interpreter, e.g. python3; %2 the system&apos;s reason</extracomment>
        <translation>Không khởi động được %1: %2</translation>
    </message>
    <message>
        <source>The program was stopped.</source>
        <translation>Chương trình đã bị dừng.</translation>
    </message>
    <message>
        <source>%1 ended abnormally.</source>
        <extracomment>%1 is the interpreter, e.g. python3</extracomment>
        <translation>%1 đã kết thúc bất thường.</translation>
    </message>
    <message>
        <source>The program ended with exit code %1.</source>
        <extracomment>%1 is the program&apos;s exit code</extracomment>
        <translation>Chương trình kết thúc với mã %1.</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SimCardBox</name>
    <message>
        <source>Simulated c&amp;ard:</source>
        <translation>Ca&amp;rd mô phỏng:</translation>
    </message>
    <message>
        <source>none (plain simulated device)</source>
        <translation>không có (thiết bị mô phỏng thuần)</translation>
    </message>
    <message>
        <source>The card whose reported capacity and pace (peak FLOP/s and memory bandwidth, from the GPU catalog) the simulated device keeps</source>
        <translation>Card mà thiết bị mô phỏng lấy dung lượng khai báo và nhịp độ (FLOP/s đỉnh và băng thông bộ nhớ, từ danh mục GPU)</translation>
    </message>
    <message>
        <source>The GPU catalog could not be read: %1</source>
        <extracomment>%1 is the reason the GPU catalog could not be read</extracomment>
        <translation>Không thể đọc danh mục GPU: %1</translation>
    </message>
    <message>
        <source>S&amp;peed:</source>
        <translation>Tốc độ mô &amp;phỏng:</translation>
    </message>
    <message>
        <source>%1 (as fast as possible)</source>
        <extracomment>%1 is the speed 0</extracomment>
        <translation>%1 (nhanh nhất có thể)</translation>
    </message>
    <message>
        <source>%1× (the card&apos;s real time)</source>
        <extracomment>%1 is the speed 1</extracomment>
        <translation>%1× (thời gian thực của card)</translation>
    </message>
    <message>
        <source>%1× (slower than the card)</source>
        <extracomment>%1 is a speed below 1 such as 0.1: the modelled time passes that fraction as fast as on the card</extracomment>
        <translation>%1× (chậm hơn card)</translation>
    </message>
    <message>
        <source>%1× (faster than the card)</source>
        <extracomment>%1 is a speed above 1 such as 10: the modelled time passes that many times as fast</extracomment>
        <translation>%1× (nhanh hơn card)</translation>
    </message>
    <message>
        <source>How fast the modelled time passes: 1 keeps the card&apos;s pace, 0 does not wait at all</source>
        <translation>Tốc độ trôi của thời gian mô hình hóa: 1 giữ đúng nhịp độ của card, 0 hoàn toàn không chờ</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SizingPanel</name>
    <message>
        <source>Reset to the seeds&apos; example</source>
        <translation>Đặt lại về ví dụ mẫu</translation>
    </message>
    <message>
        <source>7 000 000 000 parameters, 16 bit, 4 GiB reserve; every other choice back to its default.</source>
        <translation>7 000 000 000 tham số, 16 bit, dự phòng 4 GiB; mọi lựa chọn khác trở về mặc định.</translation>
    </message>
    <message>
        <source>Run this model (random weights in its format) with these tokens and sequences: the workload tab takes them over</source>
        <translation>Chạy mô hình này (trọng số ngẫu nhiên theo định dạng của nó) với số token và số chuỗi này: thẻ Khối lượng công việc tiếp nhận chúng</translation>
    </message>
    <message>
        <source>Needs a model shape: choose a preset or open a config.json</source>
        <translation>Cần hình dạng mô hình: hãy chọn một mẫu có sẵn hoặc mở một config.json</translation>
    </message>
    <message>
        <source>&amp;Measure this model</source>
        <translation>Đo mô &amp;hình này</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SizingResultsView</name>
    <message>
        <source>Needed per device: %1 (%2 bytes)</source>
        <extracomment>%1 is the total (e.g. &quot;17.04 GiB&quot;), %2 the exact bytes</extracomment>
        <translation>Cần mỗi thiết bị: %1 (%2 byte)</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <extracomment>%1 is the parameter count</extracomment>
        <translation>%1 tham số</translation>
    </message>
    <message>
        <source>Choose a device in the device picker, or a card under &quot;Verdict for&quot;, to see whether it fits.</source>
        <translation>Hãy chọn một thiết bị trong bộ chọn thiết bị, hoặc một card ở mục &quot;Kết luận cho&quot;, để xem có vừa không.</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <extracomment>%1 is the simulated device&apos;s id, e.g. &quot;sim:0&quot;</extracomment>
        <translation>%1 (mô phỏng)</translation>
    </message>
    <message>
        <source>Fits on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.</source>
        <extracomment>%1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component</extracomment>
        <translation>Vừa trên %1: cần %2 mỗi thiết bị, có sẵn %3, biên %4. Chiếm ưu thế: %5.</translation>
    </message>
    <message>
        <source>Does not fit on %1: needs %2 per device, %3 available, margin %4. Dominant: %5.</source>
        <extracomment>%1 device, %2 needed per device, %3 available, %4 signed margin, %5 the largest component</extracomment>
        <translation>Không vừa trên %1: cần %2 mỗi thiết bị, có sẵn %3, biên %4. Chiếm ưu thế: %5.</translation>
    </message>
    <message numerus="yes">
        <source>Per device, with %n device(s) in tensor parallel.</source>
        <extracomment>%n is the number of devices</extracomment>
        <translation>
            <numerusform>Mỗi thiết bị, với %n thiết bị song song tensor.</numerusform>
        </translation>
    </message>
    <message>
        <source>capacity %1</source>
        <extracomment>%1 is the device&apos;s capacity, e.g. &quot;139.40 GiB&quot;</extracomment>
        <translation>dung lượng %1</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Đầu vào</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>Phân tích</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>Danh mục</translation>
    </message>
    <message>
        <source>Capacity as the device reports it, not as it is sold. The need is per device; several GPUs are not one memory pool.</source>
        <translation>Dung lượng do thiết bị khai báo, không phải theo nhãn thương mại. Nhu cầu tính theo từng thiết bị; nhiều GPU không phải là một bể bộ nhớ duy nhất.</translation>
    </message>
    <message>
        <source>The GPU catalog could not be read: %1</source>
        <extracomment>%1 is the reason the GPU catalog could not be read</extracomment>
        <translation>Không thể đọc danh mục GPU: %1</translation>
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
        <translation>Những gì phải vừa trên thiết bị:
%1</translation>
    </message>
    <message>
        <source>%1
The estimate: %2</source>
        <extracomment>%1 what was measured (one or two sentences), %2 the estimate&apos;s verdict</extracomment>
        <translation>%1
Ước tính: %2</translation>
    </message>
    <message>
        <source>Needed on the device: %1 (%2 bytes) = %3</source>
        <extracomment>%1 the total that must fit on the device (e.g. &quot;17.58 GiB&quot;), %2 its exact bytes, %3 its parts joined by &quot; + &quot;</extracomment>
        <translation>Cần trên thiết bị: %1 (%2 byte) = %3</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepChart</name>
    <message>
        <source>Peak allocated vs %1</source>
        <extracomment>%1 is the varied dimension, e.g. sequences</extracomment>
        <translation>Đỉnh allocated theo %1</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>No sweep yet: run one or open a sweep folder</source>
        <translation>Chưa có lượt quét: hãy chạy một lượt hoặc mở thư mục quét</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>đạt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>thất bại</translation>
    </message>
    <message>
        <source>fitted</source>
        <translation>đã khớp</translation>
    </message>
    <message>
        <source>boundary %1</source>
        <extracomment>%1 is the largest passing value of the sweep</extracomment>
        <translation>ranh giới %1</translation>
    </message>
    <message>
        <source>Peak (%1)</source>
        <extracomment>%1 is a unit symbol such as MiB or GiB</extracomment>
        <translation>Đỉnh (%1)</translation>
    </message>
    <message>
        <source>capacity %1</source>
        <extracomment>%1 is the device&apos;s capacity with its unit, e.g. 16.0 MiB</extracomment>
        <translation>dung lượng %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepController</name>
    <message>
        <source>A sweep is still going; stop it first.</source>
        <translation>Một lượt quét vẫn đang chạy; hãy dừng nó trước.</translation>
    </message>
    <message>
        <source>The workbench runs sweeps on this machine&apos;s devices only; the %1 executor is available from the command line (iteragpu sweep --executor).</source>
        <extracomment>%1 is the executor&apos;s name, e.g. slurm</extracomment>
        <translation>Bàn làm việc chỉ chạy lượt quét trên thiết bị của máy này; trình thực thi %1 có sẵn từ dòng lệnh (iteragpu sweep --executor).</translation>
    </message>
    <message>
        <source>The sweep cannot start: %1</source>
        <extracomment>%1 is the reason in one line, e.g. &quot;iteragpu not found&quot;
----------
%1 is the reason in one line</extracomment>
        <translation>Lượt quét không thể bắt đầu: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepForm</name>
    <message>
        <source>&amp;Vary:</source>
        <translation>&amp;Thay đổi:</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>Tìm &amp;kiếm:</translation>
    </message>
    <message>
        <source>the values listed</source>
        <translation>các giá trị đã liệt kê</translation>
    </message>
    <message>
        <source>the largest that fits</source>
        <translation>giá trị lớn nhất còn vừa</translation>
    </message>
    <message>
        <source>Va&amp;lues:</source>
        <translation>&amp;Giá trị:</translation>
    </message>
    <message>
        <source>Ascending whole numbers, separated by commas: 1, 2, 4, 8</source>
        <translation>Các số nguyên tăng dần, cách nhau bằng dấu phẩy: 1, 2, 4, 8</translation>
    </message>
    <message>
        <source>M&amp;in:</source>
        <translation>Nhỏ &amp;nhất:</translation>
    </message>
    <message>
        <source>Ma&amp;x:</source>
        <translation>Lớn nhấ&amp;t:</translation>
    </message>
    <message>
        <source>until the first failure</source>
        <translation>đến lần thất bại đầu tiên</translation>
    </message>
    <message>
        <source>Res&amp;olution:</source>
        <translation>Độ phân &amp;giải:</translation>
    </message>
    <message>
        <source>The search stops when the first failing value is at most this far above the largest passing one.</source>
        <translation>Việc tìm kiếm dừng khi giá trị thất bại đầu tiên cách giá trị đạt lớn nhất không quá khoảng này.</translation>
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation>Thiết &amp;bị:</translation>
    </message>
    <message>
        <source>Device ids separated by commas (sim:0, cuda:1); never two trials on one device.</source>
        <translation>Mã thiết bị cách nhau bằng dấu phẩy (sim:0, cuda:1); không bao giờ hai lần thử trên một thiết bị.</translation>
    </message>
    <message>
        <source>&amp;Jobs:</source>
        <translation>Số &amp;việc:</translation>
    </message>
    <message>
        <source>Trials at once, each on its own device of the list.</source>
        <translation>Số lần thử cùng lúc, mỗi lần trên một thiết bị riêng trong danh sách.</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>Thư &amp;mục:</translation>
    </message>
    <message>
        <source>a new or empty folder</source>
        <translation>một thư mục mới hoặc trống</translation>
    </message>
    <message>
        <source>Choose the sweep folder</source>
        <translation>Chọn thư mục quét</translation>
    </message>
    <message>
        <source>Run s&amp;weep</source>
        <translation>Chạy &amp;quét</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Dừng</translation>
    </message>
    <message>
        <source>Values: &apos;%1&apos; is not a whole number above 0.</source>
        <extracomment>%1 is what the user typed between two commas</extracomment>
        <translation>Giá trị: &apos;%1&apos; không phải số nguyên lớn hơn 0.</translation>
    </message>
    <message>
        <source>Values: list them in ascending order, each once.</source>
        <translation>Giá trị: liệt kê theo thứ tự tăng dần, mỗi giá trị một lần.</translation>
    </message>
    <message>
        <source>Min: a whole number above 0.</source>
        <translation>Nhỏ nhất: một số nguyên lớn hơn 0.</translation>
    </message>
    <message>
        <source>Max: a whole number above 0, or empty to search until the first failure.</source>
        <translation>Lớn nhất: một số nguyên lớn hơn 0, hoặc để trống để tìm đến lần thất bại đầu tiên.</translation>
    </message>
    <message>
        <source>Max is below min.</source>
        <translation>Lớn nhất nhỏ hơn nhỏ nhất.</translation>
    </message>
    <message>
        <source>Resolution: a whole number above 0.</source>
        <translation>Độ phân giải: một số nguyên lớn hơn 0.</translation>
    </message>
    <message>
        <source>Devices: name at least one device, e.g. sim:0.</source>
        <translation>Thiết bị: nêu ít nhất một thiết bị, ví dụ sim:0.</translation>
    </message>
    <message numerus="yes">
        <source>Jobs: at most one trial per device, and %n device(s) are listed.</source>
        <extracomment>%n is the number of devices listed</extracomment>
        <translation>
            <numerusform>Số việc: nhiều nhất một lần thử mỗi thiết bị, và danh sách có %n thiết bị.</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder: choose a new or empty folder for the sweep&apos;s files.</source>
        <translation>Thư mục: chọn một thư mục mới hoặc trống cho các tệp của lượt quét.</translation>
    </message>
    <message>
        <source>Sweep folder</source>
        <translation>Thư mục quét</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::SweepView</name>
    <message>
        <source>Open s&amp;weep folder…</source>
        <translation>Mở thư mục &amp;quét…</translation>
    </message>
    <message>
        <source>Add sweep to co&amp;mpare…</source>
        <translation>Thêm lượt quét để so &amp;sánh…</translation>
    </message>
    <message>
        <source>Clear compared</source>
        <translation>Xóa các lượt so sánh</translation>
    </message>
    <message>
        <source>Vary one dimension of the workload, one fresh measure process per value: choose it on the left and run, or open a sweep folder (File menu).</source>
        <translation>Thay đổi một chiều của tải, mỗi giá trị một tiến trình đo mới: chọn ở bên trái rồi chạy, hoặc mở thư mục quét (menu Tệp).</translation>
    </message>
    <message>
        <source>Simulated, not a GPU measurement.</source>
        <translation>Mô phỏng, không phải phép đo GPU.</translation>
    </message>
    <message>
        <source>Compared: %1. %2</source>
        <extracomment>%1 labels a compared sweep (its devices), %2 its boundary sentence</extracomment>
        <translation>So sánh: %1. %2</translation>
    </message>
    <message>
        <source>The workload form has invalid values; no sweep was started.</source>
        <translation>Biểu mẫu tải có giá trị không hợp lệ; không có lượt quét nào được bắt đầu.</translation>
    </message>
    <message>
        <source>The sweep cannot start: %1</source>
        <extracomment>%1 is the reason in one line</extracomment>
        <translation>Lượt quét không thể bắt đầu: %1</translation>
    </message>
    <message>
        <source>Sweep started in %1, varying %2.</source>
        <extracomment>%1 is the sweep folder, %2 the dimension varied</extracomment>
        <translation>Đã bắt đầu lượt quét trong %1, thay đổi %2.</translation>
    </message>
    <message>
        <source>Stop requested: the running trials are stopped and marked interrupted; sweep.json keeps the finished ones.</source>
        <translation>Đã yêu cầu dừng: các lần thử đang chạy bị dừng và đánh dấu là bị gián đoạn; sweep.json giữ các lần đã xong.</translation>
    </message>
    <message>
        <source>Trial %1: %2 %3 on %4</source>
        <extracomment>%1 trial number, %2 dimension name, %3 its value, %4 device id
----------
%1 trial number, %2 dimension name, %3 its value, %4 the device&apos;s label (id, simulated)</extracomment>
        <translation>Lần thử %1: %2 %3 trên %4</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>Trial %1 (%2 %3): %4.</source>
        <extracomment>%1 trial number, %2 dimension name, %3 value, %4 status (passed, failed, ...)</extracomment>
        <translation>Lần thử %1 (%2 %3): %4.</translation>
    </message>
    <message>
        <source>Sweep complete.</source>
        <translation>Lượt quét hoàn tất.</translation>
    </message>
    <message>
        <source>Sweep stopped: %1.</source>
        <extracomment>%1 says why the sweep stopped, e.g. &quot;interrupted&quot;</extracomment>
        <translation>Lượt quét đã dừng: %1.</translation>
    </message>
    <message>
        <source>Sweep stopped.</source>
        <translation>Lượt quét đã dừng.</translation>
    </message>
    <message>
        <source>The trial&apos;s result %1 cannot be read: %2</source>
        <extracomment>%1 is the result file, %2 the reason in one line</extracomment>
        <translation>Không đọc được kết quả %1 của lần thử: %2</translation>
    </message>
    <message>
        <source>A sweep is running; stop it before opening another.</source>
        <translation>Một lượt quét đang chạy; hãy dừng nó trước khi mở lượt khác.</translation>
    </message>
    <message>
        <source>%1 cannot be opened as a sweep: %2</source>
        <extracomment>%1 is the folder, %2 the reason in one line</extracomment>
        <translation>Không thể mở %1 như một lượt quét: %2</translation>
    </message>
    <message>
        <source>Sweep opened from %1.</source>
        <extracomment>%1 is the sweep folder</extracomment>
        <translation>Đã mở lượt quét từ %1.</translation>
    </message>
    <message>
        <source>Open or run a sweep first; the one added is compared with it.</source>
        <translation>Hãy mở hoặc chạy một lượt quét trước; lượt được thêm sẽ được so sánh với nó.</translation>
    </message>
    <message>
        <source>The sweep varies %1, the one shown %2: only sweeps of the same dimension share a chart.</source>
        <extracomment>%1 and %2 are dimension names</extracomment>
        <translation>Lượt quét thay đổi %1, lượt đang hiển thị %2: chỉ các lượt quét cùng chiều mới dùng chung một biểu đồ.</translation>
    </message>
    <message>
        <source>Open sweep folder</source>
        <translation>Mở thư mục quét</translation>
    </message>
    <message>
        <source>Add sweep to compare</source>
        <translation>Thêm lượt quét để so sánh</translation>
    </message>
    <message>
        <source>Trials</source>
        <translation>Các lần thử</translation>
    </message>
    <message>
        <source>Trial timeline</source>
        <translation>Dòng thời gian lần thử</translation>
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
        <translation>Mức thiết bị (driver)</translation>
    </message>
    <message>
        <source>Device capacity</source>
        <translation>Dung lượng thiết bị</translation>
    </message>
    <message>
        <source>Sizing estimate</source>
        <translation>Ước tính kích thước</translation>
    </message>
    <message>
        <source>Phase peak</source>
        <translation>Đỉnh giai đoạn</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Thời gian (s)</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <extracomment>%1 is the unit symbol, GB or GiB, never translated</extracomment>
        <translation>Bộ nhớ (%1)</translation>
    </message>
    <message>
        <source>Device capacity %1 is above the scale ↑</source>
        <extracomment>%1 is the device capacity with its unit, e.g. &quot;80,00 GiB&quot;; its line is above the chart&apos;s scale</extracomment>
        <translation>Dung lượng thiết bị %1 nằm phía trên thang đo ↑</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>Hết bộ nhớ</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Thất bại</translation>
    </message>
    <message>
        <source>%1 in %2: %3</source>
        <extracomment>%1 is &quot;Out of memory&quot; or &quot;Failed&quot;, %2 the phase identifier, %3 the runtime&apos;s own error text</extracomment>
        <translation>%1 ở giai đoạn %2: %3</translation>
    </message>
    <message>
        <source>%1 bytes (%2 %3)</source>
        <extracomment>%1 is a number of bytes with thousands separators, %2 the same amount in the unit, %3 the unit symbol</extracomment>
        <translation>%1 byte (%2 %3)</translation>
    </message>
    <message>
        <source>Time: %1 s</source>
        <extracomment>%1 is the time since the run started, in seconds</extracomment>
        <translation>Thời gian: %1 s</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <extracomment>%1 is a phase identifier such as cold_forward</extracomment>
        <translation>Giai đoạn: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>No samples yet</source>
        <translation>Chưa có mẫu nào</translation>
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
        <translation>Mức thiết bị: %1</translation>
    </message>
    <message numerus="yes">
        <source>Highest of %n samples</source>
        <extracomment>%n number of samples merged into this point of the chart</extracomment>
        <translation>
            <numerusform>Cao nhất trong %n mẫu</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory timeline</source>
        <translation>Dòng thời gian bộ nhớ</translation>
    </message>
    <message>
        <source>Sizing estimate %1 is above the scale ↑</source>
        <extracomment>%1 is the sizing estimate with its unit, e.g. &quot;17,00 GiB&quot;; its line is above the chart&apos;s scale</extracomment>
        <translation>Ước tính kích thước %1 nằm phía trên thang đo ↑</translation>
    </message>
    <message>
        <source>Predicted peak per phase</source>
        <translation>Đỉnh dự đoán theo giai đoạn</translation>
    </message>
    <message>
        <source>Predicted peak per phase reaches %1, above the scale ↑</source>
        <extracomment>%1 is the highest predicted peak of a phase with its unit, e.g. &quot;17,00 GiB&quot;; above the chart&apos;s scale</extracomment>
        <translation>Đỉnh dự đoán theo giai đoạn đạt %1, nằm phía trên thang đo ↑</translation>
    </message>
    <message>
        <source>Areas: allocated by owner at each phase&apos;s peak moment (the samples carry totals only)</source>
        <translation>Vùng: allocated theo chủ sở hữu tại thời điểm đỉnh của từng giai đoạn (các mẫu chỉ mang giá trị tổng)</translation>
    </message>
    <message>
        <source>Colour allocated by &amp;owner</source>
        <translation>Tô màu allocated theo &amp;chủ sở hữu</translation>
    </message>
    <message>
        <source>Stack what each owner (weights, KV cache, activations, ...) held at each phase&apos;s peak moment under the lines</source>
        <translation>Xếp chồng dưới các đường phần mà mỗi chủ sở hữu (trọng số, cache KV, activation, ...) giữ tại thời điểm đỉnh của từng giai đoạn</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TimelineNavigator</name>
    <message>
        <source>Fit to data</source>
        <translation>Khớp dữ liệu</translation>
    </message>
    <message>
        <source>Fit both axes to the data (double click, 0 or Home)</source>
        <translation>Khớp cả hai trục với dữ liệu (nhấp đúp, 0 hoặc Home)</translation>
    </message>
    <message>
        <source>Zoom in (time)</source>
        <translation>Phóng to (thời gian)</translation>
    </message>
    <message>
        <source>Zoom out (time)</source>
        <translation>Thu nhỏ (thời gian)</translation>
    </message>
    <message>
        <source>Zoom in (memory)</source>
        <translation>Phóng to (bộ nhớ)</translation>
    </message>
    <message>
        <source>Zoom out (memory)</source>
        <translation>Thu nhỏ (bộ nhớ)</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TrainingBox</name>
    <message>
        <source>Workload</source>
        <translation>Khối lượng công việc</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Chế độ:</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>Suy luận</translation>
    </message>
    <message>
        <source>Fine-tune (LoRA)</source>
        <translation>Tinh chỉnh (LoRA)</translation>
    </message>
    <message>
        <source>Full training</source>
        <translation>Huấn luyện đầy đủ</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>Optimizer:</translation>
    </message>
    <message>
        <source>fp32 master weights (mixed precision)</source>
        <translation>Trọng số chính fp32 (độ chính xác hỗn hợp)</translation>
    </message>
    <message>
        <source>LoRA rank:</source>
        <translation>Hạng LoRA:</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>Microbatch:</translation>
    </message>
    <message>
        <source>Sequence length (tokens):</source>
        <translation>Độ dài chuỗi (token):</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Checkpointing activation</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::TrialTableModel</name>
    <message>
        <source>pending</source>
        <translation>đang chờ</translation>
    </message>
    <message>
        <source>running</source>
        <translation>đang chạy</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>đạt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>thất bại</translation>
    </message>
    <message>
        <source>error</source>
        <translation>lỗi</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>bị gián đoạn</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>hết bộ nhớ</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>%1 is a duration in seconds</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>%1 is an exact byte count</extracomment>
        <translation>%1 byte</translation>
    </message>
    <message>
        <source>not read</source>
        <translation>chưa đọc</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Giá trị</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Trạng thái</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Đỉnh allocated</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>Đỉnh reserved</translation>
    </message>
    <message>
        <source>Device peak</source>
        <translation>Đỉnh thiết bị</translation>
    </message>
    <message>
        <source>Failed phase</source>
        <translation>Pha thất bại</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>Thời gian thực</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Thiết bị</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WaterfallChart</name>
    <message>
        <source>estimate of the level</source>
        <translation>ước tính của mức</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <extracomment>%1 why a figure of the waterfall is missing, in words (from the ledger)</extracomment>
        <translation>thiếu: %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <extracomment>%1 computed, observed or assumed (the ledger&apos;s source of a figure)</extracomment>
        <translation>Nguồn: %1</translation>
    </message>
    <message>
        <source>Estimate of this level: %1</source>
        <extracomment>%1 the estimate of the same level with its unit, e.g. &quot;14.20 GiB&quot;</extracomment>
        <translation>Ước tính của mức này: %1</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WhyView</name>
    <message>
        <source>Estimate</source>
        <translation>Ước tính</translation>
    </message>
    <message>
        <source>Estimate to peak allocated</source>
        <translation>Từ ước tính đến đỉnh allocated</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <extracomment>%1 a cause (not in the estimate, formula), %2 what, e.g. &quot;attention scores&quot;, %3 measured - estimate</extracomment>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Đỉnh allocated</translation>
    </message>
    <message>
        <source>no allocated reading</source>
        <translation>không có số đọc allocated</translation>
    </message>
    <message>
        <source>Allocator</source>
        <translation>Allocator</translation>
    </message>
    <message>
        <source>Reserved at the peak</source>
        <translation>Reserved tại đỉnh</translation>
    </message>
    <message>
        <source>Reserved after the peak</source>
        <translation>Reserved sau đỉnh</translation>
    </message>
    <message>
        <source>reserved at the phase&apos;s end - reserved at the peak moment</source>
        <translation>reserved ở cuối giai đoạn - reserved tại thời điểm đỉnh</translation>
    </message>
    <message>
        <source>Outside the allocator</source>
        <translation>Ngoài allocator</translation>
    </message>
    <message>
        <source>Device-level, phase end</source>
        <translation>Mức thiết bị, cuối giai đoạn</translation>
    </message>
    <message>
        <source>a reading is missing</source>
        <translation>thiếu một số đọc</translation>
    </message>
    <message>
        <source>The ledger of each phase comes when the run has finished.</source>
        <translation>Bảng kê của từng giai đoạn có khi lần chạy kết thúc.</translation>
    </message>
    <message>
        <source>Run a workload or open a result: the ledger explains each phase&apos;s peak.</source>
        <translation>Hãy chạy một workload hoặc mở một kết quả: bảng kê giải thích đỉnh của từng giai đoạn.</translation>
    </message>
    <message>
        <source>Select a phase in the phase table or click its band on the timeline.</source>
        <translation>Hãy chọn một giai đoạn trong bảng giai đoạn hoặc nhấp vào dải của nó trên dòng thời gian.</translation>
    </message>
    <message>
        <source>Phase %1 did not run: it has no readings to explain.</source>
        <extracomment>%1 is a phase identifier such as decode</extracomment>
        <translation>Giai đoạn %1 không chạy: không có số đọc nào để giải thích.</translation>
    </message>
    <message>
        <source>Why phase %1 peaked where it failed, from the estimate to the device-level reading</source>
        <extracomment>%1 is a phase identifier such as prefill; the phase failed, its readings up to the failure are explained</extracomment>
        <translation>Vì sao giai đoạn %1 đạt đỉnh tại điểm lỗi, từ ước tính đến số đọc mức thiết bị</translation>
    </message>
    <message>
        <source>Why phase %1 peaked where it did, from the estimate to the device-level reading</source>
        <extracomment>%1 is a phase identifier such as prefill</extracomment>
        <translation>Vì sao giai đoạn %1 đạt đỉnh như vậy, từ ước tính đến số đọc mức thiết bị</translation>
    </message>
    <message>
        <source>simulated, not a GPU measurement</source>
        <translation>mô phỏng, không phải phép đo GPU</translation>
    </message>
    <message>
        <source>Waterfall and owners</source>
        <translation>Thác nước và chủ sở hữu</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Bảng kê</translation>
    </message>
</context>
<context>
    <name>iteragpu::gui::WorkbenchSteps</name>
    <message>
        <source>Size</source>
        <extracomment>a step of the workbench: compute what the model needs</extracomment>
        <translation>Tính kích thước</translation>
    </message>
    <message>
        <source>Measure</source>
        <extracomment>a step of the workbench: run the workload on a device</extracomment>
        <translation>Đo</translation>
    </message>
    <message>
        <source>Explain</source>
        <extracomment>a step of the workbench: why a phase peaked where it did</extracomment>
        <translation>Giải thích</translation>
    </message>
    <message>
        <source>Boundary</source>
        <extracomment>a step of the workbench: the sweep that finds the largest load that fits</extracomment>
        <translation>Ranh giới</translation>
    </message>
    <message>
        <source>Decide</source>
        <extracomment>a step of the workbench: the decision sheet</extracomment>
        <translation>Quyết định</translation>
    </message>
    <message>
        <source>Compute what the model needs: weights by format, the KV cache, training, the reserve, and which cards it fits.</source>
        <translation>Tính những gì mô hình cần: trọng số theo định dạng, cache KV, huấn luyện, phần dự phòng, và vừa với những card nào.</translation>
    </message>
    <message>
        <source>Run the workload phase by phase on the chosen device and watch its memory live.</source>
        <translation>Chạy tải từng giai đoạn trên thiết bị đã chọn và theo dõi bộ nhớ trực tiếp.</translation>
    </message>
    <message>
        <source>See why a phase peaked where it did: the waterfall, the owners and the ledger against the estimate.</source>
        <translation>Xem vì sao một giai đoạn đạt đỉnh ở đó: biểu đồ thác nước, các chủ sở hữu và bảng kê so với ước tính.</translation>
    </message>
    <message>
        <source>Sweep batch or context until a trial runs out of memory: the largest load that fits.</source>
        <translation>Quét batch hoặc ngữ cảnh cho đến khi một lần thử hết bộ nhớ: tải lớn nhất còn vừa.</translation>
    </message>
    <message>
        <source>Read the decision sheet of what was sized and measured, and export it.</source>
        <translation>Đọc bảng quyết định về những gì đã tính và đã đo, rồi xuất nó ra.</translation>
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
        <translation>Bắt buộc.</translation>
    </message>
    <message>
        <source>Not a number.</source>
        <translation>Không phải là số.</translation>
    </message>
    <message>
        <source>Between %1 and %2 Hz.</source>
        <extracomment>%1 and %2 are the lowest and highest sampling rates in Hz</extracomment>
        <translation>Trong khoảng %1 đến %2 Hz.</translation>
    </message>
    <message>
        <source>Must be more than 0 GiB.</source>
        <translation>Phải lớn hơn 0 GiB.</translation>
    </message>
    <message>
        <source>At most %1 GiB.</source>
        <extracomment>%1 is the largest simulated capacity in GiB</extracomment>
        <translation>Tối đa %1 GiB.</translation>
    </message>
    <message>
        <source>Too large.</source>
        <translation>Quá lớn.</translation>
    </message>
    <message>
        <source>Cannot be negative.</source>
        <translation>Không được âm.</translation>
    </message>
    <message>
        <source>Not a whole number.</source>
        <translation>Không phải số nguyên.</translation>
    </message>
    <message>
        <source>Must be at least 1.</source>
        <translation>Phải ít nhất là 1.</translation>
    </message>
    <message>
        <source>At most %1.</source>
        <extracomment>%1 is the largest value the field accepts</extracomment>
        <translation>Tối đa %1.</translation>
    </message>
    <message>
        <source>batch × context × width is too large: the input tensor&apos;s size does not fit in 64 bits.</source>
        <translation>batch × ngữ cảnh × độ rộng quá lớn: kích thước của tensor đầu vào không vừa trong 64 bit.</translation>
    </message>
    <message>
        <source>batch × context is too large for the kernels (at most 2 147 483 647 rows).</source>
        <translation>batch × ngữ cảnh quá lớn đối với các kernel (tối đa 2 147 483 647 hàng).</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>C&amp;hế độ:</translation>
    </message>
    <message>
        <source>Inference (dense network)</source>
        <translation>Suy luận (mạng dense)</translation>
    </message>
    <message>
        <source>Training (forward, loss, backward, optimizer)</source>
        <translation>Huấn luyện (xuôi, loss, ngược, optimizer)</translation>
    </message>
    <message>
        <source>native: the caching allocator with PyTorch&apos;s counters; async: the driver&apos;s stream-ordered pool (cudaMallocAsync / hipMallocAsync)</source>
        <translation>native: allocator có cache với các bộ đếm của PyTorch; async: pool theo thứ tự stream của driver (cudaMallocAsync / hipMallocAsync)</translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation>&amp;Batch:</translation>
    </message>
    <message>
        <source>sequences per step</source>
        <translation>số chuỗi mỗi bước</translation>
    </message>
    <message>
        <source>&amp;Context:</source>
        <translation>&amp;Ngữ cảnh:</translation>
    </message>
    <message>
        <source>tokens per sequence</source>
        <translation>số token mỗi chuỗi</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>Độ &amp;rộng:</translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation>kích thước lớp ẩn</translation>
    </message>
    <message>
        <source>&amp;Data type:</source>
        <translation>K&amp;iểu dữ liệu:</translation>
    </message>
    <message>
        <source>W&amp;arm-up:</source>
        <translation>&amp;Khởi động nóng:</translation>
    </message>
    <message>
        <source>iterations before measuring</source>
        <translation>số lần lặp trước khi đo</translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation>&amp;Số lần lặp:</translation>
    </message>
    <message>
        <source>measured warm repeats</source>
        <translation>số lần lặp nóng được đo</translation>
    </message>
    <message>
        <source>A&amp;llocator:</source>
        <translation>&amp;Allocator:</translation>
    </message>
    <message>
        <source>native (caching)</source>
        <translation>native (có cache)</translation>
    </message>
    <message>
        <source>async (driver pool)</source>
        <translation>async (pool của driver)</translation>
    </message>
    <message>
        <source>&amp;Empty the cache between repeats</source>
        <translation>Làm &amp;trống cache giữa các lần lặp</translation>
    </message>
    <message>
        <source>&amp;Sampling (Hz):</source>
        <translation>Lấy &amp;mẫu (Hz):</translation>
    </message>
    <message>
        <source>Simulated &amp;capacity (GiB):</source>
        <translation>D&amp;ung lượng mô phỏng (GiB):</translation>
    </message>
    <message>
        <source>Capacity of the simulated device sim:N; not used on a GPU</source>
        <translation>Dung lượng của thiết bị mô phỏng sim:N; không dùng trên GPU</translation>
    </message>
    <message>
        <source>Reset to the seeds&apos; example</source>
        <translation>Đặt lại về ví dụ mẫu</translation>
    </message>
    <message>
        <source>Batch %1, context %2, width %3, %4, warm-up %5, repeats %6</source>
        <extracomment>%1 batch, %2 context (tokens), %3 width, %4 data type such as float32, %5 warm-up iterations, %6 repeats</extracomment>
        <translation>Batch %1, ngữ cảnh %2, độ rộng %3, %4, khởi động nóng %5, số lần lặp %6</translation>
    </message>
    <message>
        <source>The sizing panel has no model shape to measure: choose a preset or open a config.json there, or choose the dense network.</source>
        <translation>Bảng Ước tính chưa có hình dạng mô hình để đo: hãy chọn một mẫu có sẵn hoặc mở một config.json ở đó, hoặc chọn mạng dense.</translation>
    </message>
    <message>
        <source>Weights in %1 cannot be measured: the decoder builds %2. Choose one of them in the sizing panel&apos;s formats, or the dense network.</source>
        <extracomment>%1 is a weight format such as int4-compact, %2 the list of formats the decoder builds (technical names, not translated)</extracomment>
        <translation>Không thể đo trọng số ở %1: bộ giải mã dựng %2. Hãy chọn một trong số đó ở phần Định dạng của bảng Ước tính, hoặc chọn mạng dense.</translation>
    </message>
    <message>
        <source>Computing in %1 cannot be measured yet: quantized weights compute in fp16 or bf16. Choose one of them as the compute format in the sizing panel.</source>
        <extracomment>%1 is a compute type such as fp8_e4m3 (a technical name, not translated)</extracomment>
        <translation>Chưa thể đo việc tính toán ở %1: trọng số lượng tử hóa được tính ở fp16 hoặc bf16. Hãy chọn một trong hai làm định dạng tính toán trong bảng Ước tính.</translation>
    </message>
    <message>
        <source>Run measures nothing yet: the sizing panel has no model shape.</source>
        <translation>Lệnh Chạy chưa đo gì: bảng Ước tính chưa có hình dạng mô hình.</translation>
    </message>
    <message>
        <source>Run measures %1 (%2, %3 layers, weights in %4), the model in the sizing panel, with random weights.</source>
        <extracomment>%1 the model&apos;s name, e.g. Llama-2-7B; %2 its family (config.json&apos;s model_type, e.g. llama, not translated); %3 its number of layers; %4 the weight format, e.g. bf16 or nf4 (not translated)</extracomment>
        <translation>Lệnh Chạy đo %1 (%2, %3 lớp, trọng số ở %4), mô hình trong bảng Ước tính, với trọng số ngẫu nhiên.</translation>
    </message>
    <message>
        <source>Sequences: %1, each %2 prompt tokens, then %3 generated.</source>
        <extracomment>%1 sequences generated at once, %2 prompt tokens per sequence, %3 generated tokens per sequence</extracomment>
        <translation>Số chuỗi: %1, mỗi chuỗi %2 token đầu vào, sau đó sinh %3 token.</translation>
    </message>
    <message>
        <source>Run measures the dense network, the seeds&apos; exercise (batch %1, context %2, width %3, %4), not the model in the sizing panel.</source>
        <extracomment>%1 batch, %2 context (tokens), %3 width, %4 data type such as float32 (not translated)</extracomment>
        <translation>Lệnh Chạy đo mạng dense, bài tập mẫu (batch %1, ngữ cảnh %2, độ rộng %3, %4), không phải mô hình trong bảng Ước tính.</translation>
    </message>
    <message>
        <source>Run measures the dense network, the seeds&apos; exercise, not the model in the sizing panel.</source>
        <translation>Lệnh Chạy đo mạng dense, bài tập mẫu, không phải mô hình trong bảng Ước tính.</translation>
    </message>
    <message>
        <source>What r&amp;uns:</source>
        <translation>Đối tượng chạ&amp;y:</translation>
    </message>
    <message>
        <source>The model in the sizing panel</source>
        <translation>Mô hình trong bảng Ước tính</translation>
    </message>
    <message>
        <source>The dense network (the seeds&apos; exercise)</source>
        <translation>Mạng dense (bài tập mẫu)</translation>
    </message>
    <message>
        <source>The model in the sizing panel: a decoder-only transformer of its shape, with random weights in its format. The dense network: the seeds&apos; two-layer exercise.</source>
        <translation>Mô hình trong bảng Ước tính: một transformer chỉ gồm bộ giải mã (decoder-only) theo hình dạng của nó, với trọng số ngẫu nhiên theo định dạng của nó. Mạng dense: bài tập mẫu hai lớp.</translation>
    </message>
    <message>
        <source>&amp;Prompt tokens:</source>
        <translation>Token đầ&amp;u vào:</translation>
    </message>
    <message>
        <source>&amp;Generated tokens:</source>
        <translation>Token được s&amp;inh:</translation>
    </message>
    <message>
        <source>decode steps</source>
        <translation>số bước sinh</translation>
    </message>
    <message>
        <source>Se&amp;quences:</source>
        <translation>Số c&amp;huỗi:</translation>
    </message>
    <message>
        <source>generated at once</source>
        <translation>sinh đồng thời</translation>
    </message>
    <message>
        <source>Decode c&amp;hunk:</source>
        <translation>Nhóm &amp;bước sinh:</translation>
    </message>
    <message>
        <source>steps per phase record</source>
        <translation>số bước mỗi bản ghi giai đoạn</translation>
    </message>
    <message>
        <source>Decode steps per phase record; 0 puts all of them in one record</source>
        <translation>Số bước sinh trong mỗi bản ghi giai đoạn; 0 gộp tất cả vào một bản ghi</translation>
    </message>
    <message>
        <source>&amp;KV cache:</source>
        <translation>Cach&amp;e KV:</translation>
    </message>
    <message>
        <source>dynamic (grows every step)</source>
        <translation>dynamic (tăng sau mỗi bước)</translation>
    </message>
    <message>
        <source>static (allocated once)</source>
        <translation>static (cấp phát một lần)</translation>
    </message>
    <message>
        <source>paged (blocks of 16 tokens)</source>
        <translation>paged (khối 16 token)</translation>
    </message>
    <message>
        <source>A&amp;ttention:</source>
        <translation>Attenti&amp;on:</translation>
    </message>
    <message>
        <source>eager (holds the score matrix)</source>
        <translation>eager (giữ ma trận điểm)</translation>
    </message>
    <message>
        <source>sdpa (tiled, no score matrix)</source>
        <translation>sdpa (chia ô, không có ma trận điểm)</translation>
    </message>
    <message>
        <source>the compute dtype (%1)</source>
        <extracomment>the adapters&apos; dtype: the one the model computes in; %1 is that dtype, e.g. bfloat16 (not translated)</extracomment>
        <translation>định dạng tính toán (%1)</translation>
    </message>
    <message>
        <source>Run measures one training step of the model in the sizing panel, with random weights: %1.</source>
        <extracomment>%1 core&apos;s one line for the step: the model, method, framework, weights, micro-batch, attention</extracomment>
        <translation>Lệnh Chạy đo một bước huấn luyện của mô hình trong bảng Ước tính, với trọng số ngẫu nhiên: %1.</translation>
    </message>
    <message>
        <source>Decoder r&amp;un:</source>
        <translation>Chế độ chạ&amp;y decoder:</translation>
    </message>
    <message>
        <source>Inference (prefill and generation)</source>
        <translation>Suy luận (prefill và sinh token)</translation>
    </message>
    <message>
        <source>Training step (fine-tuning)</source>
        <translation>Bước huấn luyện (tinh chỉnh)</translation>
    </message>
    <message>
        <source>Training step: fields you have not set show the framework&apos;s defaults</source>
        <translation>Bước huấn luyện: các trường bạn chưa đặt hiển thị giá trị mặc định của framework</translation>
    </message>
    <message>
        <source>Framework:</source>
        <translation>Framework:</translation>
    </message>
    <message>
        <source>hf: transformers&apos; Trainer with PEFT; torchtune: its single-device recipes. Fields you have not set follow the framework.</source>
        <translation>hf: Trainer của transformers với PEFT; torchtune: các recipe một thiết bị của nó. Các trường bạn chưa đặt sẽ theo framework.</translation>
    </message>
    <message>
        <source>Method:</source>
        <translation>Phương pháp:</translation>
    </message>
    <message>
        <source>full (every weight trained)</source>
        <translation>toàn phần (huấn luyện mọi trọng số)</translation>
    </message>
    <message>
        <source>LoRA targets:</source>
        <translation>Đích LoRA:</translation>
    </message>
    <message>
        <source>The linears of every layer that get an adapter</source>
        <translation>Các lớp tuyến tính của mỗi lớp được gắn adapter</translation>
    </message>
    <message>
        <source>LoRA rank:</source>
        <translation>Hạng LoRA:</translation>
    </message>
    <message>
        <source>Adapters in:</source>
        <translation>Adapter ở:</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>Microbatch:</translation>
    </message>
    <message>
        <source>sequences per forward</source>
        <translation>số chuỗi mỗi lượt lan truyền xuôi</translation>
    </message>
    <message>
        <source>Sequence length:</source>
        <translation>Độ dài chuỗi:</translation>
    </message>
    <message>
        <source>Gradient accumulation:</source>
        <translation>Tích lũy gradient:</translation>
    </message>
    <message>
        <source>micro-batches per optimizer step</source>
        <translation>số microbatch mỗi bước optimizer</translation>
    </message>
    <message>
        <source>Activation checkpointing (every layer)</source>
        <translation>Checkpointing activation (mọi lớp)</translation>
    </message>
    <message>
        <source>Optimizer:</source>
        <translation>Optimizer:</translation>
    </message>
    <message>
        <source>adamw: two moments per trained element; adam8bit: bitsandbytes&apos; 8-bit moments; sgd: no state</source>
        <translation>adamw: hai moment cho mỗi phần tử được huấn luyện; adam8bit: moment 8 bit của bitsandbytes; sgd: không có trạng thái</translation>
    </message>
    <message>
        <source>Paged optimizer (states in host memory)</source>
        <translation>Optimizer phân trang (trạng thái trong bộ nhớ host)</translation>
    </message>
    <message>
        <source>Optimizer step in the backward pass</source>
        <translation>Bước optimizer trong lan truyền ngược</translation>
    </message>
    <message>
        <source>Loss chunks:</source>
        <translation>Số phần của loss:</translation>
    </message>
    <message>
        <source>0: the loss over the whole logits; n: cross-entropy in n chunks</source>
        <translation>0: loss trên toàn bộ logits; n: cross-entropy chia thành n phần</translation>
    </message>
    <message>
        <source>Eval batch:</source>
        <translation>Batch đánh giá:</translation>
    </message>
    <message>
        <source>Sequences of one no-grad forward after the step; 0: no eval phase</source>
        <translation>Số chuỗi của một lượt lan truyền xuôi không gradient sau bước; 0: không có giai đoạn đánh giá</translation>
    </message>
    <message>
        <source>Export a 16-bit copy at the checkpoint</source>
        <translation>Xuất một bản sao 16 bit khi lưu checkpoint</translation>
    </message>
    <message>
        <source>Use the framework&apos;s defaults</source>
        <translation>Dùng giá trị mặc định của framework</translation>
    </message>
    <message>
        <source>Forget the training fields you set: all of them show the framework&apos;s defaults again</source>
        <translation>Bỏ các trường huấn luyện bạn đã đặt: tất cả lại hiển thị giá trị mặc định của framework</translation>
    </message>
    <message>
        <source>LoRA (adapters on a frozen base)</source>
        <translation>LoRA (adapter trên nền đóng băng)</translation>
    </message>
    <message>
        <source>QLoRA (adapters on nf4 weights)</source>
        <translation>QLoRA (adapter trên trọng số nf4)</translation>
    </message>
    <message>
        <source>full: every weight is trained; LoRA: adapters on a frozen 16-bit or float32 base; QLoRA: adapters on frozen nf4 or nf4-dq weights, a format chosen in the sizing panel (the form never switches it for you).</source>
        <translation>toàn phần: huấn luyện mọi trọng số; LoRA: adapter trên nền 16 bit hoặc float32 đóng băng; QLoRA: adapter trên trọng số nf4 hoặc nf4-dq đóng băng, một định dạng lưu trữ chọn trong bảng Ước tính (biểu mẫu không bao giờ tự đổi thay bạn).</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up takes the sizing panel&apos;s serving-engine options: choose vLLM as the serving engine there, or another decoder run here.</source>
        <translation>Quá trình khởi động của vLLM lấy các tùy chọn engine phục vụ của bảng Ước tính: hãy chọn vLLM làm engine phục vụ ở đó, hoặc chọn một kiểu chạy decoder khác ở đây.</translation>
    </message>
    <message>
        <source>Run rehearses vLLM&apos;s start-up of %1 on the run&apos;s device, with the serving engine&apos;s options of the sizing panel (memory utilization %2, maximum model length %3): model_load, profile_run, kv_cache_alloc, cuda_graph_capture, serve.</source>
        <extracomment>%1 the model&apos;s name, e.g. Llama-3.1-8B; %2 --gpu-memory-utilization as a percentage, e.g. 90 %; %3 --max-model-len in tokens, or the model&apos;s own length; vLLM&apos;s phase names stay in English</extracomment>
        <translation>Run diễn tập quá trình khởi động của vLLM với %1 trên thiết bị của lần chạy, với các tùy chọn engine phục vụ của bảng Ước tính (mức dùng bộ nhớ %2, độ dài mô hình tối đa %3): model_load, profile_run, kv_cache_alloc, cuda_graph_capture, serve.</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <extracomment>%1 a number of tokens (vLLM&apos;s --max-model-len)</extracomment>
        <translation>%1 token</translation>
    </message>
    <message>
        <source>the model&apos;s own</source>
        <translation>độ dài riêng của mô hình</translation>
    </message>
    <message>
        <source>Requests served: %1, each %2 prompt tokens and %3 generated.</source>
        <extracomment>%1 requests served at once, %2 prompt tokens per request, %3 generated tokens per request</extracomment>
        <translation>Số yêu cầu được phục vụ: %1, mỗi yêu cầu %2 token prompt và %3 token sinh ra.</translation>
    </message>
    <message>
        <source>vLLM&apos;s start-up (rehearsed with the serving engine&apos;s options)</source>
        <translation>Khởi động vLLM (diễn tập với các tùy chọn của engine phục vụ)</translation>
    </message>
</context>
</TS>
