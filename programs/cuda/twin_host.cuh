/* programs/cuda/twin_host.cuh: host-side helpers shared by the twins:
 * CUDA error checks that name the call, buffers, type dispatch, and
 * turning device results into twin_result outputs and records. */
#ifndef WARPSIM_TWIN_HOST_CUH
#define WARPSIM_TWIN_HOST_CUH

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "twin_device.cuh"

/* Evaluates a CUDA call; on failure writes "<twin>: <call>: <error>" to
 * out->error and returns false from the enclosing function. */
#define TWIN_CUDA(out, call)                                                                        \
    do {                                                                                            \
        cudaError_t twin_e_ = (call);                                                               \
        if (twin_e_ != cudaSuccess) {                                                               \
            snprintf((out)->error, sizeof (out)->error, "%s:%d: %s: %s", __FILE__, __LINE__, #call, \
                     cudaGetErrorString(twin_e_));                                                  \
            return false;                                                                           \
        }                                                                                           \
    } while (0)

/* Calls fn<T>(args...) for the run's element type (not sym). */
#define TWIN_DISPATCH(type, out, fn, ...)                                                    \
    do {                                                                                     \
        switch (type) {                                                                      \
        case WK_I32: return fn<int32_t>(__VA_ARGS__);                                        \
        case WK_U32: return fn<uint32_t>(__VA_ARGS__);                                       \
        case WK_F32: return fn<float>(__VA_ARGS__);                                          \
        case WK_F64: return fn<double>(__VA_ARGS__);                                         \
        case WK_I64: return fn<long long>(__VA_ARGS__);                                      \
        case WK_U64: return fn<unsigned long long>(__VA_ARGS__);                             \
        default:                                                                             \
            snprintf((out)->error, sizeof (out)->error, "type %d has no twin", (int)(type)); \
            return false;                                                                    \
        }                                                                                    \
    } while (0)

/* A device array of T holding the input's values (raw bits narrowed to T). */
template <typename T> static inline bool twin_upload(twin_result *out, const uint64_t *input, size_t n, T **dev)
{
    T *host = (T *)malloc((n ? n : 1) * sizeof(T));
    if (!host) {
        snprintf(out->error, sizeof out->error, "out of memory for %zu inputs", n);
        return false;
    }
    for (size_t i = 0; i < n; i++)
        host[i] = twin_from_bits<T>(input[i]);
    cudaError_t e = cudaMalloc((void **)dev, (n ? n : 1) * sizeof(T));
    if (e == cudaSuccess)
        e = cudaMemcpy(*dev, host, n * sizeof(T), cudaMemcpyHostToDevice);
    free(host);
    if (e != cudaSuccess) {
        snprintf(out->error, sizeof out->error, "uploading %zu inputs: %s", n, cudaGetErrorString(e));
        return false;
    }
    return true;
}

/* Copies count values of T from the device into a new output `name`. */
template <typename T>
static inline bool twin_download_output(twin_result *out, const char *name, const T *dev, size_t count)
{
    if (out->n_outputs >= WK_MAX_OUTPUTS) {
        snprintf(out->error, sizeof out->error, "too many outputs");
        return false;
    }
    T *host = (T *)malloc((count ? count : 1) * sizeof(T));
    uint64_t *bits = (uint64_t *)malloc((count ? count : 1) * sizeof(uint64_t));
    if (!host || !bits) {
        free(host);
        free(bits);
        snprintf(out->error, sizeof out->error, "out of memory for output %s", name);
        return false;
    }
    cudaError_t e = cudaMemcpy(host, dev, count * sizeof(T), cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        free(host);
        free(bits);
        snprintf(out->error, sizeof out->error, "downloading output %s: %s", name, cudaGetErrorString(e));
        return false;
    }
    for (size_t i = 0; i < count; i++)
        bits[i] = twin_bits(host[i]);
    free(host);
    twin_output *o = &out->outputs[out->n_outputs++];
    snprintf(o->name, sizeof o->name, "%s", name);
    o->count = count;
    o->bits = bits;
    return true;
}

/* Device buffers for step records of one warp. */
struct twin_rec_buffers {
    twin_rec dev;
};

static inline bool twin_rec_alloc(twin_result *out, twin_rec_buffers *b)
{
    b->dev.bits = nullptr;
    b->dev.count = nullptr;
    TWIN_CUDA(out, cudaMalloc((void **)&b->dev.bits, 32 * TWIN_MAX_RECORDS * sizeof(unsigned long long)));
    TWIN_CUDA(out, cudaMalloc((void **)&b->dev.count, 32 * sizeof(int)));
    TWIN_CUDA(out, cudaMemset(b->dev.count, 0, 32 * sizeof(int)));
    return true;
}

/* Copies the records into out (has_records) and frees the buffers. */
static inline bool twin_rec_download(twin_result *out, twin_rec_buffers *b)
{
    static unsigned long long bits[32 * TWIN_MAX_RECORDS];
    int count[32];
    TWIN_CUDA(out, cudaMemcpy(bits, b->dev.bits, sizeof bits, cudaMemcpyDeviceToHost));
    TWIN_CUDA(out, cudaMemcpy(count, b->dev.count, sizeof count, cudaMemcpyDeviceToHost));
    cudaFree(b->dev.bits);
    cudaFree(b->dev.count);
    b->dev.bits = nullptr;
    b->dev.count = nullptr;
    out->has_records = true;
    for (int lane = 0; lane < 32; lane++) {
        if (count[lane] > TWIN_MAX_RECORDS) {
            snprintf(out->error, sizeof out->error, "lane %d recorded %d steps (at most %d)", lane, count[lane],
                     TWIN_MAX_RECORDS);
            return false;
        }
        out->n_records[lane] = count[lane];
        for (int i = 0; i < count[lane]; i++)
            out->records[lane][i] = bits[lane * TWIN_MAX_RECORDS + i];
    }
    return true;
}

/* Frees a twin's device buffers on every way out of its host function (a
 * failed CUDA call returns early): `twin_frees frees; frees.add(&buf);`
 * before the buffer is allocated. Holds the pointers' addresses, so a
 * buffer freed earlier and set to nullptr (twin_rec_download does) is
 * skipped. */
struct twin_frees {
    struct entry {
        void *ptr_addr;
        void (*release)(void *ptr_addr);
    };
    entry kept[16];
    int count = 0;
    template <typename P> static void release_one(void *ptr_addr)
    {
        P **p = static_cast<P **>(ptr_addr);
        if (*p) {
            cudaFree(*p);
            *p = nullptr;
        }
    }
    template <typename P> void add(P **p)
    {
        if (count < 16) /* a twin has a handful of buffers; more would leak, never overrun */
            kept[count++] = {p, release_one<P>};
    }
    ~twin_frees()
    {
        for (int i = count - 1; i >= 0; i--)
            kept[i].release(kept[i].ptr_addr);
    }
};

/* Checks the launch and waits for the kernel. */
#define TWIN_SYNC(out)                                        \
    do {                                                      \
        TWIN_CUDA(out, cudaGetLastError());                   \
        TWIN_CUDA(out, cudaDeviceSynchronize());              \
    } while (0)

/* The host side of a single-warp twin: `threads` lanes (params.threads,
 * default 32), n_outputs per-lane outputs of 32 values each (lanes that do
 * not run leave 0), and the step records. launch(in, outs, active, rec)
 * launches the kernel with <<<1, threads>>>. */
template <typename T, typename Launch>
static inline bool twin_run_warp_with(const char *program, const wk_params *p, const uint64_t *input, size_t n,
                                      twin_result *out, int n_outputs, const char *const names[],
                                      Launch launch)
{
    int threads = p->threads ? p->threads : 32;
    if (n < (size_t)threads) {
        snprintf(out->error, sizeof out->error, "%s: %zu inputs for %d threads", program, n, threads);
        return false;
    }
    T *in = nullptr, *outs[2] = {nullptr, nullptr};
    twin_rec_buffers rec = {};
    twin_frees frees;
    frees.add(&in);
    frees.add(&outs[0]);
    frees.add(&outs[1]);
    frees.add(&rec.dev.bits);
    frees.add(&rec.dev.count);
    if (!twin_upload(out, input, n, &in) || !twin_rec_alloc(out, &rec))
        return false;
    for (int i = 0; i < n_outputs; i++) {
        TWIN_CUDA(out, cudaMalloc((void **)&outs[i], 32 * sizeof(T)));
        TWIN_CUDA(out, cudaMemset(outs[i], 0, 32 * sizeof(T)));
    }
    launch(threads, in, outs, (unsigned)p->active, rec.dev);
    TWIN_SYNC(out);
    for (int i = 0; i < n_outputs; i++)
        if (!twin_download_output(out, names[i], outs[i], 32))
            return false;
    return twin_rec_download(out, &rec);
}

/* A kernel(in, out, active, rec) with one per-lane output `name`. */
template <typename T>
static inline bool twin_run_warp(const char *program, const wk_params *p, const uint64_t *input, size_t n,
                                 twin_result *out, void (*kernel)(const T *, T *, unsigned, twin_rec),
                                 const char *name)
{
    const char *const names[] = {name};
    return twin_run_warp_with<T>(program, p, input, n, out, 1, names,
                                 [kernel](int threads, const T *in, T *const *outs, unsigned active, twin_rec rec) {
                                     kernel<<<1, threads>>>(in, outs[0], active, rec);
                                 });
}

/* An exclusive scan's kernel(in, excl, incl, active, rec): outputs "v" (the
 * exclusive values) and "inclusive", as the simulator's programs name them. */
template <typename T>
static inline bool twin_run_warp_excl(const char *program, const wk_params *p, const uint64_t *input, size_t n,
                                      twin_result *out, void (*kernel)(const T *, T *, T *, unsigned, twin_rec))
{
    const char *const names[] = {"v", "inclusive"};
    return twin_run_warp_with<T>(program, p, input, n, out, 2, names,
                                 [kernel](int threads, const T *in, T *const *outs, unsigned active, twin_rec rec) {
                                     kernel<<<1, threads>>>(in, outs[0], outs[1], active, rec);
                                 });
}

#endif
