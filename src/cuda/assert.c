/* Device assert(): glibc's assert macro calls __assert_fail, defined here
 * so that a program linked with libwarpsim_cuda reaches it first.
 *
 * In a kernel (measured: docs/conformance-logs/cuda-samples-h200/
 * simpleAssert.out) the failing thread prints CUDA's line
 *   file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr` failed.
 * with its device printf output, and ends; its block runs on, and when it
 * ends the launch fails with the GPU's cudaErrorAssert (WS_CUDA_FAULT_ASSERT,
 * block.c). On the host it is glibc's assert: the message, then abort(). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "cuda_internal.h"

extern char *program_invocation_short_name;

_Noreturn void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function);

_Noreturn void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
    wc_lane *l = wc_current_lane();
    if (!l) {
        fprintf(stderr, "%s: %s:%u: %s%sAssertion `%s' failed.\n", program_invocation_short_name, file, line,
                function ? function : "", function ? ": " : "", assertion);
        abort();
    }
    wc_block *b = l->block;
    const ws_cuda_uint3 t = l->ctx.thread_idx;
    ws_cuda_printf_at_(file, (int)line, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
                       file, line, function ? function : "?", b->idx.x, b->idx.y, b->idx.z, t.x, t.y, t.z, assertion);
    if (!b->asserted) {
        b->asserted = true;
        snprintf(b->assert_first, sizeof b->assert_first, "thread (%u,%u,%u) of block (%u,%u,%u) at %.100s:%u", t.x,
                 t.y, t.z, b->idx.x, b->idx.y, b->idx.z, file, line);
    }
    wc_lane_exit(wc_current_lane());
}
