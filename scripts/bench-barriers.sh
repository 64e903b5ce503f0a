#!/usr/bin/env bash
# The front end's __syncthreads() speed: builds scripts/bench-barriers.cu with warpsim cc and runs
# it RUNS times (default 3) with OMP_NUM_THREADS=THREADS (default 1), one line each.
#   usage: bench-barriers.sh [WARPSIM]      (WARPSIM default: warpsim on PATH)
set -eu
warpsim=${1:-warpsim}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$warpsim" cc "$(dirname "$0")/bench-barriers.cu" -o "$dir/bench"
for _ in $(seq "${RUNS:-3}"); do OMP_NUM_THREADS=${THREADS:-1} "$dir/bench"; done
