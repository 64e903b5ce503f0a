# ctest script (install_consumer): the installed package works for another
# program, the ways the README says, in a clean environment (env -i: no
# LD_LIBRARY_PATH, nothing but HOME and PATH).
#  1. The README's block marked <!-- doc-test: run-by install_consumer -->
#     runs verbatim (tests/docs/run_block.sh), with HOME a scratch folder, the
#     build under test as ./build and the README's C example as ./app.c: it
#     installs, then builds and runs app.c with pkg-config, static and shared.
#  2. tests/consumer, a separate CMake project, finds that install with
#     find_package (shared and static targets) and pkg_check_modules, and its
#     programs run.
# "cc" is this build's compiler with its sanitizer flags (CONSUMER_FLAGS): a
# sanitized library only links into a sanitized program.
set(scratch "${BUILD_DIR}/install-check")
set(home "${scratch}/home")
set(prefix "${home}/.local/warpsim")
file(REMOVE_RECURSE "${scratch}")
file(MAKE_DIRECTORY "${home}" "${scratch}/work" "${scratch}/bin")
file(CREATE_LINK "${BUILD_DIR}" "${scratch}/work/build" SYMBOLIC)
file(WRITE "${scratch}/bin/cc" "#!/bin/sh\nexec '${C_COMPILER}' ${CONSUMER_FLAGS} \"$@\"\n")
file(CHMOD "${scratch}/bin/cc" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE)
get_filename_component(cmake_dir "${CMAKE_COMMAND}" DIRECTORY)
set(clean_env env -i "HOME=${home}" "PATH=${scratch}/bin:${cmake_dir}:/usr/local/bin:/usr/bin:/bin")

execute_process(COMMAND ${clean_env} bash "${SOURCE_DIR}/tests/docs/run_block.sh"
                        "${SOURCE_DIR}/README.md" install_consumer "${scratch}/work"
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "the README's install and link commands failed (exit ${rc})")
endif()

set(consumer_build "${scratch}/consumer")
execute_process(COMMAND ${clean_env} "PKG_CONFIG_PATH=${prefix}/lib/pkgconfig"
                        "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/consumer" -B "${consumer_build}"
                        "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DCMAKE_PREFIX_PATH=${prefix}"
                        "-DCMAKE_C_FLAGS=${CONSUMER_FLAGS}"
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "configuring the consumer failed: ${rc}")
endif()
execute_process(COMMAND ${clean_env} "${CMAKE_COMMAND}" --build "${consumer_build}" RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "building the consumer failed: ${rc}")
endif()
foreach(exe consumer_cmake consumer_cmake_static consumer_pkgconfig)
  execute_process(COMMAND ${clean_env} "${consumer_build}/${exe}" RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "${exe} failed: ${rc}")
  endif()
endforeach()
