// What the GPU's float-to-integer and f64-to-f32 conversions give for NaNs, infinities, values
// out of the target's range and negative values to unsigned targets: the conversion intrinsics
// in each rounding mode and C++'s plain casts (cvt.rzi), f32 and f64 sources. One line per
// input: the input's bits, then every result in hex. -DINTRINSICS_ONLY prints 0 for the plain
// casts (out of range they are undefined in C++, and warpsim gives the CPU's): the ctest cc_cli
// builds it so with warpsim cc and compares the intrinsics' columns with the H100's output,
// docs/probes/cvt_special_probe.h100.txt.
//   nvcc -arch=sm_90 -fmad=false docs/probes/cvt_special_probe.cu -o cvt && ./cvt
#include <cstdio>
#include <cstring>

#define NF 24
#define ND 26

__global__ void from_f32(const unsigned *in, unsigned long long *out, int n)
{
    int i = threadIdx.x;
    if (i >= n)
        return;
    float f = __uint_as_float(in[i]);
    unsigned long long *o = out + i * NF;
    o[0] = (unsigned)__float2int_rn(f);
    o[1] = (unsigned)__float2int_rz(f);
    o[2] = (unsigned)__float2int_ru(f);
    o[3] = (unsigned)__float2int_rd(f);
    o[4] = __float2uint_rn(f);
    o[5] = __float2uint_rz(f);
    o[6] = __float2uint_ru(f);
    o[7] = __float2uint_rd(f);
    o[8] = (unsigned long long)__float2ll_rn(f);
    o[9] = (unsigned long long)__float2ll_rz(f);
    o[10] = (unsigned long long)__float2ll_ru(f);
    o[11] = (unsigned long long)__float2ll_rd(f);
    o[12] = __float2ull_rn(f);
    o[13] = __float2ull_rz(f);
    o[14] = __float2ull_ru(f);
    o[15] = __float2ull_rd(f);
#ifndef INTRINSICS_ONLY
    o[16] = (unsigned)(int)f;
    o[17] = (unsigned)f;
    o[18] = (unsigned long long)(long long)f;
    o[19] = (unsigned long long)f;
    o[20] = (unsigned)(short)f & 0xffffu;
    o[21] = (unsigned)(unsigned short)f;
    o[22] = (unsigned)(signed char)f & 0xffu;
    o[23] = (unsigned)(unsigned char)f;
#else
    for (int k = 16; k < 24; k++)
        o[k] = 0;
#endif
}

__global__ void from_f64(const unsigned long long *in, unsigned long long *out, int n)
{
    int i = threadIdx.x;
    if (i >= n)
        return;
    double d = __longlong_as_double((long long)in[i]);
    unsigned long long *o = out + i * ND;
    o[0] = (unsigned)__double2int_rn(d);
    o[1] = (unsigned)__double2int_rz(d);
    o[2] = (unsigned)__double2int_ru(d);
    o[3] = (unsigned)__double2int_rd(d);
    o[4] = __double2uint_rn(d);
    o[5] = __double2uint_rz(d);
    o[6] = __double2uint_ru(d);
    o[7] = __double2uint_rd(d);
    o[8] = (unsigned long long)__double2ll_rn(d);
    o[9] = (unsigned long long)__double2ll_rz(d);
    o[10] = (unsigned long long)__double2ll_ru(d);
    o[11] = (unsigned long long)__double2ll_rd(d);
    o[12] = __double2ull_rn(d);
    o[13] = __double2ull_rz(d);
    o[14] = __double2ull_ru(d);
    o[15] = __double2ull_rd(d);
#ifndef INTRINSICS_ONLY
    o[16] = (unsigned)(int)d;
    o[17] = (unsigned)d;
    o[18] = (unsigned long long)(long long)d;
    o[19] = (unsigned long long)d;
#else
    o[16] = o[17] = o[18] = o[19] = 0;
#endif
    o[20] = __float_as_uint(__double2float_rn(d));
    o[21] = __float_as_uint(__double2float_rz(d));
    o[22] = __float_as_uint(__double2float_ru(d));
    o[23] = __float_as_uint(__double2float_rd(d));
    o[24] = __float_as_uint((float)d);
#ifndef INTRINSICS_ONLY
    o[25] = (unsigned)(short)d & 0xffffu;
#else
    o[25] = 0;
#endif
}

int main()
{
    const unsigned f32[] = {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fa00000u, 0x7fffffffu, 0xffffffffu,
                            0x7f800000u, 0xff800000u, 0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x3f000000u,
                            0xbf000000u, 0x3fc00000u, 0xbfc00000u, 0x40200000u, 0xc0200000u, 0x3f800000u, 0xbf800000u,
                            0x4effffffu, 0x4f000000u, 0xcf000000u, 0xcf000001u, 0x4f7fffffu, 0x4f800000u, 0x5effffffu,
                            0x5f000000u, 0xdf000000u, 0xdf000001u, 0x5f7fffffu, 0x5f800000u, 0x46fffe00u, 0x47000000u,
                            0xc7000000u, 0xc7000100u, 0x477fff00u, 0x47800000u, 0x43000000u, 0xc3010000u, 0x43800000u,
                            0x7f7fffffu, 0xff7fffffu};
    const unsigned long long f64[] = {
        0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull, 0xfff0000000000001ull,
        0x7ff4000000000001ull, 0x7fffffffffffffffull, 0xffffffffffffffffull, 0x7ff80000e0000000ull,
        0x7ff000001fffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x0000000000000000ull,
        0x8000000000000000ull, 0x0000000000000001ull, 0x8000000000000001ull, 0x3fe0000000000000ull,
        0xbfe0000000000000ull, 0x3ff8000000000000ull, 0xbff8000000000000ull, 0x41dfffffffc00000ull,
        0x41dfffffffe00000ull, 0x41e0000000000000ull, 0xc1e0000000000000ull, 0xc1e0000000100000ull,
        0x41efffffffe00000ull, 0x41effffffff00000ull, 0x41f0000000000000ull, 0x43dfffffffffffffull,
        0x43e0000000000000ull, 0xc3e0000000000000ull, 0xc3e0000000000001ull, 0x43efffffffffffffull,
        0x43f0000000000000ull, 0x47efffffe0000000ull, 0x47efffffefffffffull, 0x47effffff0000000ull,
        0xc7effffff0000000ull, 0x36a0000000000000ull, 0x3690000000000000ull, 0x3690000000000001ull,
        0xb690000000000001ull, 0x380fffffffffffffull, 0x7fefffffffffffffull};
    const int nf = sizeof f32 / sizeof f32[0], nd = sizeof f64 / sizeof f64[0];
    unsigned *dfi;
    unsigned long long *ddi, *dout;
    static unsigned long long out[64 * ND];
    cudaMalloc(&dfi, sizeof f32);
    cudaMalloc(&ddi, sizeof f64);
    cudaMalloc(&dout, sizeof out);
    cudaMemcpy(dfi, f32, sizeof f32, cudaMemcpyHostToDevice);
    cudaMemcpy(ddi, f64, sizeof f64, cudaMemcpyHostToDevice);
    from_f32<<<1, 64>>>(dfi, dout, nf);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    printf("f32: float2int rn rz ru rd, float2uint rn rz ru rd, float2ll rn rz ru rd, float2ull rn rz ru rd, "
           "(int) (unsigned) (long long) (unsigned long long) (short) (unsigned short) (signed char) (unsigned char)\n");
    for (int i = 0; i < nf; i++) {
        printf("%08x", f32[i]);
        for (int k = 0; k < NF; k++)
            printf(" %llx", out[i * NF + k]);
        printf("\n");
    }
    from_f64<<<1, 64>>>(ddi, dout, nd);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    printf("f64: double2int rn rz ru rd, double2uint rn rz ru rd, double2ll rn rz ru rd, double2ull rn rz ru rd, "
           "(int) (unsigned) (long long) (unsigned long long), double2float rn rz ru rd, (float), (short)\n");
    for (int i = 0; i < nd; i++) {
        printf("%016llx", f64[i]);
        for (int k = 0; k < ND; k++)
            printf(" %llx", out[i * ND + k]);
        printf("\n");
    }
    return cudaGetLastError() != cudaSuccess;
}
