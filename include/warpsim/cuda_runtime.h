/* warpsim/cuda_runtime.h: the CUDA runtime API subset that host code uses,
 * on the CPU, for whole .cu programs built by `warpsim cc` (C++ only).
 *
 * "Device" memory is host memory: cudaMalloc is an aligned malloc and every
 * cudaMemcpy kind is a memcpy. Streams are accepted and everything runs in
 * order at the call (a launch returns when the kernel has finished), so
 * cudaDeviceSynchronize only reports errors. Events read the CPU's
 * monotonic clock. The error codes are CUDA 13's numbers.
 *
 * A kernel launch, rewritten by `warpsim cc` from name<<<grid, block,
 * shared, stream>>>(args), is ws_cudart_launch_: an invalid configuration
 * (block over 1024 threads, too much shared memory, a zero dimension) is
 * cudaErrorInvalidConfiguration from cudaGetLastError and runs nothing, as
 * on the GPU; a kernel that deadlocks, traps, overflows its stack or (under
 * WARPSIM_DIAG=error) reaches undefined behaviour is cudaErrorLaunchFailure,
 * sticky as on the GPU: cudaDeviceSynchronize, cudaMemcpy and every later
 * cudaGetLastError return it. The launch's diagnostics go to stderr with
 * file:line per lane. WARPSIM_DIAG=error|warn|ignore (environment) is the
 * launch's diagnostic policy (default warn). */
#ifndef WARPSIM_CUDA_RUNTIME_H
#define WARPSIM_CUDA_RUNTIME_H

#ifndef __cplusplus
#error "warpsim/cuda_runtime.h is C++: compile .cu files as C++17 (warpsim cc does)"
#endif

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <utility>

#include "cuda.h"

#define WARPSIM_CUDA_RUNTIME 1


/* ---- errors (the numbers of CUDA 13's driver_types.h) ---- */
enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidSymbol = 13,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorNotYetImplemented = 31,
    cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701,
    cudaErrorLaunchFailure = 719,
    cudaErrorNotSupported = 801,
    cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4
};

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaMemAttachGlobal 0x01
#define cudaHostAllocDefault 0x00

/* What host code reads of a device (the fields programs commonly use). */
struct cudaDeviceProp {
    char name[256];
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    int deviceOverlap;
    int multiProcessorCount;
    int kernelExecTimeoutEnabled;
    int integrated;
    int canMapHostMemory;
    int computeMode;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID;
    int pciDeviceID;
    int pciDomainID;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryClockRate;
    int memoryBusWidth;
    int l2CacheSize;
    int maxThreadsPerMultiProcessor;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int concurrentManagedAccess;
    size_t sharedMemPerBlockOptin;
    int maxBlocksPerMultiProcessor;
    int cooperativeLaunch;
};

/* ---- the runtime's state ---- */
namespace warpsim_cudart {
inline thread_local cudaError_t last_error = cudaSuccess; /* per host thread, as CUDA's */
inline cudaError_t sticky_error = cudaSuccess;            /* a failed launch: the context is unusable */
inline int current_device = 0;

inline cudaError_t record(cudaError_t e)
{
    if (e != cudaSuccess)
        last_error = e;
    return e;
}
/* Calls that wait for the device report a failed launch. */
inline cudaError_t sticky() { return record(sticky_error); }

inline double now_ms()
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

inline ws_diag_policy diag_policy()
{
    const char *v = getenv("WARPSIM_DIAG");
    if (!v || !*v || strcmp(v, "warn") == 0)
        return WS_DIAG_POLICY_WARN;
    if (strcmp(v, "error") == 0)
        return WS_DIAG_POLICY_ERROR;
    if (strcmp(v, "ignore") == 0)
        return WS_DIAG_POLICY_IGNORE;
    static bool said = false;
    if (!said) {
        said = true;
        fprintf(stderr, "warpsim: WARPSIM_DIAG=%s is not error, warn or ignore: using warn\n", v);
    }
    return WS_DIAG_POLICY_WARN;
}

struct config {
    dim3 grid, block;
    size_t shared_bytes;
    cudaStream_t stream;
};
} // namespace warpsim_cudart

/* What `warpsim cc` makes of name<<<grid, block[, shared[, stream]]>>>(args). */
inline warpsim_cudart::config ws_cudart_cfg_(dim3 grid, dim3 block, size_t shared_bytes = 0,
                                             cudaStream_t stream = 0)
{
    return warpsim_cudart::config{grid, block, shared_bytes, stream};
}

template <typename... P, typename... A>
inline cudaError_t ws_cudart_launch_(const char *name, void (*kernel)(P...), warpsim_cudart::config c, A &&...args)
{
    static_assert(sizeof...(P) == sizeof...(A), "kernel launch: wrong number of kernel arguments");
    if (warpsim_cudart::sticky_error != cudaSuccess)
        return warpsim_cudart::sticky();
    ws_cuda_launch_desc d = {};
    d.grid = c.grid;
    d.block = c.block;
    d.shared_bytes = c.shared_bytes;
    d.name = name;
    d.diag_policy = warpsim_cudart::diag_policy();
    ws_status s = ws_cuda_launch_desc_run(d, kernel, std::forward<A>(args)...);
    if (s == WS_OK)
        return cudaSuccess;
    const ws_cuda_report *rep = ws_cuda_last_report();
    const char *why = rep ? ws_cuda_report_error(rep) : NULL;
    if (s == WS_ERR_ARG) {
        /* Not sticky: the launch did not happen. */
        fprintf(stderr, "warpsim: %s<<<...>>>: %s\n", name, why && *why ? why : "invalid configuration");
        return warpsim_cudart::record(cudaErrorInvalidConfiguration);
    }
    if (why && *why)
        fprintf(stderr, "warpsim: %s<<<...>>> failed: %s\n", name, why);
    warpsim_cudart::sticky_error = s == WS_ERR_NOMEM ? cudaErrorLaunchOutOfResources : cudaErrorLaunchFailure;
    return warpsim_cudart::sticky();
}

/* extern __shared__ T name[] at namespace scope: the running block's dynamic
 * shared memory, through a proxy (`warpsim cc` writes it). */
template <typename T> struct ws_cudart_extern_shared_ {
    T *get() const { return static_cast<T *>(ws_cuda_dynamic_shared_()); }
    operator T *() const { return get(); }
    template <typename U> explicit operator U *() const { return (U *)get(); }
    T &operator[](size_t i) const { return get()[i]; }
    T &operator*() const { return *get(); }
    T *operator+(ptrdiff_t i) const { return get() + i; }
};

/* ---- errors ---- */
inline cudaError_t cudaGetLastError(void)
{
    cudaError_t e = warpsim_cudart::last_error;
    warpsim_cudart::last_error = warpsim_cudart::sticky_error;
    return e;
}
inline cudaError_t cudaPeekAtLastError(void) { return warpsim_cudart::last_error; }

inline const char *cudaGetErrorName(cudaError_t e)
{
    switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInitializationError: return "cudaErrorInitializationError";
    case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
    case cudaErrorInvalidSymbol: return "cudaErrorInvalidSymbol";
    case cudaErrorInvalidDevicePointer: return "cudaErrorInvalidDevicePointer";
    case cudaErrorInvalidMemcpyDirection: return "cudaErrorInvalidMemcpyDirection";
    case cudaErrorNotYetImplemented: return "cudaErrorNotYetImplemented";
    case cudaErrorNoDevice: return "cudaErrorNoDevice";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    case cudaErrorInvalidResourceHandle: return "cudaErrorInvalidResourceHandle";
    case cudaErrorNotReady: return "cudaErrorNotReady";
    case cudaErrorIllegalAddress: return "cudaErrorIllegalAddress";
    case cudaErrorLaunchOutOfResources: return "cudaErrorLaunchOutOfResources";
    case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
    case cudaErrorNotSupported: return "cudaErrorNotSupported";
    case cudaErrorUnknown: return "cudaErrorUnknown";
    }
    return "cudaErrorUnknown";
}
inline const char *cudaGetErrorString(cudaError_t e)
{
    switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInitializationError: return "initialization error";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
    case cudaErrorInvalidSymbol: return "invalid device symbol";
    case cudaErrorInvalidDevicePointer: return "invalid device pointer";
    case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case cudaErrorNotYetImplemented: return "function not yet implemented";
    case cudaErrorNoDevice: return "no CUDA-capable device is detected";
    case cudaErrorInvalidDevice: return "invalid device ordinal";
    case cudaErrorInvalidResourceHandle: return "invalid resource handle";
    case cudaErrorNotReady: return "device not ready";
    case cudaErrorIllegalAddress: return "an illegal memory access was encountered";
    case cudaErrorLaunchOutOfResources: return "too many resources requested for launch";
    case cudaErrorLaunchFailure: return "unspecified launch failure";
    case cudaErrorNotSupported: return "operation not supported";
    case cudaErrorUnknown: return "unknown error";
    }
    return "unrecognized error code";
}

/* ---- devices ---- */
inline cudaError_t cudaGetDeviceCount(int *count)
{
    if (!count)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *count = 1;
    return cudaSuccess;
}
inline cudaError_t cudaSetDevice(int device)
{
    if (device != 0)
        return warpsim_cudart::record(cudaErrorInvalidDevice);
    warpsim_cudart::current_device = 0;
    return cudaSuccess;
}
inline cudaError_t cudaGetDevice(int *device)
{
    if (!device)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *device = warpsim_cudart::current_device;
    return cudaSuccess;
}
/* The simulated device: an sm_90 warp model. Its limits are the launch
 * checks' (1024 threads, 48 KiB of dynamic shared memory per block); its
 * "multiprocessors" are the CPU cores the blocks run on, its memory the
 * host's. */
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device)
{
    if (!prop)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (device != 0)
        return warpsim_cudart::record(cudaErrorInvalidDevice);
    memset(prop, 0, sizeof *prop);
    snprintf(prop->name, sizeof prop->name, "warpsim (sm90 model)");
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE), cpus = sysconf(_SC_NPROCESSORS_ONLN);
    prop->totalGlobalMem = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
    prop->sharedMemPerBlock = WS_CUDA_MAX_DYNAMIC_SHARED;
    prop->sharedMemPerBlockOptin = WS_CUDA_MAX_DYNAMIC_SHARED;
    prop->sharedMemPerMultiprocessor = WS_CUDA_MAX_DYNAMIC_SHARED;
    prop->regsPerBlock = 65536;
    prop->regsPerMultiprocessor = 65536;
    prop->warpSize = 32;
    prop->memPitch = (size_t)1 << 31;
    prop->maxThreadsPerBlock = 1024;
    prop->maxThreadsDim[0] = 1024;
    prop->maxThreadsDim[1] = 1024;
    prop->maxThreadsDim[2] = 64;
    prop->maxGridSize[0] = 0x7fffffff;
    prop->maxGridSize[1] = 65535;
    prop->maxGridSize[2] = 65535;
    prop->totalConstMem = 65536;
    prop->major = 9;
    prop->minor = 0;
    prop->textureAlignment = 512;
    prop->multiProcessorCount = cpus > 0 ? (int)cpus : 1;
    prop->integrated = 1;
    prop->canMapHostMemory = 1;
    prop->unifiedAddressing = 1;
    prop->managedMemory = 1;
    prop->concurrentManagedAccess = 1;
    prop->maxThreadsPerMultiProcessor = 1024;
    prop->maxBlocksPerMultiProcessor = 1;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceSynchronize(void) { return warpsim_cudart::sticky(); }
inline cudaError_t cudaDeviceReset(void)
{
    warpsim_cudart::sticky_error = cudaSuccess;
    warpsim_cudart::last_error = cudaSuccess;
    return cudaSuccess;
}

/* ---- memory ---- */
inline cudaError_t cudaMalloc(void **ptr, size_t size)
{
    if (!ptr)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (warpsim_cudart::sticky_error != cudaSuccess)
        return warpsim_cudart::sticky();
    size_t rounded = (size ? size + 255 : 256) / 256 * 256; /* cudaMalloc aligns to 256 bytes */
    *ptr = aligned_alloc(256, rounded);
    return *ptr ? cudaSuccess : warpsim_cudart::record(cudaErrorMemoryAllocation);
}
template <typename T> inline cudaError_t cudaMalloc(T **ptr, size_t size)
{
    return cudaMalloc(reinterpret_cast<void **>(ptr), size);
}
inline cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags = cudaMemAttachGlobal)
{
    (void)flags;
    return cudaMalloc(ptr, size);
}
template <typename T> inline cudaError_t cudaMallocManaged(T **ptr, size_t size, unsigned flags = cudaMemAttachGlobal)
{
    return cudaMallocManaged(reinterpret_cast<void **>(ptr), size, flags);
}
inline cudaError_t cudaMallocHost(void **ptr, size_t size) { return cudaMalloc(ptr, size); }
template <typename T> inline cudaError_t cudaMallocHost(T **ptr, size_t size)
{
    return cudaMalloc(reinterpret_cast<void **>(ptr), size);
}
inline cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags)
{
    (void)flags;
    return cudaMalloc(ptr, size);
}
inline cudaError_t cudaFree(void *ptr)
{
    free(ptr);
    return cudaSuccess;
}
inline cudaError_t cudaFreeHost(void *ptr)
{
    free(ptr);
    return cudaSuccess;
}
inline cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind)
{
    if ((unsigned)kind > cudaMemcpyDefault)
        return warpsim_cudart::record(cudaErrorInvalidMemcpyDirection);
    if (warpsim_cudart::sticky_error != cudaSuccess)
        return warpsim_cudart::sticky();
    if (count && (!dst || !src))
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (count)
        memmove(dst, src, count);
    return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind,
                                   cudaStream_t stream = 0)
{
    (void)stream;
    return cudaMemcpy(dst, src, count, kind);
}
inline cudaError_t cudaMemset(void *ptr, int value, size_t count)
{
    if (warpsim_cudart::sticky_error != cudaSuccess)
        return warpsim_cudart::sticky();
    if (count && !ptr)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (count)
        memset(ptr, value, count);
    return cudaSuccess;
}
inline cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count, cudaStream_t stream = 0)
{
    (void)stream;
    return cudaMemset(ptr, value, count);
}
/* __device__ and __constant__ variables are ordinary variables here. */
template <typename T>
inline cudaError_t cudaMemcpyToSymbol(T &symbol, const void *src, size_t count, size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
    if (offset > sizeof(T) || count > sizeof(T) - offset)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    return cudaMemcpy(reinterpret_cast<char *>(&symbol) + offset, src, count, kind);
}
template <typename T>
inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                        cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
    if (offset > sizeof(T) || count > sizeof(T) - offset)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    return cudaMemcpy(dst, reinterpret_cast<const char *>(&symbol) + offset, count, kind);
}
template <typename T>
inline cudaError_t cudaMemcpyToSymbolAsync(T &symbol, const void *src, size_t count, size_t offset = 0,
                                           cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0)
{
    (void)stream;
    return cudaMemcpyToSymbol(symbol, src, count, offset, kind);
}
template <typename T>
inline cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                             cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0)
{
    (void)stream;
    return cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
}

/* ---- streams: accepted, everything runs in order at the call ---- */
struct CUstream_st {
    int unused;
};
inline cudaError_t cudaStreamCreate(cudaStream_t *stream)
{
    if (!stream)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *stream = new CUstream_st();
    return cudaSuccess;
}
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned flags)
{
    (void)flags;
    return cudaStreamCreate(stream);
}
inline cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    delete stream;
    return cudaSuccess;
}
inline cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    (void)stream;
    return warpsim_cudart::sticky();
}
inline cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    (void)stream;
    return warpsim_cudart::sticky();
}

/* ---- events: the CPU's monotonic clock ---- */
struct CUevent_st {
    double ms;
    bool recorded;
};
inline cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    if (!event)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *event = new CUevent_st();
    return cudaSuccess;
}
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags)
{
    (void)flags;
    return cudaEventCreate(event);
}
inline cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    delete event;
    return cudaSuccess;
}
inline cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0)
{
    (void)stream;
    if (!event)
        return warpsim_cudart::record(cudaErrorInvalidResourceHandle);
    event->ms = warpsim_cudart::now_ms();
    event->recorded = true;
    return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    if (!event)
        return warpsim_cudart::record(cudaErrorInvalidResourceHandle);
    return warpsim_cudart::sticky();
}
inline cudaError_t cudaEventQuery(cudaEvent_t event)
{
    if (!event)
        return warpsim_cudart::record(cudaErrorInvalidResourceHandle);
    return event->recorded ? cudaSuccess : cudaErrorNotReady;
}
inline cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms || !start || !end)
        return warpsim_cudart::record(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded)
        return warpsim_cudart::record(cudaErrorInvalidResourceHandle);
    *ms = (float)(end->ms - start->ms);
    return cudaSuccess;
}

#endif
