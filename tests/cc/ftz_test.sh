#!/usr/bin/env bash
# warpsim cc's float modes (nvcc -ftz=true, -prec-sqrt=false, -use_fast_math, -prec-div): a
# program of hand-worked flush-to-zero results (tests/cc/ftz/flush.cu, flush.expected) built with
# -ftz=true gives them with 1 and 3 OpenMP threads, and without it gives the subnormals back;
# float atomicAdd flushes in either build (tests/cc/ftz/atomic_add.cu: the H100's results); the
# modes warpsim cannot give are refused with one line and status 2.
#   usage: ftz_test.sh WARPSIM
set -u
warpsim=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
check() { # name, status
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}

"$warpsim" cc -ftz=true "$here/ftz/flush.cu" -o "$dir/ftz" > "$dir/build.txt" 2>&1
check "-ftz=true builds" $? || sed 's/^/    | /' "$dir/build.txt" | head -20
for t in 1 3; do
  OMP_NUM_THREADS=$t "$dir/ftz" > "$dir/ftz.$t" 2> "$dir/ftz.err"
  cmp -s "$dir/ftz.$t" "$here/ftz/flush.expected" && [ ! -s "$dir/ftz.err" ]
  check "-ftz=true: the hand-worked results, nothing on stderr (OMP_NUM_THREADS=$t)" $? ||
    diff "$here/ftz/flush.expected" "$dir/ftz.$t" | sed 's/^/    | /'
done
"$warpsim" cc "$here/ftz/flush.cu" -o "$dir/ieee" && "$dir/ieee" > "$dir/ieee.txt" 2> /dev/null
# without -ftz=true: tiny * 1 keeps the subnormal, floor(-tiny) is -1, ceil(tiny) is 1
grep -qx '0 00000005' "$dir/ieee.txt" && grep -qx '4 bf800000' "$dir/ieee.txt" && grep -qx '5 00000001' "$dir/ieee.txt"
check "without -ftz=true: subnormals are kept (the default)" $?
"$warpsim" cc -ftz=false -prec-div=true -prec-sqrt=true "$here/ftz/flush.cu" -o "$dir/ieee2" && "$dir/ieee2" 2> /dev/null |
  cmp -s - "$dir/ieee.txt"
check "-ftz=false -prec-div=true -prec-sqrt=true: nvcc's defaults, accepted" $?

"$warpsim" cc "$here/ftz/atomic_add.cu" -o "$dir/atomic" && [ "$("$dir/atomic" 2> /dev/null)" = "00000000 00000001 00000000 00000000 00000003" ]
check "float atomicAdd flushes subnormals without -ftz=true too (the H100's results)" $?

# The edges the H100 showed (docs/probes/ftz_edges_probe.cu and .h100.txt): rounding up to 2^-126,
# shared-memory float atomicAdd (not flushed, even with -ftz=true), double atomicAdd; with
# -ftz=true all but f4 (-x of a subnormal) and d0 (double arithmetic), the documented limits.
probe=$here/../../docs/probes/ftz_edges_probe
awk '/^== -ftz=true/{m=1;next} /^== default/{m=2;next} m==1{print > "'"$dir"'/gpu_ftz"} m==2{print > "'"$dir"'/gpu_default"}' "$probe.h100.txt"
"$warpsim" cc "$probe.cu" -o "$dir/edges" && "$dir/edges" 2> /dev/null | cmp -s - "$dir/gpu_default"
check "edges without -ftz=true: the H100's lines" $?
"$warpsim" cc -ftz=true "$probe.cu" -o "$dir/edges_ftz" && "$dir/edges_ftz" 2> /dev/null | grep -v '^f4 \|^d0 ' |
  cmp -s - <(grep -v '^f4 \|^d0 ' "$dir/gpu_ftz")
check "edges with -ftz=true: the H100's lines but the two documented limits" $?

# tanhf under -use_fast_math is tanh.approx on the GPU: not modelled, said once per call site (two
# sites, two threads each: two lines)
printf '#include <cstdio>\n__global__ void k(float *o)\n{\n    o[threadIdx.x] = tanhf(0.5f + threadIdx.x);\n    o[2 + threadIdx.x] = tanhf(0.25f);\n}\nint main() { float *o; cudaMallocManaged(&o, 16); k<<<1, 2>>>(o); cudaDeviceSynchronize(); printf("%%a %%a\\n", o[0], o[1]); }\n' > "$dir/tanh.cu"
"$warpsim" cc -use_fast_math -prec-div=true "$dir/tanh.cu" -o "$dir/tanh" && "$dir/tanh" > "$dir/tanh.out" 2> "$dir/tanh.err" &&
  grep -q 'APPROX_BITS: .*tanh.cu:4: tanhf under -use_fast_math' "$dir/tanh.err" &&
  grep -q 'APPROX_BITS: .*tanh.cu:5: tanhf under -use_fast_math' "$dir/tanh.err" && [ "$(wc -l < "$dir/tanh.err")" -eq 2 ] &&
  WARPSIM_DIAG=ignore "$dir/tanh" 2>&1 > /dev/null | cmp -s - /dev/null
check "tanhf under -use_fast_math: APPROX_BITS once per call site on stderr, silent with WARPSIM_DIAG=ignore" $?

refused() { # name, expected text, flags...
  local name=$1 text=$2
  shift 2
  "$warpsim" cc "$@" "$here/ftz/flush.cu" -o "$dir/no" > "$dir/no.txt" 2>&1
  local rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$dir/no.txt")" -eq 1 ] && grep -q -- "$text" "$dir/no.txt" && [ ! -e "$dir/no" ]
  check "$name: refused, one line, status 2 (got $rc)" $?; [ $rc -eq 2 ] || sed 's/^/    | /' "$dir/no.txt"
}
refused "-prec-div=false" "-prec-div=false: not supported: float division" -prec-div=false
refused "-use_fast_math without -prec-div=true" "-use_fast_math: not supported: float division" -use_fast_math
refused "-ftz=maybe" "-ftz=maybe: not a value nvcc takes" -ftz=maybe
refused "-use_fast_math -ftz=false" "-use_fast_math with -ftz=false: not supported" -use_fast_math -prec-div=true -ftz=false
echo "$fails failed"
[ "$fails" -eq 0 ]
