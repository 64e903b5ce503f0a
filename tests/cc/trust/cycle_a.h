#pragma once
#include "cycle_b.h"
inline int cycle_a() { return 1; }
