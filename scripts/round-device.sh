#!/usr/bin/env bash
# One device run for the math and CUB work (issues 23, 24), on a machine with nvcc and an sm_90
# GPU, from the repository root; what it writes lands in $OUT:
#   - scripts/gpumath-check.sh (EXHAUSTIVE: the one-float functions to run on all inputs):
#     OUT/gpumath.txt, OUT/gpumath_replay.txt;
#   - the nvcc builds' outputs of the same-source programs named in PROGRAMS (the expected
#     outputs of tests/cc/samesource/expected/) and of docs/probes/f64_nan_order_probe.cu,
#     together in OUT/expected.tar.
#   OUT=... EXHAUSTIVE=asinf,... PROGRAMS="cub_warp_reduce math_functions2" bash scripts/round-device.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?OUT must name the output folder}
t=$(mktemp -d)
mkdir -p "$t/expected"
for p in ${PROGRAMS:-}; do
  # a program's own nvcc flags: its line "// samesource-flags: ..." (-ftz=true ...)
  flags=$(sed -n 's|^// samesource-flags: ||p' "programs/cuda/samesource/$p.cu" | head -n 1)
  # shellcheck disable=SC2086
  ( nvcc -arch=sm_90 -fmad=false -O2 $flags "programs/cuda/samesource/$p.cu" -o "$t/$p" 2> "$t/expected/$p.build" &&
    "$t/$p" > "$t/expected/$p.out" 2> "$t/expected/$p.err"; echo "$p exit $?" >> "$t/expected/status" ) &
done
nvcc -arch=sm_90 docs/probes/f64_nan_order_probe.cu -o "$t/nanord" && "$t/nanord" > "$t/expected/f64_nan_order_probe.h100.txt"
# The programs' outputs are saved before the long math check starts, so that a run cut short
# by its time limit still brings them back.
wait
tar -C "$t" -cf "$out/expected.tar" expected
cat "$t/expected/status" 2>/dev/null
OUT=$out EXHAUSTIVE=${EXHAUSTIVE:-all} LOG2_RANDOM=${LOG2_RANDOM:-24} ONLY=${ONLY:-} bash scripts/gpumath-check.sh > "$out/check.log" 2>&1
echo "gpumath-check exit $?" >> "$out/check.log"
grep -v ' differing 0$' "$out/check.log" | tail -40
