#!/usr/bin/env bash
# The aarch64 fiber switch (src/cuda/fiber.c), tested under qemu-user:
# the same kernel built with our switch and with glibc's swapcontext
# (-DWARPSIM_FIBER_UCONTEXT) must print what the host's build prints.
# Exit 77 (ctest: skipped) when the cross compiler or qemu is missing;
# scripts/test-all.sh installs both (gcc-aarch64-linux-gnu, qemu-user).
# usage: fiber_aarch64_test.sh SOURCE_DIR HOST_BINARY WORK_DIR
set -euo pipefail
src=$1 host_bin=$2 work=$3
cc=aarch64-linux-gnu-gcc
if ! command -v "$cc" >/dev/null || ! command -v qemu-aarch64 >/dev/null; then
  echo "skipped: $cc or qemu-aarch64 not installed"
  exit 77
fi
mkdir -p "$work"
# The front end's runtime: src/cuda/ but check_tsan.c (libwarpsim_check.a, for checked programs only).
sources=("$src"/src/*.c "$src"/tests/cuda/fiber_regs_kernel.c)
for f in "$src"/src/cuda/*.c; do [ "$(basename "$f")" = check_tsan.c ] || sources+=("$f"); done
flags=(-O2 -std=c17 -ffp-contract=off -I"$src"/include -I"$src"/src -DWARPSIM_MUFU_DIR="\"$src/src/mufu\"" -fopenmp -static)
"$cc" "${flags[@]}" "${sources[@]}" -lpthread -lm -o "$work/regs_asm" 2>"$work/build_asm.log" ||
  { cat "$work/build_asm.log"; exit 1; }
"$cc" "${flags[@]}" -DWARPSIM_FIBER_UCONTEXT "${sources[@]}" -lpthread -lm -o "$work/regs_ucontext" \
  2>"$work/build_ucontext.log" || { cat "$work/build_ucontext.log"; exit 1; }
want=$("$host_bin")
got_asm=$(OMP_NUM_THREADS=2 qemu-aarch64 "$work/regs_asm")
got_uc=$(OMP_NUM_THREADS=2 qemu-aarch64 "$work/regs_ucontext")
echo "host (x86-64 switch):     $want"
echo "aarch64, our switch:      $got_asm"
echo "aarch64, swapcontext:     $got_uc"
[ "$got_asm" = "$want" ] && [ "$got_uc" = "$want" ]
