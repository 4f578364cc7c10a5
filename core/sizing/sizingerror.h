// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <stdexcept>
#include <string>

namespace iteragpu::sizing {

// The one error type of the sizing engine and the model readers (core/model): invalid input (zero or negative
// sizes, NaN, unknown format), a config without a required key, a truncated or lying safetensors header, or a
// size that does not fit in 64 bits. what() is one clear line meant for the user, without a trailing newline.
class SizingError : public std::runtime_error {
public:
    explicit SizingError(const std::string& message)
        : std::runtime_error(message)
    {
    }
};

} // namespace iteragpu::sizing
