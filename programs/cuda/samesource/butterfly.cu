// butterfly.cu: all-reduce with __shfl_xor_sync (every lane ends with the
// whole result): int sum, float sum, float max with fmaxf, a sum within
// groups of 8 lanes (width 8), and the width rule itself: with width 16, a
// lane may read from an earlier group of 16 but reading a later one gives
// back its own value.
// Build: nvcc -arch=sm_90 -fmad=false butterfly.cu  |  warpsim cc butterfly.cu
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

const unsigned FULL = 0xffffffffu;

struct Out {
    int isum;
    float fsum, fmax;
    int seg8;
    int across16;
};

__global__ void butterfly(const int *ints, const float *floats, Out *out)
{
    int lane = threadIdx.x;
    int iv = ints[lane];
    float fv = floats[lane], fm = floats[lane];
    for (int mask = 16; mask > 0; mask >>= 1) {
        iv += __shfl_xor_sync(FULL, iv, mask);
        fv += __shfl_xor_sync(FULL, fv, mask);
        fm = fmaxf(fm, __shfl_xor_sync(FULL, fm, mask));
    }
    int s = ints[lane];
    for (int mask = 4; mask > 0; mask >>= 1)
        s += __shfl_xor_sync(FULL, s, mask, 8);
    out[lane].isum = iv;
    out[lane].fsum = fv;
    out[lane].fmax = fm;
    out[lane].seg8 = s;
    out[lane].across16 = __shfl_xor_sync(FULL, lane * 100, 16, 16);
}

static unsigned bits(float f)
{
    unsigned b;
    memcpy(&b, &f, 4);
    return b;
}

int main()
{
    int h_int[32];
    float h_float[32];
    for (int i = 0; i < 32; i++) {
        h_int[i] = (i * 53 + 17) % 97 - 48;
        h_float[i] = (float)((i * 41 + 3) % 83 - 41) / 7.0f;
    }
    int *d_int;
    float *d_float;
    Out *d_out, h_out[32];
    CHECK(cudaMalloc(&d_int, sizeof h_int));
    CHECK(cudaMalloc(&d_float, sizeof h_float));
    CHECK(cudaMalloc(&d_out, sizeof h_out));
    CHECK(cudaMemcpy(d_int, h_int, sizeof h_int, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_float, h_float, sizeof h_float, cudaMemcpyHostToDevice));
    butterfly<<<1, 32>>>(d_int, d_float, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));

    // The host's restatement: the same xor stages, lane by lane.
    int iv[32], s8[32];
    float fv[32], fm[32];
    for (int l = 0; l < 32; l++) {
        iv[l] = h_int[l];
        fv[l] = fm[l] = h_float[l];
        s8[l] = h_int[l];
    }
    for (int mask = 16; mask > 0; mask >>= 1) {
        int ti[32];
        float tf[32], tm[32];
        for (int l = 0; l < 32; l++) {
            ti[l] = iv[l ^ mask];
            tf[l] = fv[l ^ mask];
            tm[l] = fm[l ^ mask];
        }
        for (int l = 0; l < 32; l++) {
            iv[l] += ti[l];
            fv[l] += tf[l];
            fm[l] = fm[l] > tm[l] ? fm[l] : tm[l];
        }
    }
    for (int mask = 4; mask > 0; mask >>= 1) {
        int t[32];
        for (int l = 0; l < 32; l++)
            t[l] = s8[l ^ mask];
        for (int l = 0; l < 32; l++)
            s8[l] += t[l];
    }
    bool ok = true;
    printf("lane: int sum | float sum | float max | sum of 8 | xor 16, width 16\n");
    for (int l = 0; l < 32; l++) {
        const Out &o = h_out[l];
        printf("lane %2d: %d | %.9g (0x%08x) | %.9g (0x%08x) | %d | %d\n", l, o.isum, o.fsum, bits(o.fsum), o.fmax,
               bits(o.fmax), o.seg8, o.across16);
        int across = l < 16 ? l * 100 : (l - 16) * 100; // a later group: own value; an earlier one: read it
        ok = ok && o.isum == iv[l] && bits(o.fsum) == bits(fv[l]) && bits(o.fmax) == bits(fm[l]) &&
             o.seg8 == s8[l] && o.across16 == across;
    }
    printf("check: %s (every lane against the xor stages restated on the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_int));
    CHECK(cudaFree(d_float));
    CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
