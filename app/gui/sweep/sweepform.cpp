// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sweep/sweepform.h"
#include "app/gui/widgets/elidingcombobox.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sweep/sweeptext.h"
#include "core/sweep/sweepplanner.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace iteragpu::gui {

namespace {

    // A positive whole number as typed (digits only, spaces allowed around it); nullopt otherwise.
    // A count of at least 1, read by the window's one reader of typed numbers (LocaleNumber).
    std::optional<std::uint64_t> positive(const QString& text)
    {
        const auto v = LocaleNumber::parseCount(text);
        if (!v || *v == 0)
            return std::nullopt;
        return v;
    }

    constexpr int kValuesMode = 0;
    constexpr int kFindMaxMode = 1;

} // namespace

SweepForm::SweepForm(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("sweepForm"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    m_layout = new QFormLayout();
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_layout->setRowWrapPolicy(QFormLayout::DontWrapRows);
    outer->addLayout(m_layout);

    m_dimensionLabel = new QLabel(this);
    m_dimension = new ElidingComboBox(this);
    m_dimension->setObjectName(QStringLiteral("sweepDimension"));
    m_modeLabel = new QLabel(this);
    m_mode = new ElidingComboBox(this);
    m_mode->setObjectName(QStringLiteral("sweepMode"));
    m_mode->addItem(QString());
    m_mode->addItem(QString());
    m_mode->setCurrentIndex(kFindMaxMode);
    m_valuesLabel = new QLabel(this);
    m_values = new QLineEdit(this);
    m_values->setObjectName(QStringLiteral("sweepValues"));
    m_values->setText(QStringLiteral("1, 2, 4, 8"));
    m_minLabel = new QLabel(this);
    m_min = new QLineEdit(QStringLiteral("1"), this);
    m_maxLabel = new QLabel(this);
    m_max = new QLineEdit(this);
    m_resolutionLabel = new QLabel(this);
    m_resolution = new QLineEdit(QStringLiteral("1"), this);
    m_devicesLabel = new QLabel(this);
    m_devices = new QLineEdit(this);
    m_devices->setObjectName(QStringLiteral("sweepDevices"));
    m_jobsLabel = new QLabel(this);
    m_jobs = new QSpinBox(this);
    m_jobs->setRange(1, 64);
    m_folderLabel = new QLabel(this);
    m_folder = new QLineEdit(this);
    m_folder->setObjectName(QStringLiteral("sweepFolder"));
    m_browse = new QToolButton(this);
    m_browse->setText(QStringLiteral("…"));
    auto* folderRow = new QHBoxLayout();
    folderRow->setContentsMargins(0, 0, 0, 0);
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(m_browse);

    m_layout->addRow(m_dimensionLabel, m_dimension);
    m_layout->addRow(m_modeLabel, m_mode);
    m_layout->addRow(m_valuesLabel, m_values);
    m_layout->addRow(m_minLabel, m_min);
    m_layout->addRow(m_maxLabel, m_max);
    m_layout->addRow(m_resolutionLabel, m_resolution);
    m_layout->addRow(m_devicesLabel, m_devices);
    m_layout->addRow(m_jobsLabel, m_jobs);
    m_layout->addRow(m_folderLabel, folderRow);
    m_dimensionLabel->setBuddy(m_dimension);
    m_modeLabel->setBuddy(m_mode);
    m_valuesLabel->setBuddy(m_values);
    m_minLabel->setBuddy(m_min);
    m_maxLabel->setBuddy(m_max);
    m_resolutionLabel->setBuddy(m_resolution);
    m_devicesLabel->setBuddy(m_devices);
    m_jobsLabel->setBuddy(m_jobs);
    m_folderLabel->setBuddy(m_folder);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("sweepFormError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #a00000; }"));
    outer->addWidget(m_error);
    auto* buttons = new QHBoxLayout();
    m_run = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    m_run->setObjectName(QStringLiteral("sweepRun"));
    m_stop = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), QString(), this);
    m_stop->setObjectName(QStringLiteral("sweepStop"));
    m_stop->setEnabled(false);
    buttons->addWidget(m_run);
    buttons->addWidget(m_stop);
    buttons->addStretch(1);
    outer->addLayout(buttons);
    outer->addStretch(1);

    connect(m_run, &QPushButton::clicked, this, &SweepForm::runRequested);
    connect(m_stop, &QPushButton::clicked, this, &SweepForm::stopRequested);
    connect(m_browse, &QToolButton::clicked, this, &SweepForm::chooseFolder);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        updateModeRows();
        validate();
    });
    connect(m_devices, &QLineEdit::textEdited, this, [this] { m_devicesTyped = true; });
    for (QLineEdit* edit : { m_values, m_min, m_max, m_resolution, m_devices, m_folder })
        connect(edit, &QLineEdit::textChanged, this, &SweepForm::validate);
    connect(m_jobs, &QSpinBox::valueChanged, this, &SweepForm::validate);
    connect(m_dimension, &QComboBox::currentIndexChanged, this, &SweepForm::validate);

    retranslateUi();
    fillDimensions();
    updateModeRows();
    validate();
}

void SweepForm::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        validate();
    }
}

void SweepForm::retranslateUi()
{
    m_dimensionLabel->setText(tr("&Vary:"));
    m_modeLabel->setText(tr("&Search:"));
    m_mode->setItemText(kValuesMode, tr("the values listed"));
    m_mode->setItemText(kFindMaxMode, tr("the largest that fits"));
    m_valuesLabel->setText(tr("Va&lues:"));
    m_values->setToolTip(tr("Ascending whole numbers, separated by commas: 1, 2, 4, 8"));
    m_minLabel->setText(tr("M&in:"));
    m_maxLabel->setText(tr("Ma&x:"));
    m_max->setPlaceholderText(tr("until the first failure"));
    m_resolutionLabel->setText(tr("Res&olution:"));
    m_resolution->setToolTip(tr("The search stops when the first failing value is at most this far above the "
                                "largest passing one."));
    m_devicesLabel->setText(tr("&Devices:"));
    m_devices->setToolTip(tr("Device ids separated by commas (sim:0, cuda:1); never two trials on one device."));
    m_jobsLabel->setText(tr("&Jobs:"));
    m_jobs->setToolTip(tr("Trials at once, each on its own device of the list."));
    m_folderLabel->setText(tr("&Folder:"));
    m_folder->setPlaceholderText(tr("a new or empty folder"));
    m_browse->setToolTip(tr("Choose the sweep folder"));
    m_run->setText(tr("Run s&weep"));
    m_stop->setText(tr("S&top"));
    const int current = m_dimension->currentIndex();
    for (int i = 0; i < m_dimension->count(); ++i)
        m_dimension->setItemText(i, SweepText::dimension(static_cast<sweep::Dimension>(m_dimension->itemData(i).toInt())));
    m_dimension->setCurrentIndex(current);
}

void SweepForm::fillDimensions()
{
    const QSignalBlocker blocker(m_dimension);
    const QVariant previous = m_dimension->currentData();
    m_dimension->clear();
    for (const auto d : { sweep::Dimension::Batch, sweep::Dimension::Context, sweep::Dimension::Width,
             sweep::Dimension::Sequences, sweep::Dimension::PromptTokens, sweep::Dimension::Generated,
             sweep::Dimension::SeqLen, sweep::Dimension::MaxModelLen, sweep::Dimension::MaxNumSeqs })
        if (sweep::dimensionBelongs(d, m_workload))
            m_dimension->addItem(SweepText::dimension(d), static_cast<int>(d));
    const int at = m_dimension->findData(previous);
    m_dimension->setCurrentIndex(at >= 0 ? at : 0);
}

void SweepForm::setWorkload(sweep::SweptWorkload workload)
{
    if (workload == m_workload && m_dimension->count() > 0)
        return;
    m_workload = workload;
    fillDimensions();
    validate();
}

void SweepForm::setDefaultDevice(const QString& deviceId)
{
    if (!m_devicesTyped)
        m_devices->setText(deviceId);
}

void SweepForm::showSpec(const sweep::SweepSpec& spec)
{
    if (const int at = m_dimension->findData(static_cast<int>(spec.dimension)); at >= 0)
        m_dimension->setCurrentIndex(at);
    m_mode->setCurrentIndex(spec.mode == sweep::SweepMode::FindMax ? kFindMaxMode : kValuesMode);
    if (!spec.values.empty()) {
        QStringList values;
        for (const auto v : spec.values)
            values << QString::number(v);
        m_values->setText(values.join(QStringLiteral(", ")));
    }
    m_min->setText(QString::number(spec.min));
    m_max->setText(spec.max ? QString::number(*spec.max) : QString());
    m_resolution->setText(QString::number(spec.resolution));
    if (spec.executor == "local" && !spec.devices.empty()) {
        QStringList devices;
        for (const auto& d : spec.devices)
            devices << QString::fromStdString(d);
        m_devices->setText(devices.join(QStringLiteral(", ")));
        m_jobs->setValue(static_cast<int>(devices.size()));
        m_devicesTyped = true;
    }
}

void SweepForm::updateModeRows()
{
    const bool findMax = m_mode->currentIndex() == kFindMaxMode;
    m_layout->setRowVisible(m_values, !findMax);
    m_layout->setRowVisible(m_min, findMax);
    m_layout->setRowVisible(m_max, findMax);
    m_layout->setRowVisible(m_resolution, findMax);
}

QStringList SweepForm::deviceList() const
{
    QStringList out;
    for (const QString& part : m_devices->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!part.trimmed().isEmpty())
            out << part.trimmed();
    return out;
}

QString SweepForm::folder() const { return m_folder->text().trimmed(); }

std::optional<sweep::SweepSpec> SweepForm::spec(QString& error) const
{
    sweep::SweepSpec s;
    s.dimension = static_cast<sweep::Dimension>(m_dimension->currentData().toInt());
    s.mode = m_mode->currentIndex() == kFindMaxMode ? sweep::SweepMode::FindMax : sweep::SweepMode::Values;
    if (s.mode == sweep::SweepMode::Values) {
        const QStringList parts = m_values->text().split(QLatin1Char(','), Qt::KeepEmptyParts);
        for (const QString& part : parts) {
            const auto v = positive(part);
            if (!v) {
                //: %1 is what the user typed between two commas
                error = tr("Values: '%1' is not a whole number above 0.").arg(part.trimmed());
                return std::nullopt;
            }
            if (!s.values.empty() && *v <= s.values.back()) {
                error = tr("Values: list them in ascending order, each once.");
                return std::nullopt;
            }
            s.values.push_back(*v);
        }
    } else {
        const auto min = positive(m_min->text());
        if (!min) {
            error = tr("Min: a whole number above 0.");
            return std::nullopt;
        }
        s.min = *min;
        if (!m_max->text().trimmed().isEmpty()) {
            const auto max = positive(m_max->text());
            if (!max) {
                error = tr("Max: a whole number above 0, or empty to search until the first failure.");
                return std::nullopt;
            }
            if (*max < *min) {
                error = tr("Max is below min.");
                return std::nullopt;
            }
            s.max = *max;
        }
        const auto resolution = positive(m_resolution->text());
        if (!resolution) {
            error = tr("Resolution: a whole number above 0.");
            return std::nullopt;
        }
        s.resolution = *resolution;
    }
    const QStringList devices = deviceList();
    if (devices.isEmpty()) {
        error = tr("Devices: name at least one device, e.g. sim:0.");
        return std::nullopt;
    }
    if (m_jobs->value() > devices.size()) {
        //: %n is the number of devices listed
        error = tr("Jobs: at most one trial per device, and %n device(s) are listed.", nullptr,
            static_cast<int>(devices.size()));
        return std::nullopt;
    }
    for (int i = 0; i < m_jobs->value(); ++i)
        s.devices.push_back(devices[i].toStdString());
    s.executor = "local";
    // The planner's own checks (a device twice, bounds beyond 2^62), in its words.
    if (const std::string reason = sweep::SweepPlanner::validate(s); !reason.empty()) {
        error = QString::fromStdString(reason);
        return std::nullopt;
    }
    return s;
}

QString SweepForm::problem() const
{
    QString error;
    if (!spec(error))
        return error;
    if (folder().isEmpty())
        return tr("Folder: choose a new or empty folder for the sweep's files.");
    return {};
}

void SweepForm::setBlockedReason(const QString& reason)
{
    m_blocked = reason;
    validate();
}

void SweepForm::setRunning(bool running)
{
    m_running = running;
    for (QWidget* w : std::initializer_list<QWidget*> { m_dimension, m_mode, m_values, m_min, m_max, m_resolution,
             m_devices, m_jobs, m_folder, m_browse })
        w->setEnabled(!running);
    m_stop->setEnabled(running);
    validate();
}

void SweepForm::validate()
{
    const QString problem = this->problem();
    const QString shown = problem.isEmpty() ? m_blocked : problem;
    m_error->setText(shown);
    m_error->setVisible(!shown.isEmpty());
    m_run->setEnabled(!m_running && shown.isEmpty());
    m_run->setToolTip(shown);
    emit changed();
}

void SweepForm::chooseFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Sweep folder"), folder(),
        QFileDialog::ShowDirsOnly);
    if (!dir.isEmpty())
        m_folder->setText(dir);
}

} // namespace iteragpu::gui
