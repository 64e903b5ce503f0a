// nvcc -ftz=true's rules on a few values whose results are worked out by hand (PTX ISA: a .ftz
// float instruction reads a subnormal operand as zero of its sign and writes a subnormal result as
// zero of its sign; double instructions do neither; host code is not the device's): each line
// prints the result's bits and the bits the rule gives (tests/cc/ftz_test.sh compares them).
#include <cstdio>
#include <cstring>

__device__ unsigned bits(float v) { return __float_as_uint(v); }

__global__ void k(const float *in, const double *din, unsigned *out)
{
    float tiny = in[0];      // 0x00000005: a subnormal from memory
    float small = in[1];     // 0x1p-100
    float neg_tiny = in[2];  // 0x80000005
    float one = in[3];       // 1 (from memory: the compiler cannot fold x * 1 away)
    out[0] = bits(tiny * one);                  // read as 0: +0
    out[1] = bits(small * small);               // 2^-200 underflows: +0
    out[2] = bits(small * 0x1p-30f);            // 2^-130 is subnormal: written as +0
    out[3] = bits(fminf(tiny, 1.0f));           // min of +0 and 1: +0
    out[4] = bits(floorf(neg_tiny));            // floor(-0) = -0 (not -1)
    out[5] = (unsigned)__float2int_ru(tiny);    // ceil(+0) = 0 (not 1)
    out[6] = bits(expf(-100.0f));               // e^-100 ~ 2^-144.3, subnormal: +0
    out[7] = bits(sqrtf(tiny));                 // sqrt(+0) = +0
    out[8] = bits(__fadd_rn(tiny, tiny));       // 0 + 0 = +0
    out[9] = tiny > 0.0f;                       // compares +0 > 0: false
    out[10] = bits((float)din[0]);              // the double 2^-140 converted: a subnormal float, +0
    out[11] = bits(small * 0x1p-26f);           // 2^-126, the smallest normal: kept
}

int main()
{
    unsigned h_in[4] = {0x00000005u, 0x0D800000u, 0x80000005u, 0x3F800000u};
    double h_din[1] = {0x1p-140};
    double *din;
    cudaMalloc(&din, sizeof h_din);
    cudaMemcpy(din, h_din, sizeof h_din, cudaMemcpyHostToDevice);
    float *in;
    unsigned *out, h_out[12];
    cudaMalloc(&in, sizeof h_in);
    cudaMalloc(&out, sizeof h_out);
    cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    k<<<1, 1>>>(in, din, out);
    cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 12; i++)
        printf("%d %08x\n", i, h_out[i]);
    float host_tiny; // host code keeps subnormals whatever the device's mode
    memcpy(&host_tiny, &h_in[0], 4);
    float host_product = host_tiny * 1.0f;
    unsigned hb;
    memcpy(&hb, &host_product, 4);
    printf("host %08x\n", hb);
    cudaFree(in);
    cudaFree(din);
    cudaFree(out);
    return 0;
}
