// histogram.h: the host API of histogram.cu, plain C++ (no CUDA types), so
// that any C++ file can call it: the library warpsim_add_cuda_library builds.
#pragma once

// Counts values % bins (values >= 0) into counts[0..bins), on the device.
// Returns 0, or a CUDA error number.
int histogram(const int *values, int n, unsigned *counts, int bins);
