#!/usr/bin/env bash
# scripts/samesource-check.sh: the same CUDA source on both sides (issue 12).
#
# Every ordinary single-file CUDA program of the repository that `warpsim cc`
# supports is built twice from the same file: by nvcc for the GPU
# (nvcc -arch=sm_90 -fmad=false) and by `warpsim cc` for the CPU. Both run,
# and their standard outputs are compared byte for byte, line by line:
#   - programs/cuda/samesource/*.cu  (the corpus),
#   - docs/examples/*/*.cu           (the CMake example's whole programs: those with a main),
#   - the CUDA twins without CUB or cooperative groups (programs/cuda/twins/),
#     together in one program, twin-dump (programs/cuda/samesource/twins/),
#     which prints every output value and step of the cross-check's cases.
# The table (program, lines compared, mismatches, NaN-payload-only lines,
# status) is printed and written to OUT/samesource-table.md; each program's
# two outputs and their diff are kept under OUT/<program>/.
#
# Run from the repository root on a machine with nvcc, cmake, gcc/g++ and an
# NVIDIA GPU (sm_90: an H100/H200; --arch for another):
#   bash scripts/samesource-check.sh
# Options:
#   --out DIR     where the table and the outputs go (default build/samesource-out)
#   --build DIR   a warpsim build folder without sanitizers to use (default: the
#                 script configures and builds build/samesource, Release)
#   --arch ARCH   nvcc's -arch (default sm_90)
#   --jobs N      parallel compilations (default: the number of cores)
#   --cases K     cases per program and type for twin-dump (default 3, as the capture)
#   --no-gpu      build both sides but run only the warpsim side (no GPU here):
#                 the table then says "not run on a GPU"
# Exit status: 0 when every comparison that ran matched (known differences,
# listed below, are shown but do not fail), 1 otherwise, 2 bad usage or a
# missing tool.
set -uo pipefail

out=build/samesource-out build="" arch=sm_90 jobs=$(nproc 2>/dev/null || echo 4) cases=3 no_gpu=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --cases) cases=$2; shift 2 ;;
    --no-gpu) no_gpu=1; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "samesource-check.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

# Known differences: shown in the table, not counted as failures.
declare -A known=()

[ -f programs/cuda/samesource/warp_reduce.cu ] || { echo "samesource-check.sh: run it from the repository root" >&2; exit 2; }
root=$(pwd)
start=$(date +%s)
say() { printf '== %s\n' "$*"; }

nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
  if [ $no_gpu = 1 ]; then
    say "no nvcc: the GPU side is neither built nor run"
  else
    echo "samesource-check.sh: nvcc not found (PATH, /usr/local/cuda/bin); --no-gpu runs the warpsim side alone" >&2
    exit 2
  fi
fi
for tool in cmake gcc g++; do
  command -v $tool > /dev/null || { echo "samesource-check.sh: $tool not found" >&2; exit 2; }
done
if [ $no_gpu = 0 ] && command -v nvidia-smi > /dev/null; then
  say "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)"
fi

# ---- warpsim: a Release build of our own (no sanitizers: the GPU side links its libraries) ----
if [ -z "$build" ]; then
  build=build/samesource
  say "building warpsim (Release) in $build"
  mkdir -p "$(dirname "$build")" # a fresh clone has no build/
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DWARPSIM_BUILD_TESTS=OFF -DWARPSIM_CUDA=OFF \
        > "$build.configure.log" 2>&1 || { mkdir -p "$build"; cat "$build.configure.log"; exit 2; }
  cmake --build "$build" -j "$jobs" > "$build.build.log" 2>&1 || { tail -n 40 "$build.build.log"; exit 2; }
fi
build=$(cd "$build" && pwd)
warpsim=$build/sim/warpsim
for f in "$warpsim" "$build/programs/libwarpsim_programs.a" "$build/src/libwarpsim.a"; do
  [ -e "$f" ] || { echo "samesource-check.sh: $f is missing (is $build a warpsim build folder?)" >&2; exit 2; }
done

rm -rf "$out"
mkdir -p "$out/bin/gpu" "$out/bin/warpsim" "$out/obj/gpu" "$out/obj/warpsim" "$out/gen"
out=$(cd "$out" && pwd)

# ---- what to build ----
programs=()
for f in programs/cuda/samesource/*.cu docs/examples/*/*.cu; do
  [ -e "$f" ] && grep -qE '\bmain *\(' "$f" && programs+=("$f") # whole programs (not libraries)
done
twins=()
for f in programs/cuda/twins/*.cu; do
  grep -qE 'cooperative_groups|cub/|cub::' "$f" || twins+=("$f")
done
: > "$out/gen/twin_dump_list.h"
for f in "${twins[@]}"; do echo "WARPSIM_TWIN($(basename "$f" .cu))" >> "$out/gen/twin_dump_list.h"; done
say "${#programs[@]} programs and ${#twins[@]} twins (one program, twin-dump), built by nvcc -arch=$arch -fmad=false and by warpsim cc"

# One build command a line, run $jobs at a time; each writes its log.
nvflags=(-arch="$arch" -fmad=false -std=c++17 -O3)
twin_inc=(-I include -I programs -I programs/cuda -I programs/cuda/xcheck -I "$out/gen")
{
  for f in "${programs[@]}"; do
    name=$(basename "$f" .cu)
    # the program's own flags, both builds: its line "// samesource-flags: ..." (-ftz=true ...)
    read -r -a own <<< "$(sed -n 's|^// samesource-flags: ||p' "$f" | head -n 1)"
    [ -n "$nvcc" ] && printf '%q ' "$nvcc" "${nvflags[@]}" "${own[@]}" "$f" -o "$out/bin/gpu/$name" && printf '> %q 2>&1\n' "$out/bin/gpu/$name.log"
    printf '%q ' "$warpsim" cc -O2 "${own[@]}" "$f" -o "$out/bin/warpsim/$name"; printf '> %q 2>&1\n' "$out/bin/warpsim/$name.log"
  done
  if [ -n "$nvcc" ]; then
    for f in "${twins[@]}"; do
      name=$(basename "$f" .cu)
      printf '%q ' "$nvcc" "${nvflags[@]}" "${twin_inc[@]}" -c "$f" -o "$out/obj/gpu/$name.o"
      printf '> %q 2>&1\n' "$out/obj/gpu/$name.log"
    done
  fi
  printf '%q ' "$warpsim" cc -O2 "${twins[@]}" programs/cuda/samesource/twins/twin_dump.c programs/cuda/xcheck/cases.c \
    programs/cuda/twin_result.c "$build/programs/libwarpsim_programs.a" "${twin_inc[@]}" -o "$out/bin/warpsim/twin-dump"
  printf '> %q 2>&1\n' "$out/bin/warpsim/twin-dump.log"
} > "$out/build-commands.sh"
say "compiling ($jobs at a time; the commands are in $out/build-commands.sh)"
tr '\n' '\0' < "$out/build-commands.sh" | xargs -0 -n 1 -P "$jobs" bash -c 'eval "$1"' _ || true
if [ -n "$nvcc" ]; then # twin-dump for the GPU: the twins' objects, the C driver, CUDA's runtime
  objs=()
  for f in "${twins[@]}"; do objs+=("$out/obj/gpu/$(basename "$f" .cu).o"); done
  for c in programs/cuda/samesource/twins/twin_dump.c programs/cuda/xcheck/cases.c programs/cuda/twin_result.c; do
    gcc -std=c17 -O2 -ffp-contract=off "${twin_inc[@]}" -c "$c" -o "$out/obj/gpu/$(basename "$c" .c).c.o" \
      >> "$out/bin/gpu/twin-dump.log" 2>&1
    objs+=("$out/obj/gpu/$(basename "$c" .c).c.o")
  done
  "$nvcc" -arch="$arch" "${objs[@]}" "$build/programs/libwarpsim_programs.a" "$build/src/libwarpsim.a" \
    -Xcompiler -fopenmp -lgomp -lm -o "$out/bin/gpu/twin-dump" >> "$out/bin/gpu/twin-dump.log" 2>&1
fi

# ---- run and compare ----
names=()
for f in "${programs[@]}"; do names+=("$(basename "$f" .cu)"); done
names+=(twin-dump)
table=$out/samesource-table.md
{
  echo "| program | lines compared | mismatches | NaN-payload-only | status |"
  echo "| --- | ---: | ---: | ---: | --- |"
} > "$table"
failures=0 total_lines=0 total_mismatches=0
for name in "${names[@]}"; do
  d=$out/$name
  mkdir -p "$d"
  args=()
  [ "$name" = twin-dump ] && args=(--cases "$cases")
  status="" lines=0 mism=0 nan=0
  if [ ! -x "$out/bin/warpsim/$name" ]; then
    status="warpsim cc failed to build it ($out/bin/warpsim/$name.log)"
  elif [ -n "$nvcc" ] && [ ! -x "$out/bin/gpu/$name" ]; then
    status="nvcc failed to build it ($out/bin/gpu/$name.log)"
  fi
  if [ -z "$status" ]; then
    timeout 600 "$out/bin/warpsim/$name" "${args[@]}" > "$d/warpsim.out" 2> "$d/warpsim.err"
    ws_rc=$?
    if [ $no_gpu = 1 ]; then
      lines=$(wc -l < "$d/warpsim.out")
      status="not run on a GPU (warpsim side: exit $ws_rc)"
      [ $ws_rc = 0 ] || failures=$((failures + 1))
    else
      timeout 600 "$out/bin/gpu/$name" "${args[@]}" > "$d/gpu.out" 2> "$d/gpu.err"
      gpu_rc=$?
      # Line by line: a line differs, or one side has it and the other not.
      # NaN-payload-only: twin-dump lines equal but for the bits, both NaNs of f32/f64.
      read -r lines mism nan < <(awk '
        function nan(t, h,   v) {
          v = tolower(h); sub(/^0x/, "", v)
          if (t == "f32") return length(v) == 8 && (substr(v,1,3) ~ /^(7f[89a-f]|ff[89a-f])$/) && v !~ /^(7f800000|ff800000)$/
          if (t == "f64") return length(v) == 16 && (substr(v,1,4) ~ /^(7ff[0-9a-f]|fff[0-9a-f])$/) && v !~ /^(7ff0000000000000|fff0000000000000)$/
          return 0
        }
        NR == FNR { g[FNR] = $0; ng = FNR; next }
        { c[FNR] = $0; nc = FNR }
        END {
          n = ng > nc ? ng : nc; m = 0; q = 0
          for (i = 1; i <= n; i++) {
            if ((i in g) && (i in c) && g[i] == c[i]) continue
            if ((i in g) && (i in c)) {
              a = g[i]; b = c[i]; na = split(a, fa, " "); nb = split(b, fb, " ")
              if (na == nb && na >= 2) {
                ha = fa[na]; hb = fb[na]; sub(/ [^ ]*$/, "", a); sub(/ [^ ]*$/, "", b)
                if (a == b && nan(fa[na-1], ha) && nan(fb[nb-1], hb)) { q++; continue }
              }
            }
            m++
          }
          print n, m, q
        }' "$d/gpu.out" "$d/warpsim.out")
      diff "$d/gpu.out" "$d/warpsim.out" > "$d/diff.txt"
      if [ $gpu_rc != 0 ] || [ $ws_rc != 0 ]; then
        status="exit status: GPU $gpu_rc, warpsim $ws_rc"
        [ -n "${known[$name]:-}" ] || failures=$((failures + 1))
      elif [ "$mism" = 0 ]; then
        status="same"
        [ "$nan" = 0 ] || status="same but for NaN payloads"
      elif [ -n "${known[$name]:-}" ]; then
        status=${known[$name]}
      else
        status="DIFFERENT ($name/diff.txt)"
        failures=$((failures + 1))
      fi
      total_lines=$((total_lines + lines)); [ -n "${known[$name]:-}" ] || total_mismatches=$((total_mismatches + mism))
    fi
  else
    failures=$((failures + 1))
  fi
  echo "| $name | $lines | $mism | $nan | $status |" >> "$table"
done
{
  echo
  echo "GPU: $( [ $no_gpu = 1 ] && echo "not run (--no-gpu)" || (nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1 || echo unknown))"
  echo "nvcc: $([ -n "$nvcc" ] && "$nvcc" --version | tail -n 2 | head -n 1 || echo none); flags: -arch=$arch -fmad=false -std=c++17 -O3"
  echo "warpsim: $("$warpsim" --version) ($build); warpsim cc -O2 with $(c++ --version | head -n 1)"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' (with local changes)'); date: $(date -u +%Y-%m-%dT%H:%MZ); $(( $(date +%s) - start )) s"
  echo "total: $total_lines lines compared, $total_mismatches mismatches outside known differences, $failures failing rows"
} >> "$table"
echo
cat "$table"
echo
echo "written: $table (outputs and diffs under $out/<program>/)"
[ $failures = 0 ]
