// samesource-flags: -prec-sqrt=false
// nvcc -prec-sqrt=false: sqrtf is the special-function unit's sqrt.approx.f32 (MUFU.SQRT, with
// subnormal operands scaled), and the square root inside hypotf, norm3df, norm4df, normf and jnf
// is too. 8 operations over 16,384 inputs (random bits, values near 1, ordinary sizes,
// subnormals), one FNV-1a hash of each one's result bits a line. Built with nvcc for the H200 and
// with warpsim cc, the same flags and source: the outputs must be equal. With a directory
// argument, the inputs and every result are written there (ops.bin).
//   nvcc -arch=sm_90 -fmad=false -prec-sqrt=false prec_sqrt_ops.cu -o f && ./f
//   warpsim cc -prec-sqrt=false prec_sqrt_ops.cu -o f && ./f
#define FLOAT_OPS_SEED 0x9FB21C651E98DF25ull
#include "float_ops.h"

#define N (1 << 14)
#define OPS 8
static const char *names[OPS] = {"sqrtf(x)", "sqrt(x) (float)", "hypotf(x, y)", "norm3df(x, y, 1)", "norm4df(x, y, x, y)",
    "normf(3, {x, y, x})", "jnf(5, x)", "sqrtf(x * y)"};

__device__ uint32_t as_bits(float v) { return __float_as_uint(v); }

__global__ void ops(const float *a, const float *b, uint32_t *r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i], t[3] = {x, y, x};
    uint32_t *o = r + (size_t)i * OPS;
    o[0] = as_bits(sqrtf(x));
    o[1] = as_bits(sqrt(x));
    o[2] = as_bits(hypotf(x, y));
    o[3] = as_bits(norm3df(x, y, 1.0f));
    o[4] = as_bits(norm4df(x, y, x, y));
    o[5] = as_bits(normf(3, t));
    o[6] = as_bits(jnf(5, x));
    o[7] = as_bits(sqrtf(x * y));
}

// A quarter each: random bits, values near 1, ordinary sizes (|x| in [2^-8, 2^8)), subnormals and
// tiny normals, with a few specials.
static uint32_t input(int i)
{
    static const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x3F800000u, 0xBF800000u,
                                        0x7F800000u, 0xFF800000u, 0x3F000000u, 0x42B00000u, 0xC2B00000u};
    uint32_t s = next_random() & 0x80000000u;
    switch (i % 4) {
    case 0: return i < 40 ? specials[i / 4] : not_nan(next_random());
    case 1: return s | ((126u + next_random() % 2u) << 23) | (next_random() & 0x7FFFFFu);
    case 2: return s | ((119u + next_random() % 16u) << 23) | (next_random() & 0x7FFFFFu);
    default: return s | ((next_random() % 3u) << 23) | (next_random() & 0x7FFFFFu);
    }
}

int main(int argc, char **argv) { return run_two_input_ops(ops, input, N, OPS, names, argc, argv); }
