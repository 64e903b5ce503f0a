/* Twin of programs/reductions/reduce_redux.c: one __reduce_<op>_sync (--op
 * add, min, max, and, or, xor; default add). CUDA has it for 32-bit integers
 * only: min/max/add have int and unsigned overloads (signed min/max for
 * i32), and/or/xor take unsigned, so an i32 value goes through unsigned and
 * back (bitwise, the same bits). 64-bit types fail, as they do on the
 * simulator's sm90 profile. `threads` lanes exist (the launch's block size);
 * lanes outside `active` return at once, as the simulator's first line does.
 * Records: v after the load and after the reduce line. */
#include <type_traits>

#include "twin_host.cuh"

template <typename T>
__global__ void reduce_redux_kernel(const T *in, T *out, int op, unsigned active, twin_rec rec)
{
    int lane = threadIdx.x;
    if (active && !((active >> lane) & 1))
        return;
    T v = in[lane];
    twin_record(rec, v);
    switch (op) {
    case WK_OP_ADD: v = __reduce_add_sync(FULL_MASK, v); break;
    case WK_OP_MIN: v = __reduce_min_sync(FULL_MASK, v); break;
    case WK_OP_MAX: v = __reduce_max_sync(FULL_MASK, v); break;
    case WK_OP_AND: v = (T)__reduce_and_sync(FULL_MASK, (unsigned)v); break;
    case WK_OP_OR: v = (T)__reduce_or_sync(FULL_MASK, (unsigned)v); break;
    default: v = (T)__reduce_xor_sync(FULL_MASK, (unsigned)v); break;
    }
    twin_record(rec, v);
    out[lane] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    if constexpr (!std::is_integral<T>::value || sizeof(T) != 4) {
        (void)input;
        (void)n;
        snprintf(out->error, sizeof out->error,
                 "reduce-redux: CUDA has __reduce_*_sync for 32-bit integers only (type %s)", wk_elem_name(p->type));
        return false;
    } else {
        if ((unsigned)p->op >= WK_OP_COUNT) {
            snprintf(out->error, sizeof out->error, "reduce-redux: op %d is not an operation", (int)p->op);
            return false;
        }
        int threads = p->threads ? p->threads : 32;
        T *in = nullptr, *v = nullptr;
        twin_rec_buffers rec = {};
        twin_frees frees;
        frees.add(&in);
        frees.add(&v);
        frees.add(&rec.dev.bits);
        frees.add(&rec.dev.count);
        if (!twin_upload(out, input, n, &in) || !twin_rec_alloc(out, &rec))
            return false;
        TWIN_CUDA(out, cudaMalloc((void **)&v, 32 * sizeof(T)));
        TWIN_CUDA(out, cudaMemset(v, 0, 32 * sizeof(T)));
        reduce_redux_kernel<T><<<1, threads>>>(in, v, (int)p->op, (unsigned)p->active, rec.dev);
        TWIN_SYNC(out);
        return twin_download_output(out, "v", v, 32) && twin_rec_download(out, &rec);
    }
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_reduce_redux = {"reduce-redux", run};
