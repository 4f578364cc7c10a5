#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs one command against a one-node Slurm cluster of this host started for it (slurm_cluster.sh) and always
# stops that cluster afterwards, whatever the command does; SLURM_CONF points the command's clients at it. When
# the command fails, the daemons' logs are printed. Slurm missing is a failure with one line, not a skip: the
# Debian package list (packaging/debian-packages.txt) installs slurm-wlm and munge.
#
#   with_cluster.sh COMMAND [ARG...]
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ $# -ge 1 ] || { echo "usage: with_cluster.sh COMMAND [ARG...]" >&2; exit 2; }

# Short, private and unique: the munge socket's path must stay under the Unix socket limit.
cluster=$(mktemp -d /tmp/iteragpu-slurm.XXXXXX) || { echo "with_cluster: mktemp failed" >&2; exit 1; }
cleanup() {
    "$here/slurm_cluster.sh" stop "$cluster"
    rm -rf -- "$cluster"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

begin=$(date +%s.%N)
if ! exports=$("$here/slurm_cluster.sh" start "$cluster"); then
    echo "with_cluster: FAIL: the test cluster did not start" >&2
    exit 1
fi
eval "$exports"
echo "with_cluster: cluster up in $(awk -v a="$begin" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s (SLURM_CONF=$SLURM_CONF)"

"$@"
status=$?
if [ $status -ne 0 ]; then
    echo "with_cluster: '$*' failed (exit $status); the daemons' logs follow" >&2
    "$here/slurm_cluster.sh" logs "$cluster" >&2
fi
exit $status
