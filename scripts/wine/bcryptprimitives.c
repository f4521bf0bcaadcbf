/* Stand-in for Windows 10's bcryptprimitives.dll, which Wine 8 lacks, for running the Windows build
 * under Wine in scripts/platform-smoke.sh (test harness only, never shipped). Rust's standard library
 * imports ProcessPrng from it; this one fills the buffer from RtlGenRandom (advapi32's
 * SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG) length;
    if (!SystemFunction036(data, chunk)) {
      return FALSE;
    }
    data += chunk;
    length -= chunk;
  }
  return TRUE;
}
