// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <stdexcept>
#include <string>

namespace iteragpu::units {

// The one error type of bad input, shared by the model readers (core/model) and the sizing engine (core/sizing,
// as sizing::SizingError): invalid input (zero or negative sizes, NaN, unknown format), a config without a
// required key, a truncated or lying safetensors header, or a size that does not fit in 64 bits. what() is one
// clear line meant for the user, without a trailing newline. It lives with the units because checked arithmetic
// (units/checkedmath.h) throws it, and every folder above may use both.
class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string& message)
        : std::runtime_error(message)
    {
    }
};

} // namespace iteragpu::units
