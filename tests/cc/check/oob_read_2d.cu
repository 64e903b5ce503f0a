// memcheck: a 2-D kernel reads one row past a 16x15 image (rows 0..15),
// from two blocks: thread and block indices in two dimensions.
#include <cstdio>

__global__ void blur_row(const float *in, float *out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * 16 + x] = in[y * 16 + x] * 0.5f;  // the bug: the image has 15 rows
}

int main()
{
    float *in, *out;
    cudaMalloc(&in, 16 * 15 * sizeof(float));
    cudaMalloc(&out, 16 * 16 * sizeof(float));
    cudaMemset(in, 0, 16 * 15 * sizeof(float));
    blur_row<<<dim3(2, 2), dim3(8, 8)>>>(in, out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("blur_row: %s\n", cudaGetErrorName(e));
    return 0;
}
