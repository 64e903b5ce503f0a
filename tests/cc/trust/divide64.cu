// 64-bit and unsigned integer division by zero and LLONG_MIN / -1: the H200 computes a value (for small
// 64-bit operands its 32-bit path gives 4294967295) and does not fault.
#include <climits>
#include <cstdio>
__global__ void k(const long long *vl, long long *o, unsigned long long *u, unsigned *w) {
  o[0] = vl[0] / vl[1]; o[1] = vl[0] % vl[1]; o[2] = vl[2] / vl[3]; o[3] = vl[2] % vl[3]; o[4] = vl[4] / vl[3]; o[5] = vl[4] % vl[3];
  u[0] = (unsigned long long)vl[2] / (unsigned long long)vl[3]; u[1] = (unsigned long long)vl[2] % (unsigned long long)vl[3]; u[2] = (unsigned long long)vl[0] / (unsigned long long)vl[3];
  w[0] = (unsigned)vl[2] / (unsigned)vl[3]; w[1] = (unsigned)vl[2] % (unsigned)vl[3];
}
int main() {
  long long hl[5] = {LLONG_MIN, -1, 7, 0, -7}, *vl, *o; unsigned long long *u; unsigned *w;
  cudaMalloc(&vl, 40); cudaMalloc(&o, 48); cudaMalloc(&u, 24); cudaMalloc(&w, 8);
  cudaMemcpy(vl, hl, 40, cudaMemcpyHostToDevice); k<<<1, 1>>>(vl, o, u, w);
  long long a[6]; unsigned long long b[3]; unsigned c[2];
  cudaMemcpy(a, o, 48, cudaMemcpyDeviceToHost); cudaMemcpy(b, u, 24, cudaMemcpyDeviceToHost); cudaMemcpy(c, w, 8, cudaMemcpyDeviceToHost);
  printf("long long: LLONG_MIN/-1 %lld LLONG_MIN%%-1 %lld 7/0 %lld 7%%0 %lld -7/0 %lld -7%%0 %lld\n", a[0], a[1], a[2], a[3], a[4], a[5]);
  printf("unsigned long long: 7/0 %llu 7%%0 %llu 2^63/0 %llu\nunsigned: 7/0 %u 7%%0 %u\n", b[0], b[1], b[2], c[0], c[1]);
}
