#pragma once
#include "cycle_a.h"
inline int cycle_b() { return 2; }
