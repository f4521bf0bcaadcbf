// Page-fault cost probe for kernel outputs (docs/benchmarks.md): fresh anonymous mappings vs reused memory,
// with and without zero-filling and MADV_HUGEPAGE, at the crop (602,112 B) and image (24,883,200 B)
// output sizes. Build and run: gcc -O2 -o /tmp/pagefault_probe scripts/pagefault_probe.c && /tmp/pagefault_probe
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e6+t.tv_nsec/1e3;}
int main(){
  size_t sizes[]={602112, 24883200};
  for(int si=0;si<2;si++){ size_t n=sizes[si]; int reps = si==0?2000:40;
    char*src=malloc(n); memset(src,1,n);
    // 1. fresh mmap each time + memcpy into it (page faults on first touch), then munmap
    double t0=now(); for(int r=0;r<reps;r++){char*p=mmap(0,n,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0); memcpy(p,src,n); munmap(p,n);} double fresh=(now()-t0)/reps;
    // 2. fresh mmap + MADV_HUGEPAGE
    t0=now(); for(int r=0;r<reps;r++){char*p=mmap(0,n,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0); madvise(p,n,MADV_HUGEPAGE); memcpy(p,src,n); munmap(p,n);} double huge=(now()-t0)/reps;
    // 3. fresh mmap + zero + copy (what alloc_zeroed with align 64 did: memset then copy)
    t0=now(); for(int r=0;r<reps;r++){char*p=mmap(0,n,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0); memset(p,0,n); memcpy(p,src,n); munmap(p,n);} double zc=(now()-t0)/reps;
    // 4. reused buffer
    char*d=malloc(n); memset(d,0,n);
    t0=now(); for(int r=0;r<reps;r++){memcpy(d,src,n); __asm__ volatile(""::"r"(d):"memory");} double reuse=(now()-t0)/reps;
    // 5. malloc/free each time (glibc may reuse after dynamic threshold)
    t0=now(); for(int r=0;r<reps;r++){char*p=aligned_alloc(64,n); memcpy(p,src,n); __asm__ volatile(""::"r"(p):"memory"); free(p);} double mf=(now()-t0)/reps;
    // 6. aligned_alloc + memset + copy each time
    t0=now(); for(int r=0;r<reps;r++){char*p=aligned_alloc(64,n); memset(p,0,n); memcpy(p,src,n); __asm__ volatile(""::"r"(p):"memory"); free(p);} double mzf=(now()-t0)/reps;
    // 7./8. sixteen outputs alive at once, then all freed (the JMH invocation pattern): glibc
    // trims the freed heap top back to the OS, so every round faults its pages in again;
    // 8. asks for transparent huge pages on 2 MiB-aligned blocks.
    int live = 16; char* outs[16]; int rounds = si==0?200:4;
    t0=now(); for(int r=0;r<rounds;r++){ for(int k=0;k<live;k++){outs[k]=aligned_alloc(64,n); memcpy(outs[k],src,n);} for(int k=0;k<live;k++) free(outs[k]); } double live16=(now()-t0)/(rounds*live);
    t0=now(); for(int r=0;r<rounds;r++){ for(int k=0;k<live;k++){size_t a=2u<<20; size_t m=(n+a-1)/a*a; outs[k]=aligned_alloc(a,m); madvise(outs[k],m,MADV_HUGEPAGE); memcpy(outs[k],src,n);} for(int k=0;k<live;k++) free(outs[k]); } double live16h=(now()-t0)/(rounds*live);
    t0=now(); for(int r=0;r<rounds;r++){ for(int k=0;k<live;k++){outs[k]=malloc(n); memcpy(outs[k],src,n);} for(int k=0;k<live;k++) free(outs[k]); } double live16m=(now()-t0)/(rounds*live);
    printf("%zu bytes: 16 live aligned_alloc+copy %.1f us | 16 live malloc+copy %.1f us | 16 live, 2 MiB aligned + MADV_HUGEPAGE %.1f us\n", n, live16, live16m, live16h);
    printf("%zu bytes: fresh mmap+copy %.1f us | +MADV_HUGEPAGE %.1f us | fresh mmap+zero+copy %.1f us | reused buffer copy %.1f us | aligned_alloc+copy+free %.1f us | aligned_alloc+zero+copy+free %.1f us\n", n, fresh, huge, zc, reuse, mf, mzf);
  }
}
