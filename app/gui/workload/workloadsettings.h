// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/training/recipechoices.h"

#include <optional>

namespace iteragpu::gui {

// The workload form's choices between starts (QSettings group "workload"), stored as values, never as text in
// the UI language, so a saved "1,000" can never come back as 1. load() takes only what is present and valid;
// anything else keeps the seeds' example (RunConfig's defaults). The device id is the device picker's business.
class WorkloadSettings {
public:
    static std::optional<protocol::RunConfig> load();
    static void save(const protocol::RunConfig& config);
    // The decoder's own choices (tokens, sequences, cache, attention, decode chunk), shape and storage left empty:
    // those come from the sizing panel. nullopt when none were saved; a damaged value keeps DecoderSpec's default.
    static std::optional<protocol::DecoderSpec> loadDecoder();
    static void saveDecoder(const protocol::DecoderSpec& spec);
    // The user's pick in "What runs"; nullopt: none yet, the form follows the sizing panel.
    static std::optional<protocol::WorkloadKind> loadChosenWorkload();
    static void saveChosenWorkload(std::optional<protocol::WorkloadKind> kind);
    // The decoder's training step: whether the decoder runs one (else inference) and what the user said about
    // it, only that (Note [Training choices over the framework's defaults]). nullopt when none was saved; a
    // damaged value is left unsaid, so the framework's default takes its place.
    struct Training {
        bool enabled = false;
        training::RecipeChoices choices;
    };
    static std::optional<Training> loadTraining();
    static void saveTraining(const Training& training);
    // Whether the decoder's run is vLLM's start-up rehearsed (its options are the sizing panel's engine box's).
    static bool loadVllmRun();
    static void saveVllmRun(bool vllm);
    static void clear();
};

} // namespace iteragpu::gui
