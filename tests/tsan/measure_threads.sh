#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ThreadSanitizer over the measurement threads: the run's worker, the sampler and the main thread, through the
# CLI on the simulated device, in every mode of the dense network and of the decoder, and a local sweep with two
# slots (its executor's reader threads, two trials at once, a cancel by SIGINT). make tsan builds the CLI with
# -fsanitize=thread and runs this; every trial of the sweep is the same instrumented program.
# Usage: tests/tsan/measure_threads.sh path/to/iteragpu [tests/data]
set -u
cli=${1:?usage: measure_threads.sh path/to/iteragpu [tests/data]}
data=${2:-$(dirname "$0")/../data}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1"
status=0
n=0
# check WANT RC WHAT: judges the log of the last command.
check() {
    want=$1
    rc=$2
    shift 2
    if grep -q "WARNING: ThreadSanitizer" "$out/log$n.txt" || [ "$rc" -eq 66 ]; then
        echo "FAIL (data race or lock problem): $*"
        sed -n '/WARNING: ThreadSanitizer/,/^SUMMARY/p' "$out/log$n.txt"
        status=1
    elif [ "$rc" -ne "$want" ]; then
        echo "FAIL (exit code $rc, expected $want): $*"
        tail -5 "$out/log$n.txt"
        status=1
    else
        echo "ok   $*"
    fi
}
# run WANT MEASURE-OPTIONS...: the dense network; $1 the exit code the command itself should give (1 when a phase
# runs out of memory on purpose).
run() {
    want=$1
    shift
    n=$((n + 1))
    "$cli" measure --device sim:0 --batch 2 --context 128 --width 1024 --warmup 2 --repeats 3 \
        --output "$out/result$n.json" "$@" >"$out/log$n.txt" 2>&1
    check "$want" $? measure "$@"
}
# decoder WANT MEASURE-OPTIONS...: the committed tiny decoder.
decoder() {
    want=$1
    shift
    n=$((n + 1))
    "$cli" measure --device sim:0 --model "$data/measure/tiny-llama.config.json" --prompt-tokens 64 --generated 8 \
        --warmup 1 --repeats 2 --output "$out/result$n.json" "$@" >"$out/log$n.txt" 2>&1
    check "$want" $? measure --model tiny-llama "$@"
}
run 0 --mode inference
run 0 --mode training
run 0 --allocator async
run 0 --empty-cache-between-repeats --stream --sampling-hz 10000
run 1 --sim-capacity-gib 0.01
decoder 0
decoder 0 --decode-chunk 2 --kv-cache static --attention eager --stream --sampling-hz 10000
decoder 0 --kv-cache paged --allocator async
decoder 1 --sim-capacity-gib 0.001
# A sweep of the decoder with two slots (sim:0 and sim:1) to its boundary, then one stopped by SIGINT mid-round.
common="--model $data/measure/tiny-llama.config.json --prompt-tokens 64 --warmup 0 --repeats 1 --device sim:0 \
    --sim-context-mib 0 --sim-workspace-mib 0 --sampling-hz 10"
n=$((n + 1))
# shellcheck disable=SC2086 # common is split on purpose: its paths hold no spaces
"$cli" sweep --folder "$out/sweep$n" --find-max --dimension sequences --min 4 --resolution 2 --jobs 2 \
    -- $common --generated 2 --sim-speed 0 --sim-capacity-gib 0.015625 >"$out/log$n.txt" 2>&1
check 0 $? sweep --find-max --jobs 2
if grep -rl "WARNING: ThreadSanitizer" "$out/sweep$n" >/dev/null 2>&1; then
    echo "FAIL (data race in a trial): $(grep -rl "WARNING: ThreadSanitizer" "$out/sweep$n")"
    status=1
fi
n=$((n + 1))
# Trials of 4 000 decode steps in real time: the SIGINT comes while both slots run one.
# shellcheck disable=SC2086
"$cli" sweep --folder "$out/sweep$n" --values 1,2,3,4 --dimension sequences --jobs 2 \
    -- $common --generated 4000 --sim-speed 1 --sim-capacity-gib 1 >"$out/log$n.txt" 2>&1 &
pid=$!
sleep 3
kill -INT "$pid"
wait "$pid"
check 4 $? sweep interrupted by SIGINT
exit $status
