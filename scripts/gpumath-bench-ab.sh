#!/usr/bin/env bash
# A/B of one math source file on one pinned core: the file as committed (OLD, a path to the old
# version) and as in the tree (FILE), each built into the library's math objects, then
# scripts/gpumath_bench.c run twice each, alternating, on core CORE (default: the last one);
# prints the lines of the functions in SHOW.
#   OLD=/tmp/old_pow.c FILE=src/gpumath_pow.c SHOW='pow|powf|log|exp' bash scripts/gpumath-bench-ab.sh
set -u
cd "$(dirname "$0")/.." || exit 2
old_file=${OLD:?OLD must name the old version of FILE} file=${FILE:?FILE must name a src/gpumath_*.c file}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() { # dir, the source to build for FILE
  mkdir -p "$1"
  for f in $(grep -o 'gpumath_[a-z0-9_]*\.c' src/CMakeLists.txt | sed 's|^|src/|') src/fpops.c src/fprounded.c; do
    src=$f; [ "$f" = "$file" ] && src=$2
    gcc -std=c17 -O2 -ffp-contract=off -Iinclude -Isrc -DWARPSIM_BUILDING -DWARPSIM_MUFU_DIR="\"$PWD/src/mufu\"" -c "$src" -o "$1/$(basename "$f" .c).o" &
  done
  wait
  gcc -O2 -ffp-contract=off -Iinclude scripts/gpumath_bench.c "$1"/*.o -lm -o "$1/bench"
}
build "$work/old" "$old_file"
build "$work/new" "$file"
core=${CORE:-$(($(nproc) - 1))}
lscpu | grep -m1 "Model name"
for r in 1 2; do for v in old new; do echo "$v: $(taskset -c "$core" "$work/$v/bench" | grep -E "^(${SHOW:-pow}) " | tr '\n' ';')"; done; done
