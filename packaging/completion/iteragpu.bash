# SPDX-License-Identifier: Apache-2.0
# bash completion for iteragpu: sub-commands, each command's options, and the values of an option (formats,
# optimizers, preset, card and device ids). The words come from the program itself (`iteragpu complete ...`,
# a hidden helper), so the completion follows the installed version; paths complete as files.

_iteragpu()
{
    local cur prev program command word i
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev=""
    [[ ${COMP_CWORD} -gt 0 ]] && prev="${COMP_WORDS[COMP_CWORD-1]}"
    program="${COMP_WORDS[0]}"
    COMPREPLY=()

    # The sub-command: the first word after the program that is not an option (top-level options take no value).
    command=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        word="${COMP_WORDS[i]}"
        if [[ ${word} != -* ]]; then
            command="${word}"
            break
        fi
    done

    if [[ -z ${command} ]]; then
        if [[ ${cur} == -* ]]; then
            COMPREPLY=($(compgen -W "$("${program}" complete options 2>/dev/null | cut -d' ' -f1)" -- "${cur}"))
        else
            COMPREPLY=($(compgen -W "$("${program}" complete commands 2>/dev/null)" -- "${cur}"))
        fi
        return 0
    fi

    local options placeholder
    options="$("${program}" complete options "${command}" 2>/dev/null)"
    if [[ ${prev} == --* ]]; then
        # The option before the cursor takes a value when the helper names a placeholder for it.
        placeholder="$(printf '%s\n' "${options}" | while read -r name type; do
            [[ ${name} == "${prev}" ]] && printf '%s' "${type}"
        done)"
        if [[ -n ${placeholder} ]]; then
            local values
            values="$("${program}" complete values "${command}" "${prev#--}" 2>/dev/null)"
            if [[ -n ${values} ]]; then
                COMPREPLY=($(compgen -W "${values}" -- "${cur}"))
            fi
            if [[ ${placeholder} == *PATH* ]]; then
                COMPREPLY+=($(compgen -f -- "${cur}"))
                compopt -o filenames 2>/dev/null
            fi
            return 0
        fi
    fi
    if [[ ${cur} == -* ]]; then
        COMPREPLY=($(compgen -W "$(printf '%s\n' "${options}" | cut -d' ' -f1)" -- "${cur}"))
    else
        # Positional arguments (explain's RESULT file).
        COMPREPLY=($(compgen -f -- "${cur}"))
        compopt -o filenames 2>/dev/null
    fi
    return 0
}
complete -F _iteragpu iteragpu
