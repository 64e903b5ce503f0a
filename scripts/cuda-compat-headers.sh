#!/usr/bin/env bash
# Writes include/warpsim/cuda_compat/: one file for every header of the CUDA
# toolkit (13.0's include/ folder) that a CUDA program may include, so that
# on a machine with a toolkit installed none of NVIDIA's headers is found
# (warpsim cc puts this folder first on the system include path).
#   - FRONT_END headers resolve to warpsim's front end (warpsim/cuda_runtime.h);
#   - every other name fails at the #include with warpsim's one line
#     "not supported", naming the library.
# Headers written by hand (vector_types.h, cooperative_groups.h, ...) are in
# HAND and left alone. Re-run after changing the tables; commit the result.
#   usage: scripts/cuda-compat-headers.sh [--list]
set -eu
dir=$(cd "$(dirname "$0")/.." && pwd)/include/warpsim/cuda_compat
HAND="vector_types.h vector_functions.h builtin_types.h driver_types.h math_constants.h cooperative_groups.h
cooperative_groups/reduce.h cooperative_groups/scan.h cooperative_groups/memcpy_async.h cub/cub.cuh cub/warp/warp_reduce.cuh cub/warp/warp_scan.cuh
cub/block/block_reduce.cuh cub/block/block_scan.cuh cuda/std/functional cuda/functional
cub/block/block_radix_sort.cuh cub/block/block_radix_rank.cuh cub/block/radix_rank_sort_operations.cuh
cub/block/block_merge_sort.cuh cub/warp/warp_merge_sort.cuh cub/thread/thread_sort.cuh cub/thread/thread_search.cuh
cub/device/device_reduce.cuh cub/device/device_scan.cuh cub/device/device_radix_sort.cuh
cub/device/device_segmented_reduce.cuh cub/device/device_select.cuh cub/device/device_histogram.cuh
cub/device/dispatch/device_model.cuh cub/iterator/arg_index_input_iterator.cuh cub/util_device_types.cuh
cub/block/block_load.cuh cub/block/block_store.cuh cub/block/block_exchange.cuh cub/block/block_discontinuity.cuh
cub/block/block_adjacent_difference.cuh cub/block/block_histogram.cuh cub/warp/warp_load.cuh cub/warp/warp_store.cuh
cub/warp/warp_exchange.cuh cuda/std/cstdint cuda/std/limits cuda/std/type_traits cuda/std/utility cuda/std/array
cub/device/device_merge_sort.cuh cub/device/device_partition.cuh cub/device/device_run_length_encode.cuh
cub/device/device_segmented_radix_sort.cuh cub/device/device_segmented_sort.cuh cub/util_allocator.cuh cub/util_debug.cuh
cub/version.cuh cub/config.cuh cub/util_type.cuh cub/util_ptx.cuh cub/util_macro.cuh cub/util_arch.cuh cub/util_namespace.cuh
cub/util_cpp_dialect.cuh cub/thread/thread_operators.cuh cub/thread/thread_reduce.cuh cub/thread/thread_scan.cuh
cub/block/block_raking_layout.cuh cub/device/device_for.cuh cub/device/device_transform.cuh cuda/std/tuple
cub/device/device_adjacent_difference.cuh cub/device/device_merge.cuh"
FRONT_END="cuda_runtime.h cuda_runtime_api.h device_launch_parameters.h device_functions.h host_defines.h
device_types.h driver_functions.h device_atomic_functions.h device_double_functions.h math_functions.h
common_functions.h host_config.h cuda_device_runtime_api.h sm_20_atomic_functions.h sm_20_intrinsics.h
sm_30_intrinsics.h sm_32_atomic_functions.h sm_32_intrinsics.h sm_35_atomic_functions.h sm_35_intrinsics.h
sm_60_atomic_functions.h sm_61_intrinsics.h crt/host_defines.h crt/device_functions.h crt/math_functions.h
crt/common_functions.h crt/host_config.h cuda_profiler_api.h"
# name: what it is (the library a user would look for)
UNSUPPORTED="
cuda.h|the CUDA driver API (cuInit, cuLaunchKernel, CUdeviceptr...)
cudaTypedefs.h|the CUDA driver API
cudaProfiler.h|the CUDA driver API's profiler control
cudaProfilerTypedefs.h|the CUDA driver API
cudaEGL.h|EGL interoperability
cudaEGLTypedefs.h|EGL interoperability
cuda_egl_interop.h|EGL interoperability
cudaGL.h|OpenGL interoperability
cudaGLTypedefs.h|OpenGL interoperability
cuda_gl_interop.h|OpenGL interoperability
cudaVDPAU.h|VDPAU interoperability
cudaVDPAUTypedefs.h|VDPAU interoperability
cuda_vdpau_interop.h|VDPAU interoperability
cuda_awbarrier.h|asynchronous barriers (cuda::barrier)
cuda_awbarrier_helpers.h|asynchronous barriers
cuda_awbarrier_primitives.h|asynchronous barriers
cuda_pipeline.h|asynchronous copies (memcpy_async, pipelines)
cuda_pipeline_helpers.h|asynchronous copies
cuda_pipeline_primitives.h|asynchronous copies
cuda_bf16.h|bfloat16 (__nv_bfloat16)
cuda_bf16.hpp|bfloat16 (__nv_bfloat16)
cuda_fp16.h|half precision (__half)
cuda_fp16.hpp|half precision (__half)
cuda_fp4.h|4-bit floats
cuda_fp4.hpp|4-bit floats
cuda_fp6.h|6-bit floats
cuda_fp6.hpp|6-bit floats
cuda_fp8.h|8-bit floats
cuda_fp8.hpp|8-bit floats
cuda_occupancy.h|the occupancy calculator header
cuda_stdint.h|the toolkit's stdint
cudart_platform.h|the runtime's platform header
cuComplex.h|cuComplex
library_types.h|the math libraries' data types
channel_descriptor.h|textures and surfaces
texture_types.h|textures
texture_indirect_functions.h|textures
surface_types.h|surfaces
surface_indirect_functions.h|surfaces
mma.h|warp matrix multiply (wmma, tensor cores)
cublas.h|cuBLAS
cublasLt.h|cuBLAS
cublasXt.h|cuBLAS
cublas_api.h|cuBLAS
cublas_v2.h|cuBLAS
nvblas.h|cuBLAS
cufft.h|cuFFT
cufftXt.h|cuFFT
cufftw.h|cuFFT
curand.h|cuRAND
curand_kernel.h|cuRAND
curand_discrete.h|cuRAND
curand_discrete2.h|cuRAND
curand_globals.h|cuRAND
curand_lognormal.h|cuRAND
curand_mrg32k3a.h|cuRAND
curand_mtgp32.h|cuRAND
curand_mtgp32_host.h|cuRAND
curand_mtgp32_kernel.h|cuRAND
curand_mtgp32dc_p_11213.h|cuRAND
curand_normal.h|cuRAND
curand_normal_static.h|cuRAND
curand_philox4x32_x.h|cuRAND
curand_poisson.h|cuRAND
curand_precalc.h|cuRAND
curand_uniform.h|cuRAND
cusolverDn.h|cuSOLVER
cusolverMg.h|cuSOLVER
cusolverRf.h|cuSOLVER
cusolverSp.h|cuSOLVER
cusolver_common.h|cuSOLVER
cusparse.h|cuSPARSE
cusparse_v2.h|cuSPARSE
cudalibxt.h|the math libraries' multi-GPU interface
cudnn.h|cuDNN
nccl.h|NCCL
nvrtc.h|NVRTC (run-time compilation)
nvJitLink.h|nvJitLink
nvvm.h|NVVM
cupti.h|CUPTI
nvtx3/nvToolsExt.h|NVTX
nvToolsExt.h|NVTX
fatbinary_section.h|fat binaries
cuda/atomic|libcu++ (cuda::atomic)
cuda/barrier|libcu++ (cuda::barrier)
cuda/pipeline|libcu++ (cuda::pipeline)
cuda/memory_resource|libcu++
cuda/std/atomic|libcu++ (cuda::std)
cuda/std/complex|libcu++ (cuda::std)
thrust/device_vector.h|Thrust
thrust/host_vector.h|Thrust
thrust/reduce.h|Thrust
thrust/sort.h|Thrust
thrust/scan.h|Thrust
thrust/transform.h|Thrust
thrust/copy.h|Thrust
thrust/fill.h|Thrust
thrust/sequence.h|Thrust
thrust/functional.h|Thrust
thrust/execution_policy.h|Thrust
cub/util_device.cuh|this part of CUB
cub/util_math.cuh|this part of CUB
cub/util_policy_wrapper_t.cuh|this part of CUB
cub/util_temporary_storage.cuh|this part of CUB
cub/util_vsmem.cuh|this part of CUB
cub/block/block_run_length_decode.cuh|this part of CUB
cub/block/block_shuffle.cuh|this part of CUB
cub/device/device_copy.cuh|this part of CUB
cub/device/device_memcpy.cuh|this part of CUB
cub/thread/thread_load.cuh|this part of CUB
cub/thread/thread_store.cuh|this part of CUB
cub/iterator/cache_modified_input_iterator.cuh|this part of CUB
cub/iterator/cache_modified_output_iterator.cuh|this part of CUB
cub/iterator/tex_obj_input_iterator.cuh|this part of CUB
cub/grid/grid_even_share.cuh|this part of CUB
cub/grid/grid_mapping.cuh|this part of CUB
cub/grid/grid_queue.cuh|this part of CUB
cub/agent/agent_adjacent_difference.cuh|CUB's internal agents
cub/agent/agent_batch_memcpy.cuh|CUB's internal agents
cub/agent/agent_for.cuh|CUB's internal agents
cub/agent/agent_histogram.cuh|CUB's internal agents
cub/agent/agent_merge.cuh|CUB's internal agents
cub/agent/agent_merge_sort.cuh|CUB's internal agents
cub/agent/agent_radix_sort_downsweep.cuh|CUB's internal agents
cub/agent/agent_radix_sort_histogram.cuh|CUB's internal agents
cub/agent/agent_radix_sort_onesweep.cuh|CUB's internal agents
cub/agent/agent_radix_sort_upsweep.cuh|CUB's internal agents
cub/agent/agent_reduce.cuh|CUB's internal agents
cub/agent/agent_reduce_by_key.cuh|CUB's internal agents
cub/agent/agent_rle.cuh|CUB's internal agents
cub/agent/agent_scan.cuh|CUB's internal agents
cub/agent/agent_scan_by_key.cuh|CUB's internal agents
cub/agent/agent_segmented_radix_sort.cuh|CUB's internal agents
cub/agent/agent_select_if.cuh|CUB's internal agents
cub/agent/agent_sub_warp_merge_sort.cuh|CUB's internal agents
cub/agent/agent_three_way_partition.cuh|CUB's internal agents
cub/agent/agent_unique_by_key.cuh|CUB's internal agents
cub/agent/single_pass_scan_operators.cuh|CUB's internal agents
cuda/std/barrier|libcu++ (cuda::std)
cuda/std/bit|libcu++ (cuda::std)
cuda/std/bitset|libcu++ (cuda::std)
cuda/std/cassert|libcu++ (cuda::std)
cuda/std/ccomplex|libcu++ (cuda::std)
cuda/std/cfloat|libcu++ (cuda::std)
cuda/std/chrono|libcu++ (cuda::std)
cuda/std/climits|libcu++ (cuda::std)
cuda/std/cmath|libcu++ (cuda::std)
cuda/std/concepts|libcu++ (cuda::std)
cuda/std/cstddef|libcu++ (cuda::std)
cuda/std/cstdlib|libcu++ (cuda::std)
cuda/std/cstring|libcu++ (cuda::std)
cuda/std/ctime|libcu++ (cuda::std)
cuda/std/expected|libcu++ (cuda::std)
cuda/std/initializer_list|libcu++ (cuda::std)
cuda/std/inplace_vector|libcu++ (cuda::std)
cuda/std/iterator|libcu++ (cuda::std)
cuda/std/latch|libcu++ (cuda::std)
cuda/std/linalg|libcu++ (cuda::std)
cuda/std/mdspan|libcu++ (cuda::std)
cuda/std/memory|libcu++ (cuda::std)
cuda/std/numbers|libcu++ (cuda::std)
cuda/std/numeric|libcu++ (cuda::std)
cuda/std/optional|libcu++ (cuda::std)
cuda/std/ranges|libcu++ (cuda::std)
cuda/std/ratio|libcu++ (cuda::std)
cuda/std/semaphore|libcu++ (cuda::std)
cuda/std/source_location|libcu++ (cuda::std)
cuda/std/span|libcu++ (cuda::std)
cuda/std/variant|libcu++ (cuda::std)
cuda/std/version|libcu++ (cuda::std)
cuda/annotated_ptr|libcu++
cuda/bit|libcu++
cuda/cmath|libcu++
cuda/discard_memory|libcu++
cuda/latch|libcu++
cuda/mdspan|libcu++
cuda/numeric|libcu++
cuda/ptx|libcu++
cuda/semaphore|libcu++
cuda/stream_ref|libcu++
cuda/type_traits|libcu++
cuda/version|libcu++
cuda/warp|libcu++
cuda/work_stealing|libcu++
thrust/addressof.h|Thrust
thrust/adjacent_difference.h|Thrust
thrust/advance.h|Thrust
thrust/allocate_unique.h|Thrust
thrust/binary_search.h|Thrust
thrust/complex.h|Thrust
thrust/count.h|Thrust
thrust/device_allocator.h|Thrust
thrust/device_delete.h|Thrust
thrust/device_free.h|Thrust
thrust/device_make_unique.h|Thrust
thrust/device_malloc.h|Thrust
thrust/device_malloc_allocator.h|Thrust
thrust/device_new.h|Thrust
thrust/device_new_allocator.h|Thrust
thrust/device_ptr.h|Thrust
thrust/device_reference.h|Thrust
thrust/distance.h|Thrust
thrust/equal.h|Thrust
thrust/extrema.h|Thrust
thrust/find.h|Thrust
thrust/for_each.h|Thrust
thrust/gather.h|Thrust
thrust/generate.h|Thrust
thrust/inner_product.h|Thrust
thrust/logical.h|Thrust
thrust/memory.h|Thrust
thrust/merge.h|Thrust
thrust/mismatch.h|Thrust
thrust/pair.h|Thrust
thrust/partition.h|Thrust
thrust/per_device_resource.h|Thrust
thrust/random.h|Thrust
thrust/remove.h|Thrust
thrust/replace.h|Thrust
thrust/reverse.h|Thrust
thrust/scatter.h|Thrust
thrust/set_operations.h|Thrust
thrust/shuffle.h|Thrust
thrust/swap.h|Thrust
thrust/system_error.h|Thrust
thrust/tabulate.h|Thrust
thrust/transform_reduce.h|Thrust
thrust/transform_scan.h|Thrust
thrust/tuple.h|Thrust
thrust/uninitialized_copy.h|Thrust
thrust/uninitialized_fill.h|Thrust
thrust/unique.h|Thrust
thrust/universal_allocator.h|Thrust
thrust/universal_ptr.h|Thrust
thrust/universal_vector.h|Thrust
thrust/version.h|Thrust
thrust/zip_function.h|Thrust
"
if [ "${1:-}" = --list ]; then # one "NAME kind" line per header (kind: front-end, hand, unsupported)
  for h in $FRONT_END; do echo "$h front-end"; done
  for h in $HAND; do echo "$h hand"; done
  printf '%s\n' "$UNSUPPORTED" | while IFS='|' read -r h what; do [ -n "$h" ] && echo "$h unsupported"; done
  exit 0
fi
for h in $FRONT_END; do
  mkdir -p "$dir/$(dirname "$h")"
  printf '/* %s for `warpsim cc`: a header of the CUDA toolkit, here so that the toolkit'"'"'s own is\n * never found: it resolves to warpsim'"'"'s front end (scripts/cuda-compat-headers.sh writes it). */\n#include <warpsim/cuda_runtime.h>\n' "$h" > "$dir/$h"
done
printf '%s\n' "$UNSUPPORTED" | while IFS='|' read -r h what; do
  [ -n "$h" ] || continue
  mkdir -p "$dir/$(dirname "$h")"
  printf '/* %s for `warpsim cc`: %s, not supported by warpsim'"'"'s CUDA front end\n * (docs/cuda-frontend.md, "Not supported"); here so that the #include fails with that message, not\n * with "no such file" or the toolkit'"'"'s own header (scripts/cuda-compat-headers.sh writes it). */\n#error "warpsim cc: <%s>: %s: not supported by the CUDA front end (docs/cuda-frontend.md)"\n' "$h" "$what" "$h" "$what" > "$dir/$h"
done
for h in $HAND; do [ -f "$dir/$h" ] || echo "missing hand-written header: $h" >&2; done
