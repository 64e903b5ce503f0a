// Probe: one converged call whose lanes pass masks that name each other but
// differ (r = 0..3: reduce_add; 4..7: shfl_xor 16 with the same mask pairs),
// and r = 8: __reduce_min_sync on int in one branch, unsigned in the other.
// Each case in its own process: for r in $(seq 0 8); do timeout 10 ./mc $r; done
// The output file was annotated by hand with each case's masks and SASS.
#include <cstdio>
#include <cstdlib>
__global__ void k(int r,unsigned*o){unsigned l=threadIdx.x,v=l,d=0;
unsigned lo[4]={0xFFFF0000u,~0u,~0u,0x1FFFFu},hi[4]={0xFFFFu,0x7FFFFFFFu,0xFFFFFFFEu,0xFFFF8000u};
if(r<4)d=__reduce_add_sync(l<16?lo[r]:hi[r],v);
else if(r<8){unsigned m=l<16?lo[r-4]:hi[r-4];d=__shfl_xor_sync(m,100+l,16);}
else{if(l<16){int s=(l==3)?-5:(int)l;d=(unsigned)__reduce_min_sync(~0u,s);}else{d=__reduce_min_sync(~0u,l==19?(unsigned)-5:l);}}
o[l]=d;}
int main(int c,char**a){int r=atoi(a[1]);unsigned*o;cudaMallocManaged(&o,128);k<<<1,32>>>(r,o);cudaError_t e=cudaDeviceSynchronize();
if(e){printf("case %d: %s\n",r,cudaGetErrorString(e));return 1;}printf("case %d:",r);for(int i=0;i<32;i++)printf(" %d",(int)o[i]);printf("\n");}
