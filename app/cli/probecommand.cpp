// SPDX-License-Identifier: Apache-2.0
#include "app/cli/probecommand.h"

#include "app/cli/cliapp.h"
#include "core/buildinfo/buildtree.h"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <memory>
#include <ostream>
#include <system_error>

namespace iteragpu::cli {

namespace fs = std::filesystem;

namespace {

    bool holdsProbe(const fs::path& folder)
    {
        std::error_code ec;
        return fs::is_regular_file(folder / "iteragpu_probe" / "__init__.py", ec);
    }

} // namespace

std::optional<std::string> probePythonPath(const std::string& executable)
{
    std::error_code ec;
    fs::path exe = fs::weakly_canonical(fs::path(executable), ec);
    if (ec)
        exe = fs::path(executable);
    // Installed: <prefix>/bin/iteragpu beside <prefix>/share/iteragpu/python, wherever the prefix was moved.
    const fs::path installed = exe.parent_path().parent_path() / ITERAGPU_DATADIR_RELATIVE / "iteragpu" / "python";
    if (holdsProbe(installed))
        return installed.lexically_normal().string();
    // Run from the build tree: its copy of the package (python/CMakeLists.txt keeps it current).
    if (buildinfo::insideBuildTree(exe) && holdsProbe(fs::path(ITERAGPU_BUILD_PYTHON_DIR)))
        return fs::path(ITERAGPU_BUILD_PYTHON_DIR).lexically_normal().string();
    if (holdsProbe(fs::path(ITERAGPU_INSTALL_PYTHON_DIR)))
        return fs::path(ITERAGPU_INSTALL_PYTHON_DIR).lexically_normal().string();
    return std::nullopt;
}

void addProbeCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto* cmd = app.add_subcommand("probe",
        "The Python probe that measures your own PyTorch program phase by phase (python/iteragpu_probe)");
    auto path = std::make_shared<bool>(false);
    cmd->add_flag("--path", *path, "Print the folder to put on PYTHONPATH for 'from iteragpu_probe import Probe'");
    cmd->callback([&out, &err, &action, path] {
        action = [&out, &err, path] {
            if (!*path) {
                err << "iteragpu probe: say what to print: --path (the folder to put on PYTHONPATH)\n";
                return kExitUsage;
            }
            std::error_code ec;
            const fs::path self = fs::read_symlink("/proc/self/exe", ec);
            const auto folder = probePythonPath(ec ? std::string() : self.string());
            if (!folder) {
                err << "iteragpu probe: the Python probe is not installed beside this iteragpu (looked in "
                    << ITERAGPU_INSTALL_PYTHON_DIR << " and " << ITERAGPU_BUILD_PYTHON_DIR << ")\n";
                return kExitError;
            }
            out << *folder << "\n";
            return kExitOk;
        };
    });
}

} // namespace iteragpu::cli
