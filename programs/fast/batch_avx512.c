/* The batch loops once more, compiled with AVX-512 (F, DQ, VL, BW) and
 * 512-bit vectors preferred (programs/CMakeLists.txt sets the flags for
 * this file only): see batch_engine.c. */
#if defined(__x86_64__)
#define FAST_BATCH_ENTRY fast_batch_avx512
#include "batch_engine.c"
#else
typedef int fast_batch_avx512_not_built; /* not x86-64: an empty file is not valid C */
#endif
