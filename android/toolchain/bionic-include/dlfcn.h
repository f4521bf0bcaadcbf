#ifndef TB_DLFCN_H
#define TB_DLFCN_H
#include "bionic_abi.h"
typedef struct {
  const char *dli_fname;
  void *dli_fbase;
  const char *dli_sname;
  void *dli_saddr;
} Dl_info;
TB_STATIC_ASSERT(sizeof(Dl_info) == 4 * sizeof(void *), "bionic Dl_info is four pointers");
TB_EXTERN_C_BEGIN
int dladdr(const void *address, Dl_info *info);
TB_EXTERN_C_END
#endif
