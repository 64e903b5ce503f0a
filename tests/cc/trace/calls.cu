// WARPSIM_TRACE of the other sync points (tests/cc/trace_test.sh): a shuffle whose lanes call it
// from two lines, vote, ballot, match, a barrier's count, __syncwarp in one branch, and a shuffle
// that completes when the lanes it waits for return.
#include <cstdio>

__global__ void calls(int *out)
{
    int lane = threadIdx.x, v = lane;
    if (lane < 16)
        v = __shfl_xor_sync(0xffffffff, v, 16);
    else
        v = __shfl_xor_sync(0xffffffff, v, 16);
    unsigned odd = __ballot_sync(0xffffffff, lane & 1);
    int all = __all_sync(0xffffffff, lane < 32);
    unsigned eights = __match_any_sync(0xffffffff, lane / 8);
    int few = __syncthreads_count(lane < 5);
    if (lane < 16) {
        v = __shfl_down_sync(0xffffffff, v, 1);
    } else {
        __syncwarp(0xffff0000);
        return;
    }
    out[lane] = v + (int)(odd & 1) + all + (int)(eights & 1) + few;
}

int main()
{
    int *d, h[16];
    cudaMalloc(&d, 16 * sizeof(int));
    calls<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("calls: %d %d\n", h[0], h[15]);
    return 0;
}
