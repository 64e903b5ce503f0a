#!/usr/bin/env bash
# One device run for issue 23's special-function-unit measurements: mufu64_probe.cu (f64
# starting points, div.approx, ex2 dumps), mufu_probe.cu's rsqrt and lg2 tables, and the SASS of
# mufu_sass.cu. Everything lands in $OUT (xz-compressed tables, mufu64.txt, sass.txt).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
t=$(mktemp -d)
nvcc -arch=sm_90 -O2 -Xcompiler -fopenmp docs/probes/mufu64_probe.cu -o "$t/mufu64" -lgomp || exit 1
nvcc -arch=sm_90 -O2 -Xcompiler -fopenmp docs/probes/mufu_probe.cu -o "$t/mufu" -lgomp || exit 1
nvcc -arch=sm_90 -cubin -o "$t/sass.cubin" docs/probes/mufu_sass.cu || exit 1
cuobjdump -sass "$t/sass.cubin" > "$OUT/sass.txt"
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } > "$OUT/mufu64.txt"
"$t/mufu64" "$t" >> "$OUT/mufu64.txt" 2>&1
"$t/mufu" "$t" rsqrt,lg2 >> "$OUT/mufu64.txt" 2>&1
for f in rcp64 rsq64 rsq64n rsqrt lg2; do xz -T0 -9 -c "$t/$f.tab" > "$OUT/$f.tab.xz"; done
xz -T0 -6 -c "$t/ex2.bin" > "$OUT/ex2.bin.xz"
ls -l "$OUT"
cat "$OUT/mufu64.txt"
