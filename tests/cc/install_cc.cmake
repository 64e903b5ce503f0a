# ctest script: the CUDA front end from an INSTALLED warpsim, in a clean
# environment (env -i: PATH=/usr/bin:/bin and CMake's folder, a scratch
# HOME), the way a user's machine or a CPU-only CI job has it.
#
#   MODE=cc        cmake --install to a scratch prefix, then the installed
#                  bin/warpsim cc builds docs/examples/cuda-project/reduce.cu
#                  (copied elsewhere) and the program runs: warpsim cc finds
#                  the headers and libwarpsim_cuda.a of the prefix relative
#                  to its own location (-v shows the -I).
#   MODE=examples  cmake --install, then docs/examples/cuda-project is
#                  configured against the prefix (CMAKE_PREFIX_PATH: its
#                  find_package, warpsim_add_cuda_executable and
#                  warpsim_add_cuda_library), built, and its ctest run. With
#                  NVCC set, the same project is configured again with
#                  -DWARPSIM_CUDA_USE_NVCC=ON and built by nvcc (not run:
#                  it needs a GPU).
#
# -D BUILD_DIR SOURCE_DIR MODE CXX_COMPILER CONSUMER_FLAGS NVCC. A library
# built with sanitizers only links into a program built with them:
# CONSUMER_FLAGS are this build's.
foreach(v BUILD_DIR SOURCE_DIR MODE)
  if(NOT ${v})
    message(FATAL_ERROR "install_cc.cmake: -D${v}= is needed")
  endif()
endforeach()
set(scratch "${BUILD_DIR}/install-cc/${MODE}")
set(prefix "${scratch}/prefix")
file(REMOVE_RECURSE "${scratch}")
file(MAKE_DIRECTORY "${scratch}/home" "${scratch}/work")
get_filename_component(cmake_dir "${CMAKE_COMMAND}" DIRECTORY)
set(clean_env env -i "HOME=${scratch}/home" "PATH=${cmake_dir}:/usr/bin:/bin")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")
file(REAL_PATH "${prefix}" prefix)
set(example "${SOURCE_DIR}/docs/examples/cuda-project")

if(MODE STREQUAL "cc")
  file(COPY "${example}/reduce.cu" DESTINATION "${scratch}/work")
  execute_process(COMMAND ${clean_env} "${prefix}/bin/warpsim" cc -v reduce.cu -o reduce
                  WORKING_DIRECTORY "${scratch}/work" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc)
    message(FATAL_ERROR "the installed warpsim cc failed (${rc}):\n${out}")
  endif()
  if(NOT out MATCHES "-I${prefix}/include[ \n]" OR NOT out MATCHES "${prefix}/lib[^ ]*/libwarpsim_cuda.a")
    message(FATAL_ERROR "the installed warpsim cc did not use the prefix's headers and library:\n${out}")
  endif()
  execute_process(COMMAND ${clean_env} ./reduce WORKING_DIRECTORY "${scratch}/work"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc OR NOT out MATCHES "total: int -2360 \\(expected -2360\\)" OR NOT err STREQUAL "")
    message(FATAL_ERROR "reduce built by the installed warpsim cc: exit ${rc}\n${out}\n${err}")
  endif()
  message(STATUS "the installed warpsim cc (${prefix}/bin) built and ran reduce.cu:\n${out}")
elseif(MODE STREQUAL "examples")
  set(cpu "${scratch}/cpu")
  run("configuring docs/examples/cuda-project against the installed package"
      ${clean_env} "${CMAKE_COMMAND}" -S "${example}" -B "${cpu}" "-DCMAKE_PREFIX_PATH=${prefix}"
      "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_CXX_FLAGS=${CONSUMER_FLAGS}"
      "-DCMAKE_EXE_LINKER_FLAGS=${CONSUMER_FLAGS}")
  run("building the example" ${clean_env} "${CMAKE_COMMAND}" --build "${cpu}")
  if(NOT last_output MATCHES "warpsim cc --rewrite-only reduce.cu")
    message(FATAL_ERROR "the example's .cu files did not go through warpsim cc --rewrite-only:\n${last_output}")
  endif()
  get_filename_component(ctest_dir "${CMAKE_COMMAND}" DIRECTORY)
  run("the example's tests" ${clean_env} "${ctest_dir}/ctest" --test-dir "${cpu}" --output-on-failure)
  # 3 tests, and reduce_checked where the example is not built with AddressSanitizer
  if(NOT last_output MATCHES "100% tests passed, 0 tests failed out of [34]")
    message(FATAL_ERROR "the example's ctest:\n${last_output}")
  endif()
  message(STATUS "docs/examples/cuda-project against the installed package: ${last_output}")
  if(NVCC)
    set(gpu "${scratch}/nvcc")
    run("configuring the example with -DWARPSIM_CUDA_USE_NVCC=ON"
        ${clean_env} "${CMAKE_COMMAND}" -S "${example}" -B "${gpu}" "-DCMAKE_PREFIX_PATH=${prefix}"
        -DWARPSIM_CUDA_USE_NVCC=ON "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}")
    run("building the example with nvcc" ${clean_env} "${CMAKE_COMMAND}" --build "${gpu}")
    if(last_output MATCHES "rewrite-only" OR NOT EXISTS "${gpu}/reduce" OR NOT EXISTS "${gpu}/histogram_test")
      message(FATAL_ERROR "the nvcc build of the example:\n${last_output}")
    endif()
    message(STATUS "the same project built by nvcc (${NVCC}): not run, it needs a GPU")
  endif()
else()
  message(FATAL_ERROR "install_cc.cmake: MODE is cc or examples")
endif()
