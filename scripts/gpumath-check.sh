#!/usr/bin/env bash
# The math functions of include/warpsim/gpumath.h against the GPU (issue 23),
# on a machine with nvcc and an NVIDIA GPU (sm_90: the H200), from the
# repository root. Builds docs/probes/gpumath_probe.cu with warpsim's C
# (gcc, -ffp-contract=off, OpenMP) and runs it: every f32 input of each
# one-argument function, 2^25 inputs and every special pair of the others.
# The functions are include/warpsim/gpumath_functions.def's. Writes OUT/gpumath.txt (one
# line a function: inputs, differing) and OUT/gpumath_replay.txt (the GPU's
# results that tests/data/gpu/gpumath_h100.txt keeps for the ctest gpumath);
# prints the table last. Exit 0 when no function differs anywhere.
#   OUT=build/gpumath-out bash scripts/gpumath-check.sh
# EXHAUSTIVE=logf,sinf,...: only these one-float functions on all 2^32 inputs
# (the others on random and special inputs), LOG2_RANDOM=22: 2^22 random inputs
# and as many ordinary ones instead of 2^24, for a run that must fit a shorter time.
# ONLY=hypotf,j0f,...: run only these functions (their replay lines to add to the ctest's file).
# FTZ=1: the probe built with nvcc -ftz=true against warpsim's ws_gpu_ftz_ functions; writes
# OUT/gpumath_ftz.txt and OUT/gpumath_ftz_replay.txt instead. PREC_SQRT_FALSE=1: built with
# -prec-sqrt=false (and the library in that mode); _approx_sqrt is added to the names.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out=${OUT:-build/gpumath-out}
mkdir -p "$out"
obj=$(mktemp -d)
trap 'rm -rf "$obj"' EXIT
# the library's math sources (src/CMakeLists.txt), not files being written beside them
for f in $(grep -o 'gpumath_[a-z0-9_]*\.c' src/CMakeLists.txt | sed 's|^|src/|') src/fpops.c src/fprounded.c; do
  gcc -std=c17 -O2 -ffp-contract=off -fopenmp -Iinclude -DWARPSIM_BUILDING -DWARPSIM_MUFU_DIR="\"$PWD/src/mufu\"" -c "$f" -o "$obj/$(basename "$f" .c).o" || exit 1
done
ftz_flags=() name=gpumath
[ -n "${FTZ:-}" ] && ftz_flags=(-ftz=true -DPROBE_FTZ) name=gpumath_ftz
[ -n "${PREC_SQRT_FALSE:-}" ] && ftz_flags+=(-prec-sqrt=false -DPROBE_PREC_SQRT) name=${name}_approx_sqrt
nvcc -arch="${ARCH:-sm_90}" -fmad=false "${ftz_flags[@]}" -O2 -Xcompiler -fopenmp -Iinclude docs/probes/gpumath_probe.cu \
  "$obj"/*.o -lgomp -o "$obj/probe" || exit 1
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } > "$out/$name.txt"
"$obj/probe" "$out/${name}_replay.txt" "${EXHAUSTIVE:-all}" "${LOG2_RANDOM:-24}" ${ONLY:+"$ONLY"} | tee -a "$out/$name.txt"
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] || { echo "probe failed: exit $rc"; exit 1; }
! grep -qv ' differing 0\b' <(grep ' inputs ' "$out/$name.txt")
