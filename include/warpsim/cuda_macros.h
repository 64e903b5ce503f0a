/* warpsim/cuda_macros.h: the two macros that `warpsim cc`'s rewritten code
 * uses, and nothing else.
 *
 * warpsim cc preprocesses a .cu file (with WS_CC_PREPROCESSING_ defined, so
 * `__shared__` survives as a word for the rewriter), rewrites that output,
 * and compiles the result with only this header included first: the
 * declarations are all in the preprocessed text already, the macros are not.
 * warpsim/cuda.h and warpsim/cuda_runtime.h include it too. */
#ifndef WARPSIM_CUDA_MACROS_H
#define WARPSIM_CUDA_MACROS_H

#ifndef WS_CC_PREPROCESSING_
/* Per block: the rewriter makes a function's __shared__ variables the
 * running block's (ws_cuda_shared_); these are the ones it leaves (at
 * namespace scope), one per OS thread. */
#ifdef __cplusplus
#define __shared__ static thread_local
#else
#define __shared__ static _Thread_local
#endif
#endif

/* A launch's kernel, called by name as CUDA resolves a launch: a generic
 * lambda, so overloads, deduced template arguments, default arguments and
 * conversions work as in a call (cuda_runtime.h's ws_cudart_launch_). */
#define WS_CUDART_KERNEL_(...) \
    [&](auto &...ws_a_) -> decltype(__VA_ARGS__(ws_a_...)) { __VA_ARGS__(ws_a_...); }

#endif
