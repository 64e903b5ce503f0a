/* curand.h for `warpsim cc`: cuRAND, not supported by warpsim's CUDA front end
 * (docs/cuda-frontend.md, "Not supported"). warpsim cc puts this folder on the include path, so
 * the #include fails here with that message rather than with "no such file". */
#error "warpsim cc: <curand.h>: cuRAND: not supported by the CUDA front end (docs/cuda-frontend.md)"
