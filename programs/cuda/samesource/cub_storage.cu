// The size and alignment of CUB's TempStorage types (and of a user's struct that holds one after
// an int), for each algorithm and several types: what a kernel's shared memory layout, and a
// program that prints sizeof, depend on. Host code only: nvcc's build prints real CUB 3.0's
// numbers on any machine. Same source for nvcc and `warpsim cc`.
#include <cstdint>
#include <cstdio>

#include <cub/cub.cuh>

struct MinCount {
    int mn;
    int cnt;
};
struct Wide {
    double a;
    int b;
};

template <typename Algorithm> void show(const char *name)
{
    using Storage = typename Algorithm::TempStorage;
    struct Holder {
        int flag;
        Storage storage;
    };
    std::printf("%-62s size %6zu align %3zu holder %6zu\n", name, sizeof(Storage), alignof(Storage), sizeof(Holder));
}
#define SHOW(...) show<__VA_ARGS__>(#__VA_ARGS__)

int main()
{
    SHOW(cub::WarpReduce<int>);
    SHOW(cub::WarpReduce<int, 4>);
    SHOW(cub::WarpReduce<int, 7>);
    SHOW(cub::WarpReduce<double, 16>);
    SHOW(cub::WarpReduce<char, 32>);
    SHOW(cub::WarpScan<int>);
    SHOW(cub::WarpScan<int, 8>);
    SHOW(cub::WarpScan<uint16_t, 16>);
    SHOW(cub::WarpScan<int, 12>);
    SHOW(cub::WarpScan<Wide, 32>);
    SHOW(cub::WarpLoad<int, 4, cub::WARP_LOAD_TRANSPOSE, 16>);
    SHOW(cub::WarpStore<double, 3, cub::WARP_STORE_TRANSPOSE>);
    SHOW(cub::WarpExchange<int, 4, 16>);
    SHOW(cub::WarpMergeSort<int, 4, 16>);
    SHOW(cub::BlockReduce<int, 128>);
    SHOW(cub::BlockReduce<uint16_t, 64>);
    SHOW(cub::BlockReduce<long long, 16, cub::BLOCK_REDUCE_RAKING, 4>);
    SHOW(cub::BlockReduce<long long, 16, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 4>);
    SHOW(cub::BlockReduce<int8_t, 8, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 2, 4>);
    SHOW(cub::BlockReduce<double, 8, cub::BLOCK_REDUCE_RAKING, 2, 4>);
    SHOW(cub::BlockReduce<int, 96, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>);
    SHOW(cub::BlockReduce<Wide, 256, cub::BLOCK_REDUCE_RAKING>);
    SHOW(cub::BlockScan<int, 128>);
    SHOW(cub::BlockScan<int, 128, cub::BLOCK_SCAN_WARP_SCANS>);
    SHOW(cub::BlockScan<int, 96, cub::BLOCK_SCAN_RAKING_MEMOIZE>);
    SHOW(cub::BlockScan<long long, 32, cub::BLOCK_SCAN_RAKING, 2>);
    SHOW(cub::BlockScan<MinCount, 64, cub::BLOCK_SCAN_WARP_SCANS>);
    SHOW(cub::BlockScan<double, 1024>);
    SHOW(cub::BlockLoad<int, 64, 3, cub::BLOCK_LOAD_TRANSPOSE>);
    SHOW(cub::BlockLoad<int, 64, 3, cub::BLOCK_LOAD_WARP_TRANSPOSE>);
    SHOW(cub::BlockLoad<char, 128, 4, cub::BLOCK_LOAD_DIRECT>);
    SHOW(cub::BlockStore<int, 64, 3, cub::BLOCK_STORE_TRANSPOSE>);
    SHOW(cub::BlockStore<int, 64, 3, cub::BLOCK_STORE_WARP_TRANSPOSE>);
    SHOW(cub::BlockExchange<int, 64, 3>);
    SHOW(cub::BlockExchange<double, 128, 5>);
    SHOW(cub::BlockExchange<uint16_t, 96, 7, true>);
    SHOW(cub::BlockRadixSort<unsigned, 128, 4>);
    SHOW(cub::BlockRadixSort<unsigned, 128, 4, int>);
    SHOW(cub::BlockRadixSort<int, 64, 3>);
    SHOW(cub::BlockRadixSort<uint16_t, 96, 5, double>);
    SHOW(cub::BlockRadixSort<float, 256, 8>);
    SHOW(cub::BlockMergeSort<int, 64, 5, int>);
    SHOW(cub::BlockMergeSort<float, 32, 3>);
    SHOW(cub::BlockHistogram<unsigned char, 64, 4, 16, cub::BLOCK_HISTO_SORT>);
    SHOW(cub::BlockHistogram<unsigned char, 64, 4, 16, cub::BLOCK_HISTO_ATOMIC>);
    SHOW(cub::BlockDiscontinuity<int, 64>);
    SHOW(cub::BlockDiscontinuity<double, 128>);
    SHOW(cub::BlockAdjacentDifference<int, 64>);
    SHOW(cub::BlockAdjacentDifference<float, 256>);
    return 0;
}
