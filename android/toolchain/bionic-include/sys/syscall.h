#ifndef TB_SYS_SYSCALL_H
#define TB_SYS_SYSCALL_H
/* The one system call number libunwind uses (Linux's generic table, used by arm64). */
#if defined(__aarch64__)
#define SYS_rt_sigprocmask 135
#elif defined(__x86_64__)
#define SYS_rt_sigprocmask 14
#elif defined(__arm__)
#define SYS_rt_sigprocmask 175
#endif
#endif
