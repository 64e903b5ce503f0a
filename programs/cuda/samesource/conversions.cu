// The conversion intrinsics in every rounding mode, and __frsqrt_rn, over 2^18 inputs each
// (a quarter any bit pattern, NaNs and infinities included; the rest integers and doubles of
// every size, and values near the edges of each target's range). Prints one FNV-1a hash of
// the result bits per function. Built with nvcc for the H200 and with warpsim cc, the same
// source: the two outputs must be equal.
//   nvcc -arch=sm_90 -fmad=false programs/cuda/samesource/conversions.cu -o cv && ./cv
//   warpsim cc programs/cuda/samesource/conversions.cu -o cv && ./cv
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define N (1 << 18)
#define FNS 45

// One result (as raw bits, widened to 64) of function fn on input i: the input is a 64-bit
// pattern, read as a long long, an unsigned long long, a double or (its low half) a float.
__device__ unsigned long long convert(int fn, unsigned long long bits)
{
    long long ll = (long long)bits;
    unsigned long long ull = bits;
    int i = (int)(unsigned)bits;
    unsigned u = (unsigned)bits;
    double d;
    memcpy(&d, &bits, 8);
    float f;
    unsigned lo = (unsigned)bits;
    memcpy(&f, &lo, 4);
    switch (fn) {
    case 0: return __float_as_uint(__int2float_rz(i));
    case 1: return __float_as_uint(__int2float_ru(i));
    case 2: return __float_as_uint(__int2float_rd(i));
    case 3: return __float_as_uint(__uint2float_rz(u));
    case 4: return __float_as_uint(__uint2float_ru(u));
    case 5: return __float_as_uint(__uint2float_rd(u));
    case 6: return __float_as_uint(__ll2float_rz(ll));
    case 7: return __float_as_uint(__ll2float_ru(ll));
    case 8: return __float_as_uint(__ll2float_rd(ll));
    case 9: return __float_as_uint(__ull2float_rn(ull));
    case 10: return __float_as_uint(__ull2float_rz(ull));
    case 11: return __float_as_uint(__ull2float_ru(ull));
    case 12: return __float_as_uint(__ull2float_rd(ull));
    case 13: return (unsigned long long)__double_as_longlong(__ll2double_rn(ll));
    case 14: return (unsigned long long)__double_as_longlong(__ll2double_rz(ll));
    case 15: return (unsigned long long)__double_as_longlong(__ll2double_ru(ll));
    case 16: return (unsigned long long)__double_as_longlong(__ll2double_rd(ll));
    case 17: return (unsigned long long)__double_as_longlong(__ull2double_rn(ull));
    case 18: return (unsigned long long)__double_as_longlong(__ull2double_rz(ull));
    case 19: return (unsigned long long)__double_as_longlong(__ull2double_ru(ull));
    case 20: return (unsigned long long)__double_as_longlong(__ull2double_rd(ull));
    case 21: return __float_as_uint(__double2float_rz(d));
    case 22: return __float_as_uint(__double2float_ru(d));
    case 23: return __float_as_uint(__double2float_rd(d));
    case 24: return (unsigned long long)__float2ll_ru(f);
    case 25: return (unsigned long long)__float2ll_rd(f);
    case 26: return __float2ull_rn(f);
    case 27: return __float2ull_rz(f);
    case 28: return __float2ull_ru(f);
    case 29: return __float2ull_rd(f);
    case 30: return (unsigned)__double2int_ru(d);
    case 31: return (unsigned)__double2int_rd(d);
    case 32: return __double2uint_rn(d);
    case 33: return __double2uint_rz(d);
    case 34: return __double2uint_ru(d);
    case 35: return __double2uint_rd(d);
    case 36: return (unsigned long long)__double2ll_ru(d);
    case 37: return (unsigned long long)__double2ll_rd(d);
    case 38: return __double2ull_rn(d);
    case 39: return __double2ull_rz(d);
    case 40: return __double2ull_ru(d);
    case 41: return __double2ull_rd(d);
    case 42: return __float_as_uint(__frsqrt_rn(f));
    case 43: return (unsigned)__double2hiint(d) ^ (unsigned long long)(unsigned)__double2loint(d) << 32;
    default: return (unsigned long long)__double_as_longlong(__hiloint2double((int)(bits >> 32), (int)bits));
    }
}
static const char *names[FNS] = {"__int2float_rz", "__int2float_ru", "__int2float_rd", "__uint2float_rz",
    "__uint2float_ru", "__uint2float_rd", "__ll2float_rz", "__ll2float_ru", "__ll2float_rd", "__ull2float_rn",
    "__ull2float_rz", "__ull2float_ru", "__ull2float_rd", "__ll2double_rn", "__ll2double_rz", "__ll2double_ru",
    "__ll2double_rd", "__ull2double_rn", "__ull2double_rz", "__ull2double_ru", "__ull2double_rd",
    "__double2float_rz", "__double2float_ru", "__double2float_rd", "__float2ll_ru", "__float2ll_rd",
    "__float2ull_rn", "__float2ull_rz", "__float2ull_ru", "__float2ull_rd", "__double2int_ru", "__double2int_rd",
    "__double2uint_rn", "__double2uint_rz", "__double2uint_ru", "__double2uint_rd", "__double2ll_ru",
    "__double2ll_rd", "__double2ull_rn", "__double2ull_rz", "__double2ull_ru", "__double2ull_rd", "__frsqrt_rn",
    "__double2hiint/loint", "__hiloint2double"};

__global__ void kernel(int fn, const unsigned long long *in, unsigned long long *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = convert(fn, in[i]);
}

static unsigned long long state = 0x9E3779B97F4A7C15ull;
static unsigned long long next()
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

int main()
{
    std::vector<unsigned long long> in(N), out(N);
    for (int i = 0; i < N; i++) {
        unsigned long long r = next(), s = next();
        switch (i % 4) {
        case 0: in[i] = r; break;                             // any pattern
        case 1: in[i] = r >> (s % 64); break;                 // integers of every size
        case 2: in[i] = (r & 0x800FFFFFFFFFFFFFull) | ((1023 + s % 140 - 70) << 52); break; // doubles near 1
        default: in[i] = (r & 0xFFFFFFFF007FFFFFull) | ((s % 256) << 23); break;          // floats of every size
        }
    }
    unsigned long long *d_in = nullptr, *d_out = nullptr;
    cudaMalloc(&d_in, N * sizeof(unsigned long long));
    cudaMalloc(&d_out, N * sizeof(unsigned long long));
    cudaMemcpy(d_in, in.data(), N * sizeof(unsigned long long), cudaMemcpyHostToDevice);
    for (int fn = 0; fn < FNS; fn++) {
        kernel<<<N / 256, 256>>>(fn, d_in, d_out);
        if (cudaMemcpy(out.data(), d_out, N * sizeof(unsigned long long), cudaMemcpyDeviceToHost) != cudaSuccess) {
            printf("%s: failed\n", names[fn]);
            return 1;
        }
        unsigned long long h = 0xcbf29ce484222325ull;
        for (int i = 0; i < N; i++)
            for (int b = 0; b < 8; b++)
                h = (h ^ (out[i] >> (8 * b) & 0xFF)) * 0x100000001b3ull;
        printf("%-22s %016llx\n", names[fn], h);
    }
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
