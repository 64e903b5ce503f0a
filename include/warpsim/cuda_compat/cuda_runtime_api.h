/* cuda_runtime_api.h for `warpsim cc`: the CUDA headers of a .cu file resolve here (warpsim cc
 * puts this folder on the include path), to warpsim's front end. */
#include <warpsim/cuda_runtime.h>
