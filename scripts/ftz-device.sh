#!/usr/bin/env bash
# The device run for nvcc -ftz=true, -prec-sqrt=false and -use_fast_math (issue 23), on a machine
# with nvcc and an sm_90 GPU, from the repository root; writes into $OUT:
#   sqrt_tanh.txt, sqrt.tab.xz  docs/probes/sqrt_tanh_approx_probe.cu (every input)
#   sass.txt                    the SASS ptxas makes of sqrt.approx, tanh.approx and div.full
#   expected.tar                the nvcc builds' outputs of the same-source programs in PROGRAMS
#                               (their own flags), and their results (ops.bin.xz)
#   gpumath_ftz.txt             scripts/gpumath-check.sh with FTZ=1 (LOG2_RANDOM, default 20)
#   OUT=... PROGRAMS="ftz_ops fast_math_ops" bash scripts/ftz-device.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?OUT must name the output folder}
t=$(mktemp -d)
mkdir -p "$t/expected"
for p in ${PROGRAMS:-}; do
  flags=$(sed -n 's|^// samesource-flags: ||p' "programs/cuda/samesource/$p.cu" | head -n 1)
  mkdir -p "$t/expected/$p.dir"
  # shellcheck disable=SC2086
  ( nvcc -arch=sm_90 -fmad=false -O2 $flags "programs/cuda/samesource/$p.cu" -o "$t/$p" 2> "$t/expected/$p.build" &&
    "$t/$p" "$t/expected/$p.dir" > "$t/expected/$p.out" 2> "$t/expected/$p.err"; echo "$p exit $?" >> "$t/expected/status"
    xz -T2 "$t/expected/$p.dir/ops.bin" ) &
done
nvcc -arch=sm_90 -O2 docs/probes/sqrt_tanh_approx_probe.cu -o "$t/stp" && "$t/stp" "$t" > "$out/sqrt_tanh.txt" 2>&1
echo "sqrt_tanh exit $?" >> "$out/sqrt_tanh.txt"
xz -T4 -c "$t/sqrt.tab" > "$out/sqrt.tab.xz"
cat > "$t/sass.cu" <<'CU'
__global__ void k(float *o, const float *a)
{
    float x = a[threadIdx.x], r;
    asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); o[0] = r;
    asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); o[1] = r;
    asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); o[2] = r;
}
CU
nvcc -arch=sm_90 -cubin "$t/sass.cu" -o "$t/sass.cubin" && cuobjdump -sass "$t/sass.cubin" | grep -E '^ +/\*[0-9a-f]{4}\*/' > "$out/sass.txt"
wait
tar -C "$t" -cf "$out/expected.tar" expected
cat "$t/expected/status" 2>/dev/null
cat "$out/sqrt_tanh.txt"
OUT=$out FTZ=1 EXHAUSTIVE=${EXHAUSTIVE:-none} LOG2_RANDOM=${LOG2_RANDOM:-20} bash scripts/gpumath-check.sh > "$out/check_ftz.log" 2>&1
echo "gpumath-check FTZ exit $?" >> "$out/check_ftz.log"
grep -v ' differing 0$' "$out/check_ftz.log" | tail -60
