// SPDX-License-Identifier: Apache-2.0
#include "app/cli/listcommand.h"

#include "app/cli/cliapp.h"
#include "core/model/architectures.h"
#include "core/protocol/runtypes.h"
#include "core/registry/backendregistry.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/scalartype.h"
#include "core/sizing/trainingoptions.h"
#include "core/sizing/weightformat.h"
#include "core/units/printable.h"
#include "core/units/units.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

namespace iteragpu::cli {

namespace {

    struct ListOptions {
        bool presets = false;
        bool cards = false;
        bool architectures = false;
        bool json = false;
    };

    std::string padded(const std::string& text, std::size_t width)
    {
        return text.size() >= width ? text + "  " : text + std::string(width - text.size() + 2, ' ');
    }

    int listPresets(bool json, std::ostream& out)
    {
        const auto library = sizing::PresetLibrary::loadDefault();
        if (json) {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto& p : library.presets())
                list.push_back({ { "id", p.id }, { "name", p.name }, { "source", p.source } });
            out << nlohmann::ordered_json { { "schema", "iteragpu.presets/1" }, { "presets", list } }.dump(2) << '\n';
            return kExitOk;
        }
        // Names from the preset files: each through the one escaping helper (a file may hold anything).
        std::size_t width = 0;
        for (const auto& p : library.presets())
            width = std::max(width, units::printableName(p.id).size());
        for (const auto& p : library.presets())
            out << padded(units::printableName(p.id), width) << units::printableName(p.name) << '\n';
        return kExitOk;
    }

    int listArchitectures(bool json, std::ostream& out)
    {
        const auto names = model::Architectures::names();
        if (json) {
            out << nlohmann::ordered_json { { "schema", "iteragpu.architectures/1" }, { "architectures", names } }.dump(2)
                << '\n';
            return kExitOk;
        }
        for (const auto& n : names)
            out << n << '\n';
        return kExitOk;
    }

    int listCards(bool json, std::ostream& out)
    {
        const auto catalog = sizing::DeviceCatalog::loadDefault();
        if (json) {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto& c : catalog.cards())
                list.push_back({ { "id", c.id }, { "name", c.name }, { "vendor", c.vendor }, { "marketed", c.marketed },
                    { "reported_bytes", c.reportedBytes },
                    { "usable_bytes", c.usableBytes ? nlohmann::ordered_json(*c.usableBytes) : nlohmann::ordered_json(nullptr) },
                    { "usable_source", c.usableSource.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.usableSource) } });
            out << nlohmann::ordered_json { { "schema", "iteragpu.cards/1" }, { "cards", list } }.dump(2) << '\n';
            return kExitOk;
        }
        // Names from the catalog file: each through the one escaping helper (a file may hold anything).
        std::size_t width = 0, nameWidth = 0;
        for (const auto& c : catalog.cards()) {
            width = std::max(width, units::printableName(c.id).size());
            nameWidth = std::max(nameWidth, units::printableName(c.name).size());
        }
        for (const auto& c : catalog.cards())
            out << padded(units::printableName(c.id), width) << padded(units::printableName(c.name), nameWidth)
                << units::printableName(c.marketed) << " marketed, "
                << units::format(c.reportedBytes, units::Unit::GiB) << " reported, "
                << (c.usableBytes ? units::format(*c.usableBytes, units::Unit::GiB) + " usable (CUDA's total)"
                                  : std::string("usable not published"))
                << '\n';
        return kExitOk;
    }

    // Values an option takes, for the completion; empty when it takes free text (a count, a size, a path).
    std::vector<std::string> optionValues(const std::string& command, const std::string& name)
    {
        // Given without its dashes ("format"), so the option is not taken for one of `complete` itself.
        const std::string option = name.rfind("--", 0) == 0 ? name : "--" + name;
        std::vector<std::string> values;
        const auto presets = [&] {
            const auto library = sizing::PresetLibrary::loadDefault(); // kept: presets() refers into it
            for (const auto& p : library.presets())
                values.push_back(p.id);
        };
        const auto cards = [&] {
            const auto catalog = sizing::DeviceCatalog::loadDefault(); // kept: cards() refers into it
            for (const auto& c : catalog.cards())
                values.push_back(c.id);
        };
        if (option == "--preset" || option == "--model") {
            presets();
        } else if (option == "--assume-architecture") {
            values = model::Architectures::names();
        } else if (option == "--mla-cache") {
            values = { "decompressed", "latent" };
        } else if (option == "--device-catalog") {
            values.push_back("all");
            cards();
        } else if (option == "--sim-card") {
            cards();
        } else if (option == "--device") {
            device::BackendRegistry registry;
            for (const auto& st : registry.load())
                for (int i = 0; i < st.deviceCount; ++i)
                    values.push_back(st.name + ":" + std::to_string(i));
        } else if (option == "--format" && command == "measure") {
            for (const auto storage : protocol::allWeightStorages())
                values.push_back(protocol::weightStorageName(storage));
        } else if (option == "--format") {
            for (const auto& info : sizing::allWeightFormats())
                values.push_back(info.name);
        } else if (option == "--optimizer") {
            for (auto o : { sizing::Optimizer::SGD, sizing::Optimizer::SGDMomentum, sizing::Optimizer::Adam,
                     sizing::Optimizer::AdamW, sizing::Optimizer::Adam8bit })
                values.push_back(sizing::optimizerName(o));
        } else if (option == "--compute" || option == "--kv-dtype" || option == "--grad-dtype") {
            for (auto t : sizing::allScalarTypes())
                values.push_back(sizing::scalarName(t));
        } else if (option == "--dtype") {
            values = { "float32", "float16", "bfloat16" };
        } else if (option == "--mode") {
            values = { "inference", "training" };
        } else if (option == "--allocator") {
            values = { "native", "async" };
        } else if (option == "--kv-cache") {
            values = { "dynamic", "static", "paged" };
        } else if (option == "--attention") {
            values = { "eager", "sdpa" };
        } else if (option == "--ledger") {
            values = { "peak", "all", "none" };
        }
        return values;
    }

    struct CompleteOptions {
        std::string kind;
        std::string command;
        std::string option;
    };

    // Options of a command (or of the program when command is empty): "--name PLACEHOLDER" or "--name".
    int completeOptions(const CLI::App& root, const std::string& command, std::ostream& out)
    {
        const CLI::App* app = &root;
        if (!command.empty()) {
            app = nullptr;
            for (const auto* sub : root.get_subcommands({}))
                if (sub->get_name() == command)
                    app = sub;
            if (!app)
                return kExitUsage;
        }
        for (const auto* opt : app->get_options({})) {
            if (opt->get_group().empty() || opt->get_lnames().empty())
                continue;
            for (const auto& name : opt->get_lnames()) {
                out << "--" << name;
                if (opt->get_type_size() != 0 && !opt->get_type_name().empty())
                    out << ' ' << opt->get_type_name().substr(0, opt->get_type_name().find(':'));
                out << '\n';
            }
        }
        return kExitOk;
    }

    std::string optionLine(const CLI::Option& opt)
    {
        std::string names = opt.get_name(true, true);
        const std::string type = opt.get_type_name().substr(0, opt.get_type_name().find(':'));
        if (opt.get_type_size() != 0 && !type.empty() && !opt.get_lnames().empty())
            names += " " + type;
        std::string text = "  " + padded(names, 28) + opt.get_description();
        if (!opt.get_default_str().empty())
            text += " (default " + opt.get_default_str() + ")";
        return text + "\n";
    }

    // Lines of text as help2man reads them: "Heading:" at the left starts a subsection, "  --name TYPE  text"
    // an option; so the page gets one subsection per command and per option group, then the command's examples.
    void printManHelp(const CLI::App& root, std::ostream& out)
    {
        out << "Usage: iteragpu [OPTIONS] COMMAND [OPTIONS]\n\n" << root.get_description() << "\n\nOptions:\n";
        std::vector<std::string> groups;
        const auto groupsOf = [&](const CLI::App& app) {
            groups.clear();
            for (const auto* opt : app.get_options({}))
                if (!opt->get_group().empty()
                    && std::find(groups.begin(), groups.end(), opt->get_group()) == groups.end())
                    groups.push_back(opt->get_group());
        };
        groupsOf(root);
        for (const auto& group : groups) {
            if (group != "Options")
                out << "\n" << group << ":\n";
            for (const auto* opt : root.get_options({}))
                if (opt->get_group() == group)
                    out << optionLine(*opt);
        }
        out << "\nCommands:\n";
        for (const auto* sub : root.get_subcommands({}))
            if (!sub->get_group().empty())
                out << "  " << padded(sub->get_name(), 28) << sub->get_description() << "\n";
        for (const auto* sub : root.get_subcommands({})) {
            if (sub->get_group().empty())
                continue;
            const std::string name = sub->get_name();
            std::string title = name;
            title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
            out << "\n" << title << " command:\n  Usage: iteragpu " << name << " [OPTIONS]";
            for (const auto* opt : sub->get_options({}))
                if (opt->get_lnames().empty() && opt->get_snames().empty())
                    out << " " << opt->get_name();
            out << "\n\n  " << sub->get_description() << "\n";
            groupsOf(*sub);
            for (const auto& group : groups) {
                out << "\n" << title << ", " << (group == "Options" ? std::string("general") : group) << ":\n";
                for (const auto* opt : sub->get_options({}))
                    if (opt->get_group() == group)
                        out << optionLine(*opt);
            }
            const std::string footer = sub->get_footer();
            const auto examples = footer.find("Examples:");
            const std::string notes = footer.substr(0, examples);
            if (notes.find_first_not_of(" \n") != std::string::npos)
                out << "\n" << title << " notes:\n  " << notes.substr(0, notes.find_last_not_of(" \n") + 1) << "\n";
            if (examples != std::string::npos)
                out << "\nExamples of " << name << ":" << footer.substr(examples + 9) << "\n";
        }
        out << "\n" << root.get_footer() << "\n";
    }

} // namespace

void addManHelp(CLI::App& app, std::ostream& out, std::function<int()>& action)
{
    const CLI::App* root = &app;
    app.add_flag_callback(
           "--help-man",
           [root, &out, &action] {
               action = [root, &out] {
                   printManHelp(*root, out);
                   return static_cast<int>(kExitOk);
               };
           },
           "The help of every command laid out for help2man")
        ->group(""); // hidden: the build's man page reads it
}

void addListOptions(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto o = std::make_shared<ListOptions>();
    auto run = [o, &out, &err] {
        try {
            if (o->architectures)
                return listArchitectures(o->json, out);
            return o->presets ? listPresets(o->json, out) : listCards(o->json, out);
        } catch (const std::exception& e) {
            err << "iteragpu: " << units::printable(e.what(), units::kTextBytes) << '\n';
            return static_cast<int>(kExitError);
        }
    };
    app.add_flag_callback(
           "--list-presets",
           [o, run, &action] {
               o->presets = true;
               action = run;
           },
           "List the model presets (id and name) for --preset and --model")
        ->group("Lists");
    app.add_flag_callback(
           "--list-cards",
           [o, run, &action] {
               o->cards = true;
               action = run;
           },
           "List the GPU catalog (id, name, marketed and reported memory) for --device-catalog and --sim-card")
        ->group("Lists");
    app.add_flag_callback(
           "--list-architectures",
           [o, run, &action] {
               o->architectures = true;
               action = run;
           },
           "List the architectures (config.json model_type) the readers know, for --assume-architecture")
        ->group("Lists");
    app.add_flag("--json", o->json, "With --list-presets, --list-cards or --list-architectures: one JSON object (with a \"schema\" field)")
        ->group("Lists");
}

void addCompleteCommand(CLI::App& app, std::ostream& out, std::function<int()>& action)
{
    auto o = std::make_shared<CompleteOptions>();
    auto* sub = app.add_subcommand("complete", "Words for the shell completion (commands, options, option values)");
    sub->group(""); // hidden: the completion scripts' helper, not a command to type
    sub->add_option("KIND", o->kind, "commands, options or values")
        ->required()
        ->check(CLI::IsMember({ "commands", "options", "values" }));
    sub->add_option("COMMAND", o->command, "the sub-command typed so far ('' for the program itself)");
    sub->add_option("OPTION", o->option, "the option whose value is completed, without its dashes (format)");
    const CLI::App* root = &app;
    sub->callback([o, root, &out, &action] {
        action = [o, root, &out] {
            if (o->kind == "commands") {
                for (const auto* s : root->get_subcommands({}))
                    if (!s->get_group().empty())
                        out << s->get_name() << '\n';
                return static_cast<int>(kExitOk);
            }
            if (o->kind == "options")
                return completeOptions(*root, o->command, out);
            try {
                for (const auto& v : optionValues(o->command, o->option))
                    out << v << '\n';
            } catch (const std::exception&) {
                // A completion offers nothing rather than an error in the middle of the command line.
            }
            return static_cast<int>(kExitOk);
        };
    });
}

} // namespace iteragpu::cli
