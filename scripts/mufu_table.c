/* Turns docs/probes/mufu_probe.cu's rcp.tab (the GPU's rcp.approx.ftz.f32
 * over [1, 2): first differences of the result bits, little-endian int32)
 * into src/mufu/rcp_approx_ftz.bin: for each of the 2^23 significands the
 * result's distance from 1.0f / 1.m, -1, 0 or +1, stored plus one in 2 bits,
 * four to a byte, lowest bits first. Fails if a distance is larger.
 *   cc -O2 -ffp-contract=off scripts/mufu_table.c -o mufu_table &&
 *     ./mufu_table OUTDIR/rcp.tab src/mufu/rcp_approx_ftz.bin */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: mufu_table RCP_TAB OUT_BIN\n");
        return 2;
    }
    enum { N = 1 << 23 };
    FILE *in = fopen(argv[1], "rb");
    int32_t *diff = malloc(sizeof *diff * N);
    unsigned char *packed = calloc(N / 4, 1);
    if (!in || !diff || !packed || fread(diff, sizeof *diff, N, in) != N) {
        fprintf(stderr, "mufu_table: %s: cannot read %d entries\n", argv[1], N);
        return 1;
    }
    fclose(in);
    uint32_t gpu = 0;
    for (uint32_t m = 0; m < N; m++) {
        gpu += (uint32_t)diff[m];
        uint32_t xb = 0x3F800000u | m, rb;
        float x, r;
        memcpy(&x, &xb, 4);
        volatile float one = 1.0f;
        r = one / x;
        memcpy(&rb, &r, 4);
        int64_t d = (int64_t)gpu - (int64_t)rb;
        if (d < -1 || d > 1) {
            fprintf(stderr, "mufu_table: significand %#x: the GPU's %#x is %lld from %#x\n", m, gpu, (long long)d, rb);
            return 1;
        }
        packed[m >> 2] |= (unsigned char)((d + 1) << (2 * (m & 3)));
    }
    FILE *out = fopen(argv[2], "wb");
    if (!out || fwrite(packed, 1, N / 4, out) != N / 4 || fclose(out) != 0) {
        fprintf(stderr, "mufu_table: %s: cannot write\n", argv[2]);
        return 1;
    }
    return 0;
}
