#!/usr/bin/env bash
# tests/cc/trust/barrier_mix.cu on the GPU (its output becomes barrier_mix.expected), then
# barrier_divergent_probe.cu (barrier_divergent_probe.h200.txt).
set -u
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d)
nvcc -arch=sm_90 -fmad=false "$here/../../tests/cc/trust/barrier_mix.cu" -o "$t/bm" && "$t/bm"
echo "----- barrier_divergent_probe"
nvcc -arch=sm_90 -fmad=false "$here/barrier_divergent_probe.cu" -o "$t/bd" && "$t/bd"
rm -rf "$t"
