// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/quantizedformat.h"

#include "core/sizing/sizingerror.h"

namespace iteragpu::sizing {

namespace {

    using Method = model::QuantizationConfig::Method;
    constexpr std::uint64_t kOneGroupPerRow = 1ULL << 32; // elements: longer than any row, so one group per row

    [[noreturn]] void unsupported(const model::QuantizationConfig& q)
    {
        throw SizingError("config.json's quantization_config is " + q.summary()
            + ", a layout this estimate does not size as stored; choose the storage with --format (or --bits)");
    }

    void group(QuantizedFormat& f, const model::QuantizationConfig& q)
    {
        if (q.perChannel) {
            f.groupSize = kOneGroupPerRow;
            f.notes.push_back({ ITERAGPU_TRANSLATE_NOOP(
                "Assumption", "quantization_config: one scale and zero per output channel (group_size -1)") });
        } else if (q.groupSize) {
            f.groupSize = q.groupSize;
        }
    }

} // namespace

QuantizedFormat QuantizedFormat::fromConfig(const model::QuantizationConfig& q)
{
    QuantizedFormat f;
    switch (q.method) {
    case Method::BitsAndBytes:
        if (q.bits == 8) {
            f.format = WeightFormat::Int8;
        } else {
            f.blockSize = q.groupSize;
            if (q.doubleQuant) {
                f.format = WeightFormat::NF4DoubleQuant;
                if (q.quantType == "fp4")
                    f.notes.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                        "quantization_config: FP4 with double quantization stores what NF4 with double quantization "
                        "stores; sized as nf4-dq") });
            } else {
                f.format = q.quantType == "fp4" ? WeightFormat::FP4 : WeightFormat::NF4;
            }
        }
        break;
    case Method::Gptq:
    case Method::Awq:
        if (q.bits != 4)
            unsupported(q);
        f.format = q.method == Method::Gptq ? WeightFormat::GptqInt4 : WeightFormat::AwqInt4;
        group(f, q);
        break;
    case Method::Fp8:
        f.format = q.quantType == "e5m2" ? WeightFormat::FP8E5M2 : WeightFormat::FP8E4M3;
        if (q.blockRows && q.blockColumns) {
            f.fp8BlockRows = q.blockRows;
            f.fp8BlockColumns = q.blockColumns;
        } else {
            f.notes.push_back({ ITERAGPU_TRANSLATE_NOOP(
                "Assumption", "quantization_config fp8: no weight_block_size, so one fp32 scale per tensor") });
        }
        break;
    case Method::Mxfp4:
        f.format = WeightFormat::Mxfp4;
        break;
    case Method::CompressedTensors:
        if (q.quantType == "float" && q.bits == 8) {
            f.format = WeightFormat::FP8E4M3;
        } else if (q.quantType == "int" && q.bits == 8) {
            f.format = WeightFormat::Int8;
        } else if (q.quantType == "int" && q.bits == 4) {
            f.format = WeightFormat::AwqInt4;
            group(f, q);
            if (q.symmetric)
                f.notes.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "quantization_config compressed-tensors int4: sized with AWQ's layout, whose packed zero points "
                    "a symmetric scheme does not store (a small overestimate)") });
        } else {
            unsupported(q);
        }
        break;
    }
    return f;
}

} // namespace iteragpu::sizing
