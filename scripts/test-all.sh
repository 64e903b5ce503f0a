#!/usr/bin/env bash
# Installs what the tests need (Debian packages), builds warpsim with
# warnings as errors under AddressSanitizer + UndefinedBehaviorSanitizer,
# and runs the whole ctest suite; then the same with clang when present.
# This is the README's test command and what .ci/run runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# libclang-rt-dev: clang's sanitizer runtimes and libFuzzer (tests/fuzz/).
# gcc-aarch64-linux-gnu, libc6-dev-arm64-cross, qemu-user: the aarch64 fiber
# switch, cross-built and run under emulation (fiber_aarch64).
# chromium, chromium-driver, python3-selenium: the step viewer in a real
# browser (browser_viewer).
packages=(cmake make gcc g++ clang libclang-rt-dev libomp-dev pkg-config libcmocka-dev
          gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user chromium chromium-driver python3-selenium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then apt_get=(apt-get); else apt_get=(sudo apt-get); fi
  "${apt_get[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq "${missing[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)
# The CUDA twins, warpsim-xcheck and warpsim-conform are built in the gcc
# pass only, when nvcc is found (they take minutes to compile); without a
# GPU their gpu_* tests show as skipped. WARPSIM_TEST_CUDA=OFF leaves them out.
for cc in gcc clang; do
  echo "== $cc: build (-Werror, ASan + UBSan) and test"
  dir="build/test-$cc"
  cuda=OFF
  [ "$cc" = gcc ] && cuda=${WARPSIM_TEST_CUDA:-ON}
  cxx=g++
  [ "$cc" = clang ] && cxx=clang++ # the CUDA front end's tests are C++
  # The libFuzzer harnesses (tests/fuzz/) build in the clang pass only: each
  # is a ctest test that fuzzes for WARPSIM_FUZZ_CI_SECONDS (22 s) and fails
  # on any finding.
  fuzz=OFF
  [ "$cc" = clang ] && fuzz=ON
  CC=$cc CXX=$cxx cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DWARPSIM_WERROR=ON -DWARPSIM_SANITIZE=ON \
    -DWARPSIM_CUDA="$cuda" -DWARPSIM_FUZZ="$fuzz" >/dev/null
  cmake --build "$dir" -j "$jobs"
  if [ "$fuzz" = ON ] && ! ctest --test-dir "$dir" -N -L libfuzzer | grep -q 'Total Tests: [1-9]'; then
    echo "== clang cannot build the libFuzzer harnesses (libclang-rt-dev?): CI must fuzz" >&2
    exit 1
  fi
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$dir" --output-on-failure -j "$jobs"
done
echo "== all tests passed (gcc and clang, ASan + UBSan)"
