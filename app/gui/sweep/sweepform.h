// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/sweep/sweeptypes.h"

#include <QString>
#include <QWidget>
#include <optional>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace iteragpu::gui {

// What a sweep varies and where it runs: the dimension (only those of the workload that Run measures: the
// decoder's sequences, prompt and generated tokens; the dense network's batch, context and width), the values
// listed or the find-max search (min, optional max, resolution), the devices and how many trials run at once,
// and the sweep folder. Run and Stop. The fields are checked as they are typed; spec() gives the SweepSpec
// (measureArgs left to the caller) or a one-line reason.
class SweepForm : public QWidget {
    Q_OBJECT
public:
    explicit SweepForm(QWidget* parent = nullptr);

    // The workload the base configuration is: the dimensions offered follow it.
    // The workload the sweep varies (its dimensions): the dense network, a generation or a training step.
    void setWorkload(sweep::SweptWorkload workload);
    sweep::SweptWorkload workload() const { return m_workload; }
    // The device Run would use; it fills the devices field until the user types there.
    void setDefaultDevice(const QString& deviceId);

    // The fields set from a sweep's spec (an opened sweep): its search and devices, its dimension when the
    // workload offers it. The folder is left alone (a folder holding a sweep takes no new one).
    void showSpec(const sweep::SweepSpec& spec);
    // The spec of the fields (without measureArgs); nullopt with the reason in error.
    std::optional<sweep::SweepSpec> spec(QString& error) const;
    QString folder() const;
    // The first problem of the fields, empty when they are fine.
    QString problem() const;

    void setRunning(bool running);
    // Why Run is not possible besides the fields (the workload form invalid, ...); empty when it is.
    void setBlockedReason(const QString& reason);

    QComboBox* dimensionBox() const { return m_dimension; }
    QComboBox* modeBox() const { return m_mode; }
    QLineEdit* valuesEdit() const { return m_values; }
    QLineEdit* minEdit() const { return m_min; }
    QLineEdit* maxEdit() const { return m_max; }
    QLineEdit* resolutionEdit() const { return m_resolution; }
    QLineEdit* devicesEdit() const { return m_devices; }
    QSpinBox* jobsBox() const { return m_jobs; }
    QLineEdit* folderEdit() const { return m_folder; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* stopButton() const { return m_stop; }

signals:
    void runRequested();
    void stopRequested();
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void fillDimensions();
    void updateModeRows();
    void validate();
    void chooseFolder();
    QStringList deviceList() const;

    sweep::SweptWorkload m_workload = sweep::SweptWorkload::Dense;
    QFormLayout* m_layout = nullptr;
    QLabel* m_dimensionLabel = nullptr;
    QComboBox* m_dimension = nullptr;
    QLabel* m_modeLabel = nullptr;
    QComboBox* m_mode = nullptr;
    QLabel* m_valuesLabel = nullptr;
    QLineEdit* m_values = nullptr;
    QLabel* m_minLabel = nullptr;
    QLineEdit* m_min = nullptr;
    QLabel* m_maxLabel = nullptr;
    QLineEdit* m_max = nullptr;
    QLabel* m_resolutionLabel = nullptr;
    QLineEdit* m_resolution = nullptr;
    QLabel* m_devicesLabel = nullptr;
    QLineEdit* m_devices = nullptr;
    QLabel* m_jobsLabel = nullptr;
    QSpinBox* m_jobs = nullptr;
    QLabel* m_folderLabel = nullptr;
    QLineEdit* m_folder = nullptr;
    QToolButton* m_browse = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_stop = nullptr;
    QString m_blocked;
    bool m_running = false;
    bool m_devicesTyped = false;
};

} // namespace iteragpu::gui
