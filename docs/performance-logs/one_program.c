/* one_program.c: the fast path of one per-warp program alone, for comparing
 * builds of programs/fast/ (docs/performance.md, "2026-12-01, night").
 * Not part of the build. With a Release build in build/rel:
 *
 *   gcc -O2 -std=c17 -Iinclude -Iprograms docs/performance-logs/one_program.c \
 *       build/rel/programs/libwarpsim_programs.a build/rel/src/libwarpsim.a -fopenmp -lm -o one_program
 *   OMP_NUM_THREADS=1 taskset -c 0 ./one_program bitonic 64 7
 *
 * 2^26 f32 values (integers in [-1000, 1000] with INTS=1, as --gen rand
 * makes them; else distinct small fractions), as many warps as fit, up to
 * 2^21; the best of REPEAT runs in process CPU time; GB/s counts the input
 * read and the first output written, as warpsim bench does. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fast/fast_warps.h"
#include "run/run.h"
#include "runtime/program.h"

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: one_program PROGRAM LANES [REPEAT]\n");
        return 2;
    }
    const wk_program *p = wk_find_program(argv[1]);
    int lanes = atoi(argv[2]), repeat = argc > 3 ? atoi(argv[3]) : 5;
    if (!p || (lanes != 32 && lanes != 64) || repeat < 1) {
        fprintf(stderr, "one_program: no program %s, or lanes not 32 or 64, or REPEAT below 1\n", argv[1]);
        return 2;
    }
    const size_t n = (size_t)1 << 26;
    float *in = aligned_alloc(64, n * 4), *out = aligned_alloc(64, n * 4);
    if (!in || !out)
        return 1;
    unsigned s = 1;
    const int ints = getenv("INTS") != NULL;
    for (size_t i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        in[i] = ints ? (float)((int)((s >> 8) % 2001) - 1000) : (float)(int)(s >> 8) / 1e6f;
    }
    wk_params params = {.profile = lanes == 64 ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90, .type = WK_F32};
    wk_apply_defaults(p, &params);
    wk_fast_shape shape;
    if (!wk_fast_shape_of(p, &params, &shape)) {
        fprintf(stderr, "one_program: %s has no fast path\n", argv[1]);
        return 1;
    }
    size_t warps = n / shape.in_per_warp < ((size_t)1 << 21) ? n / shape.in_per_warp : (size_t)1 << 21;
    size_t bytes = warps * (shape.in_per_warp + shape.outputs[0].per_warp) * 4;
    char err[200];
    double best = 1e300;
    for (int r = 0; r < repeat; r++) {
        double t0 = cpu_seconds();
        void *const outs[1] = {out};
        if (!wk_fast_run_warps_outs(p, &params, in, outs, 1, warps, err, sizeof err)) {
            fprintf(stderr, "one_program: %s\n", err);
            return 1;
        }
        double t = cpu_seconds() - t0;
        best = t < best ? t : best;
    }
    printf("%s %d: %.3e warps/s %.2f GB/s\n", argv[1], lanes, (double)warps / best, (double)bytes / best / 1e9);
    free(in);
    free(out);
    return 0;
}
