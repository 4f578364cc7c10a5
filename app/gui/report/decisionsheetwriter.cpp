// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sizing/bytetext.h"
#include "core/sizing/componentlabels.h"
#include "core/units/units.h"

#include <QBuffer>
#include <QFileInfo>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>
#include <functional>
#include <utility>

namespace iteragpu::gui {

namespace {

    // The sheet as a list of blocks built once in the chosen language, then rendered as Markdown or HTML.
    struct Block {
        enum class Kind { Title, Section, Subsection, Paragraph, Warning, Table, List, Chart };
        Kind kind = Kind::Paragraph;
        QString text;
        QStringList header;
        QList<QStringList> rows;
        int firstNumericColumn = 1; // columns from here on are right-aligned numbers; -1: none
        QStringList items;
    };

    // Pipes and asterisks are escaped; underscores are not: inside identifiers such as memory_allocated they never
    // start emphasis in CommonMark, and the identifiers stay searchable.
    QString mdEscape(QString s)
    {
        s.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
        s.replace(QLatin1Char('|'), QStringLiteral("\\|"));
        s.replace(QLatin1Char('*'), QStringLiteral("\\*"));
        s.replace(QLatin1Char('\n'), QLatin1Char(' '));
        return s;
    }

    QString mdEscapeKeepLines(QString s)
    {
        QStringList lines = s.split(QLatin1Char('\n'));
        for (QString& l : lines)
            l = mdEscape(l);
        return lines.join(QStringLiteral("  \n"));
    }

    QString htmlEscapeKeepLines(const QString& s)
    {
        return s.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    }

} // namespace

DecisionSheetWriter::DecisionSheetWriter(SheetContent content, const QString& language)
    : m_content(std::move(content))
    , m_tr(language)
{
}

std::optional<DecisionSheetWriter::Format> DecisionSheetWriter::formatForSuffix(const QString& suffix)
{
    const QString s = suffix.toLower();
    if (s == QLatin1String("md") || s == QLatin1String("markdown"))
        return Format::Markdown;
    if (s == QLatin1String("html") || s == QLatin1String("htm"))
        return Format::Html;
    if (s == QLatin1String("pdf"))
        return Format::Pdf;
    return std::nullopt;
}

QString DecisionSheetWriter::bytesFull(quint64 bytes) const
{
    return ByteText::full(bytes, m_tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "bytes")), m_tr.locale());
}

QString DecisionSheetWriter::gib(std::optional<quint64> bytes) const
{
    return ByteText::optionalInUnit(bytes, units::Unit::GiB, m_tr.locale());
}

QString DecisionSheetWriter::componentLabel(const QString& key) const
{
    // Core's one label table (core/sizing/componentlabels.h), in the sheet's language.
    const std::string id = key.toStdString();
    const i18n::Term term = sizing::componentLabel(id);
    QString label = *term.context ? m_tr.translate(term.context, term.source) : QString();
    if (label.isEmpty())
        label = QString::fromUtf8(term.source);
    if (!label.isEmpty())
        label[0] = label[0].toUpper(); // a table row starts with a capital; core's label is written for a sentence
    return label;
}

namespace {

    QList<Block> buildBlocks(const SheetContent& c, const SheetTranslator& tr,
        const std::function<QString(const QString&)>& component, const std::function<QString(quint64)>& full,
        const std::function<QString(std::optional<quint64>)>& gib)
    {
        const QLocale locale = tr.locale();
        QList<Block> blocks;
        auto add = [&blocks](Block::Kind kind, const QString& text = QString()) {
            Block b;
            b.kind = kind;
            b.text = text;
            blocks.append(b);
            return &blocks.last();
        };
        const QString sim = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "simulated, not a GPU measurement"));
        const QString dash = QStringLiteral("—");

        QString title = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Decision sheet"));
        if (!c.title.isEmpty())
            title += QStringLiteral(": ") + c.title;
        add(Block::Kind::Title, title);
        if (c.simulated) {
            //: %1 is "simulated, not a GPU measurement"
            add(Block::Kind::Warning,
                tr.text(
                      QT_TRANSLATE_NOOP("DecisionSheet", "Simulated device (sim): every observed figure below is %1."))
                    .arg(sim));
        }
        if (c.created.isValid()) {
            //: %1 is a date and time
            add(Block::Kind::Paragraph,
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Written on %1."))
                    .arg(locale.toString(c.created, QLocale::LongFormat)));
        }

        add(Block::Kind::Section, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Choice made")));
        add(Block::Kind::Paragraph,
            c.choice.trimmed().isEmpty() ? tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "(not filled in)"))
                                         : c.choice.trimmed());

        // Decision: a measurement outranks the estimate, so it comes first; then core's fit verdicts for the
        // estimate, the target card first.
        add(Block::Kind::Section, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Fit verdict")));
        if (c.measured) {
            const auto& m = *c.measured;
            add(m.decisive && m.fits ? Block::Kind::Paragraph : Block::Kind::Warning, m.sentence);
            if (!m.disagreement.isEmpty())
                add(Block::Kind::Warning, m.disagreement);
            if (c.target || !c.catalog.isEmpty())
                add(Block::Kind::Paragraph,
                    tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "The estimate, for the cards not measured:")));
        }
        auto gibText = [&locale](quint64 bytes) { return ByteText::inUnit(bytes, units::Unit::GiB, locale); };
        auto marginText = [&](qint64 margin) -> QString {
            const quint64 magnitude = margin < 0 ? 0ULL - static_cast<quint64>(margin) : static_cast<quint64>(margin);
            return (margin < 0 ? QStringLiteral("−") : QStringLiteral("+")) + gibText(magnitude);
        };
        if (c.target) {
            const auto& t = *c.target;
            const QString card = t.cardName.isEmpty() ? t.cardId : t.cardName;
            QString sentence;
            if (t.fits)
                //: %1 card name, %2 the need per device, %3 what the card reports, %4 the margin left (each in GiB)
                sentence = tr.text(QT_TRANSLATE_NOOP(
                    "DecisionSheet", "Fits on %1: needs %2 of %3 per device, leaving a margin of %4."));
            else
                //: %1 card name, %2 the need per device, %3 what the card reports, %4 the shortfall (each in GiB)
                sentence = tr.text(QT_TRANSLATE_NOOP(
                    "DecisionSheet", "Does not fit on %1: needs %2 of %3 per device, short by %4."));
            const quint64 shortOrLeft = t.margin < 0 ? 0ULL - static_cast<quint64>(t.margin)
                                                     : static_cast<quint64>(t.margin);
            add(t.fits ? Block::Kind::Paragraph : Block::Kind::Warning,
                sentence.arg(card, gibText(t.needed), gibText(t.available), gibText(shortOrLeft)));
            if (!t.dominantComponent.isEmpty())
                //: %1 is the name of a component, e.g. "KV cache"
                add(Block::Kind::Paragraph,
                    tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "The largest part of the need: %1."))
                        .arg(component(t.dominantComponent)));
        } else {
            add(Block::Kind::Paragraph,
                c.estimateTotal ? tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "No target card was chosen for the verdict."))
                                : tr.text(QT_TRANSLATE_NOOP(
                                    "DecisionSheet", "No estimate was made, so there is no fit verdict.")));
        }
        if (!c.engine.isEmpty()) {
            // The engine plans the memory itself: whether it starts on the target card, then its figures.
            add(Block::Kind::Subsection, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Serving engine")));
            add(c.engineStarts ? Block::Kind::Paragraph : Block::Kind::Warning, c.engine.first());
            for (qsizetype i = 1; i < c.engine.size(); ++i)
                add(Block::Kind::Paragraph, c.engine[i]);
        }
        if (!c.catalog.isEmpty()) {
            add(Block::Kind::Subsection, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Catalog cards")));
            Block* t = add(Block::Kind::Table);
            t->header = { tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Card")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Reported (GiB)")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Needed (GiB)")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Margin (GiB)")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Fits")) };
            for (const auto& f : c.catalog)
                t->rows.append({ f.cardName.isEmpty() ? f.cardId : f.cardName, gibText(f.available),
                    gibText(f.needed), marginText(f.margin),
                    f.fits ? tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "yes"))
                           : tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "no")) });
        }

        // Computed
        add(Block::Kind::Section, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Computed (estimate)")));
        if (!c.architecture.isEmpty()) {
            //: the model's layers by kind, its MoE and its parameters follow as a list
            add(Block::Kind::Paragraph, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "The model, layer by layer:")));
            Block* list = add(Block::Kind::List);
            list->items = c.architecture;
        }
        if (c.weightsBytes) {
            QString line = full(*c.weightsBytes);
            if (!c.weightsBasis.isEmpty())
                line += QStringLiteral(" (") + c.weightsBasis + QLatin1Char(')');
            //: %1 is a size, e.g. "14,000,000,000 bytes = 14.00 GB = 13.04 GiB (7e9 parameters × 16 bit)"
            add(Block::Kind::Paragraph, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Weights estimate: %1")).arg(line));
        } else {
            add(Block::Kind::Paragraph, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "No weights estimate was made.")));
        }
        if (!c.estimate.isEmpty()) {
            Block* t = add(Block::Kind::Table);
            t->header = { tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Component")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Bytes")), QStringLiteral("GB"), QStringLiteral("GiB") };
            auto row = [&](const QString& label, quint64 bytes) {
                return QStringList { label, ByteText::bytes(bytes, locale),
                    ByteText::inUnit(bytes, units::Unit::GB, locale),
                    ByteText::inUnit(bytes, units::Unit::GiB, locale) };
            };
            for (const auto& comp : c.estimate)
                t->rows.append(row(component(comp.key), comp.bytes));
            if (c.estimateTotal)
                t->rows.append(row(component(QStringLiteral("total")), *c.estimateTotal));
        }
        if (!c.computation.isEmpty()) {
            add(Block::Kind::Subsection, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "How it is computed")));
            Block* list = add(Block::Kind::List);
            for (const auto& [key, formula] : c.computation)
                list->items << component(key) + QStringLiteral(": ") + formula;
        }

        // Observed
        QString observed = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Observed (measured run)"));
        if (c.simulated)
            observed = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Observed")) + QStringLiteral(" (") + sim
                + QLatin1Char(')');
        add(Block::Kind::Section, observed);
        {
            Block* list = add(Block::Kind::List);
            if (!c.source.isEmpty())
                //: %1 says where the run comes from, e.g. "opened from /data/run.json"
                list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Source of the run: %1")).arg(c.source);
            QString device = c.deviceId.isEmpty() ? dash : c.deviceId;
            if (!c.deviceName.isEmpty())
                device += QStringLiteral(" (") + c.deviceName + QLatin1Char(')');
            if (c.deviceCapacity)
                device += QStringLiteral(", ") + full(*c.deviceCapacity);
            //: %1 is the device id, name and capacity
            list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Device: %1")).arg(device);
            if (!c.backend.isEmpty())
                //: %1 is the allocator backend's name
                list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Allocator backend: %1")).arg(c.backend);
            if (!c.workload.isEmpty())
                //: %1 the run's own workload: model, format, sequences, prompt and generated tokens, cache, attention
                list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Workload: %1")).arg(c.workload);
            //: %1 describes the largest load, e.g. "batch 2, context 128"
            list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Maximum load tried: %1"))
                               .arg(c.maxLoad.isEmpty() ? dash : c.maxLoad);
            if (c.sweep) {
                const auto& sw = *c.sweep;
                const auto number = [&](quint64 v) { return LocaleNumber::integer(static_cast<qulonglong>(v), locale); };
                QString boundary;
                if (sw.largestPassing && sw.smallestFailing) {
                    QString why = sw.failedPhase;
                    if (sw.outOfMemory)
                        //: %1 is a phase identifier such as prefill
                        why = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "out of memory in %1")).arg(sw.failedPhase);
                    //: %1 dimension, %2 the largest passing value, %3 the smallest failing value, %4 why it failed
                    boundary = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "%1 %2 passes, %3 fails (%4)"))
                                   .arg(sw.dimension, number(*sw.largestPassing), number(*sw.smallestFailing), why);
                    if (!sw.exact)
                        boundary += QStringLiteral("; ")
                            + tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "not yet at the sweep's resolution"));
                } else if (sw.largestPassing) {
                    //: %1 dimension, %2 the largest value tried, which passed
                    boundary = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "not found: %1 %2 passes, nothing larger "
                                                                          "was tried"))
                                   .arg(sw.dimension, number(*sw.largestPassing));
                } else if (sw.smallestFailing) {
                    //: %1 dimension, %2 the smallest value tried, which failed
                    boundary = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "nothing passed: %1 %2 already fails"))
                                   .arg(sw.dimension, number(*sw.smallestFailing));
                }
                //: %1 is the boundary between passing and failing, e.g. "sequences 64 passes, 66 fails (...)"
                list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Boundary (sweep): %1"))
                                   .arg(boundary.isEmpty() ? dash : boundary);
                //: %1 is the sweep's folder
                list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Source of the sweep: %1")).arg(sw.folder);
            }
            if (!c.runSummary.isEmpty())
                //: %1 is the run's summary, e.g. "phases run: 6 of 14 (passed: 5, failed: 1, not run: 8)"
                list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Outcome: %1")).arg(c.runSummary);
        }
        {
            add(Block::Kind::Subsection, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Counters at the end of the run")));
            Block* t = add(Block::Kind::Table);
            t->header = { tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Counter")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Bytes")), QStringLiteral("GiB") };
            auto row = [&](const char* id, std::optional<quint64> v) {
                return QStringList { QLatin1String(id), v ? ByteText::bytes(*v, locale) : dash, gib(v) };
            };
            t->rows << row("memory_allocated", c.allocated) << row("memory_reserved", c.reserved)
                    << row("max_memory_allocated", c.maxAllocated) << row("max_memory_reserved", c.maxReserved);
        }
        if (!c.phases.isEmpty()) {
            add(Block::Kind::Subsection, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Phases")));
            Block* t = add(Block::Kind::Table);
            t->header = { tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Phase")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Status")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Peak allocated (GiB)")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Peak reserved (GiB)")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Predicted peak (GiB)")) };
            t->firstNumericColumn = 2;
            QStringList errors;
            for (const auto& p : c.phases) {
                // A short status keeps the phase column wide enough for its identifier; the error's own words
                // are listed under the table.
                QString status;
                if (!p.ran)
                    status = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "not run"));
                else if (p.passed)
                    status = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "passed"));
                else if (p.outOfMemory)
                    status = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "out of memory"));
                else
                    status = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "failed"));
                if (p.ran && !p.passed && !p.error.isEmpty())
                    errors << p.name + QStringLiteral(": ") + p.error;
                t->rows.append({ p.name, status, gib(p.peakAllocated), gib(p.peakReserved), gib(p.predictedPeak) });
            }
            if (!errors.isEmpty()) {
                Block* list = add(Block::Kind::List);
                list->items = errors;
            }
            add(Block::Kind::Paragraph,
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                    "The two peaks are separate maxima, possibly reached at different moments; their difference is not "
                    "a state of the device.")));
        }
        if (!c.chart.isNull()) {
            QString caption = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Memory over time"));
            if (c.simulated)
                caption += QStringLiteral(" (") + sim + QLatin1Char(')');
            add(Block::Kind::Chart, caption);
        }

        if (!c.ledgers.isEmpty()) {
            add(Block::Kind::Section, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Why the peak exceeds the estimate")));
            add(Block::Kind::Paragraph,
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                    "Each phase's ledger, from the estimate to the allocator's and the device's readings; within "
                    "a section the parts add up to its total. Computed, observed and assumed lines are listed "
                    "apart. A dash is a reading that is missing, never zero.")));
            auto signedBytes = [&locale](std::optional<qint64> bytes) -> QString {
                if (!bytes)
                    return QStringLiteral("—");
                const quint64 magnitude
                    = *bytes < 0 ? 0ULL - static_cast<quint64>(*bytes) : static_cast<quint64>(*bytes);
                return (*bytes < 0 ? QStringLiteral("−") : QString()) + ByteText::bytes(magnitude, locale);
            };
            auto signedGib = [&locale](std::optional<qint64> bytes) -> QString {
                if (!bytes)
                    return QStringLiteral("—");
                const quint64 magnitude
                    = *bytes < 0 ? 0ULL - static_cast<quint64>(*bytes) : static_cast<quint64>(*bytes);
                return (*bytes < 0 ? QStringLiteral("−") : QString())
                    + ByteText::inUnit(magnitude, units::Unit::GiB, locale);
            };
            for (const auto& ledger : c.ledgers) {
                QString which;
                if (ledger.peak && ledger.failed)
                    //: %1 is a phase identifier such as prefill
                    which = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Ledger of %1, the peak phase and the failed one"));
                else if (ledger.failed)
                    //: %1 is a phase identifier such as prefill
                    which = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Ledger of %1, the failed phase"));
                else
                    //: %1 is a phase identifier such as prefill
                    which = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Ledger of %1, the peak phase"));
                add(Block::Kind::Subsection, which.arg(ledger.phase));
                const std::pair<const char*, const QList<SheetContent::LedgerEntry>*> groups[] = {
                    { QT_TRANSLATE_NOOP("DecisionSheet", "Computed"), &ledger.computed },
                    { QT_TRANSLATE_NOOP("DecisionSheet", "Observed"), &ledger.observed },
                    { QT_TRANSLATE_NOOP("DecisionSheet", "Assumed"), &ledger.assumed },
                };
                for (const auto& [groupTitle, entries] : groups) {
                    if (entries->isEmpty())
                        continue;
                    add(Block::Kind::Paragraph, tr.text(groupTitle) + QLatin1Char(':'));
                    Block* t = add(Block::Kind::Table);
                    t->header = { tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Section")),
                        tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Line")),
                        tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Cause")),
                        tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Bytes")), QStringLiteral("GiB") };
                    t->firstNumericColumn = 3;
                    for (const auto& e : *entries) {
                        const QString line = e.total ? e.line + QStringLiteral(" (")
                                + tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "total")) + QLatin1Char(')')
                                                     : e.line;
                        if (e.words)
                            t->rows.append({ e.section, line, e.cause, QString(), QString() });
                        else
                            t->rows.append({ e.section, line, e.cause, signedBytes(e.bytes), signedGib(e.bytes) });
                    }
                }
                if (!ledger.missing.isEmpty()) {
                    add(Block::Kind::Paragraph, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Missing readings:")));
                    Block* list = add(Block::Kind::List);
                    list->items = ledger.missing;
                }
            }
        }

        if (!c.environment.isEmpty()) {
            add(Block::Kind::Section, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Environment")));
            Block* t = add(Block::Kind::Table);
            t->header = { tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Item")),
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Value")) };
            t->firstNumericColumn = -1;
            for (const auto& [k, v] : c.environment)
                t->rows.append({ k, v });
        }

        add(Block::Kind::Section, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Assumed")));
        {
            Block* list = add(Block::Kind::List);
            list->items = c.assumptions;
            if (c.sweep)
                for (const auto& [card, value] : c.sweep->cards)
                    //: %1 dimension (e.g. sequences), %2 a catalog card with its capacity, %3 the largest value
                    list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                                       "Largest %1 on %2: %3 (the sweep's fitted growth extrapolated: assumed, not "
                                       "measured)"))
                                       .arg(c.sweep->dimension, card, value);
            list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                "GB means 10^9 bytes and GiB 2^30 bytes; every size was converted once from an exact byte count."));
            if (c.simulated)
                list->items << tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                    "The device is simulated: it models memory only, its figures do not come from a GPU."));
        }

        if (!c.rawJsonFileName.isEmpty()) {
            add(Block::Kind::Section, tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Raw result")));
            //: %1 is a file name
            add(Block::Kind::Paragraph,
                tr.text(QT_TRANSLATE_NOOP("DecisionSheet",
                            "The raw measurements are in %1, written beside this sheet (JSON, bytes as integers)."))
                    .arg(c.rawJsonFileName));
        }
        return blocks;
    }

} // namespace

QString DecisionSheetWriter::markdown(const QString& chartFileName) const
{
    const auto blocks = buildBlocks(
        m_content, m_tr, [this](const QString& k) { return componentLabel(k); },
        [this](quint64 b) { return bytesFull(b); }, [this](std::optional<quint64> b) { return gib(b); });
    QString out;
    for (const Block& b : blocks) {
        switch (b.kind) {
        case Block::Kind::Title:
            out += QStringLiteral("# ") + mdEscape(b.text) + QStringLiteral("\n\n");
            break;
        case Block::Kind::Section:
            out += QStringLiteral("## ") + mdEscape(b.text) + QStringLiteral("\n\n");
            break;
        case Block::Kind::Subsection:
            out += QStringLiteral("### ") + mdEscape(b.text) + QStringLiteral("\n\n");
            break;
        case Block::Kind::Paragraph:
            out += mdEscapeKeepLines(b.text) + QStringLiteral("\n\n");
            break;
        case Block::Kind::Warning:
            out += QStringLiteral("> **") + mdEscape(b.text) + QStringLiteral("**\n\n");
            break;
        case Block::Kind::List:
            for (const QString& item : b.items)
                out += QStringLiteral("- ") + mdEscape(item) + QLatin1Char('\n');
            out += QLatin1Char('\n');
            break;
        case Block::Kind::Table: {
            QStringList head;
            for (const QString& h : b.header)
                head << mdEscape(h);
            out += QStringLiteral("| ") + head.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
            for (qsizetype i = 0; i < b.header.size(); ++i)
                out += b.firstNumericColumn >= 0 && i >= b.firstNumericColumn ? QStringLiteral("---:|")
                                                                              : QStringLiteral("---|");
            out += QLatin1Char('\n');
            for (const QStringList& row : b.rows) {
                QStringList cells;
                for (const QString& cell : row)
                    cells << mdEscape(cell);
                out += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
            }
            out += QLatin1Char('\n');
            break;
        }
        case Block::Kind::Chart:
            if (!chartFileName.isEmpty())
                out += QStringLiteral("![") + mdEscape(b.text) + QStringLiteral("](")
                    + QString::fromUtf8(QUrl::toPercentEncoding(chartFileName)) + QStringLiteral(")\n\n");
            else
                out += QStringLiteral("*") + mdEscape(b.text) + QStringLiteral("*\n\n");
            break;
        }
    }
    return out;
}

namespace {

    QString renderHtml(const QList<Block>& blocks, const QString& imageSource, bool forPdf, const QString& lang)
    {
        QString out = QStringLiteral("<!DOCTYPE html>\n<html lang=\"") + lang
            + QStringLiteral("\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
        if (!blocks.isEmpty())
            out += blocks.first().text.toHtmlEscaped();
        out += QStringLiteral(
            "</title>\n<style>\n"
            "body { font-family: sans-serif; max-width: 60em; margin: 1em auto; }\n"
            "table { border-collapse: collapse; margin-bottom: 1em; }\n"
            "th, td { border: 1px solid #999; padding: 2px 8px; }\n"
            "td.num { text-align: right; }\n"
            ".warning { background: #fff3cd; border: 1px solid #c90; padding: 6px; font-weight: bold; }\n"
            "section { margin-bottom: 1.5em; }\n"
            "</style>\n</head>\n<body>\n");
        bool inSection = false;
        for (const Block& b : blocks) {
            switch (b.kind) {
            case Block::Kind::Title:
                out += QStringLiteral("<h1>") + b.text.toHtmlEscaped() + QStringLiteral("</h1>\n");
                break;
            case Block::Kind::Section:
                if (inSection && !forPdf)
                    out += QStringLiteral("</section>\n");
                if (!forPdf)
                    out += QStringLiteral("<section>\n");
                inSection = true;
                out += QStringLiteral("<h2>") + b.text.toHtmlEscaped() + QStringLiteral("</h2>\n");
                break;
            case Block::Kind::Subsection:
                out += QStringLiteral("<h3>") + b.text.toHtmlEscaped() + QStringLiteral("</h3>\n");
                break;
            case Block::Kind::Paragraph:
                out += QStringLiteral("<p>") + htmlEscapeKeepLines(b.text) + QStringLiteral("</p>\n");
                break;
            case Block::Kind::Warning:
                if (forPdf)
                    out += QStringLiteral("<table cellpadding=\"6\" bgcolor=\"#fff3cd\" border=\"1\"><tr><td><b>")
                        + b.text.toHtmlEscaped() + QStringLiteral("</b></td></tr></table>\n");
                else
                    out += QStringLiteral("<p class=\"warning\">") + b.text.toHtmlEscaped() + QStringLiteral("</p>\n");
                break;
            case Block::Kind::List:
                out += QStringLiteral("<ul>\n");
                for (const QString& item : b.items)
                    out += QStringLiteral("<li>") + item.toHtmlEscaped() + QStringLiteral("</li>\n");
                out += QStringLiteral("</ul>\n");
                break;
            case Block::Kind::Table:
                out += forPdf ? QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">\n<tr>")
                              : QStringLiteral("<table>\n<tr>");
                for (const QString& h : b.header)
                    out += QStringLiteral("<th>") + h.toHtmlEscaped() + QStringLiteral("</th>");
                out += QStringLiteral("</tr>\n");
                for (const QStringList& row : b.rows) {
                    out += QStringLiteral("<tr>");
                    for (qsizetype i = 0; i < row.size(); ++i)
                        out += (b.firstNumericColumn < 0 || i < b.firstNumericColumn
                                       ? QStringLiteral("<td>")
                                       : (forPdf ? QStringLiteral("<td align=\"right\">")
                                                 : QStringLiteral("<td class=\"num\">")))
                            + row[i].toHtmlEscaped() + QStringLiteral("</td>");
                    out += QStringLiteral("</tr>\n");
                }
                out += QStringLiteral("</table>\n");
                break;
            case Block::Kind::Chart:
                if (!imageSource.isEmpty())
                    out += QStringLiteral("<p><img src=\"") + imageSource + QStringLiteral("\" alt=\"")
                        + b.text.toHtmlEscaped()
                        + (forPdf ? QStringLiteral("\" width=\"600\">")
                                  : QStringLiteral("\" style=\"max-width:100%\">"))
                        + QStringLiteral("<br><i>") + b.text.toHtmlEscaped() + QStringLiteral("</i></p>\n");
                break;
            }
        }
        if (inSection && !forPdf)
            out += QStringLiteral("</section>\n");
        out += QStringLiteral("</body>\n</html>\n");
        return out;
    }

    const QString kChartResource = QStringLiteral("iteragpu-chart.png");

} // namespace

QString DecisionSheetWriter::html() const
{
    const auto blocks = buildBlocks(
        m_content, m_tr, [this](const QString& k) { return componentLabel(k); },
        [this](quint64 b) { return bytesFull(b); }, [this](std::optional<quint64> b) { return gib(b); });
    QString image;
    if (!m_content.chart.isNull()) {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        m_content.chart.save(&buffer, "PNG");
        image = QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
    }
    return renderHtml(blocks, image, false, m_tr.language());
}

std::unique_ptr<QTextDocument> DecisionSheetWriter::document() const
{
    const auto blocks = buildBlocks(
        m_content, m_tr, [this](const QString& k) { return componentLabel(k); },
        [this](quint64 b) { return bytesFull(b); }, [this](std::optional<quint64> b) { return gib(b); });
    auto document = std::make_unique<QTextDocument>();
    if (!m_content.chart.isNull())
        document->addResource(QTextDocument::ImageResource, QUrl(kChartResource), m_content.chart);
    document->setHtml(
        renderHtml(blocks, m_content.chart.isNull() ? QString() : kChartResource, true, m_tr.language()));
    document->setMetaInformation(QTextDocument::DocumentTitle, blocks.isEmpty() ? QString() : blocks.first().text);
    return document;
}

QByteArray DecisionSheetWriter::pdf() const
{
    const auto doc = document();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        writer.setResolution(300);
        writer.setCreator(QStringLiteral("IteraGPU Lab"));
        writer.setTitle(doc->metaInformation(QTextDocument::DocumentTitle));
        doc->print(&writer);
    }
    buffer.close();
    return bytes;
}

QByteArray DecisionSheetWriter::render(Format format, const QString& chartFileName) const
{
    switch (format) {
    case Format::Markdown:
        return markdown(chartFileName).toUtf8();
    case Format::Html:
        return html().toUtf8();
    case Format::Pdf:
        return pdf();
    }
    return {};
}

} // namespace iteragpu::gui
