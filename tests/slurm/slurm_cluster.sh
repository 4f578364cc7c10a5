#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# A one-node Slurm cluster of this host inside one folder, for the sweep's Slurm tests: its own munge key and
# socket, its own slurm.conf on ports found free (never the defaults, so a real cluster on this machine is left
# alone), state, spool, logs and pid files all in DIR. 'stop' kills exactly the daemons 'start' started.
#
#   slurm_cluster.sh start DIR   writes DIR/slurm.conf, starts munged, slurmctld, slurmd; waits for the node to be
#                                idle; prints 'export SLURM_CONF=DIR/slurm.conf' for the clients
#   slurm_cluster.sh stop DIR    cancels the cluster's jobs, stops the daemons it started (by their PIDs)
#   slurm_cluster.sh logs DIR    prints the daemons' logs
#
# The daemons run as root (SlurmUser=root), with proctrack/pgid (a cancelled task's whole process group goes, even
# the children its batch script leaves behind) and task/none: no cgroup, no accounting
# database (AccountingStorageType=accounting_storage/none), so sacct has nothing to say here.
set -u

readonly kStartTimeout=${ITERAGPU_SLURM_START_TIMEOUT:-60} # seconds until the node must be idle

die() {
    echo "slurm_cluster: $*" >&2
    exit 1
}

need() {
    local program
    for program in "$@"; do
        command -v "$program" >/dev/null 2>&1 \
            || die "$program not found on PATH (the Debian packages slurm-wlm and munge provide it; see packaging/debian-packages.txt)"
    done
}

# True when a TCP port is in use on this host (listening or bound), read from /proc so no tool is needed.
port_in_use() {
    local hex
    hex=$(printf '%04X' "$1")
    awk -v p=":$hex" 'NR > 1 && substr($2, length($2) - 4) == p { found = 1 } END { exit !found }' \
        /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# A free port pair (n, n+1) above the range Slurm uses by default (6817-6819).
free_port_pair() {
    local tries=0 port
    while [ $tries -lt 200 ]; do
        port=$((20000 + (RANDOM % 20000) * 2))
        if ! port_in_use "$port" && ! port_in_use $((port + 1)); then
            echo "$port"
            return 0
        fi
        tries=$((tries + 1))
    done
    return 1
}

print_logs() {
    local dir=$1 log
    # munged -F writes to its stderr (munged.out); slurmctld -D and slurmd -D write their log file and the same to
    # their stderr, which holds more only when they stopped before opening the log.
    for log in munged.out slurmctld.log slurmd.log slurmctld.out slurmd.out; do
        case "$log" in
        slurmctld.out | slurmd.out) [ -s "$dir/log/${log%.out}.log" ] && continue ;;
        esac
        if [ -s "$dir/log/$log" ]; then
            echo "----- $dir/log/$log (last 60 lines) -----"
            tail -n 60 "$dir/log/$log"
        fi
    done
}

alive() {
    [ -n "$1" ] && kill -0 "$1" 2>/dev/null
}

start() {
    local dir=$1
    need munged mungekey slurmctld slurmd sinfo scontrol
    # slurmd starts each job as its user, and SlurmUser=root: the cluster runs as root only.
    [ "$(id -u)" -eq 0 ] || die "must run as root (the test cluster's daemons and jobs run as root)"
    mkdir -p "$dir" || die "cannot create $dir"
    dir=$(cd "$dir" && pwd) || die "cannot enter $dir"
    [ -e "$dir/slurm.conf" ] && die "$dir already holds a cluster (stop it first, or use a fresh folder)"
    # munged refuses a socket folder others may write to; the whole cluster folder is private.
    chmod 0700 "$dir"
    mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log" "$dir/run" || die "cannot create folders in $dir"
    chmod 0700 "$dir/munge"

    local socket="$dir/munge/munge.socket"
    # A Unix socket's path holds at most 107 bytes.
    [ ${#socket} -lt 100 ] || die "the folder's path is too long for a Unix socket: $dir"

    local host cpus memory_kib memory_mib port
    host=$(hostname -s) || die "hostname -s failed"
    mkdir -p "$dir/spool/$host" || die "cannot create $dir/spool/$host"
    # At least 8 CPUs whatever the host has (SlurmdParameters=config_overrides keeps slurmd from draining the
    # node for it): a round of 4 sim:N trials, each light, then runs at once, as on a cluster of GPUs.
    cpus=$(nproc)
    [ "$cpus" -ge 8 ] || cpus=8
    memory_kib=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
    # Slurm drains a node that has less memory than configured; ask for 90 % of it.
    memory_mib=$((memory_kib / 1024 * 9 / 10))
    port=$(free_port_pair) || die "no free TCP port pair found between 20000 and 60000"

    mungekey --create --keyfile="$dir/munge/munge.key" --bits=1024 >"$dir/log/mungekey.out" 2>&1 \
        || die "mungekey failed: $(cat "$dir/log/mungekey.out")"
    chmod 0400 "$dir/munge/munge.key"

    cat >"$dir/slurm.conf" <<EOF
# Written by tests/slurm/slurm_cluster.sh: a one-node test cluster of this host; nothing here is shared.
ClusterName=iteragpu-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SlurmdParameters=config_overrides
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=300
KillWait=5
Waittime=0
MaxArraySize=1001
MailProg=/bin/true
PlugStackConfig=$dir/plugstack.conf
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory_mib State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    # An empty plugin stack: the host's /etc/slurm/plugstack.conf is not this cluster's.
    : >"$dir/plugstack.conf"

    local begin=$SECONDS
    # -F: in the foreground, so $! is the daemon's own PID; --force: munged runs as root here.
    munged -F --force --socket="$socket" --key-file="$dir/munge/munge.key" --pid-file="$dir/run/munged.pid" \
        --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" </dev/null >"$dir/log/munged.out" 2>&1 &
    echo $! >"$dir/run/munged.started"
    local waited=0
    while [ ! -S "$socket" ]; do
        if ! alive "$(cat "$dir/run/munged.started")" || [ $waited -ge 100 ]; then
            print_logs "$dir" >&2
            stop "$dir" >/dev/null 2>&1
            die "munged did not start"
        fi
        sleep 0.1
        waited=$((waited + 1))
    done

    export SLURM_CONF="$dir/slurm.conf"
    slurmctld -D -f "$dir/slurm.conf" -i </dev/null >"$dir/log/slurmctld.out" 2>&1 &
    echo $! >"$dir/run/slurmctld.started"
    slurmd -D -f "$dir/slurm.conf" -N "$host" </dev/null >"$dir/log/slurmd.out" 2>&1 &
    echo $! >"$dir/run/slurmd.started"

    local state=""
    while :; do
        state=$(sinfo -h -N -n "$host" -o '%t' 2>/dev/null | head -n 1)
        case "$state" in
        idle | mix | alloc) break ;;
        esac
        local daemon
        for daemon in munged slurmctld slurmd; do
            if ! alive "$(cat "$dir/run/$daemon.started")"; then
                print_logs "$dir" >&2
                stop "$dir" >/dev/null 2>&1
                die "$daemon exited while the cluster started"
            fi
        done
        if [ $((SECONDS - begin)) -ge "$kStartTimeout" ]; then
            print_logs "$dir" >&2
            stop "$dir" >/dev/null 2>&1
            die "node $host not idle after ${kStartTimeout} s (state '${state:-none}')"
        fi
        sleep 0.2
    done
    echo "slurm_cluster: node $host idle after $((SECONDS - begin)) s (ports $port, $((port + 1)))" >&2
    echo "export SLURM_CONF='$dir/slurm.conf'"
}

stop() {
    local dir=$1
    [ -d "$dir" ] || return 0
    dir=$(cd "$dir" && pwd) || return 1
    if [ -f "$dir/slurm.conf" ] && alive "$(cat "$dir/run/slurmctld.started" 2>/dev/null)"; then
        # The cluster's own jobs end with it (their steps are children of this slurmd).
        SLURM_CONF="$dir/slurm.conf" scancel --quiet --user="$(id -un)" 2>/dev/null
    fi
    local daemon pid
    for daemon in slurmd slurmctld munged; do
        pid=$(cat "$dir/run/$daemon.started" 2>/dev/null)
        if alive "$pid"; then
            kill -TERM "$pid" 2>/dev/null
            local waited=0
            while alive "$pid" && [ $waited -lt 100 ]; do
                sleep 0.1
                waited=$((waited + 1))
            done
            if alive "$pid"; then
                echo "slurm_cluster: $daemon ($pid) still running after 10 s, killing it" >&2
                kill -KILL "$pid" 2>/dev/null
            fi
        fi
        rm -f "$dir/run/$daemon.started"
    done
    return 0
}

[ $# -eq 2 ] || die "usage: slurm_cluster.sh start|stop|logs DIR"
case "$1" in
start) start "$2" ;;
stop) stop "$2" ;;
logs) print_logs "$2" ;;
*) die "unknown command '$1' (start, stop or logs)" ;;
esac
