#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The man pages made at build time render without a warning from man/groff, and iteragpu.1 has a subsection per
# command with its options and examples. Usage: manpage.sh BUILD_MAN_DIR
set -eu
dir=$1
status=0
for page in iteragpu iteragpu-lab; do
    file=$dir/$page.1
    if [ ! -s "$file" ]; then
        echo "FAIL: $file was not made" >&2
        exit 1
    fi
    warnings=$(MANWIDTH=100 MAN_KEEP_FORMATTING=0 man --warnings=all -l "$file" 2>&1 >/dev/null || true)
    if [ -n "$warnings" ]; then
        echo "FAIL: $page.1 renders with warnings:" >&2
        echo "$warnings" >&2
        status=1
    fi
    text=$(MANWIDTH=100 man -l "$file" 2>/dev/null | sed "s/.\x08//g")
    echo "$text" | grep -q "^NAME" || { echo "FAIL: $page.1 has no NAME" >&2; status=1; }
    if [ "$page" = iteragpu ]; then
        for want in "Estimate command:" "Measure command:" "Explain command:" "Environment command:" \
            "Estimate, Model:" "Measure, Simulated device" "--reserve-gib GiB" "--device DEVICE" \
            "Examples of estimate:" "EXIT STATUS" "--list-presets" "--force"; do
            echo "$text" | grep -q -F -- "$want" || { echo "FAIL: iteragpu.1 lacks '$want'" >&2; status=1; }
        done
        for unwanted in "--help-man" "iteragpu complete"; do
            if echo "$text" | grep -q -F -- "$unwanted"; then
                echo "FAIL: iteragpu.1 shows '$unwanted'" >&2
                status=1
            fi
        done
    fi
    [ -s "$dir/$page.1.gz" ] || { echo "FAIL: $page.1.gz was not made" >&2; status=1; }
done
[ $status -eq 0 ] && echo "man pages render"
exit $status
