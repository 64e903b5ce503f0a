/* cooperative_groups/scan.h for `warpsim cc`: Cooperative Groups, not supported by warpsim's CUDA front end
 * (docs/cuda-frontend.md, "Not supported"). warpsim cc puts this folder on the include path, so
 * the #include fails here with that message rather than with "no such file". */
#error "warpsim cc: <cooperative_groups/scan.h>: Cooperative Groups: not supported by the CUDA front end (docs/cuda-frontend.md)"
