/* Twin of programs/sorts/seed_xor_sort.c: the counterexample that does NOT
 * sort, five __shfl_xor_sync stages (j = 16..1) where the lower lane of each
 * pair keeps min(key, p) and the upper max(key, p). min/max are CUDA's
 * overloads: fminf/fmin for floats (a NaN is a missing operand, -0 < +0;
 * two NaNs: f32 gives the canonical NaN, f64 the first operand, key,
 * quieted), the integer min/max of T otherwise. Operand order is key, p as
 * in the simulator. */
#include "twin_host.cuh"

#define LANES 32

template <typename T> __global__ void seed_xor_sort_kernel(const T *in, T *out_key, twin_rec rec)
{
    int lane = threadIdx.x % warpSize;
    twin_record(rec, (unsigned)lane);
    T key = in[lane];
    twin_record(rec, key);
    for (int j = 16; j > 0; j /= 2) {
        T p = __shfl_xor_sync(FULL_MASK, key, j);
        twin_record(rec, p);
        key = (lane & j) == 0 ? min(key, p) : max(key, p);
        twin_record(rec, key);
    }
    out_key[lane] = key;
}

/* Everything that can fail; run_typed frees the buffers whatever happens. */
template <typename T>
static bool run_on_device(const uint64_t *input, size_t n, twin_result *out, T **in, T **key, twin_rec_buffers *rec)
{
    if (!twin_upload(out, input, n, in) || !twin_rec_alloc(out, rec))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)key, LANES * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(*key, 0, LANES * sizeof(T)));
    seed_xor_sort_kernel<T><<<1, LANES>>>(*in, *key, rec->dev);
    TWIN_SYNC(out);
    return twin_download_output(out, "key", *key, LANES) && twin_rec_download(out, rec);
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    (void)p;
    T *in = nullptr, *key = nullptr;
    twin_rec_buffers rec = {};
    bool ok = run_on_device(input, n, out, &in, &key, &rec);
    cudaFree(in);
    cudaFree(key);
    cudaFree(rec.dev.bits); /* null once twin_rec_download freed them */
    cudaFree(rec.dev.count);
    return ok;
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    if (p->profile != WS_PROFILE_SM90 || n != LANES) {
        snprintf(out->error, sizeof out->error,
                 "seed-xor-sort twin: runs sm90 with %d inputs (got profile %d, %zu inputs)", LANES, (int)p->profile, n);
        return false;
    }
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_seed_xor_sort = {"seed-xor-sort", run};
