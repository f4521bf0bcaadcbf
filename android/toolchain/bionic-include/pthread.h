#ifndef TB_PTHREAD_H
#define TB_PTHREAD_H
#include "bionic_abi.h"
#define PTHREAD_RWLOCK_INITIALIZER {{0}}
TB_EXTERN_C_BEGIN
int pthread_rwlock_rdlock(pthread_rwlock_t *lock);
int pthread_rwlock_wrlock(pthread_rwlock_t *lock);
int pthread_rwlock_unlock(pthread_rwlock_t *lock);
TB_EXTERN_C_END
#endif
