#!/usr/bin/env bash
# Checked builds (issue 22): each defective program of tests/cc/check/ built
# with `warpsim cc --check` reports what compute-sanitizer reported for it on
# the H200 (docs/probes/sanitizer.h200/: kind, size, function, file:line,
# thread, block, bounds, the API error, the count), the same bytes for
# OMP_NUM_THREADS 1 and 3, exit 1; the legacy warp-synchronous reduction in
# lockstep gives the H200's bits; the correct programs of the same-source
# corpus report nothing, exit 0 and print what they print unchecked.
#   usage: check_test.sh WARPSIM SOURCE_DIR
set -u
warpsim=$1 src=$2
cases=$src/tests/cc/check h200=$src/docs/probes/sanitizer.h200
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
check() { # what, status
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}
# The lines both tools print, addresses and instruction offsets aside.
normalize() {
  grep -a -v -e 'COMPUTE-SANITIZER' -e 'WARPSIM CHECK' -e 'Saved host backtrace' -e 'Host Frame' \
    -e 'RACECHECK SUMMARY' -e '^exit ' -e '^warpsim: launch failed' |
    sed -E -e 's/0x[0-9a-f]+/0xADDR/g' -e 's/\+0xADDR in / in /'
}

for name in global_oob misaligned shared_oob use_after_free uninit missing_sync warp_sync_legacy \
            oob_two_warps oob_read_2d dyn_shared_oob race_warps shared_uninit; do
  if ! "$warpsim" cc --check "$cases/$name.cu" -o "$dir/$name" > "$dir/$name.build" 2>&1; then
    check "$name: builds with --check" 1; sed 's/^/    | /' "$dir/$name.build" | head; continue
  fi
  OMP_NUM_THREADS=1 "$dir/$name" > "$dir/$name.out" 2> "$dir/$name.err"; rc=$?
  OMP_NUM_THREADS=3 "$dir/$name" > "$dir/$name.out3" 2> "$dir/$name.err3"
  [ $rc -eq 1 ]; check "$name: exit 1 (found something)" $?
  cmp -s <(normalize < "$dir/$name.err") <(normalize < "$dir/$name.err3") && cmp -s "$dir/$name.out" "$dir/$name.out3"
  check "$name: the same report and output with 1 and 3 OpenMP threads" $?
done

# memcheck and initcheck: the H200's report, line for line (its stdout and stderr were one file),
# each tool alone as compute-sanitizer ran it.
for pair in global_oob:memcheck misaligned:memcheck shared_oob:memcheck use_after_free:memcheck uninit:initcheck \
            oob_two_warps:memcheck oob_read_2d:memcheck dyn_shared_oob:memcheck; do
  name=${pair%%:*} tool=${pair#*:}
  want=$(normalize < "$h200/$name.$tool.txt")
  # use_after_free: the H200's nearest live allocation is one of the CUDA runtime's own (64 KiB);
  # a program here has none after its cudaFree, so that line is not given.
  [ "$name" = use_after_free ] && want=$(grep -v 'nearest allocation' <<< "$want")
  WARPSIM_CHECK=$tool "$dir/$name" > "$dir/$name.$tool.out" 2> "$dir/$name.$tool.err"
  got=$(cat "$dir/$name.$tool.err" "$dir/$name.$tool.out" | normalize)
  # stdout comes after stderr here: compare the program's line apart.
  if [ "$(grep -v '^=========' <<< "$want")" = "$(grep -v '^=========' <<< "$got")" ] &&
     [ "$(grep '^=========' <<< "$want")" = "$(grep '^=========' <<< "$got")" ]; then
    check "$name: $tool's report on the H200, line for line ($(grep -c Invalid\\\|Uninitialized <<< "$want") findings)" 0
  else
    check "$name: $tool's report on the H200" 1
    diff <(echo "$want") <(echo "$got") | head -20 | sed 's/^/    | /'
  fi
done

# racecheck: the lines and classes the H200 named (hazard counts are the order's: see docs).
err=$dir/missing_sync.err
grep -q 'Error: Race reported between .* access at block_sum(const int \*, int \*) in missing_sync.cu:12$' "$err" &&
  grep -q 'Warning: Race reported between .* access at block_sum(const int \*, int \*) in missing_sync.cu:12$' "$err" &&
  ! grep 'access at' "$err" | grep -v -q 'in missing_sync.cu:12\( \[[0-9,]* hazards*\]\)*$'
check "missing_sync: errors (between warps) and warnings (inside a warp) at missing_sync.cu:12, as on the H200" $?
err=$dir/warp_sync_legacy.err
grep -q 'Warning: Race reported' "$err" && ! grep -q 'Error: Race' "$err" &&
  ! grep 'access at' "$err" | grep -v -q 'in warp_sync_legacy.cu:\(8\|9\|10\|11\|12\|13\)\( \[[0-9,]* hazards*\]\)*$' &&
  grep -q 'at warp_reduce(volatile int \*, int) in' "$err"
check "warp_sync_legacy: warnings only, in warp_reduce(volatile int *, int) at lines 8-13, as on the H200" $?

err=$dir/race_warps.err
# (the H200 names the write first; here the read of a pair leads, as in its warp_sync_legacy report)
grep -q 'Error: Race reported between Read access at swap_halves(int \*) in race_warps.cu:11$' "$err" &&
  grep -q 'and Write access at swap_halves(int \*) in race_warps.cu:9 \[' "$err" && ! grep -q 'Warning: Race' "$err" &&
  grep -q 'RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)' "$err" && ! grep -q 'Uninitialized' "$err"
check "race_warps: one error between the write at line 9 and the read at line 11, as on the H200; no initcheck" $?

# initcheck in shared memory (the H200's initcheck reports none there): threads 0..31 read
# s[63..32], which nothing wrote (worked out from the program).
err=$dir/shared_uninit.err
[ "$(grep -c 'Uninitialized __shared__ memory read of size 4 bytes' "$err")" -eq 32 ] &&
  [ "$(grep -c 'at mirror(int \*) in shared_uninit.cu:11$' "$err")" -eq 32 ] &&
  [ "$(grep 'by thread' "$err" | sed -E 's/.*thread \(([0-9]+),0,0\) in block \(0,0,0\)/\1/' | tr '\n' ' ')" = "$(seq -s ' ' 0 31) " ] &&
  grep -q 'ERROR SUMMARY: 32 errors' "$err"
check "shared_uninit: 32 uninitialized __shared__ reads at line 11, threads 0..31" $?

# Lockstep: a warp's lanes in step at shared memory give the H200's bits.
WARPSIM_CHECK=lockstep "$dir/warp_sync_legacy" > "$dir/lockstep.out" 2> "$dir/lockstep.err"
grep -v '^exit ' "$h200/warp_sync_legacy.plain1.txt" | cmp -s - "$dir/lockstep.out"
check "warp_sync_legacy in lockstep: the H200's 64 values" $?
# ... and racecheck's five warnings of the H200: the read at line k (9..13) against the writes at
# lines k-1 and k (docs/probes/sanitizer.h200/warp_sync_legacy.racecheck.txt).
ok=0
for k in 9 10 11 12 13; do
  grep -A2 "Warning: Race reported between Read access at warp_reduce(volatile int \*, int) in warp_sync_legacy.cu:$k\$" \
    "$dir/lockstep.err" | grep -q "and Write access at .* in warp_sync_legacy.cu:$((k - 1)) \[" && ok=$((ok + 1))
done
[ $ok -eq 5 ] && grep -q 'RACECHECK SUMMARY: 5 hazards displayed (0 errors, 5 warnings)' "$dir/lockstep.err"
check "warp_sync_legacy in lockstep: racecheck's five warnings on the H200 (read at line k, writes at k-1 and k)" $?
! cmp -s "$dir/warp_sync_legacy.out" "$dir/lockstep.out"
check "warp_sync_legacy without lockstep: other bits (lanes run one after another)" $?

# WARPSIM_CHECK picks the tools; a bad name is one line and status 2.
WARPSIM_CHECK=memcheck "$dir/missing_sync" > /dev/null 2> "$dir/pick.err"; rc=$?
[ $rc -eq 0 ] && grep -q 'ERROR SUMMARY: 0 errors' "$dir/pick.err" && ! grep -q 'RACECHECK' "$dir/pick.err"
check "WARPSIM_CHECK=memcheck: no racecheck, exit 0" $?
WARPSIM_CHECK=initcheck "$dir/global_oob" > /dev/null 2> "$dir/pick2.err"; rc=$?
[ $rc -eq 0 ] && ! grep -q 'Invalid' "$dir/pick2.err"
check "WARPSIM_CHECK=initcheck: no memcheck report" $?
WARPSIM_CHECK=memcheck,bogus "$dir/uninit" > /dev/null 2> "$dir/bad.err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/bad.err")" -eq 1 ] && grep -q "WARPSIM_CHECK=memcheck,bogus: 'bogus' is not a tool" "$dir/bad.err"
check "WARPSIM_CHECK with an unknown tool: one line, status 2" $?

# No false reports where the compilers hide accesses from their instrumentation (memset and memcpy
# expanded inline or left as calls, vectorized stores of odd sizes, 16-byte copies of 8-aligned
# pairs, compiler atomics): tests/cc/check/correct/, with the compiler warpsim cc uses (the CI runs
# this suite once built with gcc and once with clang, so both are covered).
# copies.cu prints "total 88960.0": 4 blocks of sum over i < 64 of (i + 2i + 3i) + (i + 2i) + 64,
# worked out by hand (9i + 64 per thread: 9 * 2016 + 4096 = 22240 a block).
for f in "$cases"/correct/*.cu; do
  name=$(basename "$f" .cu)
  if ! "$warpsim" cc --check "$f" -o "$dir/ok_$name" > "$dir/ok_$name.build" 2>&1; then
    check "correct/$name: builds with --check" 1; sed 's/^/    | /' "$dir/ok_$name.build" | head; continue
  fi
  "$dir/ok_$name" > "$dir/ok_$name.out" 2> "$dir/ok_$name.err"; rc=$?
  [ $rc -eq 0 ] && grep -q 'ERROR SUMMARY: 0 errors' "$dir/ok_$name.err" &&
    { [ "$name" != copies ] || [ "$(cat "$dir/ok_$name.out")" = "total 88960.0" ]; }
  check "correct/$name: no report, exit 0, its output" $? || grep -a -m5 '^=========' "$dir/ok_$name.err" | sed 's/^/    | /'
done

# No false reports: the correct programs of the corpus, checked. Known false reports, not
# counted: the checked build of CUB's shared-memory warp scan (logical warps of 7 lanes) and of
# BlockScan reports races that compute-sanitizer's racecheck did not find on the GPU
# (docs/probes/cub_racecheck.h100.txt; docs/cuda-frontend.md, "CUB").
corpus=$src/programs/cuda/samesource expected=$src/tests/cc/samesource/expected
n=0 quiet=0
for f in "$corpus"/*.cu; do
  name=$(basename "$f" .cu)
  case $name in cub_warp_scan | cub_block_scan) continue ;; esac
  n=$((n + 1))
  read -r -a flags <<< "$(sed -n 's|^// samesource-flags: ||p' "$f" | head -n 1)" # the program's own nvcc flags
  if ! "$warpsim" cc --check "${flags[@]}" "$f" -o "$dir/c_$name" > "$dir/c_$name.build" 2>&1; then
    check "$name: builds with --check" 1; sed 's/^/    | /' "$dir/c_$name.build" | head; continue
  fi
  OMP_NUM_THREADS=2 "$dir/c_$name" > "$dir/c_$name.out" 2> "$dir/c_$name.err"; rc=$?
  if [ $rc -eq 0 ] && grep -q 'ERROR SUMMARY: 0 errors' "$dir/c_$name.err" &&
     [ "$(grep -a -c -v '^=========' "$dir/c_$name.err")" -eq 0 ] &&
     { [ ! -f "$expected/$name.out" ] || cmp -s "$expected/$name.out" "$dir/c_$name.out"; }; then
    quiet=$((quiet + 1))
  else
    check "$name: checked, no report, exit 0, its expected output" 1; head -20 "$dir/c_$name.err" | sed 's/^/    | /'
  fi
done
[ "$quiet" -eq "$n" ] && [ "$n" -ge 8 ]
check "the corpus checked: $quiet of $n programs report nothing and print their expected output" $?

echo "$fails failed"
[ "$fails" -eq 0 ]
