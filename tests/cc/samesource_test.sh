#!/usr/bin/env bash
# ctest samesource_corpus: the warpsim half of the same-source check
# (scripts/samesource-check.sh runs both halves on a machine with a GPU).
# Every program of programs/cuda/samesource/ is built with `warpsim cc` (and
# the flags of its line "// samesource-flags: ...", which nvcc gets too) and
# run; it must exit 0 with nothing on stderr (no diagnostics), print the
# same bytes with OMP_NUM_THREADS 1 and 3, and, where
# tests/cc/samesource/expected/<name>.out exists, print exactly that: the
# output computed independently by tests/cc/samesource/expected.py (a plain
# restatement of each program in Python; the H200's __activemask() values) or,
# for cg_grid_*.cu, the H200's own output (docs/probes/grid_probe.sh), and for
# rounded_intrinsics.cu the H200's too (docs/probes/rounded_intrinsics.h200.txt),
# for math_functions.cu, math_functions2.cu and the cub_*.cu programs an H100's
# (sm_90, as the H200; docs/probes/gpumath.h100.txt, scripts/round-device.sh).
#   usage: samesource_test.sh WARPSIM SOURCE_DIR
set -u
warpsim=$1 src=$2
corpus=$src/programs/cuda/samesource expected=$src/tests/cc/samesource/expected
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0 n=0 with_expected=0
check() { # name, status
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}
for f in "$corpus"/*.cu; do
  name=$(basename "$f" .cu)
  n=$((n + 1))
  # the program's own flags, as nvcc takes them: its line "// samesource-flags: ..." (-ftz=true ...)
  read -r -a flags <<< "$(sed -n 's|^// samesource-flags: ||p' "$f" | head -n 1)"
  if ! "$warpsim" cc "${flags[@]}" "$f" -o "$dir/$name" > "$dir/$name.build" 2>&1; then
    check "$name: builds with warpsim cc" 1; sed 's/^/    | /' "$dir/$name.build" | head -20; continue
  fi
  OMP_NUM_THREADS=1 "$dir/$name" > "$dir/$name.1" 2> "$dir/$name.err1"; rc=$?
  OMP_NUM_THREADS=3 "$dir/$name" > "$dir/$name.3" 2> "$dir/$name.err3"
  [ $rc -eq 0 ] && [ ! -s "$dir/$name.err1" ] && [ ! -s "$dir/$name.err3" ]
  check "$name: runs, exit 0, nothing on stderr" $? || sed 's/^/    | /' "$dir/$name.err1" | head -20
  cmp -s "$dir/$name.1" "$dir/$name.3"; check "$name: the same output with 1 and 3 OpenMP threads" $?
  if [ -f "$expected/$name.out" ]; then
    with_expected=$((with_expected + 1))
    if cmp -s "$expected/$name.out" "$dir/$name.1"; then
      check "$name: the expected output, byte for byte ($(wc -l < "$expected/$name.out") lines)" 0
    else
      check "$name: the expected output" 1; diff "$expected/$name.out" "$dir/$name.1" | head -20 | sed 's/^/    | /'
    fi
  fi
done
[ "$n" -ge 8 ]; check "the corpus has $n programs" $?
[ "$with_expected" -ge 8 ]; check "$with_expected of them have an expected output" $?
echo "$fails failed"
[ "$fails" -eq 0 ]
