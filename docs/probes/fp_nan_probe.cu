#include <cstdio>
#include <cstdint>
#include <cstring>
__device__ double dbits(unsigned long long b){ return __longlong_as_double(b);}
__global__ void k(const unsigned long long *in, int n, unsigned long long *out){
  // per pair (a,b,c): add, sub, mul, fma(a,b,c), fmin, fmax
  int i = threadIdx.x + blockIdx.x*blockDim.x; if (i >= n) return;
  double a = dbits(in[3*i]), b = dbits(in[3*i+1]), c = dbits(in[3*i+2]);
  out[6*i+0] = __double_as_longlong(__dadd_rn(a,b));
  out[6*i+1] = __double_as_longlong(__dsub_rn(a,b));
  out[6*i+2] = __double_as_longlong(__dmul_rn(a,b));
  out[6*i+3] = __double_as_longlong(__fma_rn(a,b,c));
  out[6*i+4] = __double_as_longlong(fmin(a,b));
  out[6*i+5] = __double_as_longlong(fmax(a,b));
}
__global__ void kf(const unsigned *in, int n, unsigned *out){
  int i = threadIdx.x + blockIdx.x*blockDim.x; if (i >= n) return;
  float a = __uint_as_float(in[3*i]), b = __uint_as_float(in[3*i+1]), c = __uint_as_float(in[3*i+2]);
  out[6*i+0] = __float_as_uint(__fadd_rn(a,b));
  out[6*i+1] = __float_as_uint(__fsub_rn(a,b));
  out[6*i+2] = __float_as_uint(__fmul_rn(a,b));
  out[6*i+3] = __float_as_uint(__fmaf_rn(a,b,c));
  out[6*i+4] = __float_as_uint(fminf(a,b));
  out[6*i+5] = __float_as_uint(fmaxf(a,b));
}
int main(){
  const unsigned long long D_INF=0x7FF0000000000000ull, D_NINF=0xFFF0000000000000ull, D_QN1=0x7FF8000000000001ull, D_SN2=0x7FF0000000000002ull, D_NQN3=0xFFF8000000000003ull, D_ONE=0x3FF0000000000000ull, D_ZERO=0, D_NZERO=0x8000000000000000ull;
  unsigned long long h[][3] = {
    {D_INF, D_NINF, D_ONE}, {D_INF, D_INF, D_ONE}, {D_ZERO, D_INF, D_ONE}, {D_INF, D_ZERO, D_ONE}, {D_ONE, D_ONE, D_NQN3}, {D_QN1, D_SN2, D_ONE}, {D_SN2, D_QN1, D_ONE},
    {D_ONE, D_QN1, D_SN2}, {D_ONE, D_ONE, D_SN2}, {D_SN2, D_ONE, D_QN1}, {D_NQN3, D_ONE, D_ONE}, {D_ONE, D_NQN3, D_ONE}, {D_ZERO, D_INF, D_QN1}, {D_QN1,D_QN1,D_ONE}, {D_NZERO, D_ZERO, D_ONE}, {D_ZERO, D_NZERO, D_ONE}, {D_QN1, D_NQN3, D_ONE}, {D_NQN3, D_QN1, D_ONE}, {D_SN2, D_SN2, D_ONE}, {D_INF, D_ZERO, D_SN2}};
  int n = sizeof h / sizeof h[0];
  unsigned long long *din, *dout, hout[6*64];
  cudaMalloc(&din, sizeof h); cudaMalloc(&dout, 6*n*8);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1,64>>>(din, n, dout); cudaMemcpy(hout, dout, 6*n*8, cudaMemcpyDeviceToHost);
  for (int i=0;i<n;i++){ printf("f64 a=%016llx b=%016llx c=%016llx : add %016llx sub %016llx mul %016llx fma %016llx fmin %016llx fmax %016llx\n", h[i][0],h[i][1],h[i][2], hout[6*i],hout[6*i+1],hout[6*i+2],hout[6*i+3],hout[6*i+4],hout[6*i+5]); }
  unsigned F_INF=0x7F800000, F_NINF=0xFF800000, FQ=0x7FC00001, FS=0x7F800002, FNQ=0xFFC00003, F1=0x3F800000, F0=0, FN0=0x80000000;
  unsigned f[][3] = {{F_INF,F_NINF,F1},{F0,F_INF,F1},{F1,F1,FS},{F1,F1,FNQ},{FQ,FS,F1},{FS,F1,F1},{F1,FS,F1},{FS,FS,F1},{FN0,F0,F1},{F0,FN0,F1},{F_INF,F0,FQ},{F1,FNQ,F1}};
  int m = sizeof f / sizeof f[0]; unsigned *fi,*fo, fho[6*64];
  cudaMalloc(&fi, sizeof f); cudaMalloc(&fo, 6*m*4); cudaMemcpy(fi, f, sizeof f, cudaMemcpyHostToDevice);
  kf<<<1,64>>>(fi, m, fo); cudaMemcpy(fho, fo, 6*m*4, cudaMemcpyDeviceToHost);
  for (int i=0;i<m;i++) printf("f32 a=%08x b=%08x c=%08x : add %08x sub %08x mul %08x fma %08x fminf %08x fmaxf %08x\n", f[i][0],f[i][1],f[i][2],fho[6*i],fho[6*i+1],fho[6*i+2],fho[6*i+3],fho[6*i+4],fho[6*i+5]);
  printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
