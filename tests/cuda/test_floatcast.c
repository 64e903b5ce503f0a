/* The GPU's conversions of floats and doubles that the integer type cannot
 * hold (src/cuda/floatcast.c, wc_gpu_float_to_int) against what an sm_90
 * GPU printed for every value and type of docs/probes/float_cast_probe.cu:
 * its raw output, docs/probes/float_cast_probe.h100.txt, replayed line by
 * line (bool is not such a conversion and is left out).
 *   test_floatcast docs/probes/float_cast_probe.h100.txt */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "floatcast.h"

static const struct {
    const char *name;
    int bits;
    bool is_signed;
} types[] = {{"int", 32, true},         {"unsigned", 32, false},        {"long long", 64, true},
             {"unsigned long long", 64, false}, {"short", 16, true},     {"unsigned short", 16, false},
             {"signed char", 8, true},  {"unsigned char", 8, false}};

int main(int argc, char **argv)
{
    FILE *f = argc == 2 ? fopen(argv[1], "r") : NULL;
    if (!f) {
        fprintf(stderr, "usage: test_floatcast docs/probes/float_cast_probe.h100.txt\n");
        return 2;
    }
    char line[512];
    int checked = 0, wrong = 0;
    while (fgets(line, sizeof line, f)) {
        char from[16], type[64];
        unsigned long long in_bits, got;
        long long ignored;
        /* "float 0x1p+0 (0x3f800000) -> unsigned long long: 1 (0x1)" */
        if (sscanf(line, "%15s %*s (0x%llx) -> %63[^:]: %lld (0x%llx)", from, &in_bits, type, &ignored, &got) != 5)
            continue;
        double v;
        if (strcmp(from, "float") == 0) {
            float x;
            uint32_t b = (uint32_t)in_bits;
            memcpy(&x, &b, 4);
            v = x;
        } else {
            uint64_t b = in_bits;
            memcpy(&v, &b, 8);
        }
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
            if (strcmp(type, types[t].name) != 0)
                continue;
            uint64_t mask = types[t].bits == 64 ? UINT64_MAX : (UINT64_C(1) << types[t].bits) - 1;
            uint64_t want = got & mask, have = wc_gpu_float_to_int(v, strcmp(from, "double") == 0, types[t].bits, types[t].is_signed);
            checked++;
            if (have != want) {
                wrong++;
                printf("FAIL %s: ours 0x%llx\n", strtok(line, "\n"), (unsigned long long)have);
            }
        }
    }
    fclose(f);
    printf("%d conversions checked against the GPU's, %d differ\n", checked, wrong);
    return wrong || checked < 400 ? 1 : 0;
}
