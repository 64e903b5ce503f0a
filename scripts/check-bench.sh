#!/usr/bin/env bash
# The cost of a checked build (warpsim cc --check) against the unchecked
# one, program by program: the best of 5 wall times of each build, and
# their ratio. docs/performance.md quotes its output.
#   usage: scripts/check-bench.sh WARPSIM [PROGRAM.cu ...]
set -eu
warpsim=$1; shift
src=$(cd "$(dirname "$0")/.." && pwd)
progs=("$@")
[ ${#progs[@]} -gt 0 ] || progs=("$src"/programs/cuda/samesource/{block_reduce,bitonic,warp_scan,grid_stride,atomics,cg_multiwarp}.cu
                                 "$src"/docs/examples/cuda-project/reduce.cu "$src"/scripts/check_bench.cu)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
best() { # program: the best of 5 wall times in ms
  local b=999999999 t0 t1 ms
  for _ in 1 2 3 4 5; do
    t0=$(date +%s%N); "$1" > /dev/null 2>&1 || true; t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 )); [ $ms -lt $b ] && b=$ms
  done
  echo $b
}
printf '%-16s %10s %10s %7s\n' program unchecked checked ratio
for f in "${progs[@]}"; do
  n=$(basename "$f" .cu)
  "$warpsim" cc "$f" -o "$dir/$n" && "$warpsim" cc --check "$f" -o "$dir/$n.checked"
  u=$(best "$dir/$n") c=$(best "$dir/$n.checked")
  printf '%-16s %8s ms %8s ms %6.1fx\n' "$n" "$u" "$c" "$(echo "$c / ($u + 0.0001)" | bc -l)"
done
echo "OMP_NUM_THREADS=${OMP_NUM_THREADS:-(all cores)}, $(nproc) cores, $(date -u +%F)"
