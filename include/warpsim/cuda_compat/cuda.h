/* cuda.h for `warpsim cc`: the CUDA driver API (cuInit, cuLaunchKernel, CUdeviceptr...), not supported by warpsim's CUDA front end
 * (docs/cuda-frontend.md, "Not supported"). warpsim cc puts this folder on the include path, so
 * the #include fails here with that message rather than with "no such file". */
#error "warpsim cc: <cuda.h>: the CUDA driver API (cuInit, cuLaunchKernel, CUdeviceptr...): not supported by the CUDA front end (docs/cuda-frontend.md)"
