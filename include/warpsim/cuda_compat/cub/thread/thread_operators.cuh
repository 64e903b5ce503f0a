/* cub/thread/thread_operators.cuh for `warpsim cc`: CUB 3.0's operators that users name,
 * cub::ArgMin and cub::ArgMax (with KeyValuePair, util_device_types.cuh); the arithmetic ones are
 * cuda::std::plus<> and cuda::minimum<>/cuda::maximum<> (<cuda/functional>). */
#include "../util_type.cuh"
#include <cuda/functional>
