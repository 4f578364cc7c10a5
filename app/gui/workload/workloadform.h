// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <QLocale>
#include <QMap>
#include <QString>
#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace iteragpu::gui {

// The workload of a run: dense (inference) or training mode, dimensions, dtype, warm-up and repeats, allocator
// backend, empty-cache policy, sampling rate, and the capacity of the simulated device. Every field is checked
// as it is typed; an invalid value shows its reason under the field and the form reports itself invalid, so Run
// stays disabled and nothing starts.
class WorkloadForm : public QWidget {
    Q_OBJECT
public:
    enum class Field { Batch, Context, Width, Warmup, Repeats, SamplingHz, SimCapacity };

    static constexpr std::uint64_t kMaxDimension = 2'147'483'647; // kernels index rows and columns as int
    static constexpr std::uint64_t kMaxIterations = 100'000; // warm-up iterations or repeats
    static constexpr double kMaxSimCapacityGiB = 1'048'576.0; // 1 PiB

    explicit WorkloadForm(QWidget* parent = nullptr);

    bool isValid() const { return m_valid; }
    // The reason shown under a field, empty when the field is fine.
    QString errorText(Field field) const;
    // The reason that spans the whole form (e.g. a tensor size that overflows), empty when fine.
    QString formError() const;
    QLineEdit* edit(Field field) const;
    QComboBox* modeBox() const { return m_mode; }
    QComboBox* dtypeBox() const { return m_dtype; }
    QComboBox* allocatorBox() const { return m_allocator; }
    QCheckBox* emptyCacheBox() const { return m_emptyCache; }

    // The run configuration of the fields (deviceId left for the caller); nullopt while invalid.
    std::optional<protocol::RunConfig> config() const;
    void setConfig(const protocol::RunConfig& config);
    // The simulated capacity applies to sim:N only; the field is disabled for a GPU.
    void setSimulatedDevice(bool simulated);
    // Locks the form while a run is going.
    void setLocked(bool locked);
    // The seeds' example: RunConfig's defaults (batch 2, context 128, width 1024, float32, warm-up 3, 5 repeats).
    void resetToSeedsExample();
    QPushButton* resetButton() const { return m_reset; }

signals:
    void validityChanged(bool valid);
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct FieldWidgets {
        QLabel* label = nullptr;
        QLineEdit* edit = nullptr;
        QLabel* error = nullptr;
    };

    void addField(Field field);
    void retranslateUi();
    void relocalizeFields(); // Note [Numbers across a language switch]
    void validate();
    QString checkField(Field field, std::optional<std::uint64_t>& integer, std::optional<double>& real) const;

    QFormLayout* m_layout = nullptr;
    QMap<Field, FieldWidgets> m_fields;
    QLabel* m_modeLabel = nullptr;
    QLabel* m_dtypeLabel = nullptr;
    QLabel* m_allocatorLabel = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_dtype = nullptr;
    QComboBox* m_allocator = nullptr;
    QCheckBox* m_emptyCache = nullptr;
    QLabel* m_formError = nullptr;
    QPushButton* m_reset = nullptr;
    bool m_valid = false;
    bool m_simulated = true;
    QLocale m_fieldLocale; // the locale the numeric fields are written in
};

} // namespace iteragpu::gui
