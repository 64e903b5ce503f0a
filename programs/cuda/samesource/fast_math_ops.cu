// samesource-flags: -use_fast_math -prec-div=true -prec-sqrt=true
// nvcc -use_fast_math: float math functions become the special-function unit's approximations
// (expf is __expf, sinf is __sinf ...) and every float operation flushes subnormals (-ftz=true);
// -prec-div=true and -prec-sqrt=true keep x / y and sqrtf IEEE-rounded (div.rn.ftz, sqrt.rn.ftz). 24
// operations over 16,384 inputs (random bits, values near 1, values of ordinary size, specials),
// one FNV-1a hash of each one's result bits a line. Built with nvcc for the H200 and with
// warpsim cc, the same flags and source: the outputs must be equal. With a directory argument,
// the inputs and every result are written there (ops.bin).
//   nvcc -arch=sm_90 -fmad=false -use_fast_math -prec-div=true -prec-sqrt=true fast_math_ops.cu -o f && ./f
//   warpsim cc -use_fast_math -prec-div=true -prec-sqrt=true fast_math_ops.cu -o f && ./f
#define FLOAT_OPS_SEED 0x2545F4914F6CDD1Dull
#include "float_ops.h"

#define N (1 << 14)
#define OPS 24
static const char *names[OPS] = {"expf(x)", "exp2f(x)", "exp10f(x)", "logf(x)", "log2f(x)", "log10f(x)", "sinf(x)",
    "cosf(x)", "tanf(x)", "powf(x, y)", "sincosf(x) sin", "sincosf(x) cos", "sqrtf(x)", "x / y", "1.0f / x",
    "rsqrtf(x)", "atanf(x)", "erff(x)", "expm1f(x)", "sinhf(x)", "x * y + 1.0f", "__fdividef(x, y)",
    "normcdff(x)", "cbrtf(x)"};

__device__ uint32_t as_bits(float v) { return __float_as_uint(v); }

__global__ void ops(const float *a, const float *b, uint32_t *r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i], s, c;
    uint32_t *o = r + (size_t)i * OPS;
    o[0] = as_bits(expf(x));
    o[1] = as_bits(exp2f(x));
    o[2] = as_bits(exp10f(x));
    o[3] = as_bits(logf(x));
    o[4] = as_bits(log2f(x));
    o[5] = as_bits(log10f(x));
    o[6] = as_bits(sinf(x));
    o[7] = as_bits(cosf(x));
    o[8] = as_bits(tanf(x));
    o[9] = as_bits(powf(x, y));
    sincosf(x, &s, &c);
    o[10] = as_bits(s);
    o[11] = as_bits(c);
    o[12] = as_bits(sqrtf(x));
    o[13] = as_bits(x / y);
    o[14] = as_bits(1.0f / x);
    o[15] = as_bits(rsqrtf(x));
    o[16] = as_bits(atanf(x));
    o[17] = as_bits(erff(x));
    o[18] = as_bits(expm1f(x));
    o[19] = as_bits(sinhf(x));
    o[20] = as_bits(x * y + 1.0f);
    o[21] = as_bits(__fdividef(x, y));
    o[22] = as_bits(normcdff(x));
    o[23] = as_bits(cbrtf(x));
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
