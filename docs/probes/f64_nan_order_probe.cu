// Which NaN an f64 add, sub and mul return when both operands are NaN, one quiet and one
// signalling, in each order (issue 23: atan2's and norm3d's two-NaN results). PTX add.rn.f64 etc.
// with the operands in a fixed order, so ptxas cannot swap them silently... it still may: the
// SASS (cuobjdump -sass) shows the order the DADD got.
//   nvcc -arch=sm_90 docs/probes/f64_nan_order_probe.cu -o nanord && ./nanord
#include <cstdint>
#include <cstdio>

__global__ void k(const uint64_t *in, uint64_t *out)
{
    double a = __longlong_as_double((long long)in[0]), b = __longlong_as_double((long long)in[1]), r;
    asm volatile("add.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(a), "d"(b));
    out[0] = (uint64_t)__double_as_longlong(r);
    asm volatile("sub.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(a), "d"(b));
    out[1] = (uint64_t)__double_as_longlong(r);
    asm volatile("mul.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(a), "d"(b));
    out[2] = (uint64_t)__double_as_longlong(r);
    asm volatile("fma.rn.f64 %0, %1, %2, %1;" : "=d"(r) : "d"(a), "d"(b));
    out[3] = (uint64_t)__double_as_longlong(r);
}

int main()
{
    static const uint64_t nans[] = {0x7FF8000000000001ull, 0xFFF8000000000002ull, 0x7FF0000000000003ull,
                                    0xFFF0000000000004ull};
    uint64_t *d_in, *d_out, out[4];
    cudaMalloc(&d_in, 16);
    cudaMalloc(&d_out, 32);
    for (uint64_t a : nans)
        for (uint64_t b : nans) {
            uint64_t in[2] = {a, b};
            cudaMemcpy(d_in, in, 16, cudaMemcpyHostToDevice);
            k<<<1, 1>>>(d_in, d_out);
            cudaMemcpy(out, d_out, 32, cudaMemcpyDeviceToHost);
            std::printf("a %016llx b %016llx: add %016llx sub %016llx mul %016llx fma(a,b,a) %016llx\n",
                        (unsigned long long)a, (unsigned long long)b, (unsigned long long)out[0],
                        (unsigned long long)out[1], (unsigned long long)out[2], (unsigned long long)out[3]);
        }
    return 0;
}
