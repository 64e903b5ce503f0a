#!/usr/bin/env bash
# ctest cc_cg: Cooperative Groups (include/warpsim/cuda_compat/cooperative_groups.h and
# cooperative_groups/). Misuse is diagnosed at the user's line: each line of tests/cc/cg/misuse.cu
# marked "expect MODE: CODE" is named, as "warpsim: CODE: ... [at misuse.cu:LINE ...]", on
# stderr of `misuse MODE`, and no diagnostic names the header; under WARPSIM_DIAG=error each of
# those launches fails. And the headers compile without a warning (-Wall -Wextra -Werror, found
# with -I, not as system headers) in every Cooperative Groups program, with each compiler given
# and clang++ where there is one. The same-source programs (programs/cuda/samesource/cg_*.cu)
# are samesource_corpus's.   usage: cg_test.sh WARPSIM [CXX]
set -u
warpsim=$1 cxx=${2:-c++}
root=$(cd "$(dirname "$0")/../.." && pwd)
cases=$root/tests/cc/cg
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

if ! "$warpsim" cc "$cases/misuse.cu" -o "$dir/misuse" > "$dir/build" 2>&1; then
  fail "misuse.cu: warpsim cc"; cat "$dir/build"; exit 1
fi
n=0
while IFS=: read -r line mode code; do
  n=$((n + 1))
  OMP_NUM_THREADS=1 "$dir/misuse" "$mode" > "$dir/out" 2> "$dir/err"
  rc=$?
  ok=1
  [ $rc -eq 0 ] && grep -qx "$mode: no error" "$dir/out" || { fail "$mode: exit $rc, $(cat "$dir/out")"; ok=0; }
  grep -F "warpsim: $code:" "$dir/err" | grep -qF "misuse.cu:$line " ||
    { fail "$mode: no $code at misuse.cu:$line"; sed 's/^/    | /' "$dir/err"; ok=0; }
  grep -q "cooperative_groups" "$dir/err" && { fail "$mode: a diagnostic names the header"; ok=0; }
  WARPSIM_DIAG=error OMP_NUM_THREADS=1 "$dir/misuse" "$mode" > "$dir/out" 2> /dev/null
  grep -qx "$mode: no error" "$dir/out" && { fail "$mode: the launch succeeds under WARPSIM_DIAG=error"; ok=0; }
  [ $ok -eq 1 ] && echo "ok   $mode: $code at misuse.cu:$line"
done < <(grep -n 'expect [a-z_]*: [A-Z_]*' "$cases/misuse.cu" | sed -E 's/^([0-9]+):.*expect ([a-z_]+): ([A-Z_]+).*/\1:\2:\3/')
[ $n -ge 6 ] || fail "only $n cases in misuse.cu"

# Cooperative launches used wrongly (tests/cc/cg/grid_misuse.cu): each case's line is the H200's
# (docs/probes/grid_misuse.h200.txt) where the GPU answers; "returned" hangs there, and warpsim
# fails the launch with a DEADLOCK at the grid.sync() line instead.
dl_line=$(grep -n 'the line a deadlock names' "$cases/grid_misuse.cu" | cut -d: -f1)
plain_line=$(grep -n 'the line the plain launch names' "$cases/grid_misuse.cu" | cut -d: -f1)
if "$warpsim" cc "$cases/grid_misuse.cu" -o "$dir/grid_misuse" > "$dir/build" 2>&1; then
  expect_line() { # mode, expected stdout, stderr pattern (or "")
    local mode=$1 want=$2 pat=$3 t
    for t in 1 3; do
      OMP_NUM_THREADS=$t timeout 120 "$dir/grid_misuse" "$mode" > "$dir/out" 2> "$dir/err"
      if [ "$(cat "$dir/out")" != "$want" ]; then
        fail "grid_misuse $mode ($t threads): $(cat "$dir/out")"; sed 's/^/    | /' "$dir/err"; return
      fi
      if [ -n "$pat" ] && ! grep -qE "$pat" "$dir/err"; then
        fail "grid_misuse $mode: no /$pat/ on stderr"; sed 's/^/    | /' "$dir/err"; return
      fi
    done
    echo "ok   grid_misuse $mode"
  }
  expect_line returned "returned: launch cudaSuccess, sync cudaErrorLaunchFailure, copy cudaErrorLaunchFailure, out -1 -1" \
    "warpsim: DEADLOCK: .*blocks 0-2 wait at it, and blocks 3 have returned.*grid_misuse.cu:$dl_line grid.sync\(\)"
  expect_line plain "plain: launch cudaSuccess, sync cudaErrorLaunchFailure, copy cudaErrorLaunchFailure, out -1 -1" \
    "grid.sync\(\) in a launch that is not cooperative.*grid_misuse.cu:$plain_line"
  expect_line too_large "too_large: launch cudaErrorCooperativeLaunchTooLarge, sync cudaSuccess, copy cudaSuccess, out 0 0" \
    "265 blocks of 1024 threads: more than the 264"
  expect_line largest "largest: launch cudaSuccess, sync cudaSuccess, copy cudaSuccess, out 264 264" ""
  order="$(printf 'before %d\n' 0 1 2 3 4 5 6 7; printf 'after %d\n' 0 1 2 3 4 5 6 7)
slots 0 1 2 3 4 5 6 7
order: launch cudaSuccess, sync cudaSuccess, copy cudaSuccess, out 8 0"
  expect_line order "$order" ""
  expect_line ex "ex: launch cudaSuccess, sync cudaSuccess, copy cudaSuccess, out 264 264" ""
  expect_line ex_large "ex_large: launch cudaErrorCooperativeLaunchTooLarge, sync cudaSuccess, copy cudaSuccess, out 0 0" \
    "cudaLaunchKernelEx: 265 blocks of 1024 threads"
else
  fail "grid_misuse.cu: warpsim cc"; cat "$dir/build"
fi

# grid_group's split barrier (tests/cc/cg/grid_split.cu): values by hand; the wait in a launch
# that is not cooperative fails it at the user's line.
if "$warpsim" cc "$cases/grid_split.cu" -o "$dir/grid_split" > "$dir/build" 2>&1; then
  "$dir/grid_split" > "$dir/out" 2> "$dir/err"
  if [ "$(cat "$dir/out")" = "$(printf 'cooperative cudaSuccess: 66016 130016 194016 2016\nplain cudaErrorLaunchFailure')" ] &&
    grep -q "grid_split.cu:14" "$dir/err"; then
    echo "ok   grid barrier_arrive/barrier_wait: other blocks' writes seen after the wait; a plain launch fails"
  else
    fail "grid_split: $(cat "$dir/out")"; head -3 "$dir/err"
  fi
else
  fail "grid_split.cu: warpsim cc"; cat "$dir/build"
fi

# cg::memcpy_async at addresses whose difference picks CUDA's 2-byte units at an odd address: the
# launch fails with cudaErrorMisalignedAddress at the memcpy_async line, as on the H100
# (docs/probes/cg_memcpy_async_misaligned.h100.txt).
if "$warpsim" cc "$cases/memcpy_misaligned.cu" -o "$dir/memcpy_misaligned" > "$dir/build" 2>&1; then
  "$dir/memcpy_misaligned" > "$dir/out" 2> "$dir/err"
  if [ "$(cat "$dir/out")" = cudaErrorMisalignedAddress ] && grep -q "misaligned address: cg::memcpy_async" "$dir/err" &&
    grep -q "memcpy_misaligned.cu:14" "$dir/err"; then
    echo "ok   cg::memcpy_async's 2-byte units at an odd address: misaligned address at the user's line"
  else
    fail "memcpy_misaligned: $(cat "$dir/out")"; head -3 "$dir/err"
  fi
else
  fail "memcpy_misaligned.cu: warpsim cc"; cat "$dir/build"
fi

compilers=("$cxx")
command -v clang++ > /dev/null && [ "$(basename "$cxx")" != clang++ ] && compilers+=(clang++)
for src in "$root"/programs/cuda/samesource/cg_*.cu "$cases"/misuse.cu "$cases"/grid_misuse.cu "$cases"/grid_split.cu "$cases"/memcpy_misaligned.cu; do
  name=$(basename "$src" .cu)
  if ! "$warpsim" cc --rewrite-only "$src" -o "$dir/$name.cpp" > "$dir/$name.rw" 2>&1; then
    fail "$name: warpsim cc --rewrite-only"; cat "$dir/$name.rw"; continue
  fi
  for c in "${compilers[@]}"; do
    if "$c" -std=c++17 -fsyntax-only -Wall -Wextra -Werror -Wno-unknown-pragmas -ffp-contract=off -I"$root/include" \
      -I"$root/include/warpsim/cuda_compat" "$dir/$name.cpp" > "$dir/$name.cc" 2>&1; then
      echo "ok   $name: no warning with $(basename "$c") -Wall -Wextra -Werror"
    else
      fail "$name: warnings with $c"; head -20 "$dir/$name.cc"
    fi
  done
done
echo "$fails failed"
[ $fails -eq 0 ]
