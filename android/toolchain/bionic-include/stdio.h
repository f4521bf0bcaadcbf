#ifndef TB_STDIO_H
#define TB_STDIO_H
#include <stdarg.h>
#include "bionic_abi.h"
TB_EXTERN_C_BEGIN
extern FILE __sF[3]; /* stdin, stdout, stderr before API 23 (the stderr variable is API 23+) */
int fprintf(FILE *stream, const char *format, ...);
int fflush(FILE *stream);
int snprintf(char *buffer, size_t size, const char *format, ...);
TB_EXTERN_C_END
#define stderr (&__sF[2])
#endif
