/* sim/cc_ptx.h: inline PTX in `warpsim cc` (called by cc_rewrite.c).
 *
 * An asm statement in a function body whose template is PTX becomes a C++
 * lambda called in its place, which runs the instructions through the
 * front end (include/warpsim/cuda_ptx.h):
 *
 *   asm("mov.u32 %0, %%laneid;" : "=r"(lane));
 *     -> [](auto &ws_ptx_a0_) { uint32_t ws_ptx_0_ = 0; ws_ptx_0_ = warpsim_ptx::sreg_laneid();
 *        warpsim_ptx::out_r(ws_ptx_a0_, ws_ptx_0_); }((lane));
 *
 * Each instruction stays on the line of the string that holds it, each
 * operand expression on its own line, so line numbers are kept and the
 * front end's diagnostics name the instruction's line. A template is PTX
 * when one of its instructions has a dotted mnemonic whose first part is a
 * PTX opcode (mov.u32, shfl.sync...), or it declares a .reg, or guards an
 * instruction with @p; others (x86 asm in host code, "" barriers, asm
 * labels) are left alone. A PTX template with an instruction, operand or
 * constraint that warpsim cc cannot run is an error, never passed on. */
#ifndef WARPSIM_CC_PTX_H
#define WARPSIM_CC_PTX_H

#include <stddef.h>

/* The byte classes of the rewriter's first pass (cc_rewrite.c), which
 * cc_ptx_statement reads: line markers count as comments. */
enum { CC_BYTE_CODE = 0, CC_BYTE_COMMENT = 1, CC_BYTE_LITERAL = 2 };

typedef struct cc_ptx_result {
    size_t end;       /* the statement is [at, end) (its `;` not included) */
    char *text;       /* malloc'd replacement when rewritten; free it */
    size_t error_at;  /* on failure: the offset the error is reported at */
    char error[360];  /* on failure: the message, "inline PTX: ..." */
} cc_ptx_result;

/* The asm statement whose keyword (asm, __asm, __asm__) starts at `at` in
 * s[0..n), kind[] classifying each byte. Returns 1 with r->text and r->end
 * when it is PTX and rewritten, 0 when it is left alone, -1 on an error
 * (r->error_at, r->error). */
int cc_ptx_statement(const char *s, size_t n, const unsigned char *kind, size_t at, cc_ptx_result *r);

/* Whether s[b, e) is a keyword that starts an asm statement. */
int cc_ptx_keyword(const char *s, size_t b, size_t e);

#endif
