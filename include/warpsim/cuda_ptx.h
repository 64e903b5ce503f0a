/* warpsim/cuda_ptx.h: the inline PTX statements that `warpsim cc` translates
 * (sim/cc_rewrite.c), each through the model. Included by warpsim/cuda.h
 * (C++ only). */
#ifndef WARPSIM_CUDA_PTX_H
#define WARPSIM_CUDA_PTX_H
#endif
