// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/inputerror.h"

#include <string>
#include <utility>

namespace iteragpu::model {

// A config.json whose model_type (or none) is not an architecture the readers know (ConfigReader): an input
// error like the others, with the model_type as a field, so a front end can offer to read it as a known one on
// purpose without reading the message's words.
class UnknownArchitecture : public units::InputError {
public:
    UnknownArchitecture(const std::string& what, std::string modelType)
        : units::InputError(what)
        , m_modelType(std::move(modelType))
    {
    }
    const std::string& modelType() const { return m_modelType; } // empty: the config names none

private:
    std::string m_modelType;
};

} // namespace iteragpu::model
