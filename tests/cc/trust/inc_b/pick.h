inline const char *picked() { return "inc_b"; }
inline const char *picked_file() { return __FILE__; }
__global__ void k(int *o);
inline void launch_in_header(int *o) { k<<<1, 1>>>(o); cudaDeviceSynchronize(); }
