// What the GPU gives for C++ casts of floats and doubles that the target
// integer type cannot hold (undefined in C++; x86 gives its "integer
// indefinite" or the low bits of a wider conversion). Each value comes
// from memory so that nvcc cannot fold the cast.
//   nvcc -arch=sm_90 -fmad=false -o float_cast_probe float_cast_probe.cu && ./float_cast_probe
#include <cstdio>
#include <cstring>

#define TYPES(X)                                                                                             \
    X(int) X(unsigned) X(long long) X(unsigned long long) X(short) X(unsigned short) X(signed char)          \
        X(unsigned char) X(bool)

struct Row {
    long long i[9];
    unsigned long long u[9];
};

template <typename F> __global__ void casts(const F *in, Row *out, int n)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n)
        return;
    F v = in[k];
    int t = 0;
#define STORE(T)                                                                                             \
    out[k].i[t] = (long long)(T)v;                                                                           \
    out[k].u[t] = (unsigned long long)(T)v;                                                                  \
    t++;
    TYPES(STORE)
}

static const char *names[] = {"int", "unsigned", "long long", "unsigned long long", "short", "unsigned short",
                              "signed char", "unsigned char", "bool"};

template <typename F> static void run(const char *fname, const F *vals, int n)
{
    F *din;
    Row *dout;
    cudaMalloc(&din, n * sizeof(F));
    cudaMalloc(&dout, n * sizeof(Row));
    cudaMemcpy(din, vals, n * sizeof(F), cudaMemcpyHostToDevice);
    casts<F><<<1, 64>>>(din, dout, n);
    Row rows[64];
    cudaMemcpy(rows, dout, n * sizeof(Row), cudaMemcpyDeviceToHost);
    for (int k = 0; k < n; k++) {
        unsigned long long bits = 0;
        memcpy(&bits, &vals[k], sizeof(F));
        for (int t = 0; t < 9; t++)
            printf("%s %a (0x%llx) -> %s: %lld (0x%llx)\n", fname, (double)vals[k], bits, names[t], rows[k].i[t],
                   rows[k].u[t]);
    }
    cudaFree(din);
    cudaFree(dout);
}

int main()
{
    unsigned nan_bits = 0x7FC00000u, nan2 = 0xFFC12345u, snan = 0x7F800001u;
    float fn, fn2, fsn;
    memcpy(&fn, &nan_bits, 4);
    memcpy(&fn2, &nan2, 4);
    memcpy(&fsn, &snan, 4);
    const float fv[] = {fn, fn2, fsn, __builtin_inff(), -__builtin_inff(), 3e38f, -3e38f, 1e10f, -1e10f,
                        2147483648.0f, 2147483520.0f, -2147483648.0f, -2147483904.0f, 4294967296.0f,
                        4294967040.0f, 9.3e18f, 9.223372e18f, -9.223372e18f, 1.9e19f, 70000.5f, 65535.9f,
                        -32768.9f, -32769.0f, 40000.0f, 300.7f, 255.9f, 256.0f, -128.9f, -129.0f, 127.9f,
                        -1.0f, -0.75f, -0.0f, 0.5f, 1.5f, 2.0f};
    unsigned long long dnan_bits = 0x7FF8000000000000ull;
    double dn;
    memcpy(&dn, &dnan_bits, 8);
    const double dv[] = {dn, __builtin_inf(), -__builtin_inf(), 1e300, -1e300, 2147483648.0, 2147483647.9,
                         -2147483648.9, -2147483649.0, 4294967295.9, 4294967296.0, 9.3e18, 9223372036854774784.0,
                         -9223372036854775808.0, -9.3e18, 1.9e19, 18446744073709549568.0, 70000.0, -1.0, -0.5, 0.25,
                         -0.0, 256.5, -129.5};
    run("float", fv, (int)(sizeof fv / sizeof fv[0]));
    run("double", dv, (int)(sizeof dv / sizeof dv[0]));
    cudaError_t e = cudaDeviceSynchronize();
    printf("status: %s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
