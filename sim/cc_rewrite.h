/* sim/cc_rewrite.h: the source rewriter of `warpsim cc`.
 *
 * A pure function from the text of a .cu file to C++17 that the front end
 * (include/warpsim/cuda.h, include/warpsim/cuda_runtime.h) compiles:
 *
 *   - every kernel launch NAME<<<CFG>>>(ARGS) becomes
 *       ws_cudart_launch_("NAME", WS_CUDART_KERNEL_(NAME), ws_cudart_cfg_(CFG), ARGS)
 *     for any kernel expression NAME (qualified names, template arguments
 *     k<T, 8>, function pointers, parenthesised expressions) and any
 *     configuration (grid, block[, shared bytes[, stream]]), inside macro
 *     definitions too; the C++ compiler parses CFG and ARGS, so they may
 *     hold any expression. WS_CUDART_KERNEL_(NAME) is a generic lambda
 *     that calls NAME(args) (cuda_runtime.h), so overloaded kernels,
 *     template arguments deduced from the arguments and default arguments
 *     work as in a call; an argument that is just `0` becomes
 *     ws_cudart_zero_ (an int 0, or a null pointer where the kernel's
 *     parameter is a pointer), one that is `NULL` or `__null`
 *     ws_cudart_null_ (a long, or a null pointer); a launch with an argument
 *     in braces ({1, 2}) is ws_cudart_launch_typed_("NAME", &(NAME), ...),
 *     which converts each argument to the kernel's parameter type; the
 *     "NAME" string is cut at 160 bytes, so the output stays linear;
 *   - `extern __shared__ [__align__(n)] T name[];` becomes a pointer to the
 *     running block's dynamic shared memory (ws_cuda_dynamic_shared_()): a
 *     `T *const` in a function, a proxy object that converts to T * (and,
 *     by a cast, to any pointer) at namespace scope;
 *   - #include directives can be redirected (cc_rewrite_includes), so the
 *     user's headers that launch kernels are rewritten too;
 *   - strings, character literals (and digit separators), raw strings and
 *     comments are skipped, so `<<<` in them is left alone.
 *
 * Every line keeps its number (the rewritten pieces stay on their lines),
 * and the text starts with `#line 1 "path"`, so the compiler's messages name
 * the user's file and line. What cannot be rewritten is an error
 * "path:line: message", never a silently different program. */
#ifndef WARPSIM_CC_REWRITE_H
#define WARPSIM_CC_REWRITE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cc_rewrite_result {
    char *text;        /* malloc'd, NUL-terminated; NULL on failure */
    size_t len;
    int launches;      /* kernel launches rewritten */
    int shared_decls;  /* extern __shared__ declarations rewritten */
    char error[512];   /* "path:line: message" on failure */
} cc_rewrite_result;

/* Rewrites src[0..len) (path names it in #line and in errors). Returns
 * false with r->error set (and r->text NULL) on failure. Free r->text. */
bool cc_rewrite(const char *src, size_t len, const char *path, cc_rewrite_result *r);

/* Called for each `#include "name"` and `#include <name>` in the text (in
 * code, #if 0 regions included). Returns 1 with a
 * path in out (written into the directive in place of the name, quoted),
 * 0 to leave the directive alone, -1 on failure with the message in out
 * (it becomes the error, after "path:line: "). `warpsim cc` resolves the
 * user's headers, rewrites those that launch kernels, and names them by
 * absolute path, so launches in .cuh files are rewritten too. */
typedef int (*cc_include_fn)(void *user, const char *name, bool angled, char *out, size_t out_size);
bool cc_rewrite_includes(const char *src, size_t len, const char *path, cc_include_fn include, void *user,
                         cc_rewrite_result *r);

/* The same rewrite of the compiler's preprocessed output (`c++ -E`, with
 * `__shared__` left undefined): no #include or #define is left to see, the
 * line markers name the user's files and lines (in errors too), no #line is
 * added, and a `__shared__` outside functions is left for the compile of the
 * result, which includes warpsim/cuda_macros.h first. */
bool cc_rewrite_preprocessed(const char *src, size_t len, const char *path, cc_rewrite_result *r);

#endif
