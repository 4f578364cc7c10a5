#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Data that is not what it says (README "What it promises"): a FIFO where a preset, the card catalog, a config.json,
# a snapshot, a result or a Hugging Face ref was expected is refused in one line naming it, never waited on; and a
# copy of the program outside its build tree (an installed one) searches only installed paths for its GPU modules
# and data, never the build tree or the source tree whose paths are compiled in.
#   trusted_data.sh ITERAGPU SOURCE_DIR BUILD_DIR
set -uo pipefail
cli="$1"
source="$2"
build="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# run NAME EXPECTED_EXIT PATTERN COMMAND...: the command ends by itself (10 s at most), with the exit code and a
# message holding PATTERN.
run() {
    local name="$1" want="$2" pattern="$3"
    shift 3
    timeout 10 "$@" > "$work/out" 2>&1
    local rc=$?
    if [ "$rc" = 124 ]; then fail "$name: hung (killed after 10 s)"; return; fi
    [ "$rc" = "$want" ] || fail "$name: exit $rc, expected $want: $(head -c 400 "$work/out")"
    grep -q -- "$pattern" "$work/out" || fail "$name: no '$pattern' in: $(head -c 400 "$work/out")"
    [ "$want" = 0 ] || [ "$(grep -c . "$work/out")" -le 2 ] || fail "$name: more than a line or two: $(cat "$work/out")"
}

# 1. FIFOs in the data folder and as every kind of input file.
cp -r "$source/resources" "$work/res"
mkfifo "$work/res/presets/zz-fifo.json"
run "FIFO in the presets folder" 1 "zz-fifo.json: not a regular file (a FIFO)" \
    env ITERAGPU_RESOURCE_DIR="$work/res" "$cli" estimate --preset llama-2-7b
run "FIFO in the presets folder (listing)" 1 "zz-fifo.json" \
    env ITERAGPU_RESOURCE_DIR="$work/res" "$cli" --list-presets
rm "$work/res/presets/zz-fifo.json"
mv "$work/res/catalog/gpus.json" "$work/gpus.json"
mkfifo "$work/res/catalog/gpus.json"
run "FIFO as the card catalog" 1 "gpus.json: not a regular file (a FIFO)" \
    env ITERAGPU_RESOURCE_DIR="$work/res" "$cli" estimate --preset llama-2-7b --device-catalog h100-sxm
rm "$work/res/catalog/gpus.json"
mkfifo "$work/fifo"
run "FIFO as --config" 1 "not a regular file (a FIFO)" "$cli" estimate --config "$work/fifo"
run "FIFO as a snapshot" 1 "not a regular file (a FIFO)" "$cli" import "$work/fifo" --output "$work/imported.json"
run "FIFO as a result" 1 "not a regular file (a FIFO)" "$cli" export "$work/fifo" --to perfetto --output "$work/t.json"
run "FIFO as a GGUF file" 1 "not a regular file (a FIFO)" "$cli" estimate --gguf "$work/fifo"
run "FIFO as a safetensors header" 1 "not a regular file (a FIFO)" "$cli" estimate --safetensors "$work/fifo"
hub="$work/hub/models--org--name"
mkdir -p "$hub/refs" "$hub/snapshots"
mkfifo "$hub/refs/main"
run "FIFO as a Hugging Face ref" 1 "not a regular file (a FIFO)" \
    env HF_HUB_CACHE="$work/hub" "$cli" estimate --model org/name
[ -e "$work/imported.json" ] && fail "a refused import wrote its output"

# 2. The program in its build tree finds the source tree's data.
env -u ITERAGPU_MODULE_DIR -u ITERAGPU_RESOURCE_DIR "$cli" estimate --preset llama-2-7b > "$work/est-build" 2>&1 \
    || fail "run from the build tree, the source tree's presets are not found: $(cat "$work/est-build")"

# 3. A copy outside the build tree (an installed layout): installed paths only.
mkdir -p "$work/prefix/bin"
cp "$cli" "$work/prefix/bin/iteragpu"
env -u ITERAGPU_MODULE_DIR -u ITERAGPU_RESOURCE_DIR "$work/prefix/bin/iteragpu" environment > "$work/env" 2>&1
# The module search shows only where a module was built (the sanitizer presets build none).
modules=yes
grep -q "not built in this build" "$work/env" && ! grep -q "not found (looked in" "$work/env" && modules=no
if [ "$modules" = yes ]; then
    grep -q "$work/prefix/lib/iteragpu" "$work/env" || fail "the installed copy does not look beside itself: $(cat "$work/env")"
    grep -q "$build" "$work/env" && fail "the installed copy searched the build tree: $(grep "$build" "$work/env")"
else
    echo "note: this build has no GPU module, so the module search path is not shown; the data search is checked"
fi
run "installed copy without data" 1 "not found (looked in: $work/prefix/share/iteragpu" \
    env -u ITERAGPU_MODULE_DIR -u ITERAGPU_RESOURCE_DIR "$work/prefix/bin/iteragpu" estimate --preset llama-2-7b
grep -q "$source/resources" "$work/out" && fail "the installed copy searched the source tree: $(cat "$work/out")"
mkdir -p "$work/prefix/share"
cp -r "$source/resources" "$work/prefix/share/iteragpu"
run "installed copy with its data" 0 "Llama" \
    env -u ITERAGPU_MODULE_DIR -u ITERAGPU_RESOURCE_DIR "$work/prefix/bin/iteragpu" estimate --preset llama-2-7b
# ITERAGPU_MODULE_DIR, when set, is searched first.
if [ "$modules" = yes ]; then
    ITERAGPU_MODULE_DIR="$work/mods" "$work/prefix/bin/iteragpu" environment > "$work/env2" 2>&1
    grep -q "looked in: $work/mods" "$work/env2" || fail "ITERAGPU_MODULE_DIR is not searched first: $(cat "$work/env2")"
fi

[ "$failures" = 0 ] && echo "PASS" || { echo "$failures failure(s)"; exit 1; }
