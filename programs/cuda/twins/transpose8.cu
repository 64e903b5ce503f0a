/* Twin of programs/others/transpose8.c: the shfl-based 8x8 transpose. Lane
 * l holds row l & 7 of its 8-lane group's tile in row[0..7]; step i (1..7)
 * sends row[(l & 7) ^ i] to lane l ^ i, which stores it in the same slot.
 *
 * row[idx] with a per-lane idx is written as the simulator reads it: row[]
 * stays in eight registers, row[idx] is picked with selects (sel = row[0],
 * then row[c] where idx == c), that one value is shuffled, and it is written
 * back into element idx with selects. Selects copy bits, so this gives the
 * same values as an indexed local array. Steps showing lane and idx are
 * recorded as the u32 the simulator shows. */
#include "twin_host.cuh"

#define LANES 32
#define ROW 8

template <typename T> __global__ void transpose8_kernel(const T *in, T *m, twin_rec rec)
{
    int lane = threadIdx.x % warpSize;
    twin_record(rec, (unsigned)lane);
    T row[ROW];
#pragma unroll
    for (int c = 0; c < ROW; c++) {
        row[c] = in[lane * 8 + c];
        twin_record(rec, row[c]);
    }
#pragma unroll
    for (int i = 1; i < ROW; i++) {
        int idx = (lane & 7) ^ i;
        twin_record(rec, (unsigned)idx);
        /* row[idx] = __shfl_sync(FULL_MASK, row[idx], lane ^ i); */
        T sel = row[0];
#pragma unroll
        for (int c = 1; c < ROW; c++)
            sel = idx == c ? row[c] : sel;
        T got = __shfl_sync(FULL_MASK, sel, lane ^ i);
#pragma unroll
        for (int c = 0; c < ROW; c++)
            row[c] = idx == c ? got : row[c];
        twin_record(rec, got);
    }
#pragma unroll
    for (int c = 0; c < ROW; c++) {
        m[lane * 8 + c] = row[c];
        twin_record(rec, row[c]);
    }
}

/* Everything that can fail; run_typed frees the buffers whatever happens. */
template <typename T>
static bool run_on_device(const uint64_t *input, size_t n, twin_result *out, T **in, T **m, twin_rec_buffers *rec)
{
    if (!twin_upload(out, input, n, in) || !twin_rec_alloc(out, rec))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)m, ROW * LANES * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(*m, 0, ROW * LANES * sizeof(T)));
    transpose8_kernel<T><<<1, LANES>>>(*in, *m, rec->dev);
    TWIN_SYNC(out);
    return twin_download_output(out, "m", *m, ROW * LANES) && twin_rec_download(out, rec);
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    (void)p;
    T *in = nullptr, *m = nullptr;
    twin_rec_buffers rec = {};
    bool ok = run_on_device(input, n, out, &in, &m, &rec);
    cudaFree(in);
    cudaFree(m);
    cudaFree(rec.dev.bits); /* null once twin_rec_download freed them */
    cudaFree(rec.dev.count);
    return ok;
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    if (p->profile != WS_PROFILE_SM90 || n != ROW * LANES) {
        snprintf(out->error, sizeof out->error, "transpose8 twin: runs sm90 with %d inputs (got profile %d, %zu inputs)",
                 ROW * LANES, (int)p->profile, n);
        return false;
    }
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_transpose8 = {"transpose8", run};
