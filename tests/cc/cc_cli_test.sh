#!/usr/bin/env bash
# warpsim cc end to end: a whole .cu program (host code, launches in a
# header, extern __shared__, the runtime API) built and run on the CPU; the
# compiler's errors and the rewriter's name the user's file and line; an
# invalid configuration and undefined behaviour under WARPSIM_DIAG=error
# give CUDA's error codes.   usage: cc_cli_test.sh WARPSIM
set -u
warpsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
check() { # name, condition result
  if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}

mkdir -p "$dir/inc"
cat > "$dir/inc/launch.cuh" <<'CU'
// A header that launches a kernel: rewritten too.
template <typename K, typename... A> void launch_on_one_warp(K kernel, A... args)
{
    kernel<<<1, 32>>>(args...);
}
CU
cat > "$dir/prog.cu" <<'CU'
#include <cstdio>
#include <cuda_runtime.h>
#include "launch.cuh"

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s failed: %s (%s)\n", #call, cudaGetErrorString(e_), cudaGetErrorName(e_)); return 1; } } while (0)

__constant__ int bias;

template <typename T, int N> __global__ void block_sum(const T *in, T *out)
{
    extern __shared__ T partial[];
    T v = in[threadIdx.x] + (T)bias;
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if (threadIdx.x % warpSize == 0)
        partial[threadIdx.x / warpSize] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        T s = 0;
        for (int w = 0; w < N; w++)
            s += partial[w];
        *out = s;
    }
}

__global__ void lanes(int *out) { out[threadIdx.x] = __popc(__ballot_sync(0xffffffffu, threadIdx.x & 1)); }

__global__ void bad_mask(int *out) { out[threadIdx.x] = __shfl_sync(0x1u, (int)threadIdx.x, 0); }

int main()
{
    int h[128], *in, *out, r = 0;
    for (int i = 0; i < 128; i++) h[i] = i;
    int b = 1;
    CHECK(cudaMemcpyToSymbol(bias, &b, sizeof b));
    CHECK(cudaMalloc(&in, sizeof h));
    CHECK(cudaMalloc((void **)&out, 128 * sizeof(int)));
    CHECK(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
    cudaStream_t st;
    CHECK(cudaStreamCreate(&st));
    block_sum<int, 4><<<dim3(1, 1, 1), dim3(128),
                        4 * sizeof(int), st>>>(in, out);
    CHECK(cudaGetLastError());
    CHECK(cudaStreamSynchronize(st));
    CHECK(cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost));
    printf("sum %d\n", r);
    launch_on_one_warp(lanes, out);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(&r, out + 5, sizeof r, cudaMemcpyDeviceToHost));
    printf("ballot popc %d\n", r);
    block_sum<int, 4><<<1, 1025>>>(in, out);
    cudaError_t e = cudaGetLastError();
    printf("block of 1025: %d %s; then %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    // Every dimension allowed, 2048 threads in all (the H200: invalid value, as a block of 2048).
    block_sum<int, 4><<<1, dim3(32, 32, 2)>>>(in, out);
    e = cudaGetLastError();
    printf("block (32, 32, 2): %d %s; then %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    block_sum<int, 4><<<1, dim3(1024, 2, 1)>>>(in, out);
    e = cudaGetLastError();
    printf("block (1024, 2, 1): %d %s\n", (int)e, cudaGetErrorName(e));
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    printf("%s: sm_%d%d, warpSize %d, %d threads per block\n", p.name, p.major, p.minor, p.warpSize,
           p.maxThreadsPerBlock);
    bad_mask<<<1, 32>>>(out);
    e = cudaDeviceSynchronize();
    printf("bad mask: %s\n", cudaGetErrorName(e));
    CHECK(cudaStreamDestroy(st));
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
    return 0;
}
CU
"$warpsim" cc "$dir/prog.cu" -I "$dir/inc" -o "$dir/prog" > "$dir/build.txt" 2>&1
check "builds a .cu program with a launch in a header" $?
WARPSIM_DIAG=warn "$dir/prog" > "$dir/out.txt" 2> "$dir/err.txt"
check "runs (warn)" $?
grep -qx "sum 8256" "$dir/out.txt"; check "block sum through extern __shared__ and __constant__" $?
grep -qx "ballot popc 16" "$dir/out.txt"; check "the launch in the header ran" $?
grep -qx "block of 1025: 1 cudaErrorInvalidValue; then cudaSuccess" "$dir/out.txt"
check "a block of 1025 is cudaErrorInvalidValue (the H200's answer), not sticky" $?
grep -qx "block (32, 32, 2): 1 cudaErrorInvalidValue; then cudaSuccess" "$dir/out.txt" &&
  grep -qx "block (1024, 2, 1): 1 cudaErrorInvalidValue" "$dir/out.txt"
check "blocks (32, 32, 2) and (1024, 2, 1), 2048 threads: cudaErrorInvalidValue, not sticky" $?
grep -qx "warpsim model of an NVIDIA H200 (no GPU): sm_90, warpSize 32, 1024 threads per block" "$dir/out.txt"
check "cudaGetDeviceProperties" $?
# Every property and attribute is the H200's (docs/probes/device_probe.cu and its H200 output), but the
# name (not a GPU), totalGlobalMem (the host's when it has less) and the size of the struct.
"$warpsim" cc "$src/docs/probes/device_probe.cu" -o "$dir/device_probe" && "$dir/device_probe" > "$dir/dp.txt" &&
  diff <(grep -v '^name \|^totalGlobalMem \|^sizeof' "$dir/dp.txt") \
       <(grep -v '^name \|^totalGlobalMem \|^sizeof' "$src/docs/probes/device_probe.h200.txt") > "$dir/dp.diff"
check "every cudaDeviceProp field and cudaDeviceAttr: the H200's ($(grep -c . "$dir/dp.txt") lines)" $?
[ -s "$dir/dp.diff" ] && head -5 "$dir/dp.diff"
grep -qx "bad mask: cudaSuccess" "$dir/out.txt"; check "undefined behaviour under warn: the launch succeeds" $?
grep -q "prog.cu:29" "$dir/err.txt"; check "the diagnostic names prog.cu:29" $?
WARPSIM_DIAG=error "$dir/prog" > "$dir/out2.txt" 2>&1
grep -qx "bad mask: cudaErrorLaunchFailure" "$dir/out2.txt"; check "WARPSIM_DIAG=error: cudaErrorLaunchFailure" $?
WARPSIM_DIAG=ignore "$dir/prog" > "$dir/out3.txt" 2> "$dir/err3.txt"
! grep -q "CALLER_NOT_IN_MASK\|SOURCE_NOT_IN_MASK" "$dir/err3.txt"; check "WARPSIM_DIAG=ignore: no diagnostics" $?

# A compile error points at the user's file and line.
printf '#include <cstdio>\n__global__ void k(int *p)\n{\n    *p = undeclared_name;\n}\nint main() { k<<<1, 1>>>(nullptr); }\n' > "$dir/err.cu"
"$warpsim" cc "$dir/err.cu" -o "$dir/e" > "$dir/cerr.txt" 2>&1
[ $? -eq 1 ]; check "a compile error fails with status 1" $?
grep -q "err.cu:4" "$dir/cerr.txt"; check "the compile error names err.cu:4" $?

# What the rewriter cannot rewrite is an error naming the file and line.
printf 'int main()\n{\n    k<<<1, 1>>> oops;\n}\n' > "$dir/bad.cu"
"$warpsim" cc "$dir/bad.cu" -o "$dir/b" > "$dir/rerr.txt" 2>&1
[ $? -eq 1 ]; check "a rewrite error fails with status 1" $?
grep -q "bad.cu:3: kernel launch" "$dir/rerr.txt"; check "the rewrite error names bad.cu:3" $?

# -v prints the commands, --keep keeps the rewritten source, temp files go.
"$warpsim" cc "$dir/prog.cu" -I "$dir/inc" -o "$dir/prog2" -v --keep > "$dir/v.txt" 2>&1
check "-v --keep builds" $?
grep -q -- "-std=c++17" "$dir/v.txt" && grep -q -- "-include warpsim/cuda_runtime.h" "$dir/v.txt"
check "-v prints the compile command" $?
kept=$(sed -n 's/^warpsim cc: kept the rewritten sources in //p' "$dir/v.txt")
[ -n "$kept" ] && grep -q "ws_cudart_launch_" "$kept"/0-prog.cu.cpp; check "--keep keeps the rewritten source" $?
[ -n "$kept" ] && rm -rf "$kept"
"$warpsim" cc --help | grep -q "usage: warpsim cc"; check "--help" $?
"$warpsim" cc > /dev/null 2>&1; [ $? -eq 2 ]; check "no source: status 2" $?

# Launches as calls (issue 12): 0 and NULL for a pointer parameter, overloaded
# kernels, template arguments deduced from the arguments, default arguments,
# implicit conversions, cudaLaunchKernel; a launch from device code traps.
cat > "$dir/calls.cu" <<'CU'
#include <cstdio>
__global__ void k(int *p, float f) { if (p) p[threadIdx.x] = (int)f; else if (threadIdx.x == 0) printf("null %g\n", f); }
__global__ void ov(int *p) { p[0] = 1; }
__global__ void ov(float *p) { p[0] = 2.5f; }
template <typename T> __global__ void fill(T *p, T v, int n = 4) { if ((int)threadIdx.x < n) p[threadIdx.x] = v; }
__global__ void zeros(int *p, int z, unsigned u, float f) { p[threadIdx.x] = 10 + z + (int)u + (int)f; }
__global__ void parent(int *p) { k<<<1, 1>>>(p, 1); }
int main()
{
    int *p;
    float *q;
    cudaMalloc(&p, 32 * sizeof(int));
    cudaMalloc(&q, 32 * sizeof(float));
    cudaMemset(p, 0, 32 * sizeof(int));
    cudaMemset(q, 0, 32 * sizeof(float));
    k<<<1, 32>>>(0, 1);
    k<<<1, 32>>>(NULL, 2.0);
    k<<<1, 32>>>(p, 3);
    printf("k %d\n", p[31]);
    ov<<<1, 1>>>(p);
    ov<<<1, 1>>>(q);
    printf("ov %d %g\n", p[0], q[0]);
    fill<<<1, 8>>>(q, 2.5f);
    fill<<<1, 8>>>(p, 7, 8);
    printf("fill %g %g %d\n", q[3], q[4], p[7]);
    zeros<<<1, 1>>>(p, 0, 0, 0);
    printf("zeros %d\n", p[0]);
    void *args[] = {&p, &q[3]};
    cudaLaunchKernel(k, dim3(1), dim3(2), args, 0, 0);
    printf("cudaLaunchKernel %d %d\n", p[0], p[1]);
    parent<<<1, 2>>>(p);
    printf("parent %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaFree(p);
    cudaFree(q);
    return 0;
}
CU
"$warpsim" cc "$dir/calls.cu" -o "$dir/calls" > "$dir/calls.build" 2>&1
check "launches as calls: builds" $?
"$dir/calls" > "$dir/calls.out" 2> "$dir/calls.err"
printf '%s\n' "null 1" "null 2" "k 3" "ov 1 2.5" "fill 2.5 0 7" "zeros 10" "cudaLaunchKernel 2 2" \
  "parent cudaErrorLaunchFailure" | cmp -s - "$dir/calls.out"
check "0 and NULL, overloads, deduced templates, default arguments, cudaLaunchKernel" $?
grep -q "launched from device code: dynamic parallelism is not supported" "$dir/calls.err"
check "a launch from device code: a clear message, cudaErrorLaunchFailure" $?

# What is not supported fails to compile with a message naming it.
printf '#include <cuda_pipeline.h>\nint main() { return 0; }\n' > "$dir/cg.cu"
"$warpsim" cc "$dir/cg.cu" -o "$dir/cg" > "$dir/cg.txt" 2>&1
[ $? -eq 1 ] && grep -q "<cuda_pipeline.h>: asynchronous copies (memcpy_async, pipelines): not supported by the CUDA front end" "$dir/cg.txt"
check "#include <cuda_pipeline.h>: not supported, said so" $?
printf 'int main()\n{\n    cudaGraph_t g;\n    cudaGraphCreate(&g, 0);\n}\n' > "$dir/graph.cu"
"$warpsim" cc "$dir/graph.cu" -o "$dir/graph" > "$dir/graph.txt" 2>&1
[ $? -eq 1 ] && grep -q "graph.cu:4" "$dir/graph.txt" && grep -q "cudaGraphCreate is not supported: CUDA graphs" "$dir/graph.txt"
check "cudaGraphCreate: not supported, said so at graph.cu:4" $?
printf '__global__ void k(int *p, int n) { p[0] = n; }\nint main()\n{\n    k<<<1, 1>>>(nullptr);\n}\n' > "$dir/arity.cu"
"$warpsim" cc "$dir/arity.cu" -o "$dir/arity" > "$dir/arity.txt" 2>&1
[ $? -eq 1 ] && grep -q "arity.cu:4" "$dir/arity.txt" && grep -q "no kernel of this name takes these arguments" "$dir/arity.txt"
check "too few kernel arguments: a compile error at arity.cu:4" $?

# --rewrite-only: the C++ file for a build system, the rewritten headers
# beside it, a depfile of the headers read.
mkdir -p "$dir/gen"
"$warpsim" cc --rewrite-only "$dir/prog.cu" -I "$dir/inc" -o "$dir/gen/prog.cpp" -MF "$dir/gen/prog.d"
check "--rewrite-only" $?
head -n 3 "$dir/gen/prog.cpp" | cmp -s - <(printf '#include <warpsim/cuda.h>\n#include <warpsim/cuda_runtime.h>\n#line 1 "%s"\n' "$dir/prog.cu")
check "--rewrite-only: the front-end headers first, then #line 1" $?
grep -q "gen/prog.cpp.headers/h0-launch.cuh" "$dir/gen/prog.cpp" && grep -q "ws_cudart_launch_" "$dir/gen/prog.cpp.headers/h0-launch.cuh"
check "--rewrite-only: the header that launches is rewritten beside the output" $?
grep -qx "$dir/gen/prog.cpp: $dir/prog.cu $dir/inc/launch.cuh" "$dir/gen/prog.d"
check "-MF: the depfile names the .cu and its header" $?
# --rewrite-only reads the raw source: an apostrophe in #error text that #if 0
# skips opens no character literal past its line, so the launch after it is rewritten.
printf '__global__ void k() {}\n#if 0\n#error this can'"'"'t be\n#endif\nint main() { k<<<1, 1>>>(); }\n' > "$dir/apos.cu"
"$warpsim" cc --rewrite-only "$dir/apos.cu" -o "$dir/gen/apos.cpp" && grep -q 'ws_cudart_launch_("k"' "$dir/gen/apos.cpp"
check "--rewrite-only: a launch after #error can't (in #if 0) is rewritten" $?
"$warpsim" cc --rewrite-only "$dir/prog.cu" > /dev/null 2>&1; [ $? -eq 2 ]; check "--rewrite-only without -o: status 2" $?
"$warpsim" cc --rewrite-only "$dir/prog.cu" "$dir/err.cu" -o "$dir/x.cpp" > /dev/null 2>&1; [ $? -eq 2 ]
check "--rewrite-only with two files: status 2" $?

# An nvcc command line works: nvcc's GPU-side flags are accepted and ignored,
# --std, -Xcompiler/--compiler-options and -Xlinker are mapped; fast math is refused.
"$warpsim" cc -x cu "$dir/calls.cu" --std=c++17 -arch sm_90 -gencode arch=compute_90,code=sm_90 -Xptxas -v \
  -maxrregcount=64 -G -lineinfo -rdc=true -ccbin g++ -Xcompiler -Wall --compiler-options -Wextra -Xlinker -O1 \
  --expt-relaxed-constexpr -o "$dir/calls2" > "$dir/nvflags.txt" 2>&1 && "$dir/calls2" 2> /dev/null | cmp -s - "$dir/calls.out"
check "nvcc's flags: accepted, the same program" $?
"$warpsim" cc -use_fast_math "$dir/calls.cu" -o "$dir/fast" > "$dir/fast.txt" 2>&1; [ $? -eq 2 ] && grep -q "use_fast_math: not supported" "$dir/fast.txt"
check "-use_fast_math: refused with status 2" $?
(cd "$dir" && "$warpsim" cc -dc calls.cu) && [ -f "$dir/calls.o" ]; check "-dc: an object file, as -c" $?
"$warpsim" cc "$dir/calls.o" -o "$dir/calls3" && "$dir/calls3" 2> /dev/null | cmp -s - "$dir/calls.out"
check "objects alone are linked (warpsim cc a.o -o prog)" $?
"$warpsim" cc -l m > /dev/null 2>&1; [ $? -eq 2 ]; check "-l m alone: no source files, status 2" $?
# Issue 20: what nvcc accepts and users type; -o naming the source is refused and the source kept.
cp "$dir/calls.cu" "$dir/-x.cu"
(cd "$dir" && "$warpsim" cc -x cuda -t 4 --threads 2 -allow-unsupported-compiler -iquote . -o calls4 -- -x.cu) &&
  "$dir/calls4" 2> /dev/null | cmp -s - "$dir/calls.out"
check "-x cuda, -t N, --threads N, -allow-unsupported-compiler, -iquote DIR, -- before -x.cu" $?
cp "$dir/calls.cu" "$dir/keep.cu"
"$warpsim" cc "$dir/keep.cu" -o "$dir/keep.cu" > "$dir/keep.txt" 2>&1; [ $? -eq 2 ] && cmp -s "$dir/keep.cu" "$dir/calls.cu" &&
  grep -q "that is the source file" "$dir/keep.txt"
check "-o naming the source: status 2, the source untouched" $?
# An option that is neither warpsim cc's, nvcc's nor the compiler's is refused, as nvcc refuses it
# (g++ -Q would print its internals and exit 0).
"$warpsim" cc -Q "$dir/calls.cu" -o "$dir/q" > "$dir/q.txt" 2>&1; [ $? -eq 2 ] && [ ! -e "$dir/q" ] &&
  [ "$(wc -l < "$dir/q.txt")" -eq 1 ] && grep -q -- "-Q: not an option of warpsim cc" "$dir/q.txt"
check "-Q: refused with one line, status 2" $?
# --keep keeps the preprocessed text too, whose line markers name the user's file.
"$warpsim" cc "$dir/calls.cu" -o "$dir/calls5" --keep > "$dir/k.txt" 2>&1
kept=$(sed -n 's/^warpsim cc: kept the rewritten sources in //p' "$dir/k.txt")
[ -n "$kept" ] && grep -q "^# [0-9]* \"$dir/calls.cu\"" "$kept"/0-calls.cu.ii && grep -q "ws_cudart_launch_" "$kept"/0-calls.cu.cpp
check "--keep: the preprocessed .ii and the rewritten .cpp" $?
[ -n "$kept" ] && rm -rf "$kept"
# A signal ends the compiler child too, and the temporary folder goes (TMPDIR is where it is made).
mkdir -p "$dir/tmp"
{ echo '#include <cstdio>'; for i in $(seq 4000); do echo "template <int N> struct S$i { static int f() { return N + $i; } }; int g$i() { return S$i<$i>::f(); }"; done; echo 'int main() { return 0; }'; } > "$dir/slow.cu"
TMPDIR="$dir/tmp" "$warpsim" cc "$dir/slow.cu" -o "$dir/slow" > /dev/null 2>&1 &
ccpid=$!
for _ in $(seq 100); do [ -n "$(ls "$dir/tmp")" ] && break; sleep 0.05; done
sleep 0.3
kill -TERM "$ccpid"; wait "$ccpid"; rc=$?
# the compiler child ends on its own signal: on a loaded machine that can take a moment
for _ in $(seq 50); do
  [ -z "$(ls "$dir/tmp")" ] && ! grep -qsF "$dir/slow.cu" /proc/[0-9]*/cmdline && break
  sleep 0.1
done
[ "$rc" -eq 143 ] && [ -z "$(ls "$dir/tmp")" ] && ! grep -qsF "$dir/slow.cu" /proc/[0-9]*/cmdline && [ ! -e "$dir/slow" ]
check "SIGTERM: the compiler ended, the temporary folder removed, status 143" $?
# A name in a message is cut and its control bytes written as \xNN: one line on the terminal.
long=$(printf 'x%.0s' $(seq 3000))
"$warpsim" cc "$(printf 'a\033[31m\nb')$long.txt" > "$dir/name.txt" 2>&1; [ $? -eq 2 ] &&
  [ "$(wc -l < "$dir/name.txt")" -eq 1 ] && [ "$(wc -c < "$dir/name.txt")" -lt 400 ] && grep -qF 'a\x1b[31m\x0ab' "$dir/name.txt"
check "a file name in a message: bounded, control bytes escaped" $?

# The math names warpsim routes (sin, exp, atan2 ...) leave the standard library's own overloads
# working: <complex>, <valarray> and <random> after cuda.h, long double, std:: and integer calls;
# a kernel's sinf is CUDA's (its bits: the ctest samesource_corpus), host code's the host's.
cat > "$dir/mathnames.cu" <<'CU'
#include <complex>
#include <cstdio>
#include <random>
#include <valarray>
__global__ void k(float *o) { o[threadIdx.x] = sinf(1.0f) + std::sin(2.0f) + tan(0.5f) + powf(2.0f, 0.5f); }
int main()
{
    std::complex<double> z(0.0, 0.0);
    std::valarray<double> v(0.0, 3);
    v = std::exp(std::sin(v));
    std::mt19937 g(1);
    std::normal_distribution<double> nd(0.0, 1.0);
    long double ld = 0.0L;
    double h = std::abs(std::exp(z)) + v[2] + (double)std::cos(ld) + std::atan2(0, 1) + (nd(g) == nd(g) ? 0 : 0);
    float *d, r;
    cudaMalloc(&d, 32 * sizeof(float));
    k<<<1, 32>>>(d);
    cudaMemcpy(&r, d, sizeof r, cudaMemcpyDeviceToHost);
    std::printf("%g %d %d\n", h, r == sinf(1.0f) + std::sin(2.0f) + tan(0.5f) + powf(2.0f, 0.5f) ? 1 : 2, sinf(1.0f) == 0x1.aed548p-1f);
}
CU
"$warpsim" cc "$dir/mathnames.cu" -o "$dir/mathnames" > "$dir/mathnames.txt" 2>&1 && "$dir/mathnames" > "$dir/mathnames.out" 2>&1
check "math names: <complex>, <valarray>, <random>, long double and std:: still build and run" $?
grep -qx "3 [12] 1" "$dir/mathnames.out"; check "math names: |exp(0i)| + exp(sin(0)) + cos(0) + atan2(0, 1) = 3; host sinf(1) is the host's" $?

# The math names as users also spell them: a float function passed to a template or kept in a
# pointer is CUDA's, as its direct call is (they were the host's libm before); CUDA's float
# overloads of its own names (j0(float) is j0f, sincospi on floats, jn(int, float)); std::lgammaf
# and the other f names of <cmath>; min and max of mixed widths and signs as CUDA declares them.
cat > "$dir/mathspell.cu" <<'CU'
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>
template <float (*F)(float)> __device__ float apply(float x) { return F(x); }
__global__ void k(unsigned *bad)
{
    float (*const fns[])(float) = {sinf, expf, logf, tanhf};
    for (int i = 0; i < 256; i++) {
        float x = 0.37f + 0.731f * (float)(threadIdx.x * 256 + i);
        float d[4] = {sinf(x), expf(x * 0.01f), logf(x), tanhf(x * 0.001f)};
        float a[4] = {x, x * 0.01f, x, x * 0.001f};
        for (int f = 0; f < 4; f++) {
            float r = fns[f](a[f]);
            if (memcmp(&d[f], &r, 4) != 0)
                atomicAdd(bad, 1u);
        }
        float s = apply<sinf>(x);
        if (memcmp(&s, &d[0], 4) != 0)
            atomicAdd(bad, 1u);
    }
    float s1, c1, s2, c2;
    sincospi(0.3f, &s1, &c1);
    sincospif(0.3f, &s2, &c2);
    float j = j0(2.5f), jf = j0f(2.5f), jn2 = jn(2, 2.5f), jnf2 = jnf(2, 2.5f), y = y0(-40.0f);
    float lg = std::lgammaf(3.5f), lgf = lgammaf(3.5f);
    unsigned ybits;
    memcpy(&ybits, &y, 4);
    if (s1 != s2 || c1 != c2 || j != jf || jn2 != jnf2 || ybits != 0x7FFFFFFFu || lg != lgf)
        atomicAdd(bad, 1000u);
    size_t a = 300, b = 256;
    if (min(a, b) != 256 || min(-1, 5u) != 5u || max(-1, 5u) != 0xFFFFFFFFu || max(-3L, 2L) != 2L ||
        min(2.0f, 1.0) != 1.0 || max(7ULL, -1LL) != ~0ULL)
        atomicAdd(bad, 100000u);
}
int main()
{
    unsigned *d, h;
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    k<<<1, 32>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    std::printf("%u\n", h);
}
CU
"$warpsim" cc "$dir/mathspell.cu" -o "$dir/mathspell" > "$dir/mathspell.txt" 2>&1 && "$dir/mathspell" > "$dir/mathspell.out" 2>&1 &&
  [ "$(cat "$dir/mathspell.out")" = 0 ]
check "math spellings: function pointers and templates of sinf/expf/logf/tanhf, j0(float), sincospi(float), std::lgammaf, mixed min/max" $?

# Dynamic shared memory viewed through a reference cast, as CUB users write it
# (reinterpret_cast<TempStorage &>(smem), and the C-style (T &)smem): the memory, not a pointer
# variable. 32 threads write 0..31 and 32..63 through two views and read them back through a
# third: 0 + 1 + ... + 63 = 2016.
cat > "$dir/smemref.cu" <<'CU'
#include <cstdio>
struct Storage { int a[32]; int b[32]; };
__global__ void k(int *out)
{
    extern __shared__ __align__(16) unsigned char smem[];
    Storage &s1 = reinterpret_cast<Storage &>(smem);
    Storage &s2 = (Storage &)smem;
    int *flat = reinterpret_cast<int *>(smem);
    s1.a[threadIdx.x] = (int)threadIdx.x;
    s2.b[threadIdx.x] = 32 + (int)threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) {
        int sum = 0;
        for (int i = 0; i < 64; i++)
            sum += flat[i];
        *out = sum;
    }
}
int main()
{
    int *d, h = 0;
    cudaMalloc(&d, sizeof h);
    k<<<2, 32, sizeof(Storage)>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    std::printf("%d\n", h);
}
CU
"$warpsim" cc "$dir/smemref.cu" -o "$dir/smemref" > "$dir/smemref.txt" 2>&1 && [ "$("$dir/smemref")" = 2016 ]
check "extern __shared__ through reinterpret_cast<T &> and (T &): the shared memory itself (2016)" $?

# CUB's version macros as CUDA 13.0's headers define them (code gated on them takes the same
# branch), and KeyValuePair/ArgMax reachable from a block header alone, as with CUB.
cat > "$dir/cubver.cu" <<'CU'
#include <cstdio>
#include <cub/block/block_reduce.cuh>
#if CUB_VERSION != 300001 || CUB_MAJOR_VERSION != 3 || CCCL_VERSION != 3000001 || CCCL_MINOR_VERSION != 0
#error "versions"
#endif
__global__ void k(int *out)
{
    using R = cub::BlockReduce<cub::KeyValuePair<int, int>, 32>;
    __shared__ R::TempStorage ts;
    cub::KeyValuePair<int, int> kv((int)threadIdx.x, (int)((threadIdx.x * 7) % 32));
    kv = R(ts).Reduce(kv, cub::ArgMax());
    if (threadIdx.x == 0)
        *out = kv.key * 100 + kv.value;
}
int main()
{
    int *d, h = 0;
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaMallocAsync(&d, sizeof h, s);
    k<<<1, 32, 0, s>>>(d);
    cudaMemcpyAsync(&h, d, sizeof h, cudaMemcpyDeviceToHost, s);
    cudaFreeAsync(d, s);
    cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
    std::printf("%d\n", h);
}
CU
"$warpsim" cc "$dir/cubver.cu" -o "$dir/cubver" > "$dir/cubver.txt" 2>&1 && [ "$("$dir/cubver")" = 931 ]
check "CUB: CUB_VERSION and CCCL_VERSION as CUDA 13.0's; KeyValuePair and ArgMax from <cub/block/block_reduce.cuh> (lane 9 holds 7 * 9 mod 32 = 31); cudaMallocAsync/cudaFreeAsync" $?

# Two calls on one line are two call sites, as on the GPU (two instructions): the H200's
# __activemask() in the two sides of an if/else (docs/probes/convergence_probe.md: 0x3ff and
# 0xfffffc00), and a ballot in each side over that side's lanes (odd lanes above 20: 0xaaa00000;
# even lanes below 4: 0x5); written on one line they were one site, every lane's result the same.
cat > "$dir/oneline.cu" <<'CU'
#include <cstdio>
__global__ void k(unsigned *o)
{
    unsigned lane = threadIdx.x, a = 0, b = 0, c;
    if (lane < 10) a = __activemask(); else b = __activemask();
    if (lane & 1) c = __ballot_sync(__activemask(), lane > 20); else c = __ballot_sync(__activemask(), lane < 4);
    o[lane] = a | b;
    o[32 + lane] = c;
}
int main()
{
    unsigned *d, h[64];
    cudaMalloc(&d, sizeof h);
    k<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 32; i++)
        bad += h[i] != (i < 10 ? 0x3ffu : 0xfffffc00u) || h[32 + i] != (i & 1 ? 0xaaa00000u : 0x5u);
    std::printf("%d\n", bad);
}
CU
"$warpsim" cc "$dir/oneline.cu" -o "$dir/oneline" > "$dir/oneline.txt" 2>&1 && [ "$("$dir/oneline")" = 0 ]
check "two __activemask()/__ballot_sync calls on one line are two call sites (the H200's masks)" $?

# Runtime calls real programs make: atomicCAS on unsigned short (two halves of one word, each
# taken by one of its own threads: an even thread's id + 1 is odd, an odd one's even, whichever
# wins), cudaStreamPerThread, cudaGetSymbolAddress/Size, cudaDeviceGetLimit's documented 1 KiB
# stack, cudaEventElapsedTime of a cudaEventDisableTiming event (cudaErrorInvalidResourceHandle,
# 400), destroying the per-thread stream (400).
cat > "$dir/rtcalls.cu" <<'CU'
#include <cstdio>
__device__ int sym[10];
__global__ void k(unsigned short *p) { atomicCAS(p + threadIdx.x % 2, (unsigned short)0, (unsigned short)(threadIdx.x + 1)); }
int main()
{
    unsigned short *d, h[2];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    k<<<1, 32, 0, cudaStreamPerThread>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    void *a;
    size_t n, lim;
    cudaGetSymbolAddress(&a, sym);
    cudaGetSymbolSize(&n, sym);
    cudaDeviceGetLimit(&lim, cudaLimitStackSize);
    cudaEvent_t e1, e2;
    cudaEventCreateWithFlags(&e1, cudaEventDisableTiming);
    cudaEventCreate(&e2);
    cudaEventRecord(e1);
    cudaEventRecord(e2);
    float ms;
    int r = (int)cudaEventElapsedTime(&ms, e1, e2), r2 = (int)cudaStreamDestroy(cudaStreamPerThread);
    cudaEventDestroy(e1);
    cudaEventDestroy(e2);
    cudaFree(d);
    std::printf("%d %d %d %zu %zu %d %d\n", h[0] % 2, h[1] % 2, a == (void *)sym, n, lim, r, r2);
}
CU
"$warpsim" cc "$dir/rtcalls.cu" -o "$dir/rtcalls" > "$dir/rtcalls.txt" 2>&1 && [ "$("$dir/rtcalls")" = "1 0 1 40 1024 400 400" ]
check "runtime: atomicCAS(unsigned short *), cudaStreamPerThread, symbol address and size, stack limit, events without timing" $?

# sm_90's vector atomicAdd on float2 and float4: every element added, each atomically; 64 threads
# adding (1, 0.5) and (1, 2, 0.25, -1): exact sums, by hand (64, 32) and (64, 128, 16, -64).
cat > "$dir/vecatomic.cu" <<'CU'
#include <cstdio>
__global__ void k(float2 *a, float4 *b)
{
    atomicAdd(a, make_float2(1.0f, 0.5f));
    atomicAdd(b, make_float4(1.0f, 2.0f, 0.25f, -1.0f));
}
int main()
{
    float2 *a;
    float4 *b;
    cudaMallocManaged(&a, sizeof *a);
    cudaMallocManaged(&b, sizeof *b);
    *a = make_float2(0, 0);
    *b = make_float4(0, 0, 0, 0);
    k<<<2, 32>>>(a, b);
    cudaDeviceSynchronize();
    std::printf("%g %g %g %g %g %g\n", a->x, a->y, b->x, b->y, b->z, b->w);
}
CU
"$warpsim" cc "$dir/vecatomic.cu" -o "$dir/vecatomic" > "$dir/vecatomic.txt" 2>&1 && [ "$("$dir/vecatomic")" = "64 32 64 128 16 -64" ]
check "atomicAdd on float2 and float4 (sm_90): each element" $?

# More runtime calls: the occupancy calculator with shared memory that grows with the block
# (128 bytes a thread: by hand, with the rule blocks = min(32, 2048 / threads, 233472 / (shared +
# 1024)), 896 threads x 2 blocks = 1792 threads is the most, so 896 and 264 blocks), the dynamic
# shared memory left to 2 blocks of 1024 (233472 / 2 - 1024 = 115712), to 3 (none: 3072 threads),
# to 1 of 256 (the 232448 opt-in limit); no stream is capturing; peer copies and 2D sets on a stream.
cat > "$dir/rtmore.cu" <<'CU'
#include <cstdio>
__global__ void k(int *p) { p[threadIdx.x] = 1; }
int main()
{
    int grid = 0, block = 0;
    cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, k, [](int b) { return (size_t)b * 128; });
    size_t a = 1, b = 1, c = 1;
    cudaOccupancyAvailableDynamicSMemPerBlock(&a, k, 2, 1024);
    cudaOccupancyAvailableDynamicSMemPerBlock(&b, k, 3, 1024);
    cudaOccupancyAvailableDynamicSMemPerBlock(&c, k, 1, 256);
    cudaStreamCaptureStatus st = cudaStreamCaptureStatusActive;
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaStreamIsCapturing(s, &st);
    char *d, h[8];
    cudaMalloc(&d, 16);
    cudaMemset2DAsync(d, 8, 7, 8, 2, s);
    cudaMemcpyPeerAsync(d + 8, 0, d, 0, 8, s);
    cudaStreamSynchronize(s);
    cudaMemcpy(h, d + 8, 8, cudaMemcpyDeviceToHost);
    std::printf("%d %d %zu %zu %zu %d %d\n", block, grid, a, b, c, (int)st, h[7]);
}
CU
"$warpsim" cc "$dir/rtmore.cu" -o "$dir/rtmore" > "$dir/rtmore.txt" 2>&1 && [ "$("$dir/rtmore")" = "896 264 115712 0 232448 0 7" ]
check "runtime: occupancy with variable shared memory, dynamic shared memory available, stream capture status, peer and 2D calls on a stream" $?

# The conversion intrinsics on NaNs, infinities, values past each target's range and negative
# values to unsigned targets: every intrinsic's column of docs/probes/cvt_special_probe.cu's
# output equals the H100's (docs/probes/cvt_special_probe.h100.txt; plain casts left out).
"$warpsim" cc -DINTRINSICS_ONLY "$src/docs/probes/cvt_special_probe.cu" -o "$dir/cvt" > "$dir/cvt.txt" 2>&1 &&
  "$dir/cvt" > "$dir/cvt.out" && pick() { awk '/^f32:/ { m = 32; next } /^f64:/ { m = 64; next } /^#/ { next }
    m == 32 { s = $1; for (i = 2; i <= 17; i++) s = s " " $i; print s }
    m == 64 { s = $1; for (i = 2; i <= 17; i++) s = s " " $i; for (i = 22; i <= 26; i++) s = s " " $i; print s }' "$1"; } &&
  [ "$(pick "$dir/cvt.out" | wc -l)" -eq 87 ] && [ "$(pick "$dir/cvt.out")" = "$(pick "$src/docs/probes/cvt_special_probe.h100.txt")" ]
check "conversion intrinsics on special values: the H100's results (87 inputs, every rounding mode)" $?

# What the runtime answers about pointers (each kind of memory, offsets into it, one past its
# size, freed), host and device flags, streams and managed-memory advice: the H100's answers
# line for line (docs/probes/runtime_query_probe.h100.txt).
"$warpsim" cc "$src/docs/probes/runtime_query_probe.cu" -o "$dir/rq" > "$dir/rq.txt" 2>&1 &&
  [ "$("$dir/rq" 2>&1)" = "$(grep -v '^#' "$src/docs/probes/runtime_query_probe.h100.txt")" ]
check "runtime queries: cudaPointerGetAttributes, cudaHostGetFlags, device and stream flags, cudaMemAdvise: the H100's answers (28 lines)" $?

# The standard library's time and threads in a CUDA program (timing a kernel with <chrono>, host
# threads with <thread>, <mutex>, <future>): their templates name floor() and round(), which the
# math routing defines as macros, so <chrono> comes first (warpsim/cuda.h).
cat > "$dir/stdtime.cu" <<'CU'
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <future>
#include <mutex>
#include <thread>
__global__ void k(int *p) { p[threadIdx.x] = (int)floorf(threadIdx.x * 1.5f) + (int)roundf(0.5f); }
int main()
{
    int *p, h[4];
    cudaMalloc(&p, sizeof h);
    auto t0 = std::chrono::steady_clock::now();
    std::mutex m;
    int total = 0;
    std::thread t([&] { std::lock_guard<std::mutex> g(m); total += 1; });
    t.join();
    auto f = std::async(std::launch::deferred, [] { return 2; });
    k<<<1, 4>>>(p);
    cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    std::printf("%d %d %d %d %d %d\n", h[0], h[1], h[2], h[3], total + f.get(), ms.count() >= 0);
    cudaFree(p);
}
CU
"$warpsim" cc "$dir/stdtime.cu" -o "$dir/stdtime" > "$dir/stdtime.txt" 2>&1 && [ "$("$dir/stdtime")" = "1 2 4 5 3 1" ]
check "<chrono>, <thread>, <mutex>, <future> in a CUDA program: build and run" $?

# sqrtf of a negative in a kernel is the GPU's NaN, 0x7FFFFFFF (printf: nan, not x86's -nan); the
# f64 one is 0xFFF8000000000000 on both (docs/probes/fp_nan_probe.h200.txt's rules).
cat > "$dir/sqrt.cu" <<'CU'
#include <cmath>
#include <cstdio>
#include <cstring>
__global__ void k(float *o, double *p)
{
    o[0] = sqrtf(-1.0f);
    o[1] = sqrt(-2.0f);
    o[2] = std::sqrt(4.0f);
    p[0] = sqrt(-1.0);
    printf("device %f\n", o[0]);
}
int main()
{
    float *d, h[3];
    double *e, g;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&e, sizeof g);
    k<<<1, 1>>>(d, e);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(&g, e, sizeof g, cudaMemcpyDeviceToHost);
    unsigned a, b;
    unsigned long long c;
    std::memcpy(&a, &h[0], 4);
    std::memcpy(&b, &h[1], 4);
    std::memcpy(&c, &g, 8);
    std::printf("%08x %08x %g %016llx\n", a, b, h[2], c);
}
CU
"$warpsim" cc "$dir/sqrt.cu" -o "$dir/sqrt" > "$dir/sqrt.txt" 2>&1 && "$dir/sqrt" > "$dir/sqrt.out" 2>&1 &&
  [ "$(cat "$dir/sqrt.out")" = "$(printf 'device nan\n7fffffff 7fffffff 2 fff8000000000000')" ]
check "sqrtf(-1) in a kernel: the GPU's 0x7FFFFFFF (nan), sqrt(-1.0): 0xFFF8000000000000" $?

echo "$fails failed"
[ "$fails" -eq 0 ]
