#!/usr/bin/env bash
# Compares scripts/cuda-samples.sh's outputs (OUT/NAME.out) with the H200's
# (docs/conformance-logs/cuda-samples-h200/NAME.out), line by line, after
# leaving out what differs by nature: timings and rates, device and host
# names, paths, CPU counts. Prints per sample
#   NAME same|same-lines|DIFFER (N lines) [rc] [seconds]
# "same": the same lines in the same order; "same-lines": the same lines in
# another order (device printf from concurrently running blocks, whose
# order the GPU does not fix).   usage: cuda-samples-compare.sh OUT [SUMMARY]
set -u
out=$1 summary=${2:-$1/summary.txt}
ref=$(cd "$(dirname "$0")/.." && pwd)/docs/conformance-logs/cuda-samples-h200
volatile='([0-9.]+ *(ms|msec|s|sec|seconds|us|usec)\b|GB/s|MB/s|[Bb]andwidth|[Tt]hroughput|[Tt]ime|[Tt]imer|Hopper|H200|CUDA device|GPU Device|Device 0|Device [0-9]:|device [0-9]|OS_System|OS Info|host CPUs|Starting \[|\.exe|clocks/block|Elapsed|elapsed|Processing time|iterations while waiting|Gflop|GFlop|Mega|Perf|per second|/sec|Gsamples|^[0-9]+ streams:|^kernel:|^memcopy:|^non-streamed:)'
norm() { grep -Ev "$volatile" "$1" | grep -v '^warpsim: ' | sed 's/[[:space:]]*$//' | grep -v '^$'; }
for f in "$ref"/*.out; do
  name=$(basename "$f" .out)
  line=$(grep "^$name build" "$summary" 2>/dev/null)
  if [ ! -f "$out/$name.out" ]; then echo "$name not-built"; continue; fi
  rc=$(sed -n 's/.*run rc=\([0-9]*\).*/\1/p' <<< "$line"); secs=$(awk '{print $NF}' <<< "$line")
  if [ "${rc:-1}" != 0 ]; then
    verdict="FAIL (exit ${rc:-?})"
  elif diff -q <(norm "$out/$name.out") <(norm "$f") > /dev/null; then
    verdict=same
  elif diff -q <(norm "$out/$name.out" | sort) <(norm "$f" | sort) > /dev/null; then
    verdict=same-lines
  else
    verdict="DIFFER ($(diff <(norm "$out/$name.out" | sort) <(norm "$f" | sort) | grep -c '^[<>]') lines)"
  fi
  echo "$name $verdict rc=${rc:-?} ${secs:-?}"
done
