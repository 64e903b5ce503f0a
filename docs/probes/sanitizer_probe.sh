#!/usr/bin/env bash
# What compute-sanitizer reports for the defective programs of
# tests/cc/check/ on the GPU (issue 22's reference): each program built with
# nvcc -lineinfo (as a user would to get lines), run alone, then under each
# tool. Writes OUT/NAME.{plain1,plain2,plain3,memcheck,racecheck,initcheck,synccheck}.txt.
#   usage: sanitizer_probe.sh OUT [NAME ...]   (on a machine with the GPU, nvcc and
#          compute-sanitizer; the NAMEs only, when given)
set -u
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit 2
here=$(cd "$(dirname "$0")/../../tests/cc/check" && pwd)
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
shift
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2; "$cs" --version | head -2; date -u; } > "$out/versions${1:+-$1}.txt" 2>&1
srcs=("$here"/*.cu)
[ $# -gt 0 ] && srcs=("${@/#/$here/}") && srcs=("${srcs[@]/%/.cu}")
for src in "${srcs[@]}"; do
  name=$(basename "$src" .cu)
  (cd "$here" && nvcc -arch=sm_90 -fmad=false -lineinfo "$name.cu" -o "$out/$name") > "$out/$name.build.txt" 2>&1 || { echo "$name: build failed"; continue; }
  for run in 1 2 3; do # three runs: racy programs' bits, if they vary
    (cd "$here" && timeout 60 "$out/$name") > "$out/$name.plain$run.txt" 2>&1; echo "exit $?" >> "$out/$name.plain$run.txt"
  done
  for tool in memcheck racecheck initcheck synccheck; do
    (cd "$here" && timeout 120 "$cs" --tool "$tool" "$out/$name") > "$out/$name.$tool.txt" 2>&1
    echo "exit $?" >> "$out/$name.$tool.txt"
  done
  echo "$name: done"
done
find "$out" -type f -perm -u+x -delete # the programs themselves
