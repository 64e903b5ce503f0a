/* warpsim/cudart_device.h: the modelled device, an NVIDIA H200, as the CUDA
 * runtime describes it (part of warpsim/cuda_runtime.h; C++ only).
 *
 * Every cudaDeviceProp field and every cudaDeviceAttr has the value the
 * H200 gave (docs/probes/device_probe.cu, its output device_probe.h200.txt,
 * 2026-12-02, driver 580.159.04), so programs that size their grids from
 * multiProcessorCount or occupancy launch the H200's grids. Three choices:
 *   - name: "warpsim model of an NVIDIA H200 (no GPU)", so that nobody
 *     mistakes it for a GPU;
 *   - totalGlobalMem (and cudaMemGetInfo's total): the H200's 150,109,880,320
 *     bytes, or the host's physical memory where that is smaller ("device"
 *     memory is host memory);
 *   - uuid and luid are zero.
 * Occupancy is the H200's rule for kernels whose registers do not limit it
 * (measured: docs/probes/coop_probe.h200.txt): blocks per multiprocessor =
 * min(32, 2048 / threads rounded up to warps, 233,472 / (shared + 1,024)). */
#ifndef WARPSIM_CUDART_DEVICE_H
#define WARPSIM_CUDART_DEVICE_H

struct cudaUUID_st {
    char bytes[16];
};
typedef struct cudaUUID_st cudaUUID_t;

/* CUDA 13's fields, in its order; then the fields CUDA 12 had and 13 removed, for older code. */
struct cudaDeviceProp {
    char name[256];
    cudaUUID_t uuid;
    char luid[8];
    unsigned int luidDeviceNodeMask;
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    size_t texturePitchAlignment;
    int multiProcessorCount;
    int integrated;
    int canMapHostMemory;
    int maxTexture1D;
    int maxTexture1DMipmap;
    int maxTexture2D[2];
    int maxTexture2DMipmap[2];
    int maxTexture2DLinear[3];
    int maxTexture2DGather[2];
    int maxTexture3D[3];
    int maxTexture3DAlt[3];
    int maxTextureCubemap;
    int maxTexture1DLayered[2];
    int maxTexture2DLayered[3];
    int maxTextureCubemapLayered[2];
    int maxSurface1D;
    int maxSurface2D[2];
    int maxSurface3D[3];
    int maxSurface1DLayered[2];
    int maxSurface2DLayered[3];
    int maxSurfaceCubemap;
    int maxSurfaceCubemapLayered[2];
    size_t surfaceAlignment;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID;
    int pciDeviceID;
    int pciDomainID;
    int tccDriver;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryBusWidth;
    int l2CacheSize;
    int persistingL2CacheMaxSize;
    int maxThreadsPerMultiProcessor;
    int streamPrioritiesSupported;
    int globalL1CacheSupported;
    int localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int multiGpuBoardGroupID;
    int hostNativeAtomicSupported;
    int pageableMemoryAccess;
    int concurrentManagedAccess;
    int computePreemptionSupported;
    int canUseHostPointerForRegisteredMem;
    int cooperativeLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor;
    int accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported;
    int sparseCudaArraySupported;
    int hostRegisterReadOnlySupported;
    int timelineSemaphoreInteropSupported;
    int memoryPoolsSupported;
    int gpuDirectRDMASupported;
    unsigned int gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned int memoryPoolSupportedHandleTypes;
    int deferredMappingCudaArraySupported;
    int ipcEventSupported;
    int clusterLaunch;
    int unifiedFunctionPointers;
    int deviceNumaConfig;
    int deviceNumaId;
    int mpsEnabled;
    int hostNumaId;
    unsigned int gpuPciDeviceID;
    unsigned int gpuPciSubsystemID;
    int hostNumaMultinodeIpcSupported;
    int reserved[56];
    int clockRate, memoryClockRate, deviceOverlap, kernelExecTimeoutEnabled, computeMode; /* CUDA 12 */
};

enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1,
    cudaDevAttrMaxBlockDimX = 2,
    cudaDevAttrMaxBlockDimY = 3,
    cudaDevAttrMaxBlockDimZ = 4,
    cudaDevAttrMaxGridDimX = 5,
    cudaDevAttrMaxGridDimY = 6,
    cudaDevAttrMaxGridDimZ = 7,
    cudaDevAttrMaxSharedMemoryPerBlock = 8,
    cudaDevAttrTotalConstantMemory = 9,
    cudaDevAttrWarpSize = 10,
    cudaDevAttrMaxPitch = 11,
    cudaDevAttrMaxRegistersPerBlock = 12,
    cudaDevAttrClockRate = 13,
    cudaDevAttrTextureAlignment = 14,
    cudaDevAttrGpuOverlap = 15,
    cudaDevAttrMultiProcessorCount = 16,
    cudaDevAttrKernelExecTimeout = 17,
    cudaDevAttrIntegrated = 18,
    cudaDevAttrCanMapHostMemory = 19,
    cudaDevAttrComputeMode = 20,
    cudaDevAttrMaxTexture1DWidth = 21,
    cudaDevAttrMaxTexture2DWidth = 22,
    cudaDevAttrMaxTexture2DHeight = 23,
    cudaDevAttrMaxTexture3DWidth = 24,
    cudaDevAttrMaxTexture3DHeight = 25,
    cudaDevAttrMaxTexture3DDepth = 26,
    cudaDevAttrMaxTexture2DLayeredWidth = 27,
    cudaDevAttrMaxTexture2DLayeredHeight = 28,
    cudaDevAttrMaxTexture2DLayeredLayers = 29,
    cudaDevAttrSurfaceAlignment = 30,
    cudaDevAttrConcurrentKernels = 31,
    cudaDevAttrEccEnabled = 32,
    cudaDevAttrPciBusId = 33,
    cudaDevAttrPciDeviceId = 34,
    cudaDevAttrTccDriver = 35,
    cudaDevAttrMemoryClockRate = 36,
    cudaDevAttrGlobalMemoryBusWidth = 37,
    cudaDevAttrL2CacheSize = 38,
    cudaDevAttrMaxThreadsPerMultiProcessor = 39,
    cudaDevAttrAsyncEngineCount = 40,
    cudaDevAttrUnifiedAddressing = 41,
    cudaDevAttrMaxTexture1DLayeredWidth = 42,
    cudaDevAttrMaxTexture1DLayeredLayers = 43,
    cudaDevAttrMaxTexture2DGatherWidth = 45,
    cudaDevAttrMaxTexture2DGatherHeight = 46,
    cudaDevAttrMaxTexture3DWidthAlt = 47,
    cudaDevAttrMaxTexture3DHeightAlt = 48,
    cudaDevAttrMaxTexture3DDepthAlt = 49,
    cudaDevAttrPciDomainId = 50,
    cudaDevAttrTexturePitchAlignment = 51,
    cudaDevAttrMaxTextureCubemapWidth = 52,
    cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
    cudaDevAttrMaxTextureCubemapLayeredLayers = 54,
    cudaDevAttrMaxSurface1DWidth = 55,
    cudaDevAttrMaxSurface2DWidth = 56,
    cudaDevAttrMaxSurface2DHeight = 57,
    cudaDevAttrMaxSurface3DWidth = 58,
    cudaDevAttrMaxSurface3DHeight = 59,
    cudaDevAttrMaxSurface3DDepth = 60,
    cudaDevAttrMaxSurface1DLayeredWidth = 61,
    cudaDevAttrMaxSurface1DLayeredLayers = 62,
    cudaDevAttrMaxSurface2DLayeredWidth = 63,
    cudaDevAttrMaxSurface2DLayeredHeight = 64,
    cudaDevAttrMaxSurface2DLayeredLayers = 65,
    cudaDevAttrMaxSurfaceCubemapWidth = 66,
    cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
    cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68,
    cudaDevAttrMaxTexture1DLinearWidth = 69,
    cudaDevAttrMaxTexture2DLinearWidth = 70,
    cudaDevAttrMaxTexture2DLinearHeight = 71,
    cudaDevAttrMaxTexture2DLinearPitch = 72,
    cudaDevAttrMaxTexture2DMipmappedWidth = 73,
    cudaDevAttrMaxTexture2DMipmappedHeight = 74,
    cudaDevAttrComputeCapabilityMajor = 75,
    cudaDevAttrComputeCapabilityMinor = 76,
    cudaDevAttrMaxTexture1DMipmappedWidth = 77,
    cudaDevAttrStreamPrioritiesSupported = 78,
    cudaDevAttrGlobalL1CacheSupported = 79,
    cudaDevAttrLocalL1CacheSupported = 80,
    cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
    cudaDevAttrMaxRegistersPerMultiprocessor = 82,
    cudaDevAttrManagedMemory = 83,
    cudaDevAttrIsMultiGpuBoard = 84,
    cudaDevAttrMultiGpuBoardGroupID = 85,
    cudaDevAttrHostNativeAtomicSupported = 86,
    cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
    cudaDevAttrPageableMemoryAccess = 88,
    cudaDevAttrConcurrentManagedAccess = 89,
    cudaDevAttrComputePreemptionSupported = 90,
    cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
    cudaDevAttrReserved92 = 92,
    cudaDevAttrReserved93 = 93,
    cudaDevAttrReserved94 = 94,
    cudaDevAttrCooperativeLaunch = 95,
    cudaDevAttrReserved96 = 96,
    cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
    cudaDevAttrCanFlushRemoteWrites = 98,
    cudaDevAttrHostRegisterSupported = 99,
    cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
    cudaDevAttrDirectManagedMemAccessFromHost = 101,
    cudaDevAttrMaxBlocksPerMultiprocessor = 106,
    cudaDevAttrMaxPersistingL2CacheSize = 108,
    cudaDevAttrMaxAccessPolicyWindowSize = 109,
    cudaDevAttrReservedSharedMemoryPerBlock = 111,
    cudaDevAttrSparseCudaArraySupported = 112,
    cudaDevAttrHostRegisterReadOnlySupported = 113,
    cudaDevAttrTimelineSemaphoreInteropSupported = 114,
    cudaDevAttrMemoryPoolsSupported = 115,
    cudaDevAttrGPUDirectRDMASupported = 116,
    cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
    cudaDevAttrGPUDirectRDMAWritesOrdering = 118,
    cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
    cudaDevAttrClusterLaunch = 120,
    cudaDevAttrDeferredMappingCudaArraySupported = 121,
    cudaDevAttrReserved122 = 122,
    cudaDevAttrReserved123 = 123,
    cudaDevAttrReserved124 = 124,
    cudaDevAttrIpcEventSupport = 125,
    cudaDevAttrMemSyncDomainCount = 126,
    cudaDevAttrReserved127 = 127,
    cudaDevAttrReserved128 = 128,
    cudaDevAttrReserved129 = 129,
    cudaDevAttrNumaConfig = 130,
    cudaDevAttrNumaId = 131,
    cudaDevAttrReserved132 = 132,
    cudaDevAttrMpsEnabled = 133,
    cudaDevAttrHostNumaId = 134,
    cudaDevAttrD3D12CigSupported = 135,
    cudaDevAttrVulkanCigSupported = 138,
    cudaDevAttrGpuPciDeviceId = 139,
    cudaDevAttrGpuPciSubsystemId = 140,
    cudaDevAttrReserved141 = 141,
    cudaDevAttrHostNumaMemoryPoolsSupported = 142,
    cudaDevAttrHostNumaMultinodeIpcSupported = 143,
    cudaDevAttrHostMemoryPoolsSupported = 144,
    cudaDevAttrReserved145 = 145,
    cudaDevAttrOnlyPartialHostNativeAtomicSupported = 147,
};
typedef enum cudaDeviceAttr cudaDeviceAttr_t;

enum cudaComputeMode {
    cudaComputeModeDefault = 0,
    cudaComputeModeExclusive = 1,
    cudaComputeModeProhibited = 2,
    cudaComputeModeExclusiveProcess = 3
};

namespace warpsim_cudart {
/* The H200's memory, or the host's when it has less. */
inline size_t device_memory()
{
    const size_t h200 = 150109880320ull;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    size_t host = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : h200;
    return host < h200 ? host : h200;
}
/* cudaDeviceGetAttribute's values, as the H200 answered. */
struct attribute_value {
    cudaDeviceAttr attr;
    int value;
};
inline constexpr attribute_value h200_attributes[] = {
    {cudaDevAttrMaxThreadsPerBlock, 1024},
    {cudaDevAttrMaxBlockDimX, 1024},
    {cudaDevAttrMaxBlockDimY, 1024},
    {cudaDevAttrMaxBlockDimZ, 64},
    {cudaDevAttrMaxGridDimX, 2147483647},
    {cudaDevAttrMaxGridDimY, 65535},
    {cudaDevAttrMaxGridDimZ, 65535},
    {cudaDevAttrMaxSharedMemoryPerBlock, 49152},
    {cudaDevAttrTotalConstantMemory, 65536},
    {cudaDevAttrWarpSize, 32},
    {cudaDevAttrMaxPitch, 2147483647},
    {cudaDevAttrMaxRegistersPerBlock, 65536},
    {cudaDevAttrClockRate, 1980000},
    {cudaDevAttrTextureAlignment, 512},
    {cudaDevAttrGpuOverlap, 1},
    {cudaDevAttrMultiProcessorCount, 132},
    {cudaDevAttrKernelExecTimeout, 0},
    {cudaDevAttrIntegrated, 0},
    {cudaDevAttrCanMapHostMemory, 1},
    {cudaDevAttrComputeMode, 0},
    {cudaDevAttrMaxTexture1DWidth, 131072},
    {cudaDevAttrMaxTexture2DWidth, 131072},
    {cudaDevAttrMaxTexture2DHeight, 65536},
    {cudaDevAttrMaxTexture3DWidth, 16384},
    {cudaDevAttrMaxTexture3DHeight, 16384},
    {cudaDevAttrMaxTexture3DDepth, 16384},
    {cudaDevAttrMaxTexture2DLayeredWidth, 32768},
    {cudaDevAttrMaxTexture2DLayeredHeight, 32768},
    {cudaDevAttrMaxTexture2DLayeredLayers, 2048},
    {cudaDevAttrSurfaceAlignment, 512},
    {cudaDevAttrConcurrentKernels, 1},
    {cudaDevAttrEccEnabled, 1},
    {cudaDevAttrPciBusId, 0},
    {cudaDevAttrPciDeviceId, 6},
    {cudaDevAttrTccDriver, 0},
    {cudaDevAttrMemoryClockRate, 3201000},
    {cudaDevAttrGlobalMemoryBusWidth, 6016},
    {cudaDevAttrL2CacheSize, 62914560},
    {cudaDevAttrMaxThreadsPerMultiProcessor, 2048},
    {cudaDevAttrAsyncEngineCount, 3},
    {cudaDevAttrUnifiedAddressing, 1},
    {cudaDevAttrMaxTexture1DLayeredWidth, 32768},
    {cudaDevAttrMaxTexture1DLayeredLayers, 2048},
    {cudaDevAttrMaxTexture2DGatherWidth, 32768},
    {cudaDevAttrMaxTexture2DGatherHeight, 32768},
    {cudaDevAttrMaxTexture3DWidthAlt, 8192},
    {cudaDevAttrMaxTexture3DHeightAlt, 8192},
    {cudaDevAttrMaxTexture3DDepthAlt, 32768},
    {cudaDevAttrPciDomainId, 0},
    {cudaDevAttrTexturePitchAlignment, 32},
    {cudaDevAttrMaxTextureCubemapWidth, 32768},
    {cudaDevAttrMaxTextureCubemapLayeredWidth, 32768},
    {cudaDevAttrMaxTextureCubemapLayeredLayers, 2046},
    {cudaDevAttrMaxSurface1DWidth, 32768},
    {cudaDevAttrMaxSurface2DWidth, 131072},
    {cudaDevAttrMaxSurface2DHeight, 65536},
    {cudaDevAttrMaxSurface3DWidth, 16384},
    {cudaDevAttrMaxSurface3DHeight, 16384},
    {cudaDevAttrMaxSurface3DDepth, 16384},
    {cudaDevAttrMaxSurface1DLayeredWidth, 32768},
    {cudaDevAttrMaxSurface1DLayeredLayers, 2048},
    {cudaDevAttrMaxSurface2DLayeredWidth, 32768},
    {cudaDevAttrMaxSurface2DLayeredHeight, 32768},
    {cudaDevAttrMaxSurface2DLayeredLayers, 2048},
    {cudaDevAttrMaxSurfaceCubemapWidth, 32768},
    {cudaDevAttrMaxSurfaceCubemapLayeredWidth, 32768},
    {cudaDevAttrMaxSurfaceCubemapLayeredLayers, 2046},
    {cudaDevAttrMaxTexture1DLinearWidth, 268435456},
    {cudaDevAttrMaxTexture2DLinearWidth, 131072},
    {cudaDevAttrMaxTexture2DLinearHeight, 65000},
    {cudaDevAttrMaxTexture2DLinearPitch, 2097120},
    {cudaDevAttrMaxTexture2DMipmappedWidth, 32768},
    {cudaDevAttrMaxTexture2DMipmappedHeight, 32768},
    {cudaDevAttrComputeCapabilityMajor, 9},
    {cudaDevAttrComputeCapabilityMinor, 0},
    {cudaDevAttrMaxTexture1DMipmappedWidth, 32768},
    {cudaDevAttrStreamPrioritiesSupported, 1},
    {cudaDevAttrGlobalL1CacheSupported, 1},
    {cudaDevAttrLocalL1CacheSupported, 1},
    {cudaDevAttrMaxSharedMemoryPerMultiprocessor, 233472},
    {cudaDevAttrMaxRegistersPerMultiprocessor, 65536},
    {cudaDevAttrManagedMemory, 1},
    {cudaDevAttrIsMultiGpuBoard, 0},
    {cudaDevAttrMultiGpuBoardGroupID, 0},
    {cudaDevAttrHostNativeAtomicSupported, 0},
    {cudaDevAttrSingleToDoublePrecisionPerfRatio, 2},
    {cudaDevAttrPageableMemoryAccess, 0},
    {cudaDevAttrConcurrentManagedAccess, 1},
    {cudaDevAttrComputePreemptionSupported, 1},
    {cudaDevAttrCanUseHostPointerForRegisteredMem, 1},
    {cudaDevAttrCooperativeLaunch, 1},
    {cudaDevAttrMaxSharedMemoryPerBlockOptin, 232448},
    {cudaDevAttrCanFlushRemoteWrites, 0},
    {cudaDevAttrHostRegisterSupported, 1},
    {cudaDevAttrPageableMemoryAccessUsesHostPageTables, 0},
    {cudaDevAttrDirectManagedMemAccessFromHost, 0},
    {cudaDevAttrMaxBlocksPerMultiprocessor, 32},
    {cudaDevAttrMaxPersistingL2CacheSize, 39321600},
    {cudaDevAttrMaxAccessPolicyWindowSize, 134217728},
    {cudaDevAttrSparseCudaArraySupported, 1},
    {cudaDevAttrHostRegisterReadOnlySupported, 1},
    {cudaDevAttrTimelineSemaphoreInteropSupported, 1},
    {cudaDevAttrMemoryPoolsSupported, 1},
    {cudaDevAttrGPUDirectRDMASupported, 1},
    {cudaDevAttrGPUDirectRDMAFlushWritesOptions, 1},
    {cudaDevAttrGPUDirectRDMAWritesOrdering, 100},
    {cudaDevAttrMemoryPoolSupportedHandleTypes, 9},
    {cudaDevAttrClusterLaunch, 1},
    {cudaDevAttrDeferredMappingCudaArraySupported, 1},
    {cudaDevAttrIpcEventSupport, 1},
    {cudaDevAttrMemSyncDomainCount, 4},
    {cudaDevAttrNumaConfig, 0},
    {cudaDevAttrNumaId, -1},
    {cudaDevAttrMpsEnabled, 0},
    {cudaDevAttrHostNumaId, 0},
    {cudaDevAttrD3D12CigSupported, 0},
    {cudaDevAttrVulkanCigSupported, 0},
    {cudaDevAttrGpuPciDeviceId, 590680286},
    {cudaDevAttrGpuPciSubsystemId, 415174878},
    {cudaDevAttrHostNumaMemoryPoolsSupported, 1},
    {cudaDevAttrHostNumaMultinodeIpcSupported, 0},
    {cudaDevAttrHostMemoryPoolsSupported, 1},
    {cudaDevAttrOnlyPartialHostNativeAtomicSupported, 0},
};
/* Blocks of `threads` threads and `shared` bytes of shared memory that one
 * multiprocessor holds (0: the block does not fit). */
inline int blocks_per_multiprocessor(long threads, size_t shared)
{
    if (threads <= 0 || threads > 1024 || shared > 232448)
        return 0;
    long warps = (threads + 31) / 32, by_threads = 2048 / (warps * 32);
    long by_shared = (long)(233472 / (shared + 1024));
    long n = by_threads < by_shared ? by_threads : by_shared;
    return (int)(n < 32 ? n : 32);
}
} // namespace warpsim_cudart

/* One device: whatever the properties asked for, it is the one that matches best. */
inline cudaError_t cudaChooseDevice(int *device, const cudaDeviceProp *prop)
{
    if (!device || !prop)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int device)
{
    if (!p)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (device != 0)
        return warpsim_cudart::record(cudaErrorInvalidDevice);
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "warpsim model of an NVIDIA H200 (no GPU)");
    p->totalGlobalMem = warpsim_cudart::device_memory();
    p->luidDeviceNodeMask = 0;
    p->sharedMemPerBlock = 49152;
    p->regsPerBlock = 65536;
    p->warpSize = 32;
    p->memPitch = 2147483647;
    p->maxThreadsPerBlock = 1024;
    p->maxThreadsDim[0] = 1024;
    p->maxThreadsDim[1] = 1024;
    p->maxThreadsDim[2] = 64;
    p->maxGridSize[0] = 2147483647;
    p->maxGridSize[1] = 65535;
    p->maxGridSize[2] = 65535;
    p->totalConstMem = 65536;
    p->major = 9;
    p->minor = 0;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 32;
    p->multiProcessorCount = 132;
    p->integrated = 0;
    p->canMapHostMemory = 1;
    p->maxTexture1D = 131072;
    p->maxTexture1DMipmap = 32768;
    p->maxTexture2D[0] = 131072;
    p->maxTexture2D[1] = 65536;
    p->maxTexture2DMipmap[0] = 32768;
    p->maxTexture2DMipmap[1] = 32768;
    p->maxTexture2DLinear[0] = 131072;
    p->maxTexture2DLinear[1] = 65000;
    p->maxTexture2DLinear[2] = 2097120;
    p->maxTexture2DGather[0] = 32768;
    p->maxTexture2DGather[1] = 32768;
    p->maxTexture3D[0] = 16384;
    p->maxTexture3D[1] = 16384;
    p->maxTexture3D[2] = 16384;
    p->maxTexture3DAlt[0] = 8192;
    p->maxTexture3DAlt[1] = 8192;
    p->maxTexture3DAlt[2] = 32768;
    p->maxTextureCubemap = 32768;
    p->maxTexture1DLayered[0] = 32768;
    p->maxTexture1DLayered[1] = 2048;
    p->maxTexture2DLayered[0] = 32768;
    p->maxTexture2DLayered[1] = 32768;
    p->maxTexture2DLayered[2] = 2048;
    p->maxTextureCubemapLayered[0] = 32768;
    p->maxTextureCubemapLayered[1] = 2046;
    p->maxSurface1D = 32768;
    p->maxSurface2D[0] = 131072;
    p->maxSurface2D[1] = 65536;
    p->maxSurface3D[0] = 16384;
    p->maxSurface3D[1] = 16384;
    p->maxSurface3D[2] = 16384;
    p->maxSurface1DLayered[0] = 32768;
    p->maxSurface1DLayered[1] = 2048;
    p->maxSurface2DLayered[0] = 32768;
    p->maxSurface2DLayered[1] = 32768;
    p->maxSurface2DLayered[2] = 2048;
    p->maxSurfaceCubemap = 32768;
    p->maxSurfaceCubemapLayered[0] = 32768;
    p->maxSurfaceCubemapLayered[1] = 2046;
    p->surfaceAlignment = 512;
    p->concurrentKernels = 1;
    p->ECCEnabled = 1;
    p->pciBusID = 0;
    p->pciDeviceID = 6;
    p->pciDomainID = 0;
    p->tccDriver = 0;
    p->asyncEngineCount = 3;
    p->unifiedAddressing = 1;
    p->memoryBusWidth = 6016;
    p->l2CacheSize = 62914560;
    p->persistingL2CacheMaxSize = 39321600;
    p->maxThreadsPerMultiProcessor = 2048;
    p->streamPrioritiesSupported = 1;
    p->globalL1CacheSupported = 1;
    p->localL1CacheSupported = 1;
    p->sharedMemPerMultiprocessor = 233472;
    p->regsPerMultiprocessor = 65536;
    p->managedMemory = 1;
    p->isMultiGpuBoard = 0;
    p->multiGpuBoardGroupID = 0;
    p->hostNativeAtomicSupported = 0;
    p->pageableMemoryAccess = 0;
    p->concurrentManagedAccess = 1;
    p->computePreemptionSupported = 1;
    p->canUseHostPointerForRegisteredMem = 1;
    p->cooperativeLaunch = 1;
    p->sharedMemPerBlockOptin = 232448;
    p->pageableMemoryAccessUsesHostPageTables = 0;
    p->directManagedMemAccessFromHost = 0;
    p->maxBlocksPerMultiProcessor = 32;
    p->accessPolicyMaxWindowSize = 134217728;
    p->reservedSharedMemPerBlock = 1024;
    p->hostRegisterSupported = 1;
    p->sparseCudaArraySupported = 1;
    p->hostRegisterReadOnlySupported = 1;
    p->timelineSemaphoreInteropSupported = 1;
    p->memoryPoolsSupported = 1;
    p->gpuDirectRDMASupported = 1;
    p->gpuDirectRDMAFlushWritesOptions = 1;
    p->gpuDirectRDMAWritesOrdering = 100;
    p->memoryPoolSupportedHandleTypes = 9;
    p->deferredMappingCudaArraySupported = 1;
    p->ipcEventSupported = 1;
    p->clusterLaunch = 1;
    p->unifiedFunctionPointers = 1;
    p->deviceNumaConfig = 0;
    p->deviceNumaId = -1;
    p->mpsEnabled = 0;
    p->hostNumaId = 0;
    p->gpuPciDeviceID = 590680286;
    p->gpuPciSubsystemID = 415174878;
    p->hostNumaMultinodeIpcSupported = 0;
    p->clockRate = 1980000;       /* cudaDevAttrClockRate */
    p->memoryClockRate = 3201000; /* cudaDevAttrMemoryClockRate */
    p->deviceOverlap = 1;
    return cudaSuccess;
}

inline cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device)
{
    if (!value)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    if (device != 0)
        return warpsim_cudart::record(cudaErrorInvalidDevice);
    for (const warpsim_cudart::attribute_value &a : warpsim_cudart::h200_attributes)
        if (a.attr == attr) {
            *value = a.value;
            return cudaSuccess;
        }
    return warpsim_cudart::record(cudaErrorInvalidValue); /* a reserved number, as on the GPU */
}

/* A kernel's attributes: the front end does not compile for the GPU, so the
 * registers and local memory are unknown; given as the occupancy rule
 * assumes (32 registers a thread, which never limit a block), with the
 * H200's limits and the version of the sm_90 code nvcc makes. */
struct cudaFuncAttributes {
    size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
    int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes,
        preferredShmemCarveout, clusterDimMustBeSet, requiredClusterWidth, requiredClusterHeight,
        requiredClusterDepth, clusterSchedulingPolicyPreference, nonPortableClusterSizeAllowed, reserved[16];
};
template <typename F> inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, F *func)
{
    (void)func;
    if (!a)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    memset(a, 0, sizeof *a);
    a->maxThreadsPerBlock = 1024;
    a->numRegs = 32;
    a->ptxVersion = 90;
    a->binaryVersion = 90;
    a->maxDynamicSharedSizeBytes = 49152;
    a->preferredShmemCarveout = -1;
    return cudaSuccess;
}

template <typename F>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, F *func, int block_size,
                                                                 size_t shared_bytes)
{
    (void)func;
    if (!blocks)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    *blocks = warpsim_cudart::blocks_per_multiprocessor(block_size, shared_bytes);
    return cudaSuccess;
}
template <typename F>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, F *func, int block_size,
                                                                          size_t shared_bytes, unsigned flags)
{
    (void)flags;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, func, block_size, shared_bytes);
}
/* The dynamic shared memory a block of block_size threads may have with blocks_per_sm of them
 * on a multiprocessor: the multiprocessor's 233,472 bytes shared (1,024 reserved a block), at
 * most the 232,448 one block may opt in to; 0 where that many blocks cannot be resident. */
template <typename F>
inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *bytes, F func, int blocks_per_sm, int block_size)
{
    (void)func;
    if (!bytes || blocks_per_sm <= 0 || block_size <= 0 || block_size > 1024)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    long warps = (block_size + 31) / 32;
    if (blocks_per_sm > 32 || (long)blocks_per_sm * warps * 32 > 2048) {
        *bytes = 0;
        return cudaSuccess;
    }
    long each = 233472 / blocks_per_sm - 1024;
    *bytes = (size_t)(each < 0 ? 0 : each > 232448 ? 232448 : each);
    return cudaSuccess;
}
/* The block size (a multiple of 32, up to block_limit or 1024) with the
 * most threads per multiprocessor, the largest on a tie, as CUDA's
 * calculator picks, and the grid that fills the 132 multiprocessors; the
 * dynamic shared memory is shared_of(block size). */
template <typename F, typename SMem>
inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *min_grid, int *block, F func, SMem shared_of,
                                                                  int block_limit = 0)
{
    (void)func;
    if (!min_grid || !block)
        return warpsim_cudart::record(cudaErrorInvalidValue);
    int limit = block_limit > 0 && block_limit < 1024 ? block_limit : 1024, best = 0, best_blocks = 0;
    long best_threads = -1;
    for (int b = 32; b <= limit; b += 32) {
        int n = warpsim_cudart::blocks_per_multiprocessor(b, (size_t)shared_of(b));
        if ((long)n * b >= best_threads && n > 0) {
            best_threads = (long)n * b;
            best = b;
            best_blocks = n;
        }
    }
    *block = best;
    *min_grid = best_blocks * 132;
    return cudaSuccess;
}
/* The same with one amount of dynamic shared memory for every block size. */
template <typename F>
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *min_grid, int *block, F func, size_t shared_bytes = 0,
                                                      int block_limit = 0)
{
    return cudaOccupancyMaxPotentialBlockSizeVariableSMem(
        min_grid, block, func, [shared_bytes](int) { return shared_bytes; }, block_limit);
}
#endif
