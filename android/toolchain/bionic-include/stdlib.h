#ifndef TB_STDLIB_H
#define TB_STDLIB_H
#include "bionic_abi.h"
TB_EXTERN_C_BEGIN
void abort(void) __attribute__((noreturn));
void *malloc(size_t size);
void *calloc(size_t count, size_t size);
void free(void *pointer);
char *getenv(const char *name);
TB_EXTERN_C_END
#endif
