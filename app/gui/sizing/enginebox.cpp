// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/enginebox.h"

#include "app/gui/sizing/sizingformhelpers.h"
#include "app/gui/widgets/elidingcombobox.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>

namespace iteragpu::gui {

using namespace sizingform;

namespace {
    const QString kEngineKey = QStringLiteral("engine/name");
    const QString kUtilizationKey = QStringLiteral("engine/gpuMemoryUtilization");
    const QString kMaxModelLenKey = QStringLiteral("engine/maxModelLen");
    const QString kMaxNumSeqsKey = QStringLiteral("engine/maxNumSeqs");
    const QString kKvDtypeKey = QStringLiteral("engine/kvCacheDtype");
    const QString kEagerKey = QStringLiteral("engine/enforceEager");
    const QString kCtxSizeKey = QStringLiteral("engine/ctxSize");
    const QString kGpuLayersKey = QStringLiteral("engine/nGpuLayers");
    const QString kParallelKey = QStringLiteral("engine/parallel");
    const QString kFlashKey = QStringLiteral("engine/flashAttn");
    const QString kCacheTypeKey = QStringLiteral("engine/cacheType");
    constexpr int kAutoLayers = -1; // -ngl auto
    using CacheType = engines::LlamaCppOptions::CacheType;
    using Flash = engines::LlamaCppOptions::FlashAttention;
    using KvDtype = engines::VllmOptions::KvCacheDtype;
}

EngineBox::EngineBox(QWidget* parent)
    : QGroupBox(parent)
{
    setObjectName(QStringLiteral("engineBox"));
    m_form = new QFormLayout(this);
    tuneForm(m_form);
    m_engineLabel = new QLabel(this);
    m_engine = new ElidingComboBox(this);
    m_engine->setObjectName(QStringLiteral("engineCombo"));
    for (int i = 0; i < 3; ++i)
        m_engine->addItem(QString(), i);
    m_form->addRow(m_engineLabel, m_engine);

    m_utilizationLabel = new QLabel(this);
    m_utilization = new QDoubleSpinBox(this);
    m_utilization->setObjectName(QStringLiteral("gpuMemoryUtilization"));
    m_utilization->setRange(0.01, 1.0);
    m_utilization->setSingleStep(0.01);
    m_utilization->setDecimals(2);
    m_utilization->setValue(0.9);
    m_maxModelLenLabel = new QLabel(this);
    m_maxModelLen = makeSpin(this, "maxModelLen", 0, 100'000'000, 0);
    m_maxNumSeqsLabel = new QLabel(this);
    m_maxNumSeqs = makeSpin(this, "maxNumSeqs", 0, 1'000'000, 0);
    m_kvDtypeLabel = new QLabel(this);
    m_kvDtype = new ElidingComboBox(this);
    m_kvDtype->setObjectName(QStringLiteral("kvCacheDtype"));
    // vLLM's own spellings, never translated.
    m_kvDtype->addItem(QStringLiteral("auto"), static_cast<int>(KvDtype::Auto));
    m_kvDtype->addItem(QStringLiteral("fp8"), static_cast<int>(KvDtype::Fp8E4M3));
    m_kvDtype->addItem(QStringLiteral("fp8_e5m2"), static_cast<int>(KvDtype::Fp8E5M2));
    m_enforceEager = new QCheckBox(this);
    m_enforceEager->setObjectName(QStringLiteral("enforceEager"));
    m_form->addRow(m_utilizationLabel, m_utilization);
    m_form->addRow(m_maxModelLenLabel, m_maxModelLen);
    m_form->addRow(m_maxNumSeqsLabel, m_maxNumSeqs);
    m_form->addRow(m_kvDtypeLabel, m_kvDtype);
    m_form->addRow(m_enforceEager);

    m_ctxSizeLabel = new QLabel(this);
    m_ctxSize = makeSpin(this, "ctxSize", 0, 100'000'000, 0);
    m_gpuLayersLabel = new QLabel(this);
    m_gpuLayers = makeSpin(this, "nGpuLayers", kAutoLayers, 100'000, kAutoLayers);
    m_parallelLabel = new QLabel(this);
    m_parallel = makeSpin(this, "parallel", 1, 4096, 1);
    m_flashLabel = new QLabel(this);
    m_flash = new ElidingComboBox(this);
    m_flash->setObjectName(QStringLiteral("flashAttn"));
    m_flash->addItem(QStringLiteral("auto"), static_cast<int>(Flash::Auto));
    m_flash->addItem(QStringLiteral("on"), static_cast<int>(Flash::On));
    m_flash->addItem(QStringLiteral("off"), static_cast<int>(Flash::Off));
    m_cacheTypeLabel = new QLabel(this);
    m_cacheType = new ElidingComboBox(this);
    m_cacheType->setObjectName(QStringLiteral("cacheType"));
    for (auto t : { CacheType::F16, CacheType::BF16, CacheType::F32, CacheType::Q8_0, CacheType::Q4_0 })
        m_cacheType->addItem(QString::fromLatin1(engines::LlamaCppOptions::cacheTypeName(t)), static_cast<int>(t));
    m_form->addRow(m_ctxSizeLabel, m_ctxSize);
    m_form->addRow(m_gpuLayersLabel, m_gpuLayers);
    m_form->addRow(m_parallelLabel, m_parallel);
    m_form->addRow(m_flashLabel, m_flash);
    m_form->addRow(m_cacheTypeLabel, m_cacheType);

    retranslateUi();
    updateRows();
    connect(m_engine, &QComboBox::currentIndexChanged, this, [this] {
        updateRows();
        emit changed();
    });
    for (QSpinBox* spin : { m_maxModelLen, m_maxNumSeqs, m_ctxSize, m_gpuLayers, m_parallel })
        connect(spin, &QSpinBox::valueChanged, this, &EngineBox::changed);
    connect(m_utilization, &QDoubleSpinBox::valueChanged, this, &EngineBox::changed);
    for (QComboBox* combo : { m_kvDtype, m_flash, m_cacheType })
        connect(combo, &QComboBox::currentIndexChanged, this, &EngineBox::changed);
    connect(m_enforceEager, &QCheckBox::toggled, this, &EngineBox::changed);
}

EngineBox::Engine EngineBox::engine() const { return static_cast<Engine>(m_engine->currentData().toInt()); }

void EngineBox::setEngine(Engine engine) { selectData(m_engine, static_cast<int>(engine)); }

engines::VllmOptions EngineBox::vllmOptions() const
{
    engines::VllmOptions v;
    v.gpuMemoryUtilization = m_utilization->value();
    if (m_maxModelLen->value() > 0)
        v.maxModelLen = static_cast<std::uint64_t>(m_maxModelLen->value());
    if (m_maxNumSeqs->value() > 0)
        v.maxNumSeqs = static_cast<std::uint64_t>(m_maxNumSeqs->value());
    v.kvCacheDtype = static_cast<KvDtype>(m_kvDtype->currentData().toInt());
    v.enforceEager = m_enforceEager->isChecked();
    return v;
}

engines::LlamaCppOptions EngineBox::llamaCppOptions() const
{
    engines::LlamaCppOptions l;
    l.ctxSize = static_cast<std::uint64_t>(m_ctxSize->value());
    if (m_gpuLayers->value() != kAutoLayers)
        l.nGpuLayers = static_cast<std::uint64_t>(m_gpuLayers->value());
    l.parallel = static_cast<std::uint64_t>(m_parallel->value());
    l.flashAttn = static_cast<Flash>(m_flash->currentData().toInt());
    l.cacheTypeK = l.cacheTypeV = static_cast<CacheType>(m_cacheType->currentData().toInt());
    return l;
}

void EngineBox::updateRows()
{
    const bool vllm = engine() == Engine::Vllm;
    const bool llama = engine() == Engine::LlamaCpp;
    for (QWidget* w : std::initializer_list<QWidget*> { m_utilization, m_maxModelLen, m_maxNumSeqs, m_kvDtype, m_enforceEager })
        m_form->setRowVisible(w, vllm);
    for (QWidget* w : std::initializer_list<QWidget*> { m_ctxSize, m_gpuLayers, m_parallel, m_flash, m_cacheType })
        m_form->setRowVisible(w, llama);
}

void EngineBox::saveSettings(QSettings& settings) const
{
    settings.setValue(kEngineKey, m_engine->currentData().toInt());
    settings.setValue(kUtilizationKey, m_utilization->value());
    settings.setValue(kMaxModelLenKey, m_maxModelLen->value());
    settings.setValue(kMaxNumSeqsKey, m_maxNumSeqs->value());
    settings.setValue(kKvDtypeKey, m_kvDtype->currentData().toInt());
    settings.setValue(kEagerKey, m_enforceEager->isChecked());
    settings.setValue(kCtxSizeKey, m_ctxSize->value());
    settings.setValue(kGpuLayersKey, m_gpuLayers->value());
    settings.setValue(kParallelKey, m_parallel->value());
    settings.setValue(kFlashKey, m_flash->currentData().toInt());
    settings.setValue(kCacheTypeKey, m_cacheType->currentData().toInt());
}

void EngineBox::restoreSettings(QSettings& settings)
{
    if (!settings.contains(kEngineKey))
        return;
    const QSignalBlocker b0(m_engine), b1(m_utilization), b2(m_maxModelLen), b3(m_maxNumSeqs), b4(m_kvDtype),
        b5(m_enforceEager), b6(m_ctxSize), b7(m_gpuLayers), b8(m_parallel), b9(m_flash), b10(m_cacheType);
    selectData(m_engine, settings.value(kEngineKey).toInt());
    m_utilization->setValue(settings.value(kUtilizationKey, 0.9).toDouble());
    m_maxModelLen->setValue(settings.value(kMaxModelLenKey, 0).toInt());
    m_maxNumSeqs->setValue(settings.value(kMaxNumSeqsKey, 0).toInt());
    selectData(m_kvDtype, settings.value(kKvDtypeKey, 0).toInt());
    m_enforceEager->setChecked(settings.value(kEagerKey, false).toBool());
    m_ctxSize->setValue(settings.value(kCtxSizeKey, 0).toInt());
    m_gpuLayers->setValue(settings.value(kGpuLayersKey, kAutoLayers).toInt());
    m_parallel->setValue(settings.value(kParallelKey, 1).toInt());
    selectData(m_flash, settings.value(kFlashKey, static_cast<int>(Flash::Auto)).toInt());
    selectData(m_cacheType, settings.value(kCacheTypeKey, static_cast<int>(CacheType::F16)).toInt());
    updateRows();
}

void EngineBox::retranslateUi()
{
    setTitle(tr("Serving engine"));
    m_engineLabel->setText(tr("Engine:"));
    setComboTexts(m_engine,
        { tr("transformers (the estimate above)"), tr("vLLM (its memory plan)"), tr("llama.cpp (its buffers)") });
    m_engine->setToolTip(tr("The engine you serve with plans the memory itself: vLLM fills what the utilization "
                            "leaves after the weights and its profile run with a KV pool, llama.cpp reserves a "
                            "model, KV and compute buffer per device. The verdict says whether it starts."));
    m_utilizationLabel->setText(tr("--gpu-memory-utilization:"));
    m_utilization->setToolTip(tr("The share of the card's CUDA-visible total this vLLM instance may use"));
    m_maxModelLenLabel->setText(tr("--max-model-len:"));
    m_maxModelLen->setSpecialValueText(tr("the model's"));
    m_maxModelLen->setToolTip(tr("Tokens per request; 0: the model's max_position_embeddings"));
    m_maxNumSeqsLabel->setText(tr("--max-num-seqs:"));
    m_maxNumSeqs->setSpecialValueText(tr("the release's default"));
    m_kvDtypeLabel->setText(tr("--kv-cache-dtype:"));
    m_enforceEager->setText(tr("--enforce-eager (no CUDA graphs)"));
    m_ctxSizeLabel->setText(tr("--ctx-size:"));
    m_ctxSize->setSpecialValueText(tr("the model's"));
    m_ctxSize->setToolTip(tr("Context cells; 0: the model's trained context (n_ctx_train)"));
    m_gpuLayersLabel->setText(tr("--n-gpu-layers:"));
    m_gpuLayers->setSpecialValueText(tr("auto (every layer)"));
    m_parallelLabel->setText(tr("--parallel:"));
    m_parallel->setToolTip(tr("Sequences served at once, each with its own KV stream"));
    m_flashLabel->setText(tr("--flash-attn:"));
    m_cacheTypeLabel->setText(tr("--cache-type-k/-v:"));
}

void EngineBox::changeEvent(QEvent* event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
