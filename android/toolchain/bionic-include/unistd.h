#ifndef TB_UNISTD_H
#define TB_UNISTD_H
#include "bionic_abi.h"
TB_EXTERN_C_BEGIN
long syscall(long number, ...);
TB_EXTERN_C_END
#endif
