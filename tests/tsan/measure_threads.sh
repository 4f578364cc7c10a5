#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ThreadSanitizer over the measurement threads: the run's worker, the sampler and the main thread, through the
# CLI on the simulated device, in every mode (make tsan builds the CLI with -fsanitize=thread and runs this).
# Usage: tests/tsan/measure_threads.sh path/to/iteragpu
set -u
cli=${1:?usage: measure_threads.sh path/to/iteragpu}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1"
status=0
n=0
run() {
    # $1: the exit code the command itself should give (1 when a phase runs out of memory on purpose).
    want=$1
    shift
    n=$((n + 1))
    "$cli" measure --device sim:0 --batch 2 --context 128 --width 1024 --warmup 2 --repeats 3 \
        --output "$out/result$n.json" "$@" >"$out/log$n.txt" 2>&1
    rc=$?
    if grep -q "WARNING: ThreadSanitizer" "$out/log$n.txt" || [ "$rc" -eq 66 ]; then
        echo "FAIL (data race or lock problem): measure $*"
        sed -n '/WARNING: ThreadSanitizer/,/^SUMMARY/p' "$out/log$n.txt"
        status=1
    elif [ "$rc" -ne "$want" ]; then
        echo "FAIL (exit code $rc, expected $want): measure $*"
        tail -5 "$out/log$n.txt"
        status=1
    else
        echo "ok   measure $*"
    fi
}
run 0 --mode inference
run 0 --mode training
run 0 --allocator async
run 0 --empty-cache-between-repeats --stream --sampling-hz 10000
run 1 --sim-capacity-gib 0.01
exit $status
