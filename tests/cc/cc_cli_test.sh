#!/usr/bin/env bash
# warpsim cc end to end: a whole .cu program (host code, launches in a
# header, extern __shared__, the runtime API) built and run on the CPU; the
# compiler's errors and the rewriter's name the user's file and line; an
# invalid configuration and undefined behaviour under WARPSIM_DIAG=error
# give CUDA's error codes.   usage: cc_cli_test.sh WARPSIM
set -u
warpsim=$1
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
grep -qx "block of 1025: 9 cudaErrorInvalidConfiguration; then cudaSuccess" "$dir/out.txt"
check "an invalid configuration is cudaErrorInvalidConfiguration, not sticky" $?
grep -qx "warpsim (sm90 model): sm_90, warpSize 32, 1024 threads per block" "$dir/out.txt"
check "cudaGetDeviceProperties" $?
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

echo "$fails failed"
[ "$fails" -eq 0 ]
