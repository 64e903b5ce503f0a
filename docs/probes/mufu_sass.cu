// SASS of the PTX approximations CUDA's math library uses (issue 23): compile with
//   nvcc -arch=sm_90 -cubin -o mufu_sass.cubin docs/probes/mufu_sass.cu && cuobjdump -sass mufu_sass.cubin
__global__ void ex2(float*o,const float*i){float r;asm("ex2.approx.ftz.f32 %0,%1;":"=f"(r):"f"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void ex2n(float*o,const float*i){float r;asm("ex2.approx.f32 %0,%1;":"=f"(r):"f"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void lg2(float*o,const float*i){float r;asm("lg2.approx.ftz.f32 %0,%1;":"=f"(r):"f"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void sn(float*o,const float*i){float r;asm("sin.approx.ftz.f32 %0,%1;":"=f"(r):"f"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void rcpd(double*o,const double*i){double r;asm("rcp.approx.ftz.f64 %0,%1;":"=d"(r):"d"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void rsqd(double*o,const double*i){double r;asm("rsqrt.approx.ftz.f64 %0,%1;":"=d"(r):"d"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void rsqdn(double*o,const double*i){double r;asm("rsqrt.approx.f64 %0,%1;":"=d"(r):"d"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void dv(float*o,const float*i){float r;asm("div.approx.f32 %0,%1,%2;":"=f"(r):"f"(i[threadIdx.x]),"f"(i[threadIdx.x+32]));o[threadIdx.x]=r;}
__global__ void dvf(float*o,const float*i){float r;asm("div.approx.ftz.f32 %0,%1,%2;":"=f"(r):"f"(i[threadIdx.x]),"f"(i[threadIdx.x+32]));o[threadIdx.x]=r;}
__global__ void lg2n(float*o,const float*i){float r;asm("lg2.approx.f32 %0,%1;":"=f"(r):"f"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void rsqn(float*o,const float*i){float r;asm("rsqrt.approx.f32 %0,%1;":"=f"(r):"f"(i[threadIdx.x]));o[threadIdx.x]=r;}
__global__ void cs(float*o,const float*i){float r;asm("cos.approx.f32 %0,%1;":"=f"(r):"f"(i[threadIdx.x]));o[threadIdx.x]=r;}
