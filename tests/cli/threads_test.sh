#!/usr/bin/env bash
# device-reduce gives the same bytes whatever the number of OpenMP threads
# (issue 5): the fast path splits accumulators, never rows, between threads.
#   threads_test.sh WARPSIM
set -u
warpsim=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
cases=0

# same_for_all_threads NAME ARGS...: stdout of `warpsim ARGS` with
# OMP_NUM_THREADS 1, 2, 3 and 8 is byte-identical (and the runs succeed).
same_for_all_threads() {
  local name=$1
  shift
  cases=$((cases + 1))
  for t in 1 2 3 8; do
    if ! OMP_NUM_THREADS=$t "$warpsim" "$@" >"$work/$name.$t" 2>"$work/$name.err"; then
      echo "FAIL: $name: OMP_NUM_THREADS=$t warpsim $* failed"; sed 's/^/    /' "$work/$name.err" | head -5
      failures=$((failures + 1)); return
    fi
  done
  for t in 2 3 8; do
    cmp -s "$work/$name.1" "$work/$name.$t" || {
      echo "FAIL: $name: OMP_NUM_THREADS=$t differs from 1:"; diff "$work/$name.1" "$work/$name.$t" | head -10
      failures=$((failures + 1)); }
  done
}

same_for_all_threads f32_default run device-reduce --n 1000000 --gen rand:7 --type f32 --json
same_for_all_threads f32_grid run device-reduce --n 1000000 --gen rand:7 --type f32 --json --grid 37 --block 96
same_for_all_threads f64_bits run device-reduce --n 300000 --gen bits:3 --type f64 --grid 5 --block 64
# also from a binary file, read in chunks
head -c 4000000 /dev/urandom >"$work/in.bin"
same_for_all_threads f32_file run device-reduce --input "$work/in.bin" --binary --type f32 --json --grid 3 --block 256

echo "$cases cases, $failures failures"
[ "$failures" -eq 0 ]
