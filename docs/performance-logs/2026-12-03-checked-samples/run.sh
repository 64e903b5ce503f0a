# The run behind docs/performance.md "checked builds" (device machine, 2026-12-03 15:55 UTC): run from the repository root with a cuda-samples checkout in build/samples; writes $OUT/{plain,checked,summary}.txt.
set -u
cmake -S . -B build/dev-rel -DCMAKE_BUILD_TYPE=Release -DWARPSIM_BUILD_TESTS=OFF -DWARPSIM_CUDA=OFF > /dev/null && cmake --build build/dev-rel -j16 > /dev/null 2>&1 || { echo build failed; exit 1; }
printf '#!/bin/sh\nsub=$1; shift\nexec %s "$sub" --check "$@"\n' "$PWD/build/dev-rel/sim/warpsim" > /tmp/wcheck.sh; chmod +x /tmp/wcheck.sh
slow="matrixMul alignedTypes BlackScholes simpleStreams"
WARPSIM=$PWD/build/dev-rel/sim/warpsim JOBS=8 RUN_JOBS=4 PIN_CORES=2 LIMIT=500 bash scripts/cuda-samples.sh build/samples /tmp/plain warpsim $slow > $OUT/plain.txt 2>&1 &
WARPSIM=/tmp/wcheck.sh JOBS=8 RUN_JOBS=4 PIN_CORES=2 SLOT_BASE=4 LIMIT=500 bash scripts/cuda-samples.sh build/samples /tmp/chk warpsim $slow histogram newdelete shfl_scan > $OUT/checked.txt 2>&1 &
wait
for f in /tmp/chk/*.out; do echo "$(basename $f): $(grep -a 'ERROR SUMMARY' $f | tail -1)"; done > $OUT/summary.txt
cat $OUT/plain.txt $OUT/checked.txt $OUT/summary.txt
