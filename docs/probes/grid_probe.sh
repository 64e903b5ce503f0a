#!/usr/bin/env bash
# Cooperative launches on the GPU: the same-source programs cg_grid_sync.cu and
# cg_grid_phases.cu (their H200 output becomes tests/cc/samesource/expected/), and
# tests/cc/cg/grid_misuse.cu's four cases ("returned" under a 20 s timeout: the GPU hangs).
# Writes into OUT (default: this folder): grid_misuse.h200.txt, cg_grid_*.h200.out.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$here}
t=$(mktemp -d)
{
  echo "# grid_probe on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader), $(date -u +%Y-%m-%d), nvcc $(nvcc --version | tail -1)"
  nvcc -arch=sm_90 -fmad=false "$root/tests/cc/cg/grid_misuse.cu" -o "$t/gm" || echo "grid_misuse: nvcc failed"
  for m in returned plain too_large largest ex ex_large; do
    timeout 20 "$t/gm" "$m" 2>&1
    echo "($m: exit $?)"
  done
} > "$out/grid_misuse.h200.txt" 2>&1
for p in cg_grid_sync cg_grid_phases; do
  nvcc -arch=sm_90 -fmad=false "$root/programs/cuda/samesource/$p.cu" -o "$t/$p" && "$t/$p" > "$out/$p.h200.out" 2>&1
  echo "$p: exit $?" >> "$out/grid_misuse.h200.txt"
done
rm -rf "$t"
