#!/usr/bin/env bash
# The GPU run of issue 4, in one call on the GPU machine (no network needed):
# the GPU and driver, a Release build with CUDA, warpsim-xcheck over every
# twin and type, device-reduce at 2^26 values, and warpsim-conform when it
# is built. Logs go to $OUT (default build/gpu-out), at most 8 files:
#   env.txt build.log xcheck.log scale.log conform.log summary.txt
# The summary is printed last. Exit 0 only when every step passed.
#
#   bash scripts/gpu-check.sh
# Environment: OUT, SEED (replay a cross-check: its log prints the seed),
# CASES (per program and type; default warpsim-xcheck's), JOBS (default 16),
# BUILD_DIR (default build/gpu), and timeouts in seconds: XCHECK_TIMEOUT,
# SCALE_TIMEOUT, CONFORM_TIMEOUT, and DEADLINE (default 570: the whole
# script, so the summary still prints inside a 10-minute call).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2

out=${OUT:-build/gpu-out}
mkdir -p "$out"
jobs=${JOBS:-16}
dir=${BUILD_DIR:-build/gpu}
xcheck_timeout=${XCHECK_TIMEOUT:-240}
scale_timeout=${SCALE_TIMEOUT:-60}
conform_timeout=${CONFORM_TIMEOUT:-180}
summary=()
failed=0
start=$(date +%s)
deadline=$((start + ${DEADLINE:-570}))

# limit SECONDS: the step's timeout, cut to what is left before the
# deadline (keeping 10 s for the summary), at least 1.
limit() {
  local left=$((deadline - $(date +%s) - 10))
  [ "$left" -lt "$1" ] && echo $((left > 1 ? left : 1)) || echo "$1"
}

note() { summary+=("$1"); }
# step NAME STATUS: records a step's verdict (77 is a skip, not a pass).
step() {
  local name=$1 rc=$2
  case $rc in
    0) note "PASS  $name" ;;
    77) note "SKIP  $name (no CUDA device)"; failed=1 ;;
    124) note "FAIL  $name (timed out)"; failed=1 ;;
    *) note "FAIL  $name (exit $rc)"; failed=1 ;;
  esac
}

# ---- the machine ------------------------------------------------------------
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "host: $(uname -srm), $(nproc) cores"
  # The device machine gets the working tree, not always its git history:
  # WARPSIM_COMMIT (set by whoever sends the tree) names what was sent.
  if [ -n "${WARPSIM_COMMIT:-}" ]; then
    echo "commit: $WARPSIM_COMMIT (as sent)"
  elif command -v git >/dev/null 2>&1 && git rev-parse HEAD >/dev/null 2>&1; then
    echo "commit: $(git rev-parse HEAD)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
  fi
  if command -v nvidia-smi >/dev/null 2>&1; then
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv,noheader 2>&1 | head -n 4)"
    echo "nvidia-smi: $(nvidia-smi 2>&1 | grep -o 'Driver Version: *[0-9.]*.*CUDA Version: *[0-9.]*' | head -n 1)"
  else
    echo "gpu: nvidia-smi not found"
  fi
  echo "nvcc: $(nvcc --version 2>&1 | grep -i release || echo 'not found')"
  echo "cmake: $(cmake --version | head -n 1)"
  echo "cc: $(cc --version | head -n 1)"
} 2>&1 | tee "$out/env.txt"

# ---- the build -----------------------------------------------------------------
echo "== build ($dir, Release, CUDA, -j$jobs)"
if cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DWARPSIM_CUDA=ON -DWARPSIM_BUILD_TESTS=OFF >"$out/build.log" 2>&1 &&
   cmake --build "$dir" -j "$jobs" >>"$out/build.log" 2>&1; then
  build_rc=0
else
  build_rc=$?
fi
tail -n 5 "$out/build.log"
xcheck=$dir/programs/cuda/warpsim-xcheck
conform=$dir/programs/cuda/conform/warpsim-conform
if [ $build_rc -ne 0 ]; then
  step build $build_rc
  grep -n -m 20 -i 'error' "$out/build.log"
elif [ ! -x "$xcheck" ]; then
  step "build (warpsim-xcheck not built: was a CUDA compiler found? see build.log)" 1
else
  step build 0
fi

# ---- the cross-check, the scale check, the conformance sweep -------------------
if [ -x "$xcheck" ]; then
  echo "== warpsim-xcheck (every twin, every type)"
  seed_args=()
  [ -n "${SEED:-}" ] && seed_args=(--seed "$SEED")
  case_args=()
  [ -n "${CASES:-}" ] && case_args=(--cases "$CASES")
  timeout "$(limit "$xcheck_timeout")" "$xcheck" "${seed_args[@]}" "${case_args[@]}" 2>&1 | tee "$out/xcheck.log"
  step "warpsim-xcheck" "${PIPESTATUS[0]}"
  result=$(grep -m 1 '^RESULT:' "$out/xcheck.log")
  [ -n "$result" ] && note "      $result"

  echo "== device-reduce at scale"
  : >"$out/scale.log"
  one=$(mktemp)
  for cfg in "--type f32" "--type f32 --grid 4 --block 128" "--type f32 --grid 264 --block 1024" "--type f64"; do
    # shellcheck disable=SC2086
    timeout "$(limit "$scale_timeout")" "$xcheck" --scale $cfg "${seed_args[@]}" 2>&1 | tee "$one"
    step "scale $cfg" "${PIPESTATUS[0]}"
    cat "$one" >>"$out/scale.log"
    while IFS= read -r line; do
      note "      ${line#scale: }"
    done < <(grep -E '^scale: (device-reduce|gpu sum|sim sum|EQUAL|MISMATCH|FAILED)' "$one")
  done
  rm -f "$one"
fi

if [ -x "$conform" ]; then
  echo "== warpsim-conform"
  timeout "$(limit "$conform_timeout")" "$conform" 2>&1 | tee "$out/conform.log"
  step "warpsim-conform" "${PIPESTATUS[0]}"
  note "      $(tail -n 1 "$out/conform.log")"   # conform's last line is its verdict
elif [ $build_rc -eq 0 ]; then
  note "----  warpsim-conform not built (no programs/cuda/conform)"
fi

# ---- the summary -----------------------------------------------------------------
{
  echo "== summary ($(($(date +%s) - start)) s; logs in $out)"
  grep -E '^(gpu|nvidia-smi|nvcc):' "$out/env.txt"
  printf '%s\n' "${summary[@]}"
  [ $failed -eq 0 ] && echo "ALL PASSED" || echo "SOMETHING FAILED OR WAS SKIPPED"
} 2>&1 | tee "$out/summary.txt"
exit $failed
