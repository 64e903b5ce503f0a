/* Inline PTX in warpsim cc (sim/cc_ptx.c, through sim/cc_rewrite.c): what is
 * translated and to what, what is left alone (x86 asm, asm labels, system
 * headers), line numbers kept, one-line file:line errors, and the PTX ISA's
 * formulas (include/warpsim/cuda_ptx.h) on values computed by hand from the
 * ISA's pseudo-code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cc_rewrite.h"
#include "warpsim/cuda_ptx.h"

#define LINE1 "#line 1 \"t.cu\"\n"

static char *rw(const char *src)
{
    cc_rewrite_result r;
    if (!cc_rewrite(src, strlen(src), "t.cu", &r)) {
        print_error("unexpected failure: %s\nsource: %s\n", r.error, src);
        fail();
    }
    assert_memory_equal(r.text, LINE1, strlen(LINE1));
    return r.text;
}

static void expect(const char *src, const char *want)
{
    char *got = rw(src);
    if (strcmp(got + strlen(LINE1), want) != 0) {
        print_error("source: %s\nwant:   %s\ngot:    %s\n", src, want, got + strlen(LINE1));
        fail();
    }
    free(got);
}

/* The rewrite contains each of the NULL-terminated pieces, in order. */
static void expect_has(const char *src, ...)
{
    char *got = rw(src);
    const char *at = got;
    va_list ap;
    va_start(ap, src);
    for (const char *want; (want = va_arg(ap, const char *));) {
        const char *hit = strstr(at, want);
        if (!hit) {
            print_error("source: %s\nwant (in order): %s\ngot: %s\n", src, want, got);
            fail();
        }
        at = hit + strlen(want);
    }
    va_end(ap);
    free(got);
}

static void expect_same(const char *src) { expect(src, src); }

static void expect_error(const char *src, const char *want)
{
    cc_rewrite_result r;
    if (cc_rewrite(src, strlen(src), "t.cu", &r)) {
        print_error("source: %s\nwas rewritten, want an error containing: %s\ngot: %s\n", src, want, r.text);
        free(r.text);
        fail();
    }
    assert_null(r.text);
    if (!strstr(r.error, want) || strchr(r.error, '\n')) {
        print_error("source: %s\nwant one line containing: %s\ngot: %s\n", src, want, r.error);
        fail();
    }
}

static size_t lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* The text of line `line` (1-based) of s, after the #line directive. */
static const char *line_at(const char *s, int line)
{
    s = strchr(s, '\n') + 1;
    for (int l = 1; l < line; l++)
        s = strchr(s, '\n') + 1;
    return s;
}

#define LANEID_OUT "warpsim_ptx::out_r(ws_ptx_a0_, ws_ptx_0_); }"

static void test_cuda_samples_laneid(void **state)
{
    (void)state;
    /* NVIDIA's inlinePTX sample: one output, a special register. */
    expect("__device__ void k() { unsigned laneid; asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(laneid)); }",
           "__device__ void k() { unsigned laneid; [](auto &ws_ptx_a0_) { uint32_t ws_ptx_0_ = 0; "
           "ws_ptx_0_ = warpsim_ptx::sreg_laneid(); " LANEID_OUT "((laneid)); }");
    /* The spellings of the keyword and its qualifiers. */
    static const char *const forms[] = {"asm volatile", "__asm__", "__asm__ __volatile__", "__asm volatile",
                                        "asm __volatile__ inline"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        char src[200];
        snprintf(src, sizeof src, "void k() { %s(\"mov.u32 %%0, %%%%lanemask_lt;\" : \"=r\"(m)); }", forms[i]);
        expect_has(src, "void k() { [](auto &ws_ptx_a0_) {", "warpsim_ptx::sreg_lanemask_lt()", "((m)); }", NULL);
    }
    static const char *const sregs[][2] = {
        {"lanemask_eq", "sreg_lanemask_eq()"}, {"lanemask_le", "sreg_lanemask_le()"},
        {"lanemask_ge", "sreg_lanemask_ge()"}, {"lanemask_gt", "sreg_lanemask_gt()"},
        {"warpid", "sreg_warpid()"},           {"nwarpid", "sreg_nwarpid()"},
        {"smid", "sreg_smid()"},               {"tid.y", "sreg_tid(1)"},
        {"ctaid.z", "sreg_ctaid(2)"},          {"nctaid.x", "sreg_nctaid(0)"},
    };
    for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++) {
        char src[200], want[100];
        snprintf(src, sizeof src, "void k() { asm(\"mov.b32 %%0, %%%%%s;\" : \"=r\"(m)); }", sregs[i][0]);
        snprintf(want, sizeof want, "ws_ptx_0_ = warpsim_ptx::%s;", sregs[i][1]);
        expect_has(src, want, NULL);
    }
}

static void test_operands(void **state)
{
    (void)state;
    /* Inputs by value, outputs by reference, "+r" both, "n" a constant, immediates in the template;
     * each expression once, in its place; the lambda is a statement of its own (if/else). */
    expect("void f() { asm volatile(\"bfe.u32 %0, %1, 4, %2;\" : \"=r\"(d) : \"r\"(a[i++]), \"n\"(8)); "
           "if (c) asm(\"brev.b32 %0, %0;\" : \"+r\"(x)); else g(); }",
           "void f() { [](auto &ws_ptx_a0_, auto ws_ptx_a1_, auto ws_ptx_a2_) { uint32_t ws_ptx_0_ = 0; "
           "uint32_t ws_ptx_1_ = warpsim_ptx::in_r(ws_ptx_a1_); uint64_t ws_ptx_2_ = "
           "static_cast<uint64_t>(ws_ptx_a2_); ws_ptx_0_ = ws_ptx_bfe_u32(ws_ptx_1_, 0x4u, (uint32_t)ws_ptx_2_); "
           "warpsim_ptx::out_r(ws_ptx_a0_, ws_ptx_0_); }((d), (a[i++]), (8)); if (c) [](auto &ws_ptx_a0_) { "
           "uint32_t ws_ptx_0_ = warpsim_ptx::in_r(ws_ptx_a0_); ws_ptx_0_ = ws_ptx_brev_b32(ws_ptx_0_); "
           "warpsim_ptx::out_r(ws_ptx_a0_, ws_ptx_0_); }((x)); else g(); }");
    /* 64-bit "l" operands, named operands, an operand the template never names (still evaluated). */
    expect_has("void f() { asm(\"bfe.s64 %[d], %[a], %2, 8;\" : [d] \"=l\"(d) : [a] \"l\"(a), \"r\"(p), \"r\"(u)); }",
               "[](auto &ws_ptx_a0_, auto ws_ptx_a1_, auto ws_ptx_a2_, auto ) {", "uint64_t ws_ptx_0_ = 0;",
               "uint64_t ws_ptx_1_ = warpsim_ptx::in_l(ws_ptx_a1_);",
               "ws_ptx_0_ = ws_ptx_bfe_s64(ws_ptx_1_, ws_ptx_2_, 0x8u);", "warpsim_ptx::out_l(ws_ptx_a0_, ws_ptx_0_);",
               "}((d), (a), (p), (u)); }", NULL);
    /* Immediates: hex, octal, binary, negative, U, 0f float bits; 64-bit ones in 64-bit slots. */
    expect_has("void f() { asm(\"bfi.b32 %0, 0x1F, 017, 0b101, -1U; mov.b32 %0, 0f3F800000; "
               "bfi.b64 %1, 5, -1, 3, 4;\" : \"+r\"(x), \"=l\"(y)); }",
               "ws_ptx_0_ = ws_ptx_bfi_b32(0x1fu, 0xfu, 0x5u, 0xffffffffu);", "ws_ptx_0_ = 0x3f800000u;",
               "ws_ptx_1_ = ws_ptx_bfi_b64(0x5ull, 0xffffffffffffffffull, 0x3u, 0x4u);", NULL);
    /* An operand only a known constant reads (bar.sync's barrier) needs no local. */
    expect_has("void f() { asm volatile(\"bar.sync %0;\" :: \"n\"(0)); }", "[](auto ) { __syncthreads(); }((0));",
               NULL);
    /* "f" and "d": a float's and a double's bits. */
    expect_has("void f() { asm(\"mov.b32 %0, %1;\" : \"=f\"(x) : \"f\"(y)); }",
               "uint32_t ws_ptx_1_ = warpsim_ptx::in_f(ws_ptx_a1_);", "warpsim_ptx::out_f(ws_ptx_a0_, ws_ptx_0_);",
               NULL);
}

static void test_shuffles_and_votes(void **state)
{
    (void)state;
    /* shfl.sync through the front end's shuffle (the c operand picks the width at run time), with a
     * predicate register for |p; vote.sync through __ballot_sync and the like. */
    expect_has("void f() { asm volatile(\"{ .reg .pred p; shfl.sync.up.b32 %0|p, %2, 1, 0, %3; "
               "selp.u32 %1, 1, 0, p; }\" : \"=r\"(v), \"=r\"(ok) : \"r\"(x), \"r\"(m)); }",
               "{ bool ws_ptx_v_p = false; (void)ws_ptx_v_p;",
               "ws_ptx_0_ = warpsim_ptx::shfl(WS_COLL_SHFL_UP, ws_ptx_3_, ws_ptx_2_, 0x1u, 0x0u, &ws_ptx_v_p);",
               "ws_ptx_1_ = ws_ptx_v_p ? 0x1u : 0x0u; }", NULL);
    expect_has("void f() { asm(\"shfl.sync.bfly.b32 %0, %1, 16, 0x1f, -1;\" : \"=r\"(v) : \"r\"(x)); }",
               "warpsim_ptx::shfl(WS_COLL_SHFL_BFLY, 0xffffffffu, ws_ptx_1_, 0x10u, 0x1fu, nullptr);", NULL);
    expect_has("void f() { asm(\"shfl.sync.down.b32 %0, %1, %2, 0x181f, %3;\" : \"=r\"(v) : \"r\"(x), \"r\"(d), "
               "\"r\"(m)); asm(\"shfl.sync.idx.b32 %0, %1, %2, %3, %4;\" : \"=r\"(v) : \"r\"(x), \"r\"(s), "
               "\"n\"(((32 - 4) << 8) | 0x1f), \"r\"(m)); }",
               "warpsim_ptx::shfl(WS_COLL_SHFL_DOWN, ws_ptx_3_, ws_ptx_1_, ws_ptx_2_, 0x181fu, nullptr);",
               "warpsim_ptx::shfl(WS_COLL_SHFL_IDX, ws_ptx_4_, ws_ptx_1_, ws_ptx_2_, (uint32_t)ws_ptx_3_, nullptr);",
               NULL);
    expect_has("void f() { asm(\"{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, !p, %2;\\n\\t"
               "vote.sync.all.pred q, p, %2; vote.sync.any.pred q, q, %2; vote.sync.uni.pred q, !q, %2; }\" "
               ": \"=r\"(b) : \"r\"(pred), \"r\"(mask)); }",
               "ws_ptx_v_p = warpsim_ptx::setp_ne<uint32_t>(ws_ptx_1_, 0x0u);",
               "ws_ptx_0_ = __ballot_sync(ws_ptx_2_, !ws_ptx_v_p);",
               "ws_ptx_v_q = __all_sync(ws_ptx_2_, ws_ptx_v_p) != 0;",
               "ws_ptx_v_q = __any_sync(ws_ptx_2_, ws_ptx_v_q) != 0;",
               "ws_ptx_v_q = __uni_sync(ws_ptx_2_, !ws_ptx_v_q) != 0;", NULL);
    /* The glue around them: guards, signed compares, %r<N> registers, barriers. */
    expect_has("void f() { asm(\"{ .reg .pred %%p<2>; .reg .b32 %%r<2>; setp.lt.s32 %%p0, %1, %%r1;\\n"
               "@!%%p0 add.s32 %0, %0, 1; activemask.b32 %%r0; bar.warp.sync %%r0; bar.sync 0; membar.gl; }\" "
               ": \"+r\"(x) : \"r\"(y)); }",
               "bool ws_ptx_vP_p0 = false;", "bool ws_ptx_vP_p1 = false;", "uint32_t ws_ptx_vP_r1 = 0;",
               "ws_ptx_vP_p0 = warpsim_ptx::setp_lt<int32_t>(ws_ptx_1_, ws_ptx_vP_r1);",
               "if (!ws_ptx_vP_p0) { ws_ptx_0_ = ws_ptx_0_ + 0x1u; }", "ws_ptx_vP_r0 = __activemask();",
               "__syncwarp(ws_ptx_vP_r0);", "__syncthreads();", "__threadfence();", NULL);
}

static void test_left_alone(void **state)
{
    (void)state;
    /* x86 asm in host code, compiler barriers, asm labels, register variables, and asm outside functions. */
    expect_same("void f() { asm volatile(\"\" ::: \"memory\"); }");
    expect_same("void f() { asm(\"movl %%eax, %0\\n\\tpause\" : \"=r\"(v)); __asm__ __volatile__(\"rep; nop\"); }");
    expect_same("void f() { asm(\"mov %0, eax\" : \"=r\"(v)); register long sp asm(\"rsp\"); }");
    expect_same("extern int fscanf(FILE *, const char *, ...) __asm__ (\"\" \"__isoc99_fscanf\");");
    expect_same("asm(\"mov.u32 %r1, 0;\");\nint x asm(\"mov.u32\");\n");
    /* A template that is a macro (not preprocessed), in a #define, in strings and comments. */
    expect_same("void f() { asm(TEMPLATE : \"=r\"(v)); }");
    expect_same("void f() {\n#define LANE(v) asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(v))\n}\n");
    expect_same("void f() { const char *s = \"asm(\\\"mov.u32 %0, %%laneid;\\\")\"; /* asm(\"brev.b32\") */ }");
    /* Preprocessed: in a system header's region (flag 3) PTX-looking asm is left alone; the user's is not. */
    const char *pre = "# 1 \"m.cu\"\n# 1 \"/usr/include/x.h\" 1 3 4\n"
                      "static inline void h() { asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(x)); }\n"
                      "# 3 \"m.cu\" 2\nvoid k() { asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(x)); }\n";
    cc_rewrite_result r;
    assert_true(cc_rewrite_preprocessed(pre, strlen(pre), "m.cu", &r));
    assert_non_null(strstr(r.text, "void h() { asm(\"mov.u32"));
    assert_non_null(strstr(r.text, "void k() { [](auto &ws_ptx_a0_)"));
    free(r.text);
}

static void test_lines_kept(void **state)
{
    (void)state;
    /* Each instruction on the line of its string, each operand on its own, every line where it was. */
    const char *src = "void k() {\n"
                      "  asm volatile(\"{ .reg .pred p;\\n\\t\"\n"
                      "               \"shfl.sync.down.b32 %0|p, %1, 1, 0x1f, -1;\\n\\t\"\n"
                      "               \"@p add.u32 %0, %0, %1; }\"\n"
                      "               : \"+r\"(v)\n"
                      "               : \"r\"(x));\n"
                      "  bad here;\n"
                      "}\n";
    char *got = rw(src);
    assert_int_equal(lines(got), 1 + lines(src));
    static const char *const want[] = {
        "void k() {\n",
        ("  [](auto &ws_ptx_a0_, auto ws_ptx_a1_) { uint32_t ws_ptx_0_ = warpsim_ptx::in_r(ws_ptx_a0_); uint32_t "
         "ws_ptx_1_ = warpsim_ptx::in_r(ws_ptx_a1_); { bool ws_ptx_v_p = false; (void)ws_ptx_v_p;\n"),
        "ws_ptx_0_ = warpsim_ptx::shfl(WS_COLL_SHFL_DOWN, 0xffffffffu, ws_ptx_1_, 0x1u, 0x1fu, &ws_ptx_v_p);\n",
        "if (ws_ptx_v_p) { ws_ptx_0_ = ws_ptx_0_ + ws_ptx_1_; } }\n",
        "warpsim_ptx::out_r(ws_ptx_a0_, ws_ptx_0_); }((v),\n",
        "(x));\n",
        "  bad here;\n",
    };
    for (int l = 1; l <= 7; l++)
        if (strncmp(line_at(got, l), want[l - 1], strlen(want[l - 1])) != 0) {
            print_error("line %d: want %sgot  %.*s\n", l, want[l - 1], (int)strcspn(line_at(got, l), "\n") + 1,
                        line_at(got, l));
            fail();
        }
    free(got);
    /* Line markers inside the statement stay (preprocessed text). */
    const char *pre = "# 1 \"m.cu\"\nvoid k() { asm(\"mov.u32 %0, %1;\"\n# 1 \"/usr/stdint.h\" 3 4\n: \"=r\"(v)\n"
                      "# 3 \"m.cu\"\n: \"r\"(1)); }\n";
    cc_rewrite_result r;
    assert_true(cc_rewrite_preprocessed(pre, strlen(pre), "m.cu", &r));
    assert_int_equal(lines(r.text), lines(pre));
    assert_non_null(strstr(r.text, "\n# 1 \"/usr/stdint.h\" 3 4\n"));
    assert_non_null(strstr(r.text, "\n# 3 \"m.cu\"\n"));
    free(r.text);
}

static void test_errors(void **state)
{
    (void)state;
    /* Any other instruction: one line, the instruction's file and line. */
    expect_error("void f() {\n  asm(\"mov.u32 %0, %1;\\n\\t\"\n"
                 "      \"add.cc.u32 %0, %0, 1;\" : \"+r\"(x) : \"r\"(y));\n}",
                 "t.cu:3: inline PTX: `add.cc.u32` is not supported by warpsim cc (supported: mov, shfl.sync, ");
    expect_error("void f() { asm(\"ld.global.u32 %0, [%1];\" : \"=r\"(x) : \"l\"(p)); }",
                 "t.cu:1: inline PTX: `ld.global.u32` is not supported by warpsim cc");
    expect_error("void f() { asm(\"prmt.b32.f4e %0, %1, %2, %3;\" : \"=r\"(x) : \"r\"(a), \"r\"(b), \"r\"(c)); }",
                 "`prmt.b32.f4e` is not supported");
    const char *pre = "# 1 \"m.cu\"\n# 40 \"inc/k.cuh\"\nvoid f() { asm(\"vote.ballot.b32 %0, p;\" : \"=r\"(x)); }\n";
    cc_rewrite_result r;
    assert_false(cc_rewrite_preprocessed(pre, strlen(pre), "m.cu", &r));
    assert_string_equal(r.error, "inc/k.cuh:40: inline PTX: `vote.ballot.b32` is not supported by warpsim cc "
                                 "(supported: mov, shfl.sync, vote.sync, bfe, bfi, prmt.b32, brev, activemask, "
                                 "bar.sync 0, bar.warp.sync, membar, setp, selp, add, sub, and, or, xor, not)");
    /* A shuffle whose constant c no CUDA width gives: in the template, as "n", as a constant "r". */
    expect_error("void f() { asm(\"shfl.sync.idx.b32 %0, %1, 0, 0x1e0e, -1;\" : \"=r\"(x) : \"r\"(y)); }",
                 "t.cu:1: inline PTX: shfl.sync.idx.b32 with c = 0x1e0e: no __shfl_*_sync width gives this c");
    expect_error("void f() { asm(\"shfl.sync.down.b32 %0, %1, 1, %2, -1;\" : \"=r\"(x) : \"r\"(y), "
                 "\"n\"((32 - 3) << 8 | 0x1f)); }",
                 "shfl.sync.down.b32 with c = 0x1d1f");
    expect_error("void f() { asm(\"shfl.sync.up.b32 %0, %1, 1, %2, -1;\" : \"=r\"(x) : \"r\"(y), \"r\"(0x1f)); }",
                 "shfl.sync.up.b32 with c = 0x1f");
    /* Operands and constraints. */
    expect_error("void f() { asm(\"bfe.u32 %0, %1, 0, 8;\" : \"=r\"(x) : \"l\"(y)); }",
                 "bfe.u32: operand 2: %1 is 64-bit (\"l\"), the instruction takes 32 bits here");
    expect_error("void f() { asm(\"brev.b32 %1, %0;\" : \"=r\"(x) : \"r\"(y)); }", "%1 is an input operand");
    expect_error("void f() { asm(\"brev.b32 %0, %2;\" : \"=r\"(x) : \"r\"(y)); }",
                 "t.cu:1: inline PTX: %2 names no operand (the statement has 2)");
    expect_error("void f() { asm(\"mov.u32 %0, %1;\" : \"=h\"(x) : \"r\"(y)); }", "constraint \"=h\" is not supported");
    expect_error("void f() { asm(\"mov.u32 %0, %laneid;\" : \"=r\"(x)); }", "`%l`: in an asm template a register");
    expect_error("void f() { asm(\"mov.u32 %0, r;\" : \"=r\"(x)); }", "`r` is not a declared register (.reg)");
    expect_error("void f() { asm(\"brev.b32 %0, %%laneid;\" : \"=r\"(x)); }",
                 "brev.b32: %%laneid can only be read by mov.u32");
    expect_error("void f() { asm(\"mov.u64 %0, %%laneid;\" : \"=l\"(x)); }", "can only be read by mov.u32");
    expect_error("void f() { asm(\"vote.sync.ballot.b32 %0, %1, -1;\" : \"=r\"(x) : \"r\"(p)); }",
                 "%1 is not a predicate (use a .reg .pred and setp)");
    expect_error("void f() { asm(\"bfe.u32 %0, %1, 8;\" : \"=r\"(x) : \"r\"(y)); }", "bfe.u32 takes 4 operands, not 3");
    expect_error("void f() { asm(\"bar.sync 1;\"); }", "bar.sync: only barrier 0");
    expect_error("void f() { asm(\"{ .reg .b16 h; mov.b16 h, 1; }\"); }", ".reg .b16: warpsim cc supports");
    expect_error("void f() { asm(\"{ .reg .pred p; mov.u32 %0, 1; \" : \"=r\"(x)); }", "a '{' without its '}'");
    expect_error("void f() { asm(\"L1: bra.uni L1;\"); }", "labels (`L1:`) are not supported");
    expect_error("void f() { asm(\"setp.lt.u32 p, %0, 0;\" : \"=r\"(x)); }", "`p` is not a declared register");
    expect_error("void f() { asm(\"{ .reg .pred p; setp.lt.b32 p, %0, 0; }\" : \"+r\"(x)); }",
                 "`setp.lt.b32`: no such comparison for this type");
    expect_error("void f() { asm goto(\"bra.uni %l0;\" :::: out); out:; }", "asm goto is not supported");
}

static void test_shfl_width(void **state)
{
    (void)state;
    /* c = ((32 - w) << 8) | 0x1f (| 0 for up) for w = 32, 16, 8, 4, 2, 1; the clamp's bits inside the
     * segment mask and the bits shfl.sync ignores do not matter; any other c has no width. */
    static const struct {
        ws_coll_kind kind;
        uint32_t c;
        int width;
    } cases[] = {
        {WS_COLL_SHFL_IDX, 0x001f, 32}, {WS_COLL_SHFL_IDX, 0x101f, 16}, {WS_COLL_SHFL_DOWN, 0x181f, 8},
        {WS_COLL_SHFL_BFLY, 0x1c1f, 4}, {WS_COLL_SHFL_IDX, 0x1e1f, 2},  {WS_COLL_SHFL_IDX, 0x1f1f, 1},
        {WS_COLL_SHFL_UP, 0x0000, 32},  {WS_COLL_SHFL_UP, 0x1000, 16},  {WS_COLL_SHFL_UP, 0x1f00, 1},
        {WS_COLL_SHFL_IDX, 0x1807, 8},  {WS_COLL_SHFL_UP, 0x1818, 8},   {WS_COLL_SHFL_IDX, 0xffffe01f, 32},
        {WS_COLL_SHFL_UP, 0x1f1f, 1},   {WS_COLL_SHFL_IDX, 0x000f, 0},  {WS_COLL_SHFL_UP, 0x001f, 0},
        {WS_COLL_SHFL_DOWN, 0x1d1f, 0}, {WS_COLL_SHFL_IDX, 0x0500, 0},  {WS_COLL_SHFL_BFLY, 0x1803, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = ws_ptx_shfl_width(cases[i].kind, cases[i].c);
        if (got != cases[i].width) {
            print_error("kind %d c 0x%x: width %d, want %d\n", cases[i].kind, cases[i].c, got, cases[i].width);
            fail();
        }
    }
}

/* bfe, bfi, prmt, brev: the values worked out by hand from the PTX ISA's pseudo-code (the same as
 * tests/cc/trust/inline_ptx.expected, which the H200 confirms). */
static void test_bit_fields(void **state)
{
    (void)state;
    static const struct {
        uint32_t a, pos, len, u, s;
    } bfe32[] = {
        {0xF0F0A5C3u, 0, 8, 0x000000C3u, 0xFFFFFFC3u},  {0xF0F0A5C3u, 4, 8, 0x5Cu, 0x5Cu},
        {0xF0F0A5C3u, 28, 8, 0xFu, 0xFFFFFFFFu},        {0xF0F0A5C3u, 0, 0, 0, 0},
        {0xF0F0A5C3u, 32, 4, 0, 0xFFFFFFFFu},           {0xF0F0A5C3u, 256, 8, 0xC3u, 0xFFFFFFC3u},
        {0xF0F0A5C3u, 0, 40, 0xF0F0A5C3u, 0xF0F0A5C3u}, {0xF0F0A5C3u, 16, 16, 0xF0F0u, 0xFFFFF0F0u},
        {0x00008000u, 12, 4, 0x8u, 0xFFFFFFF8u},        {0x00008000u, 32, 4, 0, 0},
        {0x00008000u, 271, 1, 1, 0xFFFFFFFFu},          {0x7FFFFFFFu, 31, 5, 0, 0},
    };
    for (size_t i = 0; i < sizeof bfe32 / sizeof bfe32[0]; i++) {
        assert_int_equal(ws_ptx_bfe_u32(bfe32[i].a, bfe32[i].pos, bfe32[i].len), bfe32[i].u);
        assert_int_equal(ws_ptx_bfe_s32(bfe32[i].a, bfe32[i].pos, bfe32[i].len), bfe32[i].s);
    }
    assert_true(ws_ptx_bfe_u64(0x8123456789ABCDEFull, 60, 8) == 0x8);
    assert_true(ws_ptx_bfe_s64(0x8123456789ABCDEFull, 60, 8) == 0xFFFFFFFFFFFFFFF8ull);
    assert_true(ws_ptx_bfe_s64(0x8123456789ABCDEFull, 32, 32) == 0xFFFFFFFF81234567ull);
    assert_true(ws_ptx_bfe_s64(0x8123456789ABCDEFull, 64, 4) == ~0ull);
    assert_true(ws_ptx_bfe_s64(0x0123456789ABCDEFull, 60, 8) == 0);
    assert_int_equal(ws_ptx_bfi_b32(0xAB, 0xFFFF0000u, 4, 8), 0xFFFF0AB0u);
    assert_int_equal(ws_ptx_bfi_b32(0xAB, 0xFFFF0000u, 28, 8), 0xBFFF0000u);
    assert_int_equal(ws_ptx_bfi_b32(0xAB, 0xFFFF0000u, 0, 0), 0xFFFF0000u);
    assert_int_equal(ws_ptx_bfi_b32(0xAB, 0xFFFF0000u, 32, 8), 0xFFFF0000u);
    assert_int_equal(ws_ptx_bfi_b32(0xAB, 0xFFFF0000u, 260, 8), 0xFFFF0AB0u);
    assert_int_equal(ws_ptx_bfi_b32(0xAB, 0xFFFF0000u, 0, 32), 0xABu);
    assert_true(ws_ptx_bfi_b64(0xAB, 0xFFFFFFFF00000000ull, 60, 8) == 0xBFFFFFFF00000000ull);
    assert_true(ws_ptx_bfi_b64(0xAB, 0xFFFFFFFF00000000ull, 28, 8) == 0xFFFFFFFAB0000000ull);
    static const uint32_t prmt[][2] = {{0x3210, 0x80FF7F01u}, {0x7654, 0x7F80017Eu}, {0x0123, 0x017FFF80u},
                                       {0x8888, 0},           {0xBA98, 0xFFFF0000u}, {0xF6E4, 0x0080FF7Eu},
                                       {0x12345, 0xFF807E01u}};
    for (size_t i = 0; i < sizeof prmt / sizeof prmt[0]; i++)
        assert_int_equal(ws_ptx_prmt_b32(0x80FF7F01u, 0x7F80017Eu, prmt[i][0]), prmt[i][1]);
    assert_int_equal(ws_ptx_brev_b32(1), 0x80000000u);
    assert_int_equal(ws_ptx_brev_b32(0x12345678u), 0x1E6A2C48u);
    assert_int_equal(ws_ptx_brev_b32(0xFFFF0000u), 0x0000FFFFu);
    assert_true(ws_ptx_brev_b64(0x12345678ull) == 0x1E6A2C4800000000ull);
    assert_true(ws_ptx_brev_b64(0x8000000000000001ull) == 0x8000000000000001ull);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cuda_samples_laneid), cmocka_unit_test(test_operands),
        cmocka_unit_test(test_shuffles_and_votes),  cmocka_unit_test(test_left_alone),
        cmocka_unit_test(test_lines_kept),          cmocka_unit_test(test_errors),
        cmocka_unit_test(test_shfl_width),          cmocka_unit_test(test_bit_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
