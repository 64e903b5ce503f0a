// Probe: r = 0: two separate branches whose shuffles both wait for a lane
// that then exits (they must not see each other); r = 1, 2: __reduce_add_sync
// / __reduce_max_sync on int in one branch and unsigned in the other (REDUX.SUM
// vs REDUX.SUM.S32); r = 3: both int (joint). Lane 3 and lane 19 hold -5.
// Each case in its own process: for r in 0 1 2 3; do timeout 10 ./rs $r; done
// The output file was annotated by hand with each case's statement.
#include <cstdio>
#include <cstdlib>
__global__ void k(int r,unsigned*o){unsigned l=threadIdx.x,d=0xdead;int s=(l==3||l==19)?-5:(int)l;
if(r==0){if(l<4)d=__shfl_sync(0x10F,100+l,4);else if(l<8)d=__shfl_sync(0x1F0,100+l,0);else return;}
else if(r==1){if(l<16)d=__reduce_add_sync(~0u,s);else d=__reduce_add_sync(~0u,(unsigned)s);}
else if(r==2){if(l<16)d=__reduce_max_sync(~0u,s);else d=__reduce_max_sync(~0u,(unsigned)s);}
else if(r==3){if(l<16)d=__reduce_min_sync(~0u,s);else d=__reduce_min_sync(~0u,s+1);}
o[l]=d;}
int main(int c,char**a){int r=atoi(a[1]);unsigned*o;cudaMallocManaged(&o,128);for(int i=0;i<32;i++)o[i]=0xbeef;k<<<1,32>>>(r,o);cudaError_t e=cudaDeviceSynchronize();
if(e){printf("case %d: %s\n",r,cudaGetErrorString(e));return 1;}printf("case %d:",r);for(int i=0;i<32;i++)printf(" %d",(int)o[i]);printf("\n");}
