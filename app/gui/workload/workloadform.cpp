// SPDX-License-Identifier: Apache-2.0
#include "app/gui/workload/workloadform.h"
#include "app/gui/workload/workloadsettings.h"
#include "app/gui/widgets/wheelguard.h"

#include "core/runner/runner.h"
#include "core/units/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <cmath>

namespace iteragpu::gui {

namespace {

    const QString kErrorStyle = QStringLiteral("QLabel { color: #b00000; }");
    const QString kInvalidEditStyle = QStringLiteral("QLineEdit { border: 1px solid #c00000; background: #fff0f0; }");

    // Accepts the number as the user's language writes it ("1.024" in German) and as C does ("1024").
    std::optional<std::uint64_t> parseInteger(const QString& text, bool& negative, const QLocale& locale = QLocale())
    {
        const QString t = text.trimmed();
        negative = t.startsWith(QLatin1Char('-'));
        bool ok = false;
        qulonglong value = locale.toULongLong(t, &ok);
        if (!ok)
            value = QLocale::c().toULongLong(t, &ok);
        if (!ok)
            return std::nullopt;
        return static_cast<std::uint64_t>(value);
    }

    std::optional<double> parseReal(const QString& text, const QLocale& locale = QLocale())
    {
        const QString t = text.trimmed();
        bool ok = false;
        double value = locale.toDouble(t, &ok);
        if (!ok)
            value = QLocale::c().toDouble(t, &ok);
        if (!ok || !std::isfinite(value))
            return std::nullopt;
        return value;
    }

} // namespace

WorkloadForm::WorkloadForm(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("WorkloadForm"));
    m_layout = new QFormLayout(this);
    m_layout->setContentsMargins(6, 6, 6, 6);
    m_layout->setRowWrapPolicy(QFormLayout::DontWrapRows);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_modeLabel = new QLabel(this);
    m_mode = new QComboBox(this);
    m_mode->addItem(QString(), static_cast<int>(protocol::Mode::Inference));
    m_mode->addItem(QString(), static_cast<int>(protocol::Mode::Training));
    m_layout->addRow(m_modeLabel, m_mode);
    m_modeLabel->setBuddy(m_mode);

    addField(Field::Batch);
    addField(Field::Context);
    addField(Field::Width);

    m_dtypeLabel = new QLabel(this);
    m_dtype = new QComboBox(this);
    // Technical identifiers, never translated.
    for (auto dtype : { device::DType::Float32, device::DType::Float16, device::DType::BFloat16 })
        m_dtype->addItem(QLatin1String(device::dtypeName(dtype)), static_cast<int>(dtype));
    m_layout->addRow(m_dtypeLabel, m_dtype);
    m_dtypeLabel->setBuddy(m_dtype);

    addField(Field::Warmup);
    addField(Field::Repeats);

    m_allocatorLabel = new QLabel(this);
    m_allocator = new QComboBox(this);
    m_allocator->addItem(QString(), static_cast<int>(protocol::AllocatorKind::Native));
    m_allocator->addItem(QString(), static_cast<int>(protocol::AllocatorKind::Async));
    m_layout->addRow(m_allocatorLabel, m_allocator);
    m_allocatorLabel->setBuddy(m_allocator);
    // Long item texts must not widen the form beyond its dock: the combo boxes elide, their tooltips tell all.
    for (QComboBox* combo : { m_mode, m_dtype, m_allocator }) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
    }
    m_emptyCache = new QCheckBox(this);
    m_layout->addRow(m_emptyCache);

    addField(Field::SamplingHz);
    addField(Field::SimCapacity);

    m_formError = new QLabel(this);
    m_formError->setWordWrap(true);
    m_formError->setStyleSheet(kErrorStyle);
    m_formError->hide();
    m_layout->addRow(m_formError);

    m_reset = new QPushButton(this);
    m_layout->addRow(m_reset);
    connect(m_reset, &QPushButton::clicked, this, &WorkloadForm::resetToSeedsExample);

    // The form sits in a scroll area: the wheel scrolls it, and changes a combo box only once it has the focus.
    WheelGuard::install(this);
    retranslateUi();
    // The last choices (QSettings), else the seeds' example; every valid change is kept for the next start.
    setConfig(WorkloadSettings::load().value_or(protocol::RunConfig {}));
    connect(this, &WorkloadForm::changed, this, [this] {
        if (!m_valid)
            return;
        if (const auto c = config())
            WorkloadSettings::save(*c);
    });
    for (auto* combo : { m_mode, m_dtype, m_allocator })
        connect(combo, &QComboBox::currentIndexChanged, this, [this] { validate(); });
    connect(m_emptyCache, &QCheckBox::toggled, this, [this] { validate(); });
    validate();
}

void WorkloadForm::addField(Field field)
{
    FieldWidgets w;
    w.label = new QLabel(this);
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(1);
    w.edit = new QLineEdit(box);
    w.edit->setMinimumWidth(70);
    w.error = new QLabel(box);
    w.error->setWordWrap(true);
    w.error->setStyleSheet(kErrorStyle);
    w.error->hide();
    v->addWidget(w.edit);
    v->addWidget(w.error);
    w.label->setBuddy(w.edit);
    m_layout->addRow(w.label, box);
    connect(w.edit, &QLineEdit::textChanged, this, [this] { validate(); });
    m_fields.insert(field, w);
}

QLineEdit* WorkloadForm::edit(Field field) const { return m_fields.value(field).edit; }

QString WorkloadForm::errorText(Field field) const
{
    const FieldWidgets w = m_fields.value(field);
    return w.error && !w.error->isHidden() ? w.error->text() : QString();
}

QString WorkloadForm::formError() const { return m_formError->isHidden() ? QString() : m_formError->text(); }

QString WorkloadForm::checkField(Field field, std::optional<std::uint64_t>& integer, std::optional<double>& real) const
{
    const QString text = m_fields.value(field).edit->text();
    if (text.trimmed().isEmpty())
        return tr("Required.");
    const QLocale locale;
    if (field == Field::SamplingHz || field == Field::SimCapacity) {
        real = parseReal(text);
        if (!real)
            return tr("Not a number.");
        if (field == Field::SamplingHz && (*real < protocol::kMinSamplingHz || *real > protocol::kMaxSamplingHz)) {
            //: %1 and %2 are the lowest and highest sampling rates in Hz
            return tr("Between %1 and %2 Hz.")
                .arg(locale.toString(protocol::kMinSamplingHz, 'f', 0),
                    locale.toString(protocol::kMaxSamplingHz, 'f', 0));
        }
        if (field == Field::SimCapacity) {
            if (*real <= 0.0)
                return tr("Must be more than 0 GiB.");
            if (*real > kMaxSimCapacityGiB)
                //: %1 is the largest simulated capacity in GiB
                return tr("At most %1 GiB.").arg(locale.toString(kMaxSimCapacityGiB, 'f', 0));
            if (!units::fromUnit(*real, units::Unit::GiB))
                return tr("Too large.");
        }
        return {};
    }
    bool negative = false;
    integer = parseInteger(text, negative);
    if (negative)
        return tr("Cannot be negative.");
    if (!integer)
        return tr("Not a whole number.");
    const bool iterations = field == Field::Warmup || field == Field::Repeats;
    if (!iterations && *integer == 0)
        return tr("Must be at least 1.");
    const std::uint64_t limit = iterations ? kMaxIterations : kMaxDimension;
    if (*integer > limit)
        //: %1 is the largest value the field accepts
        return tr("At most %1.").arg(locale.toString(static_cast<qulonglong>(limit)));
    return {};
}

void WorkloadForm::validate()
{
    bool valid = true;
    for (auto it = m_fields.begin(); it != m_fields.end(); ++it) {
        FieldWidgets& w = it.value();
        if (it.key() == Field::SimCapacity && !m_simulated) {
            w.error->hide();
            w.edit->setStyleSheet(QString());
            continue;
        }
        std::optional<std::uint64_t> integer;
        std::optional<double> real;
        const QString reason = checkField(it.key(), integer, real);
        w.error->setText(reason);
        w.error->setVisible(!reason.isEmpty());
        w.edit->setStyleSheet(reason.isEmpty() ? QString() : kInvalidEditStyle);
        w.edit->setToolTip(reason);
        valid = valid && reason.isEmpty();
    }

    QString formReason;
    if (valid) {
        // The largest tensor must fit in 64 bits: batch x context x width elements of dtype.
        const auto c = config();
        if (c) {
            const auto elements = units::checkedMul(c->batch, c->context);
            const auto all = elements ? units::checkedMul(*elements, c->width) : std::nullopt;
            const auto bytes = all ? units::checkedMul(*all, device::dtypeSize(c->dtype)) : std::nullopt;
            if (!bytes)
                formReason
                    = tr("batch × context × width is too large: the input tensor's size does not fit in 64 bits.");
            else if (*elements > kMaxDimension)
                formReason = tr("batch × context is too large for the kernels (at most 2 147 483 647 rows).");
            else
                formReason = QString::fromStdString(protocol::validateConfig(*c));
        }
    }
    m_formError->setText(formReason);
    m_formError->setVisible(!formReason.isEmpty());
    valid = valid && formReason.isEmpty();

    const bool changedValidity = valid != m_valid;
    m_valid = valid;
    if (changedValidity)
        emit validityChanged(valid);
    emit changed();
}

std::optional<protocol::RunConfig> WorkloadForm::config() const
{
    protocol::RunConfig c;
    auto integer = [this](Field f) {
        bool negative = false;
        return parseInteger(m_fields.value(f).edit->text(), negative);
    };
    const auto batch = integer(Field::Batch);
    const auto context = integer(Field::Context);
    const auto width = integer(Field::Width);
    const auto warmup = integer(Field::Warmup);
    const auto repeats = integer(Field::Repeats);
    const auto hz = parseReal(m_fields.value(Field::SamplingHz).edit->text());
    if (!batch || !context || !width || !warmup || !repeats || !hz)
        return std::nullopt;
    c.mode = static_cast<protocol::Mode>(m_mode->currentData().toInt());
    c.batch = *batch;
    c.context = *context;
    c.width = *width;
    c.dtype = static_cast<device::DType>(m_dtype->currentData().toInt());
    c.warmup = static_cast<std::uint32_t>(std::min<std::uint64_t>(*warmup, kMaxIterations));
    c.repeats = static_cast<std::uint32_t>(std::min<std::uint64_t>(*repeats, kMaxIterations));
    c.allocator = static_cast<protocol::AllocatorKind>(m_allocator->currentData().toInt());
    c.emptyCacheBetweenRepeats = m_emptyCache->isChecked();
    c.samplingHz = *hz;
    if (m_simulated) {
        const auto gib = parseReal(m_fields.value(Field::SimCapacity).edit->text());
        if (!gib)
            return std::nullopt;
        c.simCapacityBytes = units::fromUnit(*gib, units::Unit::GiB);
        if (!c.simCapacityBytes)
            return std::nullopt;
    }
    return c;
}

void WorkloadForm::setConfig(const protocol::RunConfig& c)
{
    const QLocale locale;
    m_fieldLocale = locale;
    auto setInt = [&](Field f, std::uint64_t v) {
        m_fields.value(f).edit->setText(QString::number(static_cast<qulonglong>(v)));
    };
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(c.mode)));
    setInt(Field::Batch, c.batch);
    setInt(Field::Context, c.context);
    setInt(Field::Width, c.width);
    m_dtype->setCurrentIndex(m_dtype->findData(static_cast<int>(c.dtype)));
    setInt(Field::Warmup, c.warmup);
    setInt(Field::Repeats, c.repeats);
    m_allocator->setCurrentIndex(m_allocator->findData(static_cast<int>(c.allocator)));
    m_emptyCache->setChecked(c.emptyCacheBetweenRepeats);
    m_fields.value(Field::SamplingHz).edit->setText(locale.toString(c.samplingHz, 'f', 0));
    const double gib = units::toGiB(c.simCapacityBytes.value_or(80ULL * units::kGiB));
    m_fields.value(Field::SimCapacity).edit->setText(locale.toString(gib, 'g', 6));
    validate();
}

void WorkloadForm::resetToSeedsExample() { setConfig(protocol::RunConfig {}); }

void WorkloadForm::setSimulatedDevice(bool simulated)
{
    m_simulated = simulated;
    m_fields.value(Field::SimCapacity).edit->setEnabled(simulated);
    m_fields.value(Field::SimCapacity).label->setEnabled(simulated);
    validate();
}

void WorkloadForm::setLocked(bool locked)
{
    for (QWidget* w : findChildren<QWidget*>())
        if (qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QCheckBox*>(w)
            || qobject_cast<QPushButton*>(w))
            w->setEnabled(!locked && (w != m_fields.value(Field::SimCapacity).edit || m_simulated));
}

void WorkloadForm::relocalizeFields()
{
    // Note [Numbers across a language switch]: a field's text is a number written in the locale of the language
    // it was typed or set in ("1,000" in English, "1.000" in German). When the language changes, each value that
    // parses in the old locale is written again in the new one, so the value stays the same; a text that does not
    // parse is left as typed (its error is then shown in the new language).
    const QLocale now;
    if (now == m_fieldLocale)
        return;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        QLineEdit* edit = it.value().edit;
        const QString text = edit->text();
        if (text.trimmed().isEmpty())
            continue;
        QString rewritten;
        if (it.key() == Field::SamplingHz || it.key() == Field::SimCapacity) {
            if (const auto v = parseReal(text, m_fieldLocale))
                rewritten = now.toString(*v, 'g', 15);
        } else {
            bool negative = false;
            if (const auto v = parseInteger(text, negative, m_fieldLocale); v && !negative)
                rewritten = now.toString(static_cast<qulonglong>(*v));
        }
        if (!rewritten.isEmpty() && rewritten != text) {
            const QSignalBlocker block(edit);
            edit->setText(rewritten);
        }
    }
    m_fieldLocale = now;
}

void WorkloadForm::retranslateUi()
{
    relocalizeFields();
    m_modeLabel->setText(tr("&Mode:"));
    m_mode->setItemText(0, tr("Inference (dense network)"));
    m_mode->setItemText(1, tr("Training (forward, loss, backward, optimizer)"));
    m_allocator->setToolTip(tr("native: the caching allocator with PyTorch's counters; "
                               "async: the driver's stream-ordered pool (cudaMallocAsync / hipMallocAsync)"));
    m_fields[Field::Batch].label->setText(tr("&Batch:"));
    m_fields[Field::Batch].edit->setPlaceholderText(tr("sequences per step"));
    m_fields[Field::Context].label->setText(tr("&Context:"));
    m_fields[Field::Context].edit->setPlaceholderText(tr("tokens per sequence"));
    m_fields[Field::Width].label->setText(tr("&Width:"));
    m_fields[Field::Width].edit->setPlaceholderText(tr("hidden size"));
    m_dtypeLabel->setText(tr("&Data type:"));
    m_fields[Field::Warmup].label->setText(tr("W&arm-up:"));
    m_fields[Field::Warmup].edit->setPlaceholderText(tr("iterations before measuring"));
    m_fields[Field::Repeats].label->setText(tr("&Repeats:"));
    m_fields[Field::Repeats].edit->setPlaceholderText(tr("measured warm repeats"));
    m_allocatorLabel->setText(tr("A&llocator:"));
    m_allocator->setItemText(0, tr("native (caching)"));
    m_allocator->setItemText(1, tr("async (driver pool)"));
    m_emptyCache->setText(tr("&Empty the cache between repeats"));
    m_fields[Field::SamplingHz].label->setText(tr("&Sampling (Hz):"));
    m_fields[Field::SimCapacity].label->setText(tr("Simulated &capacity (GiB):"));
    m_fields[Field::SimCapacity].edit->setToolTip(tr("Capacity of the simulated device sim:N; not used on a GPU"));
    m_reset->setText(tr("Reset to the seeds' example"));
    const protocol::RunConfig seeds;
    const QLocale locale;
    //: %1 batch, %2 context (tokens), %3 width, %4 data type such as float32, %5 warm-up iterations, %6 repeats
    m_reset->setToolTip(tr("Batch %1, context %2, width %3, %4, warm-up %5, repeats %6")
                            .arg(locale.toString(static_cast<qulonglong>(seeds.batch)),
                                locale.toString(static_cast<qulonglong>(seeds.context)),
                                locale.toString(static_cast<qulonglong>(seeds.width)),
                                QLatin1String(device::dtypeName(seeds.dtype)), locale.toString(seeds.warmup),
                                locale.toString(seeds.repeats)));
    validate();
}

void WorkloadForm::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
