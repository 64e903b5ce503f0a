#!/usr/bin/env bash
# Runs trust_probe.cu's cases on the GPU, one process each (docs/probes/trust_probe.h200.txt).
set -u
cd "$(dirname "$0")"
nvcc -arch=sm_90 -fmad=false -o /tmp/trust_probe trust_probe.cu || exit 1
echo "# trust_probe on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader), $(date -u +%Y-%m-%d), nvcc $(nvcc --version | tail -1)"
p=/tmp/trust_probe
$p count; $p layout; $p fresh; $p shape; $p divide; $p memcpy
for i in 31 32 33 34 40 63 64 255 256 257 1024 12288 -1 -8 -33; do $p overrun $i; done
for i in 31 32 33 40 64 255 256 257 300 1024 12288 -1 -8 -33 -256 -257; do $p voverrun $i; done
for i in 0 1 2 3 4; do $p atomic $i; done
timeout 60 $p spin || echo "spin: timed out or failed ($?)"
