// SPDX-License-Identifier: Apache-2.0
// A Hugging Face model id as typed (core/model/hfcache): ORG/NAME[@REVISION] or anything else. Whatever is
// accepted as an id cannot name a path outside the cache (no "..", no absolute or backslashed part); resolving
// in an empty cache folder is one InputError line, never a crash.
#include "core/model/hfcache.h"
#include "core/units/inputerror.h"
#include "fuzzinput.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string id(reinterpret_cast<const char*>(data), size);
    using iteragpu::model::HfCache;
    if (HfCache::isModelId(id)) {
        if (id.find("..") != std::string::npos || id.find('\\') != std::string::npos || id.front() == '/'
            || id.find('\0') != std::string::npos || id.find("/@") != std::string::npos)
            std::abort();
    }
    try {
        (void)HfCache::resolve(id, iteragpu::fuzz::scratchFolder());
        std::abort(); // the cache folder is empty: nothing can resolve
    } catch (const iteragpu::units::InputError& e) {
        if (std::string(e.what()).find('\n') != std::string::npos)
            std::abort();
    }
    return 0;
}
