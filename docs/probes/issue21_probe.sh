#!/usr/bin/env bash
# Issue 21's probes on the GPU: every device property and attribute
# (device_probe.cu), cooperative launches (coop_probe.cu), and what the GPU
# does with tests/cc/trust/deadlock_message.cu (timeout 20 s).
set -u
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d)
echo "# issue21_probe on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader), $(date -u +%Y-%m-%d), nvcc $(nvcc --version | tail -1)"
nvcc -arch=sm_90 -fmad=false "$here/device_probe.cu" -o "$t/dev" && "$t/dev" > "$here/device_probe.h200.txt"
nvcc -arch=sm_90 -fmad=false "$here/coop_probe.cu" -o "$t/coop" && "$t/coop" > "$here/coop_probe.h200.txt" 2>&1
nvcc -arch=sm_90 -fmad=false "$here/../../tests/cc/trust/deadlock_message.cu" -o "$t/dl" &&
  { timeout 20 "$t/dl"; echo "deadlock_message: exit $?"; } > "$here/deadlock_probe.h200.txt" 2>&1
rm -rf "$t"
