// Issue 20: launches that only the preprocessor makes (macros, #if, token
// pasting, a line splice), an argument in braces, NULL for a template, and
// `extern __shared__` of a template type. Expected: the H200's output.
#include <cstdio>
#define RUN(...) __VA_ARGS__; printf("ran: %s\n", #__VA_ARGS__)
#define L(k, ...) k<<<1, 1>>>(__VA_ARGS__)
#define KERNEL(n) n##_kernel
struct P2 { int a, b; };
template <typename A, typename B> struct Pair { A a; B b; };
__global__ void k(int *o) { o[0] += 1; }
__global__ void f() { printf("f ran\n"); }
__global__ void add_kernel(int *o) { o[0] += 10; }
__global__ void braced(int *o, P2 p) { o[0] += p.a * 100 + p.b; }
template <typename T> __global__ void size_of(T) { printf("sizeof(T) = %d\n", (int)sizeof(T)); }
__global__ void pairs(int *o)
{
    extern __shared__ Pair<int, float> s[];
    s[threadIdx.x].a = threadIdx.x;
    s[threadIdx.x].b = 0.25f * threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0)
        o[1] = s[1].a + (int)(s[3].b * 4);
}
int main()
{
    int *o;
    cudaMallocManaged(&o, 2 * sizeof(int));
    o[0] = o[1] = 0;
    RUN(k<<<1, 1>>>(o));
    cudaDeviceSynchronize();
    L(f);
    cudaDeviceSynchronize();
#if 0
    k<<<1, 1>>>(o;
#endif
    KERNEL(add)<<<1, 1>>>(o);
    k<<<1, \
        1>>>(o);
    braced<<<1, 1>>>(o, {2, 3});
    size_of<<<1, 1>>>(NULL);
    cudaDeviceSynchronize();
    pairs<<<1, 4, 4 * sizeof(Pair<int, float>)>>>(o);
    cudaError_t e = cudaDeviceSynchronize();
    printf("o[0] = %d, o[1] = %d, %s\n", o[0], o[1], cudaGetErrorName(e));
    return 0;
}
