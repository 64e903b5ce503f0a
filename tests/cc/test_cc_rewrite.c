/* The rewriter of `warpsim cc` (sim/cc_rewrite.c): kernel launches and
 * extern __shared__ rewritten, everything else (shifts, templates, strings,
 * comments) left alone, line numbers kept, and a clear file:line error for
 * what cannot be rewritten. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cc_rewrite.h"

#define LINE1 "#line 1 \"t.cu\"\n"

/* Rewrites src; the text after the #line directive. */
static char *rw(const char *src, cc_rewrite_result *r)
{
    bool ok = cc_rewrite(src, strlen(src), "t.cu", r);
    if (!ok) {
        print_error("unexpected failure: %s\n", r->error);
        fail();
    }
    assert_non_null(r->text);
    assert_memory_equal(r->text, LINE1, strlen(LINE1));
    return r->text + strlen(LINE1);
}

static void expect(const char *src, const char *want, int launches)
{
    cc_rewrite_result r;
    const char *got = rw(src, &r);
    if (strcmp(got, want) != 0) {
        print_error("source:   %s\nwant:     %s\ngot:      %s\n", src, want, got);
        fail();
    }
    assert_int_equal(r.launches, launches);
    free(r.text);
}

static void expect_error(const char *src, const char *want)
{
    cc_rewrite_result r;
    bool ok = cc_rewrite(src, strlen(src), "t.cu", &r);
    if (ok) {
        print_error("source: %s\nwas rewritten, want an error containing: %s\ngot: %s\n", src, want, r.text);
        free(r.text);
        fail();
    }
    assert_null(r.text);
    if (!strstr(r.error, want)) {
        print_error("source: %s\nwant an error containing: %s\ngot: %s\n", src, want, r.error);
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

static void test_simple_launch(void **state)
{
    (void)state;
    expect("k<<<1, 32>>>(a, b);", "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 32), a, b);", 1);
    expect("k<<<g, b>>>();", "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(g, b));", 1);
    expect("k <<< g , b , 64 , s >>> ( x ) ;",
           "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k ), ws_cudart_cfg_( g , b , 64 , s ) ,  x ) ;", 1);
    /* An argument that is just 0 or NULL: an int (a long for NULL, as g++'s
     * __null) or a null pointer, as the kernel takes it. */
    expect("k<<<1, 1>>>(0, NULL, x0, (0), 0 /* c */, f(0), 0, __null);",
           "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 1), ws_cudart_zero_, ws_cudart_null_, "
           "x0, (0), ws_cudart_zero_ /* c */, f(0), ws_cudart_zero_, ws_cudart_null_);",
           1);
    /* An argument in braces: the kernel's own parameter types (its address). */
    expect("k<<<1, 32>>>(d, {1, 2});", "ws_cudart_launch_typed_(\"k\", &(k), ws_cudart_cfg_(1, 32), d, {1, 2});", 1);
    expect("k<<<1, 32>>>(S{1}, f({2}));",
           "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 32), S{1}, f({2}));", 1);
}

static void test_expressions_in_brackets(void **state)
{
    (void)state;
    expect("k<<<dim3(n / 32, (m + 1) * 2), dim3(8, 4, 2), n * sizeof(float)>>>(f(a, g(b)), c[i]);",
           "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(dim3(n / 32, (m + 1) * 2), dim3(8, 4, 2), n * sizeof(float))"
           ", f(a, g(b)), c[i]);",
           1);
    /* A shift inside the configuration is not the closing >>>. */
    expect("k<<<n >> 5, 32>>>(x);", "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(n >> 5, 32), x);", 1);
    expect("k<<<(n>>5), b>>>(x);", "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_((n>>5), b), x);", 1);
    /* Template calls with commas in the configuration: the compiler parses them. */
    expect("k<<<std::max<int>(a, b), 32>>>(x);",
           "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(std::max<int>(a, b), 32), x);", 1);
}

static void test_kernel_names(void **state)
{
    (void)state;
    expect("k<T, 8><<<g, b>>>(x);", "ws_cudart_launch_(\"k<T, 8>\", WS_CUDART_KERNEL_(k<T, 8>), ws_cudart_cfg_(g, b), x);", 1);
    expect("ns::k<A<int>><<<1, 1>>>();",
           "ws_cudart_launch_(\"ns::k<A<int>>\", WS_CUDART_KERNEL_(ns::k<A<int>>), ws_cudart_cfg_(1, 1));", 1);
    expect("k<A<B<int>>><<<1, 1>>>();",
           "ws_cudart_launch_(\"k<A<B<int>>>\", WS_CUDART_KERNEL_(k<A<B<int>>>), ws_cudart_cfg_(1, 1));", 1);
    expect("::k<<<1, 1>>>();", "ws_cudart_launch_(\"::k\", WS_CUDART_KERNEL_(::k), ws_cudart_cfg_(1, 1));", 1);
    expect("k<(N > 2)><<<1, 1>>>();", "ws_cudart_launch_(\"k<(N > 2)>\", WS_CUDART_KERNEL_(k<(N > 2)>), ws_cudart_cfg_(1, 1));", 1);
    expect("(*table[i])<<<1, 1>>>();",
           "ws_cudart_launch_(\"(*table[i])\", WS_CUDART_KERNEL_((*table[i])), ws_cudart_cfg_(1, 1));", 1);
    expect("s.kernels[2]<<<1, 1>>>();",
           "ws_cudart_launch_(\"s.kernels[2]\", WS_CUDART_KERNEL_(s.kernels[2]), ws_cudart_cfg_(1, 1));", 1);
    expect("p->k<<<1, 1>>>();", "ws_cudart_launch_(\"p->k\", WS_CUDART_KERNEL_(p->k), ws_cudart_cfg_(1, 1));", 1);
    /* What precedes the name is not part of it. */
    expect("if (x) k<<<1, 1>>>(); else j<<<2, 2>>>(y);",
           "if (x) ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 1)); else ws_cudart_launch_(\"j\", WS_CUDART_KERNEL_(j), "
           "ws_cudart_cfg_(2, 2), y);",
           2);
    expect("{ return k<<<1, 1>>>(); }", "{ return ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 1)); }", 1);
    expect("(void)k<<<1, 1>>>();", "(void)ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 1));", 1);
}

static void test_not_launches(void **state)
{
    (void)state;
    const char *src = "int a = b << c; unsigned y = x >> 3;\n"
                      "std::vector<std::vector<int>> v; std::map<int, std::vector<int>>m;\n"
                      "auto z = (x >> 1) >> 2; bool q = a < b && c > d;\n"
                      "template <typename T> using V = std::vector<std::vector<T>>;\n"
                      "std::ostream &operator<<<int>(std::ostream &, const X<int> &);\n"
                      "int sep = 1'000'000; char c1 = '<'; char c2 = '\\''; wchar_t w = L'>';\n";
    expect(src, src, 0);
}

static void test_strings_and_comments(void **state)
{
    (void)state;
    const char *src = "// k<<<1, 2>>>(x);\n"
                      "/* k<<<1, 2>>>(x); */\n"
                      "const char *s = \"k<<<1, 2>>>(x);\";\n"
                      "const char *e = \"\\\"k<<<\\\"\";\n"
                      "const char *r = R\"xy(k<<<1, 2>>>(x); )\" )xy\";\n"
                      "// a continued comment \\\n"
                      "k<<<1, 2>>>(x);\n"
                      "char c = '\"'; /* \" */\n";
    expect(src, src, 0);
    /* A comment inside a launch stays a comment, in place. */
    expect("k<<<1, /* <<<not>>> */ 2>>>(x /* ) */, y); // k<<<>>>",
           "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, /* <<<not>>> */ 2), x /* ) */, y); // k<<<>>>", 1);
    expect("k /* the kernel */ <<<1, 2>>>();",
           "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k /* the kernel */ ), ws_cudart_cfg_(1, 2));", 1);
    expect("k<<<1, 2>>>(\")\", ')');", "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 2), \")\", ')');", 1);
}

/* An unterminated ' or " ends at the end of its line (the compiler reports
 * it where it matters): an apostrophe in #error text that #if 0 skips, as
 * --rewrite-only reads raw source, leaves the launches after it code. */
static void test_unterminated_literal_ends_at_line(void **state)
{
    (void)state;
    expect("#if 0\n#error can't\n#endif\nk<<<1, 2>>>(x);\n",
           "#if 0\n#error can't\n#endif\nws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 2), x);\n", 1);
    expect("#if 0\n#warning \"half a string\n#endif\nk<<<1, 2>>>(x);\n",
           "#if 0\n#warning \"half a string\n#endif\nws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 2), x);\n",
           1);
    /* A later quote on another line does not close the one left open. */
    expect("#if 0\n#error it's\n#endif\nk<<<1, 2>>>(x); char c = 'a';\n",
           "#if 0\n#error it's\n#endif\nws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, 2), x); char c = 'a';\n",
           1);
}

static void test_lines_kept(void **state)
{
    (void)state;
    const char *src = "int main() {\n"
                      "    k<T,\n"
                      "      4><<<dim3(1,\n"
                      "                2),\n"
                      "           64>>>(a,\n"
                      "                 b);\n"
                      "    bad here;\n"
                      "}\n";
    cc_rewrite_result r;
    const char *got = rw(src, &r);
    assert_int_equal(lines(got), lines(src));
    /* "bad here" is still on line 7. */
    const char *p = got;
    for (int l = 1; l < 7; l++)
        p = strchr(p, '\n') + 1;
    assert_memory_equal(p, "    bad here;", 13);
    assert_int_equal(r.launches, 1);
    free(r.text);
}

static void test_macros(void **state)
{
    (void)state;
    expect("#define LAUNCH(k, n, ...) k<<<1, n>>>(__VA_ARGS__)\nLAUNCH(f, 32, a, b);\n",
           "#define LAUNCH(k, n, ...) ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(1, n), __VA_ARGS__)\n"
           "LAUNCH(f, 32, a, b);\n",
           1);
    expect("#define RUN(k) \\\n  k<<<G, \\\n     B>>>(x)\n",
           "#define RUN(k) \\\n  ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(G, \\\n     B), x)\n", 1);
    /* A configuration that is one macro: the compiler expands it. */
    expect("k<<<CONFIG>>>(x);", "ws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), ws_cudart_cfg_(CONFIG), x);", 1);
}

static void test_extern_shared(void **state)
{
    (void)state;
    expect("__global__ void k() { extern __shared__ float s[]; s[0] = 1; }",
           "__global__ void k() { float (&s)[] = *(float (*)[])ws_cuda_dynamic_shared_(); s[0] = 1; }", 0);
    expect("template <class T> __global__ void k() {\n  extern __shared__ __align__(16) unsigned char raw[];\n}",
           "template <class T> __global__ void k() {\n"
           "  unsigned char (&raw)[] = *(unsigned char (*)[])ws_cuda_dynamic_shared_();\n}",
           0);
    expect("void k() { extern __shared__ volatile T buf [ ] ; }",
           "void k() { volatile T (&buf)[] = *(volatile T (*)[])ws_cuda_dynamic_shared_(); }", 0);
    expect("namespace n { extern __shared__ int sh[]; }",
           "namespace n { static const ws_cudart_extern_shared_<int> sh{}; }", 0);
    expect("extern __shared__ double d[];\n", "static const ws_cudart_extern_shared_<double> d{};\n", 0);
    /* `extern T __shared__ name[]`: the type before __shared__ (NVIDIA's threadFenceReduction). */
    expect("void k() { extern float __shared__ smem[]; }",
           "void k() { float (&smem)[] = *(float (*)[])ws_cuda_dynamic_shared_(); }", 0);
    /* A template's comma is not a second declarator. */
    expect("void k() { extern __shared__ Pair<int, float> s[]; }",
           "void k() { Pair<int, float> (&s)[] = *(Pair<int, float> (*)[])ws_cuda_dynamic_shared_(); }", 0);
    /* __shared__ without extern and extern without __shared__ are left alone. */
    expect("__shared__ int a[32]; extern int b[];", "__shared__ int a[32]; extern int b[];", 0);
    cc_rewrite_result r;
    rw("void k() { extern __shared__\n  int s[]; }\nint line3;", &r);
    assert_int_equal(r.shared_decls, 1);
    assert_int_equal(lines(r.text), 1 + 2);
    free(r.text);
}

/* What static_shared writes for declaration number N with struct body BODY and the names' references. */
#define SHARED_TEXT(n, body, names, refs)                                                                    \
    "struct ws_shared_" #n "_ { " body "; }; static const ws_cuda_shared_site ws_shared_site_" #n "_ = "     \
    "{sizeof(ws_shared_" #n "_), alignof(ws_shared_" #n "_), \"" names "\", __FILE__, __LINE__}; ws_shared_" #n \
    "_ &ws_shared_v_" #n "_ = *static_cast<ws_shared_" #n "_ *>(ws_cuda_shared_(&ws_shared_site_" #n "_));" refs

static void test_static_shared(void **state)
{
    (void)state;
    /* In a function: the declaration goes verbatim (__shared__, static and __device__ left out) into a
     * struct placed per block; each name becomes a reference to its member. */
    expect("__global__ void k() { __shared__ int c; c = 1; }",
           "__global__ void k() { " SHARED_TEXT(0, "int c", "c", " auto &c = ws_shared_v_0_.c;") " c = 1; }", 0);
    expect("void k() { static __shared__ float tile[32][33]; }",
           "void k() { " SHARED_TEXT(0, "float tile[32][33]", "tile", " auto &tile = ws_shared_v_0_.tile;") " }", 0);
    /* Several declarators, template arguments with commas, __align__(n) before the name, volatile kept. */
    expect("void k() { volatile __shared__ Pair<int, float> a[4], b; __shared__ __align__(16) char raw[64]; }",
           "void k() { " SHARED_TEXT(0, "volatile Pair<int, float> a[4], b", "a,b",
                                     " auto &a = ws_shared_v_0_.a; auto &b = ws_shared_v_0_.b;")
           " " SHARED_TEXT(1, "__align__(16) char raw[64]", "raw", " auto &raw = ws_shared_v_1_.raw;") " }", 0);
    /* typename in a template, a declaration over two lines keeps the line after it. */
    cc_rewrite_result r;
    rw("template <class B> void k() {\n  __shared__ typename B::TempStorage\n    temp;\n}\nint line5;", &r);
    assert_int_equal(r.shared_decls, 1);
    assert_non_null(strstr(r.text, "struct ws_shared_0_ { typename B::TempStorage temp; };"));
    assert_non_null(strstr(r.text, "auto &temp = ws_shared_v_0_.temp;"));
    assert_int_equal(lines(r.text), 1 + 4); /* #line, then the source's four line breaks */
    free(r.text);
    /* A union or struct defined in the declaration (CUB's documented TempStorage union): its body
     * goes into the block's struct verbatim, and the name after it is the variable. */
    rw("void k() { __shared__ union { typename A::T a; int b[2]; } temp, *p; }", &r);
    assert_int_equal(r.shared_decls, 1);
    assert_non_null(strstr(r.text, "struct ws_shared_0_ { union { typename A::T a; int b[2]; } temp, *p; };"));
    assert_non_null(strstr(r.text, "auto &temp = ws_shared_v_0_.temp; auto &p = ws_shared_v_0_.p;"));
    free(r.text);
    /* At namespace scope, in a #define and in strings: left alone. */
    expect("__shared__ int g[4];", "__shared__ int g[4];", 0);
    expect("#define TILE __shared__ float t[8];\n", "#define TILE __shared__ float t[8];\n", 0);
    expect("void k() { const char *s = \"__shared__ int x;\"; }", "void k() { const char *s = \"__shared__ int x;\"; }",
           0);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("int x;\nk<<<1, 2(a);\n", "t.cu:2: kernel launch: no '>>>'");
    expect_error("\n\n<<<1, 2>>>(a);", "t.cu:3: kernel launch: no kernel name");
    expect_error("k<<<1, 2>>> args;", "t.cu:1: kernel launch: '(' with the kernel's arguments must follow");
    expect_error("#define L(k, args) k<<<1, 2>>>args\n", "'(' with the kernel's arguments must follow");
    expect_error("k<<<>>>(a);", "an empty configuration");
    expect_error("k<<<1, 2>>>(a, b;\n}\n", "t.cu:1: kernel launch: the argument list opened here is never closed");
    expect_error("return<<<1, 2>>>();", "no kernel name");
    expect_error("/* never closed", "t.cu:1: a comment opened here is never closed");
    expect_error("void f() {\n extern __shared__ float a[], b[];\n}", "t.cu:2: extern __shared__");
    expect_error("void f() {\n extern __shared__ float a[32];\n}", "t.cu:2: extern __shared__");
    expect_error("void f() {\n\n __shared__ int a = 0;\n}", "t.cu:3: __shared__: a __shared__ variable cannot have an initializer");
    expect_error("void f() { __shared__ int; }", "t.cu:1: __shared__: a declarator without a name");
    expect_error("void f() { __shared__ union { int a; }; }", "t.cu:1: __shared__: a declarator without a name");
    expect_error("void f() { __shared__ struct { int a; } s\n}", "t.cu:1: __shared__: expected a declaration ending");
}

static int fake_include(void *user, const char *name, bool angled, char *out, size_t out_size)
{
    int *calls = user;
    (*calls)++;
    if (strcmp(name, "bad.cuh") == 0) {
        snprintf(out, out_size, "bad.cuh:3: kernel launch: no '>>>'");
        return -1;
    }
    if (angled || strcmp(name, "mine.cuh") != 0)
        return 0;
    snprintf(out, out_size, "/tmp/x/h0-mine.cuh");
    return 1;
}

static void test_includes(void **state)
{
    (void)state;
    const char *src = "#include <stdio.h>\n#include \"mine.cuh\"\n  # include \"other.h\"\n// #include \"mine.cuh\"\n";
    cc_rewrite_result r;
    int calls = 0;
    assert_true(cc_rewrite_includes(src, strlen(src), "t.cu", fake_include, &calls, &r));
    assert_int_equal(calls, 3);
    assert_string_equal(r.text, LINE1 "#include <stdio.h>\n#include \"/tmp/x/h0-mine.cuh\"\n  # include \"other.h\"\n"
                                      "// #include \"mine.cuh\"\n");
    free(r.text);
    const char *bad = "int a;\n#include \"bad.cuh\"\n";
    assert_false(cc_rewrite_includes(bad, strlen(bad), "t.cu", fake_include, &calls, &r));
    assert_non_null(strstr(r.error, "t.cu:2: bad.cuh:3: kernel launch"));
}

/* The compiler's -E output: line markers name file and line (errors too),
 * are blank between tokens, and no #line is added. */
static void test_preprocessed(void **state)
{
    (void)state;
    const char *src = "# 0 \"m.cu\"\n# 1 \"m.cu\"\nint x;\n# 7 \"m.cu\"\nk<<<1, 2>>>(\n# 1 \"/usr/stddef.h\" 3 4\n"
                      "__null\n# 7 \"m.cu\"\n);\n";
    cc_rewrite_result r;
    assert_true(cc_rewrite_preprocessed(src, strlen(src), "m.cu", &r));
    const char *want = "# 0 \"m.cu\"\n# 1 \"m.cu\"\nint x;\n# 7 \"m.cu\"\nws_cudart_launch_(\"k\", WS_CUDART_KERNEL_(k), "
                       "ws_cudart_cfg_(1, 2), \n# 1 \"/usr/stddef.h\" 3 4\nws_cudart_null_\n# 7 \"m.cu\"\n);\n";
    if (strcmp(r.text, want) != 0) {
        print_error("want: %s\ngot:  %s\n", want, r.text);
        fail();
    }
    free(r.text);
    /* An error names the line the markers give: "h.cuh" line 41 + 1. */
    const char *bad = "# 1 \"m.cu\"\nint y;\n# 41 \"inc/h.cuh\" 1\nint z;\n<<<1, 1>>>();\n";
    assert_false(cc_rewrite_preprocessed(bad, strlen(bad), "m.cu", &r));
    assert_non_null(strstr(r.error, "inc/h.cuh:42: kernel launch: no kernel name"));
    /* A __shared__ at namespace scope is left for the compile (cuda_macros.h). */
    const char *ns = "# 1 \"m.cu\"\n__shared__ int g;\n";
    assert_true(cc_rewrite_preprocessed(ns, strlen(ns), "m.cu", &r));
    assert_string_equal(r.text, ns);
    free(r.text);
}

/* The launch APIs' (void *) casts go (the runtime needs the kernel's type);
 * the user's __noinline__ becomes GCC's attribute, libstdc++'s stays its own. */
static void test_launch_api_and_noinline(void **state)
{
    (void)state;
    const char *src = "# 1 \"m.cu\"\nvoid f() { cudaLaunchCooperativeKernel((void *)k, 1, 2, a);\n"
                      "cudaLaunchKernel( ( const void* ) k2<int>, 1, 2, a); cudaLaunchKernel((char *)p, 1); }\n"
                      "__noinline__ int g();\n# 5 \"/usr/include/c++/13/string\" 3\n__attribute__((__noinline__)) int h();\n";
    cc_rewrite_result r;
    assert_true(cc_rewrite_preprocessed(src, strlen(src), "m.cu", &r));
    const char *want = "# 1 \"m.cu\"\nvoid f() { cudaLaunchCooperativeKernel(k, 1, 2, a);\n"
                       "cudaLaunchKernel(  k2<int>, 1, 2, a); cudaLaunchKernel((char *)p, 1); }\n"
                       "__attribute__((noinline)) int g();\n# 5 \"/usr/include/c++/13/string\" 3\n"
                       "__attribute__((__noinline__)) int h();\n";
    if (strcmp(r.text, want) != 0) {
        print_error("want: %s\ngot:  %s\n", want, r.text);
        fail();
    }
    free(r.text);
}

/* The kernel's name in the launch is cut: a chain of 8000 launches in one
 * expression gives output linear in its size (issue 20 saw 416 MB). */
static void test_output_linear(void **state)
{
    (void)state;
    enum { N = 8000 };
    static const char piece[] = ".k<<<1,1>>>()";
    size_t len = 1 + N * (sizeof piece - 1) + 2;
    char *src = malloc(len + 1);
    assert_non_null(src);
    size_t k = 0;
    src[k++] = 'a';
    for (int i = 0; i < N; i++, k += sizeof piece - 1)
        memcpy(src + k, piece, sizeof piece - 1);
    memcpy(src + k, ";\n", 3);
    cc_rewrite_result r;
    assert_true(cc_rewrite(src, strlen(src), "t.cu", &r));
    assert_int_equal(r.launches, N);
    /* per launch: the piece (13 bytes), ~70 of rewriting, a name of at most 160 */
    assert_true(r.len < (size_t)N * (13 + 70 + 160));
    free(r.text);
    free(src);
}

static void test_empty_and_path(void **state)
{
    (void)state;
    cc_rewrite_result r;
    assert_true(cc_rewrite("", 0, "dir/\"q\".cu", &r));
    assert_string_equal(r.text, "#line 1 \"dir/\\\"q\\\".cu\"\n");
    free(r.text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_launch),  cmocka_unit_test(test_expressions_in_brackets),
        cmocka_unit_test(test_kernel_names),   cmocka_unit_test(test_not_launches),
        cmocka_unit_test(test_strings_and_comments), cmocka_unit_test(test_lines_kept),
        cmocka_unit_test(test_macros),         cmocka_unit_test(test_extern_shared),
        cmocka_unit_test(test_static_shared),  cmocka_unit_test(test_launch_api_and_noinline),
        cmocka_unit_test(test_errors),         cmocka_unit_test(test_includes),
        cmocka_unit_test(test_empty_and_path), cmocka_unit_test(test_preprocessed),
        cmocka_unit_test(test_output_linear),
        cmocka_unit_test(test_unterminated_literal_ends_at_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
