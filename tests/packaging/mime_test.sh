#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# packaging/org.iteragpu.Lab.mime.xml compiles with shared-mime-info (the freedesktop database the desktop uses), and
# its magic tells a result file (schema iteragpu.measure/N) and a GGUF file from other JSON and binary files.
#   mime_test.sh SOURCE_DIR
set -euo pipefail
source="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
command -v update-mime-database >/dev/null || { echo "FAIL: update-mime-database (shared-mime-info) is missing"; exit 1; }
mkdir -p "$work/mime/packages"
cp "$source/packaging/org.iteragpu.Lab.mime.xml" "$work/mime/packages/org.iteragpu.Lab.xml"
# Validate against the freedesktop schema, as update-mime-database does when it loads the file.
update-mime-database -V "$work/mime" > "$work/update.log" 2>&1 || { cat "$work/update.log"; echo "FAIL: update-mime-database"; exit 1; }
if grep -qiE "error|invalid|unknown" "$work/update.log"; then cat "$work/update.log"; echo "FAIL: warnings"; exit 1; fi
for type in application/x-iteragpu-result+json application/x-gguf; do
    grep -qx "$type" "$work/mime/types" || { echo "FAIL: $type not in the compiled database"; exit 1; }
done
grep -q '"iteragpu.measure/' "$work/mime/magic" || { echo "FAIL: the result file's magic is not compiled"; exit 1; }
grep -q 'GGUF' "$work/mime/magic" || { echo "FAIL: the GGUF magic is not compiled"; exit 1; }
echo "PASS"
