// Issue 20: the user's headers as the compiler finds them: -iquote before
// -I (rewrite_includes.ccargs), a #pragma once cycle, headers nested 100
// deep, __FILE__ in a header, and a launch written in a header.
#include <cstdio>
#include "pick.h"
#include "cycle_a.h"
#include "deep.h"
__global__ void k(int *o) { o[0] = 7; }
int main()
{
    int *o;
    cudaMallocManaged(&o, sizeof(int));
    printf("picked %s from %s\n", picked(), picked_file());
    printf("cycle %d %d\n", cycle_a(), cycle_b());
    printf("deepest %d\n", deepest);
    launch_in_header(o);
    printf("o[0] = %d\n", o[0]);
    return 0;
}
