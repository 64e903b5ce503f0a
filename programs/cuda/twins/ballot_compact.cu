/* Twin of programs/others/ballot_compact.c: stream compaction of one warp.
 * Every lane votes x > 0 (floats: NaN, -0 and +0 are not kept), lane l's
 * slot is __popc(ballot & lanemask_lt), so the kept values land in
 * out[0 .. count) in lane order. The steps that show a predicate, mask,
 * slot or count are recorded as the u32 the simulator shows. */
#include "twin_host.cuh"

#define LANES 32

template <typename T>
__global__ void ballot_compact_kernel(const T *in, T *out, unsigned *count_out, unsigned *ballot_out, twin_rec rec)
{
    int lane = threadIdx.x % warpSize;
    twin_record(rec, (unsigned)lane);
    T x = in[lane];
    twin_record(rec, x);
    bool keep = x > T(0);
    twin_record(rec, (unsigned)keep);
    unsigned b = __ballot_sync(FULL_MASK, keep);
    twin_record(rec, b);
    unsigned lanemask_lt = (1u << lane) - 1;
    twin_record(rec, lanemask_lt);
    int pos = __popc(b & lanemask_lt);
    twin_record(rec, (unsigned)pos);
    if (keep)
        out[pos] = x;
    twin_record(rec, (unsigned)pos); /* the simulator's store step shows pos, in every lane */
    int count = __popc(b);
    twin_record(rec, (unsigned)count);
    count_out[lane] = (unsigned)count;
    ballot_out[lane] = b;
}

/* Everything that can fail; run_typed frees the buffers whatever happens. */
template <typename T>
static bool run_on_device(const uint64_t *input, size_t n, twin_result *out, T **in, T **compact, unsigned **count,
                          unsigned **ballot, twin_rec_buffers *rec)
{
    if (!twin_upload(out, input, n, in) || !twin_rec_alloc(out, rec))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)compact, LANES * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(*compact, 0, LANES * sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)count, LANES * sizeof(unsigned)));
    TWIN_CUDA(out, cudaMemset(*count, 0, LANES * sizeof(unsigned)));
    TWIN_CUDA(out, cudaMalloc((void **)ballot, LANES * sizeof(unsigned)));
    TWIN_CUDA(out, cudaMemset(*ballot, 0, LANES * sizeof(unsigned)));
    ballot_compact_kernel<T><<<1, LANES>>>(*in, *compact, *count, *ballot, rec->dev);
    TWIN_SYNC(out);
    /* out holds lane 0's count of values, as the simulator's output */
    unsigned kept = 0;
    TWIN_CUDA(out, cudaMemcpy(&kept, *count, sizeof kept, cudaMemcpyDeviceToHost));
    if (kept > LANES) {
        snprintf(out->error, sizeof out->error, "ballot-compact twin: lane 0's count is %u (more than %d lanes)", kept,
                 LANES);
        return false;
    }
    return twin_download_output(out, "out", *compact, kept) && twin_download_output(out, "count", *count, LANES) &&
           twin_download_output(out, "ballot", *ballot, LANES) && twin_rec_download(out, rec);
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    (void)p;
    T *in = nullptr, *compact = nullptr;
    unsigned *count = nullptr, *ballot = nullptr;
    twin_rec_buffers rec = {};
    bool ok = run_on_device(input, n, out, &in, &compact, &count, &ballot, &rec);
    cudaFree(in);
    cudaFree(compact);
    cudaFree(count);
    cudaFree(ballot);
    cudaFree(rec.dev.bits); /* null once twin_rec_download freed them */
    cudaFree(rec.dev.count);
    return ok;
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    if (p->profile != WS_PROFILE_SM90 || n != LANES) {
        snprintf(out->error, sizeof out->error,
                 "ballot-compact twin: runs sm90 with %d inputs (got profile %d, %zu inputs)", LANES, (int)p->profile,
                 n);
        return false;
    }
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_ballot_compact = {"ballot-compact", run};
