// SPDX-License-Identifier: Apache-2.0
#include "core/training/frameworkprofile.h"

namespace iteragpu::training {

FrameworkProfile frameworkProfile(Framework framework, Method method)
{
    FrameworkProfile p;
    p.framework = framework;
    TrainingRecipe& r = p.recipe;
    r.method = method;
    r.framework = framework;
    if (framework == Framework::Hf) {
        // transformers' Trainer with PEFT: LoraConfig(r=8) on Llama-style models targets q_proj and v_proj,
        // autocast_adapter_dtype=True keeps the adapters in float32 on a 16-bit base, the loss upcasts the whole
        // logits to float32, TrainingArguments' defaults: optim adamw_torch, gradient_checkpointing off (with it
        // on, use_reentrant is what the caller passes; it changes no byte counted here).
        r.targets = { LoraTarget::QProj, LoraTarget::VProj };
        r.rank = 8;
        r.adapterFp32 = true;
        r.checkpointing = false;
        r.optimizer = OptimizerKind::AdamW;
        r.lossChunks = 0;
        p.source = "transformers Trainer (TrainingArguments defaults) with PEFT LoraConfig defaults";
        p.lossHabit = "the loss over the whole logits, upcast to float32";
        p.optimizerHabit = "AdamW (adamw_torch), two moments per trainable element in its dtype (zeros_like)";
        p.adapterHabit = "adapters in float32 (PEFT's autocast_adapter_dtype)";
        return p;
    }
    // torchtune's single-device recipes (recipes/configs/llama3_1/8B_{lora,qlora,full}_single_device.yaml):
    // CEWithChunkedOutputLoss with 8 output chunks, activation checkpointing on, the model and its adapters in
    // bf16; LoRA on q, v and the output projection and on the MLP, rank 8, torch AdamW; the full recipe steps
    // bitsandbytes' PagedAdamW8bit inside the backward pass (optimizer_in_bwd: True).
    r.targets = { LoraTarget::QProj, LoraTarget::VProj, LoraTarget::OProj, LoraTarget::GateProj, LoraTarget::UpProj,
        LoraTarget::DownProj };
    r.rank = 8;
    r.adapterFp32 = false;
    r.checkpointing = true;
    r.lossChunks = 8;
    p.source = "torchtune single-device recipes (llama3_1/8B_lora_single_device, 8B_qlora_single_device, "
               "8B_full_single_device)";
    p.lossHabit = "chunked cross-entropy over 8 output chunks (CEWithChunkedOutputLoss)";
    p.adapterHabit = "adapters in the model's bf16";
    if (method == Method::Full) {
        r.optimizer = OptimizerKind::AdamW8bit;
        r.pagedOptimizer = true;
        r.optimizerInBackward = true;
        p.optimizerHabit = "bitsandbytes PagedAdamW8bit, stepped inside the backward pass (optimizer_in_bwd)";
    } else {
        r.optimizer = OptimizerKind::AdamW;
        p.optimizerHabit = "torch AdamW, two moments in the adapters' bf16 (zeros_like of each parameter)";
    }
    return p;
}

} // namespace iteragpu::training
