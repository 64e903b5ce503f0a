/* Turns a table written by docs/probes/mufu_probe.cu or mufu64_probe.cu (the
 * GPU's results over one binade: first differences of the result words,
 * little-endian, 4 bytes for f32 and 8 for f64) into src/mufu/<op>.bin: for
 * each entry, the GPU's result minus a reference every host computes alike
 * (IEEE division and square root in double or single), stored plus a bias
 * in 2 bits, four to a byte, lowest bits first. Fails if a difference does
 * not fit.
 *   op     entries  input                  reference                     bias
 *   rcp    2^23     1.m (f32)              1.0f / x                      1
 *   rsqrt  2^24     1.m * 2^k, k = 0, 1    (float)(1.0 / sqrt(x))        2
 *   rcp64  2^20     1.m (high word; f64)   high word of 1.0 / x          1
 *   rsq64  2^21     1.m * 2^k, k = 0, 1    high word of 1.0 / sqrt(x)    1
 * (for rcp64 and rsq64 the entry is the result's high word; its low word is 0)
 *   cc -O2 -ffp-contract=off scripts/mufu_table.c -o mufu_table -lm &&
 *     ./mufu_table rcp OUTDIR/rcp.tab src/mufu/rcp_approx_ftz.bin */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct op {
    const char *name;
    uint32_t entries, width, bias;
};
static const struct op ops[] = {
    {"rcp", 1u << 23, 4, 1}, {"rsqrt", 1u << 24, 4, 2}, {"rcp64", 1u << 20, 8, 1}, {"rsq64", 1u << 21, 8, 1}};

static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float f32_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t f64_bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double f64_of(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

/* The reference for entry i of op k, as a result word (f64: its high word). */
static uint32_t reference(int k, uint32_t i)
{
    volatile double one = 1.0; /* at run time, in IEEE arithmetic */
    volatile float onef = 1.0f;
    switch (k) {
    case 0: return f32_bits(onef / f32_of(0x3F800000u | i));
    case 1: return f32_bits((float)(one / sqrt((double)f32_of((127u + (i >> 23)) << 23 | (i & 0x7FFFFFu)))));
    case 2: return (uint32_t)(f64_bits(one / f64_of((uint64_t)(0x3FF00000u | i) << 32)) >> 32);
    default: return (uint32_t)(f64_bits(one / sqrt(f64_of((uint64_t)((0x3FFu + (i >> 20)) << 20 | (i & 0xFFFFFu)) << 32))) >> 32);
    }
}

int main(int argc, char **argv)
{
    int k = -1;
    for (int j = 0; argc == 4 && j < 4; j++)
        if (strcmp(argv[1], ops[j].name) == 0)
            k = j;
    if (k < 0) {
        fprintf(stderr, "usage: mufu_table rcp|rsqrt|rcp64|rsq64 TAB OUT_BIN\n");
        return 2;
    }
    const struct op *op = &ops[k];
    FILE *in = fopen(argv[2], "rb");
    unsigned char *raw = malloc((size_t)op->entries * op->width), *packed = calloc(op->entries / 4, 1);
    if (!in || !raw || !packed || fread(raw, op->width, op->entries, in) != op->entries) {
        fprintf(stderr, "mufu_table: %s: cannot read %u entries\n", argv[2], op->entries);
        return 1;
    }
    fclose(in);
    uint64_t gpu = 0;
    for (uint32_t i = 0; i < op->entries; i++) {
        uint64_t d = 0;
        memcpy(&d, raw + (size_t)i * op->width, op->width); /* little-endian host */
        gpu += d;
        if (op->width == 8 && (uint32_t)gpu != 0) {
            fprintf(stderr, "mufu_table: entry %#x: the GPU's low word is not 0\n", i);
            return 1;
        }
        uint32_t word = op->width == 8 ? (uint32_t)(gpu >> 32) : (uint32_t)gpu, ref = reference(k, i);
        int64_t diff = (int64_t)word - (int64_t)ref + op->bias;
        if (diff < 0 || diff > 3) {
            fprintf(stderr, "mufu_table: entry %#x: the GPU's %#x is too far from %#x\n", i, word, ref);
            return 1;
        }
        packed[i >> 2] |= (unsigned char)(diff << (2 * (i & 3)));
    }
    FILE *out = fopen(argv[3], "wb");
    if (!out || fwrite(packed, 1, op->entries / 4, out) != op->entries / 4 || fclose(out) != 0) {
        fprintf(stderr, "mufu_table: %s: cannot write\n", argv[3]);
        return 1;
    }
    return 0;
}
