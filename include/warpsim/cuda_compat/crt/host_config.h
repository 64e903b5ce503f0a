/* crt/host_config.h for `warpsim cc`: a header of the CUDA toolkit, here so that the toolkit's own is
 * never found: it resolves to warpsim's front end (scripts/cuda-compat-headers.sh writes it). */
#include <warpsim/cuda_runtime.h>
