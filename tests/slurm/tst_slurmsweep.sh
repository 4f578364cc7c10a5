#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# 'iteragpu sweep --executor slurm' against a real Slurm (run under tests/slurm/with_cluster.sh, which starts a
# one-node cluster of this host and always stops it): the tiny decoder's find-max sweep on sim:0 through Slurm
# finds the same boundary as the local executor, the rounds' batch scripts and manifests stay in the folder,
# SIGTERM to the sweep while its round waits behind another job scancels the array (trials marked interrupted,
# --resume then completes it through Slurm with the same boundary), and SIGTERM while the trials run ends their
# processes on the node.
#
# Environment (ctest sets it): ITERAGPU_CLI (the iteragpu binary), ITERAGPU_TEST_DATA (tests/data), SLURM_CONF.
set -u

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
note() { echo "tst_slurmsweep: $*"; }

cli=${ITERAGPU_CLI:?ITERAGPU_CLI is not set}
data=${ITERAGPU_TEST_DATA:?ITERAGPU_TEST_DATA is not set}
[ -n "${SLURM_CONF:-}" ] || fail "SLURM_CONF is not set: run this test under tests/slurm/with_cluster.sh (ctest does)"
for tool in sbatch squeue scancel scontrol; do
    command -v "$tool" >/dev/null || fail "$tool not found on PATH (the Debian package slurm-wlm installs it)"
done

work=$(mktemp -d /tmp/tst_slurmsweep.XXXXXX) || fail "mktemp failed"
blocker=""
background=""
cleanup() {
    [ -n "$background" ] && kill -KILL "$background" 2>/dev/null
    [ -n "$blocker" ] && scancel "$blocker" 2>/dev/null
    rm -rf -- "$work"
}
trap cleanup EXIT

# The committed tiny decoder on a 16 MiB simulated device: sequences 64 fit, 66 do not (tests/data/sweep).
base=(--model "$data/measure/tiny-llama.config.json" --prompt-tokens 64 --generated 2 --warmup 0 --repeats 1
    --device sim:0 --sim-speed 0 --sim-capacity-gib 0.015625 --sim-context-mib 0 --sim-workspace-mib 0
    --sampling-hz 10)
search=(--find-max --dimension sequences --min 4 --resolution 2)

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# The boundary a sweep.json holds: "largest_passing smallest_failing".
boundary() {
    local passing failing
    passing=$(sed -n 's/^[[:space:]]*"largest_passing": \([0-9]*\),*$/\1/p' "$1/sweep.json")
    failing=$(sed -n 's/^[[:space:]]*"smallest_failing": \([0-9]*\),*$/\1/p' "$1/sweep.json")
    echo "${passing:-none} ${failing:-none}"
}

# Waits until squeue lists a job of this name in one of the states (seconds, name, states); prints its id.
wait_for_job() {
    local limit=$1 name=$2 states=$3 begin=$SECONDS id
    while [ $((SECONDS - begin)) -lt "$limit" ]; do
        id=$(squeue -h -n "$name" -t "$states" -o '%F' 2>/dev/null | head -n 1)
        if [ -n "$id" ]; then
            echo "$id"
            return 0
        fi
        sleep 0.2
    done
    return 1
}

# --- the same sweep on both executors ---------------------------------------------------------------------------
local_folder="$work/local"
t=$(now)
"$cli" sweep --folder "$local_folder" "${search[@]}" -- "${base[@]}" >"$work/local.out" 2>&1 \
    || { cat "$work/local.out"; fail "the local sweep failed"; }
note "local sweep: $(since "$t") s, $(grep -c '^trial ' "$work/local.out") trials, boundary $(boundary "$local_folder")"

# A folder name that needs quoting in the batch script.
slurm_folder="$work/slurm sweep 'a' \"b\""
t=$(now)
"$cli" sweep --folder "$slurm_folder" --executor slurm --gres '' "${search[@]}" -- "${base[@]}" >"$work/slurm.out" 2>&1 \
    || { cat "$work/slurm.out"; fail "the Slurm sweep failed"; }
rounds=$(ls "$slurm_folder" | grep -c '^slurm-round-[0-9]*\.sbatch$')
note "Slurm sweep: $(since "$t") s, $(grep -c '^trial ' "$work/slurm.out") trials in $rounds rounds, boundary $(boundary "$slurm_folder")"

[ "$(boundary "$local_folder")" = "64 66" ] || { cat "$work/local.out"; fail "local boundary $(boundary "$local_folder"), expected 64 66"; }
[ "$(boundary "$slurm_folder")" = "$(boundary "$local_folder")" ] \
    || { cat "$work/slurm.out"; fail "Slurm boundary $(boundary "$slurm_folder") differs from the local $(boundary "$local_folder")"; }
grep -q '"complete": true' "$slurm_folder/sweep.json" || fail "the Slurm sweep.json is not complete"
grep -q 'on slurm' "$work/slurm.out" || fail "the sweep did not say it ran on slurm: $(head -n 1 "$work/slurm.out")"
[ "$rounds" -ge 2 ] || fail "a find-max sweep through Slurm took $rounds round(s), expected one job array per round"
for n in $(seq 1 "$rounds"); do
    script="$slurm_folder/slurm-round-$n.sbatch"
    [ -f "$script" ] || fail "slurm-round-$n.sbatch is not kept in the folder"
    [ -f "$slurm_folder/slurm-round-$n.tasks" ] || fail "slurm-round-$n.tasks is not kept in the folder"
    grep -q '^#SBATCH --array=0-[0-9]*$' "$script" || fail "slurm-round-$n.sbatch has no #SBATCH --array line"
    ! grep -q '^#SBATCH --gres' "$script" || fail "slurm-round-$n.sbatch asks for a GPU although --gres ''"
done
# Each trial records the array task it ran as.
grep -q '"slurm_job_id": "[0-9]*_[0-9]*"' "$slurm_folder/sweep.json" || fail "no trial names its array task"
trials=$(grep -c '"slurm_job_id": "[0-9]*_[0-9]*"' "$slurm_folder/sweep.json")
[ "$trials" -eq "$(grep -c '^trial ' "$work/slurm.out")" ] || fail "$trials trials name their array task, not every one"

# --- SIGTERM while the round waits in the queue -----------------------------------------------------------------
# Another job holds the whole node, so the sweep's first array stays pending.
blocker=$(sbatch --parsable --job-name=tst-blocker --exclusive --output=/dev/null --wrap 'sleep 300') \
    || fail "sbatch of the blocking job failed"
wait_for_job 30 tst-blocker RUNNING >/dev/null || fail "the blocking job did not start"
queued_folder="$work/queued"
"$cli" sweep --folder "$queued_folder" --executor slurm --gres '' "${search[@]}" -- "${base[@]}" \
    >"$work/queued.out" 2>&1 &
background=$!
array=$(wait_for_job 30 iteragpu-sweep-r1 PENDING) || { cat "$work/queued.out"; fail "the sweep's array is not queued"; }
kill -TERM "$background"
t=$(now)
wait "$background"
status=$?
background=""
note "queued round cancelled: the sweep exited $status $(since "$t") s after SIGTERM"
[ $status -eq 4 ] || { cat "$work/queued.out"; fail "the interrupted sweep exited $status, expected 4"; }
[ -z "$(squeue -h -j "$array" -o '%i' 2>/dev/null)" ] || fail "array $array is still queued after the sweep was stopped"
states=$(scontrol -o show job "$array" | sed -n 's/.* JobState=\([A-Z_]*\) .*/\1/p' | sort -u | tr '\n' ' ')
[ "$states" = "CANCELLED " ] || fail "array $array ended '$states', expected CANCELLED (scancel)"
grep -q '"status": "interrupted"' "$queued_folder/sweep.json" || fail "sweep.json marks no trial interrupted"
grep -q '"complete": false' "$queued_folder/sweep.json" || fail "the interrupted sweep.json says complete"
[ -f "$queued_folder/slurm-round-1.sbatch" ] || fail "the cancelled round's batch script is not kept"
scancel "$blocker"
blocker=""

# --resume continues it through Slurm, in new rounds beside the cancelled one, to the same boundary.
"$cli" sweep --folder "$queued_folder" --resume --executor slurm --gres '' "${search[@]}" -- "${base[@]}" \
    >"$work/resumed.out" 2>&1 || { cat "$work/resumed.out"; fail "the resumed sweep failed"; }
[ "$(boundary "$queued_folder")" = "$(boundary "$local_folder")" ] \
    || fail "the resumed sweep's boundary $(boundary "$queued_folder") differs from the local one"
[ -f "$queued_folder/slurm-round-2.sbatch" ] || fail "the resumed sweep did not submit its own round"

# --- SIGTERM while the trials run -------------------------------------------------------------------------------
# A measure program that records its PID and takes its time, so the round is caught running.
wrapper="$work/slow measure"
cat >"$wrapper" <<EOF
#!/bin/bash
echo \$\$ >>"$work/pids"
sleep 300
exec "$cli" "\$@"
EOF
chmod +x "$wrapper"
running_folder="$work/running"
ITERAGPU_MEASURE_PROGRAM="$wrapper" "$cli" sweep --folder "$running_folder" --executor slurm --gres '' \
    "${search[@]}" -- "${base[@]}" >"$work/running.out" 2>&1 &
background=$!
array=$(wait_for_job 30 iteragpu-sweep-r1 RUNNING) || { cat "$work/running.out"; fail "the sweep's array did not start"; }
begin=$SECONDS
until [ -s "$work/pids" ] || [ $((SECONDS - begin)) -ge 20 ]; do sleep 0.2; done
[ -s "$work/pids" ] || fail "no trial process started"
kill -TERM "$background"
t=$(now)
wait "$background"
status=$?
background=""
note "running round cancelled: the sweep exited $status $(since "$t") s after SIGTERM"
[ $status -eq 4 ] || { cat "$work/running.out"; fail "the interrupted sweep exited $status, expected 4"; }
[ -z "$(squeue -h -j "$array" -o '%i' 2>/dev/null)" ] || fail "array $array is still in the queue"
begin=$SECONDS
while read -r pid; do
    while kill -0 "$pid" 2>/dev/null && [ $((SECONDS - begin)) -lt 20 ]; do sleep 0.2; done
    ! kill -0 "$pid" 2>/dev/null || fail "trial process $pid still runs after the array was cancelled"
done <"$work/pids"
grep -q '"status": "interrupted"' "$running_folder/sweep.json" || fail "sweep.json marks no trial interrupted"

note "PASS"
