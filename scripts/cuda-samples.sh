#!/usr/bin/env bash
# Builds and runs issue 21's 44 NVIDIA cuda-samples (a checkout of
# NVIDIA/cuda-samples, c94ff366 measured) with warpsim cc or nvcc, unchanged:
# each sample folder's .cu and .cpp files (those of src/ with -I inc where it
# has them) in one command with -I Common, then the program with its default
# arguments under a time limit. Prints one line per sample
#   NAME build ok|FAIL run rc=N SECONDSs
# and leaves each build log and output in OUT/NAME.{build,out}.
#
#   usage: cuda-samples.sh SAMPLES_CHECKOUT OUT [warpsim|nvcc] [NAME...]
#   warpsim: WARPSIM=path/to/warpsim (default: warpsim on PATH)
#   nvcc:    nvcc -arch=sm_90 -fmad=false (the H200)
#   JOBS=N builds N samples at once (default 1); LIMIT=seconds per run (300)
#   RUN_JOBS=N runs N samples at once, each on its own PIN_CORES cores (default 2,
#   through taskset, with OMP_NUM_THREADS=PIN_CORES): "on 2 cores" on a larger machine;
#   SLOT_BASE=K starts at slot K (two runs side by side on other cores)
set -u
samples=$(cd "$1" && pwd) || exit 2
out=$(mkdir -p "$2" && cd "$2" && pwd) || exit 2
mode=${3:-warpsim}
shift 3 2>/dev/null || shift $#
limit=${LIMIT:-300}
all="0_Introduction/asyncAPI 0_Introduction/clock 0_Introduction/matrixMul 0_Introduction/simpleAssert
0_Introduction/simpleAtomicIntrinsics 0_Introduction/simpleAttributes 0_Introduction/simpleMultiCopy
0_Introduction/simpleOccupancy 0_Introduction/simplePrintf 0_Introduction/simpleStreams
0_Introduction/simpleTemplates 0_Introduction/simpleVoteIntrinsics 0_Introduction/template
0_Introduction/vectorAdd 0_Introduction/cudaOpenMP 0_Introduction/systemWideAtomics
0_Introduction/simpleCallback 0_Introduction/simpleZeroCopy 0_Introduction/mergeSort
0_Introduction/simpleCooperativeGroups 0_Introduction/simpleHyperQ 2_Concepts_and_Techniques/inlinePTX
2_Concepts_and_Techniques/convolutionSeparable 2_Concepts_and_Techniques/histogram
2_Concepts_and_Techniques/scalarProd 2_Concepts_and_Techniques/scan 2_Concepts_and_Techniques/shfl_scan
2_Concepts_and_Techniques/sortingNetworks 2_Concepts_and_Techniques/threadFenceReduction
2_Concepts_and_Techniques/reduction 2_Concepts_and_Techniques/reductionMultiBlockCG
3_CUDA_Features/StreamPriorities 3_CUDA_Features/binaryPartitionCG 3_CUDA_Features/newdelete
3_CUDA_Features/warpAggregatedAtomicsCG 5_Domain_Specific/BlackScholes 5_Domain_Specific/FDTD3d
5_Domain_Specific/quasirandomGenerator 5_Domain_Specific/SobolQRNG 5_Domain_Specific/binomialOptions
5_Domain_Specific/fastWalshTransform 6_Performance/LargeKernelParameter 6_Performance/alignedTypes
6_Performance/transpose"
pick=${*:-}
build_one() {
  local rel=$1 name dir files extra=() rc
  name=$(basename "$rel"); dir=$samples/Samples/$rel
  if [ -d "$dir/src" ]; then
    files=$(cd "$dir" && ls src/*.cu src/*.cpp 2>/dev/null); extra=(-I inc)
  else
    files=$(cd "$dir" && ls *.cu *.cpp 2>/dev/null)
  fi
  [ "$name" = cudaOpenMP ] && extra+=(-Xcompiler -fopenmp -lgomp)
  rm -f "$out/$name.exe"
  # shellcheck disable=SC2086
  if [ "$mode" = nvcc ]; then
    (cd "$dir" && nvcc -arch=sm_90 -fmad=false -I "$samples/Common" "${extra[@]}" $files -o "$out/$name.exe")
  else
    (cd "$dir" && "${WARPSIM:-warpsim}" cc -I "$samples/Common" "${extra[@]}" $files -o "$out/$name.exe")
  fi > "$out/$name.build" 2>&1
}
run_one() {
  local rel=$1 name dir t0 rc
  name=$(basename "$rel"); dir=$samples/Samples/$rel
  if [ ! -x "$out/$name.exe" ]; then echo "$name build FAIL"; return; fi
  local pin=()
  if [ -n "${SLOT:-}" ]; then # xargs' process slot: cores (SLOT_BASE+SLOT)*PIN_CORES ...
    local c=${PIN_CORES:-2} k=$((SLOT + ${SLOT_BASE:-0}))
    pin=(taskset -c "$((k * c))-$((k * c + c - 1))" env OMP_NUM_THREADS="$c")
  fi
  t0=$(date +%s%N)
  (cd "$dir" && timeout "$limit" "${pin[@]}" "$out/$name.exe") > "$out/$name.out" 2>&1 < /dev/null
  rc=$?
  local ms=$((($(date +%s%N) - t0) / 1000000))
  printf '%s build ok run rc=%d %d.%ds\n' "$name" "$rc" $((ms / 1000)) $((ms % 1000 / 100))
}
list=""
for rel in $all; do
  if [ -z "$pick" ] || [[ " $pick " == *" $(basename "$rel") "* ]]; then list="$list $rel"; fi
done
export -f build_one; export samples out mode
# shellcheck disable=SC2086
printf '%s\n' $list | xargs -P "${JOBS:-1}" -I{} bash -c 'build_one {}'
if [ "${RUN_JOBS:-1}" -gt 1 ]; then
  export -f run_one; export limit
  # shellcheck disable=SC2086
  printf '%s\n' $list | xargs -P "$RUN_JOBS" --process-slot-var=SLOT -I{} bash -c 'run_one {}'
else
  for rel in $list; do run_one "$rel"; done
fi
