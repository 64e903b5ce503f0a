// histogram_test.cpp: ordinary C++ that calls the CUDA library and checks it
// against a plain loop.
#include <cstdio>

#include "histogram.h"

int main()
{
    const int n = 1000, bins = 10;
    int values[n];
    unsigned counts[bins], want[bins] = {0};
    for (int i = 0; i < n; i++) {
        values[i] = (i * i + 3 * i) % 97;
        want[values[i] % bins]++;
    }
    int e = histogram(values, n, counts, bins);
    if (e != 0) {
        printf("histogram failed: CUDA error %d\n", e);
        return 1;
    }
    int bad = 0;
    for (int b = 0; b < bins; b++) {
        printf("bin %d: %u (expected %u)\n", b, counts[b], want[b]);
        bad += counts[b] != want[b];
    }
    return bad ? 1 : 0;
}
