#!/usr/bin/env bash
# Issue 20's rewriter cases on the GPU (docs/probes/rewriter_probe.h200.txt):
# tests/cc/trust/rewrite_*.cu built by nvcc with their .ccargs, and
# copy_ctor_probe.cu.   usage: rewriter_probe.sh (from anywhere)
set -u
here=$(cd "$(dirname "$0")" && pwd)
cases=$here/../../tests/cc/trust
t=$(mktemp -d)
echo "# rewriter_probe on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader), $(date -u +%Y-%m-%d), nvcc $(nvcc --version | tail -1)"
for n in rewrite_macros rewrite_includes; do
  args=""; [ -f "$cases/$n.ccargs" ] && args=$(cat "$cases/$n.ccargs")
  echo "## $n (nvcc -arch=sm_90 -fmad=false $args $n.cu)"
  # shellcheck disable=SC2086
  (cd "$cases" && nvcc -arch=sm_90 -fmad=false $args "$n.cu" -o "$t/$n" 2>&1 && "$t/$n")
done
echo "## copy_ctor_probe"
nvcc -arch=sm_90 -fmad=false "$here/copy_ctor_probe.cu" -o "$t/copy" 2>&1 && "$t/copy"
rm -rf "$t"
