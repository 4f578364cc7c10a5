// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cliapp.h"

#include <csignal>
#include <iostream>

int main(int argc, char** argv)
{
    // A reader that goes away (measure ... | head) must not kill a run before it writes its --output: a write to
    // the closed pipe fails instead, and run() turns that into exit code 1 after the work is done. A file-size
    // limit (ulimit -f) likewise turns into an error the writer reports (EFBIG) and cleans up after, not a kill.
    std::signal(SIGPIPE, SIG_IGN);
    std::signal(SIGXFSZ, SIG_IGN);
    return iteragpu::cli::run(std::vector<std::string>(argv, argv + argc), std::cout, std::cerr);
}
