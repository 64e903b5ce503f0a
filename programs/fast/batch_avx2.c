/* The batch loops once more, compiled with -mavx2 (programs/CMakeLists.txt
 * sets it for this file only): see batch_engine.c. */
#if defined(__x86_64__)
#define FAST_BATCH_ENTRY fast_batch_avx2
#include "batch_engine.c"
#else
typedef int fast_batch_avx2_not_built; /* not x86-64: an empty file is not valid C */
#endif
