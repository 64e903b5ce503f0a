/* cuda_bf16.h for `warpsim cc`: bfloat16 (__nv_bfloat16), not supported by warpsim's CUDA front end
 * (docs/cuda-frontend.md, "Not supported"). warpsim cc puts this folder on the include path, so
 * the #include fails here with that message rather than with "no such file". */
#error "warpsim cc: <cuda_bf16.h>: bfloat16 (__nv_bfloat16): not supported by the CUDA front end (docs/cuda-frontend.md)"
