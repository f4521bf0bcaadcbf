#ifndef TB_ERRNO_H
#define TB_ERRNO_H
#include "bionic_abi.h"
TB_EXTERN_C_BEGIN
int *__errno(void);
TB_EXTERN_C_END
#define errno (*__errno())
#define EFAULT 14
#define EINVAL 22
#endif
