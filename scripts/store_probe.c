// Store-type probe (docs/benchmarks.md): writing 25 MB outputs with ordinary stores (a copy loop, the
// reverse-3 loop of x[:, :, ::-1]) vs glibc memcpy, into one reused buffer and into 16 distinct
// (already faulted, cache-cold) buffers. Build: gcc -O2 -fno-tree-loop-distribute-patterns
// -o /tmp/store_probe scripts/store_probe.c && /tmp/store_probe
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e6+t.tv_nsec/1e3;}
__attribute__((noinline)) void loopcopy(const float* restrict in, float* restrict out, size_t n){ for(size_t i=0;i<n;i++) out[i]=in[i]; }
__attribute__((noinline)) void rev3(const float* restrict in, float* restrict out, size_t px){
  for(size_t i=0;i<px;i++){ out[3*i]=in[3*i+2]; out[3*i+1]=in[3*i+1]; out[3*i+2]=in[3*i]; } }
int main(){
  size_t n=24883200; char*src=malloc(n); memset(src,1,n);
  // warm the allocator so that 16 live blocks get reused (raise thresholds)
  char* outs[16]; for(int k=0;k<16;k++) outs[k]=malloc(n); for(int k=0;k<16;k++) memset(outs[k],0,n);
  for(int mode=0;mode<3;mode++){ double t0=now(); int rounds=6;
    for(int r=0;r<rounds;r++) for(int k=0;k<16;k++){ if(mode==0) memcpy(outs[k],src,n); else if(mode==1) loopcopy((float*)src,(float*)outs[k],n/4); else rev3((float*)src,(float*)outs[k],n/12);} 
    printf("16 distinct 25 MB outputs (pages already faulted), %s: %.2f ms per output\n", mode==0?"memcpy":mode==1?"plain loop copy":"reverse-3 loop", (now()-t0)/rounds/16/1000); }
  for(int mode=0;mode<3;mode++){ double t0=now(); int rounds=30;
    for(int r=0;r<rounds;r++){ if(mode==0) memcpy(outs[0],src,n); else if(mode==1) loopcopy((float*)src,(float*)outs[0],n/4); else rev3((float*)src,(float*)outs[0],n/12);} 
    printf("one reused 25 MB output, %s: %.2f ms\n", mode==0?"memcpy":mode==1?"plain loop copy":"reverse-3 loop", (now()-t0)/rounds/1000); }
}
