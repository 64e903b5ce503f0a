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

#include <atomic>
#include <mutex>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cuda.h"

#define WARPSIM_CUDA_RUNTIME 1
/* What CUDA programs test for: the runtime's own include guards (NVIDIA's
 * Common/helper_cuda.h defines its error helpers only under them), the
 * runtime version, and the compiler nvcc is (a .cu file is CUDA code). */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define CUDART_VERSION 13000
#define __CUDART_API_VERSION 13000
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
/* A .cu file is compiled once, and what runs lane by lane is its device
 * code: nvcc's device pass for the H200 sees __CUDA_ARCH__ 900, and so does
 * every line here, host code included (docs/cuda-frontend.md, "One pass").
 * -DWARPSIM_NO_CUDA_ARCH gives the host pass's view instead. */
#if !defined(__CUDA_ARCH__) && !defined(WARPSIM_NO_CUDA_ARCH)
#define __CUDA_ARCH__ 900
#endif
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 48


/* ---- errors (the numbers of CUDA 13's driver_types.h) ---- */
enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidPitchValue = 12,
    cudaErrorInvalidSymbol = 13,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorNotYetImplemented = 31,
    cudaErrorPeerAccessUnsupported = 217,
    cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701,
    cudaErrorAssert = 710,
    cudaErrorHostMemoryAlreadyRegistered = 712,
    cudaErrorHostMemoryNotRegistered = 713,
    cudaErrorMisalignedAddress = 716,
    cudaErrorCooperativeLaunchTooLarge = 720,
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
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define cudaHostAllocDefault 0x00

/* What host code reads of a device (the fields programs commonly use). */

/* ---- the runtime's state ---- */
namespace warpsim_cudart {
inline thread_local cudaError_t last_error = cudaSuccess; /* per host thread, as CUDA's */
inline cudaError_t sticky_error = cudaSuccess;            /* a failed launch: the context is unusable */
inline int current_device = 0;
inline size_t printf_fifo = WS_CUDA_PRINTF_FIFO; /* cudaLimitPrintfFifoSize */
inline unsigned device_flags = 0;                  /* cudaSetDeviceFlags' */

/* A failed call: the last error, and a checked build's report (which names
 * the API function: the caller of record or sticky). */
inline void report_api_error(cudaError_t e, const char *api);
inline cudaError_t record(cudaError_t e, const char *api = __builtin_FUNCTION())
{
    if (e != cudaSuccess) {
        last_error = e;
        report_api_error(e, api);
    }
    return e;
}
/* Calls that wait for the device report a failed launch. */
inline cudaError_t sticky(const char *api = __builtin_FUNCTION()) { return record(sticky_error, api); }

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
    bool cooperative; /* cudaLaunchCooperativeKernel: every block resident at once */
};
} // namespace warpsim_cudart

/* What `warpsim cc` makes of name<<<grid, block[, shared[, stream]]>>>(args):
 *   ws_cudart_launch_("name", WS_CUDART_KERNEL_(name), ws_cudart_cfg_(grid, block, ...), args)
 * The kernel is called by name, as CUDA resolves a launch: overloaded
 * kernels, template arguments deduced from the arguments, default arguments
 * and implicit conversions work as in a call. The arguments are evaluated
 * once, on the host, and each thread calls the kernel with its own copies
 * (its parameters). An argument written as just `0` is ws_cudart_zero_: the
 * int 0 where the call accepts ints there, else a null pointer (so
 * `k<<<1, 32>>>(0)` passes a null pointer to `int *p`); one written `NULL`
 * (or `__null`, what g++ and clang make of NULL) is ws_cudart_null_: a long
 * where the call takes one (a template deduces long, as g++ does for NULL),
 * else a null pointer. */
namespace warpsim_cudart {
/* A literal 0 (Int = int) or NULL (Int = decltype(NULL), long with g++ and clang). */
template <typename Int> struct null_constant {
    constexpr operator Int() const { return 0; }
    template <typename T> constexpr operator T *() const { return nullptr; }
};
using zero = null_constant<int>;
using null = null_constant<decltype(NULL)>;
/* A literal 0 or NULL argument as the integer a call gives it (the first
 * choice, as nvcc's host compiler makes it). */
template <typename T> struct as_int_ { using type = T; };
template <typename Int> struct as_int_<null_constant<Int>> { using type = Int; };
template <typename T> using as_int = typename as_int_<T>::type;

template <typename F, typename... V> struct packed_launch {
    F *kernel;
    std::tuple<V...> values;
    static void run(void *self)
    {
        packed_launch *p = static_cast<packed_launch *>(self);
        std::apply(*p->kernel, p->values);
    }
};
template <typename F, typename... A> struct callable_with : std::is_invocable<F &, A &...> {};
template <typename...> struct always_false : std::false_type {};
inline bool in_kernel() { return ws_cuda_ctx_ != nullptr; }
} // namespace warpsim_cudart
inline constexpr warpsim_cudart::zero ws_cudart_zero_{};
inline constexpr warpsim_cudart::null ws_cudart_null_{};

inline warpsim_cudart::config ws_cudart_cfg_(dim3 grid, dim3 block, size_t shared_bytes = 0,
                                             cudaStream_t stream = 0)
{
    return warpsim_cudart::config{grid, block, shared_bytes, stream, false};
}

template <typename P> inline cudaError_t ws_cudart_launch_packed_(const char *name, warpsim_cudart::config c, P *packed)
{
    if (warpsim_cudart::in_kernel()) {
        /* A launch from device code: dynamic parallelism (nvcc needs -rdc=true for it). */
        static std::atomic<bool> said{false};
        if (!said.exchange(true))
            fprintf(stderr, "warpsim: %s<<<...>>> launched from device code: dynamic parallelism is not "
                            "supported by warpsim's CUDA front end; the thread traps\n", name);
        __trap();
    }
    if (warpsim_cudart::sticky_error != cudaSuccess)
        return warpsim_cudart::sticky();
    if (!c.grid.x || !c.grid.y || !c.grid.z || !c.block.x || !c.block.y || !c.block.z ||
        (unsigned long long)c.block.x * c.block.y * c.block.z > WS_CUDA_MAX_BLOCK_THREADS) {
        /* The H200 refuses these as an invalid value (docs/probes/trust_probe.h200.txt: a 0 in
         * either dim3, a block of 2048); the C launch API's "0 means 1" is not CUDA's. */
        fprintf(stderr, "warpsim: %s<<<(%u,%u,%u), (%u,%u,%u)>>>: %s: nothing ran\n", name, c.grid.x, c.grid.y,
                c.grid.z, c.block.x, c.block.y, c.block.z,
                c.grid.x && c.grid.y && c.grid.z && c.block.x && c.block.y && c.block.z
                    ? "more than 1024 threads in a block" : "a grid or block dimension of 0");
        return warpsim_cudart::record(cudaErrorInvalidValue);
    }
    ws_cuda_launch_desc d = {};
    d.grid = c.grid;
    d.block = c.block;
    d.shared_bytes = c.shared_bytes;
    d.name = name;
    d.diag_policy = warpsim_cudart::diag_policy();
    d.printf_bytes = warpsim_cudart::printf_fifo;
    d.cooperative = c.cooperative;
    d.ftz = WS_CUDA_FTZ_; /* warpsim cc -ftz=true (cuda_math.h) */
    ws_status s = ws_cuda_launch_c(&d, &P::run, packed, nullptr);
    if (s == WS_OK)
        return cudaSuccess;
    const ws_cuda_report *rep = ws_cuda_last_report();
    const char *why = rep ? ws_cuda_report_error(rep) : NULL;
    if (s == WS_ERR_ARG) {
        /* Not sticky: the launch did not happen. */
        fprintf(stderr, "warpsim: %s<<<...>>>: %s\n", name, why && *why ? why : "invalid configuration");
        return warpsim_cudart::record(cudaErrorInvalidConfiguration);
    }
    /* The front end has said why on stderr ("warpsim: launch failed: ..."). */
    switch (ws_cuda_report_fault(rep)) {
    case WS_CUDA_FAULT_ILLEGAL_ADDRESS: warpsim_cudart::sticky_error = cudaErrorIllegalAddress; break;
    case WS_CUDA_FAULT_MISALIGNED: warpsim_cudart::sticky_error = cudaErrorMisalignedAddress; break;
    case WS_CUDA_FAULT_ASSERT: warpsim_cudart::sticky_error = cudaErrorAssert; break;
    default:
        warpsim_cudart::sticky_error = s == WS_ERR_NOMEM ? cudaErrorLaunchOutOfResources : cudaErrorLaunchFailure;
    }
    /* The launch itself succeeded: the GPU reports a kernel's fault at the next call that waits
     * for the device (cudaGetLastError right after the launch gives cudaSuccess on the H200:
     * docs/probes/trust_probe.h200.txt, docs/probes/grid_misuse.h200.txt), and every call after. */
    return cudaSuccess;
}

template <typename F, typename... A>
inline cudaError_t ws_cudart_launch_(const char *name, F kernel, warpsim_cudart::config c, A &&...args)
{
    using namespace warpsim_cudart;
    if constexpr (callable_with<F, as_int<typename std::decay<A>::type>...>::value) {
        packed_launch<F, as_int<typename std::decay<A>::type>...> p{&kernel, {std::forward<A>(args)...}};
        return ws_cudart_launch_packed_(name, c, &p);
    } else if constexpr (callable_with<F, typename std::decay<A>::type...>::value) {
        packed_launch<F, typename std::decay<A>::type...> p{&kernel, {std::forward<A>(args)...}};
        return ws_cudart_launch_packed_(name, c, &p);
    } else {
        static_assert(always_false<F, A...>::value,
                      "kernel launch: no kernel of this name takes these arguments (the call kernel(args) "
                      "below says why: their number or types)");
        kernel(args...);
        return cudaErrorInvalidValue;
    }
}

/* A launch with an argument in braces, k<<<1, 32>>>(d, {1, 2}): the braces
 * take the type of the kernel's parameter, so the kernel is named by its
 * address (one kernel, not an overload set or a template to deduce) and each
 * argument is converted to its parameter's type as in a call. */
template <typename T> struct ws_cudart_same_ { using type = T; };
template <typename... P>
inline cudaError_t ws_cudart_launch_typed_(const char *name, void (*kernel)(P...), warpsim_cudart::config c,
                                           typename ws_cudart_same_<P>::type... args)
{
    auto call = [kernel](auto &...a) { kernel(a...); };
    warpsim_cudart::packed_launch<decltype(call), typename std::decay<P>::type...> p{&call, {std::move(args)...}};
    return ws_cudart_launch_packed_(name, c, &p);
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
    case cudaErrorInvalidPitchValue: return "cudaErrorInvalidPitchValue";
    case cudaErrorPeerAccessUnsupported: return "cudaErrorPeerAccessUnsupported";
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
    case cudaErrorMisalignedAddress: return "cudaErrorMisalignedAddress";
    case cudaErrorAssert: return "cudaErrorAssert";
    case cudaErrorHostMemoryAlreadyRegistered: return "cudaErrorHostMemoryAlreadyRegistered";
    case cudaErrorHostMemoryNotRegistered: return "cudaErrorHostMemoryNotRegistered";
    case cudaErrorCooperativeLaunchTooLarge: return "cudaErrorCooperativeLaunchTooLarge";
    case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
    case cudaErrorNotSupported: return "cudaErrorNotSupported";
    case cudaErrorUnknown: return "cudaErrorUnknown";
    }
    return "cudaErrorUnknown";
}
inline const char *cudaGetErrorString(cudaError_t e);
inline void warpsim_cudart::report_api_error(cudaError_t e, const char *api)
{
    ws_cuda_check_api_(api, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}
inline const char *cudaGetErrorString(cudaError_t e)
{
    switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInitializationError: return "initialization error";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
    case cudaErrorInvalidPitchValue: return "invalid pitch argument";
    case cudaErrorPeerAccessUnsupported: return "peer access is not supported between these two devices";
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
    case cudaErrorMisalignedAddress: return "misaligned address";
    case cudaErrorAssert: return "device-side assert triggered";
    case cudaErrorHostMemoryAlreadyRegistered: return "part or all of the requested memory range is already mapped";
    case cudaErrorHostMemoryNotRegistered: return "pointer does not correspond to a registered memory region";
    case cudaErrorCooperativeLaunchTooLarge: return "too many blocks in cooperative launch";
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
#include "cudart_device.h" /* the device: cudaGetDeviceProperties, attributes, occupancy */
inline cudaError_t cudaDeviceSynchronize(void) { return warpsim_cudart::sticky(); }
inline cudaError_t cudaDeviceReset(void)
{
    warpsim_cudart::sticky_error = cudaSuccess;
    warpsim_cudart::last_error = cudaSuccess;
    return cudaSuccess;
}

/* ---- memory ---- */
namespace warpsim_cudart {
inline cudaError_t allocate(void **ptr, size_t size, int kind, unsigned flags = 0, const char *api = __builtin_FUNCTION())
{
    if (!ptr)
        return record(cudaErrorInvalidValue, api);
    if (sticky_error != cudaSuccess)
        return sticky(api);
    *ptr = ws_cuda_malloc_kind_(size, kind, flags);
    return *ptr ? cudaSuccess : record(cudaErrorMemoryAllocation, api);
}
} // namespace warpsim_cudart
inline cudaError_t cudaMalloc(void **ptr, size_t size) { return warpsim_cudart::allocate(ptr, size, WS_CUDA_MEM_DEVICE); }
template <typename T> inline cudaError_t cudaMalloc(T **ptr, size_t size)
{
    return cudaMalloc(reinterpret_cast<void **>(ptr), size);
}
inline cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags = cudaMemAttachGlobal)
{
    (void)flags;
    return warpsim_cudart::allocate(ptr, size, WS_CUDA_MEM_MANAGED);
}
template <typename T> inline cudaError_t cudaMallocManaged(T **ptr, size_t size, unsigned flags = cudaMemAttachGlobal)
{
    return cudaMallocManaged(reinterpret_cast<void **>(ptr), size, flags);
}
inline cudaError_t cudaMallocHost(void **ptr, size_t size) { return warpsim_cudart::allocate(ptr, size, WS_CUDA_MEM_HOST); }
template <typename T> inline cudaError_t cudaMallocHost(T **ptr, size_t size)
{
    return cudaMallocHost(reinterpret_cast<void **>(ptr), size);
}
inline cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags)
{
    return warpsim_cudart::allocate(ptr, size, WS_CUDA_MEM_HOST, flags);
}
template <typename T> inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned flags)
{
    return cudaHostAlloc(reinterpret_cast<void **>(ptr), size, flags);
}
/* Anything but an allocation's start (an offset into one, a second free, a
 * host array) is cudaErrorInvalidValue and frees nothing, as on the H200. */
inline cudaError_t cudaFree(void *ptr)
{
    return ws_cuda_free_(ptr) == 0 ? cudaSuccess : warpsim_cudart::record(cudaErrorInvalidValue);
}
inline cudaError_t cudaFreeHost(void *ptr) { return cudaFree(ptr); }
/* The stream-ordered allocator (CUDA 11.2): every call runs in order at the call here, so an
 * allocation "on a stream" is one now, and a free waits for nothing. */
inline cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t stream)
{
    (void)stream;
    return cudaMalloc(ptr, size);
}
template <typename T> inline cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaStream_t stream)
{
    return cudaMallocAsync(reinterpret_cast<void **>(ptr), size, stream);
}
inline cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream)
{
    (void)stream;
    return cudaFree(ptr);
}
inline cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind)
{
    if ((unsigned)kind > cudaMemcpyDefault)
        return warpsim_cudart::record(cudaErrorInvalidMemcpyDirection);
    if (warpsim_cudart::sticky_error != cudaSuccess)
        return warpsim_cudart::sticky();
    if (count && (!dst || !src))
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (ws_cuda_check_range_(dst, count) != 0 || ws_cuda_check_range_(src, count) != 0)
        return warpsim_cudart::record(cudaErrorInvalidValue); /* past an allocation's end: nothing copied */
    if (count)
        memmove(dst, src, count);
    ws_cuda_check_written_(dst, src, count);
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
    if (ws_cuda_check_range_(ptr, count) != 0)
        return warpsim_cudart::record(cudaErrorInvalidValue); /* past an allocation's end: nothing set */
    if (count)
        memset(ptr, value, count);
    ws_cuda_check_written_(ptr, NULL, count);
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
template <typename T> inline cudaError_t cudaGetSymbolAddress(void **dev_ptr, const T &symbol)
{
    if (!dev_ptr)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *dev_ptr = const_cast<void *>(static_cast<const void *>(&symbol));
    return cudaSuccess;
}
template <typename T> inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{
    (void)symbol;
    if (!size)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *size = sizeof(T);
    return cudaSuccess;
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
/* The special handles CUDA defines (never created or destroyed): streams are accepted and
 * ignored here, so they work wherever a stream goes. */
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
namespace warpsim_cudart {
/* Streams and events stay linked from here until destroyed: a program that never destroys them
 * (as most CUDA programs) is not reported by LeakSanitizer, as the allocation table does for
 * memory. */
struct live_handle {
    live_handle *prev = nullptr, *next = nullptr;
};
inline live_handle live_handles;
inline std::mutex live_lock;
inline void keep(live_handle *h)
{
    std::lock_guard<std::mutex> hold(live_lock);
    h->prev = &live_handles;
    h->next = live_handles.next;
    if (h->next)
        h->next->prev = h;
    live_handles.next = h;
}
inline void forget(live_handle *h)
{
    std::lock_guard<std::mutex> hold(live_lock);
    h->prev->next = h->next;
    if (h->next)
        h->next->prev = h->prev;
}
} // namespace warpsim_cudart
struct CUstream_st : warpsim_cudart::live_handle {
    unsigned flags = 0;
    int priority = 0;
};
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned flags)
{
    if (!stream || (flags & ~unsigned(cudaStreamNonBlocking)))
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *stream = new CUstream_st();
    (*stream)->flags = flags;
    warpsim_cudart::keep(*stream);
    return cudaSuccess;
}
inline cudaError_t cudaStreamCreate(cudaStream_t *stream) { return cudaStreamCreateWithFlags(stream, 0); }
/* What a stream was created with; the special handles are the default stream's (blocking,
 * priority 0). */
inline cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned *flags)
{
    if (!flags)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *flags = stream && stream != cudaStreamLegacy && stream != cudaStreamPerThread ? stream->flags : 0u;
    return cudaSuccess;
}
inline cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority)
{
    if (!priority)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *priority = stream && stream != cudaStreamLegacy && stream != cudaStreamPerThread ? stream->priority : 0;
    return cudaSuccess;
}
inline cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    if (stream == cudaStreamLegacy || stream == cudaStreamPerThread)
        return warpsim_cudart::record(cudaErrorInvalidResourceHandle);
    if (stream)
        warpsim_cudart::forget(stream);
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
struct CUevent_st : warpsim_cudart::live_handle {
    double ms = 0;
    bool recorded = false;
    bool no_timing = false; /* cudaEventDisableTiming */
};
inline cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    if (!event)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *event = new CUevent_st();
    warpsim_cudart::keep(*event);
    return cudaSuccess;
}
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags)
{
    cudaError_t e = cudaEventCreate(event);
    if (e == cudaSuccess)
        (*event)->no_timing = (flags & cudaEventDisableTiming) != 0;
    return e;
}
inline cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    if (event)
        warpsim_cudart::forget(event);
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
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
inline cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream = 0, unsigned flags = 0)
{
    if (flags & ~1u)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    return cudaEventRecord(event, stream);
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
/* As the runtime documents it: no place for the result is cudaErrorInvalidValue; an event made
 * with cudaEventDisableTiming, or one never recorded, cudaErrorInvalidResourceHandle. */
inline cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (!start || !end || start->no_timing || end->no_timing)
        return warpsim_cudart::record(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded)
        return warpsim_cudart::record(cudaErrorInvalidResourceHandle);
    *ms = (float)(end->ms - start->ms);
    return cudaSuccess;
}

/* ---- more of the runtime: attributes, limits, 2-D copies, host functions ---- */
/* The device's memory (cudaDeviceProp::totalGlobalMem) and the host's free memory. */
inline cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
    if (!free_bytes || !total_bytes)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    long avail = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    *total_bytes = warpsim_cudart::device_memory();
    *free_bytes = avail > 0 && page > 0 ? (size_t)avail * (size_t)page : 0;
    if (*free_bytes > *total_bytes)
        *free_bytes = *total_bytes;
    return cudaSuccess;
}
/* The CUDA version whose runtime API and error numbers this subset follows. */
#define WARPSIM_CUDART_VERSION 13000
inline cudaError_t cudaRuntimeGetVersion(int *v)
{
    if (!v)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *v = WARPSIM_CUDART_VERSION;
    return cudaSuccess;
}
inline cudaError_t cudaDriverGetVersion(int *v) { return cudaRuntimeGetVersion(v); }

/* Settings a GPU program makes that mean nothing here: accepted. */
enum cudaLimit { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2,
                 cudaLimitDevRuntimeSyncDepth = 3, cudaLimitDevRuntimePendingLaunchCount = 4,
                 cudaLimitMaxL2FetchGranularity = 5, cudaLimitPersistingL2CacheSize = 6 };
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2,
                     cudaFuncCachePreferEqual = 3 };
/* The shared-memory bank size (deprecated since CUDA 12, still declared; CUB's radix ranking
 * takes one as a template argument): accepted, and always the 4-byte banks an H200 has. */
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1,
                           cudaSharedMemBankSizeEightByte = 2 };
inline cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig c)
{
    (void)c;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *c)
{
    if (!c)
        return cudaErrorInvalidValue;
    *c = cudaSharedMemBankSizeFourByte;
    return cudaSuccess;
}
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
                         cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceLmemResizeToMax 0x10
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaHostAllocMapped 0x02
#define cudaHostAllocPortable 0x01
#define cudaHostAllocWriteCombined 0x04
/* The flags are kept for cudaGetDeviceFlags; they change nothing here (everything runs in
 * order at the call). */
inline cudaError_t cudaSetDeviceFlags(unsigned flags)
{
    if (flags & ~0x1Fu)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    warpsim_cudart::device_flags = flags;
    return cudaSuccess;
}
/* As set, with cudaDeviceMapHost always on (the H100: 8, then 12 after BlockingSync). */
inline cudaError_t cudaGetDeviceFlags(unsigned *flags)
{
    if (!flags)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *flags = warpsim_cudart::device_flags | cudaDeviceMapHost;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value)
{
    if (limit == cudaLimitPrintfFifoSize)
        warpsim_cudart::printf_fifo = value ? value : WS_CUDA_PRINTF_FIFO;
    return cudaSuccess;
}
/* The printf FIFO's size as set; the stack and the device heap as CUDA documents their defaults
 * (1 KiB a thread, 8 MiB), which the model's CPU stacks and heap do not follow (a thread's
 * stack here is 64 KiB of the CPU's frames); the other limits are not modelled. */
inline cudaError_t cudaDeviceGetLimit(size_t *value, cudaLimit limit)
{
    if (!value)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    switch (limit) {
    case cudaLimitPrintfFifoSize: *value = warpsim_cudart::printf_fifo; return cudaSuccess;
    case cudaLimitStackSize: *value = 1024; return cudaSuccess;
    case cudaLimitMallocHeapSize: *value = (size_t)8 << 20; return cudaSuccess;
    default: return warpsim_cudart::record(cudaErrorInvalidValue);
    }
}
inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache c)
{
    (void)c;
    return cudaSuccess;
}
template <typename F> inline cudaError_t cudaFuncSetCacheConfig(F *func, cudaFuncCache c)
{
    (void)func;
    (void)c;
    return cudaSuccess;
}
/* Dynamic shared memory here is at most 48 KiB (WS_CUDA_MAX_DYNAMIC_SHARED):
 * a larger opt-in is refused at once, where the GPU would accept it. */
template <typename F> inline cudaError_t cudaFuncSetAttribute(F *func, cudaFuncAttribute attr, int value)
{
    (void)func;
    if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize && (value < 0 || (size_t)value > WS_CUDA_MAX_DYNAMIC_SHARED)) {
        fprintf(stderr, "warpsim: cudaFuncSetAttribute: %d bytes of dynamic shared memory: the front end has at "
                        "most %zu per block\n", value, (size_t)WS_CUDA_MAX_DYNAMIC_SHARED);
        return warpsim_cudart::record(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}
/* Host memory is device memory: registering and mapping are identities. The range is
 * remembered for the pointer queries; registering memory twice, or unregistering what was not
 * registered, is an error as on the GPU. */
inline cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags)
{
    if (!ptr || !size || (flags & ~0x0Fu))
        return warpsim_cudart::record(cudaErrorInvalidValue);
    return ws_cuda_register_(ptr, size, flags) == 0 ? cudaSuccess
                                                    : warpsim_cudart::record(cudaErrorHostMemoryAlreadyRegistered);
}
inline cudaError_t cudaHostUnregister(void *ptr)
{
    return ws_cuda_unregister_(ptr) == 0 ? cudaSuccess : warpsim_cudart::record(cudaErrorHostMemoryNotRegistered);
}
template <typename T> inline cudaError_t cudaHostGetDevicePointer(T **device, void *host, unsigned flags)
{
    (void)flags;
    if (!device || !host)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *device = static_cast<T *>(host);
    return cudaSuccess;
}
/* ---- what a pointer is ---- */
enum cudaMemoryType { cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2,
                      cudaMemoryTypeManaged = 3 };
struct cudaPointerAttributes {
    enum cudaMemoryType type;
    int device;
    void *devicePointer;
    void *hostPointer;
    long reserved[8];
};
/* From the runtime's table of allocations (an offset into one too): device memory is reachable
 * from the device only, pinned, registered and managed memory from both; anything else is
 * unregistered host memory, on no device. */
inline cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *attributes, const void *ptr)
{
    if (!attributes)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    void *p = const_cast<void *>(ptr);
    int kind = ws_cuda_pointer_kind_(ptr, nullptr, nullptr);
    *attributes = cudaPointerAttributes();
    attributes->type = kind == WS_CUDA_MEM_DEVICE    ? cudaMemoryTypeDevice
                       : kind == WS_CUDA_MEM_MANAGED ? cudaMemoryTypeManaged
                       : kind                        ? cudaMemoryTypeHost
                                                     : cudaMemoryTypeUnregistered;
    attributes->device = kind ? 0 : cudaInvalidDeviceId;
    attributes->devicePointer = kind ? p : nullptr;
    attributes->hostPointer = kind == WS_CUDA_MEM_DEVICE ? nullptr : p;
    return cudaSuccess;
}
/* The flags of cudaHostAlloc (cudaMallocHost's: 0) or cudaHostRegister, with mapped always set
 * (unified addressing maps all pinned memory: the H100 answers 2 for cudaMallocHost and for a
 * default registration, docs/probes/runtime_query_probe.h100.txt); other memory is
 * cudaErrorInvalidValue. */
inline cudaError_t cudaHostGetFlags(unsigned *flags, void *host)
{
    unsigned f = 0;
    int kind = ws_cuda_pointer_kind_(host, nullptr, &f);
    if (!flags || (kind != WS_CUDA_MEM_HOST && kind != WS_CUDA_MEM_REGISTERED))
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *flags = f | cudaHostAllocMapped;
    return cudaSuccess;
}
/* Advice and attachment change where managed memory lives, never what it holds: accepted for
 * managed memory (one device, the host's memory). */
enum cudaMemoryAdvise { cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2,
                        cudaMemAdviseSetPreferredLocation = 3, cudaMemAdviseUnsetPreferredLocation = 4,
                        cudaMemAdviseSetAccessedBy = 5, cudaMemAdviseUnsetAccessedBy = 6 };
enum cudaMemLocationType { cudaMemLocationTypeInvalid = 0, cudaMemLocationTypeDevice = 1,
                           cudaMemLocationTypeHost = 2, cudaMemLocationTypeHostNuma = 3,
                           cudaMemLocationTypeHostNumaCurrent = 4 };
struct cudaMemLocation {
    enum cudaMemLocationType type;
    int id;
};
inline cudaError_t cudaMemAdvise(const void *ptr, size_t count, cudaMemoryAdvise advice, cudaMemLocation location)
{
    (void)count;
    (void)location;
    if (ws_cuda_pointer_kind_(ptr, nullptr, nullptr) != WS_CUDA_MEM_MANAGED || advice < cudaMemAdviseSetReadMostly ||
        advice > cudaMemAdviseUnsetAccessedBy)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    return cudaSuccess;
}
/* CUDA 12's spelling, with a device number (cudaCpuDeviceId for the host). */
inline cudaError_t cudaMemAdvise(const void *ptr, size_t count, cudaMemoryAdvise advice, int device)
{
    cudaMemLocation where = {device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice, device};
    return cudaMemAdvise(ptr, count, advice, where);
}
inline cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *ptr, size_t length = 0,
                                            unsigned flags = cudaMemAttachSingle)
{
    (void)ptr;
    (void)length;
    /* "It is illegal to attach singly to the NULL stream" (CUDA's header): an error */
    bool known = flags == cudaMemAttachGlobal || flags == cudaMemAttachHost || flags == cudaMemAttachSingle;
    return known && !(flags == cudaMemAttachSingle && stream == 0) ? cudaSuccess
                                                                    : warpsim_cudart::record(cudaErrorInvalidValue);
}
inline cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, int device, cudaStream_t stream = 0)
{
    (void)ptr;
    (void)count;
    (void)device;
    (void)stream;
    return cudaSuccess;
}
inline cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags = 0)
{
    (void)stream;
    (void)event;
    (void)flags;
    return warpsim_cudart::sticky();
}
/* ---- streams: priorities, callbacks, attributes (all accepted; everything runs in order) ---- */
/* The H200's range (docs/conformance-logs/cuda-samples-h200/StreamPriorities.out): 0 lowest, -5 highest. */
inline cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{
    if (least)
        *least = 0;
    if (greatest)
        *greatest = -5;
    return cudaSuccess;
}
/* A priority outside the range is clamped to it, as CUDA documents. */
inline cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned flags, int priority)
{
    cudaError_t e = cudaStreamCreateWithFlags(stream, flags);
    if (e == cudaSuccess)
        (*stream)->priority = priority > 0 ? 0 : priority < -5 ? -5 : priority;
    return e;
}
#define CUDART_CB
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *user_data);
/* Everything before it in the stream has run: the callback runs now, with
 * the context's error (a failed launch's, sticky). */
inline cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *user_data,
                                         unsigned flags)
{
    if (!callback || flags != 0)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    callback(stream, warpsim_cudart::sticky_error, user_data);
    return cudaSuccess;
}
enum cudaAccessProperty { cudaAccessPropertyNormal = 0, cudaAccessPropertyStreaming = 1,
                          cudaAccessPropertyPersisting = 2 };
struct cudaAccessPolicyWindow {
    void *base_ptr;
    size_t num_bytes;
    float hitRatio;
    enum cudaAccessProperty hitProp;
    enum cudaAccessProperty missProp;
};
enum cudaLaunchAttributeID { cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeAccessPolicyWindow = 1,
                             cudaLaunchAttributeCooperative = 2, cudaLaunchAttributeSynchronizationPolicy = 3,
                             cudaLaunchAttributeClusterDimension = 4,
                             cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
                             cudaLaunchAttributeProgrammaticStreamSerialization = 6,
                             cudaLaunchAttributeProgrammaticEvent = 7, cudaLaunchAttributePriority = 8 };
typedef enum cudaLaunchAttributeID cudaStreamAttrID;
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributePriority cudaLaunchAttributePriority
union cudaLaunchAttributeValue {
    char pad[64];
    struct cudaAccessPolicyWindow accessPolicyWindow;
    int cooperative;
    struct {
        unsigned int x, y, z;
    } clusterDim;
    int programmaticStreamSerializationAllowed;
    int priority;
};
typedef union cudaLaunchAttributeValue cudaStreamAttrValue;
/* The L2 persistence hints mean nothing for host memory: accepted. */
inline cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaStreamAttrID attr, const cudaStreamAttrValue *value)
{
    (void)stream;
    (void)attr;
    return value ? cudaSuccess : warpsim_cudart::record(cudaErrorInvalidValue);
}
inline cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaStreamAttrID attr, cudaStreamAttrValue *value)
{
    (void)stream;
    (void)attr;
    if (!value)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    memset(value, 0, sizeof *value);
    return cudaSuccess;
}
inline cudaError_t cudaCtxResetPersistingL2Cache(void) { return cudaSuccess; }
/* The profiler (cuda_profiler_api.h): nothing to start. */
inline cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
inline cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

typedef void (*cudaHostFn_t)(void *user_data);
/* Everything before it in the stream has run: the function runs now. */
inline cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *user_data)
{
    (void)stream;
    if (!fn)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    fn(user_data);
    return cudaSuccess;
}

/* Pitched memory: rows of `width` bytes, `pitch` apart (512-byte aligned, as
 * the GPU's texture alignment). */
inline cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height)
{
    if (!pitch)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *pitch = (width + 511) / 512 * 512;
    return cudaMalloc(ptr, *pitch * height);
}
template <typename T> inline cudaError_t cudaMallocPitch(T **ptr, size_t *pitch, size_t width, size_t height)
{
    return cudaMallocPitch(reinterpret_cast<void **>(ptr), pitch, width, height);
}
inline cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                                cudaMemcpyKind kind)
{
    if ((unsigned)kind > cudaMemcpyDefault)
        return warpsim_cudart::record(cudaErrorInvalidMemcpyDirection);
    if (width > dpitch || width > spitch)
        return warpsim_cudart::record(cudaErrorInvalidPitchValue);
    if (warpsim_cudart::sticky_error != cudaSuccess)
        return warpsim_cudart::sticky();
    if (width && height && (!dst || !src))
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (height && (ws_cuda_check_range_(dst, (height - 1) * dpitch + width) != 0 ||
                   ws_cuda_check_range_(src, (height - 1) * spitch + width) != 0))
        return warpsim_cudart::record(cudaErrorInvalidValue); /* past an allocation's end: nothing copied */
    for (size_t r = 0; r < height && width; r++) {
        memmove(static_cast<char *>(dst) + r * dpitch, static_cast<const char *>(src) + r * spitch, width);
        ws_cuda_check_written_(static_cast<char *>(dst) + r * dpitch, static_cast<const char *>(src) + r * spitch,
                               width);
    }
    return cudaSuccess;
}
inline cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                     size_t height, cudaMemcpyKind kind, cudaStream_t stream = 0)
{
    (void)stream;
    return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
inline cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value, size_t width, size_t height)
{
    if (width > pitch)
        return warpsim_cudart::record(cudaErrorInvalidPitchValue);
    if (warpsim_cudart::sticky_error != cudaSuccess)
        return warpsim_cudart::sticky();
    if (width && height && !ptr)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    for (size_t r = 0; r < height && width; r++) {
        memset(static_cast<char *>(ptr) + r * pitch, value, width);
        ws_cuda_check_written_(static_cast<char *>(ptr) + r * pitch, NULL, width);
    }
    return cudaSuccess;
}

/* One device: peer access never applies; a copy between device 0 and itself is a copy. */
inline cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer)
{
    if (!can)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (device != 0 || peer != 0)
        return warpsim_cudart::record(cudaErrorInvalidDevice);
    *can = 0;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned flags)
{
    (void)flags;
    return warpsim_cudart::record(peer == 0 ? cudaErrorPeerAccessUnsupported : cudaErrorInvalidDevice);
}
inline cudaError_t cudaMemcpyPeer(void *dst, int dst_device, const void *src, int src_device, size_t count)
{
    if (dst_device != 0 || src_device != 0)
        return warpsim_cudart::record(cudaErrorInvalidDevice);
    return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}
inline cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_device, const void *src, int src_device, size_t count,
                                       cudaStream_t stream = 0)
{
    (void)stream;
    return cudaMemcpyPeer(dst, dst_device, src, src_device, count);
}
inline cudaError_t cudaMemset2DAsync(void *ptr, size_t pitch, int value, size_t width, size_t height,
                                     cudaStream_t stream = 0)
{
    (void)stream;
    return cudaMemset2D(ptr, pitch, value, width, height);
}
/* Stream capture (CUDA graphs) is not modelled: no stream is ever capturing, which is what
 * libraries ask before they allocate or synchronize. */
enum cudaStreamCaptureStatus { cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1,
                               cudaStreamCaptureStatusInvalidated = 2 };
inline cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus *status)
{
    (void)stream;
    if (!status)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *status = cudaStreamCaptureStatusNone;
    return cudaSuccess;
}

/* cudaLaunchKernel(kernel, grid, block, args, shared, stream): args[i]
 * points at the i-th argument, as on the GPU. The kernel must be named with
 * its type (a function, not a void pointer), so its parameter types are known. */
namespace warpsim_cudart {
template <typename... P, size_t... I>
inline cudaError_t launch_from_pointers(const char *name, void (*kernel)(P...), config c, void **args,
                                       std::index_sequence<I...>)
{
    return ws_cudart_launch_(name, [kernel](auto &...a) { kernel(a...); }, c,
                             *static_cast<typename std::decay<P>::type *>(args[I])...);
}
} // namespace warpsim_cudart
template <typename... P>
inline cudaError_t cudaLaunchKernel(void (*kernel)(P...), dim3 grid, dim3 block, void **args, size_t shared_bytes = 0,
                                    cudaStream_t stream = 0)
{
    if (sizeof...(P) > 0 && !args)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    return warpsim_cudart::launch_from_pointers("cudaLaunchKernel", kernel, ws_cudart_cfg_(grid, block, shared_bytes, stream), args,
                                                std::index_sequence_for<P...>{});
}
template <typename V, typename = typename std::enable_if<std::is_void<V>::value>::type>
inline cudaError_t cudaLaunchKernel(const V *kernel, dim3 grid, dim3 block, void **args, size_t shared_bytes = 0,
                                    cudaStream_t stream = 0)
{
    static_assert(warpsim_cudart::always_false<V>::value,
                  "warpsim cc: cudaLaunchKernel((void *)kernel, ...): pass the kernel itself, not a void pointer "
                  "(the front end needs its parameter types)");
    (void)kernel, (void)grid, (void)block, (void)args, (void)shared_bytes, (void)stream;
    return cudaErrorNotSupported;
}


/* cudaLaunchCooperativeKernel(kernel, grid, block, args, shared, stream):
 * every block is resident at once, so grid.sync() can wait for them all.
 * The grid may hold at most 132 times the blocks a multiprocessor holds
 * (cudaOccupancyMaxActiveBlocksPerMultiprocessor), else the launch fails,
 * not sticky, with cudaErrorCooperativeLaunchTooLarge, as on the H200
 * (docs/probes/coop_probe.h200.txt). `warpsim cc` drops the (void *) cast
 * of its first argument that CUDA programs write. */
namespace warpsim_cudart {
/* Whether a cooperative grid fits on the modelled H200 at once; says why not. */
inline bool cooperative_fits(const char *name, dim3 grid, dim3 block, size_t shared_bytes)
{
    unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
    unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
    int per_sm = threads && threads <= WS_CUDA_MAX_BLOCK_THREADS
                     ? blocks_per_multiprocessor((int)threads, shared_bytes) : 1;
    if (blocks <= WS_CUDA_SMS * (unsigned long long)per_sm)
        return true;
    fprintf(stderr, "warpsim: %s: %llu blocks of %llu threads: more than the %llu the modelled H200 holds at "
                    "once (%d a multiprocessor): nothing ran\n",
            name, blocks, threads, WS_CUDA_SMS * (unsigned long long)per_sm, per_sm);
    return false;
}
} // namespace warpsim_cudart
template <typename... P>
inline cudaError_t cudaLaunchCooperativeKernel(void (*kernel)(P...), dim3 grid, dim3 block, void **args,
                                               size_t shared_bytes = 0, cudaStream_t stream = 0)
{
    if (sizeof...(P) > 0 && !args)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (!warpsim_cudart::cooperative_fits("cudaLaunchCooperativeKernel", grid, block, shared_bytes))
        return warpsim_cudart::record(cudaErrorCooperativeLaunchTooLarge);
    warpsim_cudart::config c = ws_cudart_cfg_(grid, block, shared_bytes, stream);
    c.cooperative = true;
    return warpsim_cudart::launch_from_pointers("cudaLaunchCooperativeKernel", kernel, c, args,
                                                std::index_sequence_for<P...>{});
}

/* cudaLaunchKernelEx(&config, kernel, args...), CUDA 12's launch with
 * attributes: cudaLaunchAttributeCooperative makes it a cooperative launch
 * (as cudaLaunchCooperativeKernel); the other attributes (priority, access
 * policy window, synchronization policy) change no result here and are
 * accepted. The arguments convert to the kernel's parameter types, as CUDA's
 * template does. */
typedef struct cudaLaunchAttribute_st {
    cudaLaunchAttributeID id;
    char pad[8 - sizeof(cudaLaunchAttributeID)];
    cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
/* config.gridDim and config.blockDim: warpsim/cuda.h's macros make them
 * config.ws_cuda_ctx_->grid_dim, so the two live in a member of that name
 * whose -> is itself. */
struct ws_cudart_dims_ {
    dim3 grid_dim, block_dim;
    ws_cudart_dims_ *operator->() { return this; }
    const ws_cudart_dims_ *operator->() const { return this; }
};
typedef struct cudaLaunchConfig_st {
    ws_cudart_dims_ ws_cuda_ctx_; /* gridDim, blockDim */
    size_t dynamicSmemBytes;
    cudaStream_t stream;
    cudaLaunchAttribute *attrs;
    unsigned int numAttrs;
} cudaLaunchConfig_t;
template <typename... P, typename... A>
inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(P...), A &&...args)
{
    if (!config || (config->numAttrs && !config->attrs))
        return warpsim_cudart::record(cudaErrorInvalidValue);
    bool cooperative = false;
    for (unsigned i = 0; i < config->numAttrs; i++) {
        const cudaLaunchAttribute &a = config->attrs[i];
        if (a.id == cudaLaunchAttributeCooperative)
            cooperative = a.val.cooperative != 0;
        if (a.id == cudaLaunchAttributeClusterDimension &&
            (unsigned long long)a.val.clusterDim.x * a.val.clusterDim.y * a.val.clusterDim.z > 1) {
            fprintf(stderr, "warpsim: cudaLaunchKernelEx: thread block clusters (%u,%u,%u) are not supported by "
                            "the CUDA front end: nothing ran\n", a.val.clusterDim.x, a.val.clusterDim.y,
                    a.val.clusterDim.z);
            return warpsim_cudart::record(cudaErrorNotSupported);
        }
    }
    if (cooperative && !warpsim_cudart::cooperative_fits("cudaLaunchKernelEx", config->gridDim, config->blockDim,
                                                         config->dynamicSmemBytes))
        return warpsim_cudart::record(cudaErrorCooperativeLaunchTooLarge);
    warpsim_cudart::config c =
        ws_cudart_cfg_(config->gridDim, config->blockDim, config->dynamicSmemBytes, config->stream);
    c.cooperative = cooperative;
    return [&](P... coerced) {
        return ws_cudart_launch_("cudaLaunchKernelEx", [kernel](auto &...a) { kernel(a...); }, c, coerced...);
    }(std::forward<A>(args)...);
}
template <typename V, typename = typename std::enable_if<std::is_void<V>::value>::type>
inline cudaError_t cudaLaunchCooperativeKernel(const V *kernel, dim3 grid, dim3 block, void **args,
                                               size_t shared_bytes = 0, cudaStream_t stream = 0)
{
    static_assert(warpsim_cudart::always_false<V>::value,
                  "warpsim cc: cudaLaunchCooperativeKernel((void *)kernel, ...) through a void pointer: pass the "
                  "kernel itself (the front end needs its parameter types)");
    (void)kernel, (void)grid, (void)block, (void)args, (void)shared_bytes, (void)stream;
    return cudaErrorNotSupported;
}

/* ---- not supported: a compile error that says so, at the call ----
 * Graphs, textures and surfaces and IPC have no model here. Their types are declared, so a program's
 * declarations compile, and each call fails to compile with a message
 * naming the function (docs/cuda-frontend.md lists what is supported). */
#define WS_CUDART_UNSUPPORTED_(fn, what)                                                                      \
    template <typename... A> inline cudaError_t fn(A &&...)                                                   \
    {                                                                                                         \
        static_assert(warpsim_cudart::always_false<A...>::value,                                              \
                      "warpsim cc: " #fn " is not supported: " what " (docs/cuda-frontend.md)");              \
        return cudaErrorNotSupported;                                                                         \
    }
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct cudaArray *cudaArray_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
WS_CUDART_UNSUPPORTED_(cudaGraphCreate, "CUDA graphs")
WS_CUDART_UNSUPPORTED_(cudaGraphInstantiate, "CUDA graphs")
WS_CUDART_UNSUPPORTED_(cudaGraphLaunch, "CUDA graphs")
WS_CUDART_UNSUPPORTED_(cudaGraphAddKernelNode, "CUDA graphs")
WS_CUDART_UNSUPPORTED_(cudaGraphExecDestroy, "CUDA graphs")
WS_CUDART_UNSUPPORTED_(cudaGraphDestroy, "CUDA graphs")
WS_CUDART_UNSUPPORTED_(cudaStreamBeginCapture, "CUDA graphs (stream capture)")
WS_CUDART_UNSUPPORTED_(cudaStreamEndCapture, "CUDA graphs (stream capture)")
WS_CUDART_UNSUPPORTED_(cudaCreateTextureObject, "textures")
WS_CUDART_UNSUPPORTED_(cudaDestroyTextureObject, "textures")
WS_CUDART_UNSUPPORTED_(cudaCreateSurfaceObject, "surfaces")
WS_CUDART_UNSUPPORTED_(cudaDestroySurfaceObject, "surfaces")
WS_CUDART_UNSUPPORTED_(cudaMallocArray, "CUDA arrays (textures)")
WS_CUDART_UNSUPPORTED_(cudaMalloc3DArray, "CUDA arrays (textures)")
WS_CUDART_UNSUPPORTED_(cudaMemcpyToArray, "CUDA arrays (textures)")
WS_CUDART_UNSUPPORTED_(cudaMemcpy2DToArray, "CUDA arrays (textures)")
WS_CUDART_UNSUPPORTED_(cudaFreeArray, "CUDA arrays (textures)")
WS_CUDART_UNSUPPORTED_(cudaIpcGetMemHandle, "inter-process memory")
WS_CUDART_UNSUPPORTED_(cudaIpcOpenMemHandle, "inter-process memory")
#undef WS_CUDART_UNSUPPORTED_
/* Device-side texture and surface reads and writes. */
#define WS_CUDART_UNSUPPORTED_DEVICE_(fn)                                                                     \
    template <typename T = int, typename... A> inline T fn(A &&...)                                           \
    {                                                                                                         \
        static_assert(warpsim_cudart::always_false<A...>::value,                                              \
                      "warpsim cc: " #fn " is not supported: textures and surfaces (docs/cuda-frontend.md)"); \
        return T();                                                                                           \
    }
WS_CUDART_UNSUPPORTED_DEVICE_(tex1Dfetch)
WS_CUDART_UNSUPPORTED_DEVICE_(tex1D)
WS_CUDART_UNSUPPORTED_DEVICE_(tex2D)
WS_CUDART_UNSUPPORTED_DEVICE_(tex3D)
WS_CUDART_UNSUPPORTED_DEVICE_(surf2Dread)
WS_CUDART_UNSUPPORTED_DEVICE_(surf2Dwrite)
#undef WS_CUDART_UNSUPPORTED_DEVICE_

#endif
