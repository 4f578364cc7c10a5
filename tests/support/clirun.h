// SPDX-License-Identifier: Apache-2.0
// The command line run in the test's own process (cli::run), its exit code and both streams kept: the suites that
// check what `iteragpu` prints and returns.
#pragma once

#include "app/cli/cliapp.h"

#include <QByteArray>
#include <QByteArrayList>
#include <sstream>
#include <string>
#include <vector>

namespace testsupport {

struct CliResult {
    int code;
    std::string out;
    std::string err;
};

// `args` without the program name.
inline CliResult runCli(std::vector<std::string> args)
{
    args.insert(args.begin(), "iteragpu");
    std::ostringstream out, err;
    const int code = iteragpu::cli::run(args, out, err);
    return { code, out.str(), err.str() };
}

// "--preset llama-2-7b --tokens 8" as arguments (split at spaces; no quoting).
inline std::vector<std::string> split(const QByteArray& line)
{
    std::vector<std::string> v;
    for (const auto& part : line.split(' '))
        if (!part.isEmpty())
            v.push_back(part.toStdString());
    return v;
}

} // namespace testsupport
