/* The floor for cuda-samples' simpleAttributes on a CPU: its kernel's loop
 * (65,535 blocks, 720,895 iterations each: xorshift, then
 * data[r % n] = data[r % n] + data[i % n] over 15.7 MB) as plain C on one
 * core, without the model. Every iteration stores to a random cache line,
 * and x86 commits stores in order, so the loop waits on the cache for each.
 * Runs BLOCKS blocks (argv[1], default 1024) and scales to 65,535. Built with
 * -fopenmp it spreads the blocks over OMP_NUM_THREADS threads sharing the
 * array, as warpsim runs two blocks at once on two cores: the two-core floor.
 *   cc -O2 docs/probes/attributes_bound.c -o bound && ./bound 1024
 *   cc -O2 -fopenmp docs/probes/attributes_bound.c -o bound2 &&
 *     OMP_NUM_THREADS=2 taskset -c 2,3 ./bound2 2048 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

int main(int argc, char **argv)
{
    const int n = (62914560 / 4) / 4; /* the H200's L2 / 4, in ints: dataSize */
    const unsigned hit_count = 0xAFFFF;
    int blocks = argc > 1 ? atoi(argv[1]) : 1024;
    int *data = calloc((size_t)n, sizeof *data);
    if (!data || blocks < 1)
        return 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1)
#endif
    for (int b = 0; b < blocks; b++) {
        int tid = b * 32; /* thread 0 of block b: tID = blockIdx.x * 32, even */
        uint32_t r = (uint32_t)tid;
        for (unsigned hit = 0; hit < hit_count; hit++) {
            r ^= r << 13;
            r ^= r >> 17;
            r ^= r << 5;
            int idx = tid - (int)r;
            if (idx < 0)
                idx = -idx;
            data[r % (unsigned)n] = data[r % (unsigned)n] + data[idx % n];
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    double per = s / ((double)blocks * hit_count);
    if (threads == 1)
        printf("%d blocks: %.3f s, %.2f ns an iteration; 65535 blocks: %.0f s on one core, %.0f s on two if they "
               "shared it perfectly (check %d)\n",
               blocks, s, per * 1e9, per * 65535.0 * hit_count, per * 65535.0 * hit_count / 2, data[12345]);
    else
        printf("%d threads, %d blocks: %.3f s; 65535 blocks: %.0f s (check %d)\n", threads, blocks, s,
               s * 65535.0 / blocks, data[12345]);
    return 0;
}
