// Includes itself until the include depth is 100 (__INCLUDE_LEVEL__ counts from 0 in the .cu).
#if __INCLUDE_LEVEL__ < 100
#include "deep.h"
#else
static const int deepest = __INCLUDE_LEVEL__;
#endif
