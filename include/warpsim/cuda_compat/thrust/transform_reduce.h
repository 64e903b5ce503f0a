/* thrust/transform_reduce.h for `warpsim cc`: Thrust, not supported by warpsim's CUDA front end
 * (docs/cuda-frontend.md, "Not supported"); here so that the #include fails with that message, not
 * with "no such file" or the toolkit's own header (scripts/cuda-compat-headers.sh writes it). */
#error "warpsim cc: <thrust/transform_reduce.h>: Thrust: not supported by the CUDA front end (docs/cuda-frontend.md)"
