/* programs/cuda/conform/sweep_fp.cu: f32 and f64 add, sub, mul, fma, min
 * and max on the GPU (__fadd_rn ... fminf/fmaxf, __dadd_rn ... fmin/fmax)
 * against the model's fpops.h, bit for bit. Inputs: special bit patterns
 * (+-0, subnormals, smallest and largest normals, +-inf, quiet and
 * signalling NaNs with payloads) crossed with each other (every pair for
 * the two-operand ops, every triple for fma), then random triples: random
 * bits, values of nearby exponents (so sums round), tiny and huge values,
 * and fma addends that nearly cancel the product. */
#include <stdio.h>
#include <string.h>

#include "conform.h"

namespace {

enum fp_op { FP_ADD, FP_SUB, FP_MUL, FP_FMA, FP_MIN, FP_MAX, FP_OPS };

/* One input triple; `ops` has bit k set when op k counts this triple (so
 * the special pairs are not counted once per third operand). */
template <typename T> struct triple {
    T a, b, c;
    uint32_t ops;
};

__global__ void k_fp32(const triple<uint32_t> *in, size_t n, uint32_t *out)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const float a = __uint_as_float(in[i].a), b = __uint_as_float(in[i].b), c = __uint_as_float(in[i].c);
    out[i * FP_OPS + FP_ADD] = __float_as_uint(__fadd_rn(a, b));
    out[i * FP_OPS + FP_SUB] = __float_as_uint(__fsub_rn(a, b));
    out[i * FP_OPS + FP_MUL] = __float_as_uint(__fmul_rn(a, b));
    out[i * FP_OPS + FP_FMA] = __float_as_uint(__fmaf_rn(a, b, c));
    out[i * FP_OPS + FP_MIN] = __float_as_uint(fminf(a, b));
    out[i * FP_OPS + FP_MAX] = __float_as_uint(fmaxf(a, b));
}

__global__ void k_fp64(const triple<unsigned long long> *in, size_t n, unsigned long long *out)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const double a = __longlong_as_double((long long)in[i].a), b = __longlong_as_double((long long)in[i].b),
                 c = __longlong_as_double((long long)in[i].c);
    out[i * FP_OPS + FP_ADD] = (unsigned long long)__double_as_longlong(__dadd_rn(a, b));
    out[i * FP_OPS + FP_SUB] = (unsigned long long)__double_as_longlong(__dsub_rn(a, b));
    out[i * FP_OPS + FP_MUL] = (unsigned long long)__double_as_longlong(__dmul_rn(a, b));
    out[i * FP_OPS + FP_FMA] = (unsigned long long)__double_as_longlong(__fma_rn(a, b, c));
    out[i * FP_OPS + FP_MIN] = (unsigned long long)__double_as_longlong(fmin(a, b));
    out[i * FP_OPS + FP_MAX] = (unsigned long long)__double_as_longlong(fmax(a, b));
}

/* ---- The two formats, as data --------------------------------------------- */

struct f32_format {
    typedef uint32_t bits;
    static constexpr int mant = 23, exp_max = 0xFF, sign_bit = 31, hex = 8;
    static constexpr uint32_t one = 0x3F800000u;
    static constexpr const char *kernel = "k_fp32";
    static const std::vector<uint32_t> &specials()
    {
        static const std::vector<uint32_t> s = {
            0x00000000u, 0x80000000u,                          /* +-0 */
            0x00000001u, 0x80000001u, 0x00400000u, 0x007FFFFFu, 0x807FFFFFu, /* subnormals */
            0x00800000u, 0x80800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, /* smallest and largest normals */
            0x3F800000u, 0xBF800000u, 0x3F800001u, 0x3F000000u, 0x40000000u, 0x3FFFFFFFu,
            0x33800000u, 0x7F000000u, 0x00800001u,
            0x7F800000u, 0xFF800000u,                          /* +-inf */
            0x7FC00000u, 0xFFC00000u, 0x7FC00001u, 0x7FFFFFFFu, 0xFFFFFFFFu, /* quiet NaNs */
            0x7F800001u, 0x7FBFFFFFu, 0xFF800002u, 0x7FA00000u, /* signalling NaNs */
        };
        return s;
    }
    static uint32_t fn(int op, uint32_t a, uint32_t b, uint32_t c)
    {
        switch (op) {
        case FP_ADD: return ws_f32_add(a, b);
        case FP_SUB: return ws_f32_sub(a, b);
        case FP_MUL: return ws_f32_mul(a, b);
        case FP_FMA: return ws_f32_fma(a, b, c);
        case FP_MIN: return ws_f32_min(a, b);
        default: return ws_f32_max(a, b);
        }
    }
};

struct f64_format {
    typedef uint64_t bits;
    static constexpr int mant = 52, exp_max = 0x7FF, sign_bit = 63, hex = 16;
    static constexpr uint64_t one = UINT64_C(0x3FF0000000000000);
    static constexpr const char *kernel = "k_fp64";
    static const std::vector<uint64_t> &specials()
    {
        static const std::vector<uint64_t> s = {
            UINT64_C(0x0000000000000000), UINT64_C(0x8000000000000000),
            UINT64_C(0x0000000000000001), UINT64_C(0x8000000000000001), UINT64_C(0x0008000000000000),
            UINT64_C(0x000FFFFFFFFFFFFF), UINT64_C(0x800FFFFFFFFFFFFF),
            UINT64_C(0x0010000000000000), UINT64_C(0x8010000000000000), UINT64_C(0x7FEFFFFFFFFFFFFF),
            UINT64_C(0xFFEFFFFFFFFFFFFF),
            UINT64_C(0x3FF0000000000000), UINT64_C(0xBFF0000000000000), UINT64_C(0x3FF0000000000001),
            UINT64_C(0x3FE0000000000000), UINT64_C(0x4000000000000000), UINT64_C(0x3FFFFFFFFFFFFFFF),
            UINT64_C(0x3CA0000000000000), UINT64_C(0x7FE0000000000000), UINT64_C(0x0010000000000001),
            UINT64_C(0x7FF0000000000000), UINT64_C(0xFFF0000000000000),
            UINT64_C(0x7FF8000000000000), UINT64_C(0xFFF8000000000000), UINT64_C(0x7FF8000000000001),
            UINT64_C(0x7FFFFFFFFFFFFFFF), UINT64_C(0xFFFFFFFFFFFFFFFF), UINT64_C(0xFFF8000000000003),
            UINT64_C(0x7FF0000000000001), UINT64_C(0x7FF7FFFFFFFFFFFF), UINT64_C(0xFFF0000000000002),
            UINT64_C(0x7FF4000000000000),
        };
        return s;
    }
    static uint64_t fn(int op, uint64_t a, uint64_t b, uint64_t c)
    {
        switch (op) {
        case FP_ADD: return ws_f64_add(a, b);
        case FP_SUB: return ws_f64_sub(a, b);
        case FP_MUL: return ws_f64_mul(a, b);
        case FP_FMA: return ws_f64_fma(a, b, c);
        case FP_MIN: return ws_f64_min(a, b);
        default: return ws_f64_max(a, b);
        }
    }
};

const char *const op_rows[2][FP_OPS] = {
    {"f32 add (__fadd_rn)", "f32 sub (__fsub_rn)", "f32 mul (__fmul_rn)", "f32 fma (__fmaf_rn)", "f32 min (fminf)",
     "f32 max (fmaxf)"},
    {"f64 add (__dadd_rn)", "f64 sub (__dsub_rn)", "f64 mul (__dmul_rn)", "f64 fma (__fma_rn)", "f64 min (fmin)",
     "f64 max (fmax)"},
};

/* A random operand of class cls, near exponent `base` for class 1. */
template <typename F> typename F::bits random_operand(conform_rng &rng, int cls, int base)
{
    typedef typename F::bits B;
    const B sign = rng.chance(1, 2) ? (B)((B)1 << F::sign_bit) : (B)0;
    const B mant = (B)rng.next() & (((B)1 << F::mant) - 1);
    int e;
    switch (cls) {
    case 0: return (B)rng.next();                                            /* any bits at all */
    case 1: e = base + rng.range(-F::mant - 2, F::mant + 2); break;           /* sums that round */
    case 2: e = rng.range(0, 3); break;                                      /* subnormal and tiny */
    case 3: e = F::exp_max - 1 - (int)rng.below(3); break;                   /* huge */
    default: {
        const std::vector<B> &s = F::specials();
        return s[rng.below((uint32_t)s.size())];
    }
    }
    if (e < 0)
        e = 0;
    if (e > F::exp_max - 1)
        e = F::exp_max - 1;
    return sign | ((B)e << F::mant) | mant;
}

/* Operand classes 0..4 of random_operand, nearby exponents the most often. */
int random_class(conform_rng &rng)
{
    static const int classes[8] = {0, 0, 1, 1, 1, 2, 3, 4};
    return classes[rng.below(8)];
}

template <typename F> void make_inputs(conform_rng &rng, size_t n_random, std::vector<triple<typename F::bits>> &in)
{
    typedef typename F::bits B;
    const std::vector<B> &s = F::specials();
    const B one = F::one;
    const uint32_t binary_ops = (1u << FP_ADD) | (1u << FP_SUB) | (1u << FP_MUL) | (1u << FP_MIN) | (1u << FP_MAX);
    for (B a : s)
        for (B b : s)
            in.push_back({a, b, one, binary_ops});
    for (B a : s)
        for (B b : s)
            for (B c : s)
                in.push_back({a, b, c, 1u << FP_FMA});
    for (size_t i = 0; i < n_random; i++) {
        const int base = rng.range(1, F::exp_max - 1);
        triple<B> t;
        t.a = random_operand<F>(rng, random_class(rng), base);
        t.b = random_operand<F>(rng, random_class(rng), base);
        if (rng.chance(1, 5)) {
            /* c about -(a*b): the fma's exact product decides the bits. */
            B prod = F::fn(FP_MUL, t.a, t.b, 0);
            B flip = (B)((B)1 << F::sign_bit);
            t.c = (B)((prod ^ flip) + (B)(int64_t)rng.range(-2, 2));
        } else {
            t.c = random_operand<F>(rng, random_class(rng), base);
        }
        t.ops = (1u << FP_OPS) - 1;
        in.push_back(t);
    }
}

template <typename F, typename G>
bool run_format(conform_ctx &ctx, int row_set, const char *stream, size_t n_random)
{
    typedef typename F::bits B;
    conform_rng rng = conform_rng_for(ctx.seed, stream);
    std::vector<triple<B>> in;
    make_inputs<F>(rng, n_random, in);

    triple<G> *d_in = nullptr;
    G *d_out = nullptr;
    std::vector<triple<G>> gin(in.size());
    for (size_t i = 0; i < in.size(); i++)
        gin[i] = {(G)in[i].a, (G)in[i].b, (G)in[i].c, in[i].ops};
    std::vector<G> out;
    bool ok = conform_upload(ctx, gin, &d_in) && conform_alloc(ctx, in.size() * FP_OPS, 0xCD, &d_out);
    if (ok) {
        const unsigned threads = 256, blocks = (unsigned)((in.size() + threads - 1) / threads);
        if constexpr (sizeof(G) == 4)
            k_fp32<<<blocks, threads>>>(d_in, in.size(), d_out);
        else
            k_fp64<<<blocks, threads>>>(d_in, in.size(), d_out);
        ok = conform_wait(ctx, F::kernel) &&
             conform_download(ctx, d_out, in.size() * FP_OPS, out);
    }
    cudaFree(d_in);
    cudaFree(d_out);
    if (!ok)
        return false;

    for (int op = 0; op < FP_OPS; op++) {
        conform_row &row = conform_row_get(ctx, op_rows[row_set][op]);
        for (size_t i = 0; i < in.size(); i++) {
            const triple<B> &t = in[i];
            if (!((t.ops >> op) & 1u))
                continue;
            row.cases++;
            row.lanes++;
            const B want = F::fn(op, t.a, t.b, t.c), got = (B)out[i * FP_OPS + op];
            if (want == got)
                continue;
            if (op == FP_FMA)
                conform_mismatch(ctx, row, "a=0x%0*llx b=0x%0*llx c=0x%0*llx: GPU 0x%0*llx, model 0x%0*llx", F::hex,
                                 (unsigned long long)t.a, F::hex, (unsigned long long)t.b, F::hex,
                                 (unsigned long long)t.c, F::hex, (unsigned long long)got, F::hex,
                                 (unsigned long long)want);
            else
                conform_mismatch(ctx, row, "a=0x%0*llx b=0x%0*llx: GPU 0x%0*llx, model 0x%0*llx", F::hex,
                                 (unsigned long long)t.a, F::hex, (unsigned long long)t.b, F::hex,
                                 (unsigned long long)got, F::hex, (unsigned long long)want);
        }
    }
    return true;
}

} // namespace

bool sweep_fp(conform_ctx &ctx)
{
    const size_t n = conform_scaled(ctx, 262144);
    return run_format<f32_format, uint32_t>(ctx, 0, "fp32", n) &&
           run_format<f64_format, unsigned long long>(ctx, 1, "fp64", n);
}
