// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cliapp.h"

#include <iostream>

int main(int argc, char** argv)
{
    return iteragpu::cli::run(std::vector<std::string>(argv, argv + argc), std::cout, std::cerr);
}
