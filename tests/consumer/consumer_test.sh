#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The installed library works for a program outside the project: stage the `dev` component of this build into a
# temporary prefix (what libiteragpu-dev ships), then build tests/consumer with find_package(IteraGPU) and once more
# with pkg-config, and run both.
#   consumer_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build="$1"
source="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" --component dev > "$work/install.log"
test -f "$work/prefix/lib/libiteragpu_core.a" || { echo "FAIL: the dev component installs no libiteragpu_core.a"; exit 1; }

echo "== find_package(IteraGPU)"
cmake -S "$source/tests/consumer" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
    -DCMAKE_BUILD_TYPE=Release > "$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/build/consumer"

echo "== pkg-config iteragpu"
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"
flags="$(pkg-config --cflags --libs iteragpu)"
echo "pkg-config: $flags"
# shellcheck disable=SC2086 # the flags are words
c++ -o "$work/consumer-pc" "$source/tests/consumer/consumer.cpp" $flags
"$work/consumer-pc"
echo "PASS"
