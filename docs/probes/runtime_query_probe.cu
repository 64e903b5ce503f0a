// What the CUDA runtime answers to the queries real programs make about pointers, streams and the
// device: cudaPointerGetAttributes on each kind of memory (malloc, a stack array, cudaMalloc and an
// offset into it, cudaMallocHost, cudaHostAlloc with flags, cudaMallocManaged, a registered host
// array, nullptr, a freed allocation), cudaHostGetFlags, cudaGetDeviceFlags, cudaChooseDevice,
// cudaStreamGetPriority, cudaStreamGetFlags. Prints one line per query: the error code and fields.
//   nvcc -arch=sm_90 docs/probes/runtime_query_probe.cu -o rq && ./rq
#include <cstdio>
#include <cstdlib>

static void attrs(const char *what, const void *p, const void *base)
{
    cudaPointerAttributes a;
    a.type = (cudaMemoryType)77;
    a.device = 77;
    a.devicePointer = (void *)0x77;
    a.hostPointer = (void *)0x77;
    cudaError_t e = cudaPointerGetAttributes(&a, p);
    long dp = a.devicePointer == (void *)0x77 ? -77 : a.devicePointer ? (long)((const char *)a.devicePointer - (const char *)base) : -1;
    long hp = a.hostPointer == (void *)0x77 ? -77 : a.hostPointer ? (long)((const char *)a.hostPointer - (const char *)base) : -1;
    printf("attributes %-22s error %d type %d device %d devicePointer %ld hostPointer %ld (offsets from base; -1 null, -77 untouched)\n",
           what, (int)e, (int)a.type, a.device, dp, hp);
    cudaGetLastError();
}

int main()
{
    char *m = (char *)malloc(1000), stack[64];
    char *d, *h, *hm, *mg, *freed;
    cudaMalloc(&d, 1000);
    cudaMallocHost(&h, 1000);
    cudaHostAlloc(&hm, 1000, cudaHostAllocMapped | cudaHostAllocWriteCombined);
    cudaMallocManaged(&mg, 1000);
    cudaMalloc(&freed, 1000);
    cudaFree(freed);
    char *reg = (char *)malloc(1 << 16);
    printf("cudaHostRegister error %d\n", (int)cudaHostRegister(reg, 1 << 16, cudaHostRegisterDefault));
    attrs("malloc", m, m);
    attrs("stack", stack, stack);
    attrs("cudaMalloc", d, d);
    attrs("cudaMalloc+100", d + 100, d);
    attrs("cudaMalloc+1000", d + 1000, d);
    attrs("cudaMallocHost", h, h);
    attrs("cudaMallocHost+10", h + 10, h);
    attrs("cudaHostAlloc(mapped|wc)", hm, hm);
    attrs("cudaMallocManaged", mg, mg);
    attrs("cudaHostRegister", reg, reg);
    attrs("cudaHostRegister+100", reg + 100, reg);
    attrs("nullptr", nullptr, nullptr);
    attrs("freed", freed, freed);
    unsigned flags = 77;
    cudaError_t e = cudaHostGetFlags(&flags, h);
    printf("cudaHostGetFlags(cudaMallocHost) error %d flags %u\n", (int)e, flags);
    flags = 77;
    e = cudaHostGetFlags(&flags, hm);
    printf("cudaHostGetFlags(cudaHostAlloc mapped|wc) error %d flags %u\n", (int)e, flags);
    flags = 77;
    e = cudaHostGetFlags(&flags, reg);
    printf("cudaHostGetFlags(registered) error %d flags %u\n", (int)e, flags);
    flags = 77;
    e = cudaHostGetFlags(&flags, m);
    printf("cudaHostGetFlags(malloc) error %d flags %u\n", (int)e, flags);
    cudaGetLastError();
    flags = 77;
    e = cudaGetDeviceFlags(&flags);
    printf("cudaGetDeviceFlags error %d flags %u\n", (int)e, flags);
    cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync);
    flags = 77;
    e = cudaGetDeviceFlags(&flags);
    printf("cudaGetDeviceFlags after cudaSetDeviceFlags(BlockingSync) error %d flags %u\n", (int)e, flags);
    cudaDeviceProp prop = {};
    prop.major = 9;
    int dev = 77;
    e = cudaChooseDevice(&dev, &prop);
    printf("cudaChooseDevice error %d device %d\n", (int)e, dev);
    cudaStream_t s, sp;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaStreamCreateWithPriority(&sp, cudaStreamDefault, -3);
    int prio = 77;
    unsigned sf = 77;
    e = cudaStreamGetPriority(s, &prio);
    printf("cudaStreamGetPriority(nonblocking) error %d priority %d\n", (int)e, prio);
    e = cudaStreamGetPriority(sp, &prio);
    printf("cudaStreamGetPriority(priority -3) error %d priority %d\n", (int)e, prio);
    e = cudaStreamGetPriority(0, &prio);
    printf("cudaStreamGetPriority(0) error %d priority %d\n", (int)e, prio);
    e = cudaStreamGetFlags(s, &sf);
    printf("cudaStreamGetFlags(nonblocking) error %d flags %u\n", (int)e, sf);
    e = cudaStreamGetFlags(0, &sf);
    printf("cudaStreamGetFlags(0) error %d flags %u\n", (int)e, sf);
    e = cudaMemAdvise(mg, 1000, cudaMemAdviseSetReadMostly, cudaMemLocation{cudaMemLocationTypeDevice, 0});
    printf("cudaMemAdvise(managed, ReadMostly) error %d\n", (int)e);
    cudaGetLastError();
    e = cudaMemAdvise(d, 1000, cudaMemAdviseSetReadMostly, cudaMemLocation{cudaMemLocationTypeDevice, 0});
    printf("cudaMemAdvise(cudaMalloc, ReadMostly) error %d\n", (int)e);
    cudaGetLastError();
    e = cudaStreamAttachMemAsync(s, mg, 0, cudaMemAttachSingle);
    printf("cudaStreamAttachMemAsync error %d\n", (int)e);
    cudaHostUnregister(reg); /* (added after the H100's run: nothing printed changes) */
    free(reg);
    free(m);
    return 0;
}
