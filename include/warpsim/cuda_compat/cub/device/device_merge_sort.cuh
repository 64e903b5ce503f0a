/* cub/device/device_merge_sort.cuh for `warpsim cc`: cub::DeviceMergeSort of CUB 3.0 (CCCL 3.0,
 * CUDA 13.0): SortKeys, SortPairs (in place), SortKeysCopy, SortPairsCopy (input left as is),
 * StableSortKeys, StableSortPairs, StableSortKeysCopy, each ordering by a user compare_op. CUB's
 * stable forms call the very same code as the others, so both give CUB's one order. Host
 * functions (warpsim's device memory is host memory) restating DispatchMergeSort on sm_90, so that
 * keys equal under compare_op and comparators that are no strict weak order (floats with NaN and
 * operator<) come out as on the GPU:
 *   - tiles of 256 threads x min(17, max(1, 68 / sizeof(key))) items (Policy600, the newest; 4-byte
 *     keys 4352 items); ceil(log2(tiles)) merge passes;
 *   - DeviceMergeSortBlockSortKernel: each tile loaded blocked (a last partial tile padded with its
 *     first key and value) and sorted by BlockMergeSort::Sort (block/block_merge_sort.cuh: each
 *     thread's padding, StableOddEvenSort, merge-path merges of 2, 4, ... 256 threads' runs), with
 *     num_remaining as valid_items and each thread's first key as oob_default in the last tile;
 *   - each merge pass (target 2 << pass tiles): DeviceMergeSortPartitionKernel finds, by MergePath
 *     on the whole lists, where each tile's output starts; DeviceMergeSortMergeKernel loads the tile's
 *     share of both lists (striped), then each thread MergePaths to its diagonal 
 *     (ITEMS_PER_THREAD x thread) in shared memory and SerialMerges ITEMS_PER_THREAD keys;
 *   - temp_storage_bytes: CUB's aliased merge partitions ((tiles + 1) offsets: 4 bytes for 32-bit
 *     num_items), a key buffer and a value buffer of num_items each (none for keys only); no items:
 *     0. (Types too large for 48 KiB of shared memory take CUB's 64 x 1 fallback policy there; not
 *     modelled: they fail at compile time.) */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_MERGE_SORT_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_MERGE_SORT_CUH

#include "../block/block_merge_sort.cuh"
#include "device_reduce.cuh" /* detail::choose_offset_t */
#include "dispatch/device_model.cuh"

namespace cub {
namespace detail {
namespace dm {

template <typename K, typename V, typename Off, typename Cmp> struct merge_sorter {
    static constexpr bool keys_only = std::is_same<V, NullType>::value;
    static constexpr int T = 256;
    static constexpr int N = std::min(17, std::max(1, 17 * 4 / int(sizeof(K))));
    static constexpr int TILE = T * N;
    static_assert((TILE + 1) * (sizeof(K) > sizeof(V) || keys_only ? sizeof(K) : sizeof(V)) <= 48 * 1024,
                  "warpsim cc: cub::DeviceMergeSort of a key or value type this large (CUB's fallback policy) is "
                  "not modelled");
    struct thread_keys {
        K k[N];
    };
    struct thread_vals {
        V v[N];
    };

    /* BlockMergeSort<K, 256, N, V>::Sort over one tile (blocked in `keys` / `vals`). */
    static void block_sort(std::vector<K> &keys, std::vector<V> &vals, int valid, Cmp &cmp)
    {
        bool last = valid < TILE;
        std::vector<thread_keys> tk(T);
        std::vector<thread_vals> tv(T);
        for (int t = 0; t < T; t++) {
            for (int i = 0; i < N; i++) {
                tk[t].k[i] = keys[t * N + i];
                if constexpr (!keys_only)
                    tv[t].v[i] = vals[t * N + i];
            }
            if (last) {
                K max_key = tk[t].k[0];
                for (int i = 1; i < N; i++) {
                    if (N * t + i < valid)
                        max_key = cmp(max_key, tk[t].k[i]) ? tk[t].k[i] : max_key;
                    else
                        tk[t].k[i] = max_key;
                }
            }
            if (!last || N * t < valid)
                StableOddEvenSort(tk[t].k, tv[t].v, cmp);
        }
        std::vector<K> sk(TILE + 1);
        std::vector<V> sv(keys_only ? 0 : TILE + 1);
        for (int target = 2; target <= T; target *= 2) {
            int merged = target / 2, mask = target - 1;
            for (int t = 0; t < T; t++)
                for (int i = 0; i < N; i++)
                    sk[t * N + i] = tk[t].k[i];
            if constexpr (!keys_only)
                for (int t = 0; t < T; t++)
                    for (int i = 0; i < N; i++)
                        sv[t * N + i] = tv[t].v[i];
            for (int t = 0; t < T; t++) {
                int start = N * (~mask & t), size = N * merged;
                int diag = std::min(valid, N * (mask & t));
                int k1b = std::min(valid, start), k1e = std::min(valid, k1b + size);
                int k2b = k1e, k2e = std::min(valid, k2b + size);
                int pd = MergePath(&sk[k1b], &sk[k2b], k1e - k1b, k2e - k2b, diag, cmp);
                int a = k1b + pd, b = k2b + diag - pd;
                int indices[N];
                SerialMerge(sk.data(), a, b, k1e - a, k2e - b, tk[t].k, indices, cmp);
                if constexpr (!keys_only)
                    for (int i = 0; i < N; i++)
                        tv[t].v[i] = sv[indices[i]];
            }
        }
        for (int t = 0; t < T; t++)
            for (int i = 0; i < N; i++) {
                keys[t * N + i] = tk[t].k[i];
                if constexpr (!keys_only)
                    vals[t * N + i] = tv[t].v[i];
            }
    }

    template <typename KIn, typename VIn, typename KOut, typename VOut>
    static cudaError_t sort(void *d_temp_storage, size_t &temp_storage_bytes, KIn keys_in, VIn vals_in, KOut keys_out,
                            VOut vals_out, Off n, Cmp cmp)
    {
        if (n == 0) {
            if (!d_temp_storage)
                temp_storage_bytes = 0;
            return cudaSuccess;
        }
        size_t tiles = (size_t(n) + TILE - 1) / TILE;
        size_t sizes[4] = {(tiles + 1) * sizeof(Off), size_t(n) * sizeof(K), keys_only ? 0 : size_t(n) * sizeof(V), 0};
        cudaError_t error;
        if (size_only(d_temp_storage, temp_storage_bytes, alias_bytes(sizes), error))
            return error;
        std::vector<K> cur(n), nk(n), tkeys(TILE);
        std::vector<V> curv(keys_only ? 0 : size_t(n)), nv(keys_only ? 0 : size_t(n)), tvals(TILE);
        for (size_t tile = 0; tile < tiles; tile++) {
            size_t base = tile * TILE;
            int valid = int(std::min<size_t>(TILE, size_t(n) - base));
            for (int i = 0; i < TILE; i++) {
                tkeys[i] = K(keys_in[base + (i < valid ? i : 0)]);
                if constexpr (!keys_only)
                    tvals[i] = V(vals_in[base + (i < valid ? i : 0)]);
            }
            block_sort(tkeys, tvals, valid, cmp);
            for (int i = 0; i < valid; i++) {
                cur[base + i] = tkeys[i];
                if constexpr (!keys_only)
                    curv[base + i] = tvals[i];
            }
        }
        int passes = 0;
        while ((size_t(1) << passes) < tiles)
            passes++;
        std::vector<Off> parts(tiles + 1);
        std::vector<K> sk(TILE + 1);
        std::vector<V> sv(keys_only ? 0 : TILE + 1);
        const Off count = n, tile_items = Off(TILE);
        for (int pass = 0; pass < passes; pass++) {
            const Off target = Off(2) << pass, merged = target / 2, mask = target - 1;
            /* DeviceMergeSortPartitionKernel */
            for (Off p = 0; p <= Off(tiles); p++) {
                Off list = ~mask & p, start = tile_items * list, size = tile_items * merged;
                Off k1b = std::min(count, start), k1e = std::min(count, start + size);
                Off k2b = k1e, k2e = std::min(count, k2b + size);
                if (p == Off(tiles))
                    parts[p] = k1e;
                else {
                    Off at = std::min(k2e - k1b, tile_items * (mask & p));
                    parts[p] = k1b + MergePath(&cur[0] + k1b, &cur[0] + k2b, k1e - k1b, k2e - k2b, at, cmp);
                }
            }
            /* DeviceMergeSortMergeKernel */
            for (Off tile = 0; tile < Off(tiles); tile++) {
                Off list = ~mask & tile, start = tile_items * list, size = tile_items * merged;
                Off diag = tile_items * tile - start;
                Off k1b = parts[tile] - start, k1e = parts[tile + 1] - start;
                Off dist = count - start, max2 = dist > size ? dist - size : 0;
                Off k2b = std::min(max2, diag - k1b), k2e = std::min(max2, diag + tile_items - k1e);
                if (mask == (mask & tile)) {
                    k1e = std::min(count - start, size);
                    k2e = std::min(max2, size);
                }
                int n1 = int(k1e - k1b), n2 = int(k2e - k2b);
                for (int i = 0; i < n1 + n2; i++) {
                    size_t from = i < n1 ? size_t(start + k1b + Off(i)) : size_t(start + size + k2b + Off(i - n1));
                    sk[i] = cur[from];
                    if constexpr (!keys_only)
                        sv[i] = curv[from];
                }
                Off base = tile * tile_items;
                int valid = int(std::min<Off>(tile_items, count - base));
                for (int t = 0; t < T; t++) {
                    int d0 = std::min(n1 + n2, N * t);
                    int a = MergePath(&sk[0], &sk[n1], n1, n2, d0, cmp);
                    int b = d0 - a;
                    K out[N];
                    int indices[N];
                    SerialMerge(sk.data(), a, b + n1, n1 - a, n2 - b, out, indices, cmp);
                    for (int i = 0; i < N && t * N + i < valid; i++) {
                        nk[base + t * N + i] = out[i];
                        if constexpr (!keys_only)
                            nv[base + t * N + i] = sv[indices[i]];
                    }
                }
            }
            cur.swap(nk);
            curv.swap(nv);
        }
        for (size_t i = 0; i < size_t(n); i++) {
            keys_out[i] = cur[i];
            if constexpr (!keys_only)
                vals_out[i] = curv[i];
        }
        return cudaSuccess;
    }
};

/* Stands for the values of the keys-only forms. */
struct no_values {
    NullType operator[](size_t) const { return NullType(); }
};

} // namespace dm
} // namespace detail

struct DeviceMergeSort {
  private:
    template <typename KIn, typename VIn, typename KOut, typename VOut, typename V, typename OffsetT,
              typename CompareOpT>
    static cudaError_t run(void *t, size_t &bytes, KIn ki, VIn vi, KOut ko, VOut vo, OffsetT n, CompareOpT cmp)
    {
        using K = detail::dm::it_value_t<KIn>;
        using Off = detail::choose_offset_t<OffsetT>;
        return detail::dm::merge_sorter<K, V, Off, CompareOpT>::sort(t, bytes, ki, vi, ko, vo, Off(n), cmp);
    }

  public:
    template <typename KeyIteratorT, typename ValueIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorT d_keys,
                                 ValueIteratorT d_items, OffsetT num_items, CompareOpT compare_op,
                                 cudaStream_t stream = 0)
    {
        (void)stream;
        return run<KeyIteratorT, ValueIteratorT, KeyIteratorT, ValueIteratorT, detail::dm::it_value_t<ValueIteratorT>>(
            d_temp_storage, temp_storage_bytes, d_keys, d_items, d_keys, d_items, num_items, compare_op);
    }
    template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyIteratorT, typename ValueIteratorT,
              typename OffsetT, typename CompareOpT>
    static cudaError_t SortPairsCopy(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_input_keys,
                                     ValueInputIteratorT d_input_items, KeyIteratorT d_output_keys,
                                     ValueIteratorT d_output_items, OffsetT num_items, CompareOpT compare_op,
                                     cudaStream_t stream = 0)
    {
        (void)stream;
        return run<KeyInputIteratorT, ValueInputIteratorT, KeyIteratorT, ValueIteratorT,
                   detail::dm::it_value_t<ValueIteratorT>>(d_temp_storage, temp_storage_bytes, d_input_keys,
                                                           d_input_items, d_output_keys, d_output_items, num_items,
                                                           compare_op);
    }
    template <typename KeyIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorT d_keys,
                                OffsetT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
    {
        (void)stream;
        detail::dm::no_values none;
        NullType *sink = nullptr;
        return run<KeyIteratorT, detail::dm::no_values, KeyIteratorT, NullType *, NullType>(
            d_temp_storage, temp_storage_bytes, d_keys, none, d_keys, sink, num_items, compare_op);
    }
    template <typename KeyInputIteratorT, typename KeyIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t SortKeysCopy(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_input_keys,
                                    KeyIteratorT d_output_keys, OffsetT num_items, CompareOpT compare_op,
                                    cudaStream_t stream = 0)
    {
        (void)stream;
        detail::dm::no_values none;
        NullType *sink = nullptr;
        return run<KeyInputIteratorT, detail::dm::no_values, KeyIteratorT, NullType *, NullType>(
            d_temp_storage, temp_storage_bytes, d_input_keys, none, d_output_keys, sink, num_items, compare_op);
    }
    template <typename KeyIteratorT, typename ValueIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t StableSortPairs(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorT d_keys,
                                       ValueIteratorT d_items, OffsetT num_items, CompareOpT compare_op,
                                       cudaStream_t stream = 0)
    {
        return SortPairs(d_temp_storage, temp_storage_bytes, d_keys, d_items, num_items, compare_op, stream);
    }
    template <typename KeyIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t StableSortKeys(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorT d_keys,
                                      OffsetT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
    {
        return SortKeys(d_temp_storage, temp_storage_bytes, d_keys, num_items, compare_op, stream);
    }
    template <typename KeyInputIteratorT, typename KeyIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t StableSortKeysCopy(void *d_temp_storage, size_t &temp_storage_bytes,
                                          KeyInputIteratorT d_input_keys, KeyIteratorT d_output_keys,
                                          OffsetT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
    {
        return SortKeysCopy(d_temp_storage, temp_storage_bytes, d_input_keys, d_output_keys, num_items, compare_op,
                            stream);
    }
};

} // namespace cub

#endif
