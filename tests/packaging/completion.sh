#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The bash completion, sourced in a fresh shell, is registered for iteragpu and completes what a user types:
# sub-commands, options, format and optimizer names, preset, card and device ids. COMP_WORDS / COMP_CWORD are set
# as bash sets them on TAB. Usage: completion.sh ITERAGPU COMPLETION_FILE [ZSH_COMPLETION_FILE]
set -u
program=$1
script=$2
status=0
source "$script" || { echo "FAIL: sourcing $script" >&2; exit 1; }
registered=$(complete -p iteragpu 2>&1)
[[ $registered == "complete -F _iteragpu iteragpu" ]] || { echo "FAIL: complete -p iteragpu: $registered" >&2; status=1; }

# complete WORD... : the words of the line, the last one being completed; prints COMPREPLY one per line.
complete_line() {
    COMP_WORDS=("$program" "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="${COMP_WORDS[*]}"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _iteragpu
    printf '%s\n' "${COMPREPLY[@]}"
}

# expect "WORDS" EXPECTED [ABSENT]: the candidates include EXPECTED (and not ABSENT).
expect() {
    local line=$1 want=$2 absent=${3:-}
    local got
    read -r -a words <<<"$line"
    [[ -z $line || $line == *" " ]] && words+=("")
    got=$(complete_line "${words[@]}")
    if ! grep -qx -- "$want" <<<"$got"; then
        echo "FAIL: 'iteragpu $line<TAB>' does not offer '$want'; it offers: $(tr '\n' ' ' <<<"$got")" >&2
        status=1
    fi
    if [[ -n $absent ]] && grep -qx -- "$absent" <<<"$got"; then
        echo "FAIL: 'iteragpu $line<TAB>' offers '$absent'" >&2
        status=1
    fi
}

expect "est" estimate measure
expect "e" environment
expect "ex" explain
expect "" measure complete
expect "--list-p" --list-presets
expect "estimate --for" --format
expect "estimate --format " gptq-int4
expect "estimate --format n" nf4 fp16
expect "measure --format " gptq-int4 int4-compact # every format with a layout; the bound is not one
expect "estimate --optimizer " adamw
expect "estimate --preset " llama-2-7b
expect "estimate --device-catalog " all
expect "estimate --device-catalog h1" h100-sxm
expect "measure --sim-card " h100-sxm
expect "measure --device " sim:0
expect "measure --device sim:0 --sim-" --sim-capacity-gib
expect "measure --device sim:0 --kv-cache " paged
expect "environment --" --json
# A count takes no word from the completion.
got=$(complete_line estimate --parameters "")
[[ -z $got ]] || { echo "FAIL: 'estimate --parameters <TAB>' offers: $got" >&2; status=1; }

if [[ $# -ge 3 ]]; then
    if command -v zsh >/dev/null; then
        zsh -n "$3" || { echo "FAIL: zsh -n $3" >&2; status=1; }
    else
        echo "zsh not installed: the zsh completion's syntax is not checked"
    fi
fi
[[ $status -eq 0 ]] && echo "bash completion works"
exit $status
