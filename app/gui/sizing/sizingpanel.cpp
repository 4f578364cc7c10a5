// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/sizingpanel.h"

#include "app/gui/sizing/enginebox.h"
#include "app/gui/sizing/formatbox.h"
#include "app/gui/sizing/kvcachebox.h"
#include "app/gui/sizing/sizingresultsview.h"
#include "app/gui/widgets/wheelguard.h"
#include "core/engines/engineplansummary.h"
#include "core/engines/llamacppplanner.h"
#include "core/engines/vllmplanner.h"
#include "core/sizing/quantizedformat.h"
#include "core/sizing/fitanalyzer.h"
#include "core/sizing/fitsentences.h"
#include "core/sizing/kvmodelvalues.h"
#include "core/sizing/sizingengine.h"
#include "core/verdict/devicefit.h"
#include "core/verdict/deviceneedestimator.h"
#include <map>

#include <QEvent>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <exception>

namespace iteragpu::gui {

namespace {
    const QString kSettingsGroup = QStringLiteral("sizing");
    constexpr std::uint64_t kTensorParallelDegrees[] = { 1, 2, 4, 8 }; // the catalog's "smallest degree that fits"
}

SizingPanel::SizingPanel(QWidget* parent)
    : QWidget(parent)
    , m_timer(new QTimer(this))
    , m_saveTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("SizingPanel"));
    m_timer->setSingleShot(true);
    m_timer->setInterval(kDebounceMs);
    connect(m_timer, &QTimer::timeout, this, &SizingPanel::recompute);
    m_saveTimer->setSingleShot(true);
    m_saveTimer->setInterval(kSaveDelayMs);
    connect(m_saveTimer, &QTimer::timeout, this, &SizingPanel::saveSettings);

    auto* inputs = new QWidget(this);
    inputs->setObjectName(QStringLiteral("sizingInputs"));
    auto* inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->setContentsMargins(4, 4, 4, 4);
    m_modelBox = new ModelSourceBox(inputs);
    m_formatBox = new FormatBox(inputs);
    m_workloadBox = new TrainingBox(inputs);
    m_kvBox = new KvCacheBox(inputs);
    m_reserveBox = new ReserveBox(inputs);
    m_engineBox = new EngineBox(inputs);
    m_resetButton = new QPushButton(inputs);
    m_resetButton->setObjectName(QStringLiteral("resetToSeedExample"));
    m_measureButton = new QPushButton(inputs);
    m_measureButton->setObjectName(QStringLiteral("measureThisModel"));
    auto* resetRow = new QHBoxLayout;
    resetRow->addWidget(m_measureButton);
    resetRow->addStretch(1);
    resetRow->addWidget(m_resetButton);
    for (QWidget* box : std::initializer_list<QWidget*> { m_modelBox, m_formatBox, m_workloadBox, m_kvBox, m_reserveBox, m_engineBox })
        inputsLayout->addWidget(box);
    inputsLayout->addLayout(resetRow);
    inputsLayout->addStretch(1);

    m_inputsScroll = new QScrollArea(this);
    m_inputsScroll->setObjectName(QStringLiteral("inputsScroll"));
    m_inputsScroll->setWidget(inputs);
    m_inputsScroll->setWidgetResizable(true);
    m_inputsScroll->setFrameShape(QFrame::NoFrame);
    m_inputsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_inputsScroll->setMinimumHeight(kMinInputsHeight);

    // Note [Short docks]: a tall dock shows the inputs (scrolling) above the results, a splitter between them. A
    // short one (the left column at 1024x700 and 1280x800 shares its height with the device list) cannot show
    // both readably, so the inputs become the first tab of the results; the need and the verdict stay in view
    // above the tabs either way, and follow every keystroke.
    m_results = new SizingResultsView(this);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("sizingSplitter"));
    m_splitter->addWidget(m_results);
    m_results->setInputsPage(m_inputsScroll); // until the panel is tall enough: the smaller minimum height
    m_splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    // Scrolling the form never changes a setting: combo and spin boxes take the wheel only once focused.
    WheelGuard::install(this);

    try {
        m_catalog = sizing::DeviceCatalog::loadDefault();
    } catch (const std::exception& e) {
        m_catalog.reset();
        m_catalogError = QString::fromStdString(e.what());
    }
    m_reserveBox->setCatalog(m_catalog ? &*m_catalog : nullptr);

    restoreSettings();
    m_kvBox->setShape(m_modelBox->shape()); // the KV fields as restored, typed overrides included
    retranslateUi();

    const auto changed = [this] {
        updateEnabledState();
        scheduleRecompute();
    };
    connect(m_modelBox, &ModelSourceBox::shapeChanged, this, [this] {
        const auto shape = m_modelBox->shape();
        m_kvBox->takeFromShape(shape);
        // The model's own defaults, each named where it shows (its torch_dtype, its trained context, the cache).
        if (shape) {
            m_kvBox->takeModelDefaults(*shape);
            m_formatBox->takeModelDtype(shape->torchDtype, m_modelBox->quantization().has_value());
        }
        // A quantized checkpoint's config.json says how it is stored: the format box follows it (a format chosen
        // after that wins, and the estimate names the conflict).
        if (const auto q = m_modelBox->quantization()) {
            try {
                m_formatBox->setStorage(sizing::QuantizedFormat::fromConfig(*q).format);
            } catch (const std::exception&) {
                // A layout no format stores: the estimate says so when the format box is left as it is.
            }
        }
    });
    connect(m_modelBox, &ModelSourceBox::changed, this, changed);
    connect(m_formatBox, &FormatBox::changed, this, changed);
    connect(m_workloadBox, &TrainingBox::changed, this, changed);
    connect(m_kvBox, &KvCacheBox::changed, this, changed);
    connect(m_reserveBox, &ReserveBox::changed, this, changed);
    connect(m_engineBox, &EngineBox::changed, this, changed);
    connect(m_reserveBox, &ReserveBox::targetChanged, this, [this] {
        updateVerdict();
        m_saveTimer->start();
    });
    connect(m_resetButton, &QPushButton::clicked, this, &SizingPanel::resetToSeedExample);
    connect(m_measureButton, &QPushButton::clicked, this, [this] {
        recompute(); // the last keystroke counts, even within the debounce
        if (const auto model = sizedModel())
            emit measureRequested(*model);
    });
    updateEnabledState();
    recompute();
}

SizingPanel::~SizingPanel() { saveSettings(); }

BreakdownModel* SizingPanel::breakdownModel() const { return m_results->breakdownModel(); }
CatalogFitModel* SizingPanel::catalogModel() const { return m_results->catalogModel(); }
BreakdownBar* SizingPanel::breakdownBar() const { return m_results->breakdownBar(); }
ComputationView* SizingPanel::computationView() const { return m_results->computationView(); }

sizing::SizingInputs SizingPanel::inputs() const
{
    sizing::SizingInputs in;
    m_modelBox->fillInputs(in);
    in.storage = m_formatBox->storage();
    in.compute = m_formatBox->compute();
    in.blockSize = m_formatBox->blockSize();
    in.groupSize = m_formatBox->groupSize();
    switch (m_workloadBox->mode()) {
    case Mode::Inference:
        in.mode = sizing::SizingMode::Inference;
        break;
    case Mode::LoRA:
        in.mode = sizing::SizingMode::LoRA;
        break;
    case Mode::FullTraining:
        in.mode = sizing::SizingMode::FullTraining;
        break;
    }
    in.optimizer = m_workloadBox->optimizer();
    in.masterWeights = m_workloadBox->masterWeights();
    in.loraRank = m_workloadBox->loraRank();
    in.microBatch = m_workloadBox->microBatch();
    in.sequenceLength = m_workloadBox->sequenceLength();
    in.checkpointing = m_workloadBox->activationCheckpointing();
    m_kvBox->fillInputs(in);
    in.kvCache = in.kvCache && m_workloadBox->mode() == Mode::Inference; // the box applies to inference only
    m_reserveBox->fillInputs(in);
    return in;
}

void SizingPanel::setSource(Source source) { m_modelBox->setSource(source); }
void SizingPanel::setParametersText(const QString& text) { m_modelBox->setParametersText(text); }
void SizingPanel::setBits(int bits) { m_modelBox->setBits(bits); }
void SizingPanel::setReserve(double value, units::Unit unit) { m_reserveBox->setReserve(value, unit); }
void SizingPanel::setMode(Mode mode) { m_workloadBox->setMode(mode); }
void SizingPanel::setTensorParallel(int degree) { m_reserveBox->setTensorParallel(degree); }
std::optional<model::ModelShape> SizingPanel::shape() const { return m_modelBox->shape(); }

std::optional<SizedModel> SizingPanel::sizedModel() const
{
    const auto modelShape = m_modelBox->shape();
    if (!modelShape)
        return std::nullopt;
    SizedModel m;
    m.shape = *modelShape;
    m.name = m_modelBox->shapeName();
    m.source = m_modelBox->shapeSource();
    m.format = m_formatBox->storage();
    m.compute = m_formatBox->compute();
    m.groupSize = m_formatBox->groupSize();
    // The blocks come from the request core resolved, never from the form: the run is stored as it was sized.
    if (m_request && m_request->weights.fp8BlockRows && m_request->weights.fp8BlockColumns) {
        m.fp8BlockRows = *m_request->weights.fp8BlockRows;
        m.fp8BlockColumns = *m_request->weights.fp8BlockColumns;
    }
    sizing::SizingInputs kv;
    m_kvBox->fillInputs(kv);
    m.promptTokens = kv.promptTokens;
    m.generated = kv.generatedTokens;
    m.sequences = kv.sequences;
    m.staticCache = kv.staticCache;
    if (m_engineBox->engine() == EngineBox::Engine::Vllm) {
        m.vllm = m_engineBox->vllmOptions();
        m.vllm->tensorParallel = m_request ? m_request->tensorParallel : 1;
    }
    return m;
}

void SizingPanel::updateMeasureButton()
{
    const bool has = m_modelBox->shape().has_value();
    m_measureButton->setEnabled(has);
    m_measureButton->setToolTip(has
            ? tr("Run this model (random weights in its format) with these tokens and sequences: the workload tab "
                 "takes them over")
            : tr("Needs a model shape: choose a preset or open a config.json"));
}
bool SizingPanel::setTargetCard(const QString& keyOrCard) { return m_reserveBox->setTarget(keyOrCard); }
QString SizingPanel::targetKey() const { return m_reserveBox->targetKey(); }
QString SizingPanel::runDeviceId() const { return m_reserveBox->runDeviceId(); }
void SizingPanel::setDetectedDevices(const QList<Device>& devices) { m_reserveBox->setDetectedDevices(devices); }
void SizingPanel::openConfigDialog() { m_modelBox->openConfigDialog(); }
void SizingPanel::openSafetensorsFileDialog() { m_modelBox->openSafetensorsFileDialog(); }
void SizingPanel::openSafetensorsFolderDialog() { m_modelBox->openSafetensorsFolderDialog(); }

bool SizingPanel::loadConfigFile(const QString& path)
{
    const bool ok = m_modelBox->loadConfigFile(path);
    recompute();
    return ok;
}

bool SizingPanel::loadSafetensors(const QString& path)
{
    const bool ok = m_modelBox->loadSafetensors(path);
    recompute();
    return ok;
}

bool SizingPanel::loadHubModel(const QString& id)
{
    const bool ok = m_modelBox->loadHubModel(id);
    recompute();
    return ok;
}

bool SizingPanel::loadGguf(const QString& path)
{
    const bool ok = m_modelBox->loadGguf(path);
    recompute();
    return ok;
}

bool SizingPanel::selectPreset(const QString& idOrName)
{
    if (!m_modelBox->selectPreset(idOrName))
        return false;
    recompute();
    return true;
}

void SizingPanel::setDevice(const QString& name, quint64 capacityBytes, bool simulated)
{
    m_runDeviceSimulated = simulated;
    m_reserveBox->setRunDevice(name, capacityBytes);
    updateVerdict();
}

void SizingPanel::clearDevice()
{
    m_runDeviceSimulated = false;
    m_reserveBox->clearRunDevice();
    updateVerdict();
}

void SizingPanel::resetToSeedExample()
{
    m_modelBox->resetToDefaults();
    m_formatBox->resetToDefaults();
    m_workloadBox->resetToDefaults();
    m_kvBox->resetToDefaults();
    m_reserveBox->resetToDefaults();
    m_kvBox->takeFromShape(m_modelBox->shape());
    updateEnabledState();
    recompute();
    saveSettings();
}

void SizingPanel::scheduleRecompute()
{
    m_timer->start();
    if (!m_restoring)
        m_saveTimer->start();
}

void SizingPanel::updateEnabledState()
{
    m_formatBox->setStorageApplies(!m_modelBox->weightsFixedBySource());
    m_kvBox->setEnabled(m_workloadBox->mode() == Mode::Inference);
}

void SizingPanel::recompute()
{
    m_timer->stop();
    updateMeasureButton();
    // Whatever the estimate says, the model to measure follows the inputs (Note [Which workload runs] in workloadform.h).
    const auto announce = qScopeGuard([this] { emit sizedModelChanged(); });
    const QString problem = m_modelBox->problem();
    if (!problem.isEmpty()) {
        m_kvBox->showModelValues(std::nullopt);
        showError(problem);
        return;
    }
    const sizing::SizingInputs in = inputs();
    try {
        sizing::SizingRequest request = sizing::makeRequest(in);
        m_estimate = sizing::SizingEngine::estimate(request);
        m_need = verdict::DeviceNeedEstimator::estimate(request, *m_estimate);
        m_request = std::move(request);
    } catch (const std::exception& e) {
        m_kvBox->showModelValues(std::nullopt);
        showError(QString::fromStdString(e.what()));
        return;
    }
    try {
        m_kvBox->showModelValues(sizing::KvModelValues::from(in));
    } catch (const std::exception&) {
        m_kvBox->showModelValues(std::nullopt); // the estimate stands; only the model line is left out
    }
    m_error.clear();
    m_results->showEstimate(*m_estimate, in.reserveUnit);
    updateCatalog(*m_request);
    updateVerdict();
    const quint64 total = m_estimate->total();
    if (m_lastEmitted != total) {
        m_lastEmitted = total;
        emit estimateChanged(total);
    }
}

void SizingPanel::showError(const QString& error)
{
    m_error = error;
    m_estimate.reset();
    m_request.reset();
    m_need.reset();
    m_deviceVerdict.reset();
    m_results->showError(error);
    m_lastEmitted.reset();
    emit estimateCleared(error);
}

void SizingPanel::updateCatalog(const sizing::SizingRequest& request)
{
    if (!m_catalog) {
        m_results->setCatalogError(m_catalogError);
        return;
    }
    QList<CatalogFitModel::Entry> entries;
    // The one estimate per tensor-parallel degree, once for every card (the need does not depend on the card).
    std::map<std::uint64_t, std::pair<sizing::Estimate, verdict::DeviceNeed>> needs;
    auto fitOn = [&](const sizing::GpuCard& card, std::uint64_t tp) {
        auto it = needs.find(tp);
        if (it == needs.end()) {
            sizing::SizingRequest r = request;
            r.tensorParallel = tp;
            sizing::Estimate e = sizing::SizingEngine::estimate(r);
            verdict::DeviceNeed n = verdict::DeviceNeedEstimator::estimate(r, e);
            it = needs.emplace(tp, std::pair { std::move(e), std::move(n) }).first;
        }
        return verdict::DeviceFit::verdict(it->second.first, it->second.second, card);
    };
    for (const auto& card : m_catalog->cards()) {
        CatalogFitModel::Entry entry;
        entry.card = card;
        // The card the shown result ran on: what was measured outranks the estimate.
        if (m_measured && m_measured->decisive() && m_measured->ranOn(card))
            entry.measuredFits = m_measured->fits();
        try {
            entry.verdict = fitOn(card, request.tensorParallel);
            for (std::uint64_t tp : kTensorParallelDegrees) {
                if (fitOn(card, tp).fits) {
                    entry.smallestFittingTp = tp;
                    break;
                }
            }
        } catch (const std::exception&) {
            continue; // a degree the model cannot be split into; the card is left out
        }
        entries.append(entry);
    }
    m_results->setCatalogEntries(entries);
}

QString SizingPanel::verdictText() const { return m_results->verdictText(); }

void SizingPanel::setMeasured(std::optional<verdict::MeasuredVerdict> measured)
{
    m_measured = std::move(measured);
    if (m_request)
        updateCatalog(*m_request);
    updateVerdict();
}

void SizingPanel::updateVerdict()
{
    m_deviceVerdict.reset();
    m_engineMessages.clear();
    m_engineStarts = false;
    if (!m_estimate || !m_request) {
        m_results->showVerdict(std::nullopt, false);
        return;
    }
    const auto card = m_reserveBox->targetCard();
    if (!card) {
        m_results->showVerdict(std::nullopt, true);
        return;
    }
    SizingResultsView::Verdict verdict;
    verdict.target = QString::fromStdString(card->name);
    verdict.simulated = m_runDeviceSimulated && m_reserveBox->targetKey().isEmpty();
    verdict.fit = m_need ? verdict::DeviceFit::verdict(*m_estimate, *m_need, *card)
                         : sizing::FitAnalyzer::verdict(*m_estimate, *card);
    if (m_need) {
        verdict.need = m_need->parts;
        verdict.needTotal = m_need->total;
    }
    if (m_measured) {
        verdict.measured = m_measured->sentence;
        verdict.measuredDecisive = m_measured->decisive();
        verdict.measuredFits = m_measured->fits();
        if (m_need)
            verdict.disagreement = m_measured->disagreement(*m_need);
    }
    verdict.capacityBytes = card->capacityBytes(); // the usable total where the catalog has one
    // The largest context and batch that still fit on this card, with what caps them (binary searches in core,
    // well under a millisecond).
    try {
        const bool training = m_request->training.has_value();
        const auto context = verdict::DeviceFit::largestContext(*m_request, *card);
        const auto batch = verdict::DeviceFit::largestBatch(*m_request, *card);
        // "Does not fit at all, not even with one token" under "Does not fit on ..." says it twice: left out.
        const auto said = [&verdict](const sizing::FitLimit& limit) {
            return !verdict.fit.fits && limit.cap == sizing::FitLimit::Cap::DoesNotFit;
        };
        if (!said(context))
            verdict.context = sizing::FitSentences::contextSentence(context, card->name);
        if (!said(batch))
            verdict.batch = sizing::FitSentences::batchSentence(batch, card->name, training);
    } catch (const std::exception&) {
        verdict.context = {};
        verdict.batch = {};
    }
    planEngine(*card, verdict);
    m_engineMessages.clear();
    if (verdict.engine) {
        m_engineMessages.push_back(*verdict.engine);
        m_engineMessages.insert(m_engineMessages.end(), verdict.engineLines.begin(), verdict.engineLines.end());
    }
    m_engineStarts = verdict.engineStarts;
    m_deviceVerdict = verdict.fit;
    m_results->showVerdict(verdict, true);
}

void SizingPanel::planEngine(const sizing::GpuCard& card, SizingResultsView::Verdict& verdict) const
{
    const auto engine = m_engineBox->engine();
    if (engine == EngineBox::Engine::Transformers || !m_request)
        return;
    try {
        if (engine == EngineBox::Engine::Vllm) {
            engines::VllmOptions options = m_engineBox->vllmOptions();
            options.cardName = card.name;
            options.tensorParallel = m_request->tensorParallel;
            const auto plan
                = engines::VllmPlanner::plan(*m_request, options, card.capacityBytes(), card.capacityIsUsable());
            verdict.engine = engines::EnginePlanSummary::verdict(plan);
            verdict.engineLines = engines::EnginePlanSummary::lines(plan);
            verdict.engineStarts = plan.starts;
        } else {
            engines::LlamaCppOptions options = m_engineBox->llamaCppOptions();
            options.devices = m_request->tensorParallel;
            // The model's tensors as a GGUF file holds them, or as llama-quantize writes f16 (the panel has no GGUF
            // file type of its own).
            const auto plan = engines::LlamaCppPlanner::plan(*m_request, options, std::nullopt);
            verdict.engine = engines::EnginePlanSummary::verdict(plan, card.capacityBytes());
            verdict.engineLines = engines::EnginePlanSummary::lines(plan);
            verdict.engineStarts = engines::EnginePlanSummary::starts(plan, card.capacityBytes());
        }
    } catch (const std::exception& e) {
        // The planner's one line (an option or a model it does not cover), as core words it.
        verdict.engine = i18n::Message::verbatim(e.what());
        verdict.engineLines.clear();
        verdict.engineStarts = false;
    }
}

void SizingPanel::saveSettings() const
{
    if (m_restoring)
        return;
    QSettings settings;
    settings.beginGroup(kSettingsGroup);
    m_modelBox->saveSettings(settings);
    m_formatBox->saveSettings(settings);
    m_workloadBox->saveSettings(settings);
    m_kvBox->saveSettings(settings);
    m_reserveBox->saveSettings(settings);
    m_engineBox->saveSettings(settings);
    settings.endGroup();
}

void SizingPanel::restoreSettings()
{
    m_restoring = true;
    QSettings settings;
    settings.beginGroup(kSettingsGroup);
    m_modelBox->restoreSettings(settings);
    m_formatBox->restoreSettings(settings);
    m_workloadBox->restoreSettings(settings);
    m_kvBox->restoreSettings(settings);
    m_reserveBox->restoreSettings(settings);
    m_engineBox->restoreSettings(settings);
    settings.endGroup();
    m_restoring = false;
}

void SizingPanel::retranslateUi()
{
    m_resetButton->setText(tr("Reset to the seeds' example"));
    m_measureButton->setText(tr("&Measure this model"));
    updateMeasureButton();
    m_resetButton->setToolTip(tr("7 000 000 000 parameters, 16 bit, 4 GiB reserve; every other choice back to "
                                 "its default."));
}

bool SizingPanel::inputsBesideResults() const { return m_results->inputsPage() == nullptr; }

void SizingPanel::showResultsPage(ResultsPage page) { m_results->showPage(page); }

void SizingPanel::placeInputs()
{
    // Note [Short docks]. On the Size step the panel has the window's centre: wide enough, the inputs make a
    // column on the left and the results (need, verdict, cards) the rest, both the full height.
    const bool sideBySide = width() >= kSideBySideWidth && height() >= kSideBySideMinHeight;
    const bool beside = sideBySide || height() >= kBesideHeight;
    const Qt::Orientation orientation = sideBySide ? Qt::Horizontal : Qt::Vertical;
    if (beside == inputsBesideResults() && (!beside || m_splitter->orientation() == orientation))
        return;
    if (beside) {
        if (!inputsBesideResults()) {
            m_results->takeInputsPage();
            m_splitter->insertWidget(0, m_inputsScroll);
        }
        m_splitter->setOrientation(orientation);
        m_splitter->setStretchFactor(0, 2);
        m_splitter->setStretchFactor(1, 3);
        m_inputsScroll->show();
        if (sideBySide) {
            const int inputs = std::min(kInputsWidth, m_splitter->width() / 2);
            m_splitter->setSizes({ inputs, std::max(0, m_splitter->width() - inputs) });
        } else {
            // Two fifths for the inputs, the rest for the results (the size hints would give the inputs one row).
            const int inputs = std::max(kMinInputsHeight, m_splitter->height() * 2 / 5);
            m_splitter->setSizes({ inputs, std::max(0, m_splitter->height() - inputs) });
        }
    } else {
        m_splitter->setOrientation(Qt::Vertical);
        m_results->setInputsPage(m_inputsScroll);
    }
}

void SizingPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeInputs();
}

void SizingPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        // Messages, the verdict and the computation lines are rebuilt in the new language and number format.
        if (m_request || !m_error.isEmpty())
            recompute();
    }
}

} // namespace iteragpu::gui
