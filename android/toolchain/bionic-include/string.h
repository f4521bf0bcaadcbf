#ifndef TB_STRING_H
#define TB_STRING_H
#include "bionic_abi.h"
TB_EXTERN_C_BEGIN
void *memcpy(void *destination, const void *source, size_t size);
void *memmove(void *destination, const void *source, size_t size);
void *memset(void *destination, int value, size_t size);
int strcmp(const char *a, const char *b);
size_t strlen(const char *text);
TB_EXTERN_C_END
#endif
