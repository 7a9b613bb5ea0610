#!/usr/bin/env bash
# Runs a command on a CPU slowed the way a phone-class device is slower than this machine:
# CORES cores at 1/FACTOR of their speed (Lighthouse's mobile setting is 4), through a Linux
# control group's CPU quota (cgroup v2's cpu.max, or v1's cfs quota). The AI's benches then
# measure on wall clock what a slower device's worker would give within the same 1.5 s
# (bench/results/reversi.txt, "a phone-class CPU"). Needs root (the quota is the kernel's);
# the group is removed afterwards.
#
# The quota is the group's, shared by its threads: CORES/FACTOR of one core in all. It slows
# each thread by FACTOR only while CORES threads are busy; one busy thread under CORES=2 runs
# at twice that speed. So CORES is the number of threads the measured work keeps busy: 2 for
# the advanced level's solve on two helper workers, 1 for its search in one thread. (Checked:
# a loop of 1.44 s took 6.2 s under 4 1, and two at once 5.8 s each under 4 2.)
#
#   sudo bench/slow_cpu.sh FACTOR CORES COMMAND...
#   bench/slow_cpu.sh 4 2 node bench/reversi_ai.mjs reach --from 14 --to 20 --per 12 --workers 2
#
# The quota is enforced every PERIOD_US (10 ms): shorter than the AI's slices, so a move's
# 1.5 s sees the average speed, not whole bursts at full speed.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 FACTOR CORES COMMAND..." >&2
  exit 2
fi
factor=$1 cores=$2
shift 2
PERIOD_US=10000
quota=$(( PERIOD_US * cores / factor ))
name="little-table-slow-$$"
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  group=/sys/fs/cgroup/$name
  mkdir "$group"
  echo "$quota $PERIOD_US" > "$group/cpu.max"
  tasks=$group/cgroup.procs
elif [ -d /sys/fs/cgroup/cpu ]; then
  group=/sys/fs/cgroup/cpu/$name
  mkdir "$group"
  echo "$PERIOD_US" > "$group/cpu.cfs_period_us"
  echo "$quota" > "$group/cpu.cfs_quota_us"
  tasks=$group/cgroup.procs
else
  echo "slow_cpu: no cgroup CPU controller on this machine" >&2
  exit 1
fi
trap 'rmdir "$group" 2>/dev/null || true' EXIT
echo "slow_cpu: ${cores} cores at 1/${factor} speed (quota ${quota} us every ${PERIOD_US} us)"
# The command (and every thread and process it starts) runs in the group.
bash -c 'echo $$ > "$1"; shift; exec "$@"' slow "$tasks" "$@"
