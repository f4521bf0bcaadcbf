/* Types shared by the headers in this directory, with the sizes bionic gives them. */
#ifndef TB_BIONIC_ABI_H
#define TB_BIONIC_ABI_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#define TB_EXTERN_C_BEGIN extern "C" {
#define TB_EXTERN_C_END }
#else
#define TB_EXTERN_C_BEGIN
#define TB_EXTERN_C_END
#endif

#ifdef __cplusplus
#define TB_STATIC_ASSERT static_assert
#else
#define TB_STATIC_ASSERT _Static_assert
#endif

/* FILE is opaque; before API 23 stdin/stdout/stderr are &__sF[0..2], so its size is ABI:
 * 84 bytes on 32-bit, 152 on 64-bit. */
typedef struct __sFILE {
#if defined(__LP64__)
  unsigned char __opaque[152];
#else
  unsigned char __opaque[84];
#endif
} FILE;

/* pthread_rwlock_t: 40 bytes on 32-bit, 56 on 64-bit; all-zero is PTHREAD_RWLOCK_INITIALIZER. */
typedef struct {
#if defined(__LP64__)
  int32_t __private[14];
#else
  int32_t __private[10];
#endif
} pthread_rwlock_t;

#if defined(__LP64__)
TB_STATIC_ASSERT(sizeof(FILE) == 152, "bionic FILE is 152 bytes on LP64");
TB_STATIC_ASSERT(sizeof(pthread_rwlock_t) == 56, "bionic pthread_rwlock_t is 56 bytes on LP64");
TB_STATIC_ASSERT(sizeof(long) == 8 && sizeof(void *) == 8, "LP64");
#else
TB_STATIC_ASSERT(sizeof(FILE) == 84, "bionic FILE is 84 bytes on ILP32");
TB_STATIC_ASSERT(sizeof(pthread_rwlock_t) == 40, "bionic pthread_rwlock_t is 40 bytes on ILP32");
TB_STATIC_ASSERT(sizeof(long) == 4 && sizeof(void *) == 4, "ILP32");
#endif
#endif
