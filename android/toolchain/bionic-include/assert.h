#include "bionic_abi.h"
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
TB_EXTERN_C_BEGIN
void __assert2(const char *file, int line, const char *function, const char *expression)
    __attribute__((noreturn));
TB_EXTERN_C_END
#define assert(e) ((e) ? (void)0 : __assert2(__FILE__, __LINE__, __func__, #e))
#endif
