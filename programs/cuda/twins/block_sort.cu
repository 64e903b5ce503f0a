/* Twin of programs/sorts/block_sort.c: the bitonic network of `bitonic`
 * over a block of N threads (--block, a power of two from 32 to 1024,
 * default 128), one key per thread. Stages whose partner tid ^ j is in
 * another warp (j >= warpSize) go through shared memory between two
 * barriers; the others use __shfl_xor_sync. Same compare-exchange as
 * bitonic (plain `<` / `>` of T, then selects). A block program: outputs
 * only (key, and value with --pairs), no step records. */
#include "twin_host.cuh"

#define MAX_BLOCK 1024
#define DEFAULT_BLOCK 128

template <typename T>
__global__ void block_sort_kernel(const T *in, T *out_key, unsigned *out_value, int n, bool pairs, bool descending)
{
    __shared__ T skey[MAX_BLOCK];
    __shared__ unsigned sval[MAX_BLOCK];
    unsigned tid = threadIdx.x;
    T key = in[tid];
    unsigned value = tid;
    for (int k = 2; k <= n; k *= 2) {
        bool up = descending ? ((tid & k) != 0) : ((tid & k) == 0);
        for (int j = k / 2; j > 0; j /= 2) {
            T p;
            unsigned pv = 0;
            if (j >= warpSize) { /* the partner is in another warp */
                skey[tid] = key;
                if (pairs)
                    sval[tid] = value;
                __syncthreads();
                p = skey[tid ^ j];
                if (pairs)
                    pv = sval[tid ^ j];
            } else {
                p = __shfl_xor_sync(FULL_MASK, key, j);
                if (pairs)
                    pv = __shfl_xor_sync(FULL_MASK, value, j);
            }
            bool lower = (tid & j) == 0;
            bool take = lower == up ? (p < key) : (p > key);
            key = take ? p : key;
            if (pairs)
                value = take ? pv : value;
            if (j >= warpSize)
                __syncthreads();
        }
    }
    out_key[tid] = key;
    if (pairs)
        out_value[tid] = value;
}

/* Everything that can fail; run_typed frees the buffers whatever happens. */
template <typename T>
static bool run_on_device(const wk_params *p, int block, const uint64_t *input, size_t n, twin_result *out, T **in,
                          T **key, unsigned **value)
{
    if (!twin_upload(out, input, n, in))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)key, (size_t)block * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(*key, 0, (size_t)block * sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)value, (size_t)block * sizeof(unsigned)));
    TWIN_CUDA(out, cudaMemset(*value, 0, (size_t)block * sizeof(unsigned)));
    block_sort_kernel<T><<<1, block>>>(*in, *key, *value, block, p->pairs, p->descending);
    TWIN_SYNC(out);
    if (!twin_download_output(out, "key", *key, (size_t)block))
        return false;
    return !p->pairs || twin_download_output(out, "value", *value, (size_t)block);
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int block = p->block ? p->block : DEFAULT_BLOCK;
    T *in = nullptr, *key = nullptr;
    unsigned *value = nullptr;
    bool ok = run_on_device(p, block, input, n, out, &in, &key, &value);
    cudaFree(in);
    cudaFree(key);
    cudaFree(value);
    return ok;
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int block = p->block ? p->block : DEFAULT_BLOCK;
    if (p->profile != WS_PROFILE_SM90 || block < 32 || block > MAX_BLOCK || (block & (block - 1)) ||
        n != (size_t)block) {
        snprintf(out->error, sizeof out->error,
                 "block-sort twin: runs sm90, --block a power of two from 32 to %d, one input per thread (got "
                 "profile %d, block %d, %zu inputs)",
                 MAX_BLOCK, (int)p->profile, block, n);
        return false;
    }
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_block_sort = {"block-sort", run};
