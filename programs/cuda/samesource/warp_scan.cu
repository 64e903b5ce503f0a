// warp_scan.cu: Hillis-Steele scans with __shfl_up_sync, three warps:
// inclusive and exclusive prefix sums (int, float), and an inclusive scan
// within groups of 8 lanes (width 8) of unsigned values.
// Build: nvcc -arch=sm_90 -fmad=false warp_scan.cu  |  warpsim cc warp_scan.cu
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

const int N = 96;
const unsigned FULL = 0xffffffffu;

template <typename T> __device__ T inclusive_scan(T v)
{
    int lane = threadIdx.x % warpSize;
    for (int d = 1; d < warpSize; d *= 2) {
        T t = __shfl_up_sync(FULL, v, d);
        if (lane >= d)
            v += t;
    }
    return v;
}

__global__ void scans(const int *in_i, const float *in_f, int *incl_i, int *excl_i, float *incl_f, float *excl_f,
                      unsigned *seg8)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    int vi = inclusive_scan(in_i[i]);
    float vf = inclusive_scan(in_f[i]);
    incl_i[i] = vi;
    incl_f[i] = vf;
    int ei = __shfl_up_sync(FULL, vi, 1);
    float ef = __shfl_up_sync(FULL, vf, 1);
    excl_i[i] = lane == 0 ? 0 : ei;
    excl_f[i] = lane == 0 ? 0.0f : ef;
    unsigned u = (unsigned)in_i[i] * 2654435761u;
    for (int d = 1; d < 8; d *= 2) {
        unsigned t = __shfl_up_sync(FULL, u, d, 8);
        if (lane % 8 >= d)
            u += t;
    }
    seg8[i] = u;
}

static unsigned bits(float f)
{
    unsigned b;
    memcpy(&b, &f, 4);
    return b;
}

int main()
{
    int h_i[N];
    float h_f[N];
    for (int i = 0; i < N; i++) {
        h_i[i] = (i * 19 + 5) % 43 - 21;
        h_f[i] = (float)((i * 23 + 9) % 71 - 35) * 0.3f;
    }
    int *d_i, *d_ii, *d_ei;
    float *d_f, *d_if, *d_ef;
    unsigned *d_s8;
    CHECK(cudaMalloc(&d_i, sizeof h_i));
    CHECK(cudaMalloc(&d_f, sizeof h_f));
    CHECK(cudaMalloc(&d_ii, sizeof h_i));
    CHECK(cudaMalloc(&d_ei, sizeof h_i));
    CHECK(cudaMalloc(&d_if, sizeof h_f));
    CHECK(cudaMalloc(&d_ef, sizeof h_f));
    CHECK(cudaMalloc(&d_s8, N * sizeof(unsigned)));
    CHECK(cudaMemcpy(d_i, h_i, sizeof h_i, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_f, h_f, sizeof h_f, cudaMemcpyHostToDevice));
    scans<<<1, N>>>(d_i, d_f, d_ii, d_ei, d_if, d_ef, d_s8);
    CHECK(cudaGetLastError());
    int ii[N], ei[N];
    float fi[N], fe[N];
    unsigned s8[N];
    CHECK(cudaMemcpy(ii, d_ii, sizeof ii, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ei, d_ei, sizeof ei, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(fi, d_if, sizeof fi, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(fe, d_ef, sizeof fe, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(s8, d_s8, sizeof s8, cudaMemcpyDeviceToHost));

    // The host's restatement: the same steps, lane by lane, per warp.
    bool ok = true;
    for (int w = 0; w < N / 32; w++) {
        int vi[32];
        float vf[32];
        unsigned vu[32];
        for (int l = 0; l < 32; l++) {
            vi[l] = h_i[w * 32 + l];
            vf[l] = h_f[w * 32 + l];
            vu[l] = (unsigned)h_i[w * 32 + l] * 2654435761u;
        }
        for (int d = 1; d < 32; d *= 2)
            for (int l = 31; l >= d; l--) { // top down: lane l reads l - d before it changes
                vi[l] += vi[l - d];
                vf[l] += vf[l - d];
            }
        for (int d = 1; d < 8; d *= 2)
            for (int l = 31; l >= 0; l--)
                if (l % 8 >= d)
                    vu[l] += vu[l - d];
        for (int l = 0; l < 32; l++) {
            int i = w * 32 + l;
            ok = ok && ii[i] == vi[l] && bits(fi[i]) == bits(vf[l]) && s8[i] == vu[l] &&
                 ei[i] == (l ? vi[l - 1] : 0) && bits(fe[i]) == bits(l ? vf[l - 1] : 0.0f);
        }
    }
    printf("thread: int inclusive, exclusive | float inclusive, exclusive | u32 inclusive in groups of 8\n");
    for (int i = 0; i < N; i++)
        printf("thread %2d: %d, %d | %.9g (0x%08x), %.9g (0x%08x) | %u\n", i, ii[i], ei[i], fi[i], bits(fi[i]),
               fe[i], bits(fe[i]), s8[i]);
    printf("check: %s (every lane against the scan steps restated on the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_i));
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_ii));
    CHECK(cudaFree(d_ei));
    CHECK(cudaFree(d_if));
    CHECK(cudaFree(d_ef));
    CHECK(cudaFree(d_s8));
    return ok ? 0 : 1;
}
