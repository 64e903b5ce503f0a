/* warpsim bench: the fastest plain C a user could write for reduce-down on
 * 32 lanes, in the GPU's order (lane l adds lane l + o's value while that
 * lane exists, else its own: __shfl_down_sync's out-of-range rule),
 * every lane's final value. warpsim's fast path is measured against it. */
#include <string.h>

#include "bench_plain.h"

void bench_plain_reduce_down(const float *in, float *out, size_t warps)
{
    long long n = (long long)warps;
#pragma omp parallel for schedule(static)
    for (long long w = 0; w < n; w++) {
        float v[32];
        memcpy(v, in + (size_t)w * 32, sizeof v);
        for (int o = 16; o > 0; o /= 2) {
            /* Lanes below 32 - o read v[l + o] before it changes (it is
             * written later in this pass); the others read their own. */
            for (int l = 0; l < 32 - o; l++)
                v[l] = v[l + o] + v[l]; /* the peer first, as the compiled twin adds */
            for (int l = 32 - o; l < 32; l++)
                v[l] = v[l] + v[l];
        }
        memcpy(out + (size_t)w * 32, v, sizeof v);
    }
}
