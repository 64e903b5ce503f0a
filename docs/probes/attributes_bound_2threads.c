/* The two-core floor for simpleAttributes: attributes_bound.c's loop (thread 0 of each block)
 * over the blocks on OMP_NUM_THREADS threads sharing one array, as warpsim runs two blocks at
 * once on two cores.  gcc -O2 -fopenmp docs/probes/attributes_bound_2threads.c -o b2 &&
 * OMP_NUM_THREADS=2 taskset -c 2,3 ./b2 2048 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv)
{
    const int n = (62914560 / 4) / 4;
    const unsigned hit_count = 0xAFFFF;
    int blocks = argc > 1 ? atoi(argv[1]) : 1024;
    int *data = calloc((size_t)n, sizeof *data);
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, 1)
    for (int b = 0; b < blocks; b++) {
        int tid = b * 32;
        uint32_t r = (uint32_t)tid;
        for (unsigned hit = 0; hit < hit_count; hit++) {
            r ^= r << 13; r ^= r >> 17; r ^= r << 5;
            int idx = tid - (int)r;
            if (idx < 0) idx = -idx;
            data[r % (unsigned)n] = data[r % (unsigned)n] + data[idx % n];
        }
    }
    double s = omp_get_wtime() - t0;
    printf("%d threads, %d blocks: %.3f s; 65535 blocks: %.0f s\n", omp_get_max_threads(), blocks, s, s * 65535.0 / blocks);
    return data[1] == 12345;
}
