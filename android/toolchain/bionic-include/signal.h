#ifndef TB_SIGNAL_H
#define TB_SIGNAL_H
/* Only NSIG and sigset_t: libunwind probes readability with a raw rt_sigprocmask system call. */
#if defined(__LP64__)
typedef struct { unsigned long __bits[1]; } sigset_t;
#else
typedef unsigned long sigset_t;
#endif
#define NSIG 65 /* the kernel's 64 signals + 1 */
#endif
