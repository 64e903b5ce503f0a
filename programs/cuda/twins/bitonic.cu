/* Twin of programs/sorts/bitonic.c: a bitonic sort of one key per lane,
 * 15 __shfl_xor_sync compare-exchange stages on 32 lanes. --descending
 * flips each k-block's direction; --pairs carries the input index with the
 * key. The compare is the plain `<` / `>` of T (NaN compares false both
 * ways, -0 == +0, equal keys never swap) and the exchange a select, so the
 * bits move unchanged, as the simulator's setp + selp. */
#include "twin_host.cuh"

#define LANES 32

template <typename T>
__global__ void bitonic_kernel(const T *in, T *out_key, unsigned *out_value, bool pairs, bool descending,
                               twin_rec rec)
{
    int lane = threadIdx.x % warpSize;
    twin_record(rec, (unsigned)lane);
    T key = in[lane];
    twin_record(rec, key);
    unsigned value = 0;
    if (pairs) {
        value = lane;
        twin_record(rec, value);
    }
    for (int k = 2; k <= warpSize; k *= 2) {
        bool up = descending ? ((lane & k) != 0) : ((lane & k) == 0);
        twin_record(rec, (unsigned)up);
        for (int j = k / 2; j > 0; j /= 2) {
            T p = __shfl_xor_sync(FULL_MASK, key, j);
            twin_record(rec, p);
            unsigned pv = 0;
            if (pairs) {
                pv = __shfl_xor_sync(FULL_MASK, value, j);
                twin_record(rec, pv);
            }
            bool lower = (lane & j) == 0;
            twin_record(rec, (unsigned)lower);
            bool take = lower == up ? (p < key) : (p > key);
            twin_record(rec, (unsigned)take);
            key = take ? p : key;
            twin_record(rec, key);
            if (pairs) {
                value = take ? pv : value;
                twin_record(rec, value);
            }
        }
    }
    out_key[lane] = key;
    if (pairs)
        out_value[lane] = value;
}

/* Everything that can fail; run_typed frees the buffers whatever happens. */
template <typename T>
static bool run_on_device(const wk_params *p, const uint64_t *input, size_t n, twin_result *out, T **in,
                          T **key, unsigned **value, twin_rec_buffers *rec)
{
    if (!twin_upload(out, input, n, in) || !twin_rec_alloc(out, rec))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)key, LANES * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(*key, 0, LANES * sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)value, LANES * sizeof(unsigned)));
    TWIN_CUDA(out, cudaMemset(*value, 0, LANES * sizeof(unsigned)));
    bitonic_kernel<T><<<1, LANES>>>(*in, *key, *value, p->pairs, p->descending, rec->dev);
    TWIN_SYNC(out);
    if (!twin_download_output(out, "key", *key, LANES))
        return false;
    if (p->pairs && !twin_download_output(out, "value", *value, LANES))
        return false;
    return twin_rec_download(out, rec);
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    T *in = nullptr, *key = nullptr;
    unsigned *value = nullptr;
    twin_rec_buffers rec = {};
    bool ok = run_on_device(p, input, n, out, &in, &key, &value, &rec);
    cudaFree(in);
    cudaFree(key);
    cudaFree(value);
    cudaFree(rec.dev.bits); /* null once twin_rec_download freed them */
    cudaFree(rec.dev.count);
    return ok;
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    if (p->profile != WS_PROFILE_SM90 || n != LANES) {
        snprintf(out->error, sizeof out->error, "bitonic twin: runs sm90 with %d inputs (got profile %d, %zu inputs)",
                 LANES, (int)p->profile, n);
        return false;
    }
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_bitonic = {"bitonic", run};
