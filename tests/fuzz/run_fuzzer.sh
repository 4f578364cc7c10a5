#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_fuzzer.sh TARGET SEEDS WORK [libFuzzer options...]: fuzzes TARGET starting from the committed seeds, the
# inputs it finds kept in WORK/corpus (never in the committed folder), a crash, leak or timeout saved to
# WORK/findings/ and reported with the command that replays it. The exit status is libFuzzer's: 0 = no finding.
set -eu
target=$1
seeds=$2
work=$3
shift 3
mkdir -p "$work/corpus" "$work/findings"
status=0
# -timeout: an input that takes 10 s is a hang; -rss_limit_mb: a reader that keeps 2 GiB for one input is a bug.
"$target" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$work/findings/" "$@" "$work/corpus" "$seeds" || status=$?
if [ "$status" -ne 0 ]; then
    for f in "$work/findings"/*; do
        [ -e "$f" ] && echo "finding: $f (replay: $target $f)"
    done
fi
exit "$status"
