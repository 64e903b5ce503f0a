/* Finding the CUDA device through the runtime's C API. No device (or no
 * driver) is not an error of the cross-check: main reports a skip (77). */
#include <stdio.h>

#include <cuda_runtime_api.h>

#include "xcheck.h"

static void version_text(int v, char *buf, size_t size) { snprintf(buf, size, "%d.%d", v / 1000, (v % 1000) / 10); }

bool xc_device_open(char *desc, size_t desc_size, char *why, size_t why_size)
{
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        int driver = 0;
        /* No driver at all reads as "insufficient driver" from the runtime. */
        if (cudaDriverGetVersion(&driver) == cudaSuccess && driver == 0)
            snprintf(why, why_size, "no NVIDIA driver is installed (cudaGetDeviceCount: %s)", cudaGetErrorString(e));
        else
            snprintf(why, why_size, "cudaGetDeviceCount: %s", cudaGetErrorString(e));
        return false;
    }
    if (count == 0) {
        snprintf(why, why_size, "cudaGetDeviceCount found none");
        return false;
    }
    struct cudaDeviceProp prop;
    e = cudaGetDeviceProperties(&prop, 0);
    if (e == cudaSuccess)
        e = cudaSetDevice(0);
    if (e == cudaSuccess)
        e = cudaFree(NULL);   /* creates the context now, so its failure is reported here */
    if (e != cudaSuccess) {
        snprintf(why, why_size, "device 0: %s", cudaGetErrorString(e));
        return false;
    }
    int driver = 0, runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    char dv[16], rv[16];
    version_text(driver, dv, sizeof dv);
    version_text(runtime, rv, sizeof rv);
    snprintf(desc, desc_size, "%s (sm_%d%d, %d SMs, %.1f GiB), CUDA driver API %s, runtime %s; %d device%s",
             prop.name, prop.major, prop.minor, prop.multiProcessorCount,
             (double)prop.totalGlobalMem / (1024.0 * 1024.0 * 1024.0), dv, rv, count, count == 1 ? "" : "s");
    return true;
}

const char *xc_device_recover(void)
{
    cudaError_t e = cudaDeviceReset();
    cudaGetLastError();
    if (e == cudaSuccess)
        e = cudaFree(NULL);
    return e == cudaSuccess ? NULL : cudaGetErrorString(e);
}
