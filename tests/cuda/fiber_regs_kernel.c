/* A kernel whose lanes keep many values live across collectives, so the
 * compiler puts them in callee-saved registers (rbx, r12-r15 on x86-64;
 * x19-x28 and d8-d15 on aarch64): a fiber switch that lost one changes
 * the printed sum. fiber_aarch64_test.sh builds it with our aarch64
 * switch and with glibc's swapcontext, runs both under qemu, and compares
 * them with each other and with the host's build. */
#include <stdio.h>
#include <stdlib.h>

#include <warpsim/cuda.h>

typedef struct args {
    double *out;
    unsigned *bits;
} args;

static void kernel(void *p)
{
    const args *a = p;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    double x0 = i * 0.5, x1 = i * 0.25, x2 = i * 1.5, x3 = i + 0.125, x4 = i * 3.0, x5 = i - 7.0;
    double x6 = (double)i * i, x7 = 1.0 / (i + 1);
    unsigned u0 = i * 2654435761u, u1 = i ^ 0x5bd1e995u, u2 = i + 17, u3 = i * 31, u4 = ~i, u5 = i << 3;
    for (int o = 16; o > 0; o /= 2) {
        x0 += __shfl_down_sync(0xffffffffu, x0, o);
        x1 += __shfl_xor_sync(0xffffffffu, x1, o);
        u0 ^= __shfl_up_sync(0xffffffffu, u0, o);
        x2 = x2 * 1.0001 + x3;
        x3 = x3 - x4 * 0.5;
        x4 += x5;
        x5 *= 0.999;
        x6 -= x7;
        x7 += 0.5;
        u1 = u1 * 3 + u2;
        u2 ^= u3 >> 1;
        u3 += u4;
        u4 = u4 * 5 + u5;
        u5 += u1;
    }
    a->out[i] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
    a->bits[i] = u0 ^ u1 ^ u2 ^ u3 ^ u4 ^ u5;
}

int main(void)
{
    enum { N = 4096, BLOCK = 256 };
    double *out = malloc(N * sizeof *out);
    unsigned *bits = malloc(N * sizeof *bits);
    if (!out || !bits)
        return 1;
    args a = {out, bits};
    ws_cuda_launch_desc d = {.grid = {N / BLOCK, 1, 1}, .block = {BLOCK, 1, 1}};
    if (ws_cuda_launch_c(&d, kernel, &a, NULL) != WS_OK) {
        fprintf(stderr, "launch failed: %s\n", ws_cuda_report_error(ws_cuda_last_report()));
        return 1;
    }
    double sum = 0;
    unsigned x = 0;
    for (unsigned i = 0; i < N; i++) {
        sum += out[i];
        x = x * 31 + bits[i];
    }
    printf("%.17g %08x\n", sum, x);
    free(out);
    free(bits);
    return 0;
}
