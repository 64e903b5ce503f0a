// trust_probe.cu: what the H200 does with the odd code of issue 20 (shared
// memory per block, its bounds and layout, launch shapes, integer division,
// misaligned atomics, bad copies and frees, spinning threads). One case a
// process (a fault leaves the context unusable): ./trust_probe <case>.
// Build: nvcc -arch=sm_90 -fmad=false -o trust_probe trust_probe.cu
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static void report(const char *what)
{
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    printf("%s: launch %d (%s), sync %d (%s)\n", what, (int)launch, cudaGetErrorName(launch), (int)sync,
           cudaGetErrorName(sync));
}

__global__ void count_kernel(int *out)
{
    __shared__ int c;
    atomicAdd(&c, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = c;
}

__global__ void overrun_kernel(int idx, int *out)
{
    __shared__ int s[32];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) {
        s[idx] = 77;
        out[0] = s[idx];
    }
}

// The same through a volatile pointer: the store cannot be left out as dead.
__global__ void overrun_volatile_kernel(int idx, int *out)
{
    __shared__ int s[32];
    volatile int *vs = s;
    vs[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) {
        vs[idx] = 77;
        out[0] = vs[idx] + vs[1];
    }
}

__global__ void layout_kernel(unsigned *out)
{
    __shared__ int a;
    __shared__ double b[3];
    __shared__ char c[5];
    __shared__ short d;
    extern __shared__ int dyn[];
    if (threadIdx.x == 0) {
        a = 1; b[0] = 2; c[0] = 3; d = 4; dyn[0] = 5;
        out[0] = (unsigned)__cvta_generic_to_shared(&a);
        out[1] = (unsigned)__cvta_generic_to_shared(b);
        out[2] = (unsigned)__cvta_generic_to_shared(c);
        out[3] = (unsigned)__cvta_generic_to_shared(&d);
        out[4] = (unsigned)__cvta_generic_to_shared(dyn);
    }
}

// What a block finds in shared memory it never wrote (after another kernel wrote it).
__global__ void dirty_kernel(int v, int *sink)
{
    __shared__ int t[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
        t[i] = v + i;
    __syncthreads();
    sink[blockIdx.x * blockDim.x + threadIdx.x] = t[1023 - threadIdx.x];
}
__global__ void fresh_kernel(int *out)
{
    __shared__ int t[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
        out[blockIdx.x * 1024 + i] = t[i];
}

__global__ void shape_kernel(int *out) { atomicAdd(out, 1); }

struct division {
    int i[6];
    unsigned u[3];
    long long l[6];
    unsigned long long ul[3];
};
__global__ void divide_kernel(const int *vi, const long long *vl, division *o)
{
    // vi: INT_MIN, -1, 7, 0, -7; vl: LLONG_MIN, -1, 7, 0, -7
    o->i[0] = vi[0] / vi[1];
    o->i[1] = vi[0] % vi[1];
    o->i[2] = vi[2] / vi[3];
    o->i[3] = vi[2] % vi[3];
    o->i[4] = vi[4] / vi[3];
    o->i[5] = vi[4] % vi[3];
    o->u[0] = (unsigned)vi[2] / (unsigned)vi[3];
    o->u[1] = (unsigned)vi[2] % (unsigned)vi[3];
    o->u[2] = (unsigned)vi[0] / (unsigned)vi[3];
    o->l[0] = vl[0] / vl[1];
    o->l[1] = vl[0] % vl[1];
    o->l[2] = vl[2] / vl[3];
    o->l[3] = vl[2] % vl[3];
    o->l[4] = vl[4] / vl[3];
    o->l[5] = vl[4] % vl[3];
    o->ul[0] = (unsigned long long)vl[2] / (unsigned long long)vl[3];
    o->ul[1] = (unsigned long long)vl[2] % (unsigned long long)vl[3];
    o->ul[2] = (unsigned long long)vl[0] / (unsigned long long)vl[3];
}

__global__ void atomic_kernel(char *p, int which)
{
    if (which == 0)
        atomicAdd((int *)(p + 2), 1);
    else if (which == 1)
        atomicAdd((float *)(p + 2), 1.0f);
    else if (which == 2)
        atomicCAS((int *)(p + 1), 0, 1);
    else if (which == 3)
        atomicAdd((unsigned long long *)(p + 4), 1ull);
    else
        atomicAdd((int *)(p + 4), 1);
}

__global__ void spin_warp_kernel(volatile int *flag, int *out)
{
    int t = threadIdx.x;
    if (t == 0) {
        while (!flag[0])
            ;
        out[0] = 1;
    } else if (t == 1) {
        flag[0] = 1;
    }
}

__global__ void spin_across_kernel(volatile int *flag, int *out)
{
    int t = threadIdx.x;
    if (t == 0) {
        while (!flag[0])
            ;
        out[0] = 2;
    } else if (t == 32) {
        flag[0] = 1;
    }
}

__global__ void spinlock_kernel(int *m, int *count)
{
    while (atomicCAS(m, 0, 1) != 0)
        ;
    (*count)++;
    __threadfence();
    atomicExch(m, 0);
}

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    int *d;
    cudaMalloc(&d, 1 << 20);
    cudaMemset(d, 0, 1 << 20);
    if (!strcmp(c, "count")) {
        count_kernel<<<8, 64>>>(d);
        report("count<<<8,64>>>");
        int h[8];
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        for (int i = 0; i < 8; i++)
            printf("%d ", h[i]);
        printf("\n");
    } else if (!strcmp(c, "overrun")) {
        int idx = atoi(argv[2]);
        overrun_kernel<<<1, 32>>>(idx, d);
        char what[64];
        snprintf(what, sizeof what, "overrun s[%d]", idx);
        report(what);
    } else if (!strcmp(c, "voverrun")) {
        int idx = atoi(argv[2]);
        overrun_volatile_kernel<<<1, 32>>>(idx, d);
        char what[64];
        snprintf(what, sizeof what, "volatile overrun s[%d]", idx);
        report(what);
    } else if (!strcmp(c, "layout")) {
        layout_kernel<<<1, 32, 100>>>((unsigned *)d);
        report("layout");
        unsigned h[5];
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf("a %u b %u c %u d %u dyn %u\n", h[0], h[1], h[2], h[3], h[4]);
        cudaFuncAttributes fa;
        cudaFuncGetAttributes(&fa, layout_kernel);
        printf("static shared bytes %zu\n", fa.sharedSizeBytes);
    } else if (!strcmp(c, "fresh")) {
        dirty_kernel<<<132, 256>>>(1000, d + 8192);
        report("dirty");
        fresh_kernel<<<4, 256>>>(d);
        report("fresh");
        int *h = (int *)malloc(4 * 1024 * sizeof(int));
        cudaMemcpy(h, d, 4 * 1024 * sizeof(int), cudaMemcpyDeviceToHost);
        int zeros = 0;
        for (int i = 0; i < 4 * 1024; i++)
            zeros += h[i] == 0;
        printf("fresh: %d of 4096 words zero; t[0..3] of block 0: %d %d %d %d\n", zeros, h[0], h[1], h[2], h[3]);
    } else if (!strcmp(c, "shape")) {
        shape_kernel<<<dim3(1, 0, 1), 32>>>(d);
        report("grid (1,0,1)");
        shape_kernel<<<1, dim3(32, 0, 1)>>>(d);
        report("block (32,0,1)");
        shape_kernel<<<dim3(0, 1, 1), 32>>>(d);
        report("grid (0,1,1)");
        shape_kernel<<<1, dim3(0, 1, 1)>>>(d);
        report("block (0,1,1)");
        shape_kernel<<<1, 2048>>>(d);
        report("block 2048");
        int h;
        cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf("threads that ran: %d\n", h);
    } else if (!strcmp(c, "divide")) {
        int hi[5] = {INT_MIN, -1, 7, 0, -7};
        long long hl[5] = {LLONG_MIN, -1, 7, 0, -7};
        int *vi;
        long long *vl;
        division *o, h;
        cudaMalloc(&vi, sizeof hi);
        cudaMalloc(&vl, sizeof hl);
        cudaMalloc(&o, sizeof h);
        cudaMemcpy(vi, hi, sizeof hi, cudaMemcpyHostToDevice);
        cudaMemcpy(vl, hl, sizeof hl, cudaMemcpyHostToDevice);
        divide_kernel<<<1, 1>>>(vi, vl, o);
        report("divide");
        cudaMemcpy(&h, o, sizeof h, cudaMemcpyDeviceToHost);
        printf("int: INT_MIN/-1 %d INT_MIN%%-1 %d 7/0 %d 7%%0 %d -7/0 %d -7%%0 %d\n", h.i[0], h.i[1], h.i[2], h.i[3],
               h.i[4], h.i[5]);
        printf("unsigned: 7/0 %u 7%%0 %u 0x80000000/0 %u\n", h.u[0], h.u[1], h.u[2]);
        printf("long long: LLONG_MIN/-1 %lld LLONG_MIN%%-1 %lld 7/0 %lld 7%%0 %lld -7/0 %lld -7%%0 %lld\n", h.l[0],
               h.l[1], h.l[2], h.l[3], h.l[4], h.l[5]);
        printf("unsigned long long: 7/0 %llu 7%%0 %llu 2^63/0 %llu\n", h.ul[0], h.ul[1], h.ul[2]);
    } else if (!strcmp(c, "atomic")) {
        int which = atoi(argv[2]);
        atomic_kernel<<<1, 1>>>((char *)d, which);
        const char *names[] = {"atomicAdd(int*)(p+2)", "atomicAdd(float*)(p+2)", "atomicCAS(int*)(p+1)",
                               "atomicAdd(ull*)(p+4)", "atomicAdd(int*)(p+4)"};
        report(names[which]);
    } else if (!strcmp(c, "memcpy")) {
        char *s;
        cudaMalloc(&s, 64);
        char h[256] = {0};
        cudaError_t e;
        e = cudaMemcpy(s, h, 64, cudaMemcpyHostToDevice);
        printf("memcpy 64 into 64: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaMemcpy(s, h, 65, cudaMemcpyHostToDevice);
        printf("memcpy 65 into 64: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaMemcpy(s + 32, h, 40, cudaMemcpyHostToDevice);
        printf("memcpy 40 at +32 of 64: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaMemcpy(h, s, 100, cudaMemcpyDeviceToHost);
        printf("memcpy 100 out of 64: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaMemset(s, 0, 65);
        printf("memset 65 of 64: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaMemset(s, 0, 64);
        printf("memset 64 of 64: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaGetLastError();
        printf("last error: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaFree(s + 4);
        printf("free d+4: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaGetLastError();
        printf("last error: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaFree(s);
        printf("free d: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaFree(s);
        printf("free d again: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaFree(h);
        printf("free host array: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaFree(NULL);
        printf("free NULL: %d %s\n", (int)e, cudaGetErrorName(e));
        e = cudaGetLastError();
        printf("last error: %d %s\n", (int)e, cudaGetErrorName(e));
    } else if (!strcmp(c, "spin")) {
        spin_warp_kernel<<<1, 32>>>((volatile int *)d, d + 1);
        report("spin in one warp");
        spin_across_kernel<<<1, 64>>>((volatile int *)d + 8, d + 9);
        report("spin across warps");
        spinlock_kernel<<<2, 64>>>(d + 16, d + 17);
        report("spinlock 2x64");
        int h[18];
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf("spin out %d, across out %d, count %d\n", h[1], h[9], h[17]);
    } else {
        fprintf(stderr, "usage: trust_probe count|overrun N|layout|fresh|shape|divide|atomic N|memcpy|spin\n");
        return 2;
    }
    return 0;
}
